//! This module owns posing a skeleton at a set's sample times, the one way
//! `render` and `check` (and the framing of both) pose: frame `i` of an
//! animation sampled at `fps` is time `i / fps`, for `i = 0 ..= round(duration ·
//! fps)`; frames are posed in order on one skeleton, each `setupPose` + the
//! animation applied from the previous time + `updateWorldTransform`, and a
//! skeleton with physics constraints is stepped from one frame to the next
//! at [`PHYSICS_DT`] with `Physics.update` (as `rigc sample --physics update`
//! steps it from 0), so a spring lags as it does in a player.

use rigc_spine::pose::Physics;
use rigc_spine::{PoseError, Skeleton, SkeletonData};

/// The physics step between two frames, seconds (the oracle's default).
pub const PHYSICS_DT: f64 = 1.0 / 60.0;

/// The most samples one set may take (an hour at 60 fps): more is refused
/// rather than posed.
pub const MAX_SAMPLES: u32 = 216_000;

/// How many samples a set takes: `round(duration · fps) + 1`; `None` past
/// [`MAX_SAMPLES`] or for a rate or duration that is not a finite number ≥ 0.
pub fn sample_count(duration: f64, fps: f64) -> Option<u32> {
    let n = (duration * fps).round();
    (n.is_finite() && n >= 0.0 && n < f64::from(MAX_SAMPLES)).then(|| n as u32 + 1)
}

/// The time of sample `i` at `fps`.
pub fn sample_time(i: u32, fps: f64) -> f64 {
    f64::from(i) / fps
}

/// One skeleton posed at increasing times.
pub struct Sampler<'a> {
    data: &'a SkeletonData,
    skin: Option<String>,
    skeleton: Skeleton<'a>,
    animation: Option<usize>,
    physics: bool,
    last: Option<f64>,
}

impl<'a> Sampler<'a> {
    /// A skeleton in `skin` (the default skin when `None`), to pose
    /// `animation` (`None`: the setup pose).
    pub fn new(
        data: &'a SkeletonData,
        skin: Option<&str>,
        animation: Option<usize>,
    ) -> Result<Sampler<'a>, PoseError> {
        let skeleton = fresh(data, skin)?;
        let physics = !skeleton.physics.is_empty();
        Ok(Sampler {
            data,
            skin: skin.map(str::to_string),
            skeleton,
            animation,
            physics,
            last: None,
        })
    }

    /// Poses time `t` (not before the last time posed: a time before it
    /// starts the simulation again from 0) and returns the posed skeleton.
    pub fn pose(&mut self, t: f64) -> Result<&Skeleton<'a>, PoseError> {
        if self.last.is_some_and(|l| t < l) {
            self.skeleton = fresh(self.data, self.skin.as_deref())?;
            self.last = None;
        }
        if self.physics {
            let from = self.last.unwrap_or(0.0);
            let mut k = 1u32;
            if self.last.is_none() {
                self.step(0.0)?;
            }
            loop {
                let tk = from + f64::from(k) * PHYSICS_DT;
                if tk >= t - 1e-12 {
                    break;
                }
                self.step(tk)?;
                k += 1;
            }
        }
        self.step(t)?;
        Ok(&self.skeleton)
    }

    fn step(&mut self, t: f64) -> Result<(), PoseError> {
        let last = self.last.unwrap_or(-1.0);
        let sk = &mut self.skeleton;
        sk.time = t;
        sk.setup_pose();
        if let Some(a) = self.animation {
            sk.apply_over_setup(a, last, t, false, None)?;
        }
        sk.update_world_transform_with(if self.physics {
            Physics::Update
        } else {
            Physics::None
        })?;
        self.last = Some(t);
        Ok(())
    }
}

/// A skeleton in its setup pose, in `skin`.
fn fresh<'a>(data: &'a SkeletonData, skin: Option<&str>) -> Result<Skeleton<'a>, PoseError> {
    let mut skeleton = Skeleton::new(data)?;
    if let Some(s) = skin {
        skeleton.set_skin(s)?;
    }
    skeleton.setup_pose();
    Ok(skeleton)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_and_times_are_the_figures_ones() {
        // walk: 0.9 s at 20 fps is 19 frames; squash 0.8 s at 25 fps is 21.
        assert_eq!(sample_count(0.9, 20.0), Some(19));
        assert_eq!(sample_count(0.8, 25.0), Some(21));
        assert_eq!(sample_count(0.0, 12.0), Some(1));
        assert_eq!(sample_count(f64::NAN, 12.0), None);
        assert_eq!(sample_count(1e9, 60.0), None);
        assert_eq!(sample_time(16, 25.0), 0.64);
    }

    #[test]
    fn an_animation_is_posed_at_each_time_in_order_and_again_from_zero() {
        let json = r#"{"bones":[{"name":"root"}],"animations":{"a":{"bones":{"root":{"translate":[{"x":0},{"time":1,"x":10}]}}}}}"#;
        let data = rigc_spine::read_skeleton(json, None)
            .expect("a skeleton")
            .data;
        let mut s = Sampler::new(&data, None, Some(0)).expect("a sampler");
        let x = |s: &mut Sampler, t| s.pose(t).expect("posed").bones[0].applied().world_x;
        assert_eq!(x(&mut s, 0.0), 0.0);
        assert!((x(&mut s, 0.5) - 5.0).abs() < 1e-9);
        assert!(
            (x(&mut s, 0.25) - 2.5).abs() < 1e-9,
            "an earlier time starts again"
        );
    }
}
