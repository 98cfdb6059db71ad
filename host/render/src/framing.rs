//! The frame of a render (CLI.md §4 "Framing"): a set posed (through
//! [`crate::sampler`], frame after frame from t = 0, so physics is simulated
//! as a player plays it), the union of every animation's posed
//! extent (not the stage), and the viewport that box is fitted to.
//!
//! The rules, each checked against FIGURES.md in the tests below:
//! - a set of an animation of `duration` seconds at `fps` poses
//!   `round(duration·fps) + 1` samples, sample `i` at `t = i/fps` (walk, 0.9 s
//!   at 20 fps: 19); the setup pose is one sample at t = 0;
//! - the extent is the union of `Skeleton::try_bounds` (every region and
//!   mesh, as `Skeleton.getBounds`) over every sample of every set posed;
//! - the fit: a margin of [`MARGIN`] (4 %) of the extent's long side is
//!   added on all four sides; `scale = max / long side of that box`, so the
//!   long side is exactly `max` px; the short side is
//!   `round(short side · scale)` px (at least 1), and the world box is
//!   widened or narrowed about its centre to that whole number of pixels.
//!
//! Worked from FIGURES.md (the extents are the reference rigs' full-stage
//! plates): walk 576×736 at `--max 288` → 230.03 → 230×288; squash 800×720
//! → 288×261.33 → 288×261; portrait 640×880 at 640 → 478.38 → 478×640; nod
//! 640×727.58 (its ears reach 27.58 below the plate at 20 fps) → 284.34 at
//! 320, 1243.996 at 1400 (so `round`, not `floor`; `ceil` would make walk
//! 231) and 0.814471 px/unit at 640. Without the margin walk would be 226
//! wide; a margin of a share of each side's own length would not change the
//! aspect at all.

use crate::sampler::{sample_count, sample_time, Sampler};
use crate::Viewport;
use rigc_spine::{Bounds, PoseError, Skeleton, SkeletonData};

/// The smallest `--max` a render takes (CLI.md §4).
pub const MIN_MAX: u32 = 16;

/// The margin on every side of the extent, as a share of its long side.
pub const MARGIN: f64 = 0.04;

/// Why a set could not be posed or framed.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum FrameError {
    /// The runtime refused a pose (the skin, a constraint, a vertex).
    #[error("{animation}: the runtime refuses the pose at t = {time}: {message}")]
    Pose {
        /// The set's animation (`setup pose` for none).
        animation: String,
        /// When.
        time: f64,
        /// The runtime's message.
        message: String,
    },
    /// Nothing is drawn in any sample: there is no box to frame.
    #[error("nothing is drawn in any posed frame (no region or mesh attachment is showing), so there is no box to frame")]
    Empty,
    /// The extent is not a finite box of some size.
    #[error("the posed extent is not a finite box ({0})")]
    Degenerate(String),
}

/// One set to pose: an animation by index (`None`: the setup pose) at a rate.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Shot {
    /// Index into `SkeletonData::animations`.
    pub animation: Option<usize>,
    /// Samples per second.
    pub fps: f64,
}

impl Shot {
    /// How many samples this shot poses.
    pub fn samples(&self, data: &SkeletonData) -> u32 {
        match self.animation.and_then(|a| data.animations.get(a)) {
            Some(a) => sample_count(a.duration, self.fps).unwrap_or(0),
            None => 1,
        }
    }

    /// The animation's name, or `setup pose`.
    pub fn name<'d>(&self, data: &'d SkeletonData) -> &'d str {
        self.animation
            .and_then(|a| data.animations.get(a))
            .map_or("setup pose", |a| a.name.as_str())
    }
}

/// Poses every sample of `shot` in order from t = 0 (skin `skin` set
/// first) through [`crate::sampler::Sampler`], the one way `render` and
/// `check` pose, calling `each(i, &skeleton)` on each.
pub fn pose_shot<'a, E: From<FrameError>>(
    data: &'a SkeletonData,
    skin: Option<&str>,
    shot: Shot,
    mut each: impl FnMut(u32, &Skeleton<'a>) -> Result<(), E>,
) -> Result<(), E> {
    let refused = |time: f64, e: PoseError| FrameError::Pose {
        animation: shot.name(data).to_string(),
        time,
        message: e.message,
    };
    let mut sampler = Sampler::new(data, skin, shot.animation).map_err(|e| refused(0.0, e))?;
    for i in 0..shot.samples(data) {
        let t = sample_time(i, shot.fps);
        let sk = sampler.pose(t).map_err(|e| refused(t, e))?;
        each(i, sk)?;
    }
    Ok(())
}

/// The union of the posed extent of every sample of every shot.
pub fn extent(
    data: &SkeletonData,
    skin: Option<&str>,
    shots: &[Shot],
) -> Result<Bounds, FrameError> {
    let mut union: Option<(f64, f64, f64, f64)> = None;
    for &shot in shots {
        pose_shot(data, skin, shot, |i, sk| {
            let b = sk.try_bounds().map_err(|e| FrameError::Pose {
                animation: shot.name(data).to_string(),
                time: sample_time(i, shot.fps),
                message: e.message,
            })?;
            if let Some(b) = b {
                let (x0, y0, x1, y1) = (b.x, b.y, b.x + b.width, b.y + b.height);
                union = Some(match union {
                    None => (x0, y0, x1, y1),
                    Some((a0, b0, a1, b1)) => (a0.min(x0), b0.min(y0), a1.max(x1), b1.max(y1)),
                });
            }
            Ok::<(), FrameError>(())
        })?;
    }
    let (x0, y0, x1, y1) = union.ok_or(FrameError::Empty)?;
    Ok(Bounds {
        x: x0,
        y: y0,
        width: x1 - x0,
        height: y1 - y0,
    })
}

/// The viewport `extent` is drawn in with its long side `max` pixels (see the
/// module doc for the rounding).
pub fn fit(extent: &Bounds, max: u32) -> Result<Viewport, FrameError> {
    let (w, h) = (extent.width, extent.height);
    let finite = [extent.x, extent.y, w, h].iter().all(|v| v.is_finite());
    if !finite || !(w > 0.0 || h > 0.0) || w < 0.0 || h < 0.0 {
        return Err(FrameError::Degenerate(format!(
            "x {} y {} width {} height {}",
            extent.x, extent.y, w, h
        )));
    }
    let long = w.max(h);
    let margin = MARGIN * long;
    let (bw, bh) = (w + 2.0 * margin, h + 2.0 * margin);
    let box_long = bw.max(bh);
    let scale = f64::from(max) / box_long;
    let side = |v: f64| -> u32 {
        if v >= box_long {
            max
        } else {
            ((v * scale).round() as u32).clamp(1, max)
        }
    };
    let (pw, ph) = (side(bw), side(bh));
    let (ww, wh) = (f64::from(pw) / scale, f64::from(ph) / scale);
    Ok(Viewport {
        x: extent.x - (ww - w) / 2.0,
        y: extent.y - (wh - h) / 2.0,
        width: ww,
        height: wh,
        scale,
        pixel_width: pw,
        pixel_height: ph,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bounds(x: f64, y: f64, width: f64, height: f64) -> Bounds {
        Bounds {
            x,
            y,
            width,
            height,
        }
    }

    #[test]
    fn the_fit_reproduces_the_figures() {
        let fit_of = |b: Bounds, max| {
            let v = fit(&b, max).expect("a box");
            (v.pixel_width, v.pixel_height, v.scale)
        };
        let walk = bounds(0.0, 0.0, 576.0, 736.0);
        assert_eq!(fit_of(walk, 288).0, 230);
        assert_eq!(fit_of(walk, 288).1, 288);
        let squash = bounds(0.0, 0.0, 800.0, 720.0);
        assert_eq!(fit_of(squash, 288).0, 288);
        assert_eq!(fit_of(squash, 288).1, 261);
        let portrait = bounds(0.0, 0.0, 640.0, 880.0);
        let p = fit_of(portrait, 640);
        assert_eq!((p.0, p.1), (478, 640));
        let nod = bounds(0.0, -27.579_992_406_613_8, 640.0, 727.579_992_406_613_8);
        assert_eq!(fit_of(nod, 320).0, 284);
        assert_eq!(fit_of(nod, 1400).0, 1244);
        assert_eq!(format!("{:.6}", fit_of(nod, 640).2), "0.814471");
    }

    #[test]
    fn the_viewport_is_centred_on_the_extent_and_whole_in_pixels() {
        let b = bounds(10.0, -5.0, 100.0, 50.0);
        let v = fit(&b, 200).expect("a box");
        assert_eq!(v.pixel_width, 200);
        assert!((v.width * v.scale - f64::from(v.pixel_width)).abs() < 1e-9);
        assert!((v.height * v.scale - f64::from(v.pixel_height)).abs() < 1e-9);
        assert!((v.x + v.width / 2.0 - 60.0).abs() < 1e-9);
        assert!((v.y + v.height / 2.0 - 20.0).abs() < 1e-9);
        // A line (no height) still gets one pixel row.
        let line = fit(&bounds(0.0, 0.0, 10.0, 0.0), 16).expect("a line");
        assert!(line.pixel_height >= 1);
        assert!(fit(&bounds(0.0, 0.0, 0.0, 0.0), 16).is_err());
        assert!(fit(&bounds(f64::NAN, 0.0, 1.0, 1.0), 16).is_err());
    }
}
