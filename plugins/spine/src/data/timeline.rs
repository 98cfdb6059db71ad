//! Animations and their timelines, stored as spine-core stores them: a
//! `Float32Array` of frames (`entries` numbers per frame: the time, then the
//! values) and, for curve timelines, a `Float32Array` of curves — one type per
//! frame (0 linear, 1 stepped, `2 + i` Bezier starting at `curves[i]`) followed
//! by 18 numbers (9 x,y samples) per Bezier, filled by `CurveTimeline.setBezier`
//! (or `DeformTimeline.setBezier`). [`Timeline::bezier_value`] is the runtime's
//! `getBezierValue` so a later `apply` can sample them.

use super::Inherit;

/// Numbers per Bezier in `curves`: 9 (x, y) samples.
pub const BEZIER_SIZE: usize = 18;

/// How a frame interpolates to the next.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CurveType {
    /// Linear.
    Linear,
    /// Hold.
    Stepped,
    /// Bezier samples start at this index of `curves`.
    Bezier(usize),
}

/// A keyed event (`Event`).
#[derive(Debug, Clone, PartialEq)]
pub struct Event {
    /// Key time (`Math.fround`ed).
    pub time: f64,
    /// Index into `SkeletonData::events`.
    pub data: usize,
    /// Int value.
    pub int_value: f64,
    /// Float value.
    pub float_value: f64,
    /// String value (`None`: `null`).
    pub string_value: Option<String>,
    /// Volume (read only when the event has audio).
    pub volume: f64,
    /// Balance (read only when the event has audio; defaults to the setup volume).
    pub balance: f64,
}

/// The physics pose value a physics timeline sets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PhysicsValue {
    /// Inertia.
    Inertia,
    /// Strength.
    Strength,
    /// Damping.
    Damping,
    /// Mass (stored as given; applied as its inverse).
    Mass,
    /// Wind.
    Wind,
    /// Gravity.
    Gravity,
    /// Mix.
    Mix,
}

impl PhysicsValue {
    /// Its index in [`crate::data::PhysicsData::globals`] (inertia,
    /// strength, damping, mass, wind, gravity, mix).
    pub fn global_index(self) -> usize {
        match self {
            PhysicsValue::Inertia => 0,
            PhysicsValue::Strength => 1,
            PhysicsValue::Damping => 2,
            PhysicsValue::Mass => 3,
            PhysicsValue::Wind => 4,
            PhysicsValue::Gravity => 5,
            PhysicsValue::Mix => 6,
        }
    }
}

/// What a timeline animates, with its per-frame data that is not a number.
#[derive(Debug, Clone, PartialEq)]
pub enum TimelineKind {
    /// Bone rotation (relative).
    Rotate(usize),
    /// Bone x, y.
    Translate(usize),
    /// Bone x.
    TranslateX(usize),
    /// Bone y.
    TranslateY(usize),
    /// Bone scale x, y (multiplicative).
    Scale(usize),
    /// Bone scale x.
    ScaleX(usize),
    /// Bone scale y.
    ScaleY(usize),
    /// Bone shear x, y.
    Shear(usize),
    /// Bone shear x.
    ShearX(usize),
    /// Bone shear y.
    ShearY(usize),
    /// Bone inherit mode per frame (`None`: unresolved name, NaN in `frames`).
    Inherit(usize, Vec<Option<Inherit>>),
    /// Slot attachment placeholder per frame.
    Attachment(usize, Vec<Option<String>>),
    /// Slot r, g, b, a.
    Rgba(usize),
    /// Slot r, g, b.
    Rgb(usize),
    /// Slot alpha.
    Alpha(usize),
    /// Slot r, g, b, a, r2, g2, b2.
    Rgba2(usize),
    /// Slot r, g, b, r2, g2, b2.
    Rgb2(usize),
    /// Deform of an attachment in a slot: the vertices of each frame.
    Deform {
        /// Slot index.
        slot: usize,
        /// Attachment index.
        attachment: usize,
        /// Per frame: absolute vertices (unweighted) or offsets (weighted);
        /// `None` for frames after a falsy key ended the reading early
        /// (`undefined` in the runtime).
        vertices: Vec<Option<Vec<f32>>>,
    },
    /// Sequence frames of an attachment in a slot (time, mode | index << 4, delay).
    Sequence {
        /// Slot index.
        slot: usize,
        /// Attachment index.
        attachment: usize,
        /// Per frame: the mode name resolved (`None`: unknown, acts as hold).
        modes: Vec<Option<u8>>,
    },
    /// Events.
    Event(Vec<Event>),
    /// Draw order per frame (`None`: setup order); slot indices in draw order.
    DrawOrder(Vec<Option<Vec<Option<usize>>>>),
    /// Draw order of a folder of slots.
    DrawOrderFolder {
        /// The folder's slot indices, in setup order.
        slots: Vec<usize>,
        /// Per frame: indices into `slots` in draw order, or `None` for setup.
        orders: Vec<Option<Vec<Option<usize>>>>,
    },
    /// IK mix, softness, bend direction, compress, stretch.
    Ik(usize),
    /// Transform constraint mixes (6).
    Transform(usize),
    /// Path position.
    PathPosition(usize),
    /// Path spacing.
    PathSpacing(usize),
    /// Path mixRotate, mixX, mixY.
    PathMix(usize),
    /// A physics pose value; `None` = every constraint with the global flag.
    Physics(Option<usize>, PhysicsValue),
    /// Physics reset; `None` = all.
    PhysicsReset(Option<usize>),
    /// Slider time.
    Slider(usize),
    /// Slider mix.
    SliderMix(usize),
}

/// One timeline.
#[derive(Debug, Clone, PartialEq)]
pub struct Timeline {
    /// What it animates.
    pub kind: TimelineKind,
    /// `Float32Array` of frames, `entries()` numbers per frame.
    pub frames: Vec<f32>,
    /// `Float32Array` of curve types and Bezier samples (empty for timelines
    /// without curves).
    pub curves: Vec<f32>,
}

impl Timeline {
    /// `getFrameEntries()`.
    #[inline]
    pub fn entries(&self) -> usize {
        use TimelineKind as K;
        match self.kind {
            K::Rotate(_) | K::TranslateX(_) | K::TranslateY(_) | K::ScaleX(_) | K::ScaleY(_) => 2,
            K::ShearX(_) | K::ShearY(_) | K::Alpha(_) | K::PathPosition(_) | K::PathSpacing(_) => 2,
            K::Physics(..) | K::Slider(_) | K::SliderMix(_) | K::Inherit(..) => 2,
            K::Translate(_) | K::Scale(_) | K::Shear(_) | K::Sequence { .. } => 3,
            K::Rgba(_) => 5,
            K::Rgb(_) | K::PathMix(_) => 4,
            K::Rgba2(_) => 8,
            K::Rgb2(_) | K::Transform(_) => 7,
            K::Ik(_) => 6,
            K::Attachment(..) | K::Deform { .. } | K::Event(_) | K::DrawOrder(_) => 1,
            K::DrawOrderFolder { .. } | K::PhysicsReset(_) => 1,
        }
    }

    /// `getFrameCount()`.
    pub fn frame_count(&self) -> usize {
        self.frames.len() / self.entries()
    }

    /// `getDuration()`: the time of the last frame (`NaN` for no frames).
    pub fn duration(&self) -> f64 {
        let n = self.frames.len();
        let e = self.entries();
        if n < e {
            return f64::NAN;
        }
        f64::from(self.frames[n - e])
    }

    /// The interpolation from `frame` to the next (curve timelines only).
    pub fn curve_type(&self, frame: usize) -> Option<CurveType> {
        let c = *self.curves.get(frame)?;
        Some(match c {
            0.0 => CurveType::Linear,
            1.0 => CurveType::Stepped,
            c => CurveType::Bezier((c - 2.0) as usize),
        })
    }

    /// `CurveTimeline.getBezierValue(time, frameIndex, valueOffset, i)`:
    /// linear interpolation key → the 9 samples → next key.
    pub fn bezier_value(
        &self,
        time: f64,
        frame_index: usize,
        value_offset: usize,
        i: usize,
    ) -> f64 {
        let c = |k: usize| self.curves.get(k).map_or(f64::NAN, |&v| f64::from(v));
        let f = |k: usize| self.frames.get(k).map_or(f64::NAN, |&v| f64::from(v));
        if c(i) > time {
            let (x, y) = (f(frame_index), f(frame_index + value_offset));
            return y + (time - x) / (c(i) - x) * (c(i + 1) - y);
        }
        let n = i + BEZIER_SIZE;
        let mut k = i + 2;
        while k < n {
            if c(k) >= time {
                let (x, y) = (c(k - 2), c(k - 1));
                return y + (time - x) / (c(k) - x) * (c(k + 1) - y);
            }
            k += 2;
        }
        let next = frame_index + self.entries();
        let (x, y) = (c(n - 2), c(n - 1));
        y + (time - x) / (f(next) - x) * (f(next + value_offset) - y)
    }

    /// `CurveTimeline.setBezier` (or `DeformTimeline.setBezier`, whose values
    /// go from 0 to 1).
    #[allow(clippy::too_many_arguments)]
    pub fn set_bezier(
        &mut self,
        bezier: usize,
        frame: usize,
        value: usize,
        time1: f64,
        value1: f64,
        cx1: f64,
        cy1: f64,
        cx2: f64,
        cy2: f64,
        time2: f64,
        value2: f64,
    ) {
        let deform = matches!(self.kind, TimelineKind::Deform { .. });
        let mut i = self.frame_count() + bezier * BEZIER_SIZE;
        if value == 0 {
            set(&mut self.curves, frame, (2 + i) as f64);
        }
        let tmpx = (time1 - cx1 * 2.0 + cx2) * 0.03;
        let dddx = ((cx1 - cx2) * 3.0 - time1 + time2) * 0.006;
        let mut ddx = tmpx * 2.0 + dddx;
        let mut dx = (cx1 - time1) * 0.3 + tmpx + dddx * 0.16666667;
        let mut x = time1 + dx;
        let (tmpy, dddy, mut dy, mut y);
        if deform {
            tmpy = cy2 * 0.03 - cy1 * 0.06;
            dddy = (cy1 - cy2 + 0.33333333) * 0.018;
            dy = cy1 * 0.3 + tmpy + dddy * 0.16666667;
            y = dy;
        } else {
            tmpy = (value1 - cy1 * 2.0 + cy2) * 0.03;
            dddy = ((cy1 - cy2) * 3.0 - value1 + value2) * 0.006;
            dy = (cy1 - value1) * 0.3 + tmpy + dddy * 0.16666667;
            y = value1 + dy;
        }
        let mut ddy = tmpy * 2.0 + dddy;
        let n = i + BEZIER_SIZE;
        while i < n {
            set(&mut self.curves, i, x);
            set(&mut self.curves, i + 1, y);
            dx += ddx;
            dy += ddy;
            ddx += dddx;
            ddy += dddy;
            x += dx;
            y += dy;
            i += 2;
        }
    }

    /// `CurveTimeline.shrink(bezierCount)`.
    pub fn shrink(&mut self, bezier_count: usize) {
        let size = self.frame_count() + bezier_count * BEZIER_SIZE;
        if self.curves.len() > size {
            self.curves.truncate(size);
        }
    }
}

/// A typed-array store: writes past the end are ignored, as in JavaScript.
fn set(a: &mut [f32], i: usize, v: f64) {
    if let Some(slot) = a.get_mut(i) {
        *slot = v as f32;
    }
}

/// `Animation`.
#[derive(Debug, Clone, PartialEq)]
pub struct Animation {
    /// Name.
    pub name: String,
    /// Timelines in creation order.
    pub timelines: Vec<Timeline>,
    /// `max(0, each timeline's duration)` with `Math.max` (so `NaN` wins).
    pub duration: f64,
    /// The bone of every bone timeline, in timeline order — duplicates
    /// included, as the runtime builds it (its `Set.add` test is always true).
    pub bones: Vec<usize>,
    /// Nonessential color (`None`: not given, white).
    pub color: Option<super::Color>,
}
