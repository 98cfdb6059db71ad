//! (c) The reader, the atlas reader and the poser never panic and always
//! terminate: arbitrary strings, byte-mutated fixtures, structurally mutated
//! fixtures and random skeletons (any node replaced by an odd value, keys
//! deleted), each read, then posed with every skin: the setup pose, every
//! animation at several times (looped and not), physics simulated, and the
//! whole pose document of `rigc sample`. Bounded case counts.

mod oracle;
mod random;

use proptest::prelude::*;
use rigc_spine::data::ConstraintKind;
use rigc_spine::sample::{pose_document, Layout, SampleOptions};
use rigc_spine::{read_atlas, read_skeleton, Skeleton};
use serde_json::Value;

fn fixture_texts() -> Vec<(String, Option<String>)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let mut out = Vec::new();
    for name in ["tiny", "features", "constraints"] {
        let d = oracle::fixtures().join(name);
        if let Ok(json) = std::fs::read_to_string(d.join("skeleton.json")) {
            out.push((json, std::fs::read_to_string(d.join("skeleton.atlas")).ok()));
        }
    }
    for name in ["pose-inherit.json", "pose-ik.json", "pose-transform.json"] {
        out.push((std::fs::read_to_string(dir.join(name)).expect("data"), None));
    }
    out
}

/// Reads and poses; only panics (the test's failure) matter.
fn exercise(json: &str, atlas: Option<&str>) {
    let atlas = atlas.and_then(|a| read_atlas(a).ok());
    for a in [atlas.as_ref(), None] {
        let Ok(outcome) = read_skeleton(json, a) else {
            continue;
        };
        let data = &outcome.data;
        animate(data);
        let Ok(mut sk) = Skeleton::new(data) else {
            continue;
        };
        let _ = sk.update_world_transform();
        let _ = sk.bounds();
        for skin in &data.skins {
            if sk.set_skin(&skin.name).is_ok() {
                sk.setup_pose();
                let _ = sk.update_world_transform();
                let _ = sk.try_bounds();
                for i in 0..sk.slots.len() {
                    let _ = sk.world_vertices(i);
                }
            }
        }
    }
}

/// Every animation and the setup pose through the whole pose document, with
/// each skin; physics only when its steps are not absurdly small (a 1e9 fps
/// constraint steps a billion times a second in spine-core too: slow, not a
/// hang, and not what a bounded test should wait for).
fn animate(data: &rigc_spine::SkeletonData) {
    let sane_physics = data.constraints.iter().all(|c| match &c.kind {
        ConstraintKind::Physics(p) => p.step >= 1e-3 || p.step.is_nan(),
        _ => true,
    });
    let mut skins: Vec<Option<String>> = vec![None];
    skins.extend(data.skins.iter().take(3).map(|s| Some(s.name.clone())));
    let mut animations: Vec<Option<String>> = vec![None];
    animations.extend(data.animations.iter().take(4).map(|a| Some(a.name.clone())));
    for skin in &skins {
        for animation in &animations {
            for looped in [false, true] {
                let o = SampleOptions {
                    animation: animation.clone(),
                    times: vec![0.0, 0.4, 1.3, 7.5],
                    skin: skin.clone(),
                    looped,
                    ..SampleOptions::default()
                };
                let _ = pose_document(data, &o, Layout::Compact);
            }
            if sane_physics {
                let o = SampleOptions {
                    animation: animation.clone(),
                    times: vec![0.25],
                    skin: skin.clone(),
                    physics: true,
                    ..SampleOptions::default()
                };
                let _ = pose_document(data, &o, Layout::Pretty);
            }
        }
    }
}

fn odd_value() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        prop_oneof![
            Just(0.0),
            Just(-1.0),
            Just(1e9),
            Just(0.5),
            Just(3.0),
            Just(-1e300),
            Just(2.0)
        ]
        .prop_map(|f| serde_json::json!(f)),
        prop_oneof![
            Just(""),
            Just("root"),
            Just("body"),
            Just("stepped"),
            Just("noScale"),
            Just("mesh"),
            Just("linkedmesh"),
            Just("default"),
            Just("x"),
            Just("rotate"),
            Just("abc"),
            Just("#ff00"),
        ]
        .prop_map(|s| Value::String(s.into())),
        Just(serde_json::json!([])),
        Just(serde_json::json!({})),
        Just(serde_json::json!([1, 2, 3, 4])),
        Just(serde_json::json!([{ "time": 0 }, null])),
        Just(serde_json::json!({ "count": 1e6, "digits": 3 })),
    ]
}

/// Replaces the `target`-th node (pre-order) with `value`, or deletes it from
/// its object when `delete` is set.
fn mutate(v: &mut Value, target: &mut usize, value: &Value, delete: bool) -> bool {
    match v {
        Value::Object(map) => {
            let keys: Vec<String> = map.keys().cloned().collect();
            for k in keys {
                if *target == 0 {
                    if delete {
                        map.shift_remove(&k);
                    } else if let Some(slot) = map.get_mut(&k) {
                        *slot = value.clone();
                    }
                    return true;
                }
                *target -= 1;
                if let Some(child) = map.get_mut(&k) {
                    if mutate(child, target, value, delete) {
                        return true;
                    }
                }
            }
            false
        }
        Value::Array(items) => {
            for item in items.iter_mut() {
                if *target == 0 {
                    *item = value.clone();
                    return true;
                }
                *target -= 1;
                if mutate(item, target, value, delete) {
                    return true;
                }
            }
            false
        }
        _ => false,
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_strings_never_panic(s in ".{0,200}") {
        exercise(&s, Some(&s));
        let _ = read_atlas(&s);
    }

    #[test]
    fn json_looking_strings_never_panic(s in r#"[\[\]{}",:0-9a-z\\ \-.eE]{0,120}"#) {
        exercise(&s, None);
    }

    #[test]
    fn byte_mutated_fixtures_never_panic(which in 0usize..6, at in 0usize..100_000, len in 0usize..8, insert in ".{0,4}") {
        let texts = fixture_texts();
        let (json, atlas) = &texts[which % texts.len()];
        let mut start = at % (json.len() + 1);
        while !json.is_char_boundary(start) { start -= 1; }
        let mut end = (start + len).min(json.len());
        while !json.is_char_boundary(end) { end -= 1; }
        let mutated = format!("{}{}{}", &json[..start], insert, &json[end..]);
        exercise(&mutated, atlas.as_deref());
        if let Some(a) = atlas {
            let mut s2 = at % (a.len() + 1);
            while !a.is_char_boundary(s2) { s2 -= 1; }
            let _ = read_atlas(&format!("{}{}{}", &a[..s2], insert, &a[s2..]));
        }
    }

    #[test]
    fn mutated_random_skeletons_never_panic(
        seed in any::<u64>(),
        edits in proptest::collection::vec((0usize..20000, odd_value(), any::<bool>()), 0..4),
    ) {
        let mut doc = random::skeleton(&mut random::Rng::new(seed)).json;
        for (target, value, delete) in &edits {
            let mut t = *target;
            mutate(&mut doc, &mut t, value, *delete);
        }
        exercise(&doc.to_string(), None);
    }

    #[test]
    fn structurally_mutated_fixtures_never_panic(
        which in 0usize..6,
        edits in proptest::collection::vec((0usize..5000, odd_value(), any::<bool>()), 1..4),
    ) {
        let texts = fixture_texts();
        let (json, atlas) = &texts[which % texts.len()];
        let mut doc: Value = serde_json::from_str(json).expect("fixture is JSON");
        for (target, value, delete) in &edits {
            let mut t = *target;
            mutate(&mut doc, &mut t, value, *delete);
        }
        exercise(&doc.to_string(), atlas.as_deref());
    }
}
