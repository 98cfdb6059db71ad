//! Bone updates paired across independent chains (`pose/schedule.rs`: the
//! update cache reordered along its dependencies, two bones computed at once)
//! pose the same bits as the cache in the order the runtime sorts it: random
//! skeletons (`random/mod.rs`: every inherit mode and constraint kind, skins,
//! physics) posed both ways frame after frame, every bone compared bit for
//! bit after every frame. Pairs of normal bones and pairs of `noScale` ones
//! each have their two-lane step; both are counted, so both are tested.

mod random;

use rigc_spine::data::Inherit;
use rigc_spine::pose::{BonePose, Physics};
use rigc_spine::{read_skeleton, Skeleton};

fn bits(p: &BonePose) -> [u64; 13] {
    [
        p.a, p.b, p.c, p.d, p.world_x, p.world_y, p.x, p.y, p.rotation, p.scale_x, p.scale_y,
        p.shear_x, p.shear_y,
    ]
    .map(f64::to_bits)
}

#[test]
fn paired_bone_updates_pose_the_same_bits() {
    let (mut pairs, mut no_scale_pairs, mut frames) = (0, 0, 0);
    for case in 0..150u64 {
        let seed = 0x9A1E_D000 + case;
        let g = random::skeleton(&mut random::Rng::new(seed));
        let text = serde_json::to_string(&g.json).expect("json");
        let data = read_skeleton(&text, None)
            .expect("a random skeleton reads")
            .data;
        let mut skins = vec![None];
        skins.extend(g.skins.iter().map(Some));
        for skin in skins {
            let (Ok(mut paired), Ok(mut sorted)) = (Skeleton::new(&data), Skeleton::new(&data))
            else {
                continue;
            };
            if let Some(skin) = skin {
                let (a, b) = (paired.set_skin(skin), sorted.set_skin(skin));
                assert_eq!(a.is_ok(), b.is_ok(), "seed {seed}");
            }
            sorted
                .set_paired_updates(false)
                .expect("rebuilds as before");
            assert_eq!(sorted.paired_updates(), []);
            for (i, j) in paired.paired_updates() {
                pairs += 1;
                let no_scale = |k: usize| {
                    matches!(
                        data.bones[k].setup.inherit,
                        Some(Inherit::NoScale | Inherit::NoScaleOrReflection)
                    )
                };
                no_scale_pairs += usize::from(no_scale(i) && no_scale(j));
            }
            for animation in 0..data.animations.len() {
                let mut last = -1.0;
                for f in 0..30 {
                    let time = f64::from(f) / 12.0;
                    let pose = |sk: &mut Skeleton| {
                        sk.time = time;
                        sk.setup_pose();
                        sk.apply_over_setup(animation, last, time, true, None)?;
                        sk.update_world_transform_with(Physics::Update)
                    };
                    let (a, b) = (pose(&mut paired), pose(&mut sorted));
                    assert_eq!(a, b, "seed {seed}, animation {animation}, time {time}");
                    for (k, (p, s)) in paired.bones.iter().zip(&sorted.bones).enumerate() {
                        assert_eq!(
                            (bits(p.applied()), bits(&p.pose)),
                            (bits(s.applied()), bits(&s.pose)),
                            "seed {seed}, skin {skin:?}, animation {animation}, time {time}, bone {k}"
                        );
                    }
                    last = time;
                    frames += 1;
                }
            }
        }
    }
    // The comparison means something only if bones were paired.
    // Both two-lane steps, the normal and the `noScale` one, were taken.
    assert!(
        pairs > 500 && no_scale_pairs > 20 && frames > 5000,
        "{pairs} pairs ({no_scale_pairs} of noScale bones), {frames} frames"
    );
}
