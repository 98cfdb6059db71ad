//! The emitter's own tests: key order, numbers, curves and the timelines
//! of a hand-built skeleton.

use super::*;

fn skeleton() -> Skeleton {
    let key = |time: f64, y: f64| Key {
        time,
        fields: vec![
            ("x".into(), KeyValue::Num(0.0)),
            ("y".into(), KeyValue::Num(y)),
        ],
        curve: None,
    };
    Skeleton {
        header: Header::default(),
        bones: vec![
            Bone {
                name: "root".into(),
                ..Bone::default()
            },
            Bone {
                name: "hip".into(),
                parent: Some("root".into()),
                x: Some(1e-40),
                ..Bone::default()
            },
        ],
        slots: Vec::new(),
        skins: Vec::new(),
        events: vec![EventDef {
            name: "step".into(),
            float: Some(0.5),
            ..EventDef::default()
        }],
        animations: vec![Animation {
            name: "walk".into(),
            bones: vec![TargetTimelines {
                target: "hip".into(),
                timelines: vec![Timeline {
                    name: "translate".into(),
                    keys: vec![key(0.0, 1.0), key(0.5, 2.0), key(1.0, 3.0)],
                }],
            }],
            ..Animation::default()
        }],
        constraints: Vec::new(),
    }
}

#[test]
fn every_number_is_written_or_refused_where_it_is() {
    let text = to_string(&skeleton()).expect("every number is a float32");
    assert!(
        text.contains("\"x\": 1e-40") && !text.contains("null"),
        "{text}"
    );

    let refused = |s: Skeleton| to_string(&s).expect_err("refused");
    let mut s = skeleton();
    s.bones[1].x = Some(1e39);
    assert_eq!(refused(s).pointer(), "/bones/1/x");
    let mut s = skeleton();
    s.animations[0].bones[0].timelines[0].keys[2].fields[1].1 = KeyValue::Num(f64::NAN);
    assert_eq!(
        refused(s).pointer(),
        "/animations/walk/bones/hip/translate/2/y"
    );
    let mut s = skeleton();
    s.header.bounds = Some(Bounds {
        x: 0.0,
        y: 0.0,
        width: f64::INFINITY,
        height: 1.0,
    });
    assert_eq!(refused(s).pointer(), "/skeleton/width");
    let mut s = skeleton();
    s.events[0].float = Some(-3.5e38);
    let e = refused(s);
    assert_eq!(
        (e.pointer().as_str(), e.value),
        ("/events/step/float", -3.5e38)
    );
}

/// FORMAT.md §5.3: a mesh writes `type, uvs, triangles, vertices, hull,
/// width, height, path?, edges, color?`, and a weighted run as
/// `boneCount, (boneIndex, x, y, weight)…` per vertex.
#[test]
fn a_mesh_writes_its_keys_in_format_order() {
    use crate::model::{MeshAttachment, SkinSlot, Slot, WeightedBinding};
    let mut s = skeleton();
    s.slots = vec![Slot {
        name: "s".into(),
        bone: "hip".into(),
        ..Slot::default()
    }];
    let mesh = |path: Option<&str>, color: Option<&str>, vertices| {
        Attachment::Mesh(MeshAttachment {
            uvs: vec![0.0, 0.0, 1.0, 0.0, 1.0, 1.0],
            triangles: vec![0, 1, 2],
            vertices,
            hull: 3,
            edges: vec![0, 2, 2, 4, 4, 0],
            width: 64.0,
            height: 32.0,
            path: path.map(str::to_string),
            color: color.map(str::to_string),
            ..MeshAttachment::default()
        })
    };
    let bind = |bone, weight| WeightedBinding {
        bone,
        x: 1.5,
        y: -2.0,
        weight,
    };
    s.skins = vec![Skin {
        name: "default".into(),
        attachments: vec![SkinSlot {
            slot: "s".into(),
            entries: vec![
                (
                    "a".into(),
                    mesh(
                        Some("leaf"),
                        Some("ff0000ff"),
                        Vertices::Unweighted(vec![0.0, 0.0, 10.0, 0.0, 10.0, 10.0]),
                    ),
                ),
                (
                    "b".into(),
                    mesh(
                        None,
                        None,
                        Vertices::Weighted(vec![
                            vec![bind(1, 1.0)],
                            vec![bind(0, 0.25), bind(1, 0.75)],
                            vec![bind(1, 1.0)],
                        ]),
                    ),
                ),
            ],
        }],
        ..Skin::default()
    }];
    let v: serde_json::Value =
        serde_json::from_str(&to_string(&s).expect("written")).expect("json");
    let a = &v["skins"][0]["attachments"]["s"]["a"];
    let keys: Vec<&str> = a
        .as_object()
        .expect("object")
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(
        keys,
        [
            "type",
            "uvs",
            "triangles",
            "vertices",
            "hull",
            "width",
            "height",
            "path",
            "edges",
            "color"
        ]
    );
    assert_eq!(a["type"], "mesh");
    assert_eq!(a["edges"], serde_json::json!([0, 2, 2, 4, 4, 0]));
    let b = &v["skins"][0]["attachments"]["s"]["b"];
    let keys: Vec<&str> = b
        .as_object()
        .expect("object")
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(
        keys,
        [
            "type",
            "uvs",
            "triangles",
            "vertices",
            "hull",
            "width",
            "height",
            "edges"
        ]
    );
    assert_eq!(
        b["vertices"],
        serde_json::json!([
            1, 1, 1.5, -2, 1, 2, 0, 1.5, -2, 0.25, 1, 1.5, -2, 0.75, 1, 1, 1.5, -2, 1
        ])
    );
}
