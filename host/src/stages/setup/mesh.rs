//! This module owns an authored mesh of the setup skeleton (FORMAT.md §2.7.2,
//! §5.5): the parsed mesh's uvs, triangles, `hull` and `edges` (derived, or
//! stated and passed through) as the model's `MeshAttachment`, its geometry
//! with weights resolved to emitted bone indexes, `width`/`height` stated or
//! measured from the named PNG, and `path` by the rule regions follow.

use rigc_diag::codes;

use super::resolve::{region_name, sequence, setup_frame, vertices};
use super::MeshRef;
use crate::spec::rig::{AttachmentKind, AttachmentSpec, MeshSpec, RigSpec};
use crate::stages::measure::ImageInfo;
use rigc_diag::json::quote;
use rigc_diag::Diagnostic;
use rigc_sdk::model::{Attachment, MeshAttachment, Skeleton};
use std::collections::HashMap;

/// The model mesh of `m`, the attachment `e`; `None` when refused (an image
/// the build could not measure is refused once, by `skins::parts`).
pub(super) fn mesh(
    rig: &RigSpec,
    m: &MeshSpec,
    e: &AttachmentSpec,
    images: &HashMap<String, ImageInfo>,
    d: &mut rigc_diag::Diags,
) -> Option<MeshAttachment> {
    let measured = m.image.as_ref().and_then(|i| images.get(&i.value));
    if m.image.is_some() && measured.is_none() {
        return None;
    }
    let measured = measured.or_else(|| setup_frame(e, images));
    let width = m.width.or(measured.map(|i| i.width() as f64));
    let height = m.height.or(measured.map(|i| i.height() as f64));
    let (Some(width), Some(height)) = (width, height) else {
        d.push(
            Diagnostic::new(
                codes::SETUP_MESH_SIZE,
                format!(
                    "attachment {}: a mesh needs width and height — give them, or give an \"image\" and rigc will measure the PNG",
                    quote(&e.placeholder)
                ),
            )
            .at_without_value(e.loc.clone())
            .help("add \"image\": \"<part>.png\", or both \"width\" and \"height\""),
        );
        return None;
    };
    let path = m.path.clone().or_else(|| {
        let name = region_name(&m.image.as_ref()?.value);
        (name != e.placeholder).then_some(name)
    });
    Some(MeshAttachment {
        uvs: m.uvs.clone(),
        triangles: m.triangles.clone(),
        vertices: vertices(rig, &m.geometry, e, d)?,
        hull: m.hull,
        edges: m.edges.clone(),
        width,
        height,
        path,
        color: m.color.clone(),
        sequence: sequence(e),
    })
}

/// Every mesh attachment of `skeleton` (skins, slots and placeholders in its
/// order) with the `image` the rig gives it.
pub(super) fn refs(rig: &RigSpec, skeleton: &Skeleton) -> Vec<MeshRef> {
    let mut out = Vec::new();
    for skin in &skeleton.skins {
        for slot in &skin.attachments {
            for (placeholder, a) in &slot.entries {
                if !matches!(a, Attachment::Mesh(_)) {
                    continue;
                }
                let image = rig
                    .skins
                    .iter()
                    .filter(|s| s.name == skin.name)
                    .flat_map(|s| s.slots.iter().filter(|x| x.slot == slot.slot))
                    .flat_map(|x| x.entries.iter().filter(|e| &e.placeholder == placeholder))
                    .find_map(|e| match &e.kind {
                        AttachmentKind::Mesh(m) => Some(m.image.as_ref().map(|i| i.value.clone())),
                        AttachmentKind::Generated(g) => Some(Some(g.image.value.clone())),
                        _ => None,
                    })
                    .flatten();
                out.push(MeshRef {
                    skin: skin.name.clone(),
                    slot: slot.slot.clone(),
                    attachment: placeholder.clone(),
                    image,
                });
            }
        }
    }
    out
}
