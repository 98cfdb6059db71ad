//! This module owns the facts rules read: the gate input plus the views of it that
//! several rules share (the skeleton text as JSON, the atlas as the runtime reads
//! it, the skeleton as our Spine 4.3 reader loads it), each computed once, on first
//! use.

use super::GateInput;
use std::sync::OnceLock;

/// The gate input and its shared, lazily computed views.
pub struct Facts<'a> {
    /// What the gate was handed.
    pub input: &'a GateInput,
    raw: OnceLock<Result<serde_json::Value, String>>,
}

impl<'a> Facts<'a> {
    /// Facts over `input`.
    pub fn new(input: &'a GateInput) -> Self {
        Facts {
            input,
            raw: OnceLock::new(),
        }
    }

    /// The skeleton text parsed as plain JSON (`JSON.parse`), or the parse error.
    pub fn raw(&self) -> Result<&serde_json::Value, &str> {
        self.raw
            .get_or_init(|| {
                serde_json::from_str(&self.input.skeleton_text).map_err(|e| e.to_string())
            })
            .as_ref()
            .map_err(|e| e.as_str())
    }

    /// The rig info, when the gate has one.
    pub fn rig(&self) -> Option<&super::RigInfo> {
        self.input.rig.as_ref()
    }
}
