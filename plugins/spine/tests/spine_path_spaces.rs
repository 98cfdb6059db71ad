//! Issue #14, item 13: a path constraint whose spaces are all zero (constant
//! speed, bones of length 0 or of scale 0) turns each bone by the path's
//! tangent, as spine-core does — on a fresh skeleton (the setup pose, each
//! time of an animation) and on a skeleton posed frame after frame (physics
//! simulated from 0, where the spaces of the frame before were not zero).
//!
//! `data/path-zero-repro.json` is the repro; `data/path-zero-spaces.json`
//! holds the variants: scale 0 in the setup pose, chain scale with an offset
//! rotation on a moving slot bone, bones scaled to 0 by an animation, and a
//! closed path whose spacing an animation takes to 0 and back. Every expected
//! number is spine-core's, posed at test time (`oracle/pose.rs`).

mod oracle;

use oracle::pose::{differ, Job};
use rigc_spine::sample::SampleOptions;
use std::path::PathBuf;

fn data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name)
}

fn job(file: &str, options: SampleOptions) -> Job {
    Job {
        json: data(file),
        atlas: None,
        options,
    }
}

#[test]
fn zero_spaces_turn_bones_by_the_path_tangent_like_spine_core() {
    if !oracle::available() {
        return;
    }
    let times: Vec<f64> = (0..=24).map(|i| f64::from(i) / 20.0).collect();
    let mut jobs = vec![
        job("path-zero-repro.json", SampleOptions::default()),
        job(
            "path-zero-repro.json",
            SampleOptions {
                times: vec![0.0, 0.1, 0.5],
                physics: true,
                ..SampleOptions::default()
            },
        ),
        job("path-zero-spaces.json", SampleOptions::default()),
    ];
    for physics in [false, true] {
        jobs.push(job(
            "path-zero-spaces.json",
            SampleOptions {
                animation: Some("cycle".into()),
                times: times.clone(),
                physics,
                dt: 1.0 / 30.0,
                ..SampleOptions::default()
            },
        ));
    }
    let (fails, st) = differ(&jobs);
    eprintln!(
        "zero spaces: {} jobs, {} frames, {} numbers; largest |a-b| = {:e} at {}",
        st.jobs, st.frames, st.numbers, st.max_abs, st.worst
    );
    assert!(fails.is_empty(), "{}", fails.join("\n"));
    assert_eq!(st.refused, 0, "both sides pose every job");
    assert_eq!(st.frames, 1 + 3 + 1 + 2 * times.len());
}
