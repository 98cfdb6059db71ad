//! Random skeletons (see `random/mod.rs`: every inherit mode, every timeline
//! kind with random curves, IK/transform/path/physics/slider constraints,
//! weighted meshes with deforms, sequences, skins) posed by our runtime and by
//! spine-core 4.3.13 at many times, with and without a skin, looped, and with
//! physics simulated — all within 1e-4. Some paths are collapsed (constant
//! speed, a zero-length chain, spacing 0: every space 0).
//!
//! `RIGC_RANDOM_SEED` (default a fixed seed, so CI is reproducible) and
//! `RIGC_RANDOM_CASES` (default 120) choose the cases; a failure prints the
//! seed of the failing skeleton and keeps its JSON.

mod oracle;
mod random;

use oracle::pose::{differ, Job};
use rigc_spine::sample::SampleOptions;

fn env_u64(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn times(r: &mut random::Rng) -> Vec<f64> {
    let mut t: Vec<f64> = (0..=18).map(|i| f64::from(i) / 10.0).collect();
    t.extend((0..4).map(|_| r.f(0.0, 2.0)));
    t
}

#[test]
fn random_skeletons_pose_like_spine_core() {
    if !oracle::available() {
        return;
    }
    let base = env_u64("RIGC_RANDOM_SEED", 0x5EED_2026);
    let cases = env_u64("RIGC_RANDOM_CASES", 120);
    let dir = oracle::scratch("random");
    let mut jobs = Vec::new();
    let mut seeds = Vec::new();
    let mut collapsed = 0;
    for case in 0..cases {
        let seed = base.wrapping_add(case);
        let mut r = random::Rng::new(seed);
        let g = random::skeleton(&mut r);
        collapsed += g.collapsed_paths;
        let path = dir.join(format!("seed-{seed}.json"));
        std::fs::write(&path, serde_json::to_string_pretty(&g.json).expect("json")).expect("write");
        let job = |options: SampleOptions| Job {
            json: path.clone(),
            atlas: None,
            options,
        };
        let mut skins = vec![None];
        skins.extend(g.skins.iter().cloned().map(Some));
        for skin in &skins {
            jobs.push(job(SampleOptions {
                skin: skin.clone(),
                ..SampleOptions::default()
            }));
            for a in &g.animations {
                jobs.push(job(SampleOptions {
                    animation: Some(a.clone()),
                    times: times(&mut r),
                    skin: skin.clone(),
                    ..SampleOptions::default()
                }));
                jobs.push(job(SampleOptions {
                    animation: Some(a.clone()),
                    times: vec![0.3, 1.7, 2.9, 4.1],
                    skin: skin.clone(),
                    looped: true,
                    ..SampleOptions::default()
                }));
                // Physics poses one skeleton frame after frame: what a
                // collapsed path keeps from the frame before is tested too.
                if g.physics || g.collapsed_paths > 0 {
                    jobs.push(job(SampleOptions {
                        animation: Some(a.clone()),
                        times: vec![0.0, 0.25, 0.5, 1.0, 1.6],
                        skin: skin.clone(),
                        physics: true,
                        ..SampleOptions::default()
                    }));
                }
            }
        }
        seeds.push((seed, path));
    }
    let (fails, st) = differ(&jobs);
    eprintln!(
        "random: {cases} skeletons (seeds {base}..), {collapsed} collapsed paths, {} jobs ({} refused by both), {} frames, {} numbers; largest |a-b| = {:e} at {}",
        st.jobs, st.refused, st.frames, st.numbers, st.max_abs, st.worst
    );
    for r in &st.refusals {
        eprintln!("  refused by both: {r}");
    }
    if fails.is_empty() && std::env::var_os("RIGC_RANDOM_KEEP").is_none() {
        for (_, p) in &seeds {
            let _ = std::fs::remove_file(p);
        }
    }
    assert!(
        fails.is_empty(),
        "{} job(s) differ (the JSON of each seed is kept; rerun one with RIGC_RANDOM_SEED=<seed> RIGC_RANDOM_CASES=1):\n{}",
        fails.len(),
        fails.join("\n")
    );
    assert!(st.refused * 10 < st.jobs, "most random skeletons must pose");
    assert!(
        cases < 40 || collapsed * 20 >= cases as usize,
        "the generator collapses some paths (every space 0): {collapsed} in {cases} skeletons"
    );
}
