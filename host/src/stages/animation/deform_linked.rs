//! This module owns the refusal of a deform timeline that keys a linked mesh
//! (FORMAT.md §2.7.7, SPINE43.md §6.4). A link with `timelines` (the default)
//! plays its source's deform keys (`timelineAttachment = source`), so a
//! timeline keyed on the link itself matches nothing and never plays; a link
//! with `"timelines": false` plays its own, over its source's vertex array,
//! which this build does not key (A35 cannot measure a link's array either).
//! Both are refused by name, at the placeholder.

use rigc_diag::codes;

use rigc_diag::json::quote;
use rigc_diag::{Diagnostic, Loc};
use rigc_sdk::model::LinkedMeshAttachment;

/// The refusal of a deform timeline (`at`: `animation "A" deform s/x/p`) on
/// the linked mesh `l`, placeholder `placeholder`, named at `loc`.
pub(super) fn refusal(
    at: &str,
    placeholder: &str,
    l: &LinkedMeshAttachment,
    loc: &Loc,
) -> Diagnostic {
    let source = quote(&l.source);
    let link = quote(placeholder);
    let message = if l.timelines == Some(false) {
        format!("{at}: a deform timeline keys the linked mesh {link}, which says \"timelines\": false — it would play keys of its own over its source {source}'s vertex array, and rigc does not key a link's own deform yet")
    } else {
        format!("{at}: a deform timeline keys the linked mesh {link}, and the runtime never plays it — a link with \"timelines\" (the default) plays its source {source}'s deform keys, so a timeline on the link matches nothing")
    };
    Diagnostic::new(codes::MOTION_DEFORM_LINKED_MESH, message)
        .at(loc.clone())
        .help(format!("key the source {source} instead: its deform keys move every link that plays its timelines"))
}
