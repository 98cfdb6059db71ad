//! This module owns what a deform timeline keys (FORMAT.md §3.14): its skin,
//! slot and placeholder resolved against the compiled setup (each miss refused
//! at the name, with what there is), the attachment's type (mesh, boundingbox,
//! clipping and path carry a vertex array, and so does a linked mesh with
//! `"timelines": false`, through its source; a region or point does not), and the
//! attachment's deform-array geometry — unweighted, two numbers per vertex;
//! weighted, one `x, y` pair per bone influence — with its setup geometry as a
//! deform kind sees it ([`MeshGeometry`]), each vertex's depth taken from its
//! generator's depth map when it names one (FORMAT.md §2.7.4).

use rigc_diag::codes;

use super::Cx;
use crate::spec::motion::DeformTrackSpec;
use rigc_diag::json::quote;
use rigc_diag::Diagnostic;
use rigc_sdk::abi::{Influence, MeshGeometry, MeshVertex};
use rigc_sdk::model::{Attachment, Vertices};

/// The attachment a deform timeline keys, as its keys are compiled against.
pub(super) struct Target {
    /// `skin/slot/attachment`.
    pub name: String,
    /// Bone influences per vertex (1 for every vertex of an unweighted one).
    pub influences: Vec<usize>,
    /// Whether the vertices are weighted.
    pub weighted: bool,
    /// The deform array's length.
    pub len: usize,
    /// The setup geometry a kind evaluates over.
    pub geometry: MeshGeometry,
}

impl Target {
    /// The number of vertices.
    pub fn vertex_count(&self) -> usize {
        self.influences.len()
    }

    /// The deform index vertex `v` starts at: twice the influences before it.
    pub fn index_of(&self, v: usize) -> usize {
        2 * self.influences.iter().take(v).sum::<usize>()
    }

    /// `(N vertices)` or `(N bone influences)`, as the overrun refusal ends.
    pub fn size_words(&self) -> String {
        if self.weighted {
            format!("({} bone influences)", self.len / 2)
        } else {
            format!("({} vertices)", self.vertex_count())
        }
    }
}

/// Resolves `track`'s attachment in the setup skeleton, refusing what is not
/// there or has no vertex array.
pub(super) fn resolve(cx: &mut Cx, track: &DeformTrackSpec) -> Option<Target> {
    let at = track.label(&cx.anim.name);
    let skin_name = track.skin_name();
    let Some(skin) = cx.setup.skins.iter().find(|s| s.name == skin_name) else {
        let emitted: Vec<&str> = cx.setup.skins.iter().map(|s| s.name.as_str()).collect();
        let loc = track
            .skin
            .as_ref()
            .map_or_else(|| track.loc.clone(), |s| s.loc.clone());
        cx.push(
            Diagnostic::new(
                codes::MOTION_DEFORM_UNKNOWN_SKIN,
                format!(
                    "{at}: this rig emits no skin called {} (it emits: {})",
                    quote(skin_name),
                    emitted.join(", ")
                ),
            )
            .at(loc)
            .help(super::suggest("skin", skin_name, &emitted)),
        );
        return None;
    };
    let slot = &track.slot.name;
    let Some(entries) = skin.attachments.iter().find(|s| &s.slot == slot) else {
        let declared = cx.setup.slots.iter().any(|s| &s.name == slot);
        let tail = if declared {
            ""
        } else {
            ", and this rig does not declare that slot at all"
        };
        let filled: Vec<&str> = skin.attachments.iter().map(|s| s.slot.as_str()).collect();
        cx.push(
            Diagnostic::new(
                codes::MOTION_DEFORM_SLOT_EMPTY,
                format!(
                    "{at}: skin {} gives slot {} no attachments{tail}",
                    quote(skin_name),
                    quote(slot)
                ),
            )
            .at(track.slot.loc.clone())
            .help(super::suggest("slot with attachments", slot, &filled)),
        );
        return None;
    };
    let placeholder = &track.attachment.name;
    let Some((_, attachment)) = entries.entries.iter().find(|(p, _)| p == placeholder) else {
        let has: Vec<&str> = entries.entries.iter().map(|(p, _)| p.as_str()).collect();
        cx.push(
            Diagnostic::new(
                codes::MOTION_DEFORM_UNKNOWN_ATTACHMENT,
                format!(
                    "{at}: slot {} in skin {} has no attachment {} (it has: {})",
                    quote(slot),
                    quote(skin_name),
                    quote(placeholder),
                    has.join(", ")
                ),
            )
            .at(track.attachment.loc.clone())
            .help(super::suggest("placeholder", placeholder, &has)),
        );
        return None;
    };
    let name = format!("{skin_name}/{slot}/{placeholder}");
    let (vertices, uvs, triangles, hull, size) = match attachment {
        Attachment::Mesh(m) => (
            &m.vertices,
            m.uvs.as_slice(),
            m.triangles.as_slice(),
            m.hull,
            [m.width, m.height],
        ),
        Attachment::BoundingBox(b) => (&b.vertices, &[][..], &[][..], 0, [0.0, 0.0]),
        Attachment::Clipping(c) => (&c.vertices, &[][..], &[][..], 0, [0.0, 0.0]),
        Attachment::Path(p) => (&p.vertices, &[][..], &[][..], 0, [0.0, 0.0]),
        Attachment::LinkedMesh(l) => {
            let Some(m) = super::deform_linked::own_array(&cx.setup.skins, l, slot) else {
                cx.push(super::deform_linked::refusal(
                    &at,
                    placeholder,
                    l,
                    &track.attachment.loc,
                ));
                return None;
            };
            (
                &m.vertices,
                m.uvs.as_slice(),
                m.triangles.as_slice(),
                m.hull,
                [m.width, m.height],
            )
        }
        Attachment::Region(_) | Attachment::Point(_) => {
            let kind = if matches!(attachment, Attachment::Region(_)) {
                "region"
            } else {
                "point"
            };
            cx.push(
                Diagnostic::new(
                    codes::MOTION_DEFORM_NOT_DEFORMABLE,
                    format!("{at}: a deform timeline keys the vertices of an attachment, and this one is a {} — it has no vertex array to deform. Deformable types: mesh, boundingbox, clipping.", quote(kind)),
                )
                .at(track.attachment.loc.clone())
                .help("key a mesh, boundingbox, clipping or path attachment, or animate this one with its slot's and bone's timelines"),
            );
            return None;
        }
    };
    let bone_name = |i: u32| {
        cx.setup
            .bones
            .get(i as usize)
            .map_or_else(|| i.to_string(), |b| b.name.clone())
    };
    let uv = |v: usize| {
        [
            uvs.get(2 * v).copied().unwrap_or(0.0),
            uvs.get(2 * v + 1).copied().unwrap_or(0.0),
        ]
    };
    let (weighted, geometry_vertices): (bool, Vec<MeshVertex>) = match vertices {
        Vertices::Unweighted(xy) => (
            false,
            xy.chunks_exact(2)
                .enumerate()
                .map(|(v, p)| MeshVertex {
                    x: p[0],
                    y: p[1],
                    uv: uv(v),
                    bones: Vec::new(),
                    depth: None,
                })
                .collect(),
        ),
        Vertices::Weighted(per_vertex) => (
            true,
            per_vertex
                .iter()
                .enumerate()
                .map(|(v, bindings)| {
                    let first = bindings.first();
                    MeshVertex {
                        x: first.map_or(0.0, |b| b.x),
                        y: first.map_or(0.0, |b| b.y),
                        uv: uv(v),
                        bones: bindings
                            .iter()
                            .map(|b| Influence {
                                bone: bone_name(b.bone),
                                x: b.x,
                                y: b.y,
                                weight: b.weight,
                            })
                            .collect(),
                        depth: None,
                    }
                })
                .collect(),
        ),
    };
    let mut geometry_vertices = geometry_vertices;
    let depth = cx
        .generated
        .iter()
        .find(|(n, _)| *n == name)
        .and_then(|(_, g)| g.depth.as_ref());
    if let Some(d) = depth {
        for (v, z) in geometry_vertices.iter_mut().zip(&d.sampled.z) {
            v.depth = Some(*z);
        }
    }
    let influences = geometry_vertices
        .iter()
        .map(|v| if weighted { v.bones.len() } else { 1 })
        .collect();
    Some(Target {
        name: name.clone(),
        influences,
        weighted,
        len: vertices.deform_len(),
        geometry: MeshGeometry {
            name,
            vertices: geometry_vertices,
            triangles: triangles
                .chunks_exact(3)
                .map(|t| [t[0], t[1], t[2]])
                .collect(),
            hull,
            size,
        },
    })
}
