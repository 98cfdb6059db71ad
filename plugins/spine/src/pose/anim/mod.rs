//! `Animation.apply` and every timeline's `apply`, ported from spine-core
//! 4.3.13's `Animation.js`. 4.3 replaced 4.2's `MixBlend` with [`MixFrom`]
//! (`setup`, `first`, `current`) plus two flags: `add` (additive timelines add
//! to the current value) and `out` (mixing out: instant timelines return to the
//! setup value). Curves are sampled exactly as the runtime samples them:
//! stepped, linear, or linearly between the 9 stored float32 Bezier samples.
//!
//! Indices are read like JavaScript reads typed arrays: out of range (or not an
//! integer) gives `NaN` rather than a panic.

mod bone;
mod constraint;
mod deform;
mod order;
mod plan;
mod plan_cache;
mod slot;

pub(crate) use plan::Plan;
pub use plan_cache::Plans;

use super::{PoseError, Skeleton};
use crate::data::{Animation, Event, Timeline, TimelineKind as K, BEZIER_SIZE};
use crate::math::js_rem;
use plan::Step;

/// Where a timeline mixes from (`MixFrom`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MixFrom {
    /// Mix from the current pose (keys before the first frame leave it alone).
    Current,
    /// Mix from the setup pose (before the first frame: the setup pose).
    Setup,
    /// Mix from the current pose; before the first frame, toward the setup pose.
    First,
}

/// The mixing arguments every timeline's `apply` takes.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Mix {
    pub alpha: f64,
    pub from: MixFrom,
    pub add: bool,
    pub out: bool,
    /// Write the applied poses instead of the unconstrained ones.
    pub applied: bool,
}

/// [`Mix`] as [`Skeleton::apply_over_setup`] passes it; [`Plan::apply_run`]
/// has loops with these constants folded in.
const OVER_SETUP: Mix = Mix {
    alpha: 1.0,
    from: MixFrom::Setup,
    add: false,
    out: false,
    applied: false,
};

/// `Animation.apply` of animation `index` (which must exist).
pub(crate) fn apply<'a>(
    sk: &mut Skeleton<'a>,
    index: usize,
    mut last_time: f64,
    mut time: f64,
    looped: bool,
    events: Option<&mut Vec<&'a Event>>,
    m: Mix,
) -> Result<(), PoseError> {
    let data = sk.data;
    let animation = &data.animations[index];
    if looped && animation.duration != 0.0 {
        // (Times within the animation are their own remainders: no call.)
        time = js_rem(time, animation.duration);
        if last_time > 0.0 {
            last_time = js_rem(last_time, animation.duration);
        }
    }
    // The plan is taken out while the skeleton is posed, then put back.
    let mut plan = sk.plans[index].take().unwrap_or_else(|| {
        Box::new(match sk.shared_plans {
            Some(shared) => shared.plan(index, animation, &sk.setup),
            None => Plan::new(animation, &sk.setup),
        })
    });
    plan.check_activity(sk.cache_builds, &sk.bones);
    plan.search(time);
    let r = run(sk, &plan, animation, last_time, time, events, m);
    sk.plans[index] = Some(plan);
    r
}

/// The timelines of `animation` in order: the runs of fast timelines
/// through [`Plan::apply_run`] (`plan` searched at `time`), the others
/// through [`apply_timeline`].
fn run<'a>(
    sk: &mut Skeleton<'a>,
    plan: &Plan,
    animation: &'a Animation,
    last_time: f64,
    time: f64,
    mut events: Option<&mut Vec<&'a Event>>,
    m: Mix,
) -> Result<(), PoseError> {
    for step in plan.steps.iter() {
        match *step {
            Step::Run(ref r) => plan.apply_run(r, &mut sk.bones, m),
            Step::General(i) => apply_timeline(
                sk,
                &animation.timelines[i],
                last_time,
                time,
                events.as_deref_mut(),
                m,
            )?,
        }
    }
    Ok(())
}

fn apply_timeline<'a>(
    sk: &mut Skeleton<'a>,
    t: &'a Timeline,
    last_time: f64,
    time: f64,
    events: Option<&mut Vec<&'a Event>>,
    m: Mix,
) -> Result<(), PoseError> {
    let c = Curves::new(t);
    match &t.kind {
        K::Rotate(b)
        | K::TranslateX(b)
        | K::TranslateY(b)
        | K::ScaleX(b)
        | K::ScaleY(b)
        | K::ShearX(b)
        | K::ShearY(b) => bone::apply1(sk, &t.kind, *b, &c, time, m),
        K::Translate(b) | K::Scale(b) | K::Shear(b) => bone::apply2(sk, &t.kind, *b, &c, time, m),
        K::Inherit(b, modes) => {
            bone::inherit(sk, *b, modes, &c, time, m);
            Ok(())
        }
        K::Rgba(s) | K::Rgb(s) | K::Alpha(s) | K::Rgba2(s) | K::Rgb2(s) => {
            slot::color(sk, &t.kind, *s, &c, time, m)
        }
        K::Attachment(s, names) => {
            slot::attachment(sk, *s, names, &c, time, m);
            Ok(())
        }
        K::Sequence {
            slot, attachment, ..
        } => slot::sequence(sk, *slot, *attachment, &c, time, m),
        K::Deform {
            slot,
            attachment,
            vertices,
        } => deform::apply(sk, *slot, *attachment, vertices, &c, time, m),
        K::Event(list) => {
            if let Some(out) = events {
                order::events(list, &c, last_time, time, out);
            }
            Ok(())
        }
        K::DrawOrder(orders) => order::draw_order(sk, orders, &c, time, m),
        K::DrawOrderFolder { slots, orders } => order::folder(sk, slots, orders, &c, time, m),
        _ => constraint::apply(sk, t, &c, last_time, time, m),
    }
}

/// A timeline's frames and curves, read as JavaScript reads them.
pub(crate) struct Curves<'t> {
    pub frames: &'t [f32],
    pub curves: &'t [f32],
    pub entries: usize,
}

impl<'t> Curves<'t> {
    #[inline]
    fn new(t: &'t Timeline) -> Curves<'t> {
        Curves {
            frames: &t.frames,
            curves: &t.curves,
            entries: t.entries(),
        }
    }

    /// `frames[i]` (`NaN` when out of range).
    #[inline]
    pub fn f(&self, i: isize) -> f64 {
        if i < 0 {
            return f64::NAN;
        }
        self.frames
            .get(i as usize)
            .map_or(f64::NAN, |&v| f64::from(v))
    }

    /// `curves[i]` for a number index (`NaN` unless an integer in range).
    fn c(&self, i: f64) -> f64 {
        if i >= 0.0 && i.fract() == 0.0 {
            self.curves
                .get(i as usize)
                .map_or(f64::NAN, |&v| f64::from(v))
        } else {
            f64::NAN
        }
    }

    /// `time < frames[0]`.
    pub fn before_first(&self, time: f64) -> bool {
        time < self.f(0)
    }

    /// `Timeline.search(frames, time, entries)`.
    pub fn search(&self, time: f64) -> isize {
        let step = self.entries;
        let n = self.frames.len();
        let mut i = step;
        while i < n {
            if f64::from(self.frames[i]) > time {
                return (i - step) as isize;
            }
            i += step;
        }
        n as isize - step as isize
    }

    /// The curve type of the frame starting at frame index `i`.
    pub fn curve_type(&self, i: isize) -> f64 {
        if i < 0 {
            return f64::NAN;
        }
        self.c((i as usize / self.entries) as f64)
    }

    /// `CurveTimeline.getBezierValue(time, frameIndex, valueOffset, i)`.
    #[inline(always)]
    pub fn bezier(&self, time: f64, frame: isize, value: isize, i: f64) -> f64 {
        let Some(i) = index(i) else {
            return f64::NAN;
        };
        match i
            .checked_add(BEZIER_SIZE)
            .and_then(|e| self.curves.get(i..e))
            .and_then(|c| <&[f32; BEZIER_SIZE]>::try_from(c).ok())
        {
            // The 9 samples are all there: no `undefined` reads among them.
            Some(c) => self.bezier_over(time, frame, value, |k| f64::from(c[k])),
            None => self.bezier_partial(time, frame, value, i),
        }
    }

    /// [`Curves::bezier`] when the curves array ends inside the samples:
    /// reads past its end are `undefined` (NaN).
    #[cold]
    fn bezier_partial(&self, time: f64, frame: isize, value: isize, i: usize) -> f64 {
        self.bezier_over(time, frame, value, |k| {
            self.curves.get(i + k).map_or(f64::NAN, |&v| f64::from(v))
        })
    }

    /// The Bezier sampling itself over the curve's 9 samples, `cv(k)` the
    /// `k`th of their 18 numbers: linearly between the key, the samples and
    /// the next key.
    #[inline(always)]
    fn bezier_over(&self, time: f64, frame: isize, value: isize, cv: impl Fn(usize) -> f64) -> f64 {
        if cv(0) > time {
            let (x, y) = (self.f(frame), self.f(frame + value));
            return y + (time - x) / (cv(0) - x) * (cv(1) - y);
        }
        let mut k = 2;
        while k < BEZIER_SIZE {
            if cv(k) >= time {
                let (x, y) = (cv(k - 2), cv(k - 1));
                return y + (time - x) / (cv(k) - x) * (cv(k + 1) - y);
            }
            k += 2;
        }
        let next = frame + self.entries as isize;
        let (x, y) = (cv(BEZIER_SIZE - 2), cv(BEZIER_SIZE - 1));
        y + (time - x) / (self.f(next) - x) * (self.f(next + value) - y)
    }

    /// The `count` values of the frame at `time` (after `search`), sampled
    /// with the frame's curve: linear, stepped, or Bezier per channel.
    pub fn values<const N: usize>(&self, time: f64, i: isize) -> [f64; N] {
        let mut out = [0.0; N];
        let e = self.entries as isize;
        let ct = self.curve_type(i);
        if ct == 0.0 {
            let before = self.f(i);
            let t = (time - before) / (self.f(i + e) - before);
            for (k, o) in out.iter_mut().enumerate() {
                let k = k as isize + 1;
                let v = self.f(i + k);
                *o = v + (self.f(i + e + k) - v) * t;
            }
        } else if ct == 1.0 {
            for (k, o) in out.iter_mut().enumerate() {
                *o = self.f(i + k as isize + 1);
            }
        } else {
            for (k, o) in out.iter_mut().enumerate() {
                let b = ct + (BEZIER_SIZE * k) as f64 - 2.0;
                *o = self.bezier(time, i, k as isize + 1, b);
            }
        }
        out
    }

    /// `CurveTimeline1.getCurveValue`.
    #[inline(always)]
    pub fn curve_value(&self, time: f64) -> f64 {
        let frames = self.frames;
        let n = frames.len();
        if n < 2 {
            return self.curve_value_short(time);
        }
        let mut i = n - 2;
        let mut ii = 2;
        while ii <= n - 2 {
            if f64::from(frames[ii]) > time {
                i = ii - 2;
                break;
            }
            ii += 2;
        }
        let ct = self.curves.get(i >> 1).map_or(f64::NAN, |&v| f64::from(v));
        let i = i as isize;
        self.sample1(time, i, ct)
    }

    /// The value of a one-value frame starting at frame index `i` whose curve
    /// type is `ct`: linear, stepped or Bezier.
    #[inline(always)]
    fn sample1(&self, time: f64, i: isize, ct: f64) -> f64 {
        if ct == 0.0 {
            let (before, value) = (self.f(i), self.f(i + 1));
            value + (time - before) / (self.f(i + 2) - before) * (self.f(i + 3) - value)
        } else if ct == 1.0 {
            self.f(i + 1)
        } else {
            self.bezier(time, i, 1, ct - 2.0)
        }
    }

    /// [`Curves::curve_value`] with fewer than two frame numbers (the
    /// runtime reads `frames[-2]`, `curves[-1]`: `undefined`).
    #[cold]
    fn curve_value_short(&self, time: f64) -> f64 {
        let i = self.frames.len() as isize - 2;
        let ct = self.c((i >> 1) as f64);
        self.sample1(time, i, ct)
    }

    /// `CurveTimeline1.getRelativeValue`.
    #[inline(always)]
    pub fn relative(&self, time: f64, m: Mix, current: f64, setup: f64) -> f64 {
        if self.before_first(time) {
            return before_first_key(m, current, setup);
        }
        relative_mix(m, current, setup, self.curve_value(time))
    }

    /// `CurveTimeline1.getAbsoluteValue` (with `value` given: `getAbsoluteValue2`).
    pub fn absolute(&self, time: f64, m: Mix, current: f64, setup: f64, value: Option<f64>) -> f64 {
        if self.before_first(time) {
            return before_first_key(m, current, setup);
        }
        let value = value.unwrap_or_else(|| self.curve_value(time));
        if m.from == MixFrom::Setup {
            setup + (if m.add { value } else { value - setup }) * m.alpha
        } else {
            current + (if m.add { value } else { value - current }) * m.alpha
        }
    }

    /// `CurveTimeline1.getScaleValue`.
    pub fn scale(&self, time: f64, m: Mix, current: f64, setup: f64) -> f64 {
        if self.before_first(time) {
            return before_first_key(m, current, setup);
        }
        scale_mix(m, current, setup, self.curve_value(time))
    }
}

/// `CurveTimeline1.getRelativeValue` after the first frame, given the
/// curve value at the time.
#[inline(always)]
fn relative_mix(m: Mix, current: f64, setup: f64, value: f64) -> f64 {
    if m.from == MixFrom::Setup {
        setup + value * m.alpha
    } else {
        current
            + (if m.add {
                value
            } else {
                value + setup - current
            }) * m.alpha
    }
}

/// `BoneTimeline2.apply` of translate or shear after the first frame, for
/// one of its values: [`relative_mix`] but for the order of one sum.
#[inline(always)]
pub(super) fn relative_mix2(m: Mix, current: f64, setup: f64, value: f64) -> f64 {
    if m.from == MixFrom::Setup {
        setup + value * m.alpha
    } else if m.add {
        current + value * m.alpha
    } else {
        current + (setup + value - current) * m.alpha
    }
}

/// `CurveTimeline1.getScaleValue` after the first frame, given the curve
/// value at the time.
#[inline(always)]
pub(super) fn scale_mix(m: Mix, current: f64, setup: f64, value: f64) -> f64 {
    use crate::math::js_sign;
    let value = value * setup;
    if m.alpha == 1.0 && !m.add {
        return value;
    }
    let mut base = if m.from == MixFrom::Setup {
        setup
    } else {
        current
    };
    if m.add {
        return base + (value - setup) * m.alpha;
    }
    if m.out {
        return base + (value.abs() * js_sign(base) - base) * m.alpha;
    }
    base = base.abs() * js_sign(value);
    base + (value - base) * m.alpha
}

/// A number used as an array index: a non-negative integer (else `None`,
/// which reads `undefined`).
pub(crate) fn index(i: f64) -> Option<usize> {
    // Through i64: a cheaper conversion than to usize, same answer here.
    let k = i as i64;
    (k >= 0 && k as f64 == i).then_some(k as usize)
}

/// `CurveTimeline1.beforeFirstKey`.
#[inline(always)]
fn before_first_key(m: Mix, current: f64, setup: f64) -> f64 {
    match m.from {
        MixFrom::Setup => setup,
        MixFrom::First => current + (setup - current) * m.alpha,
        MixFrom::Current => current,
    }
}

/// The events an event timeline fires for keys in `(last_time, time]`
/// (`EventTimeline.apply` on its own, wrapping when `last_time > time`).
pub fn fire_events<'a>(
    t: &Timeline,
    list: &'a [Event],
    last_time: f64,
    time: f64,
    out: &mut Vec<&'a Event>,
) {
    order::events(list, &Curves::new(t), last_time, time, out);
}
