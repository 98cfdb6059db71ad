//! The fast path of `Animation.apply` for bone timelines of one value
//! (rotate, translate x/y, scale x/y, shear x/y: nearly all the timelines of
//! a typical animation) and of two (translate, scale, shear).
//!
//! Why: the general path re-derives on every apply what a timeline's shape
//! fixes once — bounds, `NaN` indices, the curve type as a float, each
//! `f32` read. A [`Plan`] is built once per skeleton and animation, on the
//! first apply (the skeleton borrows its data, so a plan can never go
//! stale). It lists the animation's timelines in order, each either a
//! [`Step::Rotate`], [`Step::Bone1`] or [`Step::Bone2`] — each frame cut into
//! a stepped, linear or Bezier segment, the out-of-range reads
//! `getCurveValue` makes on the last frame (`NaN`) done in advance — or a
//! [`Step::General`], which goes through the general path. A timeline of odd
//! shape (a frame count that is no whole number of frames or is zero, a
//! curve type missing, a Bezier cut short by the curves array or at an index
//! that is no integer) is always general.
//!
//! Sharing: animators key whole poses at once, so many timelines have the
//! same frame times, and Bezier segments with the same time handles the
//! same sample times. The search for the frame and for the segment within
//! it, and the fraction `(time − x) / (x2 − x)` there, depend on those times
//! only, so the plan interns them — equal (bit for bit) frame-time arrays
//! into one key group, equal point times of a segment (on the same frame of
//! the same key group) into one x group — and [`Plan::search`] computes them
//! once per apply for each group; each step then only reads its values and
//! finishes the arithmetic. The fraction is the same double whichever
//! timeline computes it, so nothing changes by a bit.
//!
//! [`Plan::value1`] and [`Plan::value2`] must agree bit for bit with
//! [`Curves::curve_value`] and [`Curves::values`]: they make the same
//! comparisons (the first frame after `time`, the first Bezier sample at or
//! after it) and the same floating-point operations in the same order, on
//! the same numbers (an `f32` widens to `f64` exactly); only the reads were
//! done at build time and the shared part once per group. The tests below
//! compare them on random timelines that share times, odd ones included.
//! The mixing is the general path's own (`relative_mix`, `scale_mix`,
//! `before_first_key`, `bone::mix2`).

use super::{index, Curves};
use crate::spine::data::{Animation, Timeline, TimelineKind as K, BEZIER_SIZE};
use std::collections::hash_map::{Entry, HashMap};
use std::hash::{BuildHasherDefault, Hasher};

/// An animation's timelines, prepared for [`super::apply`]: one step per
/// timeline, in timeline order, and the groups of times they share.
#[derive(Debug, Clone)]
pub(crate) struct Plan {
    pub steps: Box<[Step]>,
    /// The key groups: the distinct frame-time arrays of the fast steps.
    keys: Box<[Keys]>,
    /// The x groups: the distinct point times of the fast steps' linear (2)
    /// and Bezier (11) segments, per key group and frame.
    xs: Box<[Box<[f64]>]>,
    /// Per key group, as [`Plan::search`] left it: the frame the time falls
    /// in, or [`BEFORE`].
    frames: Box<[usize]>,
    /// Per x group, as [`Plan::search`] left it when its frame is current:
    /// the segment the time falls in and the fraction of the way along it.
    spots: Box<[(usize, f64)]>,
}

/// The frame of a key group when the time is before its first frame.
const BEFORE: usize = usize::MAX;

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
    /// A two-value bone timeline, on the fast path.
    Bone2 {
        /// Bone index.
        bone: usize,
        /// The local values it sets.
        prop: Prop2,
        /// Its frames and curves.
        curve: Curve2,
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

/// The local values a [`Step::Bone2`] sets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Prop2 {
    Translate,
    Scale,
    Shear,
}

/// A one-value curve timeline's frames and curves, validated and widened.
#[derive(Debug, Clone)]
pub(crate) struct Curve1 {
    /// Its key group.
    keys: usize,
    /// Per frame: how its value is sampled up to the next frame.
    segs: Box<[Seg]>,
}

/// A two-value curve timeline's frames and curves, validated and widened.
#[derive(Debug, Clone)]
pub(crate) struct Curve2 {
    /// Its key group.
    keys: usize,
    /// Per frame: how its values are sampled up to the next frame.
    segs: Box<[Seg2]>,
}

/// A key group: frame times, and the x groups of the segments on each frame.
#[derive(Debug, Clone)]
struct Keys {
    /// The frame times (at least one).
    times: Box<[f64]>,
    /// Per frame: the x groups of the segments starting there.
    xs: Box<[Vec<usize>]>,
}

/// How a frame's value is sampled up to the next frame.
#[derive(Debug, Clone)]
enum Seg {
    /// Stepped: the frame's value.
    Stepped(f64),
    /// Linear or Bezier.
    Points(Points),
}

/// How a frame's two values are sampled up to the next frame.
#[derive(Debug, Clone)]
enum Seg2 {
    /// Stepped: the frame's values.
    Stepped([f64; 2]),
    /// Linear from the frame's values (`from`) to the next frame's (`from`
    /// + `rise`, the difference taken in advance); the times are x group `xs`.
    Linear {
        xs: usize,
        from: [f64; 2],
        rise: [f64; 2],
    },
    /// Each value on its own Bezier curve.
    Bezier([Points; 2]),
}

/// A linear (2 points) or Bezier (11 points: the frame's, the 9 stored
/// samples, the next frame's) segment: per piece between two points, the
/// first point's value and the rise to the second (`y2 − y`, taken in
/// advance: the same double); the points' times are x group `xs`.
#[derive(Debug, Clone)]
struct Points {
    xs: usize,
    rises: Box<[[f64; 2]]>,
}

impl Plan {
    /// The plan of `animation`.
    pub fn new(animation: &Animation) -> Plan {
        Plan::of(&animation.timelines)
    }

    /// The plan of these timelines.
    fn of(timelines: &[Timeline]) -> Plan {
        let mut b = Builder::default();
        let steps = timelines.iter().enumerate();
        let steps = steps
            .map(|(i, t)| b.step(t).unwrap_or(Step::General(i)))
            .collect();
        Plan {
            steps,
            frames: vec![BEFORE; b.keys.len()].into(),
            spots: vec![(0, f64::NAN); b.xs.len()].into(),
            keys: b.keys.into(),
            xs: b.xs.into(),
        }
    }

    /// Searches every key group at `time` and, on the frame found, every x
    /// group: what [`Plan::value1`] and [`Plan::value2`] then read.
    pub fn search(&mut self, time: f64) {
        let Plan {
            keys,
            xs,
            frames,
            spots,
            ..
        } = self;
        for (k, frame) in keys.iter().zip(frames.iter_mut()) {
            *frame = k.frame(time);
            for &x in k.xs.get(*frame).map_or(&[][..], |v| v) {
                spots[x] = spot(&xs[x], time);
            }
        }
    }

    /// [`Curves::curve_value`] of `curve` at the time of the last
    /// [`Plan::search`], or `None` before its first frame (`beforeFirstKey`).
    #[inline(always)]
    pub fn value1(&self, curve: &Curve1) -> Option<f64> {
        Some(match curve.segs.get(self.frames[curve.keys])? {
            Seg::Stepped(v) => *v,
            Seg::Points(p) => p.value(&self.spots),
        })
    }

    /// [`Curves::values`] of `curve` at the time of the last
    /// [`Plan::search`], or `None` before its first frame.
    #[inline(always)]
    pub fn value2(&self, curve: &Curve2) -> Option<[f64; 2]> {
        Some(match curve.segs.get(self.frames[curve.keys])? {
            Seg2::Stepped(v) => *v,
            Seg2::Linear { xs, from, rise } => {
                let t = self.spots[*xs].1;
                [from[0] + rise[0] * t, from[1] + rise[1] * t]
            }
            Seg2::Bezier([x, y]) => [x.value(&self.spots), y.value(&self.spots)],
        })
    }
}

impl Keys {
    /// The frame `time` falls in: the frame before the first frame after
    /// `time`, else the last; [`BEFORE`] before the first.
    fn frame(&self, time: f64) -> usize {
        let times = &self.times;
        if time < times[0] {
            return BEFORE;
        }
        let after = times.iter().skip(1).position(|&t| t > time);
        after.unwrap_or(times.len() - 1)
    }
}

/// The segment of the points at times `xs` that `time` falls in — before
/// the second point, else up to the first inner point at or after `time`,
/// else the last (`getBezierValue`; a linear segment has only one) — and
/// `(time − x) / (x2 − x)` on it.
#[inline(always)]
fn spot(xs: &[f64], time: f64) -> (usize, f64) {
    let last = xs.len() - 2;
    let k = if xs[1] > time {
        0
    } else {
        (1..last).find(|&k| xs[k + 1] >= time).unwrap_or(last)
    };
    (k, (time - xs[k]) / (xs[k + 1] - xs[k]))
}

impl Points {
    /// `y + (time − x) / (x2 − x) × (y2 − y)` on the segment the time falls
    /// in, as `getCurveValue` and `getBezierValue` sample, the fraction from
    /// `spots`.
    #[inline(always)]
    fn value(&self, spots: &[(usize, f64)]) -> f64 {
        let (k, f) = spots[self.xs];
        let [y, rise] = self.rises[k];
        y + f * rise
    }
}

/// The groups being interned while a [`Plan`] is built (keyed by the
/// times' bits).
#[derive(Default)]
struct Builder {
    keys: Vec<Keys>,
    key_ids: Interner<Box<[u64]>>,
    /// The bits of the frame times being looked up.
    scratch: Vec<u64>,
    xs: Vec<Box<[f64]>>,
    /// By key group, frame and point times (their count, then the times,
    /// padded with zeros).
    x_ids: Interner<(usize, usize, usize, [u64; BEZIER_POINTS])>,
}

/// Group ids by key, hashed with [`Fold`].
type Interner<K> = HashMap<K, usize, BuildHasherDefault<Fold>>;

/// A cheap multiply-rotate hash for interning numbers of our own: std's
/// SipHash, built against flooding, was much of a plan's build time.
#[derive(Default)]
struct Fold(u64);

impl Hasher for Fold {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for c in bytes.chunks(8) {
            let mut word = [0; 8];
            word[..c.len()].copy_from_slice(c);
            self.write_u64(u64::from_le_bytes(word));
        }
    }

    fn write_u64(&mut self, v: u64) {
        self.0 = (self.0.rotate_left(5) ^ v).wrapping_mul(0x517c_c1b7_2722_0a95);
    }

    fn write_usize(&mut self, v: usize) {
        self.write_u64(v as u64);
    }
}

/// A segment read from a timeline, before interning: stepped (the value),
/// linear or Bezier (the points).
enum Raw {
    Stepped(f64),
    Linear([[f64; 2]; 2]),
    Bezier([[f64; 2]; BEZIER_POINTS]),
}

impl Builder {
    /// `t` as a fast step, or `None` when it takes the general path.
    fn step(&mut self, t: &Timeline) -> Option<Step> {
        let (bone, prop) = match t.kind {
            K::Rotate(b) => (b, Prop::Rotation),
            K::TranslateX(b) => (b, Prop::X),
            K::TranslateY(b) => (b, Prop::Y),
            K::ScaleX(b) => (b, Prop::ScaleX),
            K::ScaleY(b) => (b, Prop::ScaleY),
            K::ShearX(b) => (b, Prop::ShearX),
            K::ShearY(b) => (b, Prop::ShearY),
            K::Translate(b) => return self.bone2(t, b, Prop2::Translate),
            K::Scale(b) => return self.bone2(t, b, Prop2::Scale),
            K::Shear(b) => return self.bone2(t, b, Prop2::Shear),
            _ => return None,
        };
        let frames = frame_count(t, 2)?;
        // (A timeline found odd on a later frame leaves groups no step
        // reads: harmless.)
        let keys = self.keys(t, 2);
        let segs = (0..frames)
            .map(|frame| {
                Some(match segment(t, 2, frame, 1)? {
                    Raw::Stepped(v) => Seg::Stepped(v),
                    Raw::Linear(p) => Seg::Points(self.points(keys, frame, &p)),
                    Raw::Bezier(p) => Seg::Points(self.points(keys, frame, &p)),
                })
            })
            .collect::<Option<_>>()?;
        let curve = Curve1 { keys, segs };
        Some(match prop {
            Prop::Rotation => Step::Rotate { bone, curve },
            _ => Step::Bone1 { bone, prop, curve },
        })
    }

    /// A two-value timeline as a [`Step::Bone2`], or `None`.
    fn bone2(&mut self, t: &Timeline, bone: usize, prop: Prop2) -> Option<Step> {
        let frames = frame_count(t, 3)?;
        let keys = self.keys(t, 3);
        let segs = (0..frames)
            .map(|frame| {
                let x = segment(t, 3, frame, 1)?;
                Some(match [x, segment(t, 3, frame, 2)?] {
                    [Raw::Stepped(x), Raw::Stepped(y)] => Seg2::Stepped([x, y]),
                    [Raw::Linear(x), Raw::Linear(y)] => Seg2::Linear {
                        xs: self.xs(keys, frame, &x),
                        from: [x[0][1], y[0][1]],
                        rise: [x[1][1] - x[0][1], y[1][1] - y[0][1]],
                    },
                    [Raw::Bezier(x), Raw::Bezier(y)] => {
                        Seg2::Bezier([self.points(keys, frame, &x), self.points(keys, frame, &y)])
                    }
                    _ => unreachable!("both values of a frame share its curve type"),
                })
            })
            .collect::<Option<_>>()?;
        let curve = Curve2 { keys, segs };
        Some(Step::Bone2 { bone, prop, curve })
    }

    /// The key group of `t`'s frame times (`entries` numbers a frame).
    fn keys(&mut self, t: &Timeline, entries: usize) -> usize {
        let times = t.frames.iter().step_by(entries);
        let bits = &mut self.scratch;
        bits.clear();
        bits.extend(times.map(|&v| f64::from(v).to_bits()));
        if let Some(&id) = self.key_ids.get(&bits[..]) {
            return id;
        }
        let times = bits.iter().map(|&b| f64::from_bits(b)).collect();
        let xs = vec![Vec::new(); bits.len()].into();
        self.keys.push(Keys { times, xs });
        self.key_ids.insert(bits[..].into(), self.keys.len() - 1);
        self.keys.len() - 1
    }

    /// The x group of points `p` on `frame` of key group `keys`.
    fn xs(&mut self, keys: usize, frame: usize, p: &[[f64; 2]]) -> usize {
        let mut bits = [0; BEZIER_POINTS];
        for (b, p) in bits.iter_mut().zip(p) {
            *b = p[0].to_bits();
        }
        match self.x_ids.entry((keys, frame, p.len(), bits)) {
            Entry::Occupied(e) => *e.get(),
            Entry::Vacant(e) => {
                let n = self.xs.len();
                self.xs.push(p.iter().map(|p| p[0]).collect());
                self.keys[keys].xs[frame].push(n);
                *e.insert(n)
            }
        }
    }

    /// Points `p` on `frame` of key group `keys`, their times interned.
    fn points(&mut self, keys: usize, frame: usize, p: &[[f64; 2]]) -> Points {
        let xs = self.xs(keys, frame, p);
        let rises = p.windows(2).map(|w| [w[0][1], w[1][1] - w[0][1]]);
        Points {
            xs,
            rises: rises.collect(),
        }
    }
}

/// The number of frames of `t` (`entries` numbers each), unless odd: none,
/// or not a whole number.
fn frame_count(t: &Timeline, entries: usize) -> Option<usize> {
    let n = t.frames.len();
    (n >= entries && n.is_multiple_of(entries)).then_some(n / entries)
}

/// The segment of value `value` (1 or 2) of `frame` in `t` (`entries`
/// numbers a frame), or `None` when the general path must sample it.
fn segment(t: &Timeline, entries: usize, frame: usize, value: usize) -> Option<Raw> {
    let c = Curves {
        frames: &t.frames,
        curves: &t.curves,
        entries,
    };
    let (i, e, v) = ((entries * frame) as isize, entries as isize, value as isize);
    // `f` reads NaN past the end, as `getCurveValue` does on the last frame.
    let key = [c.f(i), c.f(i + v)];
    let next = [c.f(i + e), c.f(i + e + v)];
    let ct = f64::from(*t.curves.get(frame)?);
    Some(if ct == 0.0 {
        Raw::Linear([key, next])
    } else if ct == 1.0 {
        Raw::Stepped(key[1])
    } else {
        // As `values` computes the index (`ct - 2.0` for the first value).
        let at = index(ct + (BEZIER_SIZE * (value - 1)) as f64 - 2.0)?;
        let samples = t.curves.get(at..at.checked_add(BEZIER_SIZE)?)?;
        let mut points = [key; BEZIER_POINTS];
        for (p, s) in points[1..].iter_mut().zip(samples.chunks_exact(2)) {
            *p = [f64::from(s[0]), f64::from(s[1])];
        }
        points[BEZIER_POINTS - 1] = next;
        Raw::Bezier(points)
    })
}

#[cfg(test)]
#[path = "plan_tests.rs"]
mod tests;
