//! spine-core's `MathUtils` constants and the double-precision functions the
//! runtime calls (`Math.cos`, …). `PI` is the runtime's float literal
//! 3.1415927, not `std::f64::consts::PI`, so "zero" terms are not exactly zero.

mod atan_table;
mod lanes;
mod table;

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
    let ix = high_abs(x);
    if ix <= 0x3fe9_21fb {
        // |x| ~<= π/4: fdlibm's kernels need no reduction (and are shorter).
        return kernels_side_by_side(x, ix);
    }
    if x.abs() < 64.0 {
        return by_table(x);
    }
    sin_cos_fdlibm(x)
}

/// [`sin_cos`] of two arguments at once: the same bits as two calls
/// (tested); when both take the same path, in two-lane operations.
#[inline]
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
#[allow(clippy::excessive_precision)] // fdlibm's literals, as written
fn by_kernels<L: Lanes>(x: L) -> (L, L) {
    const S: [f64; 6] = [
        -1.66666666666666324348e-01,
        8.33333333332248946124e-03,
        -1.98412698298579493134e-04,
        2.75573137070700676789e-06,
        -2.50507602534068634195e-08,
        1.58969099521155010221e-10,
    ];
    const C: [f64; 6] = [
        4.16666666666666019037e-02,
        -1.38888888888741095749e-03,
        2.48015872894767294178e-05,
        -2.75573143513906633035e-07,
        2.08757232129817482790e-09,
        -1.13596475577881948265e-11,
    ];
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
    let qx = x.map(|x| {
        let ix = high_abs(x);
        if ix < 0x3fd3_3333 {
            0.0 // |x| < 0.3
        } else if ix > 0x3fe9_0000 {
            0.28125
        } else {
            f64::from_bits(u64::from(ix.wrapping_sub(0x0020_0000)) << 32) // |x| / 4
        }
    });
    let hz = k(0.5) * z - qx;
    let a = k(1.0) - qx;
    let cos = a - (hz - z * rc);
    // |x| < 2^-27: x and 1.
    let tiny = |x: f64| high_abs(x) < 0x3e40_0000;
    (
        x.zip(sin, |x, s| if tiny(x) { x } else { s }),
        x.zip(cos, |x, c| if tiny(x) { 1.0 } else { c }),
    )
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

/// fdlibm's `sin` and `cos` (as JavaScript engines have long shipped them):
/// the argument reduced by π/2 in two or three parts (Cody–Waite, to 85, 118
/// or 151 bits), then the kernel polynomials on `[-π/4, π/4]`. Each result is
/// within an ulp of the true value, like the C library's (the two agree to
/// an ulp); arguments beyond 2^19·π/2 and non-finite ones go to the C
/// library. [`sin_cos`] uses it past 64 and the tests hold [`sin_cos`] to it.
pub fn sin_cos_fdlibm(x: f64) -> (f64, f64) {
    let hx = (x.to_bits() >> 32) as u32;
    let ix = hx & 0x7fff_ffff;
    if ix <= 0x3fe9_21fb {
        // |x| ~<= π/4.
        return (kernel_sin(x, 0.0, false), kernel_cos(x, 0.0));
    }
    if ix > 0x4139_21fb {
        return x.sin_cos();
    }
    let (n, y0, y1) = rem_pio2(x, ix);
    let (s, c) = (kernel_sin(y0, y1, true), kernel_cos(y0, y1));
    match n & 3 {
        0 => (s, c),
        1 => (c, -s),
        2 => (-s, -c),
        _ => (-c, s),
    }
}

/// fdlibm's `__ieee754_rem_pio2` for π/4 < |x| <= 2^19·π/2: `x − n·π/2` as
/// `y0 + y1`.
#[inline]
#[allow(clippy::excessive_precision, clippy::approx_constant)] // fdlibm's literals, as written
fn rem_pio2(x: f64, ix: u32) -> (i32, f64, f64) {
    const INVPIO2: f64 = 6.36619772367581382433e-01;
    const PIO2_1: f64 = 1.57079632673412561417e+00;
    const PIO2_1T: f64 = 6.07710050650619224932e-11;
    const PIO2_2: f64 = 6.07710050630396597660e-11;
    const PIO2_2T: f64 = 2.02226624879595063154e-21;
    const PIO2_3: f64 = 2.02226624871116645580e-21;
    const PIO2_3T: f64 = 8.47842766036889956997e-32;
    let high = |v: f64| (v.to_bits() >> 32) as u32;
    let neg = x < 0.0;
    let t = x.abs();
    let n = (t * INVPIO2 + 0.5) as i32;
    let f = f64::from(n);
    let mut r = t - f * PIO2_1;
    let mut w = f * PIO2_1T; // good to 85 bits
    let mut y0 = r - w;
    let j = ix >> 20;
    if j.wrapping_sub((high(y0) >> 20) & 0x7ff) as i32 > 16 {
        // Cancellation: a second round, good to 118 bits.
        let t = r;
        w = f * PIO2_2;
        r = t - w;
        w = f * PIO2_2T - ((t - r) - w);
        y0 = r - w;
        if j.wrapping_sub((high(y0) >> 20) & 0x7ff) as i32 > 49 {
            // A third, good to 151 bits: covers every case.
            let t = r;
            w = f * PIO2_3;
            r = t - w;
            w = f * PIO2_3T - ((t - r) - w);
            y0 = r - w;
        }
    }
    let y1 = (r - y0) - w;
    if neg {
        (-n, -y0, -y1)
    } else {
        (n, y0, y1)
    }
}

/// `(kernel_sin(x, 0, false), kernel_cos(x, 0))` for `|x| <= π/4` (`ix`
/// the high word of `|x|`), their two Horner chains side by side so that the
/// compiler runs them as two-lane operations: each lane is the same
/// arithmetic in the same order, so the same bits as the two kernels. (The
/// one-lane [`sin_cos`] takes this, shorter for one lane than
/// [`by_kernels`], which serves [`sin_cos2`]: the two are held to the same
/// bits by the tests.)
#[inline]
#[allow(clippy::excessive_precision)] // fdlibm's literals, as written
fn kernels_side_by_side(x: f64, ix: u32) -> (f64, f64) {
    const S: [f64; 6] = [
        -1.66666666666666324348e-01,
        8.33333333332248946124e-03,
        -1.98412698298579493134e-04,
        2.75573137070700676789e-06,
        -2.50507602534068634195e-08,
        1.58969099521155010221e-10,
    ];
    const C: [f64; 6] = [
        4.16666666666666019037e-02,
        -1.38888888888741095749e-03,
        2.48015872894767294178e-05,
        -2.75573143513906633035e-07,
        2.08757232129817482790e-09,
        -1.13596475577881948265e-11,
    ];
    if ix < 0x3e40_0000 {
        // |x| < 2^-27.
        return (x, 1.0);
    }
    let z = x * x;
    // sin: S2 + z·(S3 + z·(S4 + z·(S5 + z·S6))); cos: the same shape one
    // step longer, C1 + z·(C2 + …).
    let mut p = [S[5], C[5]];
    for k in (1..5).rev() {
        p = [S[k] + z * p[0], C[k] + z * p[1]];
    }
    let (rs, rc) = (p[0], z * (C[0] + z * p[1]));
    let v = z * x;
    let sin = x + v * (S[0] + z * rs);
    (sin, cos_from(x, 0.0, ix, z, rc))
}

/// fdlibm's `__kernel_sin` on `[-π/4, π/4]` (`x + y`, `y` the tail when
/// `tail`).
#[inline]
#[allow(clippy::excessive_precision, clippy::approx_constant)] // fdlibm's literals, as written
fn kernel_sin(x: f64, y: f64, tail: bool) -> f64 {
    const S1: f64 = -1.66666666666666324348e-01;
    const S2: f64 = 8.33333333332248946124e-03;
    const S3: f64 = -1.98412698298579493134e-04;
    const S4: f64 = 2.75573137070700676789e-06;
    const S5: f64 = -2.50507602534068634195e-08;
    const S6: f64 = 1.58969099521155010221e-10;
    let ix = ((x.to_bits() >> 32) as u32) & 0x7fff_ffff;
    if ix < 0x3e40_0000 {
        // |x| < 2^-27.
        return x;
    }
    let z = x * x;
    let v = z * x;
    let r = S2 + z * (S3 + z * (S4 + z * (S5 + z * S6)));
    if tail {
        x - ((z * (0.5 * y - v * r) - y) - v * S1)
    } else {
        x + v * (S1 + z * r)
    }
}

/// fdlibm's `__kernel_cos` on `[-π/4, π/4]`.
#[inline]
#[allow(clippy::excessive_precision, clippy::approx_constant)] // fdlibm's literals, as written
fn kernel_cos(x: f64, y: f64) -> f64 {
    const C1: f64 = 4.16666666666666019037e-02;
    const C2: f64 = -1.38888888888741095749e-03;
    const C3: f64 = 2.48015872894767294178e-05;
    const C4: f64 = -2.75573143513906633035e-07;
    const C5: f64 = 2.08757232129817482790e-09;
    const C6: f64 = -1.13596475577881948265e-11;
    let ix = ((x.to_bits() >> 32) as u32) & 0x7fff_ffff;
    if ix < 0x3e40_0000 {
        // |x| < 2^-27.
        return 1.0;
    }
    let z = x * x;
    let r = z * (C1 + z * (C2 + z * (C3 + z * (C4 + z * (C5 + z * C6)))));
    cos_from(x, y, ix, z, r)
}

/// The end of fdlibm's `__kernel_cos`: `cos(x + y)` from `z = x²` and its
/// polynomial `r` (`ix` the high word of `|x|`).
#[inline]
fn cos_from(x: f64, y: f64, ix: u32, z: f64, r: f64) -> f64 {
    if ix < 0x3fd3_3333 {
        // |x| < 0.3.
        return 1.0 - (0.5 * z - (z * r - x * y));
    }
    let qx = if ix > 0x3fe9_0000 {
        0.28125
    } else {
        f64::from_bits(u64::from(ix - 0x0020_0000) << 32) // |x| / 4
    };
    let hz = 0.5 * z - qx;
    let a = 1.0 - qx;
    a - (hz - (z * r - x * y))
}

/// `MathUtils.atan2Deg`.
#[inline]
pub fn atan2_deg(y: f64, x: f64) -> f64 {
    atan2(y, x) * RAD_DEG
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
    // Taylor coefficients: with |δ| <= 2^-7 the first term left out is below
    // 2^-66.
    const A3: f64 = -1.0 / 3.0;
    const A5: f64 = 1.0 / 5.0;
    const A7: f64 = -1.0 / 7.0;
    // π/2 and π as hi (a multiple of 2^-51, like the table's) + lo.
    #[allow(clippy::approx_constant)]
    const H: [f64; 2] = [1.5707963267948966, 6.123233995736766e-17];
    #[allow(clippy::approx_constant)]
    const P: [f64; 2] = [3.141592653589793, 1.2246467991473532e-16];
    // [Q hi, Q lo, s] for atan2 = Q + s·atan t, by (y < 0)·4 + (|y| > |x|)·2
    // + (x < 0).
    const Q: [[f64; 3]; 8] = [
        [0.0, 0.0, 1.0],
        [P[0], P[1], -1.0],
        [H[0], H[1], -1.0],
        [H[0], H[1], 1.0],
        [-0.0, -0.0, -1.0],
        [-P[0], -P[1], 1.0],
        [-H[0], -H[1], 1.0],
        [-H[0], -H[1], -1.0],
    ];
    let (ax, ay) = (x.abs(), y.abs());
    let swap = ay > ax;
    let (n, d) = if ay < ax { (ay, ax) } else { (ax, ay) };
    let t = n / d;
    if t.is_nan() {
        return y.atan2(x);
    }
    // Entry 0 (c = 0) below 2^-7, else by the exponent and first five
    // fraction bits of t (t <= 1: at most entry 225).
    let i = (t.to_bits() >> 47).saturating_sub((1016 << 5) - 1) as usize;
    let [c, hi, lo] = atan_table::ATAN_C[i & 255];
    // t − c is exact (same binade, c has seven significant bits).
    let delta = (t - c) / (1.0 + c * t);
    let z = delta * delta;
    let small = delta + delta * z * (A3 + z * (A5 + z * A7));
    let q = (y.to_bits() >> 63) << 2 | u64::from(swap) << 1 | x.to_bits() >> 63;
    let [qh, ql, s] = Q[q as usize];
    // qh + s·hi is exact: both are multiples of 2^-51 and the sum is below 4.
    (qh + s * hi) + (ql + s * (lo + small))
}

/// fdlibm's `atan2` (as JavaScript engines ship it), within an ulp of the
/// true value like the C library's; zeros, infinities and NaNs, whose
/// results IEEE 754 fixes, go to the C library. The tests hold [`atan2`] to
/// it.
#[allow(clippy::excessive_precision, clippy::approx_constant)] // fdlibm's literals, as written
pub fn atan2_fdlibm(y: f64, x: f64) -> f64 {
    const PI_O_2: f64 = 1.5707963267948965580e+00;
    const PI: f64 = 3.1415926535897931160e+00;
    const PI_LO: f64 = 1.2246467991473531772e-16;
    let (bx, by) = (x.to_bits(), y.to_bits());
    let (ix, iy) = (
        ((bx >> 32) as u32) & 0x7fff_ffff,
        ((by >> 32) as u32) & 0x7fff_ffff,
    );
    // Zero, subnormal-free finite checks: both finite and non-zero.
    if x == 0.0 || y == 0.0 || ix >= 0x7ff0_0000 || iy >= 0x7ff0_0000 {
        return y.atan2(x);
    }
    if bx == 1f64.to_bits() {
        return atan(y);
    }
    let m = (by >> 63) as u32 | (((bx >> 63) as u32) << 1);
    let k = (iy as i32 - ix as i32) >> 20;
    let (z, m) = if k > 60 {
        (PI_O_2 + 0.5 * PI_LO, m & 1)
    } else if x < 0.0 && k < -60 {
        (0.0, m)
    } else {
        (atan((y / x).abs()), m)
    };
    match m {
        0 => z,
        1 => -z,
        2 => PI - (z - PI_LO),
        _ => (z - PI_LO) - PI,
    }
}

/// fdlibm's `atan`.
#[allow(clippy::excessive_precision, clippy::approx_constant)] // fdlibm's literals, as written
fn atan(x: f64) -> f64 {
    const ATANHI: [f64; 4] = [
        4.63647609000806093515e-01,
        7.85398163397448278999e-01,
        9.82793723247329054082e-01,
        1.57079632679489655800e+00,
    ];
    const ATANLO: [f64; 4] = [
        2.26987774529616870924e-17,
        3.06161699786838301793e-17,
        1.39033110312309984516e-17,
        6.12323399573676603587e-17,
    ];
    const AT: [f64; 11] = [
        3.33333333333329318027e-01,
        -1.99999999998764832476e-01,
        1.42857142725034663711e-01,
        -1.11111104054623557880e-01,
        9.09088713343650656196e-02,
        -7.69187620504482999495e-02,
        6.66107313738753120669e-02,
        -5.83357013379057348645e-02,
        4.97687799461593236017e-02,
        -3.65315727442169155270e-02,
        1.62858201153657823623e-02,
    ];
    let hx = (x.to_bits() >> 32) as u32;
    let ix = hx & 0x7fff_ffff;
    if ix >= 0x4410_0000 {
        // |x| >= 2^66, or NaN.
        if x.is_nan() {
            return x + x;
        }
        return if x > 0.0 {
            ATANHI[3] + ATANLO[3]
        } else {
            -ATANHI[3] - ATANLO[3]
        };
    }
    let (id, x) = if ix < 0x3fdc_0000 {
        // |x| < 0.4375.
        if ix < 0x3e40_0000 {
            return x;
        }
        (None, x)
    } else {
        let x = x.abs();
        if ix < 0x3ff3_0000 {
            if ix < 0x3fe6_0000 {
                (Some(0), (2.0 * x - 1.0) / (2.0 + x))
            } else {
                (Some(1), (x - 1.0) / (x + 1.0))
            }
        } else if ix < 0x4003_8000 {
            (Some(2), (x - 1.5) / (1.0 + 1.5 * x))
        } else {
            (Some(3), -1.0 / x)
        }
    };
    let z = x * x;
    let w = z * z;
    let s1 = z * (AT[0] + w * (AT[2] + w * (AT[4] + w * (AT[6] + w * (AT[8] + w * AT[10])))));
    let s2 = w * (AT[1] + w * (AT[3] + w * (AT[5] + w * (AT[7] + w * AT[9]))));
    match id {
        None => x - x * (s1 + s2),
        Some(id) => {
            let z = ATANHI[id] - ((x * (s1 + s2) - ATANLO[id]) - x);
            if hx >> 31 != 0 {
                -z
            } else {
                z
            }
        }
    }
}

/// The last result of a function of two numbers, by the numbers' bits: a
/// constraint whose inputs did not change since the last frame gets the same
/// number without recomputing it.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Memo2 {
    key: Option<(u64, u64)>,
    value: f64,
}

/// A cache is not state: every two memos compare equal.
impl PartialEq for Memo2 {
    fn eq(&self, _: &Memo2) -> bool {
        true
    }
}

impl Memo2 {
    /// `f(a, b)`, from the memo when `a` and `b` are bit for bit the last.
    #[inline]
    pub(crate) fn get(&mut self, a: f64, b: f64, f: impl FnOnce(f64, f64) -> f64) -> f64 {
        let key = Some((a.to_bits(), b.to_bits()));
        if self.key != key {
            *self = Memo2 {
                key,
                value: f(a, b),
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
mod tests {
    use super::*;

    fn ulps(a: f64, b: f64) -> u64 {
        if a == b {
            return 0;
        }
        let key = |v: f64| {
            let i = v.to_bits() as i64;
            if i < 0 {
                i64::MIN - i
            } else {
                i
            }
        };
        key(a).abs_diff(key(b))
    }

    /// Doubles in [0, 1) from the tests' generator.
    fn uniform(seed: u64) -> impl FnMut() -> f64 {
        let mut rng = crate::test_rng::Rng(seed);
        move || rng.unit()
    }

    #[test]
    fn sin_cos_is_within_an_ulp_of_the_c_library() {
        let mut next = uniform(0x2545_f491_4f6c_dd1d);
        let mut worst = 0;
        for k in 0..400_000 {
            let u = next();
            let x = match k % 4 {
                0 => (u - 0.5) * 8.0,
                1 => (u - 0.5) * 2000.0,
                2 => (u - 0.5) * 2e6,
                _ => (u - 0.5) * 720.0 * DEG_RAD,
            };
            let (s, c) = sin_cos(x);
            let (es, ec) = x.sin_cos();
            worst = worst.max(ulps(s, es)).max(ulps(c, ec));
        }
        // Multiples of π/2 (cancellation in the reduction) and tiny values.
        for n in -2000..2000 {
            let x = f64::from(n) * std::f64::consts::FRAC_PI_2;
            for x in [
                x,
                f64::from_bits(x.to_bits() + 1),
                90.0 * DEG_RAD * f64::from(n),
            ] {
                let (s, c) = sin_cos(x);
                assert!(
                    (s - x.sin()).abs() < 1e-15 && (c - x.cos()).abs() < 1e-15,
                    "{x}"
                );
            }
        }
        for x in [0.0, -0.0, 1e-300, -1e-9, 1e-8, 0.3, 0.78125, 1e7, 1e300] {
            let (s, c) = sin_cos(x);
            assert!(ulps(s, x.sin()) <= 1 && ulps(c, x.cos()) <= 1, "{x}");
            assert_eq!(s.to_bits() >> 63, x.sin().to_bits() >> 63, "{x}");
        }
        assert!(sin_cos(f64::NAN).0.is_nan() && sin_cos(f64::INFINITY).1.is_nan());
        assert!(worst <= 1, "worst {worst} ulps");
    }

    #[test]
    fn the_kernels_side_by_side_are_the_kernels() {
        let mut next = uniform(0x0bad_cafe_f00d_d00d);
        let quarter = std::f64::consts::FRAC_PI_4;
        let mut xs: Vec<f64> = (0..200_000)
            .map(|_| (next() - 0.5) * 2.0 * quarter)
            .collect();
        xs.extend([
            0.0, -0.0, 1e-300, -1e-9, 0.3, -0.3, 0.2999999, 0.78125, quarter,
        ]);
        for x in xs {
            let ix = ((x.to_bits() >> 32) as u32) & 0x7fff_ffff;
            if ix > 0x3fe9_21fb {
                continue;
            }
            let (s, c) = kernels_side_by_side(x, ix);
            assert_eq!(s.to_bits(), kernel_sin(x, 0.0, false).to_bits(), "{x}");
            assert_eq!(c.to_bits(), kernel_cos(x, 0.0).to_bits(), "{x}");
            // And on two lanes, beside another argument.
            let (s2, c2) = by_kernels(f64x2::new([x, -x * 0.75]));
            assert_eq!(s2.to_array()[0].to_bits(), s.to_bits(), "{x}");
            assert_eq!(c2.to_array()[0].to_bits(), c.to_bits(), "{x}");
        }
    }

    #[test]
    fn sin_cos2_is_two_calls_of_sin_cos() {
        let mut next = uniform(0x0dd_ba11_5eed);
        let mut xs: Vec<f64> = (0..200_000)
            .map(|k| (next() - 0.5) * [1.6, 2.0, 130.0, 1e4][k % 4])
            .collect();
        xs.extend([
            0.0,
            -0.0,
            1e-300,
            -1e-9,
            0.3,
            -0.2999999,
            0.78125,
            std::f64::consts::FRAC_PI_4,
            63.999,
            -64.0,
            64.0,
            f64::NAN,
            f64::INFINITY,
        ]);
        for pair in xs.windows(2) {
            let (s, c) = sin_cos2([pair[0], pair[1]]);
            for l in 0..2 {
                let (es, ec) = sin_cos(pair[l]);
                assert_eq!(s[l].to_bits(), es.to_bits(), "{pair:?}");
                assert_eq!(c[l].to_bits(), ec.to_bits(), "{pair:?}");
            }
        }
    }

    #[test]
    fn sin_cos_by_table_is_within_an_ulp_of_fdlibm() {
        // Every argument below 64 takes the table path: dense and random
        // sweeps, and the neighbours of every multiple of π/32 (where the
        // reduction cancels) and of the table's switch points.
        let mut next = uniform(0x1234_5678_9abc_def1);
        let mut xs: Vec<f64> = (0..300_000).map(|_| (next() - 0.5) * 128.0).collect();
        xs.extend((0..100_000).map(|_| (next() - 0.5) * 2.0 * std::f64::consts::PI));
        for k in -652..=652 {
            let at = f64::from(k) * std::f64::consts::PI / 32.0;
            let mid = (f64::from(k) + 0.5) * std::f64::consts::PI / 32.0;
            for v in [at, mid] {
                let mut y = v;
                for _ in 0..4 {
                    xs.extend([y, -y]);
                    y = f64::from_bits(y.to_bits() + 1);
                }
            }
        }
        let (mut worst_fdlibm, mut worst_libc) = (0, 0);
        for &x in xs.iter().filter(|x| x.abs() < 64.0) {
            let (s, c) = sin_cos(x);
            let (fs, fc) = sin_cos_fdlibm(x);
            let (ls, lc) = x.sin_cos();
            // Beside a zero of sin or cos an ulp of the result is tiny: there
            // the results are held to an absolute 2^-60 instead.
            let close = |a: f64, b: f64| {
                if (a - b).abs() < 2f64.powi(-60) {
                    0
                } else {
                    ulps(a, b)
                }
            };
            worst_fdlibm = worst_fdlibm.max(close(s, fs)).max(close(c, fc));
            worst_libc = worst_libc.max(close(s, ls)).max(close(c, lc));
        }
        assert!(
            worst_fdlibm <= 1 && worst_libc <= 1,
            "worst {worst_fdlibm} ulps from fdlibm, {worst_libc} from the C library"
        );
        // Zeros keep their sign; the table's edges and beyond.
        assert_eq!(sin_cos(-0.0).0.to_bits(), (-0.0f64).to_bits());
        assert_eq!(sin_cos(0.0), (0.0, 1.0));
        for x in [63.999, -63.999, 64.0, -64.0, 1e5, f64::NAN, f64::INFINITY] {
            let (s, c) = sin_cos(x);
            let (fs, fc) = sin_cos_fdlibm(x);
            assert!(ulps(s, fs) <= 1 || (s.is_nan() && fs.is_nan()), "{x}");
            assert!(ulps(c, fc) <= 1 || (c.is_nan() && fc.is_nan()), "{x}");
        }
    }

    #[test]
    fn atan2_is_within_an_ulp_of_fdlibm() {
        // Dense random sweeps (every octant, ratios from 2^-70 to 2^70,
        // tiny and huge magnitudes), |y| close to |x|, and the neighbours of
        // every edge of the reduction's intervals and of 2^-7.
        let mut next = uniform(0x51ed_2701_a7a2_0001);
        let mut pairs = Vec::new();
        for k in 0..1_200_000 {
            let (u, v) = (next() - 0.5, next() - 0.5);
            pairs.push(match k % 6 {
                0 => (u, v),
                1 => (u * 2f64.powi((next() * 140.0) as i32 - 70), v),
                2 => {
                    let a = next() * 2.0 * std::f64::consts::PI;
                    let r = 2f64.powi((next() * 40.0) as i32 - 20);
                    (r * a.sin(), r * a.cos())
                }
                3 => {
                    let w = f64::from_bits(v.to_bits().wrapping_add((u * 64.0) as i64 as u64));
                    (w, v)
                }
                4 => (u * 1e-300, v * 1e-300),
                _ => (u * 1e300, v * 1e-5),
            });
        }
        for i in 0..=226u64 {
            let edge = f64::from_bits(((i + (1016 << 5)) << 47).min(1f64.to_bits()));
            for k in -3i64..=3 {
                let t = f64::from_bits(edge.to_bits().wrapping_add(k as u64));
                for (y, x) in [(t, 1.0), (1.0, t), (t * 3.0, 3.0), (-5.0, t * -5.0)] {
                    pairs.push((y, x));
                }
            }
        }
        pairs.extend([
            (1e-310, 1.0),
            (1.0, 1e-310),
            (-3e-320, -1e-310),
            (1e308, 1e-308),
            (1e-308, -1e308),
            (1.0, 1.0),
            (-1.0, -1.0),
            (1.0, -1.0),
            (0.5, 1.0),
        ]);
        let (mut worst_fdlibm, mut worst_libc) = (0, 0);
        for (y, x) in pairs {
            let a = atan2(y, x);
            let (f, l) = (atan2_fdlibm(y, x), y.atan2(x));
            assert!(ulps(a, f) <= 1, "atan2({y:e}, {x:e}) = {a:e}, fdlibm {f:e}");
            worst_fdlibm = worst_fdlibm.max(ulps(a, f));
            worst_libc = worst_libc.max(ulps(a, l));
            assert_eq!(a.to_bits() >> 63, f.to_bits() >> 63, "{y:e} {x:e}");
        }
        assert!(
            worst_fdlibm <= 1 && worst_libc <= 1,
            "worst {worst_fdlibm} ulps from fdlibm, {worst_libc} from the C library"
        );
    }

    #[test]
    fn atan2_is_within_an_ulp_of_the_c_library() {
        let mut uniform = uniform(0x9e37_79b9_7f4a_7c15);
        let mut next = || uniform() - 0.5;
        let mut worst = 0;
        for k in 0..400_000 {
            let scale = [1.0, 1e3, 1e-3, 1e20][k % 4];
            let (y, x) = (next() * scale, next() * [1.0, scale][k % 2]);
            worst = worst
                .max(ulps(atan2(y, x), y.atan2(x)))
                .max(ulps(atan2_fdlibm(y, x), y.atan2(x)));
        }
        assert!(worst <= 1, "worst {worst} ulps");
        let special = [
            0.0,
            -0.0,
            1.0,
            -1.0,
            1e300,
            -1e-300,
            f64::INFINITY,
            f64::NEG_INFINITY,
        ];
        for y in special {
            for x in special {
                assert_eq!(atan2(y, x).to_bits(), y.atan2(x).to_bits(), "{y} {x}");
                assert_eq!(
                    atan2_fdlibm(y, x).to_bits(),
                    y.atan2(x).to_bits(),
                    "{y} {x}"
                );
            }
            assert!(atan2(y, f64::NAN).is_nan() && atan2(f64::NAN, y).is_nan());
        }
    }
}
