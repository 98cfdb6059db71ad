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
use rigc_sdk::emit::spine_json::Unwritable;
use rigc_sdk::emit::EmitCall;

/// The emitter's name in manifests and `rigc.toml`.
pub const EMITTER: &str = "spine";

/// The Spine JSON + atlas emitter.
pub struct SpineEmitter;

/// Writes `call`'s skeleton and atlas, or refuses a skeleton holding a number
/// a float32 cannot hold (never writing it as `null`).
pub fn emit(call: &EmitCall) -> Result<EmitReply, Unwritable> {
    Ok(EmitReply {
        files: vec![
            EmittedFile {
                name: "skeleton.json".into(),
                text: rigc_sdk::emit::spine_json::to_string(&call.skeleton)?,
            },
            EmittedFile {
                name: "skeleton.atlas".into(),
                text: rigc_sdk::emit::atlas::to_string(&call.atlas),
            },
        ],
    })
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
        let reply = emit(&call).map_err(|e| format!("cannot write skeleton.json: {e}"))?;
        serde_json::to_vec(&reply).map_err(|e| e.to_string())
    }
}

rigc_sdk::plugin_table!(SpineEmitter);

#[cfg(test)]
mod tests {
    use super::*;
    use rigc_sdk::model::{Bone, Header, Skeleton};

    /// A model crosses the ABI as JSON, which carries 1e39 (it is finite): the
    /// emitter refuses it by where it would be written instead of writing `null`.
    #[test]
    fn a_number_beyond_float32_is_refused_across_the_abi() {
        let call = |x: f64| {
            let skeleton = Skeleton {
                header: Header::default(),
                bones: vec![Bone {
                    name: "root".into(),
                    x: Some(x),
                    ..Bone::default()
                }],
                slots: Vec::new(),
                skins: Vec::new(),
                events: Vec::new(),
                animations: Vec::new(),
                constraints: Vec::new(),
            };
            let input = serde_json::to_vec(&EmitCall {
                emitter: EMITTER.into(),
                skeleton,
                atlas: Vec::new(),
                config: serde_json::Value::Null,
            })
            .expect("the call encodes");
            SpineEmitter::call("emit", &input)
        };
        let e = call(1e39).expect_err("refused");
        assert!(
            e.starts_with("cannot write skeleton.json: the number 1e+39 at /bones/0/x is not one a float32 holds"),
            "{e}"
        );
        let reply: EmitReply = serde_json::from_slice(&call(3.4e38).expect("a float32")).unwrap();
        assert!(
            reply.files[0].text.contains("\"x\": 3.4e+38"),
            "{}",
            reply.files[0].text
        );
    }
}
