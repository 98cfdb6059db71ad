//! This module owns the `"emit"` stage's payloads: the compiled model and its
//! atlas pages in ([`EmitCall`], generic over the model's types, which
//! `rigc-sdk` names), the files' texts out ([`EmitReply`]).

use serde::{Deserialize, Serialize};

/// The input of an `"emit"` call: `Skeleton` is the compiled model and `Page`
/// an atlas page as the host laid it out (`rigc_sdk::model::Skeleton` and
/// `rigc_sdk::emit::atlas::AtlasPage`; `rigc_sdk::abi::EmitCall` names the
/// pair). The JSON is the same whatever types read it.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct EmitCall<Skeleton, Page> {
    /// Which of the plugin's emitters.
    pub emitter: String,
    /// The compiled skeleton.
    pub skeleton: Skeleton,
    /// The atlas pages.
    pub atlas: Vec<Page>,
    /// The plugin's configuration (`null` when none).
    #[serde(default)]
    pub config: serde_json::Value,
}

/// One file of an `"emit"` reply.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EmittedFile {
    /// File name inside `--out`.
    pub name: String,
    /// Its text.
    pub text: String,
}

/// The reply of an `"emit"` call.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EmitReply {
    /// The files, in the order the emitter declares them.
    pub files: Vec<EmittedFile>,
}
