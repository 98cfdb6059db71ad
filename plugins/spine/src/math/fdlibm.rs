//! fdlibm's `sin`, `cos` and `atan2`, as JavaScript engines have long
//! shipped them: the reference the poser's faster versions in `math` are
//! held to (and `sin_cos`'s path past 64).

/// fdlibm's `sin` and `cos` (as JavaScript engines have long shipped them):
/// the argument reduced by π/2 in two or three parts (Cody–Waite, to 85, 118
/// or 151 bits), then the kernel polynomials on `[-π/4, π/4]`. Each result is
/// within an ulp of the true value, like the C library's (the two agree to
/// an ulp); arguments beyond 2^19·π/2 and non-finite ones go to the C
/// library. [`sin_cos`](super::sin_cos) uses it past 64 and the tests hold [`sin_cos`](super::sin_cos) to it.
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

/// fdlibm's `__kernel_sin` on `[-π/4, π/4]` (`x + y`, `y` the tail when
/// `tail`).
#[inline]
#[allow(clippy::excessive_precision, clippy::approx_constant)] // fdlibm's literals, as written
pub(super) fn kernel_sin(x: f64, y: f64, tail: bool) -> f64 {
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
pub(super) fn kernel_cos(x: f64, y: f64) -> f64 {
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

/// fdlibm's `atan2` (as JavaScript engines ship it), within an ulp of the
/// true value like the C library's; zeros, infinities and NaNs, whose
/// results IEEE 754 fixes, go to the C library. The tests hold [`atan2`](super::atan2) to
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
