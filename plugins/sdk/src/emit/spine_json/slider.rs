//! This module owns a slider constraint's JSON object (FORMAT.md §5.3): its
//! fields in emission order, the bone-driven model's or the time-driven one's.

use super::{put_bool, put_num, Built};
use crate::model::SliderConstraint;
use serde_json::{Map, Value};

/// A slider's fields in §5.3's order: `name, type, animation, additive?, loop?,
/// mix?`, then the bone-driven model's or `time?`, then `skin?`.
pub(super) fn fields(m: &mut Map<String, Value>, s: &SliderConstraint) -> Built<()> {
    m.insert("name".into(), Value::String(s.name.clone()));
    m.insert("type".into(), Value::String("slider".into()));
    m.insert("animation".into(), Value::String(s.animation.clone()));
    put_bool(m, "additive", s.additive);
    put_bool(m, "loop", s.looping);
    put_num(m, "mix", s.mix)?;
    if let Some(d) = &s.driven {
        m.insert("bone".into(), Value::String(d.bone.clone()));
        m.insert("property".into(), Value::String(d.property.clone()));
        put_num(m, "from", d.from)?;
        put_num(m, "to", d.to)?;
        put_num(m, "scale", d.scale)?;
        put_num(m, "max", d.max)?;
        put_bool(m, "local", d.local);
    }
    put_num(m, "time", s.time)?;
    put_bool(m, "skin", s.skin);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::SliderDrive;

    fn keys(s: &SliderConstraint) -> Vec<String> {
        let mut m = Map::new();
        fields(&mut m, s).expect("writable");
        m.keys().cloned().collect()
    }

    #[test]
    fn each_model_writes_its_declared_fields_in_order() {
        let driven = SliderConstraint {
            name: "yaw".into(),
            animation: "turn".into(),
            additive: Some(true),
            looping: Some(false),
            mix: Some(1.0),
            driven: Some(SliderDrive {
                bone: "dial".into(),
                property: "rotate".into(),
                from: Some(-19.0),
                to: Some(0.0),
                scale: Some(0.05),
                max: Some(19.0),
                local: Some(true),
            }),
            time: None,
            skin: None,
        };
        assert_eq!(
            keys(&driven),
            [
                "name",
                "type",
                "animation",
                "additive",
                "loop",
                "mix",
                "bone",
                "property",
                "from",
                "to",
                "scale",
                "max",
                "local"
            ]
        );
        let timed = SliderConstraint {
            name: "reveal".into(),
            animation: "curtain".into(),
            time: Some(0.5),
            skin: Some(false),
            ..SliderConstraint::default()
        };
        assert_eq!(keys(&timed), ["name", "type", "animation", "time", "skin"]);
    }
}
