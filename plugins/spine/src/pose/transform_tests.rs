//! Tests of the transform constraint's memos.

use crate::pose::Physics;
use crate::{read_skeleton, Skeleton};

/// Transform constraints with world and local targets reading a source's
/// world rotation, the source and the targets turning for a while, then
/// holding still.
const SKELETON: &str = r#"{
    "skeleton": {"spine": "4.3.13"},
    "bones": [
        {"name": "root"},
        {"name": "s0", "parent": "root", "length": 20, "rotation": 30},
        {"name": "s1", "parent": "s0", "length": 20, "x": 20, "rotation": 100},
        {"name": "t0", "parent": "root", "length": 20, "rotation": -40},
        {"name": "t1", "parent": "t0", "length": 20, "x": 20, "rotation": 20},
        {"name": "t2", "parent": "t1", "length": 20, "x": 20, "rotation": 20}
    ],
    "constraints": [
        {"type": "transform", "name": "w", "source": "s1", "bones": ["t1"],
            "properties": {"rotate": {"to": {"rotate": {"scale": 0.5}}}, "x": {"to": {"x": {}}}},
            "mixRotate": 0.5, "mixX": 0.3},
        {"type": "transform", "name": "l", "source": "s0", "bones": ["t2"], "localTarget": true,
            "properties": {"rotate": {"to": {"rotate": {}}}}, "mixRotate": 0.7},
        {"type": "transform", "name": "a", "source": "s1", "bones": ["t0"], "additive": true,
            "properties": {"rotate": {"to": {"rotate": {"offset": 10}}}}, "mixRotate": 0.4}
    ],
    "animations": {"run": {
        "bones": {
            "s0": {"rotate": [{"time": 0, "value": 0}, {"time": 0.5, "value": 200}]},
            "s1": {"rotate": [{"time": 0.2, "value": 0}, {"time": 0.8, "value": -150}]},
            "t0": {"rotate": [{"time": 0, "value": 0}, {"time": 0.6, "value": 120}]}
        }
    }}
}"#;

#[test]
fn memoised_turns_are_the_recomputed_ones() {
    let data = read_skeleton(SKELETON, None).expect("skeleton").data;
    let (mut kept, mut fresh) = (
        Skeleton::new(&data).expect("skeleton"),
        Skeleton::new(&data).expect("skeleton"),
    );
    let mut last = -1.0;
    for f in 0..90 {
        let t = f64::from(f) / 60.0;
        for sk in [&mut kept, &mut fresh] {
            sk.setup_pose();
            sk.apply_over_setup(0, last, t, true, None).expect("apply");
        }
        for c in &mut fresh.constraints {
            c.turn = Default::default();
            c.memo = Default::default();
        }
        kept.update_world_transform_with(Physics::None)
            .expect("pose");
        fresh
            .update_world_transform_with(Physics::None)
            .expect("pose");
        for (a, b) in kept.bones.iter().zip(&fresh.bones) {
            let (a, b) = (a.applied(), b.applied());
            let bits = |p: &crate::pose::BonePose| {
                [p.a, p.b, p.c, p.d, p.world_x, p.world_y, p.rotation].map(f64::to_bits)
            };
            assert_eq!(bits(a), bits(b), "frame {f}");
        }
        last = t;
    }
}
