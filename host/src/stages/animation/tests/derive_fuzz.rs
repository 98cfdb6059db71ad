//! Property tests of `derive`: arbitrary models (every field any JSON shape, edge
//! numbers, members that are and are not in the group, any property and target)
//! and arbitrary cuts of a valid model's text go through the parser and the
//! stage — every outcome is a compiled animation or diagnostics, never a panic,
//! and every value a compile emits is one a float32 holds.

use super::{compile_all, setup};
use crate::spec::motion::tests::parse_str;
use proptest::prelude::*;
use rigc_sdk::model::KeyValue;
use serde_json::{json, Map, Value};

/// Edge numbers and shapes a field might be given.
fn scalar() -> impl Strategy<Value = Value> {
    prop_oneof![
        prop::sample::select(vec![
            0.0, -0.0, 1.0, -1.0, 12.0, 90.0, -90.0, 180.0, 720.0, 1e-300, 1e30, -1e30, 3.4e38,
            -3.4e38, 170.0, -55.0
        ])
        .prop_map(|x| json!(x)),
        (-400.0f64..400.0).prop_map(|x| json!(x)),
        Just(Value::Null),
        Just(json!("12")),
        Just(json!([12])),
        Just(json!({})),
        Just(json!(true)),
    ]
}

/// A depth: one value, or a map over members that are and are not in the group.
fn depth() -> impl Strategy<Value = Value> {
    prop_oneof![
        scalar(),
        prop::collection::vec(
            (
                prop::sample::select(vec!["a", "b", "c", "zed", ""]),
                scalar()
            ),
            0..5
        )
        .prop_map(|es| Value::Object(
            es.into_iter()
                .map(|(k, v)| (k.to_string(), v))
                .collect::<Map<_, _>>()
        )),
    ]
}

/// A `derive` value: mostly an object with any subset of its fields (and
/// sometimes a stray one), sometimes not an object at all.
fn model() -> impl Strategy<Value = Value> {
    let kind = prop_oneof![
        prop::sample::select(vec!["yaw", "pitch", "roll", ""]).prop_map(|k| json!(k)),
        scalar()
    ];
    let fields = (
        prop::option::of(kind),
        prop::option::of(scalar()),
        prop::option::of(depth()),
        prop::option::of(scalar()),
        prop::option::of(scalar()),
        any::<bool>(),
    );
    prop_oneof![
        4 => fields.prop_map(|(kind, degrees, depth, carried, about, stray)| {
            let mut m = Map::new();
            for (k, v) in [("kind", kind), ("degrees", degrees), ("depth", depth), ("carried", carried), ("about", about)] {
                if let Some(v) = v {
                    m.insert(k.to_string(), v);
                }
            }
            if stray {
                m.insert("radius".into(), json!(1));
            }
            Value::Object(m)
        }),
        1 => scalar(),
    ]
}

/// One track keying `target` with a rest key and a derived key (and maybe a `v`).
fn motion(
    target: (&str, &str),
    property: &str,
    derive: Value,
    v: Option<Value>,
    stagger: bool,
) -> String {
    let mut key = json!({"t": 1, "derive": derive});
    if let Some(v) = v {
        key["v"] = v;
    }
    let mut track = json!({"property": property, "keys": [{"t": 0, "v": [0]}, key]});
    track[target.0] = json!(target.1);
    if stagger {
        track["stagger"] = json!(0.0);
    }
    json!({
        "spec": "rigc-motion/1", "archetype": "t", "easings": {},
        "groups": {"pair": ["a", "b"], "mixed": ["a", "c"], "lids": ["lid_l", "lid_r"]},
        "animations": {"a": {"duration": 1, "tracks": [track]}}
    })
    .to_string()
}

/// Parses and compiles; a compiled animation's every number fits a float32.
fn compiles_or_refuses(text: &str) {
    let Ok(spec) = parse_str(text) else {
        return;
    };
    let mut s = setup();
    for (b, x) in s
        .bones
        .iter_mut()
        .zip([None, Some(-62.0), Some(62.0), Some(5.0)])
    {
        b.x = x;
        b.y = x.map(|x| -x / 2.0);
    }
    if let Ok(anims) = compile_all(&spec, &s) {
        for t in anims
            .iter()
            .flat_map(|a| a.bones.iter())
            .flat_map(|b| &b.timelines)
        {
            for k in &t.keys {
                for (_, v) in &k.fields {
                    if let KeyValue::Num(x) = v {
                        assert!((*x as f32).is_finite(), "{x} emitted from {text}");
                    }
                }
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_models_never_panic(
        derive in model(),
        target in prop::sample::select(vec![("group", "pair"), ("group", "mixed"), ("group", "lids"), ("bone", "a"), ("slot", "lid_l"), ("group", "nope")]),
        property in prop::sample::select(vec!["translatex", "translatey", "scalex", "scaley", "rotate", "translate", "rgba", "attachment"]),
        v in prop::option::weighted(0.15, prop_oneof![Just(json!([1])), Just(json!({"a": [1], "b": [2]}))]),
        stagger in any::<bool>(),
    ) {
        compiles_or_refuses(&motion(target, property, derive, v, stagger));
    }

    #[test]
    fn cut_model_text_never_panics(
        cuts in prop::collection::vec((0..400usize, 0..8usize, "[\\[\\]{}\":,a-z0-9.\\- ]{0,5}"), 1..4)
    ) {
        let mut text = motion(
            ("group", "pair"),
            "scalex",
            json!({"kind": "yaw", "degrees": 12, "about": 2, "depth": {"a": 150, "b": 158}}),
            None,
            false,
        );
        for (at, len, insert) in cuts {
            let at = at.min(text.len());
            let end = (at + len).min(text.len());
            if text.is_char_boundary(at) && text.is_char_boundary(end) {
                text.replace_range(at..end, &insert);
            }
        }
        compiles_or_refuses(&text);
    }
}

#[test]
fn the_uncut_model_compiles() {
    // The positive control of `cut_model_text_never_panics`: its text compiles.
    let text = motion(
        ("group", "pair"),
        "scalex",
        json!({"kind": "yaw", "degrees": 12, "about": 2, "depth": {"a": 150, "b": 158}}),
        None,
        false,
    );
    let spec = parse_str(&text).expect("parses");
    assert!(compile_all(&spec, &setup()).is_ok());
}
