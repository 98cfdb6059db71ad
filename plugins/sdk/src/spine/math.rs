//! spine-core's `MathUtils` constants and the double-precision functions the
//! runtime calls (`Math.cos`, …). `PI` is the runtime's float literal
//! 3.1415927, not `std::f64::consts::PI`, so "zero" terms are not exactly zero.

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
pub fn cos(x: f64) -> f64 {
    x.cos()
}

/// `Math.sin`.
pub fn sin(x: f64) -> f64 {
    x.sin()
}

/// `MathUtils.atan2Deg`.
pub fn atan2_deg(y: f64, x: f64) -> f64 {
    y.atan2(x) * RAD_DEG
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
