//! Differential posing: the same jobs posed by spine-core (one Node process
//! for all of them, `batch.mjs` over the oracle's own `poseDocument`) and by
//! our runtime in-process (`rigc_spine::sample::pose_document`), compared
//! number by number like `compare.mjs` at `|a − b| <= 1e-4` (absolute: px for
//! positions, degrees for angles, plain units for colours and matrix terms).

#![allow(dead_code)]

use rigc_spine::sample::{compare, pose_document, Layout, SampleOptions};
use rigc_spine::{read_atlas, read_skeleton, SkeletonData};
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The tolerance of every differential test.
pub const TOL: f64 = 1e-4;

/// One posing job.
#[derive(Debug, Clone)]
pub struct Job {
    /// skeleton.json.
    pub json: PathBuf,
    /// The atlas (`None`: the 1×1 stand-in).
    pub atlas: Option<PathBuf>,
    /// What to pose.
    pub options: SampleOptions,
}

impl Job {
    fn to_json(&self) -> Value {
        json!({
            "json": self.json, "atlas": self.atlas, "animation": self.options.animation,
            "times": self.options.times, "skin": self.options.skin, "loop": self.options.looped,
            "physics": if self.options.physics { "update" } else { "none" }, "dt": self.options.dt,
        })
    }

    /// A one-line description.
    pub fn describe(&self) -> String {
        format!(
            "{} {} skin={:?} loop={} physics={}",
            self.json.display(),
            self.options.animation.as_deref().unwrap_or("--setup"),
            self.options.skin,
            self.options.looped,
            self.options.physics
        )
    }
}

/// spine-core's documents for the jobs (`Err(message)` where it threw).
pub fn theirs(jobs: &[Job]) -> Vec<Result<Value, String>> {
    let dir = super::scratch("batch");
    let file = dir.join(format!("jobs-{}.json", rand_tag()));
    let list: Vec<Value> = jobs.iter().map(Job::to_json).collect();
    std::fs::write(&file, serde_json::to_string(&list).expect("jobs")).expect("write jobs");
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/oracle/batch.mjs");
    let out = super::node(
        &[
            script.as_os_str(),
            super::dir().join("pose.mjs").as_os_str(),
            file.as_os_str(),
        ],
        Duration::from_secs(600),
    );
    let _ = std::fs::remove_file(&file);
    let all: Vec<Value> = serde_json::from_slice(&out).unwrap_or_else(|e| {
        panic!(
            "batch output is not JSON ({e}): {}",
            String::from_utf8_lossy(&out[..out.len().min(400)])
        )
    });
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

fn rand_tag() -> u64 {
    use std::time::{SystemTime, UNIX_EPOCH};
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
        ^ u64::from(std::process::id())
}

/// A skeleton file (and its atlas, if any) read as our reader reads it
/// (`Err(message)` where we refuse).
pub fn load(json: &Path, atlas: Option<&Path>) -> Result<SkeletonData, String> {
    let text = std::fs::read_to_string(json).map_err(|e| e.to_string())?;
    let atlas = match atlas {
        None => None,
        Some(p) => Some(
            read_atlas(&std::fs::read_to_string(p).map_err(|e| e.to_string())?)
                .map_err(|e| e.to_string())?,
        ),
    };
    Ok(read_skeleton(&text, atlas.as_ref())
        .map_err(|e| e.message)?
        .data)
}

/// Our document for a job (`Err(message)` where we refuse).
pub fn ours(job: &Job) -> Result<Value, String> {
    let data = load(&job.json, job.atlas.as_deref())?;
    let doc = pose_document(&data, &job.options, Layout::Compact).map_err(|e| e.message)?;
    serde_json::from_str(&doc).map_err(|e| e.to_string())
}

/// What a run of jobs compared.
#[derive(Debug, Default)]
pub struct Stats {
    /// Jobs compared.
    pub jobs: usize,
    /// Jobs both sides refused.
    pub refused: usize,
    /// Frames compared.
    pub frames: usize,
    /// Numbers compared.
    pub numbers: usize,
    /// Largest difference, and where.
    pub max_abs: f64,
    /// Where.
    pub worst: String,
    /// The messages of the refusals (spine-core's), distinct.
    pub refusals: Vec<String>,
}

impl Stats {
    /// Adds another run.
    pub fn add(&mut self, o: Stats) {
        self.jobs += o.jobs;
        self.refused += o.refused;
        self.frames += o.frames;
        self.numbers += o.numbers;
        self.refusals.extend(o.refusals);
        if o.max_abs > self.max_abs || self.worst.is_empty() {
            self.max_abs = o.max_abs;
            self.worst = o.worst;
        }
    }
}

/// Poses every job on both sides; returns the failures (one line each) and
/// the stats.
pub fn differ(jobs: &[Job]) -> (Vec<String>, Stats) {
    let theirs = theirs(jobs);
    assert_eq!(theirs.len(), jobs.len(), "one oracle result per job");
    let mut fails = Vec::new();
    let mut st = Stats::default();
    for (job, t) in jobs.iter().zip(theirs) {
        st.jobs += 1;
        match (ours(job), t) {
            (Err(_), Err(e)) => {
                st.refused += 1;
                if !st.refusals.contains(&e) {
                    st.refusals.push(e);
                }
            }
            (Ok(_), Err(e)) => fails.push(format!(
                "{}: spine-core threw {e:?}, we posed",
                job.describe()
            )),
            (Err(e), Ok(_)) => fails.push(format!(
                "{}: we refused ({e}), spine-core posed",
                job.describe()
            )),
            (Ok(o), Ok(t)) => {
                let c = compare(&t, &o, TOL, 0.0);
                st.frames += t["frames"].as_array().map_or(0, Vec::len);
                st.numbers += c.numbers;
                if c.max_abs > st.max_abs || st.worst.is_empty() {
                    st.max_abs = c.max_abs;
                    st.worst = format!("{}: {}", job.describe(), c.worst);
                }
                if !c.ok() {
                    fails.push(format!("{}: {}", job.describe(), c.report()));
                }
            }
        }
    }
    (fails, st)
}
