//! `Lanes`: one `f64` or two (`wide::f64x2`, packed operations on SSE2 and
//! NEON, plain ones elsewhere), so that the same arithmetic is written once
//! for both. Each lane of an operation is the scalar IEEE operation (no fused
//! multiply-add), so one lane and two give the same bits.

use std::ops::{Add, Div, Mul, Sub};
use wide::f64x2;

/// One `f64` or two, with the operations the trigonometry needs.
pub(crate) trait Lanes:
    Copy + Add<Output = Self> + Sub<Output = Self> + Mul<Output = Self> + Div<Output = Self>
{
    /// `v` in every lane.
    fn splat(v: f64) -> Self;
    /// `f` lane by lane.
    fn map(self, f: impl Fn(f64) -> f64) -> Self;
    /// `|self|`.
    fn abs(self) -> Self;
    /// Each lane's bits and `mask`.
    fn and_bits(self, mask: u64) -> Self;
    /// Lane by lane, `yes` where `self < bound`, else `no` (no branch on
    /// two lanes).
    fn select_lt(self, bound: f64, yes: Self, no: Self) -> Self;
    /// Lane by lane, `yes` where `self >= bound`, else `no`.
    fn select_ge(self, bound: f64, yes: Self, no: Self) -> Self;
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
    fn abs(self) -> f64 {
        f64::abs(self)
    }

    #[inline(always)]
    fn and_bits(self, mask: u64) -> f64 {
        f64::from_bits(self.to_bits() & mask)
    }

    #[inline(always)]
    fn select_lt(self, bound: f64, yes: f64, no: f64) -> f64 {
        if self < bound {
            yes
        } else {
            no
        }
    }

    #[inline(always)]
    fn select_ge(self, bound: f64, yes: f64, no: f64) -> f64 {
        if self >= bound {
            yes
        } else {
            no
        }
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
    fn abs(self) -> f64x2 {
        f64x2::abs(self)
    }

    #[inline(always)]
    fn and_bits(self, mask: u64) -> f64x2 {
        self & f64x2::splat(f64::from_bits(mask))
    }

    #[inline(always)]
    fn select_lt(self, bound: f64, yes: f64x2, no: f64x2) -> f64x2 {
        self.simd_lt(f64x2::splat(bound)).bitselect(yes, no)
    }

    #[inline(always)]
    fn select_ge(self, bound: f64, yes: f64x2, no: f64x2) -> f64x2 {
        self.simd_ge(f64x2::splat(bound)).bitselect(yes, no)
    }
}
