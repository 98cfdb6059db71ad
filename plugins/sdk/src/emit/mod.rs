//! This module owns the byte-level writers of rigc's artifacts: `skeleton.json`
//! (Spine 4.3 JSON) and `skeleton.atlas` (Spine text atlas).

pub mod atlas;
pub mod json_text;
pub mod spine_json;
