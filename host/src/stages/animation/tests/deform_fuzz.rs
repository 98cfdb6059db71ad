//! Property tests of deform timelines and of the kind payload boundary: any
//! `deform` section built from the format's own vocabulary (and wrong shapes of
//! it) parses and compiles to a timeline or to located refusals, never a panic,
//! and a compiled run always fits its attachment's deform array; any parameters
//! through the built-in kinds' ABI, and any reply bytes from a kind plugin, come
//! back as a checked run (one finite pair per vertex) or a named refusal.

use super::deform::{deform_setup, motion_text};
use super::{builtin_registry, compile_with};
use crate::plugins::Registry;
use crate::spec::motion::tests::parse_str;
use crate::stages::animation::kinds::{evaluate, KindError};
use proptest::prelude::*;
use rigc_sdk::abi::{DeformCall, MeshGeometry, MeshVertex};
use rigc_sdk::model::{Attachment, KeyValue};
use serde_json::{json, Value};

fn number() -> impl Strategy<Value = Value> {
    prop_oneof![
        (-3i64..30).prop_map(Value::from),
        (-500.0..500.0f64).prop_map(Value::from),
        Just(json!(1e30)),
        Just(json!(0.5)),
    ]
}

fn scalar() -> impl Strategy<Value = Value> {
    prop_oneof![
        number(),
        Just(json!(null)),
        Just(json!(true)),
        Just(json!("x")),
        Just(json!("y")),
        Just(json!("soft")),
        Just(json!([])),
        Just(json!({})),
    ]
}

fn transform() -> impl Strategy<Value = Value> {
    let kind = prop_oneof![
        Just("yaw"),
        Just("pitch"),
        Just("affine"),
        Just("wave"),
        Just("bend"),
        Just("nope")
    ];
    let field = prop_oneof![
        Just("radius"),
        Just("degrees"),
        Just("about"),
        Just("depth"),
        Just("scale"),
        Just("amplitude"),
        Just("wavelength"),
        Just("phase"),
        Just("along"),
        Just("axis"),
        Just("amount"),
        Just("from"),
        Just("to"),
        Just("power"),
    ];
    let value = prop_oneof![
        scalar(),
        prop::collection::vec(number(), 0..3).prop_map(Value::from)
    ];
    (kind, prop::collection::vec((field, value), 0..6)).prop_map(|(kind, fields)| {
        let mut m = serde_json::Map::new();
        m.insert("kind".into(), json!(kind));
        for (f, v) in fields {
            m.insert(f.into(), v);
        }
        Value::Object(m)
    })
}

fn key() -> impl Strategy<Value = Value> {
    let field = prop_oneof![
        Just("vertices"),
        Just("fromVertex"),
        Just("offset"),
        Just("ease"),
        Just("curve"),
        Just("transform"),
        Just("t"),
    ];
    let value = prop_oneof![
        scalar(),
        prop::collection::vec(number(), 0..12).prop_map(Value::from),
        transform(),
    ];
    (0.0..1.2f64, prop::collection::vec((field, value), 0..4)).prop_map(|(t, fields)| {
        let mut m = serde_json::Map::new();
        m.insert("t".into(), json!(t));
        for (f, v) in fields {
            m.insert(f.into(), v);
        }
        Value::Object(m)
    })
}

fn track() -> impl Strategy<Value = Value> {
    let slot = prop_oneof![
        Just("ball"),
        Just("head"),
        Just("box"),
        Just("wbox"),
        Just("lid_l"),
        Just("bare"),
        Just("nowhere")
    ];
    (
        slot,
        prop::option::of(prop_oneof![
            Just(json!("default")),
            Just(json!("other")),
            Just(json!(3))
        ]),
        prop::collection::vec(key(), 0..4),
    )
        .prop_map(|(slot, skin, keys)| {
            let mut m = serde_json::Map::new();
            m.insert("slot".into(), json!(slot));
            m.insert("attachment".into(), json!(slot));
            if let Some(s) = skin {
                m.insert("skin".into(), s);
            }
            m.insert("keys".into(), Value::from(keys));
            Value::Object(m)
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn any_deform_section_compiles_or_is_refused_in_place(
        tracks in prop::collection::vec(track(), 0..3),
    ) {
        let text = serde_json::to_string(&Value::from(tracks)).unwrap();
        let setup = deform_setup();
        let outcome = std::panic::catch_unwind(|| {
            parse_str(&motion_text(&text))
                .and_then(|spec| compile_with(&spec, &deform_setup(), builtin_registry()))
                .map(|mut a| a.remove(0))
        });
        match outcome {
            Err(_) => prop_assert!(false, "panicked on {text}"),
            Ok(Err(diags)) => {
                prop_assert!(!diags.is_empty());
                for d in &diags {
                    prop_assert!(d.loc.is_some(), "{} has no place: {}", d.code, d.message);
                }
            }
            Ok(Ok(anim)) => {
                for t in &anim.deform {
                    let att = setup.skins.iter().find(|s| s.name == t.skin)
                        .and_then(|s| s.attachments.iter().find(|a| a.slot == t.slot))
                        .and_then(|a| a.entries.iter().find(|(p, _)| *p == t.attachment))
                        .map(|(_, a)| a);
                    let len = match att {
                        Some(Attachment::Mesh(m)) => m.vertices.deform_len(),
                        Some(Attachment::BoundingBox(b)) => b.vertices.deform_len(),
                        other => { prop_assert!(false, "compiled onto {other:?}"); 0 }
                    };
                    for k in &t.keys {
                        let mut start = 0;
                        let mut run = 0;
                        for (name, v) in &k.fields {
                            match (name.as_str(), v) {
                                ("offset", KeyValue::Int(o)) => start = *o as usize,
                                ("vertices", KeyValue::Nums(xs)) => {
                                    run = xs.len();
                                    prop_assert!(xs.iter().all(|x| x.is_finite()));
                                }
                                other => prop_assert!(false, "field {other:?}"),
                            }
                        }
                        prop_assert!(start + run <= len, "{start}+{run} past {len}");
                        prop_assert_eq!(run % 2, 0);
                    }
                }
            }
        }
    }

    #[test]
    fn any_parameters_through_the_kind_abi_are_a_run_or_a_refusal(
        params in transform(),
        points in prop::collection::vec((-300.0..300.0f64, -300.0..300.0f64), 1..12),
    ) {
        let registry = Registry::new(crate::plugins::builtins()).unwrap();
        let kind = params["kind"].as_str().unwrap_or_default().to_string();
        let Some(plugin) = registry.deform_kind(&kind) else {
            prop_assert_eq!(kind, "nope");
            return Ok(());
        };
        let mut params = params.clone();
        params.as_object_mut().unwrap().remove("kind");
        let call = DeformCall {
            kind,
            mesh: MeshGeometry {
                name: "default/s/m".into(),
                vertices: points.iter().map(|&(x, y)| MeshVertex { x, y, ..Default::default() }).collect(),
                ..Default::default()
            },
            params,
            time: 0.5,
            config: Value::Null,
        };
        match evaluate(plugin, &call) {
            Ok(run) => {
                prop_assert_eq!(run.len(), points.len());
                for [x, y] in run {
                    prop_assert!(x.is_finite() && y.is_finite());
                    prop_assert_eq!(x, rigc_sdk::deform::quantise(x));
                    prop_assert_eq!(y, rigc_sdk::deform::quantise(y));
                }
            }
            Err(KindError::Refused(r)) => prop_assert!(!r.message.is_empty()),
            Err(KindError::Failed(f)) => prop_assert!(false, "the built-in kinds never fail: {f}"),
        }
    }

    #[test]
    fn any_reply_bytes_are_a_checked_run_or_a_named_failure(reply in prop_oneof![
        prop::collection::vec(any::<u8>(), 0..40),
        prop::collection::vec(prop_oneof![(-1e40..1e40f64), Just(0.0)], 0..8).prop_map(|xs| {
            let pairs: Vec<Value> = xs.chunks(2).map(|c| json!(c)).collect();
            serde_json::to_vec(&json!({ "offsets": pairs })).unwrap()
        }),
        Just(br#"{"refused": {"code": "c", "message": "m"}}"#.to_vec()),
    ]) {
        *broken::REPLY.lock().unwrap() = reply;
        let plugin = crate::plugins::linked(broken::rigc_plugin_table()).unwrap();
        let call = DeformCall {
            kind: "echo".into(),
            mesh: MeshGeometry {
                name: "default/s/m".into(),
                vertices: vec![MeshVertex::default(); 2],
                ..Default::default()
            },
            params: json!({}),
            time: 0.0,
            config: Value::Null,
        };
        match evaluate(&plugin, &call) {
            Ok(run) => {
                prop_assert_eq!(run.len(), 2);
                prop_assert!(run.iter().flatten().all(|x| x.abs() <= f64::from(f32::MAX)));
            }
            Err(KindError::Refused(r)) => prop_assert_eq!(r.message, "m"),
            Err(KindError::Failed(f)) => prop_assert!(!f.is_empty()),
        }
    }
}

/// A kind plugin whose every `"deform"` reply is the bytes a test puts in
/// [`broken::REPLY`], linked and called through the ABI table.
mod broken {
    use rigc_sdk::abi::{Manifest, Plugin, ABI_VERSION};

    pub static REPLY: std::sync::Mutex<Vec<u8>> = std::sync::Mutex::new(Vec::new());

    pub struct Echo;

    impl Plugin for Echo {
        fn manifest() -> Manifest {
            Manifest {
                name: "echo".into(),
                version: "0".into(),
                abi: ABI_VERSION,
                rules: Vec::new(),
                deform_kinds: vec![rigc_sdk::abi::DeformKindDecl {
                    name: "echo".into(),
                    params: Vec::new(),
                }],
                emitters: Vec::new(),
                features: Vec::new(),
            }
        }
        fn call(_stage: &str, _input: &[u8]) -> Result<Vec<u8>, String> {
            Ok(REPLY.lock().map(|r| r.clone()).unwrap_or_default())
        }
    }

    rigc_sdk::plugin_table!(Echo);
}
