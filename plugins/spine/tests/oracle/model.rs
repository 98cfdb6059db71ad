//! Our data model printed in the shape of `dump.mjs`'s spine-core dump, and
//! the tolerant structural comparison used on the two.

#![allow(dead_code)]

use rigc_spine::data::{
    Attachment, AttachmentKind, Color, ConstraintKind, Property, Sequence, SkeletonData, Timeline,
    TimelineKind as K, VertexData,
};
use rigc_spine::json::{js_number_string, string_to_number};
use serde_json::{json, Value};

fn n(x: f64) -> Value {
    if x.is_finite() {
        json!(x)
    } else {
        json!(x.to_string().replace("inf", "Infinity"))
    }
}
fn nf(x: f32) -> Value {
    n(f64::from(x))
}
fn on(x: Option<f64>) -> Value {
    x.map_or(Value::Null, n)
}
fn col(c: Color) -> Value {
    json!([n(c.r), n(c.g), n(c.b), n(c.a)])
}
fn fl(v: &[f32]) -> Value {
    Value::Array(v.iter().map(|&x| nf(x)).collect())
}
fn dl(v: &[f64]) -> Value {
    Value::Array(v.iter().map(|&x| n(x)).collect())
}

fn prop_name(p: Property, from: bool) -> String {
    let s = match p {
        Property::Rotate => "Rotate",
        Property::X => "X",
        Property::Y => "Y",
        Property::ScaleX => "ScaleX",
        Property::ScaleY => "ScaleY",
        Property::ShearY => "ShearY",
    };
    format!("{}{s}", if from { "From" } else { "To" })
}

fn seq(s: &Sequence) -> Value {
    json!({
        "count": s.regions.len(), "start": n(s.start), "digits": n(s.digits), "setupIndex": n(s.setup_index),
        "pathSuffix": s.path_suffix, "regions": s.regions.iter().map(|r| r.name.clone()).collect::<Vec<_>>(),
        "uvs": s.uvs.iter().map(|u| fl(u)).collect::<Vec<_>>(),
        "offsets": s.offsets.as_ref().map(|o| o.iter().map(|x| dl(x)).collect::<Vec<_>>()),
    })
}

fn vtx(v: &VertexData, o: &mut serde_json::Map<String, Value>) {
    o.insert(
        "bones".into(),
        v.bones.as_ref().map_or(Value::Null, |b| dl(b)),
    );
    o.insert("vertices".into(), fl(&v.vertices));
    o.insert("worldVerticesLength".into(), n(v.world_vertices_length));
}

fn attachment(d: &SkeletonData, a: &Attachment) -> serde_json::Map<String, Value> {
    let mut o = serde_json::Map::new();
    o.insert("name".into(), json!(a.name));
    o.insert(
        "timeline".into(),
        json!(d.attachments[a.timeline_attachment].name),
    );
    o.insert("timelineSlots".into(), json!(a.timeline_slots));
    let mut put = |k: &str, v: Value| {
        o.insert(k.into(), v);
    };
    match &a.kind {
        AttachmentKind::Region(r) => {
            put("type", json!("region"));
            put("path", json!(r.path));
            for (k, v) in [
                ("x", r.x),
                ("y", r.y),
                ("scaleX", r.scale_x),
                ("scaleY", r.scale_y),
                ("rotation", r.rotation),
                ("width", r.width),
                ("height", r.height),
            ] {
                put(k, n(v));
            }
            put("color", col(r.color));
            put("sequence", seq(&r.sequence));
        }
        AttachmentKind::Mesh(m) => {
            put("type", json!("mesh"));
            put("path", json!(m.path));
            put("color", col(m.color));
            put("regionUVs", dl(&m.region_uvs));
            put(
                "triangles",
                m.triangles.as_ref().map_or(Value::Null, |t| dl(t)),
            );
            put("hullLength", n(m.hull_length));
            put("edges", m.edges.as_ref().map_or(Value::Null, |e| dl(e)));
            put("width", n(m.width));
            put("height", n(m.height));
            put(
                "source",
                m.source_mesh
                    .map_or(Value::Null, |s| json!(d.attachments[s].name)),
            );
            put("sequence", seq(&m.sequence));
            vtx(&m.vertex, &mut o);
        }
        AttachmentKind::BoundingBox { vertex, color } => {
            put("type", json!("boundingbox"));
            put("color", col(*color));
            vtx(vertex, &mut o);
        }
        AttachmentKind::Path(p) => {
            put("type", json!("path"));
            put("closed", json!(p.closed));
            put("constantSpeed", json!(p.constant_speed));
            put("lengths", dl(&p.lengths));
            put("color", col(p.color));
            vtx(&p.vertex, &mut o);
        }
        AttachmentKind::Point(p) => {
            put("type", json!("point"));
            for (k, v) in [("x", p.x), ("y", p.y), ("rotation", p.rotation)] {
                put(k, n(v));
            }
            put("color", col(p.color));
        }
        AttachmentKind::Clipping(c) => {
            put("type", json!("clipping"));
            put("end", json!(c.end_slot));
            put("convex", json!(c.convex));
            put("inverse", json!(c.inverse));
            put("color", col(c.color));
            vtx(&c.vertex, &mut o);
        }
    }
    o
}

fn timeline(d: &SkeletonData, t: &Timeline) -> Value {
    let (ty, index): (&str, Option<(&str, i64)>) = match &t.kind {
        K::Rotate(b) => ("RotateTimeline", Some(("boneIndex", *b as i64))),
        K::Translate(b) => ("TranslateTimeline", Some(("boneIndex", *b as i64))),
        K::TranslateX(b) => ("TranslateXTimeline", Some(("boneIndex", *b as i64))),
        K::TranslateY(b) => ("TranslateYTimeline", Some(("boneIndex", *b as i64))),
        K::Scale(b) => ("ScaleTimeline", Some(("boneIndex", *b as i64))),
        K::ScaleX(b) => ("ScaleXTimeline", Some(("boneIndex", *b as i64))),
        K::ScaleY(b) => ("ScaleYTimeline", Some(("boneIndex", *b as i64))),
        K::Shear(b) => ("ShearTimeline", Some(("boneIndex", *b as i64))),
        K::ShearX(b) => ("ShearXTimeline", Some(("boneIndex", *b as i64))),
        K::ShearY(b) => ("ShearYTimeline", Some(("boneIndex", *b as i64))),
        K::Inherit(b, _) => ("InheritTimeline", Some(("boneIndex", *b as i64))),
        K::Attachment(s, _) => ("AttachmentTimeline", Some(("slotIndex", *s as i64))),
        K::Rgba(s) => ("RGBATimeline", Some(("slotIndex", *s as i64))),
        K::Rgb(s) => ("RGBTimeline", Some(("slotIndex", *s as i64))),
        K::Alpha(s) => ("AlphaTimeline", Some(("slotIndex", *s as i64))),
        K::Rgba2(s) => ("RGBA2Timeline", Some(("slotIndex", *s as i64))),
        K::Rgb2(s) => ("RGB2Timeline", Some(("slotIndex", *s as i64))),
        K::Deform { slot, .. } => ("DeformTimeline", Some(("slotIndex", *slot as i64))),
        K::Sequence { slot, .. } => ("SequenceTimeline", Some(("slotIndex", *slot as i64))),
        K::Event(_) => ("EventTimeline", None),
        K::DrawOrder(_) => ("DrawOrderTimeline", None),
        K::DrawOrderFolder { .. } => ("DrawOrderFolderTimeline", None),
        K::Ik(c) => ("IkConstraintTimeline", Some(("constraintIndex", *c as i64))),
        K::Transform(c) => (
            "TransformConstraintTimeline",
            Some(("constraintIndex", *c as i64)),
        ),
        K::PathPosition(c) => (
            "PathConstraintPositionTimeline",
            Some(("constraintIndex", *c as i64)),
        ),
        K::PathSpacing(c) => (
            "PathConstraintSpacingTimeline",
            Some(("constraintIndex", *c as i64)),
        ),
        K::PathMix(c) => (
            "PathConstraintMixTimeline",
            Some(("constraintIndex", *c as i64)),
        ),
        K::Physics(c, v) => {
            let name = match v {
                rigc_spine::data::PhysicsValue::Inertia => "PhysicsConstraintInertiaTimeline",
                rigc_spine::data::PhysicsValue::Strength => "PhysicsConstraintStrengthTimeline",
                rigc_spine::data::PhysicsValue::Damping => "PhysicsConstraintDampingTimeline",
                rigc_spine::data::PhysicsValue::Mass => "PhysicsConstraintMassTimeline",
                rigc_spine::data::PhysicsValue::Wind => "PhysicsConstraintWindTimeline",
                rigc_spine::data::PhysicsValue::Gravity => "PhysicsConstraintGravityTimeline",
                rigc_spine::data::PhysicsValue::Mix => "PhysicsConstraintMixTimeline",
            };
            (name, Some(("constraintIndex", c.map_or(-1, |c| c as i64))))
        }
        K::PhysicsReset(c) => (
            "PhysicsConstraintResetTimeline",
            Some(("constraintIndex", c.map_or(-1, |c| c as i64))),
        ),
        K::Slider(c) => ("SliderTimeline", Some(("constraintIndex", *c as i64))),
        K::SliderMix(c) => ("SliderMixTimeline", Some(("constraintIndex", *c as i64))),
    };
    let curved = !matches!(
        t.kind,
        K::Inherit(..)
            | K::Attachment(..)
            | K::Sequence { .. }
            | K::Event(_)
            | K::DrawOrder(_)
            | K::DrawOrderFolder { .. }
            | K::PhysicsReset(_)
    );
    let mut o = json!({ "type": ty, "frames": fl(&t.frames), "curves": if curved { fl(&t.curves) } else { Value::Null } });
    if let Some((k, v)) = index {
        o[k] = json!(v);
    }
    let order = |v: &Vec<Option<Vec<Option<usize>>>>| json!(v);
    match &t.kind {
        K::Attachment(_, names) => o["names"] = json!(names),
        K::Deform {
            attachment,
            vertices,
            ..
        } => {
            o["attachment"] = json!(d.attachments[*attachment].name);
            o["vertices"] = Value::Array(
                vertices
                    .iter()
                    .map(|v| v.as_ref().map_or(Value::Null, |v| fl(v)))
                    .collect(),
            );
        }
        K::Sequence { attachment, .. } => o["attachment"] = json!(d.attachments[*attachment].name),
        K::Event(events) => {
            o["events"] = Value::Array(
                events
                    .iter()
                    .map(|e| {
                        json!([
                            n(e.time),
                            d.events[e.data].name,
                            n(e.int_value),
                            n(e.float_value),
                            e.string_value,
                            n(e.volume),
                            n(e.balance)
                        ])
                    })
                    .collect(),
            )
        }
        K::DrawOrder(orders) => o["drawOrders"] = order(orders),
        K::DrawOrderFolder { slots, orders } => {
            o["drawOrders"] = order(orders);
            o["slots"] = json!(slots);
        }
        _ => {}
    }
    o
}

pub fn dump(d: &SkeletonData) -> Value {
    let constraints: Vec<Value> = d
        .constraints
        .iter()
        .map(|c| {
            let mut o = json!({ "name": c.name, "skinRequired": c.skin_required });
            let extra = match &c.kind {
                ConstraintKind::Ik(k) => json!({ "type": "ik", "bones": k.bones, "target": k.target,
                    "scaleYMode": k.scale_y_mode.map(|m| m as u8), "mix": n(k.setup.mix), "softness": n(k.setup.softness),
                    "bendDirection": n(k.setup.bend_direction), "compress": k.setup.compress, "stretch": k.setup.stretch }),
                ConstraintKind::Transform(t) => json!({ "type": "transform", "bones": t.bones, "source": t.source, "offsets": dl(&t.offsets),
                    "localSource": t.local_source, "localTarget": t.local_target, "additive": t.additive, "clamp": t.clamp,
                    "properties": t.properties.iter().map(|p| json!({ "from": prop_name(p.property, true), "offset": n(p.offset),
                        "to": p.to.iter().map(|t| json!({ "to": prop_name(t.property, false), "offset": n(t.offset), "max": n(t.max), "scale": n(t.scale) })).collect::<Vec<_>>() })).collect::<Vec<_>>(),
                    "mixes": dl(&[t.setup.mix_rotate, t.setup.mix_x, t.setup.mix_y, t.setup.mix_scale_x, t.setup.mix_scale_y, t.setup.mix_shear_y]) }),
                ConstraintKind::Path(p) => json!({ "type": "path", "bones": p.bones, "slot": p.slot,
                    "positionMode": p.position_mode.map(|m| m as u8), "spacingMode": p.spacing_mode.map(|m| m as u8),
                    "rotateMode": p.rotate_mode.map(|m| m as u8), "offsetRotation": n(p.offset_rotation),
                    "pose": dl(&[p.setup.position, p.setup.spacing, p.setup.mix_rotate, p.setup.mix_x, p.setup.mix_y]) }),
                ConstraintKind::Physics(p) => json!({ "type": "physics", "bone": p.bone, "x": n(p.x), "y": n(p.y), "rotate": n(p.rotate),
                    "scaleX": n(p.scale_x), "shearX": n(p.shear_x), "scaleYMode": p.scale_y_mode.map(|m| m as u8), "limit": n(p.limit),
                    "step": n(p.step), "globals": p.globals,
                    "pose": dl(&[p.setup.inertia, p.setup.strength, p.setup.damping, p.setup.mass_inverse, p.setup.wind, p.setup.gravity, p.setup.mix]) }),
                ConstraintKind::Slider(s) => json!({ "type": "slider", "animation": s.animation.map(|a| d.animations[a].name.clone()),
                    "additive": s.additive, "loop": s.looped, "bone": s.bone, "property": s.property.as_ref().map(|p| prop_name(p.property, true)),
                    "from": s.property.as_ref().map(|p| n(p.offset)), "scale": n(s.scale), "offset": n(s.offset), "local": s.local,
                    "max": n(s.max), "time": n(s.setup.time), "mix": n(s.setup.mix) }),
            };
            if let (Some(o), Some(e)) = (o.as_object_mut(), extra.as_object()) {
                o.extend(e.clone());
            }
            o
        })
        .collect();
    json!({
        "header": [on(d.x), on(d.y), on(d.width), on(d.height), on(d.fps), n(d.reference_scale), d.version, d.hash, d.images_path, d.audio_path],
        "bones": d.bones.iter().map(|b| json!({ "name": b.name, "parent": b.parent, "length": n(b.length),
            "setup": dl(&[b.setup.x, b.setup.y, b.setup.rotation, b.setup.scale_x, b.setup.scale_y, b.setup.shear_x, b.setup.shear_y]),
            "inherit": b.setup.inherit.map(|i| i as u8), "skinRequired": b.skin_required, "color": col(b.color), "icon": b.icon,
            "iconSize": n(b.icon_size), "iconRotation": n(b.icon_rotation) })).collect::<Vec<_>>(),
        "slots": d.slots.iter().map(|s| json!({ "name": s.name, "bone": s.bone, "color": col(s.color), "dark": s.dark_color.map(col),
            "attachment": s.attachment_name, "blend": s.blend_mode.map(|m| m as u8), "visible": s.visible })).collect::<Vec<_>>(),
        "constraints": constraints,
        "skins": d.skins.iter().map(|s| json!({ "name": s.name, "bones": s.bones, "constraints": s.constraints,
            "attachments": s.entries().map(|(slot, e)| {
                let mut o = serde_json::Map::new();
                o.insert("slot".into(), json!(slot));
                o.insert("placeholder".into(), json!(e.placeholder));
                o.extend(attachment(d, &d.attachments[e.attachment]));
                Value::Object(o)
            }).collect::<Vec<_>>() })).collect::<Vec<_>>(),
        "defaultSkin": d.default_skin.map(|s| d.skins[s].name.clone()),
        "events": d.events.iter().map(|e| json!([e.name, n(e.int_value), n(e.float_value), e.string_value, e.audio_path, n(e.volume), n(e.balance)])).collect::<Vec<_>>(),
        "animations": d.animations.iter().map(|a| json!({ "name": a.name, "duration": n(a.duration), "bones": a.bones,
            "color": col(a.color.unwrap_or(Color::WHITE)), "timelines": a.timelines.iter().map(|t| timeline(d, t)).collect::<Vec<_>>() })).collect::<Vec<_>>(),
    })
}

/// Structural equality; numbers within 1e-12 (relative), NaN equal to NaN,
/// `undefined` equal to `null`, a stored `null` equal to our 0.
pub fn same(path: &str, ours: &Value, theirs: &Value, count: &mut usize) {
    match (ours, theirs) {
        (Value::Number(a), Value::Number(b)) => {
            let (a, b) = (
                a.as_f64().unwrap_or(f64::NAN),
                b.as_f64().unwrap_or(f64::NAN),
            );
            assert!(
                (a - b).abs() <= 1e-12 * a.abs().max(b.abs()).max(1.0),
                "{path}: ours {a} theirs {b}"
            );
            *count += 1;
        }
        (Value::Null, Value::String(s)) | (Value::String(s), Value::Null) if s == "undefined" => {}
        // A JSON `null` the runtime stores raw where a number goes acts as 0
        // in every arithmetic use; the model stores the 0.
        (Value::Number(a), Value::Null) if a.as_f64() == Some(0.0) => {}
        (Value::Array(a), Value::Array(b)) => {
            assert_eq!(a.len(), b.len(), "{path}: length");
            for (i, (x, y)) in a.iter().zip(b).enumerate() {
                same(&format!("{path}[{i}]"), x, y, count);
            }
        }
        (Value::Object(a), Value::Object(b)) => {
            for (k, y) in b {
                let x = a
                    .get(k)
                    .unwrap_or_else(|| panic!("{path}.{k}: missing on our side"));
                same(&format!("{path}.{k}"), x, y, count);
            }
            for k in a.keys() {
                assert!(
                    b.contains_key(k),
                    "{path}.{k}: missing on spine-core's side"
                );
            }
        }
        // A raw non-number the runtime stores where a number goes: the model
        // holds its ToNumber (recorded as a finding when read).
        (Value::Number(_), b) | (Value::String(_), b) if is_number(ours) && !is_number(b) => {
            let a = as_f64(ours);
            let t = to_number(b);
            assert!(
                a.to_bits() == t.to_bits() || (a.is_nan() && t.is_nan()) || a == t,
                "{path}: ours {a} theirs {b} (ToNumber {t})"
            );
        }
        // A raw value used for its truthiness.
        (Value::Bool(a), b) if !b.is_boolean() => {
            assert_eq!(*a, truthy(b), "{path}: truthiness of {b}")
        }
        // A number used as a name.
        (Value::String(a), Value::Number(b)) => {
            assert_eq!(
                a,
                &js_number_string(b.as_f64().unwrap_or(f64::NAN)),
                "{path}"
            )
        }
        // A non-string stored where a string goes: the model holds String(v).
        (Value::String(a), b) if b.is_array() || b.is_object() || b.is_boolean() => {
            assert_eq!(a, &js_string(b), "{path}")
        }
        (a, b) => assert_eq!(a, b, "{path}"),
    }
}

fn is_number(v: &Value) -> bool {
    match v {
        Value::Number(_) => true,
        Value::String(s) => matches!(s.as_str(), "NaN" | "Infinity" | "-Infinity"),
        _ => false,
    }
}

fn as_f64(v: &Value) -> f64 {
    match v {
        Value::Number(n) => n.as_f64().unwrap_or(f64::NAN),
        Value::String(s) if s == "Infinity" => f64::INFINITY,
        Value::String(s) if s == "-Infinity" => f64::NEG_INFINITY,
        _ => f64::NAN,
    }
}

/// JavaScript's ToNumber of a JSON value.
fn to_number(v: &Value) -> f64 {
    match v {
        Value::Null => 0.0,
        Value::Bool(b) => f64::from(u8::from(*b)),
        Value::Number(n) => n.as_f64().unwrap_or(f64::NAN),
        Value::String(s) if s == "undefined" => f64::NAN,
        Value::String(s) => string_to_number(s),
        Value::Array(a) => match a.as_slice() {
            [] => 0.0,
            [x] => match x {
                Value::Null => 0.0,
                Value::String(s) => string_to_number(s),
                Value::Number(_) => to_number(x),
                Value::Bool(_) | Value::Object(_) => f64::NAN,
                Value::Array(_) => to_number(x),
            },
            _ => f64::NAN,
        },
        Value::Object(_) => f64::NAN,
    }
}

fn truthy(v: &Value) -> bool {
    match v {
        Value::Null => false,
        Value::Bool(b) => *b,
        Value::Number(n) => n.as_f64().is_some_and(|x| x != 0.0 && !x.is_nan()),
        Value::String(s) => !s.is_empty() && s != "undefined",
        _ => true,
    }
}

/// JavaScript's String(v) of a JSON value.
fn js_string(v: &Value) -> String {
    match v {
        Value::Null => "null".into(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => js_number_string(n.as_f64().unwrap_or(f64::NAN)),
        Value::String(s) => s.clone(),
        Value::Array(a) => a
            .iter()
            .map(|x| {
                if x.is_null() {
                    String::new()
                } else {
                    js_string(x)
                }
            })
            .collect::<Vec<_>>()
            .join(","),
        Value::Object(_) => "[object Object]".into(),
    }
}
