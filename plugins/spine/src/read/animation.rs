//! Reading one animation: every timeline kind in the runtime's order (slots,
//! bones, ik, transform, path, physics, slider, attachments, drawOrder,
//! drawOrderFolder, events), keys stored as `Float32Array` frames, Bezier
//! curves expanded by `setBezier`, the duration as `Math.max` over timelines.
//! This file has the animation itself and the slot and bone timelines.

use super::keys::{color_channels, key_num, keyed, len, nums, store, timeline, Jv, Rule};
use super::values::{color_from, get_value};
use super::{Cx, ReadError, R};
use crate::data::{Animation, Inherit, Timeline, TimelineKind as K};
use crate::json::{Js, Json};
use crate::math::js_max;

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
        // `Animation.setTimelines` means to keep each bone once, but tests
        // `boneSet.add(i)`, which returns the (truthy) Set: every bone
        // timeline appends its bone, duplicates included.
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
                bones.push(b);
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
                        &|k| Ok(nums(vec![key_num(k, "value", 0.0, Rule::Nullish)?])),
                    )?,
                    "rgba2" | "rgb2" => {
                        let alpha = tl_name == "rgba2";
                        let kind = if alpha { K::Rgba2(slot) } else { K::Rgb2(slot) };
                        let channels = if alpha { 7 } else { 6 };
                        let read = move |k: Js<'_>| -> R<Vec<Jv>> {
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
                        &move |k| Ok(nums(vec![key_num(k, "value", def, Rule::Nullish)? * scale])),
                    )
                };
                let two = |kind: K, def: f64, scale: f64| -> R<Timeline> {
                    keyed(
                        keys,
                        timeline(kind, frames, frames << 1, true),
                        Rule::Nullish,
                        &[scale, scale],
                        &move |k| {
                            Ok(nums(vec![
                                key_num(k, "x", def, Rule::Nullish)? * scale,
                                key_num(k, "y", def, Rule::Nullish)? * scale,
                            ]))
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
}
