//! This module owns the `skeleton.json` writer: the compiled model to Spine 4.3 JSON
//! text, with the object and key order of FORMAT.md §5.3 and DECISIONS.md. A
//! number a float32 cannot hold is refused with the pointer it would have been
//! written at ([`Unwritable`]); no number is ever written as `null`.

pub use super::json_text::Unwritable;
use super::json_text::{num, to_text};
use crate::model::names::{
    AnimationGroup as Group, AttachmentTimeline, IkMix, PathMix, TransformMix,
};
use crate::model::*;
use serde_json::{Map, Value};

mod slider;

/// What a builder of this module answers: a value, or the number it could
/// not write and where.
type Built<T = Value> = Result<T, Unwritable>;

/// The `skeleton.json` text of a compiled skeleton (2-space layout, trailing
/// newline), or the first number in it a float32 cannot hold.
pub fn to_string(skeleton: &Skeleton) -> Result<String, Unwritable> {
    to_text(&to_value(skeleton)?)
}

/// The JSON value of a compiled skeleton, keys in emission order, or the first
/// number in it a float32 cannot hold.
pub fn to_value(s: &Skeleton) -> Built {
    let mut root = Map::new();
    put(&mut root, "skeleton", header(&s.header))?;
    put(&mut root, "bones", array(&s.bones, bone))?;
    root.insert(
        "slots".into(),
        Value::Array(s.slots.iter().map(slot).collect()),
    );
    put(&mut root, "skins", array(&s.skins, skin))?;
    if !s.events.is_empty() {
        let mut events = Map::new();
        for e in &s.events {
            put(&mut events, &e.name, event_def(e)).map_err(|e| e.within("events"))?;
        }
        root.insert("events".into(), Value::Object(events));
    }
    let mut animations = Map::new();
    for a in &s.animations {
        put(&mut animations, &a.name, animation(a)).map_err(|e| e.within("animations"))?;
    }
    root.insert("animations".into(), Value::Object(animations));
    if !s.constraints.is_empty() {
        put(&mut root, "constraints", array(&s.constraints, constraint))?;
    }
    Ok(Value::Object(root))
}

/// Inserts `key: v`, or places `v`'s refusal under `key`.
fn put(m: &mut Map<String, Value>, key: &str, v: Built) -> Built<()> {
    m.insert(key.into(), v.map_err(|e| e.within(key))?);
    Ok(())
}

/// Each of `items` built by `f`, as an array; a refusal placed at its index.
fn array<T>(items: &[T], f: impl Fn(&T) -> Built) -> Built {
    items
        .iter()
        .enumerate()
        .map(|(i, x)| f(x).map_err(|e| e.within(i)))
        .collect::<Built<Vec<Value>>>()
        .map(Value::Array)
}

/// The numbers `xs`, as an array.
fn nums(xs: &[f64]) -> Built {
    array(xs, |x| num(*x))
}

fn put_num(m: &mut Map<String, Value>, key: &str, v: Option<f64>) -> Built<()> {
    match v {
        Some(v) => put(m, key, num(v)),
        None => Ok(()),
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

fn header(h: &Header) -> Built {
    let mut m = Map::new();
    m.insert("spine".into(), Value::String(h.spine.clone()));
    if let Some(b) = h.bounds {
        put(&mut m, "x", num(b.x))?;
        put(&mut m, "y", num(b.y))?;
        put(&mut m, "width", num(b.width))?;
        put(&mut m, "height", num(b.height))?;
    }
    put_num(&mut m, "fps", h.fps)?;
    put_num(&mut m, "referenceScale", h.reference_scale)?;
    put_str(&mut m, "images", &h.images);
    if let Some(audio) = &h.audio {
        m.insert(
            "audio".into(),
            audio.clone().map(Value::String).unwrap_or(Value::Null),
        );
    }
    Ok(Value::Object(m))
}

fn bone(b: &Bone) -> Built {
    let mut m = Map::new();
    m.insert("name".into(), Value::String(b.name.clone()));
    put_str(&mut m, "parent", &b.parent);
    put_num(&mut m, "length", b.length)?;
    put_num(&mut m, "x", b.x)?;
    put_num(&mut m, "y", b.y)?;
    put_num(&mut m, "rotation", b.rotation)?;
    put_num(&mut m, "scaleX", b.scale_x)?;
    put_num(&mut m, "scaleY", b.scale_y)?;
    put_num(&mut m, "shearX", b.shear_x)?;
    put_num(&mut m, "shearY", b.shear_y)?;
    put_str(&mut m, "inherit", &b.inherit);
    put_bool(&mut m, "skin", b.skin);
    put_str(&mut m, "color", &b.color);
    put_str(&mut m, "icon", &b.icon);
    Ok(Value::Object(m))
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

fn skin(s: &Skin) -> Built {
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
            put(&mut entries, placeholder, attachment(a))
                .map_err(|e| e.within(&slot.slot).within("attachments"))?;
        }
        atts.insert(slot.slot.clone(), Value::Object(entries));
    }
    m.insert("attachments".into(), Value::Object(atts));
    Ok(Value::Object(m))
}

fn attachment(a: &Attachment) -> Built {
    let mut m = Map::new();
    match a {
        Attachment::Region(r) => {
            put(&mut m, "width", num(r.width))?;
            put(&mut m, "height", num(r.height))?;
            put_str(&mut m, "path", &r.path);
            put_num(&mut m, "x", r.x)?;
            put_num(&mut m, "y", r.y)?;
            put_num(&mut m, "rotation", r.rotation)?;
            put_num(&mut m, "scaleX", r.scale_x)?;
            put_num(&mut m, "scaleY", r.scale_y)?;
            put_str(&mut m, "color", &r.color);
            put_sequence(&mut m, &r.sequence);
        }
        Attachment::BoundingBox(b) => {
            m.insert("type".into(), Value::String("boundingbox".into()));
            m.insert("vertexCount".into(), Value::from(b.vertex_count));
            put(&mut m, "vertices", vertices(&b.vertices))?;
            put_str(&mut m, "color", &b.color);
        }
        Attachment::Mesh(mesh) => {
            m.insert("type".into(), Value::String("mesh".into()));
            put(&mut m, "uvs", nums(&mesh.uvs))?;
            m.insert("triangles".into(), mesh.triangles.iter().copied().collect());
            put(&mut m, "vertices", vertices(&mesh.vertices))?;
            m.insert("hull".into(), Value::from(mesh.hull));
            put(&mut m, "width", num(mesh.width))?;
            put(&mut m, "height", num(mesh.height))?;
            put_str(&mut m, "path", &mesh.path);
            m.insert("edges".into(), mesh.edges.iter().copied().collect());
            put_str(&mut m, "color", &mesh.color);
            put_sequence(&mut m, &mesh.sequence);
        }
        Attachment::Clipping(c) => {
            m.insert("type".into(), Value::String("clipping".into()));
            put_str(&mut m, "end", &c.end);
            put_bool(&mut m, "convex", c.convex);
            put_bool(&mut m, "inverse", c.inverse);
            m.insert("vertexCount".into(), Value::from(c.vertex_count));
            put(&mut m, "vertices", vertices(&c.vertices))?;
            put_str(&mut m, "color", &c.color);
        }
        Attachment::LinkedMesh(l) => {
            m.insert("type".into(), Value::String("linkedmesh".into()));
            m.insert("source".into(), Value::String(l.source.clone()));
            put_str(&mut m, "skin", &l.skin);
            put_str(&mut m, "slot", &l.slot);
            put_bool(&mut m, "timelines", l.timelines);
            put_str(&mut m, "path", &l.path);
            put_num(&mut m, "width", l.width)?;
            put_num(&mut m, "height", l.height)?;
            put_str(&mut m, "color", &l.color);
            put_sequence(&mut m, &l.sequence);
        }
        Attachment::Point(p) => {
            m.insert("type".into(), Value::String("point".into()));
            put_num(&mut m, "x", p.x)?;
            put_num(&mut m, "y", p.y)?;
            put_num(&mut m, "rotation", p.rotation)?;
            put_str(&mut m, "color", &p.color);
        }
        Attachment::Path(p) => {
            m.insert("type".into(), Value::String("path".into()));
            put_bool(&mut m, "closed", p.closed);
            put_bool(&mut m, "constantSpeed", p.constant_speed);
            m.insert("vertexCount".into(), Value::from(p.vertex_count));
            put(&mut m, "vertices", vertices(&p.vertices))?;
            put(&mut m, "lengths", nums(&p.lengths))?;
            put_str(&mut m, "color", &p.color);
        }
    }
    Ok(Value::Object(m))
}

/// A `sequence` block (FORMAT.md §2.7.8): `count`, then `start`, `digits`
/// and `setup` as declared.
fn put_sequence(m: &mut Map<String, Value>, seq: &Option<Sequence>) {
    let Some(seq) = seq else { return };
    let mut o = Map::new();
    o.insert("count".into(), Value::from(seq.count));
    for (key, v) in [
        ("start", seq.start),
        ("digits", seq.digits),
        ("setup", seq.setup),
    ] {
        if let Some(v) = v {
            o.insert(key.into(), Value::from(v));
        }
    }
    m.insert("sequence".into(), Value::Object(o));
}

/// The flat `vertices` array: `x, y` pairs, or the weighted run
/// `boneCount, (boneIndex, x, y, weight)…` per vertex.
pub fn vertices(v: &Vertices) -> Built {
    match v {
        Vertices::Unweighted(xy) => nums(xy),
        Vertices::Weighted(per_vertex) => {
            let mut out = Vec::new();
            for bindings in per_vertex {
                out.push(Value::from(bindings.len() as u64));
                for b in bindings {
                    out.push(Value::from(b.bone));
                    for x in [b.x, b.y, b.weight] {
                        let at = out.len();
                        out.push(num(x).map_err(|e| e.within(at))?);
                    }
                }
            }
            Ok(Value::Array(out))
        }
    }
}

fn event_def(e: &EventDef) -> Built {
    let mut m = Map::new();
    if let Some(i) = e.int {
        m.insert("int".into(), Value::from(i));
    }
    put_num(&mut m, "float", e.float)?;
    put_str(&mut m, "string", &e.string);
    put_str(&mut m, "audio", &e.audio);
    put_num(&mut m, "volume", e.volume)?;
    put_num(&mut m, "balance", e.balance)?;
    Ok(Value::Object(m))
}

fn constraint(c: &Constraint) -> Built {
    let mut m = Map::new();
    match c {
        Constraint::Ik(k) => {
            m.insert("name".into(), Value::String(k.name.clone()));
            m.insert("type".into(), Value::String("ik".into()));
            m.insert("bones".into(), names(&k.bones));
            m.insert("target".into(), Value::String(k.target.clone()));
            put_str(&mut m, "scaleY", &k.scale_y);
            put_num(&mut m, IkMix::Mix.name(), k.mix)?;
            put_num(&mut m, IkMix::Softness.name(), k.softness)?;
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
                    put(&mut pm, &from.name, transform_from(from))
                        .map_err(|e| e.within("properties"))?;
                }
                m.insert("properties".into(), Value::Object(pm));
            }
            put_bool(&mut m, "localSource", t.local_source);
            put_bool(&mut m, "localTarget", t.local_target);
            put_bool(&mut m, "additive", t.additive);
            put_bool(&mut m, "clamp", t.clamp);
            put_num(&mut m, "rotation", t.rotation)?;
            put_num(&mut m, "x", t.x)?;
            put_num(&mut m, "y", t.y)?;
            put_num(&mut m, "scaleX", t.scale_x)?;
            put_num(&mut m, "scaleY", t.scale_y)?;
            put_num(&mut m, "shearY", t.shear_y)?;
            put_num(&mut m, TransformMix::Rotate.name(), t.mix_rotate)?;
            put_num(&mut m, TransformMix::X.name(), t.mix_x)?;
            put_num(&mut m, TransformMix::Y.name(), t.mix_y)?;
            put_num(&mut m, TransformMix::ScaleX.name(), t.mix_scale_x)?;
            put_num(&mut m, TransformMix::ScaleY.name(), t.mix_scale_y)?;
            put_num(&mut m, TransformMix::ShearY.name(), t.mix_shear_y)?;
            put_bool(&mut m, "skin", t.skin);
        }
        Constraint::Slider(sl) => slider::fields(&mut m, sl)?,
        Constraint::Physics(p) => {
            m.insert("name".into(), Value::String(p.name.clone()));
            m.insert("type".into(), Value::String("physics".into()));
            m.insert("bone".into(), Value::String(p.bone.clone()));
            for (name, v) in p.components() {
                put_num(&mut m, name, v)?;
            }
            put_str(&mut m, "scaleY", &p.scale_y);
            for (name, v) in p.parameters() {
                put_num(&mut m, name, v)?;
            }
            for (name, v) in PHYSICS_GLOBALS.iter().zip(p.globals) {
                put_bool(&mut m, name, v);
            }
            put_bool(&mut m, "skin", p.skin);
        }
        Constraint::Path(p) => {
            m.insert("name".into(), Value::String(p.name.clone()));
            m.insert("type".into(), Value::String("path".into()));
            m.insert("bones".into(), names(&p.bones));
            m.insert("slot".into(), Value::String(p.slot.clone()));
            put_str(&mut m, "positionMode", &p.position_mode);
            put_str(&mut m, "spacingMode", &p.spacing_mode);
            put_str(&mut m, "rotateMode", &p.rotate_mode);
            put_num(&mut m, "rotation", p.rotation)?;
            put_num(&mut m, "position", p.position)?;
            put_num(&mut m, "spacing", p.spacing)?;
            put_num(&mut m, PathMix::Rotate.name(), p.mix_rotate)?;
            put_num(&mut m, PathMix::X.name(), p.mix_x)?;
            put_num(&mut m, PathMix::Y.name(), p.mix_y)?;
            put_bool(&mut m, "skin", p.skin);
        }
    }
    Ok(Value::Object(m))
}

/// One source property of a transform constraint: its offset and targets.
fn transform_from(from: &TransformFrom) -> Built {
    let mut fm = Map::new();
    put_num(&mut fm, "offset", from.offset)?;
    let mut tm = Map::new();
    for to in &from.to {
        let target = || -> Built {
            let mut om = Map::new();
            put_num(&mut om, "offset", to.offset)?;
            put_num(&mut om, "max", to.max)?;
            put_num(&mut om, "scale", to.scale)?;
            Ok(Value::Object(om))
        };
        put(&mut tm, &to.name, target()).map_err(|e| e.within("to"))?;
    }
    fm.insert("to".into(), Value::Object(tm));
    Ok(Value::Object(fm))
}

fn key(k: &Key) -> Built {
    let mut m = Map::new();
    put(&mut m, "time", num(k.time))?;
    for (name, v) in &k.fields {
        put(&mut m, name, key_value(v))?;
    }
    match &k.curve {
        None => {}
        Some(Curve::Stepped) => {
            m.insert("curve".into(), Value::String("stepped".into()));
        }
        Some(Curve::Bezier(points)) => put(&mut m, "curve", nums(points))?,
    }
    Ok(Value::Object(m))
}

fn key_value(v: &KeyValue) -> Built {
    Ok(match v {
        KeyValue::Num(x) => num(*x)?,
        KeyValue::Int(i) => Value::from(*i),
        KeyValue::Bool(b) => Value::Bool(*b),
        KeyValue::Str(s) => Value::String(s.clone()),
        KeyValue::Null => Value::Null,
        KeyValue::Nums(xs) => nums(xs)?,
    })
}

fn keys(ks: &[Key]) -> Built {
    array(ks, key)
}

fn target_group(groups: &[TargetTimelines]) -> Built {
    let mut m = Map::new();
    for g in groups {
        let mut tm = Map::new();
        for t in &g.timelines {
            put(&mut tm, &t.name, keys(&t.keys)).map_err(|e| e.within(&g.target))?;
        }
        m.insert(g.target.clone(), Value::Object(tm));
    }
    Ok(Value::Object(m))
}

fn animation(a: &Animation) -> Built {
    let mut m = Map::new();
    if !a.slots.is_empty() {
        put(&mut m, Group::Slots.name(), target_group(&a.slots))?;
    }
    if !a.bones.is_empty() {
        put(&mut m, Group::Bones.name(), target_group(&a.bones))?;
    }
    for (group, list) in [(Group::Ik, &a.ik), (Group::Transform, &a.transform)] {
        if !list.is_empty() {
            let mut gm = Map::new();
            for (name, ks) in list {
                put(&mut gm, name, keys(ks)).map_err(|e| e.within(group.name()))?;
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
            put(&mut m, group.name(), target_group(list))?;
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
                    put(&mut tl, AttachmentTimeline::Deform.name(), keys(&d.keys)).map_err(
                        |e| {
                            e.within(&d.attachment)
                                .within(&d.slot)
                                .within(&d.skin)
                                .within(Group::Attachments.name())
                        },
                    )?;
                    atts.insert(d.attachment.clone(), Value::Object(tl));
                }
            }
        }
        m.insert(Group::Attachments.name().into(), Value::Object(skins));
    }
    if let Some(dk) = &a.draw_order {
        let list = array(dk, |k| {
            let mut km = Map::new();
            put(&mut km, "time", num(k.time))?;
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
            Ok(Value::Object(km))
        });
        put(&mut m, Group::DrawOrder.name(), list)?;
    }
    if let Some(ev) = &a.events {
        let list = array(ev, |e| {
            let mut em = Map::new();
            put(&mut em, "time", num(e.time))?;
            em.insert("name".into(), Value::String(e.name.clone()));
            if let Some(i) = e.int {
                em.insert("int".into(), Value::from(i));
            }
            put_num(&mut em, "float", e.float)?;
            put_str(&mut em, "string", &e.string);
            put_num(&mut em, "volume", e.volume)?;
            put_num(&mut em, "balance", e.balance)?;
            Ok(Value::Object(em))
        });
        put(&mut m, Group::Events.name(), list)?;
    }
    Ok(Value::Object(m))
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod path_tests;
