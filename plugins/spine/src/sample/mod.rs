//! The pose document of `rigc sample`: a skeleton posed at given times and
//! printed in the schema of the oracle (`spine-oracle-pose/1`, the shared
//! `oracle/pose.mjs`), so that the two can be diffed number by number.
//!
//! Each time is posed from a fresh skeleton exactly as the oracle does it:
//! `setSkin`, `setupPose`, `Animation.apply(skeleton, -1, t, loop, events, 1,
//! MixFrom.setup)` and `updateWorldTransform(Physics.none)`; or, with physics,
//! frames at `0, dt, 2dt, … < t` then `t`, each `setupPose` + apply from the
//! previous frame's time + `updateWorldTransform(Physics.update)`.

mod compare;
mod out;
mod snapshot;

pub use compare::{compare, Comparison};
pub use out::{nums, obj, Out};
pub use snapshot::snapshot;

use crate::data::{Event, SkeletonData, TimelineKind};
use crate::pose::{pose_error, Physics, PoseError, Skeleton};

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

/// Poses one time from a fresh skeleton (see the module doc); returns the
/// skeleton and the fired events.
pub fn pose_at<'a>(
    data: &'a SkeletonData,
    animation: Option<usize>,
    t: f64,
    o: &SampleOptions,
) -> Result<(Skeleton<'a>, Vec<&'a Event>), PoseError> {
    let mut sk = Skeleton::new(data)?;
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

/// Poses every time and returns the whole document.
pub fn pose_document(data: &SkeletonData, o: &SampleOptions) -> Result<Out, PoseError> {
    let animation = match &o.animation {
        None => None,
        Some(name) => Some(
            data.find_animation(name)
                .ok_or_else(|| pose_error(format!("Animation not found: {name}")))?,
        ),
    };
    let mut frames = Vec::with_capacity(o.times.len());
    for &t in &o.times {
        let (mut sk, events) = pose_at(data, animation, t, o)?;
        frames.push(snapshot(&mut sk, t, &events)?);
    }
    let mut doc = vec![
        ("format", FORMAT.into()),
        ("runtime", RUNTIME.into()),
        ("animation", o.animation.as_deref().into()),
        (
            "duration",
            animation
                .map_or(0.0, |a| data.animations[a].duration)
                .into(),
        ),
        ("skin", o.skin.as_deref().into()),
        ("loop", o.looped.into()),
        ("physics", if o.physics { "update" } else { "none" }.into()),
    ];
    if o.physics {
        doc.push(("dt", o.dt.into()));
    }
    doc.push(("apply", "animation".into()));
    doc.push(("frames", Out::Arr(frames)));
    Ok(obj(doc))
}
