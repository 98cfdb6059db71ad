//! This module owns the refusals by name of attachment constructs rigc's rig
//! format or Spine's has and this build does not compile yet: a `sequence`
//! block (FORMAT.md §2.7.8) — refused, never dropped. (A generator kind not
//! built yet is refused by `generator`.)

use rigc_diag::codes;

use rigc_diag::cursor::Node;

/// The refusal of a `sequence` block (`seq`) on a region or a mesh.
pub(super) fn sequence(seq: &Node, where_: &str) -> rigc_diag::Diagnostic {
    seq.not_implemented(
        codes::RIG_ATTACHMENT_SEQUENCE_NOT_IMPLEMENTED,
        format!(
            "{where_}: a \"sequence\" block is in the Spine 4.3 format and rigc does not compile it yet — its frames would need their own regions and timelines, so it is refused rather than dropped"
        ),
    )
    .help("remove \"sequence\" and give the attachment one image, or swap images with attachment keys")
}
