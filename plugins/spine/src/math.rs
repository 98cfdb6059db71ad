//! spine-core's `MathUtils` constants and the double-precision functions the
//! runtime calls (`Math.cos`, …). `PI` is the runtime's float literal
//! 3.1415927, not `std::f64::consts::PI`, so "zero" terms are not exactly zero.

mod atan_table;
mod fdlibm;
mod lanes;
mod table;

pub use fdlibm::{atan2_fdlibm, sin_cos_fdlibm};

use lanes::Lanes;
use wide::f64x2;

/// `MathUtils.PI` (deliberately the runtime's float literal).
#[allow(clippy::approx_constant)]
pub const PI: f64 = 3.1415927;
/// `MathUtils.PI2`.
pub const PI2: f64 = PI * 2.0;
/// `MathUtils.degRad` = PI / 180.
pub const DEG_RAD: f64 = PI / 180.0;
/// `MathUtils.radDeg` = 180 / PI.
pub const RAD_DEG: f64 = 180.0 / PI;
/// `MathUtils.epsilon`.
pub const EPSILON: f64 = 0.00001;
/// `MathUtils.epsilon2`.
pub const EPSILON2: f64 = EPSILON * EPSILON;

/// `Math.cos`.
#[inline]
pub fn cos(x: f64) -> f64 {
    sin_cos(x).1
}

/// `Math.sin`.
#[inline]
pub fn sin(x: f64) -> f64 {
    sin_cos(x).0
}

/// `(Math.sin(x), Math.cos(x))` in one call, to within an ulp of each (of
/// the true values and of fdlibm's, which JavaScript engines ship; see
/// [`sin_cos_fdlibm`]). Up to π/4 these are fdlibm's kernels. For
/// `π/4 < |x| < 64` — every other angle a pose meets — the argument is
/// reduced to `r = x − k·π/32` (`|r| ≤ π/64`, `π/32` in three parts, the
/// first two exact when multiplied by `k`) and `sin x`, `cos x` come from the
/// sine and cosine of `k·π/32` (a table of double-doubles) and short
/// polynomials in `r`: no branch on the quadrant, shorter dependency chains
/// and about two thirds of fdlibm's instructions — the poser makes a few
/// hundred of these calls per pose. Larger and non-finite arguments go to
/// fdlibm. [`sin_cos2`] runs the same code on two lanes.
#[inline]
pub fn sin_cos(x: f64) -> (f64, f64) {
    if high_abs(x) <= 0x3fe9_21fb {
        // |x| ~<= π/4: fdlibm's kernels need no reduction (and are shorter).
        return by_kernels(x);
    }
    if x.abs() < 64.0 {
        return by_table(x);
    }
    sin_cos_fdlibm(x)
}

/// [`sin_cos`] of two arguments at once: the same bits as two calls
/// (tested); when both take the same path, in two-lane operations.
#[inline(always)]
pub fn sin_cos2(x: [f64; 2]) -> ([f64; 2], [f64; 2]) {
    let small = |x: f64| high_abs(x) <= 0x3fe9_21fb;
    let lanes = |(s, c): (f64x2, f64x2)| (s.to_array(), c.to_array());
    if small(x[0]) && small(x[1]) {
        return lanes(by_kernels(f64x2::new(x)));
    }
    let tabled = |x: f64| !small(x) && x.abs() < 64.0;
    if tabled(x[0]) && tabled(x[1]) {
        return lanes(by_table(f64x2::new(x)));
    }
    let ((s0, c0), (s1, c1)) = (sin_cos(x[0]), sin_cos(x[1]));
    ([s0, s1], [c0, c1])
}

/// fdlibm's `__kernel_sin` coefficients S1..S6, as written.
#[allow(clippy::excessive_precision)]
const KERNEL_S: [f64; 6] = [
    -1.66666666666666324348e-01,
    8.33333333332248946124e-03,
    -1.98412698298579493134e-04,
    2.75573137070700676789e-06,
    -2.50507602534068634195e-08,
    1.58969099521155010221e-10,
];

/// fdlibm's `__kernel_cos` coefficients C1..C6, as written.
#[allow(clippy::excessive_precision)]
const KERNEL_C: [f64; 6] = [
    4.16666666666666019037e-02,
    -1.38888888888741095749e-03,
    2.48015872894767294178e-05,
    -2.75573143513906633035e-07,
    2.08757232129817482790e-09,
    -1.13596475577881948265e-11,
];

/// The high word of `|x|`, as fdlibm tests sizes by it.
#[inline(always)]
fn high_abs(x: f64) -> u32 {
    ((x.to_bits() >> 32) as u32) & 0x7fff_ffff
}

/// `(kernel_sin(x, 0, false), kernel_cos(x, 0))` for `|x| <= π/4` in each
/// lane: the same arithmetic in the same order as the two kernels, so the
/// same bits (tested). `__kernel_cos`'s two ends are one expression: below
/// 0.3 its `1 − (z/2 − w)` is `(1 − qx) − ((z/2 − qx) − w)` with `qx = 0`,
/// the same bits, so the lanes do not branch; its `w = z·r − x·y` is `z·r`
/// here (`y = 0`, and `z·r` is not zero above 2^-27, below which the lane is
/// `(x, 1)` anyway).
#[inline(always)]
fn by_kernels<L: Lanes>(x: L) -> (L, L) {
    const S: [f64; 6] = KERNEL_S;
    const C: [f64; 6] = KERNEL_C;
    let k = L::splat;
    let z = x * x;
    // sin: S2 + z·(S3 + z·(S4 + z·(S5 + z·S6))); cos: the same shape one
    // step longer, C1 + z·(C2 + …).
    let (mut ps, mut pc) = (k(S[5]), k(C[5]));
    for i in (1..5).rev() {
        ps = k(S[i]) + z * ps;
        pc = k(C[i]) + z * pc;
    }
    let rc = z * (k(C[0]) + z * pc);
    let v = z * x;
    let sin = x + v * (k(S[0]) + z * ps);
    // fdlibm's qx by the high word of |x| — 0 below 0x3fd33333 (|x| < 0.3),
    // 0.28125 above 0x3fe90000, else |x|/4 with the low word cleared —
    // chosen without a branch: comparing |x| with the double whose high
    // word is the bound (and low word 0) compares the high words.
    let word = |high: u64| f64::from_bits(high << 32);
    let ax = x.abs();
    let quarter = ax.and_bits(0xffff_ffff_0000_0000) * k(0.25);
    let qx = ax.select_ge(word(0x3fe9_0001), k(0.28125), quarter);
    let qx = ax.select_lt(word(0x3fd3_3333), k(0.0), qx);
    let hz = k(0.5) * z - qx;
    let a = k(1.0) - qx;
    let cos = a - (hz - z * rc);
    // |x| < 2^-27 (high word below 0x3e400000): x and 1.
    let tiny = word(0x3e40_0000);
    (ax.select_lt(tiny, x, sin), ax.select_lt(tiny, k(1.0), cos))
}

/// The table path of [`sin_cos`], for `π/4 < |x| < 64` in each lane.
#[inline(always)]
fn by_table<L: Lanes>(x: L) -> (L, L) {
    /// 1.5·2^52: adding it rounds a double below 2^51 to an integer, held in
    /// the low bits of the sum.
    const ROUND: f64 = 6_755_399_441_055_744.0;
    // Taylor coefficients: with |r| ≤ π/64 the first term left out is below
    // 10^-19 of the result.
    const S3: f64 = -1.0 / 6.0;
    const S5: f64 = 1.0 / 120.0;
    const S7: f64 = -1.0 / 5040.0;
    const S9: f64 = 1.0 / 362_880.0;
    const C2: f64 = -0.5;
    const C4: f64 = 1.0 / 24.0;
    const C6: f64 = -1.0 / 720.0;
    const C8: f64 = 1.0 / 40320.0;
    let k = L::splat;
    let t = x * k(table::INV_PI_32) + k(ROUND);
    let kf = t - k(ROUND);
    // x − k·P1 and k·P2 are exact; e is what rounding a − b dropped, less
    // k·P3: r + e is x − k·π/32 to about 2^-100.
    let a = x - kf * k(table::PI_32_1);
    let b = kf * k(table::PI_32_2);
    let r = a - b;
    let e = ((a - r) - b) - kf * k(table::PI_32_3);
    let z = r * r;
    // sin r − r and cos r − 1.
    let sm = r * z * (k(S3) + z * (k(S5) + z * (k(S7) + z * k(S9))));
    let cm = z * (k(C2) + z * (k(C4) + z * (k(C6) + z * k(C8))));
    let entry = |j: usize| t.map(|t| table::SIN_COS_PI_32[(t.to_bits() & 63) as usize][j]);
    let (s_hi, s_lo, c_hi, c_lo) = (entry(0), entry(1), entry(2), entry(3));
    // sin(u + r) = sin u + cos u·r + cos u·(sin r − r) + sin u·(cos r − 1),
    // the small terms first; cos likewise.
    let d = sm + e;
    let sin = s_hi + (s_lo + (c_hi * r + (c_hi * d + s_hi * cm)));
    let cos = c_hi + (c_lo - (s_hi * r + (s_hi * d - c_hi * cm)));
    (sin, cos)
}

/// `MathUtils.atan2Deg`.
#[inline]
pub fn atan2_deg(y: f64, x: f64) -> f64 {
    atan2(y, x) * RAD_DEG
}

// Taylor coefficients: with |δ| <= 2^-7 the first term left out is below
// 2^-66.
const ATAN_A3: f64 = -1.0 / 3.0;
const ATAN_A5: f64 = 1.0 / 5.0;
const ATAN_A7: f64 = -1.0 / 7.0;
// π/2 and π as hi (a multiple of 2^-51, like the table's) + lo.
#[allow(clippy::approx_constant)]
const ATAN_H: [f64; 2] = [1.5707963267948966, 6.123233995736766e-17];
#[allow(clippy::approx_constant)]
const ATAN_P: [f64; 2] = [3.141592653589793, 1.2246467991473532e-16];
// [Q hi, Q lo, s] for atan2 = Q + s·atan t, by (y < 0)·4 + (|y| > |x|)·2
// + (x < 0).
const ATAN_Q: [[f64; 3]; 8] = [
    [0.0, 0.0, 1.0],
    [ATAN_P[0], ATAN_P[1], -1.0],
    [ATAN_H[0], ATAN_H[1], -1.0],
    [ATAN_H[0], ATAN_H[1], 1.0],
    [-0.0, -0.0, -1.0],
    [-ATAN_P[0], -ATAN_P[1], 1.0],
    [-ATAN_H[0], -ATAN_H[1], 1.0],
    [-ATAN_H[0], -ATAN_H[1], -1.0],
];

/// [`atan2`] of two pairs `(y[k], x[k])` at once: the same bits as two calls
/// (tested), the arithmetic in two-lane operations and the table look-ups
/// lane by lane. Lanes with `0/0`, `∞/∞` or NaNs take the one-lane path.
#[inline]
pub fn atan2x2(y: [f64; 2], x: [f64; 2]) -> [f64; 2] {
    let (ax, ay) = (f64x2::new(x).abs(), f64x2::new(y).abs());
    let below = ay.simd_lt(ax);
    let t = below.bitselect(ay, ax) / below.bitselect(ax, ay);
    let ts = t.to_array();
    if ts[0].is_nan() || ts[1].is_nan() {
        return [atan2(y[0], x[0]), atan2(y[1], x[1])];
    }
    let lanes = |e: [[f64; 3]; 2]| [0, 1, 2].map(|j| f64x2::new([e[0][j], e[1][j]]));
    let entry = lanes([atan_entry(ts[0]), atan_entry(ts[1])]);
    let octant = lanes([atan_octant(y[0], x[0]), atan_octant(y[1], x[1])]);
    atan_sum(t, entry, octant).to_array()
}

/// The table entry `[c, atan c hi, atan c lo]` next to `t` in `[0, 1]`:
/// entry 0 (c = 0) below 2^-7, else by the exponent and first five fraction
/// bits of t (t <= 1: at most entry 225).
#[inline(always)]
fn atan_entry(t: f64) -> [f64; 3] {
    let i = (t.to_bits() >> 47).saturating_sub((1016 << 5) - 1) as usize;
    atan_table::ATAN_C[i & 255]
}

/// `[Q hi, Q lo, s]` of the octant of `(x, y)`, for `atan2 = Q + s·atan t`.
#[inline(always)]
fn atan_octant(y: f64, x: f64) -> [f64; 3] {
    let swap = y.abs() > x.abs();
    ATAN_Q[((y.to_bits() >> 63) << 2 | u64::from(swap) << 1 | x.to_bits() >> 63) as usize]
}

/// `Q + s·(atan c + atan δ)` with `δ = (t − c)/(1 + c·t)`, in each lane.
#[inline(always)]
fn atan_sum<L: Lanes>(t: L, [c, hi, lo]: [L; 3], [qh, ql, s]: [L; 3]) -> L {
    let k = L::splat;
    // t − c is exact (same binade, c has seven significant bits).
    let delta = (t - c) / (k(1.0) + c * t);
    let z = delta * delta;
    let small = delta + delta * z * (k(ATAN_A3) + z * (k(ATAN_A5) + z * k(ATAN_A7)));
    // qh + s·hi is exact: both are multiples of 2^-51 and the sum is below 4.
    (qh + s * hi) + (ql + s * (lo + small))
}

/// `Math.atan2(y, x)` to within an ulp of fdlibm's (which JavaScript engines
/// ship; see [`atan2_fdlibm`]) and of the true value, in one branch-free
/// path: with `t = min(|x|, |y|) / max(|x|, |y|)` (fdlibm's `|y/x|` when
/// `|y| <= |x|`), `atan t = atan c + atan δ` for the table's centre `c` next to
/// `t` (32 per binade from 2^-7 to 1, or 0 below) and `δ = (t − c)/(1 + c·t)`
/// (`|δ| <= 2^-7`: four Taylor terms); then `±(atan c + atan δ)` is added to
/// the octant's multiple of π/2, the leading parts exactly, before the one
/// final rounding. No branch on the octant or on the size of `t` and a third
/// of fdlibm's polynomial — the poser makes about eighty of these calls per
/// pose. `0/0`, `∞/∞` and NaNs go to the C library (the other zeros and
/// infinities come out right: `t` is 0).
#[inline]
pub fn atan2(y: f64, x: f64) -> f64 {
    let (ax, ay) = (x.abs(), y.abs());
    let (n, d) = if ay < ax { (ay, ax) } else { (ax, ay) };
    let t = n / d;
    if t.is_nan() {
        return y.atan2(x);
    }
    atan_sum(t, atan_entry(t), atan_octant(y, x))
}

/// Whether two memo keys (bits) are equal: folded without a branch or a
/// call (`==` on arrays this long calls `bcmp`, which costs more than the
/// comparison).
#[inline(always)]
pub(crate) fn same_bits<const N: usize>(a: &[u64; N], b: &[u64; N]) -> bool {
    a.iter().zip(b).fold(0, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// The last result of a function of `N` numbers, by the numbers' bits: a
/// constraint whose inputs did not change since the last frame gets the
/// same result without recomputing it.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Memo<const N: usize, T> {
    key: Option<[u64; N]>,
    value: T,
}

impl<const N: usize, T: Default> Default for Memo<N, T> {
    fn default() -> Self {
        Memo {
            key: None,
            value: T::default(),
        }
    }
}

/// A cache is not state: every two memos compare equal.
impl<const N: usize, T> PartialEq for Memo<N, T> {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl<const N: usize, T: Copy> Memo<N, T> {
    /// `f()`, the function of `inputs`, from the memo when `inputs` are bit
    /// for bit the last.
    #[inline]
    pub(crate) fn get(&mut self, inputs: [f64; N], f: impl FnOnce() -> T) -> T {
        let key = inputs.map(f64::to_bits);
        if !self.key.as_ref().is_some_and(|k| same_bits(k, &key)) {
            *self = Memo {
                key: Some(key),
                value: f(),
            };
        }
        self.value
    }
}

/// `MathUtils.signum`.
pub fn signum(v: f64) -> f64 {
    if v > 0.0 {
        1.0
    } else if v < 0.0 {
        -1.0
    } else {
        0.0
    }
}

/// `Math.max` (NaN-propagating, unlike `f64::max`).
pub fn js_max(a: f64, b: f64) -> f64 {
    if a.is_nan() || b.is_nan() {
        f64::NAN
    } else if a > b || (a == 0.0 && b == 0.0 && b.is_sign_negative()) {
        a
    } else {
        b
    }
}

/// `Math.min` (NaN-propagating).
pub fn js_min(a: f64, b: f64) -> f64 {
    if a.is_nan() || b.is_nan() {
        f64::NAN
    } else if a < b || (a == 0.0 && b == 0.0 && a.is_sign_negative()) {
        a
    } else {
        b
    }
}

/// JavaScript's `p % d` (`fmod`), without the call when `|p| < d` (then it
/// is `p`, as it is for every `p` with an infinite `d`).
#[inline]
pub fn js_rem(p: f64, d: f64) -> f64 {
    if p.abs() < d {
        p
    } else {
        p % d
    }
}

/// `ToInt32` (what `x | 0` and `x >> n` do to a number first).
pub fn to_int32(v: f64) -> i32 {
    if !v.is_finite() {
        return 0;
    }
    (v.trunc().rem_euclid(4294967296.0) as u32) as i32
}

/// `Math.sign`.
pub fn js_sign(v: f64) -> f64 {
    if v > 0.0 {
        1.0
    } else if v < 0.0 {
        -1.0
    } else {
        v
    }
}

#[cfg(test)]
mod tests;
