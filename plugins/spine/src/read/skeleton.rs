//! Reading the header, bones, slots, the 4.3 `constraints` array (all five
//! kinds), events, and the last step: resolving each slider's `animation`.

use super::values::{color_from, get_value, lookup_key, require_name};
use super::{Cx, ReadError, R};
use crate::data::{
    BlendMode, BoneData, BoneLocal, Color, ConstraintKind, EventData, Inherit, SlotData,
};
use crate::json::{Js, Json};

impl Cx<'_> {
    pub(super) fn read_header(&mut self, root: Js<'_>) -> R<()> {
        let map = root.get("skeleton")?;
        if !map.truthy() {
            return Ok(());
        }
        let d = &mut self.data;
        let raw = |k: &str| map.get(k);
        let hash = raw("hash")?;
        let version = raw("spine")?;
        d.hash = hash
            .string()
            .or_else(|| (!hash.is_nullish()).then(|| hash.to_js_string()));
        d.version = version
            .string()
            .or_else(|| (!version.is_nullish()).then(|| version.to_js_string()));
        for (key, slot) in [("x", 0), ("y", 1), ("width", 2), ("height", 3), ("fps", 4)] {
            let v = raw(key)?;
            let value = if v.is_undef() {
                None
            } else {
                Some(self.coerce(v, &format!("skeleton.{key}")))
            };
            let d = &mut self.data;
            *[&mut d.x, &mut d.y, &mut d.width, &mut d.height, &mut d.fps][slot] = value;
        }
        self.data.reference_scale =
            self.num(map, "referenceScale", 100.0, "skeleton")? * self.scale;
        self.data.images_path = self.opt_string(map, "images", "skeleton")?;
        self.data.audio_path = self.opt_string(map, "audio", "skeleton")?;
        Ok(())
    }

    pub(super) fn read_bones(&mut self, root: Js<'_>) -> R<()> {
        let bones = root.get("bones")?;
        if !bones.truthy() {
            return Ok(());
        }
        let n = bones.length()?.unwrap_or(0);
        for i in 0..n {
            let path = format!("bones[{i}]");
            let map = bones.at(i)?;
            let mut parent = None;
            let parent_name = get_value(map, "parent")?;
            if let Some(p) = parent_name.filter(|p| p.truthy()) {
                parent = lookup_key(p).and_then(|k| self.data.find_bone(&k));
                if parent.is_none() {
                    self.finding(
                        format!("{path}.parent"),
                        format!(
                            "no earlier bone is named {:?}: spine-core makes this bone an extra root",
                            p.to_js_string()
                        ),
                    );
                }
            }
            let name_v = map.get("name")?;
            if !name_v.truthy() {
                return Err(ReadError::thrown("name cannot be null."));
            }
            let name = self.string_of(name_v, &format!("{path}.name"));
            let s = self.scale;
            let inherit_v = get_value(map, "inherit")?;
            let inherit: Option<Inherit> = self.enum_value_or(
                inherit_v,
                "Normal",
                Inherit::from_name,
                &format!("{path}.inherit"),
            )?;
            let setup = BoneLocal {
                x: self.num(map, "x", 0.0, &path)? * s,
                y: self.num(map, "y", 0.0, &path)? * s,
                rotation: self.num(map, "rotation", 0.0, &path)?,
                scale_x: self.num(map, "scaleX", 1.0, &path)?,
                scale_y: self.num(map, "scaleY", 1.0, &path)?,
                shear_x: self.num(map, "shearX", 0.0, &path)?,
                shear_y: self.num(map, "shearY", 0.0, &path)?,
                inherit,
            };
            let length = self.num(map, "length", 0.0, &path)? * s;
            let skin_required = self.flag(map, "skin", false, &path)?;
            let color = self.color(map, "color", Color::ZERO, &path)?;
            let icon = self.opt_string(map, "icon", &path)?;
            let bone = BoneData {
                index: self.data.bones.len(),
                name,
                parent,
                length,
                setup,
                skin_required,
                color,
                icon,
                icon_size: self.num(map, "iconSize", 1.0, &path)?,
                icon_rotation: self.num(map, "iconRotation", 0.0, &path)?,
                visible: false,
            };
            self.data.bones.push(bone);
        }
        Ok(())
    }

    /// `findBone(v)`, throwing `boneName cannot be null.` for a falsy name.
    pub(super) fn find_bone(&self, v: Js<'_>) -> R<Option<usize>> {
        require_name(v, "boneName")?;
        Ok(lookup_key(v).and_then(|k| self.data.find_bone(&k)))
    }

    /// `findSlot(v)`.
    pub(super) fn find_slot(&self, v: Js<'_>) -> R<Option<usize>> {
        require_name(v, "slotName")?;
        Ok(lookup_key(v).and_then(|k| self.data.find_slot(&k)))
    }

    /// `findConstraint(v, Type)`.
    pub(super) fn find_constraint(&self, v: Js<'_>, type_name: &str) -> R<Option<usize>> {
        require_name(v, "constraintName")?;
        let Some(k) = lookup_key(v) else {
            return Ok(None);
        };
        Ok(self
            .data
            .constraints
            .iter()
            .position(|c| c.type_name() == type_name && c.name == k))
    }

    pub(super) fn read_slots(&mut self, root: Js<'_>) -> R<()> {
        let slots = root.get("slots")?;
        if !slots.truthy() {
            return Ok(());
        }
        let n = slots.length()?.unwrap_or(0);
        for i in 0..n {
            let path = format!("slots[{i}]");
            let map = slots.at(i)?;
            let name_v = map.get("name")?;
            let bone_v = map.get("bone")?;
            let Some(bone) = self.find_bone(bone_v)? else {
                return Err(ReadError::thrown(format!(
                    "Couldn't find bone {} for slot {}",
                    bone_v.to_js_string(),
                    name_v.to_js_string()
                )));
            };
            if name_v.is_nullish() {
                return Err(ReadError::thrown("name cannot be null."));
            }
            let name = self.string_of(name_v, &format!("{path}.name"));
            let color = self.color(map, "color", Color::WHITE, &path)?;
            let dark_color = match get_value(map, "dark")? {
                Some(v) if v.truthy() => Some(color_from(v)?),
                _ => None,
            };
            let attachment_name = self.opt_string(map, "attachment", &path)?;
            let blend_v = get_value(map, "blend")?;
            let blend_mode = self.enum_value_or(
                blend_v,
                "Normal",
                BlendMode::from_name,
                &format!("{path}.blend"),
            )?;
            let visible = self.flag(map, "visible", true, &path)?;
            self.data.slots.push(SlotData {
                index: self.data.slots.len(),
                name,
                bone,
                color,
                dark_color,
                attachment_name,
                blend_mode,
                visible,
            });
        }
        Ok(())
    }

    pub(super) fn read_events(&mut self, root: Js<'_>) -> R<()> {
        let events = root.get("events")?;
        if !events.truthy() {
            return Ok(());
        }
        for (name, map) in events.for_in() {
            let path = format!("events.{name}");
            let int_value = self.num(map, "int", 0.0, &path)?;
            let float_value = self.num(map, "float", 0.0, &path)?;
            let string_value = match get_value(map, "string")? {
                None => Some(String::new()),
                Some(v) if v.is_nullish() => None,
                Some(v) => Some(self.string_of(v, &format!("{path}.string"))),
            };
            let audio = get_value(map, "audio")?;
            let audio_path = match audio {
                Some(v) if !v.is_nullish() => Some(self.string_of(v, &format!("{path}.audio"))),
                _ => None,
            };
            let (mut volume, mut balance) = (0.0, 0.0);
            let has_audio = audio.is_some_and(|a| a.truthy());
            if has_audio {
                volume = self.num(map, "volume", 0.0, &path)?;
                balance = self.num(map, "balance", 0.0, &path)?;
            }
            self.data.events.push(EventData {
                name,
                int_value,
                float_value,
                string_value,
                audio_path,
                has_audio,
                volume,
                balance,
            });
        }
        Ok(())
    }

    pub(super) fn resolve_slider_animations(&mut self, root: Js<'_>) -> R<()> {
        let list = root.get("constraints")?;
        if !list.truthy() {
            return Ok(());
        }
        for (k, (_, map)) in list.for_in().into_iter().enumerate() {
            if map.get("type")?.as_str() != Some("slider") {
                continue;
            }
            let name_v = map.get("name")?;
            let index = match name_v {
                Js::Val(Json::Arr(_) | Json::Obj(_)) => {
                    self.entries.iter().find(|(e, _)| *e == k).map(|(_, c)| *c)
                }
                _ => self.find_constraint(name_v, "slider")?,
            };
            let anim_v = map.get("animation")?;
            require_name(anim_v, "animationName")?;
            let Some(animation) = lookup_key(anim_v).and_then(|k| self.data.find_animation(&k))
            else {
                return Err(ReadError::thrown(format!(
                    "Slider animation not found: {}",
                    anim_v.to_js_string()
                )));
            };
            match index.map(|i| &mut self.data.constraints[i].kind) {
                Some(ConstraintKind::Slider(s)) => s.animation = Some(animation),
                _ => {
                    return Err(ReadError::type_error(
                        "Cannot set properties of null (setting 'animation')",
                    ))
                }
            }
        }
        Ok(())
    }
}
