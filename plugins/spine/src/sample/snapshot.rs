//! One frame of the pose document, field for field as the oracle's
//! `snapshot` prints it: bones (world matrix, applied and unconstrained local
//! pose), slots, draw order, attachments in draw order, constraints, events —
//! written as it is read from the skeleton, into a [`JsonWriter`].

use super::writer::JsonWriter;
use crate::data::{AttachmentKind, Color, Event, Inherit};
use crate::pose::{BonePose, ConstraintPose, PoseError, Skeleton};
use std::io::Write;

const QUAD_TRIANGLES: [f64; 6] = [0.0, 1.0, 2.0, 2.0, 3.0, 0.0];

fn rgba<W: Write>(w: &mut JsonWriter<W>, c: Color) {
    w.nums([c.r, c.g, c.b, c.a]);
}

fn inherit(i: Option<Inherit>) -> Option<&'static str> {
    i.map(Inherit::name)
}

fn local<W: Write>(w: &mut JsonWriter<W>, p: &BonePose) {
    w.begin_object();
    for (k, v) in [
        ("x", p.x),
        ("y", p.y),
        ("rotation", p.rotation),
        ("scaleX", p.scale_x),
        ("scaleY", p.scale_y),
        ("shearX", p.shear_x),
        ("shearY", p.shear_y),
    ] {
        w.key(k);
        w.num(v);
    }
    w.key("inherit");
    w.opt_str(inherit(p.inherit));
    w.end();
}

fn uvs<W: Write>(w: &mut JsonWriter<W>, uvs: &[Vec<f32>], index: f64) {
    if index >= 0.0 && index.fract() == 0.0 {
        if let Some(u) = uvs.get(index as usize) {
            w.nums(u.iter().map(|&v| f64::from(v)));
            return;
        }
    }
    w.null();
}

/// Writes the printed state of a posed skeleton at `time` (validates the
/// applied local transforms of active bones first, as the oracle does). On
/// an error the frame is left unfinished in `w`.
pub fn snapshot<W: Write>(
    sk: &mut Skeleton<'_>,
    time: f64,
    events: &[&Event],
    w: &mut JsonWriter<W>,
) -> Result<(), PoseError> {
    for i in 0..sk.bones.len() {
        if sk.bones[i].active {
            sk.validate_local(i);
        }
    }
    let d = sk.data;
    w.begin_object();
    w.key("time");
    w.num(time);
    w.key("bones");
    w.begin_array();
    for (i, b) in sk.bones.iter().enumerate() {
        let p = b.applied();
        w.begin_object();
        w.key("name");
        w.str(&d.bones[i].name);
        w.key("parent");
        w.opt_str(b.parent.map(|p| d.bones[p].name.as_str()));
        w.key("active");
        w.bool(b.active);
        for (k, v) in [
            ("a", p.a),
            ("b", p.b),
            ("c", p.c),
            ("d", p.d),
            ("worldX", p.world_x),
            ("worldY", p.world_y),
        ] {
            w.key(k);
            if b.active {
                w.num(v);
            } else {
                w.null();
            }
        }
        w.key("local");
        local(w, p);
        w.key("pose");
        local(w, &b.pose);
        w.end();
    }
    w.end();
    w.key("slots");
    w.begin_array();
    for (i, s) in sk.slots.iter().enumerate() {
        let p = s.applied();
        w.begin_object();
        w.key("name");
        w.str(&d.slots[i].name);
        w.key("bone");
        w.str(&d.bones[s.bone].name);
        w.key("color");
        rgba(w, p.color);
        w.key("dark");
        match p.dark {
            Some(c) => w.nums([c.r, c.g, c.b]),
            None => w.null(),
        }
        w.key("attachment");
        w.opt_str(p.attachment.map(|a| d.attachments[a].name.as_str()));
        w.end();
    }
    w.end();
    let order = sk.applied_draw_order();
    w.key("drawOrder");
    w.strs(order.iter().map(|&s| d.slots[s].name.as_str()));
    w.key("attachments");
    w.begin_array();
    for &s in order {
        if sk.bones[sk.slots[s].bone].active && sk.slots[s].applied().attachment.is_some() {
            attachment(sk, s, w)?;
        }
    }
    w.end();
    w.key("constraints");
    w.begin_array();
    for (c, cd) in sk.constraints.iter().zip(&d.constraints) {
        w.begin_object();
        w.key("name");
        w.str(&cd.name);
        w.key("type");
        w.str(cd.type_name());
        w.key("active");
        w.bool(c.active);
        let fields: &[(&str, f64)] = match *c.applied() {
            ConstraintPose::Ik(p) => {
                for (k, v) in [
                    ("mix", p.mix),
                    ("softness", p.softness),
                    ("bendDirection", p.bend_direction),
                ] {
                    w.key(k);
                    w.num(v);
                }
                w.key("compress");
                w.bool(p.compress);
                w.key("stretch");
                w.bool(p.stretch);
                &[]
            }
            ConstraintPose::Transform(p) => &[
                ("mixRotate", p.mix_rotate),
                ("mixX", p.mix_x),
                ("mixY", p.mix_y),
                ("mixScaleX", p.mix_scale_x),
                ("mixScaleY", p.mix_scale_y),
                ("mixShearY", p.mix_shear_y),
            ],
            ConstraintPose::Path(p) => &[
                ("position", p.position),
                ("spacing", p.spacing),
                ("mixRotate", p.mix_rotate),
                ("mixX", p.mix_x),
                ("mixY", p.mix_y),
            ],
            ConstraintPose::Physics(p) => &[
                ("inertia", p.inertia),
                ("strength", p.strength),
                ("damping", p.damping),
                ("massInverse", p.mass_inverse),
                ("wind", p.wind),
                ("gravity", p.gravity),
                ("mix", p.mix),
            ],
            ConstraintPose::Slider(p) => &[("time", p.time), ("mix", p.mix)],
        };
        for &(k, v) in fields {
            w.key(k);
            w.num(v);
        }
        w.end();
    }
    w.end();
    w.key("events");
    w.begin_array();
    for e in events {
        w.begin_object();
        w.key("name");
        w.str(&d.events[e.data].name);
        w.key("time");
        w.num(e.time);
        w.key("int");
        w.num(e.int_value);
        w.key("float");
        w.num(e.float_value);
        w.key("string");
        w.opt_str(e.string_value.as_deref());
        w.key("volume");
        w.num(e.volume);
        w.key("balance");
        w.num(e.balance);
        w.end();
    }
    w.end();
    w.end();
    Ok(())
}

fn attachment<W: Write>(
    sk: &Skeleton<'_>,
    s: usize,
    w: &mut JsonWriter<W>,
) -> Result<(), PoseError> {
    let d = sk.data;
    let pose = sk.slots[s].applied();
    let Some(a) = pose.attachment else {
        w.null();
        return Ok(());
    };
    let att = &d.attachments[a];
    w.begin_object();
    w.key("slot");
    w.str(&d.slots[s].name);
    w.key("name");
    w.str(&att.name);
    w.key("type");
    match &att.kind {
        AttachmentKind::Region(r) => {
            let index = r.sequence.resolve_index(pose.sequence_index);
            let vertices = sk.world_vertices(s)?.unwrap_or_default();
            w.str("region");
            w.key("path");
            w.str(&r.path);
            w.key("sequenceIndex");
            w.num(index);
            w.key("color");
            rgba(w, r.color);
            w.key("vertices");
            w.nums(vertices);
            w.key("uvs");
            uvs(w, &r.sequence.uvs, index);
            w.key("triangles");
            w.nums(QUAD_TRIANGLES);
        }
        AttachmentKind::Mesh(m) => {
            let index = m.sequence.resolve_index(pose.sequence_index);
            let vertices = sk.vertex_world(s, &m.vertex)?;
            w.str("mesh");
            w.key("path");
            w.str(&m.path);
            w.key("sequenceIndex");
            w.num(index);
            w.key("color");
            rgba(w, m.color);
            w.key("source");
            w.opt_str(m.source_mesh.map(|x| d.attachments[x].name.as_str()));
            w.key("weighted");
            w.bool(m.vertex.bones.is_some());
            w.key("hullLength");
            w.num(m.hull_length);
            w.key("vertices");
            w.nums(vertices);
            w.key("uvs");
            uvs(w, &m.sequence.uvs, index);
            w.key("triangles");
            match &m.triangles {
                Some(t) => w.nums(t.iter().copied()),
                None => w.null(),
            }
        }
        AttachmentKind::Point(p) => {
            let (x, y, r) = sk.point_world(s, p);
            w.str("point");
            w.key("x");
            w.num(x);
            w.key("y");
            w.num(y);
            w.key("rotation");
            w.num(r);
        }
        AttachmentKind::BoundingBox { vertex, .. } => {
            let v = sk.vertex_world(s, vertex)?;
            w.str("boundingbox");
            w.key("vertices");
            w.nums(v);
        }
        AttachmentKind::Path(p) => {
            let v = sk.vertex_world(s, &p.vertex)?;
            w.str("path");
            w.key("closed");
            w.bool(p.closed);
            w.key("constantSpeed");
            w.bool(p.constant_speed);
            w.key("lengths");
            w.nums(p.lengths.iter().copied());
            w.key("vertices");
            w.nums(v);
        }
        AttachmentKind::Clipping(c) => {
            let v = sk.vertex_world(s, &c.vertex)?;
            w.str("clipping");
            w.key("end");
            w.opt_str(c.end_slot.map(|e| d.slots[e].name.as_str()));
            w.key("convex");
            w.bool(c.convex);
            w.key("inverse");
            w.bool(c.inverse);
            w.key("vertices");
            w.nums(v);
        }
    }
    w.end();
    Ok(())
}
