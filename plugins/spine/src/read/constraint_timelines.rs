//! Constraint timelines of an animation: `ik`, `transform`, `path`
//! (position, spacing, mix), `physics` (per constraint or `""` for all) and
//! `slider` (time, mix).

use super::keys::{key_num, key_raw, keyed, len, nums, store, timeline, Jv, Rule};
use super::{Cx, ReadError, R};
use crate::data::{PhysicsValue, PositionMode, SpacingMode, Timeline, TimelineKind as K};
use crate::json::{Js, Json};

impl Cx<'_> {
    fn constraint_index(&self, name: &str, type_name: &str, label: &str) -> R<usize> {
        self.find_constraint(Js::Val(&Json::Str(name.to_string())), type_name)?
            .ok_or_else(|| ReadError::thrown(format!("{label} not found: {name}")))
    }

    pub(super) fn constraint_timelines(
        &mut self,
        map: Js<'_>,
        tls: &mut Vec<Timeline>,
        path: &str,
    ) -> R<()> {
        let s = self.scale;
        let ik = map.get("ik")?;
        if ik.truthy() {
            for (name, keys) in ik.for_in() {
                if !keys.at(0)?.truthy() {
                    continue;
                }
                let index = self.constraint_index(&name, "ik", "IK Constraint")?;
                let n = len(keys)?;
                let read = move |k: Js<'_>| -> R<Vec<Jv>> {
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
                        key_raw(k, "mix", Jv::N(1.0), Rule::Get)?,
                        Jv::N(key_num(k, "softness", 0.0, Rule::Get)? * s),
                        Jv::N(bend),
                        Jv::N(b("compress", false)?),
                        Jv::N(b("stretch", false)?),
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
                let read = |k: Js<'_>| -> R<Vec<Jv>> {
                    let mix_x = key_raw(k, "mixX", Jv::N(1.0), Rule::Get)?;
                    Ok(vec![
                        key_raw(k, "mixRotate", Jv::N(1.0), Rule::Get)?,
                        mix_x.clone(),
                        key_raw(k, "mixY", mix_x, Rule::Get)?,
                        key_raw(k, "mixScaleX", Jv::N(1.0), Rule::Get)?,
                        key_raw(k, "mixScaleY", Jv::N(1.0), Rule::Get)?,
                        key_raw(k, "mixShearY", Jv::N(1.0), Rule::Get)?,
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
                let crate::data::ConstraintKind::Path(pd) = &self.data.constraints[index].kind
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
                            &move |k| {
                                Ok(nums(vec![key_num(k, "value", 0.0, Rule::Nullish)? * scale]))
                            },
                        )
                    };
                    let t = match tl_name.as_str() {
                        "position" => one(K::PathPosition(index), pos_scale)?,
                        "spacing" => one(K::PathSpacing(index), spc_scale)?,
                        "mix" => {
                            let read = |k: Js<'_>| -> R<Vec<Jv>> {
                                let mix_x = key_raw(k, "mixX", Jv::N(1.0), Rule::Get)?;
                                Ok(vec![
                                    key_raw(k, "mixRotate", Jv::N(1.0), Rule::Get)?,
                                    mix_x.clone(),
                                    key_raw(k, "mixY", mix_x, Rule::Get)?,
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
                        &move |k| Ok(nums(vec![key_num(k, "value", def, Rule::Nullish)?])),
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
                        &|k| Ok(nums(vec![key_num(k, "value", 1.0, Rule::Nullish)?])),
                    )?);
                }
            }
        }
        Ok(())
    }
}
