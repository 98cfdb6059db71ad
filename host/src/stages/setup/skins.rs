//! This module owns the skins of the setup skeleton and the part list: `default`
//! first (always present), then the declared skins; each skin's slots in rig
//! slot order and placeholders in declaration order; regions measured from their
//! PNGs (rule R5: size from the PNG unless stated, region name = the PNG's
//! basename, `path` written when that differs from the placeholder); and one
//! part per distinct region, refusing two files that share a basename. An
//! authored mesh is built by `mesh`; what both read is in `resolve`.

use rigc_diag::codes;

use super::resolve::{region_name, sequence, setup_frame, vertices};
use super::Part;
use crate::spec::rig::{AttachmentKind, AttachmentSpec, RegionSpec, RigSpec, SkinSpec};
use crate::stages::measure::ImageInfo;
use rigc_diag::json::quote;
use rigc_diag::Diagnostic;
use rigc_sdk::model::{
    Attachment, BoundingBoxAttachment, ClippingAttachment, LinkedMeshAttachment, PathAttachment,
    RegionAttachment, Skin, SkinSlot,
};
use std::collections::HashMap;

/// One part per distinct region, in first-use order; refuses an image the
/// caller did not measure, and two different files with one basename.
pub(super) fn parts(
    rig: &RigSpec,
    images: &HashMap<String, ImageInfo>,
    d: &mut rigc_diag::Diags,
) -> Vec<Part> {
    let mut out: Vec<Part> = Vec::new();
    let mut first_use: HashMap<String, rigc_diag::Loc> = HashMap::new();
    let mut reported: Vec<(String, String)> = Vec::new();
    for (value, loc) in rig.image_refs() {
        let Some(info) = images.get(&value) else {
            d.push(
                Diagnostic::new(
                    codes::SETUP_IMAGE_UNMEASURED,
                    format!("image {} was not measured: the build has no PNG for it", quote(&value)),
                )
                .at(loc)
                .help("this is a compiler bug if the file exists — every image the rig names is measured before the setup stage"),
            );
            continue;
        };
        let region = region_name(&value);
        match out.iter().find(|p| p.region == region) {
            Some(p) if p.image.path == info.path => {}
            Some(p) => {
                if !reported.contains(&(region.clone(), value.clone())) {
                    reported.push((region.clone(), value.clone()));
                    let mut diag = Diagnostic::new(
                        codes::SETUP_DUPLICATE_REGION,
                        format!(
                            "duplicate region name {} ({}): {} and {} are two different files with one basename — one part, one page, one name",
                            quote(&region),
                            info.path.display(),
                            p.image.path.display(),
                            info.path.display()
                        ),
                    )
                    .at(loc)
                    .help("rename one of the PNGs so every part has its own basename");
                    if let Some(first) = first_use.get(&region) {
                        diag = diag.related("the first file with that name", first.clone());
                    }
                    d.push(diag);
                }
            }
            None => {
                first_use.insert(region.clone(), loc);
                out.push(Part {
                    region,
                    image: info.clone(),
                });
            }
        }
    }
    out
}

/// The skins, `default` first.
pub(super) fn skins(
    rig: &RigSpec,
    images: &HashMap<String, ImageInfo>,
    generated: &super::Made,
    d: &mut rigc_diag::Diags,
) -> Vec<Skin> {
    let mut out = Vec::new();
    match rig.skins.iter().find(|s| s.name == "default") {
        Some(s) => out.push(skin(rig, s, images, generated, d)),
        None => out.push(Skin {
            name: "default".into(),
            ..Skin::default()
        }),
    }
    for s in rig.skins.iter().filter(|s| s.name != "default") {
        out.push(skin(rig, s, images, generated, d));
    }
    out
}

/// One skin: member lists as declared, slots in rig slot order.
fn skin(
    rig: &RigSpec,
    s: &SkinSpec,
    images: &HashMap<String, ImageInfo>,
    generated: &super::Made,
    d: &mut rigc_diag::Diags,
) -> Skin {
    let names =
        |v: &[crate::spec::rig::At<String>]| v.iter().map(|a| a.value.clone()).collect::<Vec<_>>();
    let mut out = Skin {
        name: s.name.clone(),
        bones: names(&s.bones),
        ik: names(&s.ik),
        transform: names(&s.transform),
        physics: names(&s.physics),
        path: names(&s.path),
        slider: names(&s.slider),
        ..Skin::default()
    };
    for slot in &rig.slots {
        let Some(filled) = s.slots.iter().find(|x| x.slot == slot.name) else {
            continue;
        };
        let entries = filled
            .entries
            .iter()
            .filter_map(|e| {
                let cx = Place {
                    skin: &s.name,
                    slot: &slot.name,
                };
                attachment(rig, e, images, generated, &cx, d).map(|a| (e.placeholder.clone(), a))
            })
            .collect();
        out.attachments.push(SkinSlot {
            slot: slot.name.clone(),
            entries,
        });
    }
    out
}

/// One attachment of the model.
/// Which skin and slot an attachment is in.
struct Place<'a> {
    skin: &'a str,
    slot: &'a str,
}

fn attachment(
    rig: &RigSpec,
    e: &AttachmentSpec,
    images: &HashMap<String, ImageInfo>,
    generated: &super::Made,
    cx: &Place<'_>,
    d: &mut rigc_diag::Diags,
) -> Option<Attachment> {
    match &e.kind {
        AttachmentKind::Region(r) => region(r, e, images, d).map(Attachment::Region),
        AttachmentKind::Point(p) => Some(Attachment::Point(p.clone())),
        AttachmentKind::BoundingBox(b) => Some(Attachment::BoundingBox(BoundingBoxAttachment {
            vertex_count: b.vertex_count,
            vertices: vertices(rig, &b.geometry, e, d)?,
            color: b.color.clone(),
        })),
        AttachmentKind::Mesh(m) => super::mesh::mesh(rig, m, e, images, d).map(Attachment::Mesh),
        AttachmentKind::Clipping(c) => Some(Attachment::Clipping(ClippingAttachment {
            end: c.end.as_ref().map(|s| s.value.clone()),
            convex: c.convex,
            inverse: c.inverse,
            vertex_count: c.vertex_count,
            vertices: vertices(rig, &c.geometry, e, d)?,
            color: c.color.clone(),
        })),
        AttachmentKind::LinkedMesh(l) => {
            if l.image
                .as_ref()
                .is_some_and(|i| !images.contains_key(&i.value))
            {
                return None; // refused once, by `parts`
            }
            Some(Attachment::LinkedMesh(LinkedMeshAttachment {
                source: l.source.value.clone(),
                skin: l.skin.as_ref().map(|s| s.value.clone()),
                slot: l.slot.as_ref().map(|s| s.value.clone()),
                timelines: l.timelines,
                path: l.path.clone().or_else(|| {
                    let name = region_name(&l.image.as_ref()?.value);
                    (name != e.placeholder).then_some(name)
                }),
                width: l.width,
                height: l.height,
                color: l.color.clone(),
                sequence: sequence(e),
            }))
        }
        AttachmentKind::Path(p) => Some(Attachment::Path(PathAttachment {
            closed: p.closed,
            constant_speed: p.constant_speed,
            vertex_count: p.vertex_count,
            vertices: vertices(rig, &p.geometry, e, d)?,
            lengths: Vec::new(), // measured in the setup pose by `path`
            color: p.color.clone(),
        })),
        AttachmentKind::Generated(g) => {
            let made = generated.get(&format!("{}/{}/{}", cx.skin, cx.slot, e.placeholder))?;
            let slot_bone = rig.slots.iter().find(|s| s.name == cx.slot)?.bone.as_str();
            super::generated::mesh(rig, g, e, slot_bone, made, d).map(Attachment::Mesh)
        }
    }
}

/// A region: stated size wins, else the PNG's; `path` stated, else the PNG's
/// basename when it differs from the placeholder.
fn region(
    r: &RegionSpec,
    e: &AttachmentSpec,
    images: &HashMap<String, ImageInfo>,
    d: &mut rigc_diag::Diags,
) -> Option<RegionAttachment> {
    let measured = r.image.as_ref().and_then(|i| images.get(&i.value));
    if r.image.is_some() && measured.is_none() {
        return None; // refused once, by `parts`
    }
    let measured = measured.or_else(|| setup_frame(e, images));
    let width = r.width.or(measured.map(|m| m.width() as f64));
    let height = r.height.or(measured.map(|m| m.height() as f64));
    let (Some(width), Some(height)) = (width, height) else {
        d.push(
            Diagnostic::new(
                codes::SETUP_REGION_SIZE,
                format!(
                    "attachment {}: a region needs width and height — give them, or give an \"image\" and rigc will measure the PNG",
                    quote(&e.placeholder)
                ),
            )
            .at_without_value(e.loc.clone())
            .help("add \"image\": \"<part>.png\", or both \"width\" and \"height\""),
        );
        return None;
    };
    let path = r.path.clone().or_else(|| {
        let name = region_name(&r.image.as_ref()?.value);
        (name != e.placeholder).then_some(name)
    });
    Some(RegionAttachment {
        width,
        height,
        path,
        x: r.x,
        y: r.y,
        rotation: r.rotation,
        scale_x: r.scale_x,
        scale_y: r.scale_y,
        color: r.color.clone(),
        sequence: sequence(e),
    })
}
