//! `Animation.apply` with every argument of 4.3 — alpha, `MixFrom` setup /
//! first / current, `add`, `out`, and last times that fire events and resets —
//! applied over a base pose (another animation, so that the current pose is
//! not the setup pose), on the fixtures and on random skeletons, against
//! spine-core 4.3.13 within 1e-4. (The oracle's `pose.mjs` only applies at
//! alpha 1 from the setup pose; this drives spine-core directly through
//! `oracle/mix.mjs`.)

mod oracle;
mod random;

use rigc_spine::pose::MixFrom;
use rigc_spine::sample::{compare, snapshot, JsonWriter, Layout};
use rigc_spine::Skeleton;
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::time::Duration;

#[derive(Debug, Clone)]
struct Job {
    json: PathBuf,
    atlas: Option<PathBuf>,
    skin: Option<String>,
    base: Option<String>,
    base_time: f64,
    animation: String,
    last_time: f64,
    time: f64,
    looped: bool,
    alpha: f64,
    from: MixFrom,
    add: bool,
    out: bool,
}

fn from_name(f: MixFrom) -> &'static str {
    match f {
        MixFrom::Setup => "setup",
        MixFrom::First => "first",
        MixFrom::Current => "current",
    }
}

impl Job {
    fn to_json(&self) -> Value {
        json!({"json": self.json, "atlas": self.atlas, "skin": self.skin, "base": self.base,
            "baseTime": self.base_time, "animation": self.animation, "lastTime": self.last_time,
            "time": self.time, "loop": self.looped, "alpha": self.alpha, "from": from_name(self.from),
            "add": self.add, "out": self.out})
    }
}

fn ours(job: &Job) -> Result<Value, String> {
    let data = oracle::pose::load(&job.json, job.atlas.as_deref())?;
    let run = || -> Result<Value, rigc_spine::PoseError> {
        let mut sk = Skeleton::new(&data)?;
        if let Some(s) = &job.skin {
            sk.set_skin(s)?;
        }
        sk.setup_pose();
        if let Some(b) = job.base.as_deref().and_then(|b| data.find_animation(b)) {
            let mut ignored = Vec::new();
            sk.apply_over_setup(b, -1.0, job.base_time, false, Some(&mut ignored))?;
        }
        let a = data.find_animation(&job.animation).expect("animation");
        let mut events = Vec::new();
        sk.apply_animation(
            a,
            job.last_time,
            job.time,
            job.looped,
            Some(&mut events),
            job.alpha,
            job.from,
            job.add,
            job.out,
            false,
        )?;
        sk.update_world_transform()?;
        let mut w = JsonWriter::new(Vec::new(), Layout::Compact);
        snapshot(&mut sk, job.time, &events, &mut w)?;
        let doc = w.finish(b"").expect("a Vec takes every write");
        Ok(serde_json::from_slice(&doc).expect("our JSON"))
    };
    run().map_err(|e| e.message)
}

fn theirs(jobs: &[Job]) -> Vec<Result<Value, String>> {
    let dir = oracle::scratch("mix");
    let file = dir.join("jobs.json");
    let list: Vec<Value> = jobs.iter().map(Job::to_json).collect();
    std::fs::write(&file, serde_json::to_string(&list).expect("jobs")).expect("write");
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/oracle/mix.mjs");
    let out = oracle::node(
        &[
            script.as_os_str(),
            oracle::dir().join("pose.mjs").as_os_str(),
            file.as_os_str(),
        ],
        Duration::from_secs(600),
    );
    let all: Vec<Value> = serde_json::from_slice(&out).expect("mix.mjs prints JSON");
    all.into_iter()
        .map(|r| {
            if r["ok"] == true {
                Ok(r["doc"].clone())
            } else {
                Err(r["error"].as_str().unwrap_or_default().to_string())
            }
        })
        .collect()
}

fn jobs_for(
    r: &mut random::Rng,
    json: &Path,
    atlas: Option<&Path>,
    animations: &[String],
    skins: &[Option<String>],
    out: &mut Vec<Job>,
) {
    let froms = [MixFrom::Setup, MixFrom::First, MixFrom::Current];
    for skin in skins {
        for a in animations {
            for _ in 0..6 {
                let base = if r.chance(0.7) {
                    Some(animations[r.i(animations.len())].clone())
                } else {
                    None
                };
                let time = r.f(-0.2, 2.0);
                out.push(Job {
                    json: json.to_path_buf(),
                    atlas: atlas.map(Path::to_path_buf),
                    skin: skin.clone(),
                    base,
                    base_time: r.f(0.0, 1.5),
                    animation: a.clone(),
                    last_time: if r.chance(0.5) { -1.0 } else { r.f(0.0, 2.0) },
                    time,
                    looped: r.chance(0.3),
                    alpha: *[1.0, 0.0, r.f(0.0, 1.0), r.f(0.0, 1.0)]
                        .get(r.i(4))
                        .unwrap_or(&1.0),
                    from: froms[r.i(3)],
                    add: r.chance(0.4),
                    out: r.chance(0.3),
                });
            }
        }
    }
}

#[test]
fn every_apply_argument_mixes_like_spine_core() {
    if !oracle::available() {
        return;
    }
    let mut r = random::Rng::new(0x0417_2026);
    let mut jobs = Vec::new();
    for (name, anims, skins) in [
        ("tiny", vec!["anim"], vec![None]),
        ("features", vec!["move"], vec![None, Some("armed")]),
        (
            "constraints",
            vec!["drive", "knobspin", "knob2spin"],
            vec![None],
        ),
    ] {
        let dir = oracle::fixtures().join(name);
        let atlas = Some(dir.join("skeleton.atlas")).filter(|p| p.exists());
        let anims: Vec<String> = anims.into_iter().map(String::from).collect();
        let skins: Vec<Option<String>> = skins.into_iter().map(|s| s.map(String::from)).collect();
        for _ in 0..4 {
            jobs_for(
                &mut r,
                &dir.join("skeleton.json"),
                atlas.as_deref(),
                &anims,
                &skins,
                &mut jobs,
            );
        }
    }
    let dir = oracle::scratch("mix-random");
    for case in 0..60u64 {
        let seed = 0x0417_0000 + case;
        let g = random::skeleton(&mut random::Rng::new(seed));
        let path = dir.join(format!("seed-{seed}.json"));
        std::fs::write(&path, serde_json::to_string(&g.json).expect("json")).expect("write");
        let mut skins = vec![None];
        skins.extend(g.skins.iter().cloned().map(Some));
        jobs_for(&mut r, &path, None, &g.animations, &skins, &mut jobs);
    }
    let theirs = theirs(&jobs);
    let (mut numbers, mut max, mut worst, mut fails, mut refused) =
        (0, 0.0f64, String::new(), Vec::new(), 0);
    for (job, t) in jobs.iter().zip(theirs) {
        match (ours(job), t) {
            (Err(_), Err(_)) => refused += 1,
            (Ok(_), Err(e)) => fails.push(format!("{job:?}: spine-core threw {e}")),
            (Err(e), Ok(_)) => fails.push(format!("{job:?}: we refused: {e}")),
            (Ok(o), Ok(t)) => {
                let c = compare(&t, &o, oracle::pose::TOL, 0.0);
                numbers += c.numbers;
                if c.max_abs > max || worst.is_empty() {
                    max = c.max_abs;
                    worst = format!("{}: {}", job.json.display(), c.worst);
                }
                if !c.ok() {
                    fails.push(format!("{job:?}: {}", c.report()));
                }
            }
        }
    }
    eprintln!("mix: {} jobs ({refused} refused by both), {numbers} numbers; largest |a-b| = {max:e} at {worst}", jobs.len());
    assert!(
        fails.is_empty(),
        "{} job(s) differ:\n{}",
        fails.len(),
        fails.join("\n")
    );
    assert!(refused * 10 < jobs.len());
}
