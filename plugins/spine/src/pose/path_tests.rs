//! Tests of the path constraint's kept world vertices, curve lengths,
//! segment lengths, positions and turns.

use crate::pose::Physics;
use crate::{read_skeleton, Skeleton};

/// Two constant-speed paths (open and closed) on a bone that moves for a
/// while and then holds still, one of them switched to another
/// attachment for a while, chains of bones along them (turning, then
/// holding still).
const SKELETON: &str = r#"{
    "skeleton": {"spine": "4.3.13"},
    "bones": [
        {"name": "root"},
        {"name": "carrier", "parent": "root", "x": 5},
        {"name": "a0", "parent": "root", "length": 30, "rotation": 10},
        {"name": "a1", "parent": "a0", "length": 30, "x": 30, "rotation": 5},
        {"name": "a2", "parent": "a1", "length": 30, "x": 30, "rotation": 5},
        {"name": "b0", "parent": "root", "length": 20, "rotation": 80},
        {"name": "b1", "parent": "b0", "length": 20, "x": 20, "rotation": -5}
    ],
    "slots": [
        {"name": "open", "bone": "carrier", "attachment": "open"},
        {"name": "closed", "bone": "carrier", "attachment": "closed"}
    ],
    "skins": [{"name": "default", "attachments": {
        "open": {
            "open": {"type": "path", "constantSpeed": true, "vertexCount": 9, "lengths": [200, 400, 600],
                "vertices": [-50, -50, 0, -60, 50, -70, 100, 0, 110, 50, 120, 100, 0, 150, -50, 150, -100, 100]},
            "other": {"type": "path", "constantSpeed": true, "vertexCount": 6, "lengths": [100, 200],
                "vertices": [0, 0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100]}
        },
        "closed": {"closed": {"type": "path", "closed": true, "constantSpeed": true, "vertexCount": 9,
            "lengths": [200, 400, 600],
            "vertices": [-50, -50, 0, -60, 50, -70, 100, 0, 110, 50, 120, 100, 0, 150, -50, 150, -100, 100]}}
    }}],
    "constraints": [
        {"type": "path", "name": "pa", "bones": ["a0", "a1", "a2"], "slot": "open",
            "spacingMode": "length", "rotateMode": "chain", "position": 0.1, "mixRotate": 0.8, "mixX": 0.8},
        {"type": "path", "name": "pb", "bones": ["b0", "b1"], "slot": "closed",
            "spacingMode": "percent", "rotateMode": "tangent", "positionMode": "percent", "position": 0.3, "spacing": 0.2}
    ],
    "animations": {"run": {
        "bones": {
            "carrier": {"translate": [{"time": 0, "x": 0}, {"time": 0.5, "x": 40, "y": 10}, {"time": 1}]},
            "a0": {"rotate": [{"time": 0, "value": 0}, {"time": 1, "value": 90}]}
        },
        "slots": {"open": {"attachment": [{"time": 1.2, "name": "other"}, {"time": 1.35, "name": "open"}]}}
    }}
}"#;

#[test]
fn kept_world_vertices_are_the_recomputed_ones() {
    let data = read_skeleton(SKELETON, None).expect("skeleton").data;
    let (mut kept, mut fresh) = (
        Skeleton::new(&data).expect("skeleton"),
        Skeleton::new(&data).expect("skeleton"),
    );
    let mut last = -1.0;
    let mut hits = 0;
    for f in 0..90 {
        let t = f64::from(f) / 60.0;
        for sk in [&mut kept, &mut fresh] {
            sk.setup_pose();
            sk.apply_over_setup(0, last, t, true, None).expect("apply");
        }
        let before: Vec<_> = kept
            .constraints
            .iter()
            .map(|c| c.path.0.as_ref().and_then(|b| b.key))
            .collect();
        for c in &mut fresh.constraints {
            if let Some(b) = &mut c.path.0 {
                b.key = None;
                b.turns.clear();
                b.segment_tables.clear();
            }
        }
        kept.update_world_transform_with(Physics::None)
            .expect("pose");
        fresh
            .update_world_transform_with(Physics::None)
            .expect("pose");
        let after: Vec<_> = kept
            .constraints
            .iter()
            .map(|c| c.path.0.as_ref().and_then(|b| b.key))
            .collect();
        hits += before
            .iter()
            .zip(&after)
            .filter(|(b, a)| b.is_some() && b == a)
            .count();
        for (a, b) in kept.bones.iter().zip(&fresh.bones) {
            let (a, b) = (a.applied(), b.applied());
            let bits = |p: &crate::pose::BonePose| {
                [p.a, p.b, p.c, p.d, p.world_x, p.world_y].map(f64::to_bits)
            };
            assert_eq!(bits(a), bits(b), "frame {f}");
        }
        last = t;
    }
    // The carrier holds still from 1s on: the kept vertices served.
    assert!(hits > 40, "{hits}");
}
