//! This module owns the manifest: what a plugin says about itself before
//! anything else is called — its name, version and ABI, the rules, deform
//! kinds and emitters it provides, and optional features (a host ignores a
//! feature name it does not know, so a new capability never breaks an old
//! plugin).

use crate::gate::RuleKind;
use serde::{Deserialize, Serialize};

/// What a plugin declares about itself.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Manifest {
    /// The plugin's name (unique among loaded plugins).
    pub name: String,
    /// The plugin's own version.
    pub version: String,
    /// The ABI major version it speaks.
    pub abi: u32,
    /// Assertion rules it provides, in run order.
    #[serde(default)]
    pub rules: Vec<RuleDecl>,
    /// Deform kinds it provides.
    #[serde(default)]
    pub deform_kinds: Vec<DeformKindDecl>,
    /// Emitters it provides.
    #[serde(default)]
    pub emitters: Vec<EmitterDecl>,
    /// Optional capabilities; a host ignores names it does not know.
    #[serde(default)]
    pub features: Vec<String>,
}

/// A rule a plugin provides.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RuleDecl {
    /// The assertion code.
    pub code: String,
    /// Its kind.
    pub kind: RuleKind,
}

/// A deform kind a plugin provides.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DeformKindDecl {
    /// The kind's name (`yaw`, `wave`, …).
    pub name: String,
    /// Its parameter names.
    #[serde(default)]
    pub params: Vec<String>,
}

/// An emitter a plugin provides.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EmitterDecl {
    /// The emitter's name.
    pub name: String,
    /// The files it writes into `--out`.
    pub files: Vec<String>,
}
