//! This module owns a generated mesh of the setup skeleton (FORMAT.md §2.7.3,
//! §2.7.5): the meshgen stage's mesh (part pixels) as the model's
//! `MeshAttachment` — uvs `x/w, y/h`; vertices by the no-manifest placement
//! rule, the part window centred on the slot bone (`px − w/2, h/2 − py` in its
//! space), each vertex pinned to the slot bone at weight 1 (a weighted run of
//! one binding, as A20/A21 hold a generated mesh); with a soft mask, a vertex
//! is shared between the slot bone (`1 − w`) and the soft bone (`w`, at its
//! bind position in that bone's setup space), a zero weight left out. The
//! bone-driven kinds weigh their own vertices: a ring by its controls
//! (`ring`), a ribbon's rows by its chain (`ribbon`), a segments lattice by
//! its bones (`segments`). `hull` and `edges` are derived from the triangles.

use rigc_diag::codes;

use super::resolve::{r6, region_name};
use crate::spec::rig::{AttachmentSpec, GeneratedSpec, GeneratorKind, RigSpec};
use crate::stages::meshgen::Generated;
use rigc_diag::json::quote;
use rigc_diag::Diagnostic;
use rigc_sdk::mesh::topology;
use rigc_sdk::model::{MeshAttachment, Vertices, WeightedBinding};

/// The model mesh of the generated attachment `e` (`g` its spec, `made` the
/// meshgen stage's output, `slot_bone` its slot's bone); `None` when refused.
pub(super) fn mesh(
    rig: &RigSpec,
    g: &GeneratedSpec,
    e: &AttachmentSpec,
    slot_bone: &str,
    made: &Generated,
    d: &mut rigc_diag::Diags,
) -> Option<MeshAttachment> {
    let [w, h] = made.size.map(f64::from);
    let m = &made.mesh;
    let n = m.points.len();
    let place = |p: &[f64; 2]| [p[0] - w / 2.0, h / 2.0 - p[1]];
    let uvs = m
        .points
        .iter()
        .flat_map(|p| [r6(p[0] / w.max(1.0)), r6(p[1] / h.max(1.0))])
        .collect();
    let bone_index = |name: &str| rig.bones.iter().position(|b| b.bone.name == name);
    let slot_i = bone_index(slot_bone)? as u32;
    let pin = |x: f64, y: f64| WeightedBinding {
        bone: slot_i,
        x: r6(x),
        y: r6(y),
        weight: 1.0,
    };
    let vertices = match (&g.generator.kind, &made.soft) {
        (GeneratorKind::Ring(r), _) => super::ring::vertices(rig, r, g, e, slot_bone, made, d)?,
        (GeneratorKind::Ribbon(_), _) => super::ribbon::vertices(rig, g, e, slot_bone, made, d)?,
        (GeneratorKind::Segments(p), _) => {
            let placed: Vec<[f64; 2]> = m.points.iter().map(place).collect();
            Vertices::Weighted(super::segments::vertices(
                rig, p, g, e, slot_bone, &placed, d,
            )?)
        }
        (_, None) => Vertices::Weighted(
            m.points
                .iter()
                .map(|p| {
                    let [x, y] = place(p);
                    vec![pin(x, y)]
                })
                .collect(),
        ),
        (_, Some(soft)) => {
            let soft_i = bone_index(&soft.bone)? as u32;
            let loc = g
                .generator
                .soft
                .as_ref()
                .map_or_else(|| g.generator.loc.clone(), |s| s.bone.loc.clone());
            if soft.bone == slot_bone {
                d.push(
                    Diagnostic::new(
                        codes::MESHGEN_SOFT_BONE,
                        format!(
                            "attachment {}: soft names bone {}, the slot's own bone, so it moves nothing — a soft region needs a bone that can move independently",
                            quote(&e.placeholder),
                            quote(&soft.bone)
                        ),
                    )
                    .at(loc)
                    .help("name a child of the slot's bone (a physics constraint then swings it)"),
                );
                return None;
            }
            let Some(inv) = bind(rig, slot_bone, &soft.bone) else {
                d.push(
                    Diagnostic::new(
                        codes::MESHGEN_SOFT_BONE,
                        format!(
                            "attachment {}: soft names bone {}, which does not hang under the slot's bone {} through bones that inherit normally — this build binds a soft region only to a bone it can place in the slot bone's setup space",
                            quote(&e.placeholder),
                            quote(&soft.bone),
                            quote(slot_bone)
                        ),
                    )
                    .at(loc)
                    .help("make the soft bone a descendant of the slot's bone (a physics constraint then swings it)"),
                );
                return None;
            };
            Vertices::Weighted(
                m.points
                    .iter()
                    .zip(&soft.soft.weights)
                    .map(|(p, &wt)| {
                        let [x, y] = place(p);
                        let [bx, by] = inv(x, y);
                        let mut out = Vec::new();
                        if wt < 1.0 {
                            out.push(WeightedBinding {
                                weight: r6(1.0 - wt),
                                ..pin(x, y)
                            });
                        }
                        if wt > 0.0 {
                            out.push(WeightedBinding {
                                bone: soft_i,
                                x: r6(bx),
                                y: r6(by),
                                weight: r6(wt),
                            });
                        }
                        out
                    })
                    .collect(),
            )
        }
    };
    let edges = match topology::derive(n, &m.triangles, Some(m.hull as usize)) {
        Ok(t) => t
            .edges
            .iter()
            .filter_map(|&e| u32::try_from(e).ok())
            .collect(),
        Err(err) => {
            d.push(
                Diagnostic::new(
                    codes::MESHGEN_REFUSED,
                    format!("attachment {}: the generated mesh breaks the hull rule ({err}) — a generator bug", quote(&e.placeholder)),
                )
                .at(g.generator.loc.clone())
                .help("report it with the rig; author the mesh meanwhile"),
            );
            return None;
        }
    };
    let path = g.path.clone().or_else(|| {
        let name = region_name(&g.image.value);
        (name != e.placeholder).then_some(name)
    });
    Some(MeshAttachment {
        uvs,
        triangles: m.triangles.clone(),
        vertices,
        hull: m.hull,
        edges,
        width: w,
        height: h,
        path,
        color: g.color.clone(),
        // A generated mesh has no series: `sequence` beside a generator is
        // refused by the rig parser.
        sequence: None,
    })
}

/// The map from the slot bone's setup space into `soft`'s, when `soft`
/// descends from `slot` through bones that inherit normally (Spine's
/// `updateWorldTransform` then composes plain affine maps).
fn bind(rig: &RigSpec, slot: &str, soft: &str) -> Option<impl Fn(f64, f64) -> [f64; 2]> {
    if soft == slot {
        return None;
    }
    super::space::under(rig, slot, soft)?.inverse()
}

/// Each slot whose generated mesh is moved by bones it names (ring, ribbon,
/// segments) and those bones, the first such mesh per slot in skin order: the
/// gate's `meshDeclaredBones`, A20's "every declared bone binds some vertex".
pub(super) fn declared_bones(rig: &RigSpec) -> Vec<(String, Vec<String>)> {
    let mut out: Vec<(String, Vec<String>)> = Vec::new();
    for slot in rig.skins.iter().flat_map(|s| s.slots.iter()) {
        for e in &slot.entries {
            let crate::spec::rig::AttachmentKind::Generated(g) = &e.kind else {
                continue;
            };
            let bones = g.generator.kind.bones();
            if !bones.is_empty() && !out.iter().any(|(s, _)| *s == slot.slot) {
                out.push((slot.slot.clone(), bones.to_vec()));
            }
        }
    }
    out
}
