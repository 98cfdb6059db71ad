//! The fast path of `Animation.apply` for one-value bone timelines (rotate,
//! translate x/y, scale x/y, shear x/y: nearly all the timelines of a
//! typical animation).
//!
//! Why: the general path re-derives on every apply what a timeline's shape
//! fixes once — bounds, `NaN` indices, the curve type as a float, each
//! `f32` read. A [`Plan`] is built once per skeleton and animation, on the
//! first apply (the skeleton borrows its data, so a plan can never go
//! stale). It lists the animation's timelines in order, each either a
//! [`Step::Rotate`] or [`Step::Bone1`] — the timeline's frame times widened
//! to `f64` once, each frame cut into a stepped, linear or Bezier [`Seg`],
//! the out-of-range reads `getCurveValue` makes on the last frame (`NaN`)
//! done in advance — or a [`Step::General`], which goes through the general
//! path. A timeline of odd shape (fewer than two frame numbers, an odd
//! count, a curve type missing, a Bezier cut short by the curves array or
//! at an index that is no integer) is always general.
//!
//! [`Curve1::value`] must agree bit for bit with [`Curves::curve_value`]: it
//! makes the same comparisons (the first frame after `time`, the first
//! Bezier sample at or after it) and the same floating-point operations in
//! the same order, on the same numbers (an `f32` widens to `f64` exactly);
//! only the reads were done at build time. The test below compares the two
//! on random timelines, odd ones included. The mixing is the general path's
//! own (`relative_mix`, `scale_mix`, `before_first_key`).

use super::{index, Curves};
use crate::spine::data::{Animation, Timeline, TimelineKind as K, BEZIER_SIZE};

/// An animation's timelines, prepared for [`super::apply`]: one step per
/// timeline, in timeline order.
#[derive(Debug, Clone)]
pub(crate) struct Plan {
    pub steps: Box<[Step]>,
}

/// Points per Bezier segment: both keys and the 9 samples between them.
const BEZIER_POINTS: usize = BEZIER_SIZE / 2 + 2;

/// A timeline as [`super::apply`] runs it.
#[derive(Debug, Clone)]
pub(crate) enum Step {
    /// A rotate timeline (the commonest), on the fast path.
    Rotate {
        /// Bone index.
        bone: usize,
        /// Its frames and curves.
        curve: Curve1,
    },
    /// Any other one-value bone timeline, on the fast path.
    Bone1 {
        /// Bone index.
        bone: usize,
        /// The local value it sets.
        prop: Prop,
        /// Its frames and curves.
        curve: Curve1,
    },
    /// Any other timeline (index into `Animation::timelines`): the general path.
    General(usize),
}

/// The local value a [`Step::Bone1`] sets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Prop {
    Rotation,
    X,
    Y,
    ScaleX,
    ScaleY,
    ShearX,
    ShearY,
}

/// A one-value curve timeline's frames and curves, validated and widened.
#[derive(Debug, Clone)]
pub(crate) struct Curve1 {
    /// The frame times (at least one).
    times: Box<[f64]>,
    /// Per frame: how its value is sampled up to the next frame.
    segs: Box<[Seg]>,
}

/// How a frame's value is sampled up to the next frame.
#[derive(Debug, Clone)]
enum Seg {
    /// Stepped: the frame's value.
    Stepped(f64),
    /// Linear from the first (time, value) to the second.
    Linear([[f64; 2]; 2]),
    /// Bezier through 11 points: the frame's (time, value), the 9 stored
    /// samples, the next frame's (time, value).
    Bezier(Box<[[f64; 2]; BEZIER_POINTS]>),
}

impl Plan {
    /// The plan of `animation`.
    pub fn new(animation: &Animation) -> Plan {
        let steps = animation.timelines.iter().enumerate();
        Plan {
            steps: steps
                .map(|(i, t)| bone1(t).unwrap_or(Step::General(i)))
                .collect(),
        }
    }
}

/// `t` as a [`Step::Bone1`], or `None` when it takes the general path.
fn bone1(t: &Timeline) -> Option<Step> {
    let (bone, prop) = match t.kind {
        K::Rotate(b) => (b, Prop::Rotation),
        K::TranslateX(b) => (b, Prop::X),
        K::TranslateY(b) => (b, Prop::Y),
        K::ScaleX(b) => (b, Prop::ScaleX),
        K::ScaleY(b) => (b, Prop::ScaleY),
        K::ShearX(b) => (b, Prop::ShearX),
        K::ShearY(b) => (b, Prop::ShearY),
        _ => return None,
    };
    let c = Curves {
        frames: &t.frames,
        curves: &t.curves,
        entries: 2,
    };
    let n = t.frames.len();
    if n < 2 || !n.is_multiple_of(2) {
        return None;
    }
    let segs = (0..n / 2)
        .map(|frame| {
            let i = 2 * frame as isize;
            // `f` reads NaN past the end, as `getCurveValue` does on the last frame.
            let key = [c.f(i), c.f(i + 1)];
            let next = [c.f(i + 2), c.f(i + 3)];
            let ct = f64::from(*t.curves.get(frame)?);
            Some(if ct == 0.0 {
                Seg::Linear([key, next])
            } else if ct == 1.0 {
                Seg::Stepped(key[1])
            } else {
                let at = index(ct - 2.0)?;
                let samples = t.curves.get(at..at.checked_add(BEZIER_SIZE)?)?;
                let mut points = [key; BEZIER_POINTS];
                for (p, s) in points[1..].iter_mut().zip(samples.chunks_exact(2)) {
                    *p = [f64::from(s[0]), f64::from(s[1])];
                }
                points[BEZIER_POINTS - 1] = next;
                Seg::Bezier(Box::new(points))
            })
        })
        .collect::<Option<_>>()?;
    let times = t.frames.iter().step_by(2).map(|&v| f64::from(v)).collect();
    let curve = Curve1 { times, segs };
    Some(match prop {
        Prop::Rotation => Step::Rotate { bone, curve },
        _ => Step::Bone1 { bone, prop, curve },
    })
}

impl Curve1 {
    /// `time` is before the first frame (`beforeFirstKey`).
    #[inline(always)]
    pub fn before_first(&self, time: f64) -> bool {
        time < self.times[0]
    }

    /// [`Curves::curve_value`] of the timeline (at or after the first frame).
    #[inline(always)]
    pub fn value(&self, time: f64) -> f64 {
        // The frame before the first frame after `time`, else the last.
        let times = &self.times;
        let mut frame = times.len() - 1;
        for (k, &t) in times.iter().enumerate().skip(1) {
            if t > time {
                frame = k - 1;
                break;
            }
        }
        match &self.segs[frame] {
            Seg::Stepped(v) => *v,
            Seg::Linear([a, b]) => lerp(time, *a, *b),
            Seg::Bezier(p) => {
                // `getBezierValue`.
                let k = if p[1][0] > time {
                    0
                } else {
                    after_first(p, time)
                };
                lerp(time, p[k], p[k + 1])
            }
        }
    }
}

/// The segment of Bezier points `p` that `time` falls in when not before
/// the first sample: up to the first sample at or after `time`, else after
/// the last.
#[inline(always)]
fn after_first(p: &[[f64; 2]; BEZIER_POINTS], time: f64) -> usize {
    for k in 1..BEZIER_POINTS - 2 {
        if p[k + 1][0] >= time {
            return k;
        }
    }
    BEZIER_POINTS - 2
}

/// `y + (time − x) / (x2 − x) × (y2 − y)`, as every curve segment samples.
#[inline(always)]
fn lerp(time: f64, [x, y]: [f64; 2], [x2, y2]: [f64; 2]) -> f64 {
    y + (time - x) / (x2 - x) * (y2 - y)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small deterministic generator (xorshift).
    struct Rng(u64);

    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }

        fn below(&mut self, n: u64) -> u64 {
            self.next() % n
        }

        fn unit(&mut self) -> f64 {
            (self.next() >> 11) as f64 / (1u64 << 53) as f64
        }
    }

    /// A random one-value timeline, sometimes odd: unsorted or repeated
    /// times, NaN, curve types that are no type, Beziers cut short.
    fn timeline(r: &mut Rng) -> Timeline {
        let count = 1 + r.below(5) as usize;
        let mut frames = Vec::new();
        let mut time = r.unit() - 0.5;
        for _ in 0..count {
            frames.push(time as f32);
            frames.push((r.unit() * 20.0 - 10.0) as f32);
            time += match r.below(10) {
                0 => 0.0,
                1 => -0.3,
                _ => r.unit(),
            };
        }
        if r.below(20) == 0 {
            frames[2 * r.below(count as u64) as usize] = f32::NAN;
        }
        let mut t = Timeline {
            kind: K::Rotate(0),
            frames,
            curves: vec![0.0; count + count * BEZIER_SIZE],
        };
        for frame in 0..count {
            match r.below(8) {
                0 => t.curves[frame] = 1.0,
                1 | 2 => {}
                3 => t.curves[frame] = [2.5, -1.0, f32::NAN, 1e6][r.below(4) as usize],
                _ => {
                    let f = |k: usize| t.frames.get(k).map_or(0.0, |&v| f64::from(v));
                    let (t1, v1, t2, v2) = (
                        f(2 * frame),
                        f(2 * frame + 1),
                        f(2 * frame + 2),
                        f(2 * frame + 3),
                    );
                    let (cx1, cx2) = (t1 + (t2 - t1) * r.unit(), t1 + (t2 - t1) * r.unit());
                    let (cy1, cy2) = (r.unit() * 20.0 - 10.0, r.unit() * 20.0 - 10.0);
                    t.set_bezier(frame, frame, 0, t1, v1, cx1, cy1, cx2, cy2, t2, v2);
                }
            }
        }
        match r.below(6) {
            0 => t
                .curves
                .truncate(r.below(t.curves.len() as u64 + 1) as usize),
            1 => t.frames.pop().map_or((), drop),
            _ => {}
        }
        t
    }

    /// The fast path samples every timeline it takes exactly as the
    /// general path does.
    #[test]
    fn curve_value_agrees_with_the_general_path() {
        let mut r = Rng(0x9e37_79b9_7f4a_7c15);
        let mut fast = 0;
        for _ in 0..3000 {
            let t = timeline(&mut r);
            let Some(Step::Rotate { curve, .. }) = bone1(&t) else {
                continue;
            };
            fast += 1;
            let c = Curves {
                frames: &t.frames,
                curves: &t.curves,
                entries: 2,
            };
            let mut times: Vec<f64> = vec![f64::NAN, f64::INFINITY, f64::NEG_INFINITY];
            times.extend(t.frames.iter().map(|&v| f64::from(v)));
            times.extend(t.curves.iter().map(|&v| f64::from(v)));
            times.extend((0..40).map(|_| r.unit() * 4.0 - 1.5));
            for time in times {
                assert_eq!(
                    curve.before_first(time),
                    c.before_first(time),
                    "{t:?} at {time}"
                );
                if !c.before_first(time) {
                    let (a, b) = (curve.value(time), c.curve_value(time));
                    assert_eq!(a.to_bits(), b.to_bits(), "{t:?} at {time}: {a} != {b}");
                }
            }
        }
        assert!(fast > 1000, "only {fast} timelines on the fast path");
    }

    /// Timelines of odd shape take the general path.
    #[test]
    fn odd_shapes_are_general() {
        let t = |frames: Vec<f32>, curves: Vec<f32>| Timeline {
            kind: K::ShearY(0),
            frames,
            curves,
        };
        assert!(bone1(&t(vec![0.0], vec![1.0])).is_none());
        assert!(bone1(&t(vec![0.0, 1.0, 2.0], vec![1.0])).is_none());
        assert!(bone1(&t(vec![0.0, 1.0, 2.0, 3.0], vec![1.0])).is_none());
        assert!(bone1(&t(vec![0.0, 1.0, 2.0, 3.0], vec![2.5, 1.0])).is_none());
        assert!(bone1(&t(vec![0.0, 1.0, 2.0, 3.0], vec![4.0, 1.0, 0.0])).is_none());
        assert!(bone1(&t(vec![0.0, 1.0, 2.0, 3.0], vec![0.0, 1.0])).is_some());
    }
}
