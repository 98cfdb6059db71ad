//! This module owns the byte-level writers of rigc's artifacts: `skeleton.json`
//! (Spine 4.3 JSON) and `skeleton.atlas` (Spine text atlas).

pub mod atlas;
pub mod json_text;
pub mod spine_json;

/// The input of an `"emit"` call, with the model's types filled in: the
/// compiled skeleton and its atlas pages.
pub type EmitCall = crate::abi::EmitCall<crate::model::Skeleton, atlas::AtlasPage>;
