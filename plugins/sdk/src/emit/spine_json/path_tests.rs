//! The path attachment's and the path constraint's key order in
//! `skeleton.json` (FORMAT.md §5.3).

use super::*;

/// FORMAT.md §5.3: a path writes `type, closed?, constantSpeed?,
/// vertexCount, vertices, lengths, color?`; a path constraint `name, type,
/// bones, slot, positionMode?, spacingMode?, rotateMode?, rotation?,
/// position?, spacing?, mixRotate?, mixX?, mixY?, skin?`.
#[test]
fn a_path_and_its_constraint_write_their_keys_in_format_order() {
    use crate::model::{PathAttachment, PathConstraint, SkinSlot, Slot};
    let mut s = Skeleton {
        header: Header::default(),
        bones: vec![Bone {
            name: "root".into(),
            ..Bone::default()
        }],
        slots: Vec::new(),
        skins: Vec::new(),
        events: Vec::new(),
        animations: Vec::new(),
        constraints: Vec::new(),
    };
    s.slots = vec![Slot {
        name: "rail".into(),
        bone: "root".into(),
        ..Slot::default()
    }];
    s.skins = vec![Skin {
        name: "default".into(),
        attachments: vec![SkinSlot {
            slot: "rail".into(),
            entries: vec![(
                "track".into(),
                Attachment::Path(PathAttachment {
                    closed: Some(true),
                    constant_speed: Some(false),
                    vertex_count: 3,
                    vertices: Vertices::Unweighted(vec![0.0, 0.0, 1.0, 0.0, 2.0, 0.0]),
                    lengths: vec![4.5],
                    color: Some("ff6b3cff".into()),
                }),
            )],
        }],
        ..Skin::default()
    }];
    s.constraints = vec![Constraint::Path(PathConstraint {
        name: "ride".into(),
        bones: vec!["root".into()],
        slot: "rail".into(),
        position_mode: Some("fixed".into()),
        spacing_mode: Some("Length".into()),
        rotate_mode: Some("chain".into()),
        rotation: Some(5.0),
        position: Some(1.0),
        spacing: Some(2.0),
        mix_rotate: Some(0.5),
        mix_x: Some(1.0),
        mix_y: Some(0.0),
        skin: Some(true),
    })];
    let v: serde_json::Value =
        serde_json::from_str(&to_string(&s).expect("written")).expect("json");
    let keys = |v: &serde_json::Value| -> Vec<String> {
        v.as_object().expect("object").keys().cloned().collect()
    };
    let a = &v["skins"][0]["attachments"]["rail"]["track"];
    assert_eq!(
        keys(a),
        [
            "type",
            "closed",
            "constantSpeed",
            "vertexCount",
            "vertices",
            "lengths",
            "color"
        ]
    );
    assert_eq!(a["lengths"], serde_json::json!([4.5]));
    assert_eq!(
        keys(&v["constraints"][0]),
        [
            "name",
            "type",
            "bones",
            "slot",
            "positionMode",
            "spacingMode",
            "rotateMode",
            "rotation",
            "position",
            "spacing",
            "mixRotate",
            "mixX",
            "mixY",
            "skin"
        ]
    );
    assert_eq!(v["constraints"][0]["type"], "path");
}
