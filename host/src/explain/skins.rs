//! This module owns the `skin members` section: each skin that names bones or
//! constraints as its own (skin-required members), as the emitted skeleton
//! lists them.

use super::text;
use serde::Serialize;
use serde_json::Value;

/// One skin's members.
#[derive(Debug, Serialize)]
pub struct SkinMembers {
    /// The skin.
    pub skin: String,
    /// Its bones.
    pub bones: Vec<String>,
    /// Its constraints (ik, transform, path, physics, slider).
    pub constraints: Vec<String>,
}

/// The constraint lists a skin may hold.
const CONSTRAINT_LISTS: [&str; 5] = ["ik", "transform", "path", "physics", "slider"];

/// Every skin of `skeleton` that names a member.
pub fn of(skeleton: &Value) -> Vec<SkinMembers> {
    let names =
        |v: Option<&Value>| -> Vec<String> { text::items(v).iter().map(text::value).collect() };
    text::items(skeleton.get("skins"))
        .iter()
        .map(|s| SkinMembers {
            skin: text::field(s, "name", ""),
            bones: names(s.get("bones")),
            constraints: CONSTRAINT_LISTS
                .iter()
                .flat_map(|k| names(s.get(*k)))
                .collect(),
        })
        .filter(|m| !m.bones.is_empty() || !m.constraints.is_empty())
        .collect()
}

/// `skin members` and one line a skin.
pub fn lines(skins: &[SkinMembers]) -> Vec<String> {
    let mut out = vec!["skin members".to_string()];
    if skins.is_empty() {
        out.push("  ..    none: no skin names a bone or constraint of its own".to_string());
    }
    for s in skins {
        out.push(format!(
            "  {:<12} bones={} constraints={}",
            s.skin,
            text::list(&s.bones),
            text::list(&s.constraints)
        ));
    }
    out
}
