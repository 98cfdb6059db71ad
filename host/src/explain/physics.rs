//! This module owns the `physics constraints` section: each physics
//! constraint's `PHYS` line (FORMAT.md §6.1) — its bone, the components it
//! moves (the `x`, `y`, `rotate`, `scaleX`, `shearX` it states non-zero), its
//! mix, and the note that it drives a mesh when its bone is a mesh bone (a mesh
//! attachment's slot bone or one of its weight bones, as A23 counts them).

use super::text;
use serde::Serialize;
use serde_json::Value;

/// The components a physics constraint can move, in the line's order.
const COMPONENTS: [&str; 5] = ["x", "y", "rotate", "scaleX", "shearX"];

/// One physics constraint.
#[derive(Debug, Serialize)]
pub struct Physics {
    /// Its name.
    pub name: String,
    /// Its bone.
    pub bone: String,
    /// The components it moves.
    pub components: Vec<String>,
    /// Its mix, as written (1 when absent).
    pub mix: String,
    /// Does its bone drive a mesh?
    pub drives_mesh: bool,
}

/// The note of a constraint whose bone drives a mesh (CLI.md §3).
const MESH_NOTE: &str = "  <- drives a mesh: its canvas re-rasterises while the spring settles";

/// The names of every bone a mesh attachment of `skeleton` is drawn by: its
/// slot's bone, and each bone its weighted vertices name.
fn mesh_bones(skeleton: &Value) -> Vec<String> {
    let bones = text::items(skeleton.get("bones"));
    let bone_name = |i: usize| bones.get(i).and_then(|b| text::string(b, "name"));
    let slots = text::items(skeleton.get("slots"));
    let mut out: Vec<String> = Vec::new();
    for skin in text::items(skeleton.get("skins")) {
        for (slot, placeholders) in text::entries(skin.get("attachments")) {
            for (_, a) in text::entries(Some(placeholders)) {
                if text::string(a, "type") != Some("mesh") {
                    continue;
                }
                let slot_bone = slots
                    .iter()
                    .find(|s| text::string(s, "name") == Some(slot))
                    .and_then(|s| text::string(s, "bone"));
                out.extend(slot_bone.map(str::to_string));
                let v = text::items(a.get("vertices"));
                if v.len() <= text::items(a.get("uvs")).len() {
                    continue;
                }
                let mut i = 0;
                while let Some(n) = v.get(i).and_then(Value::as_u64) {
                    for j in 0..n as usize {
                        let b = v.get(i + 1 + 4 * j).and_then(Value::as_u64);
                        out.extend(b.and_then(|b| bone_name(b as usize)).map(str::to_string));
                    }
                    i += 1 + 4 * n as usize;
                }
            }
        }
    }
    out
}

/// Every physics constraint of `skeleton`.
pub fn of(skeleton: &Value) -> Vec<Physics> {
    let mesh_bones = mesh_bones(skeleton);
    text::items(skeleton.get("constraints"))
        .iter()
        .filter(|c| text::string(c, "type") == Some("physics"))
        .map(|c| Physics {
            name: text::field(c, "name", ""),
            bone: text::field(c, "bone", ""),
            components: COMPONENTS
                .iter()
                .filter(|k| text::number(c, k, 0.0) != 0.0)
                .map(|k| k.to_string())
                .collect(),
            mix: text::field(c, "mix", "1"),
            drives_mesh: text::string(c, "bone").is_some_and(|b| mesh_bones.iter().any(|m| m == b)),
        })
        .collect()
}

/// `physics constraints` and one `PHYS` line each.
pub fn lines(physics: &[Physics]) -> Vec<String> {
    let mut out = vec!["physics constraints".to_string()];
    if physics.is_empty() {
        out.push("  ..    none".to_string());
    }
    for p in physics {
        out.push(format!(
            "  PHYS  {:<12} bone={:<14} components={} mix={}{}",
            p.name,
            p.bone,
            text::list(&p.components),
            p.mix,
            if p.drives_mesh { MESH_NOTE } else { "" }
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_constraint_on_a_mesh_bone_notes_that_it_drives_a_mesh() {
        // `w` weights the mesh's vertices (weighted: 2 vertices, bone indices 2
        // and 1), `s` is its slot's bone, `free` draws nothing.
        let v = json!({
            "bones": [ { "name": "root" }, { "name": "s" }, { "name": "w" }, { "name": "free" } ],
            "slots": [ { "name": "m", "bone": "s" } ],
            "skins": [ { "name": "default", "attachments": { "m": { "m": {
                "type": "mesh", "uvs": [0, 0, 1, 1],
                "vertices": [1, 2, 0, 0, 1, 2, 1, 5, 5, 0.5, 2, 5, 5, 0.5]
            } } } } ],
            "constraints": [
                { "type": "physics", "name": "a", "bone": "w", "rotate": 1 },
                { "type": "physics", "name": "b", "bone": "s", "x": 1 },
                { "type": "physics", "name": "c", "bone": "free", "y": 1 }
            ]
        });
        assert_eq!(
            lines(&of(&v)),
            [
                "physics constraints",
                "  PHYS  a            bone=w              components=[rotate] mix=1  <- drives a mesh: its canvas re-rasterises while the spring settles",
                "  PHYS  b            bone=s              components=[x] mix=1  <- drives a mesh: its canvas re-rasterises while the spring settles",
                "  PHYS  c            bone=free           components=[y] mix=1",
            ]
        );
    }
}
