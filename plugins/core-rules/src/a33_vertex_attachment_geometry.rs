//! This module owns A33_VERTEX_ATTACHMENT_GEOMETRY (validity; GATE.md §3, §4.8):
//! bounding boxes, clipping polygons and paths have geometry the runtime can use.
//! A path's vertex count is a multiple of 3 and makes at least one curve (open:
//! knots − 1; closed: knots), and its `lengths` — the cumulative arc length at
//! the end of each curve — are finite and strictly increasing from 0 (the first
//! bad entry is reported). A clipping attachment's raw `end` is a string naming a
//! slot (else the clip runs to the bottom of the draw order). A bounding box or
//! clipping polygon has an even `worldVerticesLength` of at least 6. Every one of
//! the three decodes cleanly: weighted runs that end where the array ends, one
//! binding list per vertex, bone indices that name bones.
//!
//! SKIPs when the skeleton has none of the three and no clipping `end` was
//! checked, or when the round trip produced no skeleton.

use crate::loaded::{bindings, bone_at, placed, skeleton_or_skip};
use crate::raw::{items, json_or_undefined, members, num, str_at};
use rigc_sdk::gate::facts::Facts;
use rigc_sdk::gate::{Outcome, Rule, RuleKind, Subject};
use rigc_sdk::spine::data::{AttachmentKind, VertexData};
use rigc_sdk::spine::SkeletonData;

/// A33_VERTEX_ATTACHMENT_GEOMETRY.
pub struct A33VertexAttachmentGeometry;

/// SKIP: none of the three.
pub(crate) const NO_POLYGON: &str =
    "the skeleton carries no bounding box, clipping or path attachment";

impl Rule for A33VertexAttachmentGeometry {
    fn code(&self) -> &'static str {
        "A33_VERTEX_ATTACHMENT_GEOMETRY"
    }

    fn kind(&self) -> RuleKind {
        RuleKind::Validity
    }

    fn check(&self, facts: &Facts<'_>, out: &mut Outcome) {
        let Some(data) = skeleton_or_skip(facts, out) else {
            return;
        };
        let mut measured = 0usize;
        for p in placed(data) {
            let what = format!(
                "{} \"{}\" on slot \"{}\"",
                p.attachment.type_name(),
                p.attachment.name,
                p.slot_name
            );
            let subject = p.subject();
            let at = (what.as_str(), &subject);
            let vertex = match &p.attachment.kind {
                AttachmentKind::Path(path) => {
                    check_path(out, at, &path.vertex, path.closed, &path.lengths);
                    &path.vertex
                }
                AttachmentKind::BoundingBox { vertex, .. } => {
                    check_polygon(out, at, vertex);
                    vertex
                }
                AttachmentKind::Clipping(c) => {
                    check_polygon(out, at, &c.vertex);
                    &c.vertex
                }
                _ => continue,
            };
            measured += 1;
            encoding(out, data, at, vertex);
        }
        measured += clip_ends(facts, out);
        if measured == 0 {
            out.skip(NO_POLYGON);
        }
    }
}

/// An attachment in words (`<type> "<name>" on slot "<slot>"`) and as a subject.
type At<'a> = (&'a str, &'a Subject);

fn check_path(out: &mut Outcome, at: At<'_>, v: &VertexData, closed: bool, lengths: &[f64]) {
    let (what, subject) = at;
    let vc = v.world_vertices_length / 2.0;
    if !(vc.fract() == 0.0 && vc % 3.0 == 0.0) {
        out.fail_at(subject.clone(), format!("{what} has {} vertices, which is not a multiple of 3 — a path is knots of three vertices (a handle, the point, a handle)", num(vc)));
        return;
    }
    let curves = if closed { vc / 3.0 } else { vc / 3.0 - 1.0 };
    if curves < 1.0 {
        out.fail_at(subject.clone(), format!("{what} has {} vertices, which is not one whole curve — an open path needs two knots (6 vertices), a closed one a knot (3)", num(vc)));
        return;
    }
    let mut prev = 0.0;
    for c in 0..curves as usize {
        let value = lengths.get(c).copied().unwrap_or(f64::NAN);
        if !(value.is_finite() && value > prev) {
            out.fail_at(subject.clone(), format!("{what} lengths[{c}] is {}, and the entry before it was {}. The array is the CUMULATIVE arc length of the path at the end of each curve, so it starts above 0 and rises with every curve", num(value), num(prev)));
            return;
        }
        prev = value;
    }
}

fn check_polygon(out: &mut Outcome, at: At<'_>, v: &VertexData) {
    let (what, subject) = at;
    let n = v.world_vertices_length;
    if !(n.fract() == 0.0 && n >= 6.0 && n % 2.0 == 0.0) {
        out.fail_at(subject.clone(), format!("{what} loaded worldVerticesLength {}; a polygon is an even count of at least 6 (3 vertices). A missing \"vertexCount\" reads as 0 and takes the polygon with it", num(n)));
    }
}

fn encoding(out: &mut Outcome, data: &SkeletonData, at: At<'_>, v: &VertexData) {
    let (what, subject) = at;
    match bindings(v) {
        Ok(None) => {}
        Err(why) => out.fail_at(
            subject.clone(),
            format!("{what} weighted vertex run does not decode: {why}"),
        ),
        Ok(Some(list)) => {
            let n = v.world_vertices_length / 2.0;
            if list.len() as f64 != n {
                out.fail_at(subject.clone(), format!("{what} has weights for {} vertices and vertexCount says {} — the vertices are neither {} unweighted numbers nor that many weighted runs", list.len(), num(n), num(2.0 * n)));
            }
            for (i, b) in list
                .iter()
                .enumerate()
                .flat_map(|(i, l)| l.iter().map(move |b| (i, b)))
            {
                if bone_at(data, b.bone).is_none() {
                    out.fail_at(subject.clone(), format!("{what} vertex {i} binds bone index {}, and the skeleton has {} bone(s) — the runtime reads a bone that is not there", num(b.bone), data.bones.len()));
                }
            }
        }
    }
}

/// Every raw clipping attachment's `end` names a slot; returns how many were
/// checked.
fn clip_ends(facts: &Facts<'_>, out: &mut Outcome) -> usize {
    let Ok(root) = facts.raw() else {
        return 0;
    };
    let slots: Vec<&str> = items(root.get("slots"))
        .filter_map(|s| str_at(s, "name"))
        .collect();
    let mut checked = 0;
    for skin in items(root.get("skins")) {
        let skin_name = str_at(skin, "name").unwrap_or("");
        for (slot, entries) in members(skin.get("attachments")) {
            for (placeholder, entry) in members(Some(entries)) {
                if str_at(entry, "type") != Some("clipping") {
                    continue;
                }
                checked += 1;
                let end = entry.get("end");
                if !end
                    .and_then(|e| e.as_str())
                    .is_some_and(|e| slots.contains(&e))
                {
                    let name = str_at(entry, "name").unwrap_or(placeholder);
                    let subject = Subject::attachment(skin_name, slot, placeholder);
                    out.fail_at(subject, format!("clipping attachment \"{name}\" on slot \"{slot}\" ends at {}, which is not a slot of this skeleton — the clip would run to the bottom of the draw order", json_or_undefined(end)));
                }
            }
        }
    }
    checked
}

#[cfg(test)]
#[path = "a33_tests.rs"]
mod tests;
