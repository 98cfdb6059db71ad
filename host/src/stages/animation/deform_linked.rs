//! This module owns what a deform timeline on a linked mesh keys (FORMAT.md
//! §2.7.7, SPINE43.md §6.4). A link with `"timelines": false` is its own
//! `timelineAttachment`, so its own deform keys play, over its source's vertex
//! array (`MeshAttachment.copy` shares the source's vertices, bones and
//! `worldVerticesLength`): [`own_array`] is that source mesh. A link with
//! `timelines` (the default) plays its source's deform keys
//! (`timelineAttachment = source`), so a timeline keyed on the link itself
//! matches nothing and never plays: that is refused by name, at the placeholder.

use rigc_diag::codes;

use rigc_diag::json::quote;
use rigc_diag::{Diagnostic, Loc};
use rigc_sdk::model::{Attachment, LinkedMeshAttachment, MeshAttachment, Skin};

/// The mesh whose vertex array the link `l` (in slot `slot`) deforms with its
/// own keys: its source, looked up in the link's `skin` (absent: the default
/// skin) and `slot` (absent: its own). `None` for a link that plays its
/// source's timelines, or a source that is not a mesh (refused by the rig).
pub(super) fn own_array<'a>(
    skins: &'a [Skin],
    l: &LinkedMeshAttachment,
    slot: &str,
) -> Option<&'a MeshAttachment> {
    if l.timelines != Some(false) {
        return None;
    }
    let skin = l.skin.as_deref().unwrap_or("default");
    let slot = l.slot.as_deref().unwrap_or(slot);
    let entries = skins
        .iter()
        .find(|s| s.name == skin)?
        .attachments
        .iter()
        .find(|s| s.slot == slot)?;
    match entries.entries.iter().find(|(p, _)| *p == l.source)? {
        (_, Attachment::Mesh(m)) => Some(m),
        _ => None,
    }
}

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
        format!("{at}: a deform timeline keys the linked mesh {link}, which says \"timelines\": false, and its source {source} is not a mesh this build emits, so there is no vertex array to key")
    } else {
        format!("{at}: a deform timeline keys the linked mesh {link}, and the runtime never plays it — a link with \"timelines\" (the default) plays its source {source}'s deform keys, so a timeline on the link matches nothing")
    };
    Diagnostic::new(codes::MOTION_DEFORM_LINKED_MESH, message)
        .at(loc.clone())
        .help(format!("key the source {source} instead: its deform keys move every link that plays its timelines"))
}
