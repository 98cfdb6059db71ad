//! Any parameters over any geometry, through the kinds and through the
//! plugin's ABI table: never a panic — a named refusal, or one finite,
//! quantised offset per vertex.

mod common;
use common::*;
use proptest::prelude::*;
use rigc_sdk::abi::{DeformReply, Influence, MeshVertex, STATUS_OK};
use serde_json::{json, Value};

/// A number as a key might write it: ordinary, edge, huge, tiny.
fn number() -> impl Strategy<Value = f64> {
    prop_oneof![
        4 => -200.0..200.0_f64,
        1 => Just(0.0),
        1 => Just(1.0),
        1 => Just(360.0),
        1 => prop_oneof![Just(1e300), Just(-1e300), Just(1e-300), Just(f64::MAX)],
    ]
}

/// A parameter value: mostly a number, sometimes the wrong shape.
fn value() -> impl Strategy<Value = Value> {
    prop_oneof![
        6 => number().prop_map(|n| json!(n)),
        2 => prop_oneof![Just(json!("x")), Just(json!("y"))],
        2 => (number(), number()).prop_map(|(a, b)| json!([a, b])),
        1 => prop_oneof![Just(json!(true)), Just(json!(false)), Just(Value::Null), Just(json!("z")), Just(json!([1])), Just(json!({}))],
    ]
}

fn params() -> impl Strategy<Value = Value> {
    let names = prop_oneof![
        Just("radius"),
        Just("depth"),
        Just("degrees"),
        Just("about"),
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
        Just("parallax"),
    ];
    prop_oneof![
        12 => proptest::collection::btree_map(names, value(), 0..8)
            .prop_map(|m| Value::Object(m.into_iter().map(|(k, v)| (k.to_string(), v)).collect())),
        1 => value(),
    ]
}

fn mesh_vertex() -> impl Strategy<Value = MeshVertex> {
    let coord = prop_oneof![8 => -300.0..300.0_f64, 1 => Just(f64::NAN), 1 => Just(1e308)];
    let bones = prop_oneof![
        6 => Just(vec![]),
        3 => prop_oneof![Just("head"), Just("jaw")].prop_map(|b| vec![b]),
        1 => Just(vec!["head", "jaw"]),
    ];
    let depth = prop_oneof![
        Just(None),
        (-200.0..200.0_f64).prop_map(Some),
        Just(Some(f64::NAN))
    ];
    (coord.clone(), coord, bones, depth).prop_map(|(x, y, bones, depth)| MeshVertex {
        x,
        y,
        uv: [0.0, 0.0],
        bones: bones
            .into_iter()
            .map(|b| Influence {
                bone: b.into(),
                x,
                y,
                weight: 1.0,
            })
            .collect(),
        depth,
    })
}

/// A geometry most of whose vertices agree on their space, so the models run.
fn geometry() -> impl Strategy<Value = Vec<MeshVertex>> {
    prop_oneof![
        3 => proptest::collection::vec((-300.0..300.0_f64, -300.0..300.0_f64, -200.0..200.0_f64), 0..40)
            .prop_map(|v| v.into_iter().map(|(x, y, z)| MeshVertex { depth: Some(z), ..vertex(x, y) }).collect()),
        2 => proptest::collection::vec(mesh_vertex(), 0..40),
    ]
}

/// Well-formed parameters for `kind` with any numbers, so the evaluation
/// itself (past the radius, before `from`, overflow) is what is exercised.
fn well_formed(kind: &'static str) -> BoxedStrategy<Value> {
    let axes = prop_oneof![Just(("x", "y")), Just(("y", "x")), Just(("x", "x"))];
    match kind {
        "yaw" | "pitch" => (number(), number(), number(), any::<bool>())
            .prop_map(|(r, d, a, map)| if map {
                json!({ "depth": true, "degrees": d, "about": a })
            } else {
                json!({ "radius": r.abs(), "degrees": d, "about": a })
            })
            .boxed(),
        "affine" => (number(), number(), number(), number())
            .prop_map(|(sx, sy, ax, ay)| json!({ "scale": [sx, sy], "about": [ax, ay] }))
            .boxed(),
        "wave" => (number(), number(), number(), axes)
            .prop_map(|(a, l, p, (along, axis))| json!({ "amplitude": a, "wavelength": l.abs(), "phase": p, "along": along, "axis": axis }))
            .boxed(),
        _ => (number(), number(), number(), prop_oneof![Just(1.0), Just(2.0), Just(3.0), 0.1..4.0_f64], axes)
            .prop_map(|(m, f, t, p, (along, axis))| json!({ "amount": m, "from": f, "to": t, "power": p, "along": along, "axis": axis }))
            .boxed(),
    }
}

fn kind_name() -> impl Strategy<Value = &'static str> {
    prop_oneof![
        Just("yaw"),
        Just("pitch"),
        Just("affine"),
        Just("wave"),
        Just("bend")
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn any_parameters_over_any_geometry_refuse_by_name_or_answer_every_vertex(
        (kind, params) in kind_name().prop_flat_map(|k| (Just(k), prop_oneof![params(), well_formed(k)])),
        vs in geometry(),
    ) {
        if std::env::var_os("RIGC_FUZZ_TALLY").is_some() {
            eprintln!("TALLY {}", match offsets(&call(kind, params.clone(), vs.clone())) { Ok(_) => "ok".to_string(), Err(r) => r.code });
        }
        let c = call(kind, params, vs);
        match offsets(&c) {
            Ok(run) => {
                prop_assert_eq!(run.len(), c.mesh.vertices.len());
                for d in &run {
                    for v in d {
                        prop_assert!(v.is_finite());
                        prop_assert_eq!(v.to_bits(), rigc_sdk::deform::quantise(*v).to_bits(), "a quantised offset quantises to itself");
                    }
                }
            }
            Err(r) => {
                prop_assert!(!r.code.is_empty());
                prop_assert!(r.message.starts_with(&format!("transform {kind}")), "{}", r.message);
            }
        }
        // The same call through the ABI table: the same answer, as bytes.
        let input = serde_json::to_vec(&c).unwrap();
        let table = rigc_core_deforms::rigc_plugin_table();
        let mut out = rigc_sdk::abi::Buffer::EMPTY;
        // SAFETY: the table is this crate's own, the stage and input slices
        // are valid for the call, and `out` is a buffer it writes.
        let status = unsafe { (table.call)(b"deform".as_ptr(), 6, input.as_ptr(), input.len(), &mut out) };
        // SAFETY: `out` was made by this same table's `call`, reclaimed once.
        let bytes = unsafe { out.into_vec() };
        if c.mesh.vertices.iter().any(|v| !v.x.is_finite() || !v.y.is_finite() || v.depth.is_some_and(|d| !d.is_finite())) {
            // JSON has no NaN: serde writes null and the call is refused whole.
            return Ok(());
        }
        prop_assert_eq!(status, STATUS_OK, "{}", String::from_utf8_lossy(&bytes));
        // What the plugin evaluates is the call as JSON decodes it (serde_json
        // without `float_roundtrip` may read a float back one ulp off).
        let seen: rigc_sdk::abi::DeformCall = serde_json::from_slice(&input).unwrap();
        // The plugin answers the raw offsets; the host quantises them.
        let want = match common::kind(&seen.kind).offsets(&seen) {
            Ok(run) => DeformReply::Offsets(run),
            Err(r) => DeformReply::Refused(r),
        };
        // Compared as bytes: decoding the reply may land a float one ulp off.
        let want = serde_json::to_string(&want).unwrap();
        prop_assert_eq!(String::from_utf8_lossy(&bytes), want.as_str());
    }
}
