//! A property test of the mesh parser: any JSON object given as a mesh
//! attachment — every key of §2.7.2 present or not, each value of any JSON
//! type, biased towards the shapes a mesh takes — is a mesh or located
//! refusals, never a panic; and an accepted mesh assembles and measures its
//! fit without one either.

use super::{facts, MeshInput};
use crate::spec::rig::tests::{parse_text, BASE};
use crate::spec::rig::AttachmentKind;
use crate::stages::measure::ImageInfo;
use proptest::prelude::*;
use rigc_sdk::model::Attachment;
use rigc_sdk::png_image::PngHeader;
use serde_json::{json, Map, Value};
use std::collections::HashMap;

fn leaf() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        (-3i64..12).prop_map(Value::from),
        (-2.0f64..3.0).prop_map(Value::from),
        Just(json!(1e39)),
        Just(json!(0.5)),
        prop::sample::select(vec!["raw", "name", "p.png", "", "ffffffff", "b"])
            .prop_map(Value::from),
    ]
}

fn numbers() -> impl Strategy<Value = Value> {
    prop_oneof![
        prop::collection::vec((-1i64..9).prop_map(Value::from), 0..24).prop_map(Value::Array),
        prop::collection::vec((-1.0f64..2.0).prop_map(Value::from), 0..24).prop_map(Value::Array),
        prop::collection::vec(leaf(), 0..8).prop_map(Value::Array),
    ]
}

fn binding() -> impl Strategy<Value = Value> {
    (
        prop::option::of(prop::sample::select(vec!["b", "root", "zz"])),
        prop::option::of(leaf()),
        prop::option::of(leaf()),
        prop::option::of(leaf()),
        any::<bool>(),
    )
        .prop_map(|(bone, x, y, w, extra)| {
            let mut m = Map::new();
            if let Some(b) = bone {
                m.insert("bone".into(), b.into());
            }
            for (k, v) in [("x", x), ("y", y), ("weight", w)] {
                if let Some(v) = v {
                    m.insert(k.into(), v);
                }
            }
            if extra {
                m.insert("bogus".into(), json!(1));
            }
            Value::Object(m)
        })
}

fn weights() -> impl Strategy<Value = Value> {
    prop_oneof![
        prop::collection::vec(
            prop::collection::vec(binding(), 0..3).prop_map(Value::Array),
            0..6
        )
        .prop_map(Value::Array),
        leaf(),
    ]
}

/// A value for `key`: its usual shape, a valid quad's, or anything.
fn value(key: &'static str) -> BoxedStrategy<Value> {
    let quad = match key {
        "uvs" => json!([0, 0, 1, 0, 1, 1, 0, 1]),
        "triangles" => json!([0, 1, 2, 0, 2, 3]),
        "vertices" => json!([0, 0, 10, 0, 10, 10, 0, 10]),
        "hull" => json!(4),
        "edges" => json!([0, 2, 2, 4]),
        "width" | "height" => json!(10),
        "image" => json!("p.png"),
        "boneIndexing" => json!("name"),
        "color" => json!("ffffffff"),
        "path" => json!("p"),
        _ => Value::Null,
    };
    match key {
        "weights" => prop_oneof![weights(), leaf()].boxed(),
        "uvs" | "triangles" | "vertices" | "edges" => {
            prop_oneof![Just(quad), numbers(), leaf()].boxed()
        }
        "generator" => prop_oneof![Just(json!({ "kind": "grid" })), leaf()].boxed(),
        "sequence" => prop_oneof![
            Just(json!({ "count": 2 })),
            Just(json!({ "count": 3, "start": 0, "digits": 2, "setup": 1 })),
            Just(json!({ "kind": "grid" })),
            leaf()
        ]
        .boxed(),
        _ => prop_oneof![3 => Just(quad), 1 => leaf()].boxed(),
    }
}

/// Every key a mesh attachment may state (the parser's own table, `type`
/// aside: the strategy sets it) and one it may not.
fn keys() -> Vec<&'static str> {
    crate::spec::rig::MESH_KEYS
        .iter()
        .copied()
        .filter(|k| *k != "type")
        .chain(["bogus"])
        .collect()
}

fn mesh() -> impl Strategy<Value = Value> {
    let fields: Vec<BoxedStrategy<Option<Value>>> = keys()
        .iter()
        .map(|k| {
            // The keys that refuse a mesh outright by being there are rare.
            let (present, absent) = match *k {
                "uvs" | "triangles" | "vertices" | "image" => (8, 1),
                "generator" | "sequence" | "bogus" | "weights" => (1, 8),
                _ => (1, 2),
            };
            prop_oneof![present => value(k).prop_map(Some), absent => Just(None)].boxed()
        })
        .collect();
    fields.prop_map(|values| {
        let mut m = Map::new();
        m.insert("type".into(), json!("mesh"));
        for (k, v) in keys().iter().zip(values) {
            if let Some(v) = v {
                m.insert((*k).into(), v);
            }
        }
        Value::Object(m)
    })
}

/// A 4×4 PNG, its left half drawn.
fn png() -> Vec<u8> {
    let px: Vec<u8> = (0..16)
        .flat_map(|i| [9, 9, 9, if i % 4 < 2 { 255 } else { 0 }])
        .collect();
    rigc_sdk::png_image::encode_rgba(4, 4, &px)
}

fn answers(attachment: &Value) {
    let text = BASE.replace("{ \"width\": 10, \"height\": 10 }", &attachment.to_string());
    let rig = match parse_text(&text) {
        Err(d) => {
            assert!(!d.is_empty());
            for d in &d {
                let loc = d.loc.as_ref().expect("every refusal is located");
                assert!(loc.span.start <= loc.span.end && loc.span.end <= text.len());
            }
            return;
        }
        Ok(rig) => rig,
    };
    let AttachmentKind::Mesh(_) = &rig.skins[0].slots[0].entries[0].kind else {
        panic!("a mesh attachment parsed as something else")
    };
    let images: HashMap<String, ImageInfo> = rig
        .image_refs()
        .into_iter()
        .map(|(v, _)| {
            let header = PngHeader {
                width: 4,
                height: 4,
                color_type: 6,
                bit_depth: 8,
                has_trns: false,
            };
            (
                v.clone(),
                ImageInfo {
                    path: v.into(),
                    header,
                },
            )
        })
        .collect();
    let Ok(setup) = crate::stages::setup::assemble(&rig, &[], &images) else {
        return;
    };
    let bytes = png();
    for r in &setup.meshes {
        let (_, Attachment::Mesh(mesh)) = &setup.skeleton.skins[0].attachments[0].entries[0] else {
            panic!("the mesh is in the skeleton")
        };
        let input = MeshInput {
            skin: r.skin.clone(),
            slot: r.slot.clone(),
            attachment: r.attachment.clone(),
            slot_bone: "b".into(),
            bones: vec!["root".into(), "b".into()],
            mesh: mesh.clone(),
            image: r.image.clone(),
            generated: None,
        };
        let f = facts(&input, Some(&bytes));
        assert_eq!(f.vertices, mesh.uvs.len() / 2);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn any_mesh_json_is_a_mesh_or_located_refusals(m in mesh()) {
        answers(&m);
    }
}

#[test]
fn the_generator_reaches_both_outcomes() {
    // A valid quad parses and measures; the fuzz above is not all refusals.
    let quad = json!({ "type": "mesh", "image": "p.png", "uvs": [0, 0, 1, 0, 1, 1, 0, 1],
        "triangles": [0, 1, 2, 0, 2, 3], "vertices": [0, 0, 10, 0, 10, 10, 0, 10] });
    answers(&quad);
    let text = BASE.replace("{ \"width\": 10, \"height\": 10 }", &quad.to_string());
    assert!(parse_text(&text).is_ok());
}
