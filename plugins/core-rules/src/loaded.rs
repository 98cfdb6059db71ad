//! This module owns what the rules over the **loaded** skeleton and atlas share
//! (GATE.md §1.1, §5 capability level L): the SKIPs when the round trip produced
//! no skeleton or no atlas (A00 owns those failures) or an atlas with no page,
//! the walk over every attachment a skin places (skin, slot, placeholder, object)
//! and over the meshes with geometry of their own (SKIP with no mesh), the
//! decoding of a loaded weighted vertex run into per-vertex bindings, a mesh's
//! kind as the rig declares it (GATE.md §4.6), and `switchedOn`'s posed channel
//! values: each key's stored value and every Bézier sample the reader's curve
//! table holds between keys (GATE.md §4.7).
//!
//! Everything here is total over any loaded data.

use crate::a07_atlas_text_shape::NO_ATLAS_TEXT;
use rigc_sdk::gate::facts::Facts;
use rigc_sdk::gate::{skip_reasons, Outcome, RigInfo, Subject};
use rigc_sdk::spine::data::{
    Attachment, AttachmentKind, CurveType, MeshAttachment, Timeline, TimelineKind, VertexData,
    BEZIER_SIZE,
};
use rigc_sdk::spine::{Atlas, SkeletonData};
use std::collections::HashSet;

/// The loaded skeleton, or `None` after recording the `NO_SKELETON` SKIP.
pub(crate) fn skeleton_or_skip<'f>(
    facts: &'f Facts<'_>,
    out: &mut Outcome,
) -> Option<&'f SkeletonData> {
    match facts.loaded() {
        Ok(loaded) => Some(&loaded.data),
        Err(_) => {
            out.skip(skip_reasons::NO_SKELETON);
            None
        }
    }
}

/// The loaded atlas, or `None` after recording a SKIP: the A07 reason when the
/// gate has no atlas text, `NO_ATLAS` when the runtime refused the text.
pub(crate) fn atlas_or_skip<'f>(facts: &'f Facts<'_>, out: &mut Outcome) -> Option<&'f Atlas> {
    match facts.atlas() {
        None => {
            out.skip(NO_ATLAS_TEXT);
            None
        }
        Some(Err(_)) => {
            out.skip(skip_reasons::NO_ATLAS);
            None
        }
        Some(Ok(atlas)) => Some(atlas),
    }
}

/// The loaded atlas when it has a page, or `None` after recording a SKIP: those
/// of [`atlas_or_skip`], or `NO_PAGE` when it has no page.
pub(crate) fn paged_atlas_or_skip<'f>(
    facts: &'f Facts<'_>,
    out: &mut Outcome,
) -> Option<&'f Atlas> {
    let atlas = atlas_or_skip(facts, out)?;
    if atlas.pages.is_empty() {
        out.skip(skip_reasons::NO_PAGE);
        return None;
    }
    Some(atlas)
}

/// The stage's width and height: the rig's stage, else the skeleton header's
/// width and height, when both are finite and positive.
pub(crate) fn stage(facts: &Facts<'_>, data: &SkeletonData) -> Option<(f64, f64)> {
    facts
        .rig()
        .and_then(|r| r.stage)
        .map(|s| (s.width, s.height))
        .or(data.width.zip(data.height))
        .filter(|(w, h)| w.is_finite() && h.is_finite() && *w > 0.0 && *h > 0.0)
}

/// One attachment object as a skin places it.
#[derive(Clone, Copy)]
pub(crate) struct Placed<'d> {
    /// The name of the skin that places it.
    pub skin: &'d str,
    /// The slot index.
    pub slot: usize,
    /// The slot's name.
    pub slot_name: &'d str,
    /// The placeholder name it is placed under in that skin and slot.
    pub placeholder: &'d str,
    /// Index into `SkeletonData::attachments`.
    pub index: usize,
    /// The object.
    pub attachment: &'d Attachment,
}

impl Placed<'_> {
    /// The slot's bone index (`None` for a slot that is not there).
    pub(crate) fn slot_bone(&self, data: &SkeletonData) -> Option<usize> {
        data.slots.get(self.slot).map(|s| s.bone)
    }

    /// The attachment as a gate subject: its skin, slot and placeholder.
    pub(crate) fn subject(&self) -> Subject {
        Subject::attachment(self.skin, self.slot_name, self.placeholder)
    }
}

/// Every attachment object the skins place, in skin order then the runtime's
/// entry order, each object once (at its first placement).
pub(crate) fn placed(data: &SkeletonData) -> Vec<Placed<'_>> {
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    for skin in &data.skins {
        for (slot, entry) in skin.entries() {
            let Some(attachment) = data.attachments.get(entry.attachment) else {
                continue;
            };
            if !seen.insert(entry.attachment) {
                continue;
            }
            out.push(Placed {
                skin: skin.name.as_str(),
                slot,
                slot_name: data.slots.get(slot).map_or("", |s| s.name.as_str()),
                placeholder: entry.placeholder.as_str(),
                index: entry.attachment,
                attachment,
            });
        }
    }
    out
}

/// Every mesh (linked meshes included) the skins place, with its mesh data.
pub(crate) fn meshes(data: &SkeletonData) -> Vec<(Placed<'_>, &MeshAttachment)> {
    placed(data)
        .into_iter()
        .filter_map(|p| match &p.attachment.kind {
            AttachmentKind::Mesh(m) => Some((p, m)),
            _ => None,
        })
        .collect()
}

/// What a finding about attachment object `attachment` on slot `slot` is
/// about: the skin entry that places it there — in the default skin when it
/// does (where the runtime resolves an attachment with no skin set), else the
/// first skin that does, as [`placed`] takes them — its skin, slot and
/// placeholder. When no skin places it there (not expected of a loaded
/// timeline's attachment) the slot alone.
pub(crate) fn attachment_target(
    data: &SkeletonData,
    slot: usize,
    attachment: usize,
) -> rigc_sdk::gate::Target {
    let slot_name = data.slots.get(slot).map_or("", |s| s.name.as_str());
    let default = data.default_skin.and_then(|i| data.skins.get(i));
    default
        .into_iter()
        .chain(data.skins.iter())
        .find_map(|skin| {
            let entry = skin
                .attachments
                .get(slot)?
                .iter()
                .find(|e| e.attachment == attachment)?;
            Some(rigc_sdk::gate::Target::Attachment {
                skin: skin.name.clone(),
                slot: slot_name.to_string(),
                name: entry.placeholder.clone(),
            })
        })
        .unwrap_or_else(|| rigc_sdk::gate::Target::Slot(slot_name.to_string()))
}

/// The meshes that carry geometry of their own (a linked mesh shares its
/// source's and is measured there), or `None` after recording a SKIP:
/// `NO_SKELETON`, or `NO_MESH` when the skins place no mesh at all.
pub(crate) fn own_meshes_or_skip<'f>(
    facts: &'f Facts<'_>,
    out: &mut Outcome,
) -> Option<(&'f SkeletonData, Vec<(Placed<'f>, &'f MeshAttachment)>)> {
    let data = skeleton_or_skip(facts, out)?;
    let all = meshes(data);
    if all.is_empty() {
        out.skip(skip_reasons::NO_MESH);
        return None;
    }
    let own = all
        .into_iter()
        .filter(|(_, m)| m.source_mesh.is_none())
        .collect();
    Some((data, own))
}

/// One influence of a weighted vertex: the bone index as loaded and its weight.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Binding {
    /// Bone index (as the file states it; may be out of range or NaN).
    pub bone: f64,
    /// Weight (float32).
    pub weight: f64,
}

/// The loaded weighted run of `v` as per-vertex binding lists, or why it does
/// not decode (a count that is not a whole number, runs that end early, or
/// weights left over). `Ok(None)` for unweighted vertex data.
pub(crate) fn bindings(v: &VertexData) -> Result<Option<Vec<Vec<Binding>>>, String> {
    let Some(bones) = v.bones.as_deref() else {
        return Ok(None);
    };
    let mut vertices = Vec::new();
    let (mut i, mut w) = (0usize, 0usize);
    while let Some(&count) = bones.get(i) {
        if !(count >= 0.0 && count.fract() == 0.0 && count <= bones.len() as f64) {
            return Err(format!(
                "vertex {} states {} influence(s), which is not a whole count",
                vertices.len(),
                crate::raw::num(count)
            ));
        }
        i += 1;
        let mut list = Vec::new();
        for _ in 0..count as usize {
            let Some(&bone) = bones.get(i) else {
                return Err(format!("the runs end inside vertex {}", vertices.len()));
            };
            let weight = v
                .vertices
                .get(w * 3 + 2)
                .map_or(f64::NAN, |&x| f64::from(x));
            if bone.is_nan() {
                return Err(format!(
                    "vertex {} binds a bone index that is not a number — the runs read past the end of the array, or hold a value that is not a number",
                    vertices.len()
                ));
            }
            list.push(Binding { bone, weight });
            i += 1;
            w += 1;
        }
        vertices.push(list);
    }
    if w * 3 != v.vertices.len() {
        return Err(format!(
            "{} influence(s) hold {} numbers, not {}",
            w,
            v.vertices.len(),
            w * 3
        ));
    }
    Ok(Some(vertices))
}

/// The bone a binding names, when it is a bone of the skeleton.
pub(crate) fn bone_at(data: &SkeletonData, bone: f64) -> Option<usize> {
    (bone >= 0.0 && bone.fract() == 0.0 && bone < data.bones.len() as f64).then_some(bone as usize)
}

/// A bone's name (`bones[<i>]` for an index that is not there).
pub(crate) fn bone_name(data: &SkeletonData, index: usize) -> String {
    data.bones
        .get(index)
        .map_or_else(|| format!("bones[{index}]"), |b| b.name.clone())
}

/// The kind of a mesh (GATE.md §4.6 `meshKindOf`): a linked mesh is `authored`;
/// otherwise the rig's kind for its slot, `ring` when the rig does not say.
pub(crate) fn mesh_kind<'r>(
    rig: Option<&'r RigInfo>,
    slot: &str,
    mesh: &MeshAttachment,
) -> &'r str {
    if mesh.source_mesh.is_some() {
        return "authored";
    }
    rig.and_then(|r| r.mesh_kinds.iter().find(|(s, _)| s == slot))
        .map_or("ring", |(_, k)| k.as_str())
}

/// The values a timeline poses on `channel`: each key's stored value, then every
/// Bézier sample the curve table holds for that channel between keys.
pub(crate) fn channel_values(t: &Timeline, channel: usize) -> Vec<f64> {
    let entries = t.entries();
    let frames = t.frame_count();
    let mut out: Vec<f64> = (0..frames)
        .filter_map(|f| t.frames.get(f * entries + 1 + channel))
        .map(|&v| f64::from(v))
        .collect();
    for f in 0..frames {
        if let Some(CurveType::Bezier(i)) = t.curve_type(f) {
            let start = i + channel * BEZIER_SIZE;
            out.extend(
                (0..BEZIER_SIZE / 2)
                    .filter_map(|k| t.curves.get(start + 2 * k + 1))
                    .map(|&v| f64::from(v)),
            );
        }
    }
    out
}

/// Does any value `t` poses on its first `channels` channels pass `live`?
fn poses_live(t: &Timeline, channels: usize, live: impl Fn(f64) -> bool) -> bool {
    (0..channels).any(|c| channel_values(t, c).into_iter().any(&live))
}

/// Does some animation pose a timeline of `kind` above 0 on one of its first
/// `channels` channels, at a key or a Bézier sample (`switchedOn`)?
pub(crate) fn keyed_above_zero(data: &SkeletonData, kind: TimelineKind, channels: usize) -> bool {
    data.animations
        .iter()
        .flat_map(|a| &a.timelines)
        .any(|t| t.kind == kind && poses_live(t, channels, |v| v > 0.0))
}

/// `"a"`, `"a" and "b"`, `"a", "b" and "c"`.
pub(crate) fn and_list(names: &[String]) -> String {
    let q: Vec<String> = names.iter().map(|n| format!("\"{n}\"")).collect();
    match q.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::*;
    use rigc_sdk::spine::data::TimelineKind;

    #[test]
    fn channel_values_hold_keys_and_bezier_samples() {
        let gi = fixture();
        let facts = Facts::new(&gi);
        let data = &facts.loaded().expect("the fixture loads").data;
        let a = &data.animations[data.find_animation("a").expect("a")];
        let translate = a
            .timelines
            .iter()
            .find(|t| t.kind == TimelineKind::Translate(data.find_bone("t").expect("t")))
            .expect("t translate");
        // x: keys 1 and 2, then 9 samples of the Bézier from 1 to 2.
        let x = channel_values(translate, 0);
        assert_eq!(x.len(), 2 + 9);
        assert_eq!(&x[..2], &[1.0, 2.0]);
        assert!(x[2..].iter().all(|v| (1.0..=2.0).contains(v)));
        // y: its own curve (0.2, 2, 0.8, 4) overshoots nothing but differs from x.
        let y = channel_values(translate, 1);
        assert_eq!(&y[..2], &[2.0, 4.0]);
        assert_ne!(&x[2..], &y[2..]);
        assert!(poses_live(translate, 2, |v| v > 3.9));
        assert!(!poses_live(translate, 1, |v| v > 2.1));
    }

    #[test]
    fn bindings_decode_the_loaded_runs() {
        let gi = fixture();
        let facts = Facts::new(&gi);
        let data = &facts.loaded().expect("the fixture loads").data;
        let boxed = placed(data)
            .into_iter()
            .find(|p| p.attachment.name == "box")
            .expect("box");
        let v = boxed.attachment.vertex().expect("vertex data");
        let b = bindings(v).expect("decodes").expect("weighted");
        assert_eq!(b.len(), 3);
        assert_eq!(
            b[0],
            vec![Binding {
                bone: 0.0,
                weight: 1.0
            }]
        );
        let bad = VertexData {
            bones: Some(vec![2.0, 0.0]),
            vertices: vec![0.0; 6],
            world_vertices_length: 2.0,
        };
        assert_eq!(
            bindings(&bad),
            Err("the runs end inside vertex 0".to_string())
        );
        assert_eq!(
            and_list(&["a".into(), "b".into(), "c".into()]),
            "\"a\", \"b\" and \"c\""
        );
    }
}
