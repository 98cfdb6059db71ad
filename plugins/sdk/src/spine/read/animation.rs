//! Reading one animation: every timeline kind in the runtime's order (slots,
//! bones, ik, transform, path, physics, slider, attachments, drawOrder,
//! drawOrderFolder, events), keys stored as `Float32Array` frames, Bezier
//! curves expanded by `setBezier`, the duration as `Math.max` over timelines.

use super::values::{color_from, get_value, lookup_key, require_name};
use super::{Cx, ReadError, R};
use crate::spine::data::{
    Animation, AttachmentKind, Event, Inherit, PhysicsValue, PositionMode, SpacingMode, Timeline,
    TimelineKind as K, BEZIER_SIZE,
};
use crate::spine::json::{Js, Json};
use crate::spine::math::js_max;

/// A new timeline: `frames` zeroed; curves with the last frame stepped.
fn timeline(kind: K, frame_count: usize, bezier_count: usize, curved: bool) -> Timeline {
    let mut t = Timeline {
        kind,
        frames: Vec::new(),
        curves: Vec::new(),
    };
    t.frames = vec![0.0; frame_count * t.entries()];
    if curved {
        t.curves = vec![0.0; frame_count + bezier_count * BEZIER_SIZE];
        if frame_count > 0 {
            t.curves[frame_count - 1] = 1.0;
        }
    }
    t
}

/// How a key's values are read.
#[derive(Clone, Copy)]
enum Rule {
    /// `getValue(map, key, def)`: an explicit `null` stays `null` (0).
    Get,
    /// `map[key] ?? def` (readTimeline1/2): `null` takes the default.
    Nullish,
}

fn key_num(map: Js<'_>, key: &str, def: f64, rule: Rule) -> R<f64> {
    let v = map.get(key)?;
    Ok(match rule {
        Rule::Get if v.is_undef() => def,
        Rule::Nullish if v.is_nullish() => def,
        _ => v.num(),
    })
}

fn store(t: &mut Timeline, frame: usize, values: &[f64]) {
    let e = t.entries();
    for (k, v) in values.iter().enumerate() {
        if let Some(slot) = t.frames.get_mut(frame * e + k) {
            *slot = *v as f32;
        }
    }
}

/// `readCurve` for one channel; returns the new Bezier count.
#[allow(clippy::too_many_arguments)]
fn read_curve(
    curve: Js<'_>,
    t: &mut Timeline,
    bezier: usize,
    frame: usize,
    channel: usize,
    t1: f64,
    t2: f64,
    v1: f64,
    v2: f64,
    scale: f64,
) -> R<usize> {
    if curve.as_str() == Some("stepped") {
        if let Some(c) = t.curves.get_mut(frame) {
            *c = 1.0;
        }
        return Ok(bezier);
    }
    let i = channel << 2;
    let cx1 = curve.at(i)?.num();
    let cy1 = curve.at(i + 1)?.num() * scale;
    let cx2 = curve.at(i + 2)?.num();
    let cy2 = curve.at(i + 3)?.num() * scale;
    t.set_bezier(bezier, frame, channel, t1, v1, cx1, cy1, cx2, cy2, t2, v2);
    Ok(bezier + 1)
}

/// The shared key loop: `read` gives a key's values (the first `scales.len()`
/// are curved, each with its curve scale).
fn keyed(
    keys: Js<'_>,
    mut t: Timeline,
    rule: Rule,
    scales: &[f64],
    read: &dyn Fn(Js<'_>) -> R<Vec<f64>>,
) -> R<Timeline> {
    let mut key = keys.at(0)?;
    let mut time = key_num(key, "time", 0.0, rule)?;
    let mut values = read(key)?;
    let mut bezier = 0;
    let mut frame = 0usize;
    loop {
        let mut all = vec![time];
        all.extend_from_slice(&values);
        store(&mut t, frame, &all);
        let next = keys.at(frame + 1)?;
        if !next.truthy() {
            t.shrink(bezier);
            return Ok(t);
        }
        let time2 = key_num(next, "time", 0.0, rule)?;
        let values2 = read(next)?;
        let curve = key.get("curve")?;
        if curve.truthy() {
            for (c, &scale) in scales.iter().enumerate() {
                bezier = read_curve(
                    curve, &mut t, bezier, frame, c, time, time2, values[c], values2[c], scale,
                )?;
            }
        }
        time = time2;
        values = values2;
        key = next;
        frame += 1;
    }
}

fn color_channels(map: Js<'_>, key: &str, alpha: bool) -> R<Vec<f64>> {
    let c = color_from(map.get(key)?)?;
    Ok(if alpha {
        vec![c.r, c.g, c.b, c.a]
    } else {
        vec![c.r, c.g, c.b]
    })
}

fn len(v: Js<'_>) -> R<usize> {
    Ok(v.length()?.unwrap_or(0))
}

impl Cx<'_> {
    pub(super) fn read_animation(&mut self, map: Js<'_>, name: &str) -> R<()> {
        let path = format!("animations.{name}");
        let mut tls: Vec<Timeline> = Vec::new();
        self.slot_timelines(map.get("slots")?, &mut tls)?;
        self.bone_timelines(map.get("bones")?, &mut tls, &path)?;
        self.constraint_timelines(map, &mut tls, &path)?;
        self.attachment_timelines(map.get("attachments")?, &mut tls)?;
        self.draw_order_timelines(map, &mut tls, &path)?;
        self.event_timeline(map.get("events")?, &mut tls)?;
        let mut duration = 0.0;
        for t in &tls {
            duration = js_max(duration, t.duration());
        }
        if duration.is_nan() {
            self.finding(&path, "a timeline with no keys makes the duration NaN");
        }
        for (i, t) in tls.iter().enumerate() {
            let n = t.frame_count();
            let e = t.entries();
            if (1..n).any(|f| t.frames[f * e] < t.frames[(f - 1) * e]) {
                self.finding(
                    format!("{path}.timelines[{i}]"),
                    "keys are not in ascending time order: spine-core does not sort them",
                );
            }
        }
        if name.is_empty() {
            return Err(ReadError::thrown("name cannot be null."));
        }
        let color = match get_value(map, "color")? {
            Some(v) if !matches!(v, Js::Val(Json::Null)) => Some(color_from(v)?),
            _ => None,
        };
        let mut bones = Vec::new();
        for t in &tls {
            if let K::Rotate(b)
            | K::Translate(b)
            | K::TranslateX(b)
            | K::TranslateY(b)
            | K::Scale(b)
            | K::ScaleX(b)
            | K::ScaleY(b)
            | K::Shear(b)
            | K::ShearX(b)
            | K::ShearY(b)
            | K::Inherit(b, _) = t.kind
            {
                if !bones.contains(&b) {
                    bones.push(b);
                }
            }
        }
        self.data.animations.push(Animation {
            name: name.to_string(),
            timelines: tls,
            duration,
            bones,
            color,
        });
        Ok(())
    }

    fn slot_timelines(&mut self, slots: Js<'_>, tls: &mut Vec<Timeline>) -> R<()> {
        if !slots.truthy() {
            return Ok(());
        }
        for (slot_name, slot_map) in slots.for_in() {
            let slot = self
                .find_slot(Js::Val(&Json::Str(slot_name.clone())))?
                .ok_or_else(|| ReadError::thrown(format!("Slot not found: {slot_name}")))?;
            for (tl_name, keys) in slot_map.for_in() {
                if !keys.truthy() {
                    continue;
                }
                let frames = len(keys)?;
                let t = match tl_name.as_str() {
                    "attachment" => {
                        let mut t = timeline(K::Attachment(slot, Vec::new()), frames, 0, false);
                        let mut names = Vec::new();
                        let n = keys.length_num()?;
                        let mut f = 0usize;
                        while (f as f64) < n {
                            let key = keys.at(f)?;
                            let time = key_num(key, "time", 0.0, Rule::Get)?;
                            store(&mut t, f, &[time]);
                            let name_v = key.get("name")?;
                            names.push(if name_v.truthy() {
                                Some(self.string_of(name_v, "attachment key name"))
                            } else {
                                None
                            });
                            f += 1;
                        }
                        t.kind = K::Attachment(slot, names);
                        t
                    }
                    "rgba" => keyed(
                        keys,
                        timeline(K::Rgba(slot), frames, frames << 2, true),
                        Rule::Get,
                        &[1.0; 4],
                        &|k| color_channels(k, "color", true),
                    )?,
                    "rgb" => keyed(
                        keys,
                        timeline(K::Rgb(slot), frames, frames * 3, true),
                        Rule::Get,
                        &[1.0; 3],
                        &|k| color_channels(k, "color", false),
                    )?,
                    "alpha" => keyed(
                        keys,
                        timeline(K::Alpha(slot), frames, frames, true),
                        Rule::Nullish,
                        &[1.0],
                        &|k| Ok(vec![key_num(k, "value", 0.0, Rule::Nullish)?]),
                    )?,
                    "rgba2" | "rgb2" => {
                        let alpha = tl_name == "rgba2";
                        let kind = if alpha { K::Rgba2(slot) } else { K::Rgb2(slot) };
                        let channels = if alpha { 7 } else { 6 };
                        let read = move |k: Js<'_>| -> R<Vec<f64>> {
                            let mut v = color_channels(k, "light", alpha)?;
                            v.extend(color_channels(k, "dark", false)?);
                            Ok(v)
                        };
                        keyed(
                            keys,
                            timeline(kind, frames, frames * channels, true),
                            Rule::Get,
                            &vec![1.0; channels],
                            &read,
                        )?
                    }
                    _ => {
                        return Err(ReadError::thrown(format!(
                            "Invalid timeline type for a slot: {} ({})",
                            keys.get("name")?.to_js_string(),
                            slot_map.get("name")?.to_js_string()
                        )))
                    }
                };
                tls.push(t);
            }
        }
        Ok(())
    }

    fn bone_timelines(&mut self, bones: Js<'_>, tls: &mut Vec<Timeline>, path: &str) -> R<()> {
        if !bones.truthy() {
            return Ok(());
        }
        let s = self.scale;
        for (bone_name, bone_map) in bones.for_in() {
            let bone = self
                .find_bone(Js::Val(&Json::Str(bone_name.clone())))?
                .ok_or_else(|| ReadError::thrown(format!("Bone not found: {bone_name}")))?;
            for (tl_name, keys) in bone_map.for_in() {
                let frames_v = keys.get("length")?;
                if frames_v.is_num() && frames_v.num() == 0.0 {
                    continue;
                }
                let frames = len(keys)?;
                let one = |kind: K, def: f64, scale: f64| -> R<Timeline> {
                    keyed(
                        keys,
                        timeline(kind, frames, frames, true),
                        Rule::Nullish,
                        &[scale],
                        &move |k| Ok(vec![key_num(k, "value", def, Rule::Nullish)? * scale]),
                    )
                };
                let two = |kind: K, def: f64, scale: f64| -> R<Timeline> {
                    keyed(
                        keys,
                        timeline(kind, frames, frames << 1, true),
                        Rule::Nullish,
                        &[scale, scale],
                        &move |k| {
                            Ok(vec![
                                key_num(k, "x", def, Rule::Nullish)? * scale,
                                key_num(k, "y", def, Rule::Nullish)? * scale,
                            ])
                        },
                    )
                };
                let t = match tl_name.as_str() {
                    "rotate" => one(K::Rotate(bone), 0.0, 1.0)?,
                    "translate" => two(K::Translate(bone), 0.0, s)?,
                    "translatex" => one(K::TranslateX(bone), 0.0, s)?,
                    "translatey" => one(K::TranslateY(bone), 0.0, s)?,
                    "scale" => two(K::Scale(bone), 1.0, 1.0)?,
                    "scalex" => one(K::ScaleX(bone), 1.0, 1.0)?,
                    "scaley" => one(K::ScaleY(bone), 1.0, 1.0)?,
                    "shear" => two(K::Shear(bone), 0.0, 1.0)?,
                    "shearx" => one(K::ShearX(bone), 0.0, 1.0)?,
                    "sheary" => one(K::ShearY(bone), 0.0, 1.0)?,
                    "inherit" => {
                        let mut t = timeline(K::Inherit(bone, Vec::new()), frames, 0, false);
                        let mut modes = Vec::new();
                        for f in 0..frames {
                            let key = keys.at(f)?;
                            let time = key_num(key, "time", 0.0, Rule::Get)?;
                            let v = get_value(key, "inherit")?;
                            let mode: Option<Inherit> = self.enum_value_or(
                                v,
                                "Normal",
                                Inherit::from_name,
                                &format!("{path}.bones.{bone_name}.inherit[{f}]"),
                            )?;
                            store(
                                &mut t,
                                f,
                                &[time, mode.map_or(f64::NAN, |m| m as u8 as f64)],
                            );
                            modes.push(mode);
                        }
                        t.kind = K::Inherit(bone, modes);
                        t
                    }
                    _ => {
                        return Err(ReadError::thrown(format!(
                            "Invalid timeline type for a bone: {} ({})",
                            keys.get("name")?.to_js_string(),
                            bone_map.get("name")?.to_js_string()
                        )))
                    }
                };
                tls.push(t);
            }
        }
        Ok(())
    }

    fn constraint_index(&self, name: &str, type_name: &str, label: &str) -> R<usize> {
        self.find_constraint(Js::Val(&Json::Str(name.to_string())), type_name)?
            .ok_or_else(|| ReadError::thrown(format!("{label} not found: {name}")))
    }

    fn constraint_timelines(&mut self, map: Js<'_>, tls: &mut Vec<Timeline>, path: &str) -> R<()> {
        let s = self.scale;
        let ik = map.get("ik")?;
        if ik.truthy() {
            for (name, keys) in ik.for_in() {
                if !keys.at(0)?.truthy() {
                    continue;
                }
                let index = self.constraint_index(&name, "ik", "IK Constraint")?;
                let n = len(keys)?;
                let read = move |k: Js<'_>| -> R<Vec<f64>> {
                    let b = |key: &str, def: bool| -> R<f64> {
                        let v = k.get(key)?;
                        Ok(f64::from(u8::from(if v.is_undef() {
                            def
                        } else {
                            v.truthy()
                        })))
                    };
                    let bend = if b("bendPositive", true)? == 1.0 {
                        1.0
                    } else {
                        -1.0
                    };
                    Ok(vec![
                        key_num(k, "mix", 1.0, Rule::Get)?,
                        key_num(k, "softness", 0.0, Rule::Get)? * s,
                        bend,
                        b("compress", false)?,
                        b("stretch", false)?,
                    ])
                };
                tls.push(keyed(
                    keys,
                    timeline(K::Ik(index), n, n << 1, true),
                    Rule::Get,
                    &[1.0, s],
                    &read,
                )?);
            }
        }
        let tr = map.get("transform")?;
        if tr.truthy() {
            for (name, keys) in tr.for_in() {
                if !keys.at(0)?.truthy() {
                    continue;
                }
                let index = self.constraint_index(&name, "transform", "Transform constraint")?;
                let n = len(keys)?;
                let read = |k: Js<'_>| -> R<Vec<f64>> {
                    let mix_x = key_num(k, "mixX", 1.0, Rule::Get)?;
                    Ok(vec![
                        key_num(k, "mixRotate", 1.0, Rule::Get)?,
                        mix_x,
                        key_num(k, "mixY", mix_x, Rule::Get)?,
                        key_num(k, "mixScaleX", 1.0, Rule::Get)?,
                        key_num(k, "mixScaleY", 1.0, Rule::Get)?,
                        key_num(k, "mixShearY", 1.0, Rule::Get)?,
                    ])
                };
                tls.push(keyed(
                    keys,
                    timeline(K::Transform(index), n, n * 6, true),
                    Rule::Get,
                    &[1.0; 6],
                    &read,
                )?);
            }
        }
        let pa = map.get("path")?;
        if pa.truthy() {
            for (name, cmap) in pa.for_in() {
                let index = self.constraint_index(&name, "path", "Path constraint")?;
                let crate::spine::data::ConstraintKind::Path(pd) =
                    &self.data.constraints[index].kind
                else {
                    continue;
                };
                let pos_scale = if pd.position_mode == Some(PositionMode::Fixed) {
                    s
                } else {
                    1.0
                };
                let spc_scale = if matches!(
                    pd.spacing_mode,
                    Some(SpacingMode::Length | SpacingMode::Fixed)
                ) {
                    s
                } else {
                    1.0
                };
                for (tl_name, keys) in cmap.for_in() {
                    if !keys.at(0)?.truthy() {
                        continue;
                    }
                    let n = len(keys)?;
                    let one = |kind: K, scale: f64| {
                        keyed(
                            keys,
                            timeline(kind, n, n, true),
                            Rule::Nullish,
                            &[scale],
                            &move |k| Ok(vec![key_num(k, "value", 0.0, Rule::Nullish)? * scale]),
                        )
                    };
                    let t = match tl_name.as_str() {
                        "position" => one(K::PathPosition(index), pos_scale)?,
                        "spacing" => one(K::PathSpacing(index), spc_scale)?,
                        "mix" => {
                            let read = |k: Js<'_>| -> R<Vec<f64>> {
                                let mix_x = key_num(k, "mixX", 1.0, Rule::Get)?;
                                Ok(vec![
                                    key_num(k, "mixRotate", 1.0, Rule::Get)?,
                                    mix_x,
                                    key_num(k, "mixY", mix_x, Rule::Get)?,
                                ])
                            };
                            keyed(
                                keys,
                                timeline(K::PathMix(index), n, n * 3, true),
                                Rule::Get,
                                &[1.0; 3],
                                &read,
                            )?
                        }
                        _ => {
                            self.finding(
                                format!("{path}.path.{name}.{tl_name}"),
                                "unknown path timeline: ignored",
                            );
                            continue;
                        }
                    };
                    tls.push(t);
                }
            }
        }
        let ph = map.get("physics")?;
        if ph.truthy() {
            for (name, cmap) in ph.for_in() {
                let index = if name.is_empty() {
                    None
                } else {
                    Some(self.constraint_index(&name, "physics", "Physics constraint")?)
                };
                for (tl_name, keys) in cmap.for_in() {
                    if !keys.at(0)?.truthy() {
                        continue;
                    }
                    let n = len(keys)?;
                    if tl_name == "reset" {
                        let mut t = timeline(K::PhysicsReset(index), n, 0, false);
                        let mut f = 0;
                        let mut key = keys.at(0)?;
                        while !key.is_nullish() {
                            let time = key_num(key, "time", 0.0, Rule::Get)?;
                            store(&mut t, f, &[time]);
                            key = keys.at(f + 1)?;
                            f += 1;
                        }
                        tls.push(t);
                        continue;
                    }
                    let (value, def) = match tl_name.as_str() {
                        "inertia" => (PhysicsValue::Inertia, 0.0),
                        "strength" => (PhysicsValue::Strength, 0.0),
                        "damping" => (PhysicsValue::Damping, 0.0),
                        "mass" => (PhysicsValue::Mass, 0.0),
                        "wind" => (PhysicsValue::Wind, 0.0),
                        "gravity" => (PhysicsValue::Gravity, 0.0),
                        "mix" => (PhysicsValue::Mix, 1.0),
                        _ => {
                            self.finding(
                                format!("{path}.physics.{name}.{tl_name}"),
                                "unknown physics timeline: ignored",
                            );
                            continue;
                        }
                    };
                    tls.push(keyed(
                        keys,
                        timeline(K::Physics(index, value), n, n, true),
                        Rule::Nullish,
                        &[1.0],
                        &move |k| Ok(vec![key_num(k, "value", def, Rule::Nullish)?]),
                    )?);
                }
            }
        }
        let sl = map.get("slider")?;
        if sl.truthy() {
            for (name, cmap) in sl.for_in() {
                let index = self.constraint_index(&name, "slider", "Slider")?;
                for (tl_name, keys) in cmap.for_in() {
                    if !keys.at(0)?.truthy() {
                        continue;
                    }
                    let n = len(keys)?;
                    let kind = match tl_name.as_str() {
                        "time" => K::Slider(index),
                        "mix" => K::SliderMix(index),
                        _ => {
                            self.finding(
                                format!("{path}.slider.{name}.{tl_name}"),
                                "unknown slider timeline: ignored",
                            );
                            continue;
                        }
                    };
                    tls.push(keyed(
                        keys,
                        timeline(kind, n, n, true),
                        Rule::Nullish,
                        &[1.0],
                        &|k| Ok(vec![key_num(k, "value", 1.0, Rule::Nullish)?]),
                    )?);
                }
            }
        }
        Ok(())
    }

    fn attachment_timelines(&mut self, atts: Js<'_>, tls: &mut Vec<Timeline>) -> R<()> {
        if !atts.truthy() {
            return Ok(());
        }
        let s = self.scale;
        for (skin_name, skin_map) in atts.for_in() {
            require_name(Js::Val(&Json::Str(skin_name.clone())), "skinName")?;
            let skin = self
                .data
                .find_skin(&skin_name)
                .ok_or_else(|| ReadError::thrown(format!("Skin not found: {skin_name}")))?;
            for (slot_name, slot_map) in skin_map.for_in() {
                let slot = self
                    .find_slot(Js::Val(&Json::Str(slot_name.clone())))?
                    .ok_or_else(|| {
                        ReadError::thrown(format!("Attachment slot not found: {slot_name}"))
                    })?;
                for (att_name, att_map) in slot_map.for_in() {
                    let attachment = self.data.skins[skin]
                        .get_attachment(slot, &att_name)
                        .ok_or_else(|| {
                            ReadError::thrown(format!("Timeline attachment not found: {att_name}"))
                        })?;
                    for (tl_name, keys) in att_map.for_in() {
                        let first = keys.at(0)?;
                        if !first.truthy() {
                            continue;
                        }
                        let n = len(keys)?;
                        if tl_name == "deform" {
                            let att = &self.data.attachments[attachment];
                            let Some(vd) = att.vertex() else {
                                return Err(ReadError::type_error(
                                    "Cannot read properties of undefined (reading 'length')",
                                ));
                            };
                            let weighted = vd.bones.is_some();
                            let setup = vd.vertices.clone();
                            let deform_len = if weighted {
                                (setup.len() as f64 / 3.0 * 2.0) as usize
                            } else {
                                setup.len()
                            };
                            let mut t = timeline(
                                K::Deform {
                                    slot,
                                    attachment,
                                    vertices: Vec::new(),
                                },
                                n,
                                n,
                                true,
                            );
                            let mut frames_v = Vec::new();
                            let mut key = first;
                            let mut time = key_num(key, "time", 0.0, Rule::Get)?;
                            let mut bezier = 0;
                            let mut frame = 0;
                            loop {
                                let vv = get_value(key, "vertices")?;
                                let deform: Vec<f32> = match vv.filter(|v| v.truthy()) {
                                    None => {
                                        if weighted {
                                            vec![0.0; deform_len]
                                        } else {
                                            setup.clone()
                                        }
                                    }
                                    Some(vals) => {
                                        let mut d = vec![0f32; deform_len];
                                        let start = key_num(key, "offset", 0.0, Rule::Get)?;
                                        let count = vals.length_num()?;
                                        let mut i = 0usize;
                                        while (i as f64) < count {
                                            let j = start + i as f64;
                                            if j >= 0.0
                                                && j.fract() == 0.0
                                                && (j as usize) < deform_len
                                            {
                                                d[j as usize] = vals.at(i)?.num() as f32;
                                            }
                                            i += 1;
                                        }
                                        if s != 1.0 {
                                            for x in d.iter_mut() {
                                                *x = (f64::from(*x) * s) as f32;
                                            }
                                        }
                                        if !weighted {
                                            for (x, v) in d.iter_mut().zip(&setup) {
                                                *x = (f64::from(*x) + f64::from(*v)) as f32;
                                            }
                                        }
                                        d
                                    }
                                };
                                store(&mut t, frame, &[time]);
                                frames_v.push(deform);
                                let next = keys.at(frame + 1)?;
                                if !next.truthy() {
                                    t.shrink(bezier);
                                    break;
                                }
                                let time2 = key_num(next, "time", 0.0, Rule::Get)?;
                                let curve = key.get("curve")?;
                                if curve.truthy() {
                                    bezier = read_curve(
                                        curve, &mut t, bezier, frame, 0, time, time2, 0.0, 1.0, 1.0,
                                    )?;
                                }
                                time = time2;
                                key = next;
                                frame += 1;
                            }
                            t.kind = K::Deform {
                                slot,
                                attachment,
                                vertices: frames_v,
                            };
                            tls.push(t);
                        } else if tl_name == "sequence" {
                            if !matches!(
                                self.data.attachments[attachment].kind,
                                AttachmentKind::Region(_) | AttachmentKind::Mesh(_)
                            ) {
                                return Err(ReadError::type_error(
                                    "Cannot read properties of undefined (reading 'id')",
                                ));
                            }
                            let mut t = timeline(
                                K::Sequence {
                                    slot,
                                    attachment,
                                    modes: Vec::new(),
                                },
                                n,
                                0,
                                false,
                            );
                            let mut modes = Vec::new();
                            let mut last_delay = 0.0;
                            let mut key = first;
                            for f in 0..n {
                                let delay = key_num(key, "delay", last_delay, Rule::Get)?;
                                let time = key_num(key, "time", 0.0, Rule::Get)?;
                                let mode_v = get_value(key, "mode")?;
                                let mode = match mode_v {
                                    None => Some(0u8),
                                    Some(v) => lookup_key(v).and_then(|m| {
                                        [
                                            "hold",
                                            "once",
                                            "loop",
                                            "pingpong",
                                            "onceReverse",
                                            "loopReverse",
                                            "pingpongReverse",
                                        ]
                                        .iter()
                                        .position(|x| *x == m)
                                        .map(|p| p as u8)
                                    }),
                                };
                                if mode.is_none() {
                                    self.finding(format!("sequence key {f}"), "unknown sequence mode (names are exact): spine-core stores undefined, which acts as hold");
                                }
                                let index = key_num(key, "index", 0.0, Rule::Get)?;
                                let packed = i64::from(mode.unwrap_or(0))
                                    | (i64::from(to_int32(index)) << 4);
                                store(
                                    &mut t,
                                    f,
                                    &[time, f64::from(to_int32(packed as f64)), delay],
                                );
                                modes.push(mode);
                                last_delay = delay;
                                key = keys.at(f + 1)?;
                            }
                            t.kind = K::Sequence {
                                slot,
                                attachment,
                                modes,
                            };
                            tls.push(t);
                        }
                    }
                }
            }
        }
        Ok(())
    }

    fn draw_order_timelines(&mut self, map: Js<'_>, tls: &mut Vec<Timeline>, path: &str) -> R<()> {
        let slot_count = self.data.slots.len();
        let dorder = map.get("drawOrder")?;
        if dorder.truthy() {
            let n = len(dorder)?;
            let items = dorder
                .for_of()
                .ok_or_else(|| ReadError::type_error("map.drawOrder is not iterable"))?;
            let mut t = timeline(K::DrawOrder(Vec::new()), n, 0, false);
            let mut orders = Vec::new();
            for (f, m) in items.into_iter().enumerate() {
                let time = key_num(m, "time", 0.0, Rule::Get)?;
                store(&mut t, f, &[time]);
                orders.push(self.read_draw_order(
                    m,
                    slot_count,
                    None,
                    &format!("{path}.drawOrder[{f}]"),
                )?);
            }
            t.kind = K::DrawOrder(orders);
            tls.push(t);
        }
        let folders = map.get("drawOrderFolder")?;
        if folders.truthy() {
            let items = folders
                .for_of()
                .ok_or_else(|| ReadError::type_error("map.drawOrderFolder is not iterable"))?;
            for (fi, tm) in items.into_iter().enumerate() {
                let mut slots = Vec::new();
                if let Some(entries) = get_value(tm, "slots")? {
                    for e in entries
                        .for_of()
                        .ok_or_else(|| ReadError::type_error("slotEntries is not iterable"))?
                    {
                        let slot = self.find_slot(e)?.ok_or_else(|| {
                            ReadError::thrown(format!(
                                "Draw order folder slot not found: {}",
                                e.to_js_string()
                            ))
                        })?;
                        slots.push(slot);
                    }
                }
                let keys: Vec<Js<'_>> = match get_value(tm, "keys")? {
                    None => Vec::new(),
                    Some(k) => k.for_of().ok_or_else(|| {
                        ReadError::type_error("drawOrderFolderEntries is not iterable")
                    })?,
                };
                let mut t = timeline(
                    K::DrawOrderFolder {
                        slots: Vec::new(),
                        orders: Vec::new(),
                    },
                    keys.len(),
                    0,
                    false,
                );
                let mut orders = Vec::new();
                for (f, m) in keys.into_iter().enumerate() {
                    store(&mut t, f, &[key_num(m, "time", 0.0, Rule::Get)?]);
                    orders.push(self.read_draw_order(
                        m,
                        slots.len(),
                        Some(&slots),
                        &format!("{path}.drawOrderFolder[{fi}].keys[{f}]"),
                    )?);
                }
                t.kind = K::DrawOrderFolder { slots, orders };
                tls.push(t);
            }
        }
        Ok(())
    }

    /// `readDrawOrder`; refuses offsets whose slots are not in ascending order
    /// (the runtime's `while (originalIndex !== index)` never ends on them).
    fn read_draw_order(
        &mut self,
        keys: Js<'_>,
        slot_count: usize,
        folder: Option<&[usize]>,
        path: &str,
    ) -> R<Option<Vec<Option<usize>>>> {
        let changes = keys.get("offsets")?;
        if !changes.truthy() {
            return Ok(None);
        }
        let changes_len = changes.length()?;
        let Some(unchanged_len) = changes_len.and_then(|c| slot_count.checked_sub(c)) else {
            return Err(ReadError::type_error("Invalid array length"));
        };
        let mut order: Vec<Option<i64>> = vec![Some(-1); slot_count];
        let mut unchanged: Vec<Option<i64>> = vec![None; unchanged_len];
        let (mut original, mut ui) = (0usize, 0i64);
        let items = changes
            .for_of()
            .ok_or_else(|| ReadError::type_error("changes is not iterable"))?;
        let put = |u: &mut Vec<Option<i64>>, i: i64, v: usize| {
            if i >= 0 {
                if u.len() <= i as usize {
                    u.resize(i as usize + 1, None);
                }
                u[i as usize] = Some(v as i64);
            }
        };
        for m in items {
            let slot_v = m.get("slot")?;
            let slot = self.find_slot(slot_v)?.ok_or_else(|| {
                ReadError::thrown(format!(
                    "Draw order slot not found: {}",
                    slot_v.to_js_string()
                ))
            })?;
            let index = match folder {
                None => slot,
                Some(f) => f.iter().position(|&s| s == slot).ok_or_else(|| {
                    ReadError::thrown(format!("Slot not in folder: {}", slot_v.to_js_string()))
                })?,
            };
            if index < original {
                return Err(ReadError::hang(format!(
                    "{path}: draw order offsets must list slots in ascending setup order ({} comes after a later slot); spine-core 4.3.13 loops forever on this",
                    slot_v.to_js_string()
                )));
            }
            while original != index {
                put(&mut unchanged, ui, original);
                ui += 1;
                original += 1;
            }
            let offset_v = m.get("offset")?;
            let target = original as f64 + self.coerce(offset_v, &format!("{path}.offset"));
            if target >= 0.0 && target.fract() == 0.0 && (target as usize) < slot_count {
                order[target as usize] = Some(original as i64);
            } else {
                self.finding(
                    path,
                    format!(
                        "offset moves {} to {target}, outside the draw order",
                        slot_v.to_js_string()
                    ),
                );
            }
            original += 1;
        }
        while original < slot_count {
            put(&mut unchanged, ui, original);
            ui += 1;
            original += 1;
        }
        for i in (0..slot_count).rev() {
            if order[i] == Some(-1) {
                ui -= 1;
                order[i] = if ui >= 0 {
                    unchanged.get(ui as usize).copied().flatten()
                } else {
                    None
                };
            }
        }
        if order.iter().any(|o| o.is_none()) {
            self.finding(path, "overlapping offsets leave holes in the draw order");
        }
        Ok(Some(
            order
                .into_iter()
                .map(|o| o.and_then(|v| usize::try_from(v).ok()))
                .collect(),
        ))
    }

    fn event_timeline(&mut self, events: Js<'_>, tls: &mut Vec<Timeline>) -> R<()> {
        if !events.truthy() {
            return Ok(());
        }
        let n = events.length_num()?;
        let mut t = timeline(K::Event(Vec::new()), len(events)?, 0, false);
        let mut list = Vec::new();
        let mut i = 0usize;
        while (i as f64) < n {
            let m = events.at(i)?;
            let name_v = m.get("name")?;
            require_name(name_v, "eventDataName")?;
            let data = lookup_key(name_v)
                .and_then(|k| self.data.find_event(&k))
                .ok_or_else(|| {
                    ReadError::thrown(format!("Event not found: {}", name_v.to_js_string()))
                })?;
            let setup = self.data.events[data].clone();
            let time = f64::from(key_num(m, "time", 0.0, Rule::Get)? as f32);
            let string_value = match get_value(m, "string")? {
                None => setup.string_value.clone(),
                Some(v) => self.string_of(v, "event string"),
            };
            let mut e = Event {
                time,
                data,
                int_value: key_num(m, "int", setup.int_value, Rule::Get)?,
                float_value: key_num(m, "float", setup.float_value, Rule::Get)?,
                string_value,
                volume: 0.0,
                balance: 0.0,
            };
            if setup.audio_path.as_deref().is_some_and(|a| !a.is_empty()) {
                e.volume = key_num(m, "volume", setup.volume, Rule::Get)?;
                e.balance = key_num(m, "balance", setup.volume, Rule::Get)?;
            }
            store(&mut t, i, &[time]);
            list.push(e);
            i += 1;
        }
        t.kind = K::Event(list);
        tls.push(t);
        Ok(())
    }
}

/// `ToInt32`.
fn to_int32(v: f64) -> i32 {
    if !v.is_finite() {
        return 0;
    }
    (v.trunc().rem_euclid(4294967296.0) as u32) as i32
}
