//! Reading the 4.3 `constraints` array: one entry per IK, transform (with the
//! `properties` mapping and the mix-read-only-for-mapped-properties rule),
//! path, physics or slider constraint, in update order; entries without a
//! known `type` are skipped silently.

use super::values::get_value;
use super::{Cx, ReadError, R};
use crate::data::{
    ConstraintData, ConstraintKind, FromProperty, IkData, IkPose, PathData, PathPose, PhysicsData,
    PhysicsPose, PositionMode, Property, RotateMode, ScaleYMode, SliderData, SliderPose,
    SpacingMode, ToProperty, TransformData, TransformPose,
};
use crate::json::{Js, Json};

impl Cx<'_> {
    fn bone_list(&mut self, map: Js<'_>, kind: &str, name: &str) -> R<Vec<usize>> {
        let bones = map.get("bones")?;
        let n = bones.length_num()?;
        let mut out = Vec::new();
        let mut i = 0usize;
        while (i as f64) < n {
            let b = bones.at(i)?;
            match self.find_bone(b)? {
                Some(index) => out.push(index),
                None => {
                    return Err(ReadError::thrown(format!(
                        "Couldn't find bone {} for {kind} constraint {name}.",
                        b.to_js_string()
                    )))
                }
            }
            i += 1;
        }
        Ok(out)
    }

    pub(super) fn read_constraints(&mut self, root: Js<'_>) -> R<()> {
        let list = root.get("constraints")?;
        if !list.truthy() {
            return Ok(());
        }
        let items = list
            .for_of()
            .ok_or_else(|| ReadError::type_error("root.constraints is not iterable"))?;
        for (i, map) in items.into_iter().enumerate() {
            let path = format!("constraints[{i}]");
            let name_v = map.get("name")?;
            let skin_required = self.flag(map, "skin", false, &path)?;
            let type_v = get_value(map, "type")?;
            let kind = match type_v.and_then(|t| t.as_str()) {
                Some(t @ ("ik" | "transform" | "path" | "physics" | "slider")) => t,
                _ => {
                    let what = type_v.map_or("no type".to_string(), |t| {
                        format!("type {:?}", t.to_js_string())
                    });
                    self.finding(
                        path,
                        format!("constraint with {what}: spine-core skips it silently"),
                    );
                    continue;
                }
            };
            if name_v.is_nullish() {
                return Err(ReadError::thrown("name cannot be null."));
            }
            let name = self.string_of(name_v, &format!("{path}.name"));
            let shown = name_v.to_js_string();
            if !map.get("order")?.is_undef() {
                self.finding(
                    format!("{path}.order"),
                    "4.2 `order` is ignored: the array order is the update order",
                );
            }
            let kind = match kind {
                "ik" => self.read_ik(map, &shown, &path)?,
                "transform" => self.read_transform(map, &shown, &path)?,
                "path" => self.read_path(map, &shown, &path)?,
                "physics" => self.read_physics(map, &path)?,
                _ => self.read_slider(map, &path)?,
            };
            self.entries.push((i, self.data.constraints.len()));
            self.data.constraints.push(ConstraintData {
                name,
                skin_required,
                kind,
            });
        }
        Ok(())
    }

    fn read_ik(&mut self, map: Js<'_>, name: &str, path: &str) -> R<ConstraintKind> {
        let bones = self.bone_list(map, "IK", name)?;
        let target_v = map.get("target")?;
        let Some(target) = self.find_bone(target_v)? else {
            return Err(ReadError::thrown(format!(
                "Couldn't find target bone {} for IK constraint {name}.",
                target_v.to_js_string()
            )));
        };
        let scale_y_mode = match get_value(map, "scaleY")? {
            Some(v) if !v.is_nullish() => {
                self.enum_value(v, ScaleYMode::from_name, &format!("{path}.scaleY"))?
            }
            _ => Some(ScaleYMode::None),
        };
        if !(1..=2).contains(&bones.len()) {
            self.finding(
                format!("{path}.bones"),
                format!(
                    "{} bones: the IK constraint loads but does nothing",
                    bones.len()
                ),
            );
        }
        let setup = IkPose {
            mix: self.num(map, "mix", 1.0, path)?,
            softness: self.num(map, "softness", 0.0, path)? * self.scale,
            bend_direction: if self.flag(map, "bendPositive", true, path)? {
                1.0
            } else {
                -1.0
            },
            compress: self.flag(map, "compress", false, path)?,
            stretch: self.flag(map, "stretch", false, path)?,
        };
        Ok(ConstraintKind::Ik(IkData {
            bones,
            target,
            scale_y_mode,
            setup,
        }))
    }

    fn property_from(&self, v: Js<'_>) -> R<Property> {
        v.string()
            .and_then(|s| Property::from_name(&s))
            .ok_or_else(|| {
                ReadError::thrown(format!(
                    "Invalid transform constraint from property: {}",
                    v.to_js_string()
                ))
            })
    }

    fn property_scale(&self, p: Property) -> f64 {
        match p {
            Property::X | Property::Y => self.scale,
            _ => 1.0,
        }
    }

    fn read_transform(&mut self, map: Js<'_>, name: &str, path: &str) -> R<ConstraintKind> {
        let bones = self.bone_list(map, "transform", name)?;
        let source_v = map.get("source")?;
        let Some(source) = self.find_bone(source_v)? else {
            return Err(ReadError::thrown(format!(
                "Couldn't find source bone {} for transform constraint {name}.",
                source_v.to_js_string()
            )));
        };
        let local_source = self.flag(map, "localSource", false, path)?;
        let local_target = self.flag(map, "localTarget", false, path)?;
        let additive = self.flag(map, "additive", false, path)?;
        let clamp = self.flag(map, "clamp", false, path)?;
        let mut seen = [false; 6];
        let mut properties = Vec::new();
        let props = get_value(map, "properties")?;
        match props {
            None => self.finding(
                format!("{path}.properties"),
                "no `properties`: every mix stays 0 and the constraint does nothing",
            ),
            Some(p) if p.is_nullish() => {
                return Err(ReadError::type_error(
                    "Cannot convert undefined or null to object",
                ))
            }
            Some(_) => {}
        }
        for (from_name, from_entry) in props.map(|p| p.for_in()).unwrap_or_default() {
            let property = self.property_from(Js::Val(&Json::Str(from_name.clone())))?;
            let from_scale = self.property_scale(property);
            let offset = self.num(from_entry, "offset", 0.0, path)? * from_scale;
            let mut from = FromProperty {
                property,
                offset,
                to: Vec::new(),
            };
            let to_v = get_value(from_entry, "to")?;
            if to_v.is_some_and(|t| t.is_nullish()) {
                return Err(ReadError::type_error(
                    "Cannot convert undefined or null to object",
                ));
            }
            for (to_name, to_entry) in to_v.map(|t| t.for_in()).unwrap_or_default() {
                let Some(tp) = Property::from_name(&to_name) else {
                    return Err(ReadError::thrown(format!(
                        "Invalid transform constraint to property: {to_name}"
                    )));
                };
                let to_scale = self.property_scale(tp);
                seen[tp as usize] = true;
                let tpath = format!("{path}.properties.{from_name}.to.{to_name}");
                from.to.push(ToProperty {
                    property: tp,
                    offset: self.num(to_entry, "offset", 0.0, &tpath)? * to_scale,
                    max: self.num(to_entry, "max", 1.0, &tpath)? * to_scale,
                    scale: self.num(to_entry, "scale", 1.0, &tpath)? * to_scale / from_scale,
                });
            }
            if from.to.is_empty() {
                self.finding(
                    format!("{path}.properties.{from_name}"),
                    "no `to` properties: dropped",
                );
            } else {
                properties.push(from);
            }
        }
        let s = self.scale;
        let offsets = [
            self.num(map, "rotation", 0.0, path)?,
            self.num(map, "x", 0.0, path)? * s,
            self.num(map, "y", 0.0, path)? * s,
            self.num(map, "scaleX", 0.0, path)?,
            self.num(map, "scaleY", 0.0, path)?,
            self.num(map, "shearY", 0.0, path)?,
        ];
        let mut setup = TransformPose::default();
        let keys = [
            "mixRotate",
            "mixX",
            "mixY",
            "mixScaleX",
            "mixScaleY",
            "mixShearY",
        ];
        for (k, key) in keys.iter().enumerate() {
            if !seen[k] {
                if !map.get(key)?.is_undef() {
                    self.finding(format!("{path}.{key}"), format!("`{key}` is not read: no `properties` entry maps to this property, so the mix stays 0"));
                }
                continue;
            }
            let def = match k {
                2 => setup.mix_x,
                4 => setup.mix_scale_x,
                _ => 1.0,
            };
            let v = self.num(map, key, def, path)?;
            *[
                &mut setup.mix_rotate,
                &mut setup.mix_x,
                &mut setup.mix_y,
                &mut setup.mix_scale_x,
                &mut setup.mix_scale_y,
                &mut setup.mix_shear_y,
            ][k] = v;
        }
        Ok(ConstraintKind::Transform(TransformData {
            bones,
            source,
            offsets,
            local_source,
            local_target,
            additive,
            clamp,
            properties,
            setup,
        }))
    }

    fn read_path(&mut self, map: Js<'_>, name: &str, path: &str) -> R<ConstraintKind> {
        let bones = self.bone_list(map, "path", name)?;
        let slot_v = map.get("slot")?;
        let Some(slot) = self.find_slot(slot_v)? else {
            return Err(ReadError::thrown(format!(
                "Couldn't find slot {} for path constraint {name}.",
                slot_v.to_js_string()
            )));
        };
        let pm_v = get_value(map, "positionMode")?;
        let position_mode = self.enum_value_or(
            pm_v,
            "Percent",
            |s| match s {
                "Fixed" => Some(PositionMode::Fixed),
                "Percent" => Some(PositionMode::Percent),
                _ => None,
            },
            &format!("{path}.positionMode"),
        )?;
        let sm_v = get_value(map, "spacingMode")?;
        let spacing_mode = self.enum_value_or(
            sm_v,
            "Length",
            |s| match s {
                "Length" => Some(SpacingMode::Length),
                "Fixed" => Some(SpacingMode::Fixed),
                "Percent" => Some(SpacingMode::Percent),
                "Proportional" => Some(SpacingMode::Proportional),
                _ => None,
            },
            &format!("{path}.spacingMode"),
        )?;
        let rm_v = get_value(map, "rotateMode")?;
        let rotate_mode = self.enum_value_or(
            rm_v,
            "Tangent",
            |s| match s {
                "Tangent" => Some(RotateMode::Tangent),
                "Chain" => Some(RotateMode::Chain),
                "ChainScale" => Some(RotateMode::ChainScale),
                _ => None,
            },
            &format!("{path}.rotateMode"),
        )?;
        let offset_rotation = self.num(map, "rotation", 0.0, path)?;
        let mut position = self.num(map, "position", 0.0, path)?;
        if position_mode == Some(PositionMode::Fixed) {
            position *= self.scale;
        }
        let mut spacing = self.num(map, "spacing", 0.0, path)?;
        if matches!(spacing_mode, Some(SpacingMode::Length | SpacingMode::Fixed)) {
            spacing *= self.scale;
        }
        let mix_rotate = self.num(map, "mixRotate", 1.0, path)?;
        let mix_x = self.num(map, "mixX", 1.0, path)?;
        let mix_y = self.num(map, "mixY", mix_x, path)?;
        Ok(ConstraintKind::Path(PathData {
            bones,
            slot,
            position_mode,
            spacing_mode,
            rotate_mode,
            offset_rotation,
            setup: PathPose {
                position,
                spacing,
                mix_rotate,
                mix_x,
                mix_y,
            },
        }))
    }

    fn read_physics(&mut self, map: Js<'_>, path: &str) -> R<ConstraintKind> {
        let bone_v = map.get("bone")?;
        let Some(bone) = self.find_bone(bone_v)? else {
            return Err(ReadError::thrown(format!(
                "Physics bone not found: {}",
                bone_v.to_js_string()
            )));
        };
        let x = self.num(map, "x", 0.0, path)?;
        let y = self.num(map, "y", 0.0, path)?;
        let rotate = self.num(map, "rotate", 0.0, path)?;
        let scale_x = self.num(map, "scaleX", 0.0, path)?;
        let scale_y_mode = match get_value(map, "scaleY")? {
            Some(v) if !v.is_nullish() => {
                let m = self.enum_value(v, ScaleYMode::from_name, &format!("{path}.scaleY"))?;
                if m.is_none() {
                    return Err(ReadError::thrown("scaleYMode cannot be null."));
                }
                m
            }
            _ => Some(ScaleYMode::None),
        };
        let shear_x = self.num(map, "shearX", 0.0, path)?;
        let limit = self.num(map, "limit", 5000.0, path)? * self.scale;
        let step = 1.0 / self.num(map, "fps", 60.0, path)?;
        let setup = PhysicsPose {
            inertia: self.num(map, "inertia", 0.5, path)?,
            strength: self.num(map, "strength", 100.0, path)?,
            damping: self.num(map, "damping", 0.85, path)?,
            mass_inverse: 1.0 / self.num(map, "mass", 1.0, path)?,
            wind: self.num(map, "wind", 0.0, path)?,
            gravity: self.num(map, "gravity", 0.0, path)?,
            mix: self.num(map, "mix", 1.0, path)?,
        };
        let mut globals = [false; 7];
        for (k, key) in [
            "inertiaGlobal",
            "strengthGlobal",
            "dampingGlobal",
            "massGlobal",
            "windGlobal",
            "gravityGlobal",
            "mixGlobal",
        ]
        .iter()
        .enumerate()
        {
            globals[k] = self.flag(map, key, false, path)?;
        }
        Ok(ConstraintKind::Physics(PhysicsData {
            bone,
            x,
            y,
            rotate,
            scale_x,
            shear_x,
            scale_y_mode,
            limit,
            step,
            globals,
            setup,
        }))
    }

    fn read_slider(&mut self, map: Js<'_>, path: &str) -> R<ConstraintKind> {
        let additive = self.flag(map, "additive", false, path)?;
        let looped = self.flag(map, "loop", false, path)?;
        let mix = self.num(map, "mix", 1.0, path)?;
        let mut data = SliderData {
            animation: None,
            additive,
            looped,
            bone: None,
            property: None,
            scale: 0.0,
            offset: 0.0,
            local: false,
            max: 0.0,
            setup: SliderPose { time: 0.0, mix },
        };
        let bone_v = map.get("bone")?;
        if bone_v.truthy() {
            let Some(bone) = self.find_bone(bone_v)? else {
                return Err(ReadError::thrown(format!(
                    "Slider bone not found: {}",
                    bone_v.to_js_string()
                )));
            };
            data.bone = Some(bone);
            let prop_v = map.get("property")?;
            let property = self.property_from(prop_v)?;
            let ps = self.property_scale(property);
            data.property = Some(FromProperty {
                property,
                offset: self.num(map, "from", 0.0, path)? * ps,
                to: Vec::new(),
            });
            data.offset = self.num(map, "to", 0.0, path)?;
            data.scale = self.num(map, "scale", 1.0, path)? / ps;
            data.max = self.num(map, "max", 0.0, path)?;
            data.local = self.flag(map, "local", false, path)?;
        } else {
            data.setup.time = self.num(map, "time", 0.0, path)?;
        }
        Ok(ConstraintKind::Slider(data))
    }
}
