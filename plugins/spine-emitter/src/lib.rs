//! `rigc-spine-emitter`: the emitter plugin that writes what Spine 4.3 runtimes
//! and the editor read — `skeleton.json` (the compiled model in the object and
//! key order of FORMAT.md §5, numbers as float32 shortest text) and
//! `skeleton.atlas` (one page per part). The writers themselves live in
//! `rigc_sdk::emit`; this crate puts them behind the plugin ABI.
//!
//! It owns nothing else: no gate, no file system (the host writes the files).
//!
//! ```
//! use rigc_sdk::abi::Plugin;
//! let m = rigc_spine_emitter::SpineEmitter::manifest();
//! assert_eq!(m.emitters[0].files, ["skeleton.json", "skeleton.atlas"]);
//! ```
#![deny(missing_docs)]

use rigc_sdk::abi::{EmitReply, EmittedFile, EmitterDecl, Manifest, Plugin, ABI_VERSION};
use rigc_sdk::emit::EmitCall;

/// The emitter's name in manifests and `rigc.toml`.
pub const EMITTER: &str = "spine";

/// The Spine JSON + atlas emitter.
pub struct SpineEmitter;

/// Writes `call`'s skeleton and atlas.
pub fn emit(call: &EmitCall) -> EmitReply {
    EmitReply {
        files: vec![
            EmittedFile {
                name: "skeleton.json".into(),
                text: rigc_sdk::emit::spine_json::to_string(&call.skeleton),
            },
            EmittedFile {
                name: "skeleton.atlas".into(),
                text: rigc_sdk::emit::atlas::to_string(&call.atlas),
            },
        ],
    }
}

impl Plugin for SpineEmitter {
    fn manifest() -> Manifest {
        Manifest {
            name: "rigc-spine-emitter".into(),
            version: env!("CARGO_PKG_VERSION").into(),
            abi: ABI_VERSION,
            rules: Vec::new(),
            deform_kinds: Vec::new(),
            emitters: vec![EmitterDecl {
                name: EMITTER.into(),
                files: vec!["skeleton.json".into(), "skeleton.atlas".into()],
            }],
            features: Vec::new(),
        }
    }

    fn call(stage: &str, input: &[u8]) -> Result<Vec<u8>, String> {
        if stage != "emit" {
            return Err(format!(
                "rigc-spine-emitter answers the \"emit\" stage, not {stage:?}"
            ));
        }
        let call: EmitCall = serde_json::from_slice(input)
            .map_err(|e| format!("the emit input is not valid: {e}"))?;
        if call.emitter != EMITTER {
            return Err(format!(
                "rigc-spine-emitter provides the emitter {EMITTER:?}, not {:?}",
                call.emitter
            ));
        }
        serde_json::to_vec(&emit(&call)).map_err(|e| e.to_string())
    }
}

rigc_sdk::plugin_table!(SpineEmitter);
