//! Attachment timelines of an animation: `deform` (unweighted keys are deltas
//! from the setup vertices, stored absolute; weighted keys stay offsets) and
//! `sequence` (mode, index, delay).

use super::keys::{key_num, key_raw, len, read_curve, store, timeline, to_int32, Jv, Rule};
use super::values::{get_value, lookup_key, require_name};
use super::{Cx, ReadError, R};
use crate::data::{AttachmentKind, Timeline, TimelineKind as K};
use crate::json::{Js, Json, OBJECT_PROTO};

impl Cx<'_> {
    pub(super) fn attachment_timelines(&mut self, atts: Js<'_>, tls: &mut Vec<Timeline>) -> R<()> {
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
                    let Some(attachment) = self.data.skins[skin].get_attachment(slot, &att_name)
                    else {
                        let has_dictionary = self.data.skins[skin]
                            .attachments
                            .get(slot)
                            .is_some_and(|d| !d.is_empty());
                        if has_dictionary && OBJECT_PROTO.contains(&att_name.as_str()) {
                            // An inherited `Object.prototype` member: truthy, with no
                            // vertices and no sequence.
                            for (tl_name, keys) in att_map.for_in() {
                                if !keys.at(0)?.truthy() {
                                    continue;
                                }
                                match tl_name.as_str() {
                                    "deform" => return Err(ReadError::type_error(
                                        "Cannot read properties of undefined (reading 'length')",
                                    )),
                                    "sequence" => {
                                        return Err(ReadError::type_error(
                                            "Cannot read properties of undefined (reading 'id')",
                                        ))
                                    }
                                    _ => {}
                                }
                            }
                            continue;
                        }
                        return Err(ReadError::thrown(format!(
                            "Timeline attachment not found: {att_name}"
                        )));
                    };
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
                            let mut time = key_raw(key, "time", Jv::N(0.0), Rule::Get)?;
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
                                        // `arrayCopy(src, 0, deform, start, n)` writes
                                        // `deform[start]` first (a property key: only a
                                        // canonical index lands), then `start + 1`, …
                                        let start_v = get_value(key, "offset")?;
                                        let start = start_v.map_or(0.0, |v| v.num());
                                        let first = start_v
                                            .map_or(Some(0), |v| index_key(&v.to_js_string()));
                                        let count = vals.length_num()?;
                                        let mut i = 0usize;
                                        while (i as f64) < count {
                                            let j = if i == 0 {
                                                first.map_or(f64::NAN, |k| k as f64)
                                            } else {
                                                start + i as f64
                                            };
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
                                store(&mut t, frame, &[time.num()]);
                                frames_v.push(Some(deform));
                                let next = keys.at(frame + 1)?;
                                if !next.truthy() {
                                    t.shrink(bezier);
                                    break;
                                }
                                let time2 = key_raw(next, "time", Jv::N(0.0), Rule::Get)?;
                                let curve = key.get("curve")?;
                                if curve.truthy() {
                                    bezier = read_curve(
                                        curve,
                                        &mut t,
                                        bezier,
                                        frame,
                                        0,
                                        &time,
                                        &time2,
                                        &Jv::N(0.0),
                                        &Jv::N(1.0),
                                        1.0,
                                    )?;
                                }
                                time = time2;
                                key = next;
                                frame += 1;
                            }
                            frames_v.resize(n.max(frames_v.len()), None);
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
}

/// The array index a property key names (`"2"`; not `"02"`, `"true"`, `"1.5"`).
fn index_key(k: &str) -> Option<usize> {
    if k.is_empty() || (k.len() > 1 && k.starts_with('0')) || !k.bytes().all(|b| b.is_ascii_digit())
    {
        return None;
    }
    k.parse::<usize>().ok()
}
