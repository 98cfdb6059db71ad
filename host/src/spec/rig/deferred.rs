//! This module owns the refusals by name of attachment constructs rigc's rig
//! format or Spine's has and this build does not compile yet: a mesh
//! `generator` (FORMAT.md §2.7.3) — refused, never dropped.

use rigc_diag::codes;

use super::read::q;
use rigc_diag::cursor::Node;

/// The refusal of a mesh `generator` (`g`): generated meshes are not built.
pub(super) fn generator(g: &Node, where_: &str) -> rigc_diag::Diagnostic {
    let kind = g.get("kind").and_then(|k| k.as_str().map(q));
    let kind = kind.map(|k| format!(" (kind {k})")).unwrap_or_default();
    g.not_implemented(
        codes::RIG_ATTACHMENT_GENERATOR_NOT_IMPLEMENTED,
        format!(
            "{where_}: a mesh \"generator\"{kind} is in rigc's rig format and rigc does not compile it yet — generated meshes are not built, so this attachment is refused rather than dropped"
        ),
    )
    .help("give this slot a region attachment (an \"image\") or authored uvs/triangles/vertices until generated meshes are built")
}
