//! This module owns the `physics constraints` section: each physics
//! constraint's `PHYS` line (FORMAT.md §6.1) — its bone, the components it
//! moves (the `x`, `y`, `rotate`, `scaleX`, `shearX` it states non-zero) and
//! its mix.

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
}

/// Every physics constraint of `skeleton`.
pub fn of(skeleton: &Value) -> Vec<Physics> {
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
            "  PHYS  {:<12} bone={:<14} components={} mix={}",
            p.name,
            p.bone,
            text::list(&p.components),
            p.mix
        ));
    }
    out
}
