//! Conformance on the whole reference gallery: with the constructs this compiler
//! does not build yet taken out (physics, path/slider tracks) and the deform
//! timelines (their meshes are not in this regions-only setup; they are
//! compiled against meshes in `deform` and through the binary in the e2e tests),
//! every gallery motion compiles against a setup skeleton read from its rig spec.

use super::compile_all;
use crate::spec::motion::tests::{dump, parse_str, reference};
use rigc_sdk::model::{
    Attachment, Bone, Constraint, EventDef, Header, IkConstraint, RegionAttachment, Skeleton, Skin,
    SkinSlot, Slot,
};
use serde_json::Value;

/// The setup facts the animation stage reads, taken from a rig spec directly
/// (bone `x`/`y` as the spec states them: what a `derive` model reads).
pub(crate) fn setup_of(rig: &Value) -> Skeleton {
    let s = |v: &Value, k: &str| v.get(k).and_then(Value::as_str).map(str::to_string);
    let list = |k: &str| {
        rig.get(k)
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default()
    };
    let bones = list("bones")
        .iter()
        .map(|b| Bone {
            name: s(b, "name").unwrap_or_default(),
            parent: s(b, "parent"),
            x: b.get("x").and_then(Value::as_f64),
            y: b.get("y").and_then(Value::as_f64),
            ..Bone::default()
        })
        .collect();
    let slots = list("slots")
        .iter()
        .map(|x| Slot {
            name: s(x, "name").unwrap_or_default(),
            bone: s(x, "bone").unwrap_or_default(),
            dark: s(x, "dark"),
            ..Slot::default()
        })
        .collect();
    let mut skins = Vec::new();
    for (name, skin) in rig
        .get("skins")
        .and_then(Value::as_object)
        .into_iter()
        .flatten()
    {
        let slots = skin.get("attachments").unwrap_or(skin);
        let attachments = slots
            .as_object()
            .into_iter()
            .flatten()
            .map(|(slot, atts)| SkinSlot {
                slot: slot.clone(),
                entries: atts
                    .as_object()
                    .into_iter()
                    .flatten()
                    .map(|(p, _)| (p.clone(), Attachment::Region(RegionAttachment::default())))
                    .collect(),
            })
            .collect();
        skins.push(Skin {
            name: name.clone(),
            attachments,
            ..Skin::default()
        });
    }
    let constraints = list("constraints")
        .iter()
        .filter(|c| c.get("type").and_then(Value::as_str) == Some("ik"))
        .map(|c| {
            Constraint::Ik(IkConstraint {
                name: s(c, "name").unwrap_or_default(),
                bend_positive: c.get("bendPositive").and_then(Value::as_bool),
                compress: c.get("compress").and_then(Value::as_bool),
                stretch: c.get("stretch").and_then(Value::as_bool),
                ..IkConstraint::default()
            })
        })
        .collect();
    let events = rig
        .get("events")
        .and_then(Value::as_object)
        .into_iter()
        .flatten()
        .map(|(name, e)| EventDef {
            name: name.clone(),
            audio: s(e, "audio"),
            ..EventDef::default()
        })
        .collect();
    Skeleton {
        header: Header::default(),
        bones,
        slots,
        skins,
        events,
        animations: Vec::new(),
        constraints,
    }
}

/// Takes out what this compiler refuses as not implemented yet, and path
/// tracks (compiled, but the setup built here carries ik constraints only;
/// ride's path timelines are built end to end by `tests/ride.rs`).
pub(crate) fn strip(motion: &mut Value) {
    if let Some(m) = motion.as_object_mut() {
        m.remove("physics");
    }
    let Some(anims) = motion.get_mut("animations").and_then(Value::as_object_mut) else {
        return;
    };
    for anim in anims.values_mut() {
        let Some(a) = anim.as_object_mut() else {
            continue;
        };
        a.remove("deform");
        if let Some(Value::Array(tracks)) = a.get_mut("tracks") {
            tracks.retain(|t| {
                let constraint = ["physics", "path", "slider"]
                    .iter()
                    .any(|f| t.get(f).is_some());
                !constraint
            });
        }
    }
}

#[test]
fn every_gallery_motion_compiles_once_unbuilt_constructs_are_taken_out() {
    for name in ["flex", "look", "nod", "portrait", "ride", "squash", "walk"] {
        let read = |f: &str| -> Value {
            let text = std::fs::read_to_string(reference(&format!("rigc-gallery/{name}/{f}")))
                .expect("reference file");
            serde_json::from_str(&text).expect("reference JSON")
        };
        let mut motion = read("motion.json");
        strip(&mut motion);
        let spec =
            parse_str(&motion.to_string()).unwrap_or_else(|d| panic!("{name}:\n{}", dump(&d)));
        let anims = compile_all(&spec, &setup_of(&read("rig.json")))
            .unwrap_or_else(|d| panic!("{name}:\n{}", dump(&d)));
        assert_eq!(anims.len(), spec.animations.len(), "{name}");
        let timelines: usize = anims
            .iter()
            .map(|a| a.bones.len() + a.slots.len() + a.ik.len())
            .sum();
        assert!(timelines > 0, "{name}: nothing compiled");
    }
}
