//! The pose document of `rigc sample`: a skeleton posed at given times and
//! printed in the schema of the oracle (`spine-oracle-pose/1`, the shared
//! `oracle/pose.mjs`), so that the two can be diffed number by number.
//!
//! Each time is posed from a fresh skeleton exactly as the oracle does it:
//! `setSkin`, `setupPose`, `Animation.apply(skeleton, -1, t, loop, events, 1,
//! MixFrom.setup)` and `updateWorldTransform(Physics.none)`; or, with physics,
//! frames at `0, dt, 2dt, … < t` then `t`, each `setupPose` + apply from the
//! previous frame's time + `updateWorldTransform(Physics.update)`.
//!
//! The document is written as it is posed ([`write_document`]): each frame
//! goes out once posed, so memory does not grow with the number of frames.
//! Nothing reaches the output before the first frame is posed and printed;
//! a frame the runtime refuses after that leaves the document unfinished.

mod compare;
mod snapshot;
mod writer;

pub use compare::{compare, Comparison};
pub use snapshot::snapshot;
pub use writer::{JsonWriter, Layout};

use crate::data::{Event, SkeletonData, TimelineKind};
use crate::pose::{pose_error, Physics, Plans, PoseError, Skeleton};
use std::io::{self, Write};

/// The `format` of the document.
pub const FORMAT: &str = "spine-oracle-pose/1";
/// The `runtime` of the document (the oracle's comparison ignores this key).
pub const RUNTIME: &str = "rigc-spine (a port of @esotericsoftware/spine-core 4.3.13)";

/// What to pose.
#[derive(Debug, Clone, PartialEq)]
pub struct SampleOptions {
    /// Animation name (`None`: the setup pose).
    pub animation: Option<String>,
    /// Times, seconds.
    pub times: Vec<f64>,
    /// Skin to set first.
    pub skin: Option<String>,
    /// Loop the animation (`time %= duration`).
    pub looped: bool,
    /// Simulate physics from 0 to each time (else `Physics.none`).
    pub physics: bool,
    /// Physics frame step.
    pub dt: f64,
}

impl Default for SampleOptions {
    fn default() -> SampleOptions {
        SampleOptions {
            animation: None,
            times: vec![0.0],
            skin: None,
            looped: false,
            physics: false,
            dt: 1.0 / 60.0,
        }
    }
}

/// `t1,t2,…` or `start:end:step` (end inclusive within 1e-9; each value
/// `start + i·step` rounded to 12 decimals), as the oracle reads times.
pub fn parse_times(spec: &str) -> Result<Vec<f64>, String> {
    if spec.is_empty() {
        return Err("missing times".into());
    }
    let num = |s: &str| -> Result<f64, String> {
        let t = s.trim();
        match t.parse::<f64>() {
            Ok(v) if !t.is_empty() && v.is_finite() => Ok(v),
            _ => Err(format!("bad time value: {s:?}")),
        }
    };
    if spec.contains(':') {
        let parts: Vec<&str> = spec.split(':').collect();
        let [start, end, step] = parts[..] else {
            return Err(format!("times range must be start:end:step, got {spec}"));
        };
        let (start, end, step) = (num(start)?, num(end)?, num(step)?);
        if step <= 0.0 {
            return Err("times step must be > 0".into());
        }
        if end < start {
            return Err("times range end < start".into());
        }
        let mut out = Vec::new();
        for i in 0.. {
            let t = start + f64::from(i) * step;
            if t > end + 1e-9 {
                break;
            }
            out.push(format!("{t:.12}").parse::<f64>().unwrap_or(t));
            if out.len() > 1_000_000 {
                return Err("too many times".into());
            }
        }
        return Ok(out);
    }
    spec.split(',').map(num).collect()
}

/// The times a physics simulation from 0 to `t` is stepped at.
pub fn physics_frame_times(t: f64, dt: f64) -> Vec<f64> {
    if t <= 0.0 {
        return vec![t];
    }
    let mut out = vec![0.0];
    for k in 1.. {
        let tk = f64::from(k) * dt;
        if tk >= t - 1e-12 {
            break;
        }
        out.push(tk);
    }
    out.push(t);
    out
}

/// Poses one time from a fresh skeleton (see the module doc), sharing
/// animation plans with the other frames through `plans`; returns the
/// skeleton and the fired events.
pub fn pose_at<'a>(
    data: &'a SkeletonData,
    plans: &'a Plans,
    animation: Option<usize>,
    t: f64,
    o: &SampleOptions,
) -> Result<(Skeleton<'a>, Vec<&'a Event>), PoseError> {
    let mut sk = Skeleton::with_plans(data, plans)?;
    if let Some(s) = &o.skin {
        sk.set_skin(s)?;
    }
    sk.setup_pose();
    let mut events = Vec::new();
    if !o.physics {
        sk.time = t;
        sk.setup_pose();
        if let Some(a) = animation {
            sk.apply_over_setup(a, -1.0, t, o.looped, Some(&mut events))?;
        }
        sk.update_world_transform_with(Physics::None)?;
        return Ok((sk, events));
    }
    let mut last = -1.0;
    for tk in physics_frame_times(t, o.dt) {
        sk.time = tk;
        sk.setup_pose();
        if let Some(a) = animation {
            let mut ignored = Vec::new();
            sk.apply_over_setup(a, last, tk, o.looped, Some(&mut ignored))?;
        }
        sk.update_world_transform_with(Physics::Update)?;
        last = tk;
    }
    if let Some(a) = animation {
        events = events_up_to(data, a, t, o.looped);
    }
    Ok((sk, events))
}

/// The events `Animation.apply` fires from −1 to `t` (wrapped when looping).
fn events_up_to(data: &SkeletonData, a: usize, t: f64, looped: bool) -> Vec<&Event> {
    let anim = &data.animations[a];
    let mut time = t;
    if looped && anim.duration != 0.0 {
        time %= anim.duration;
    }
    let mut out = Vec::new();
    for tl in &anim.timelines {
        if let TimelineKind::Event(list) = &tl.kind {
            crate::pose::fire_events(tl, list, -1.0, time, &mut out);
        }
    }
    out
}

/// Why a document was not written whole.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SampleError {
    /// The runtime refused (where spine-core throws): the animation, the
    /// skin, or posing or printing a frame.
    #[error("{error}")]
    Pose {
        /// What the runtime said.
        error: PoseError,
        /// The time of the frame it refused (`None`: before any frame).
        time: Option<f64>,
        /// Part of the document had reached the output: it stops, unfinished
        /// (not JSON), before the frame at `time`.
        started: bool,
    },
    /// The output refused a write.
    #[error("{0}")]
    Write(#[from] io::Error),
}

/// Poses every time and writes the document to `out` in `layout` (then a
/// newline), frame by frame as each is posed; returns `out`, flushed.
pub fn write_document<W: Write>(
    data: &SkeletonData,
    o: &SampleOptions,
    layout: Layout,
    out: W,
) -> Result<W, SampleError> {
    write_frames(data, o, JsonWriter::new(out, layout), b"\n")
}

/// The whole document in memory, in `layout` (no newline after it): for a
/// few frames (tests, in-process comparisons); [`write_document`] streams.
pub fn pose_document(
    data: &SkeletonData,
    o: &SampleOptions,
    layout: Layout,
) -> Result<String, PoseError> {
    match write_frames(data, o, JsonWriter::new(Vec::new(), layout), b"") {
        Ok(bytes) => Ok(String::from_utf8_lossy(&bytes).into_owned()),
        Err(SampleError::Pose { error, .. }) => Err(error),
        // A Vec takes every write.
        Err(SampleError::Write(e)) => Err(pose_error(e.to_string())),
    }
}

fn write_frames<W: Write>(
    data: &SkeletonData,
    o: &SampleOptions,
    mut w: JsonWriter<W>,
    tail: &[u8],
) -> Result<W, SampleError> {
    let refused = |error, time, w: &JsonWriter<W>| SampleError::Pose {
        error,
        time,
        started: w.written() > 0,
    };
    let animation = match &o.animation {
        None => None,
        Some(name) => Some(data.find_animation(name).ok_or_else(|| {
            refused(pose_error(format!("Animation not found: {name}")), None, &w)
        })?),
    };
    w.begin_object();
    w.key("format");
    w.str(FORMAT);
    w.key("runtime");
    w.str(RUNTIME);
    w.key("animation");
    w.opt_str(o.animation.as_deref());
    w.key("duration");
    w.num(animation.map_or(0.0, |a| data.animations[a].duration));
    w.key("skin");
    w.opt_str(o.skin.as_deref());
    w.key("loop");
    w.bool(o.looped);
    w.key("physics");
    w.str(if o.physics { "update" } else { "none" });
    if o.physics {
        w.key("dt");
        w.num(o.dt);
    }
    w.key("apply");
    w.str("animation");
    w.key("frames");
    w.begin_array();
    let plans = Plans::default();
    for &t in &o.times {
        let frame = pose_at(data, &plans, animation, t, o)
            .and_then(|(mut sk, events)| snapshot(&mut sk, t, &events, &mut w));
        if let Err(error) = frame {
            return Err(refused(error, Some(t), &w));
        }
        w.flush_ready()?;
    }
    Ok(w.finish(tail)?)
}
