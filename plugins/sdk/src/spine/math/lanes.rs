//! `Lanes`: one `f64` or two (`wide::f64x2`, packed operations on SSE2 and
//! NEON, plain ones elsewhere), so that the same arithmetic is written once
//! for both. Each lane of an operation is the scalar IEEE operation (no fused
//! multiply-add), so one lane and two give the same bits.

use std::ops::{Add, Mul, Sub};
use wide::f64x2;

/// One `f64` or two, with the operations the trigonometry needs.
pub(crate) trait Lanes:
    Copy + Add<Output = Self> + Sub<Output = Self> + Mul<Output = Self>
{
    /// `v` in every lane.
    fn splat(v: f64) -> Self;
    /// `f` lane by lane.
    fn map(self, f: impl Fn(f64) -> f64) -> Self;
    /// `f` lane by lane over two vectors.
    fn zip(self, other: Self, f: impl Fn(f64, f64) -> f64) -> Self;
}

impl Lanes for f64 {
    #[inline(always)]
    fn splat(v: f64) -> f64 {
        v
    }

    #[inline(always)]
    fn map(self, f: impl Fn(f64) -> f64) -> f64 {
        f(self)
    }

    #[inline(always)]
    fn zip(self, other: f64, f: impl Fn(f64, f64) -> f64) -> f64 {
        f(self, other)
    }
}

impl Lanes for f64x2 {
    #[inline(always)]
    fn splat(v: f64) -> f64x2 {
        f64x2::splat(v)
    }

    #[inline(always)]
    fn map(self, f: impl Fn(f64) -> f64) -> f64x2 {
        f64x2::new(self.to_array().map(f))
    }

    #[inline(always)]
    fn zip(self, other: f64x2, f: impl Fn(f64, f64) -> f64) -> f64x2 {
        let (a, b) = (self.to_array(), other.to_array());
        f64x2::new([f(a[0], b[0]), f(a[1], b[1])])
    }
}
