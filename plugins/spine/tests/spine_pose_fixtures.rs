//! Every oracle fixture posed by our runtime and by spine-core 4.3.13: every
//! animation at many times, without and with each skin, looped past the end,
//! with physics simulated (`--physics update`), and the setup pose — all within
//! 1e-4 of each other (see `oracle/pose.rs`).

mod oracle;

use oracle::pose::{differ, Job, Stats};
use rigc_spine::sample::SampleOptions;
use rigc_spine::{read_atlas, read_skeleton};

fn range(end: f64, step: f64) -> Vec<f64> {
    let mut v = Vec::new();
    let mut i = 0;
    loop {
        let t = f64::from(i) * step;
        if t > end + 1e-9 {
            break;
        }
        v.push((t * 1e9).round() / 1e9);
        i += 1;
    }
    v
}

#[test]
fn fixtures_pose_like_spine_core() {
    if !oracle::available() {
        return;
    }
    let mut jobs = Vec::new();
    for name in ["tiny", "features", "constraints"] {
        let dir = oracle::fixtures().join(name);
        let json = dir.join("skeleton.json");
        let atlas = Some(dir.join("skeleton.atlas")).filter(|p| p.exists());
        let text = std::fs::read_to_string(&json).expect("fixture");
        let parsed_atlas = atlas
            .as_ref()
            .map(|p| read_atlas(&std::fs::read_to_string(p).expect("atlas")).expect("atlas reads"));
        let data = read_skeleton(&text, parsed_atlas.as_ref())
            .expect("fixture reads")
            .data;
        let mut skins: Vec<Option<String>> = vec![None];
        skins.extend(data.skins.iter().map(|s| Some(s.name.clone())));
        let job = |options: SampleOptions| Job {
            json: json.clone(),
            atlas: atlas.clone(),
            options,
        };
        for skin in &skins {
            jobs.push(job(SampleOptions {
                skin: skin.clone(),
                ..SampleOptions::default()
            }));
            jobs.push(job(SampleOptions {
                skin: skin.clone(),
                times: range(1.0, 0.125),
                physics: true,
                ..SampleOptions::default()
            }));
            for a in &data.animations {
                let d = a.duration;
                jobs.push(job(SampleOptions {
                    animation: Some(a.name.clone()),
                    times: range(d + 0.25, 1.0 / 32.0),
                    skin: skin.clone(),
                    ..SampleOptions::default()
                }));
                jobs.push(job(SampleOptions {
                    animation: Some(a.name.clone()),
                    times: range(2.5 * d + 0.1, 0.1),
                    skin: skin.clone(),
                    looped: true,
                    ..SampleOptions::default()
                }));
                jobs.push(job(SampleOptions {
                    animation: Some(a.name.clone()),
                    times: range(d + 0.25, 0.125),
                    skin: skin.clone(),
                    physics: true,
                    ..SampleOptions::default()
                }));
                jobs.push(job(SampleOptions {
                    animation: Some(a.name.clone()),
                    times: range(d, 0.25),
                    skin: skin.clone(),
                    looped: true,
                    physics: true,
                    dt: 1.0 / 30.0,
                }));
            }
        }
    }
    let (fails, st): (Vec<String>, Stats) = differ(&jobs);
    eprintln!(
        "fixtures: {} jobs ({} refused by both), {} frames, {} numbers; largest |a-b| = {:e} at {}",
        st.jobs, st.refused, st.frames, st.numbers, st.max_abs, st.worst
    );
    assert!(fails.is_empty(), "{}", fails.join("\n"));
    assert!(st.numbers > 100_000, "the fixtures pose many numbers");
}
