//! Tests of the trigonometry: `sin_cos` and `atan2` against fdlibm and the
//! C library, ulp by ulp, and the two-lane `sin_cos2` and `atan2x2` against
//! them bit for bit.

use super::fdlibm::{kernel_cos, kernel_sin};

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
fn the_kernels_on_one_and_two_lanes_are_fdlibms() {
    let mut next = uniform(0x0bad_cafe_f00d_d00d);
    let quarter = std::f64::consts::FRAC_PI_4;
    let mut xs: Vec<f64> = (0..200_000)
        .map(|_| (next() - 0.5) * 2.0 * quarter)
        .collect();
    xs.extend([
        0.0, -0.0, 1e-300, -1e-9, 0.3, -0.3, 0.2999999, 0.78125, quarter,
    ]);
    for x in xs {
        if high_abs(x) > 0x3fe9_21fb {
            continue;
        }
        let (s, c) = by_kernels(x);
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
fn atan2x2_is_two_calls_of_atan2() {
    let mut next = uniform(0xa7a2_0002_5eed);
    let mut vs: Vec<f64> = (0..100_000)
        .map(|k| (next() - 0.5) * [1.0, 1e-3, 4.0, 1e5, 1e-300][k % 5])
        .collect();
    vs.extend([
        0.0,
        -0.0,
        1.0,
        -1.0,
        f64::NAN,
        f64::INFINITY,
        f64::NEG_INFINITY,
        0.0,
        1e-308,
        -1e308,
        0.0,
    ]);
    for w in vs.windows(4) {
        let (y, x) = ([w[0], w[2]], [w[1], w[3]]);
        let r = atan2x2(y, x);
        for l in 0..2 {
            assert_eq!(r[l].to_bits(), atan2(y[l], x[l]).to_bits(), "{y:?} {x:?}");
        }
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
