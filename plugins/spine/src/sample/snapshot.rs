//! One frame of the pose document, field for field as the oracle's
//! `snapshot` prints it: bones (world matrix, applied and unconstrained local
//! pose), slots, draw order, attachments in draw order, constraints, events.

use super::out::{nums, obj, Out};
use crate::data::{AttachmentKind, Color, Event, Inherit};
use crate::pose::{BonePose, ConstraintPose, PoseError, Skeleton};

const QUAD_TRIANGLES: [f64; 6] = [0.0, 1.0, 2.0, 2.0, 3.0, 0.0];

fn rgba(c: Color) -> Out {
    nums([c.r, c.g, c.b, c.a])
}

fn inherit(i: Option<Inherit>) -> Out {
    i.map_or(Out::Null, |i| Out::Str(i.name().to_string()))
}

fn local(p: &BonePose) -> Out {
    obj(vec![
        ("x", p.x.into()),
        ("y", p.y.into()),
        ("rotation", p.rotation.into()),
        ("scaleX", p.scale_x.into()),
        ("scaleY", p.scale_y.into()),
        ("shearX", p.shear_x.into()),
        ("shearY", p.shear_y.into()),
        ("inherit", inherit(p.inherit)),
    ])
}

fn uvs(uvs: &[Vec<f32>], index: f64) -> Out {
    if index >= 0.0 && index.fract() == 0.0 {
        if let Some(u) = uvs.get(index as usize) {
            return nums(u.iter().map(|&v| f64::from(v)));
        }
    }
    Out::Null
}

/// The printed state of a posed skeleton at `time` (validates the applied
/// local transforms of active bones first, as the oracle does).
pub fn snapshot(sk: &mut Skeleton<'_>, time: f64, events: &[&Event]) -> Result<Out, PoseError> {
    for i in 0..sk.bones.len() {
        if sk.bones[i].active {
            sk.validate_local(i);
        }
    }
    let d = sk.data;
    let bones = sk
        .bones
        .iter()
        .enumerate()
        .map(|(i, b)| {
            let w = b.applied();
            let on = b.active;
            let world = |v: f64| if on { Out::Num(v) } else { Out::Null };
            obj(vec![
                ("name", d.bones[i].name.as_str().into()),
                ("parent", b.parent.map(|p| d.bones[p].name.as_str()).into()),
                ("active", on.into()),
                ("a", world(w.a)),
                ("b", world(w.b)),
                ("c", world(w.c)),
                ("d", world(w.d)),
                ("worldX", world(w.world_x)),
                ("worldY", world(w.world_y)),
                ("local", local(w)),
                ("pose", local(&b.pose)),
            ])
        })
        .collect();
    let slots = sk
        .slots
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let p = s.applied();
            obj(vec![
                ("name", d.slots[i].name.as_str().into()),
                ("bone", d.bones[s.bone].name.as_str().into()),
                ("color", rgba(p.color)),
                ("dark", p.dark.map_or(Out::Null, |c| nums([c.r, c.g, c.b]))),
                (
                    "attachment",
                    p.attachment.map(|a| d.attachments[a].name.as_str()).into(),
                ),
            ])
        })
        .collect();
    let order = sk.applied_draw_order().to_vec();
    let draw_order = order
        .iter()
        .map(|&s| Out::Str(d.slots[s].name.clone()))
        .collect();
    let mut attachments = Vec::new();
    for &s in &order {
        if sk.bones[sk.slots[s].bone].active && sk.slots[s].applied().attachment.is_some() {
            attachments.push(attachment(sk, s)?);
        }
    }
    let constraints = sk
        .constraints
        .iter()
        .zip(&d.constraints)
        .map(|(c, cd)| {
            let mut o = vec![
                ("name", cd.name.as_str().into()),
                ("type", cd.type_name().into()),
                ("active", c.active.into()),
            ];
            match *c.applied() {
                ConstraintPose::Ik(p) => o.extend([
                    ("mix", p.mix.into()),
                    ("softness", p.softness.into()),
                    ("bendDirection", p.bend_direction.into()),
                    ("compress", p.compress.into()),
                    ("stretch", p.stretch.into()),
                ]),
                ConstraintPose::Transform(p) => o.extend([
                    ("mixRotate", p.mix_rotate.into()),
                    ("mixX", p.mix_x.into()),
                    ("mixY", p.mix_y.into()),
                    ("mixScaleX", p.mix_scale_x.into()),
                    ("mixScaleY", p.mix_scale_y.into()),
                    ("mixShearY", p.mix_shear_y.into()),
                ]),
                ConstraintPose::Path(p) => o.extend([
                    ("position", p.position.into()),
                    ("spacing", p.spacing.into()),
                    ("mixRotate", p.mix_rotate.into()),
                    ("mixX", p.mix_x.into()),
                    ("mixY", p.mix_y.into()),
                ]),
                ConstraintPose::Physics(p) => o.extend([
                    ("inertia", p.inertia.into()),
                    ("strength", p.strength.into()),
                    ("damping", p.damping.into()),
                    ("massInverse", p.mass_inverse.into()),
                    ("wind", p.wind.into()),
                    ("gravity", p.gravity.into()),
                    ("mix", p.mix.into()),
                ]),
                ConstraintPose::Slider(p) => {
                    o.extend([("time", p.time.into()), ("mix", p.mix.into())]);
                }
            }
            obj(o)
        })
        .collect();
    let events = events
        .iter()
        .map(|e| {
            obj(vec![
                ("name", d.events[e.data].name.as_str().into()),
                ("time", e.time.into()),
                ("int", e.int_value.into()),
                ("float", e.float_value.into()),
                ("string", e.string_value.as_deref().into()),
                ("volume", e.volume.into()),
                ("balance", e.balance.into()),
            ])
        })
        .collect();
    Ok(obj(vec![
        ("time", time.into()),
        ("bones", Out::Arr(bones)),
        ("slots", Out::Arr(slots)),
        ("drawOrder", Out::Arr(draw_order)),
        ("attachments", Out::Arr(attachments)),
        ("constraints", Out::Arr(constraints)),
        ("events", Out::Arr(events)),
    ]))
}

fn attachment(sk: &Skeleton<'_>, s: usize) -> Result<Out, PoseError> {
    let d = sk.data;
    let pose = sk.slots[s].applied();
    let Some(a) = pose.attachment else {
        return Ok(Out::Null);
    };
    let att = &d.attachments[a];
    let mut o = vec![
        ("slot", d.slots[s].name.as_str().into()),
        ("name", att.name.as_str().into()),
    ];
    match &att.kind {
        AttachmentKind::Region(r) => {
            let index = r.sequence.resolve_index(pose.sequence_index);
            let vertices = sk.world_vertices(s)?.unwrap_or_default();
            o.extend([
                ("type", "region".into()),
                ("path", r.path.as_str().into()),
                ("sequenceIndex", index.into()),
                ("color", rgba(r.color)),
                ("vertices", nums(vertices)),
                ("uvs", uvs(&r.sequence.uvs, index)),
                ("triangles", nums(QUAD_TRIANGLES)),
            ]);
        }
        AttachmentKind::Mesh(m) => {
            let index = m.sequence.resolve_index(pose.sequence_index);
            let vertices = sk.vertex_world(s, &m.vertex)?;
            o.extend([
                ("type", "mesh".into()),
                ("path", m.path.as_str().into()),
                ("sequenceIndex", index.into()),
                ("color", rgba(m.color)),
                (
                    "source",
                    m.source_mesh.map(|x| d.attachments[x].name.as_str()).into(),
                ),
                ("weighted", m.vertex.bones.is_some().into()),
                ("hullLength", m.hull_length.into()),
                ("vertices", nums(vertices)),
                ("uvs", uvs(&m.sequence.uvs, index)),
                (
                    "triangles",
                    m.triangles
                        .as_ref()
                        .map_or(Out::Null, |t| nums(t.iter().copied())),
                ),
            ]);
        }
        AttachmentKind::Point(p) => {
            let (x, y, r) = sk.point_world(s, p);
            o.extend([
                ("type", "point".into()),
                ("x", x.into()),
                ("y", y.into()),
                ("rotation", r.into()),
            ]);
        }
        AttachmentKind::BoundingBox { vertex, .. } => {
            let v = sk.vertex_world(s, vertex)?;
            o.extend([("type", "boundingbox".into()), ("vertices", nums(v))]);
        }
        AttachmentKind::Path(p) => {
            let v = sk.vertex_world(s, &p.vertex)?;
            o.extend([
                ("type", "path".into()),
                ("closed", p.closed.into()),
                ("constantSpeed", p.constant_speed.into()),
                ("lengths", nums(p.lengths.iter().copied())),
                ("vertices", nums(v)),
            ]);
        }
        AttachmentKind::Clipping(c) => {
            let v = sk.vertex_world(s, &c.vertex)?;
            o.extend([
                ("type", "clipping".into()),
                ("end", c.end_slot.map(|e| d.slots[e].name.as_str()).into()),
                ("convex", c.convex.into()),
                ("inverse", c.inverse.into()),
                ("vertices", nums(v)),
            ]);
        }
    }
    Ok(obj(o))
}
