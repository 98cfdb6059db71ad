//! This module owns the `bones` section: every bone of the emitted skeleton
//! with its resolved parent and its setup position (Spine's world: y up).

use super::text;
use serde::Serialize;
use serde_json::Value;

/// One bone.
#[derive(Debug, Serialize)]
pub struct Bone {
    /// Its name.
    pub name: String,
    /// Its parent's name (`None`: a root).
    pub parent: Option<String>,
    /// Setup `x`, as written (0 when absent).
    pub x: String,
    /// Setup `y`, as written (0 when absent).
    pub y: String,
    /// Setup `rotation`, when written.
    pub rotation: Option<String>,
}

/// Every bone of `skeleton`, in its order.
pub fn of(skeleton: &Value) -> Vec<Bone> {
    text::items(skeleton.get("bones"))
        .iter()
        .map(|b| Bone {
            name: text::field(b, "name", ""),
            parent: text::string(b, "parent").map(str::to_string),
            x: text::field(b, "x", "0"),
            y: text::field(b, "y", "0"),
            rotation: b.get("rotation").map(text::value),
        })
        .collect()
}

/// `bones  (spine world: y up)` and one line a bone.
pub fn lines(bones: &[Bone]) -> Vec<String> {
    let mut out = vec!["bones  (spine world: y up)".to_string()];
    for b in bones {
        let parent = b.parent.as_deref().unwrap_or("-");
        let mut line = format!("  {:<12} parent={parent:<10} x={} y={}", b.name, b.x, b.y);
        if let Some(r) = &b.rotation {
            line.push_str(&format!("  rotation={r}"));
        }
        out.push(line);
    }
    out
}
