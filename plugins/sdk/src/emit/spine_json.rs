//! This module owns the `skeleton.json` writer: the compiled model to Spine 4.3 JSON
//! text, with the object and key order of FORMAT.md §5.3 and DECISIONS.md.

use super::json_text::{num, to_text};
use crate::model::names::{AnimationGroup as Group, AttachmentTimeline, IkMix, TransformMix};
use crate::model::*;
use serde_json::{Map, Value};

/// The `skeleton.json` text of a compiled skeleton (2-space layout, trailing newline).
pub fn to_string(skeleton: &Skeleton) -> String {
    to_text(&to_value(skeleton))
}

/// The JSON value of a compiled skeleton, keys in emission order.
pub fn to_value(s: &Skeleton) -> Value {
    let mut root = Map::new();
    root.insert("skeleton".into(), header(&s.header));
    root.insert(
        "bones".into(),
        Value::Array(s.bones.iter().map(bone).collect()),
    );
    root.insert(
        "slots".into(),
        Value::Array(s.slots.iter().map(slot).collect()),
    );
    root.insert(
        "skins".into(),
        Value::Array(s.skins.iter().map(skin).collect()),
    );
    if !s.events.is_empty() {
        let mut events = Map::new();
        for e in &s.events {
            events.insert(e.name.clone(), event_def(e));
        }
        root.insert("events".into(), Value::Object(events));
    }
    let mut animations = Map::new();
    for a in &s.animations {
        animations.insert(a.name.clone(), animation(a));
    }
    root.insert("animations".into(), Value::Object(animations));
    if !s.constraints.is_empty() {
        root.insert(
            "constraints".into(),
            Value::Array(s.constraints.iter().map(constraint).collect()),
        );
    }
    Value::Object(root)
}

fn put_num(m: &mut Map<String, Value>, key: &str, v: Option<f64>) {
    if let Some(v) = v {
        m.insert(key.into(), num(v));
    }
}

fn put_str(m: &mut Map<String, Value>, key: &str, v: &Option<String>) {
    if let Some(v) = v {
        m.insert(key.into(), Value::String(v.clone()));
    }
}

fn put_bool(m: &mut Map<String, Value>, key: &str, v: Option<bool>) {
    if let Some(v) = v {
        m.insert(key.into(), Value::Bool(v));
    }
}

fn names(v: &[String]) -> Value {
    Value::Array(v.iter().cloned().map(Value::String).collect())
}

fn header(h: &Header) -> Value {
    let mut m = Map::new();
    m.insert("spine".into(), Value::String(h.spine.clone()));
    if let Some(b) = h.bounds {
        m.insert("x".into(), num(b.x));
        m.insert("y".into(), num(b.y));
        m.insert("width".into(), num(b.width));
        m.insert("height".into(), num(b.height));
    }
    put_num(&mut m, "fps", h.fps);
    put_num(&mut m, "referenceScale", h.reference_scale);
    put_str(&mut m, "images", &h.images);
    if let Some(audio) = &h.audio {
        m.insert(
            "audio".into(),
            audio.clone().map(Value::String).unwrap_or(Value::Null),
        );
    }
    Value::Object(m)
}

fn bone(b: &Bone) -> Value {
    let mut m = Map::new();
    m.insert("name".into(), Value::String(b.name.clone()));
    put_str(&mut m, "parent", &b.parent);
    put_num(&mut m, "length", b.length);
    put_num(&mut m, "x", b.x);
    put_num(&mut m, "y", b.y);
    put_num(&mut m, "rotation", b.rotation);
    put_num(&mut m, "scaleX", b.scale_x);
    put_num(&mut m, "scaleY", b.scale_y);
    put_num(&mut m, "shearX", b.shear_x);
    put_num(&mut m, "shearY", b.shear_y);
    put_str(&mut m, "inherit", &b.inherit);
    put_bool(&mut m, "skin", b.skin);
    put_str(&mut m, "color", &b.color);
    put_str(&mut m, "icon", &b.icon);
    Value::Object(m)
}

fn slot(s: &Slot) -> Value {
    let mut m = Map::new();
    m.insert("name".into(), Value::String(s.name.clone()));
    m.insert("bone".into(), Value::String(s.bone.clone()));
    put_str(&mut m, "attachment", &s.attachment);
    put_str(&mut m, "color", &s.color);
    put_str(&mut m, "dark", &s.dark);
    put_str(&mut m, "blend", &s.blend);
    Value::Object(m)
}

fn skin(s: &Skin) -> Value {
    let mut m = Map::new();
    m.insert("name".into(), Value::String(s.name.clone()));
    for (key, list) in [
        ("bones", &s.bones),
        ("ik", &s.ik),
        ("transform", &s.transform),
        ("path", &s.path),
        ("physics", &s.physics),
        ("slider", &s.slider),
    ] {
        if !list.is_empty() {
            m.insert(key.into(), names(list));
        }
    }
    let mut atts = Map::new();
    for slot in &s.attachments {
        let mut entries = Map::new();
        for (placeholder, a) in &slot.entries {
            entries.insert(placeholder.clone(), attachment(a));
        }
        atts.insert(slot.slot.clone(), Value::Object(entries));
    }
    m.insert("attachments".into(), Value::Object(atts));
    Value::Object(m)
}

fn attachment(a: &Attachment) -> Value {
    let mut m = Map::new();
    match a {
        Attachment::Region(r) => {
            m.insert("width".into(), num(r.width));
            m.insert("height".into(), num(r.height));
            put_str(&mut m, "path", &r.path);
            put_num(&mut m, "x", r.x);
            put_num(&mut m, "y", r.y);
            put_num(&mut m, "rotation", r.rotation);
            put_num(&mut m, "scaleX", r.scale_x);
            put_num(&mut m, "scaleY", r.scale_y);
            put_str(&mut m, "color", &r.color);
        }
        Attachment::BoundingBox(b) => {
            m.insert("type".into(), Value::String("boundingbox".into()));
            m.insert("vertexCount".into(), Value::from(b.vertex_count));
            m.insert("vertices".into(), vertices(&b.vertices));
            put_str(&mut m, "color", &b.color);
        }
        Attachment::Point(p) => {
            m.insert("type".into(), Value::String("point".into()));
            put_num(&mut m, "x", p.x);
            put_num(&mut m, "y", p.y);
            put_num(&mut m, "rotation", p.rotation);
            put_str(&mut m, "color", &p.color);
        }
    }
    Value::Object(m)
}

/// The flat `vertices` array: `x, y` pairs, or the weighted run
/// `boneCount, (boneIndex, x, y, weight)…` per vertex.
pub fn vertices(v: &Vertices) -> Value {
    match v {
        Vertices::Unweighted(xy) => Value::Array(xy.iter().map(|x| num(*x)).collect()),
        Vertices::Weighted(per_vertex) => {
            let mut out = Vec::new();
            for bindings in per_vertex {
                out.push(Value::from(bindings.len() as u64));
                for b in bindings {
                    out.push(Value::from(b.bone));
                    out.push(num(b.x));
                    out.push(num(b.y));
                    out.push(num(b.weight));
                }
            }
            Value::Array(out)
        }
    }
}

fn event_def(e: &EventDef) -> Value {
    let mut m = Map::new();
    if let Some(i) = e.int {
        m.insert("int".into(), Value::from(i));
    }
    put_num(&mut m, "float", e.float);
    put_str(&mut m, "string", &e.string);
    put_str(&mut m, "audio", &e.audio);
    put_num(&mut m, "volume", e.volume);
    put_num(&mut m, "balance", e.balance);
    Value::Object(m)
}

fn constraint(c: &Constraint) -> Value {
    let mut m = Map::new();
    match c {
        Constraint::Ik(k) => {
            m.insert("name".into(), Value::String(k.name.clone()));
            m.insert("type".into(), Value::String("ik".into()));
            m.insert("bones".into(), names(&k.bones));
            m.insert("target".into(), Value::String(k.target.clone()));
            put_str(&mut m, "scaleY", &k.scale_y);
            put_num(&mut m, IkMix::Mix.name(), k.mix);
            put_num(&mut m, IkMix::Softness.name(), k.softness);
            put_bool(&mut m, IkMix::BendPositive.name(), k.bend_positive);
            put_bool(&mut m, IkMix::Compress.name(), k.compress);
            put_bool(&mut m, IkMix::Stretch.name(), k.stretch);
            put_bool(&mut m, "skin", k.skin);
        }
        Constraint::Transform(t) => {
            m.insert("name".into(), Value::String(t.name.clone()));
            m.insert("type".into(), Value::String("transform".into()));
            m.insert("bones".into(), names(&t.bones));
            m.insert("source".into(), Value::String(t.source.clone()));
            if let Some(props) = &t.properties {
                let mut pm = Map::new();
                for from in props {
                    let mut fm = Map::new();
                    put_num(&mut fm, "offset", from.offset);
                    let mut tm = Map::new();
                    for to in &from.to {
                        let mut om = Map::new();
                        put_num(&mut om, "offset", to.offset);
                        put_num(&mut om, "max", to.max);
                        put_num(&mut om, "scale", to.scale);
                        tm.insert(to.name.clone(), Value::Object(om));
                    }
                    fm.insert("to".into(), Value::Object(tm));
                    pm.insert(from.name.clone(), Value::Object(fm));
                }
                m.insert("properties".into(), Value::Object(pm));
            }
            put_bool(&mut m, "localSource", t.local_source);
            put_bool(&mut m, "localTarget", t.local_target);
            put_bool(&mut m, "additive", t.additive);
            put_bool(&mut m, "clamp", t.clamp);
            put_num(&mut m, "rotation", t.rotation);
            put_num(&mut m, "x", t.x);
            put_num(&mut m, "y", t.y);
            put_num(&mut m, "scaleX", t.scale_x);
            put_num(&mut m, "scaleY", t.scale_y);
            put_num(&mut m, "shearY", t.shear_y);
            put_num(&mut m, TransformMix::Rotate.name(), t.mix_rotate);
            put_num(&mut m, TransformMix::X.name(), t.mix_x);
            put_num(&mut m, TransformMix::Y.name(), t.mix_y);
            put_num(&mut m, TransformMix::ScaleX.name(), t.mix_scale_x);
            put_num(&mut m, TransformMix::ScaleY.name(), t.mix_scale_y);
            put_num(&mut m, TransformMix::ShearY.name(), t.mix_shear_y);
            put_bool(&mut m, "skin", t.skin);
        }
    }
    Value::Object(m)
}

fn key(k: &Key) -> Value {
    let mut m = Map::new();
    m.insert("time".into(), num(k.time));
    for (name, v) in &k.fields {
        m.insert(name.clone(), key_value(v));
    }
    match &k.curve {
        None => {}
        Some(Curve::Stepped) => {
            m.insert("curve".into(), Value::String("stepped".into()));
        }
        Some(Curve::Bezier(points)) => {
            m.insert(
                "curve".into(),
                Value::Array(points.iter().map(|p| num(*p)).collect()),
            );
        }
    }
    Value::Object(m)
}

fn key_value(v: &KeyValue) -> Value {
    match v {
        KeyValue::Num(x) => num(*x),
        KeyValue::Int(i) => Value::from(*i),
        KeyValue::Bool(b) => Value::Bool(*b),
        KeyValue::Str(s) => Value::String(s.clone()),
        KeyValue::Null => Value::Null,
        KeyValue::Nums(xs) => Value::Array(xs.iter().map(|x| num(*x)).collect()),
    }
}

fn keys(ks: &[Key]) -> Value {
    Value::Array(ks.iter().map(key).collect())
}

fn target_group(groups: &[TargetTimelines]) -> Value {
    let mut m = Map::new();
    for g in groups {
        let mut tm = Map::new();
        for t in &g.timelines {
            tm.insert(t.name.clone(), keys(&t.keys));
        }
        m.insert(g.target.clone(), Value::Object(tm));
    }
    Value::Object(m)
}

fn animation(a: &Animation) -> Value {
    let mut m = Map::new();
    if !a.slots.is_empty() {
        m.insert(Group::Slots.name().into(), target_group(&a.slots));
    }
    if !a.bones.is_empty() {
        m.insert(Group::Bones.name().into(), target_group(&a.bones));
    }
    for (group, list) in [(Group::Ik, &a.ik), (Group::Transform, &a.transform)] {
        if !list.is_empty() {
            let mut gm = Map::new();
            for (name, ks) in list {
                gm.insert(name.clone(), keys(ks));
            }
            m.insert(group.name().into(), Value::Object(gm));
        }
    }
    for (group, list) in [
        (Group::Path, &a.path),
        (Group::Physics, &a.physics),
        (Group::Slider, &a.slider),
    ] {
        if !list.is_empty() {
            m.insert(group.name().into(), target_group(list));
        }
    }
    if !a.deform.is_empty() {
        let mut skins: Map<String, Value> = Map::new();
        for d in &a.deform {
            let skin = skins
                .entry(d.skin.clone())
                .or_insert_with(|| Value::Object(Map::new()));
            if let Value::Object(slots) = skin {
                let slot = slots
                    .entry(d.slot.clone())
                    .or_insert_with(|| Value::Object(Map::new()));
                if let Value::Object(atts) = slot {
                    let mut tl = Map::new();
                    tl.insert(AttachmentTimeline::Deform.name().into(), keys(&d.keys));
                    atts.insert(d.attachment.clone(), Value::Object(tl));
                }
            }
        }
        m.insert(Group::Attachments.name().into(), Value::Object(skins));
    }
    if let Some(dk) = &a.draw_order {
        let list = dk
            .iter()
            .map(|k| {
                let mut km = Map::new();
                km.insert("time".into(), num(k.time));
                if let Some(offsets) = &k.offsets {
                    let os = offsets
                        .iter()
                        .map(|o| {
                            let mut om = Map::new();
                            om.insert("slot".into(), Value::String(o.slot.clone()));
                            om.insert("offset".into(), Value::from(o.offset));
                            Value::Object(om)
                        })
                        .collect();
                    km.insert("offsets".into(), Value::Array(os));
                }
                Value::Object(km)
            })
            .collect();
        m.insert(Group::DrawOrder.name().into(), Value::Array(list));
    }
    if let Some(ev) = &a.events {
        let list = ev
            .iter()
            .map(|e| {
                let mut em = Map::new();
                em.insert("time".into(), num(e.time));
                em.insert("name".into(), Value::String(e.name.clone()));
                if let Some(i) = e.int {
                    em.insert("int".into(), Value::from(i));
                }
                put_num(&mut em, "float", e.float);
                put_str(&mut em, "string", &e.string);
                put_num(&mut em, "volume", e.volume);
                put_num(&mut em, "balance", e.balance);
                Value::Object(em)
            })
            .collect();
        m.insert(Group::Events.name().into(), Value::Array(list));
    }
    Value::Object(m)
}
