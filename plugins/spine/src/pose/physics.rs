//! `PhysicsConstraint.update`, line by line from spine-core 4.3.13: a
//! damped spring per simulated property (x, y, rotate/shearX, scaleX), stepped
//! at the constraint's fixed `step` (1 / fps) over the time the skeleton
//! advanced since the last update, with the remainder interpolated (`lag`);
//! `Physics.reset` restarts, `Physics.pose` reapplies without stepping and
//! `Physics.none` does nothing. The commonest case (x, y and rotate springs,
//! `Physics.update`) runs in its own copy, with those as constants.

use super::{Physics, Skeleton};
use crate::data::{PhysicsData, PhysicsPose, ScaleYMode};
use crate::math::{atan2, atan2x2, sin_cos, PI2};

/// The simulation state a physics constraint carries between updates.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PhysicsState {
    /// Next update starts a new simulation.
    pub reset: bool,
    /// Last bone position (x).
    pub ux: f64,
    /// Last bone position (y).
    pub uy: f64,
    /// Bone position after the last update (x).
    pub cx: f64,
    /// Bone position after the last update (y).
    pub cy: f64,
    /// Bone tip offset after the last update (x).
    pub tx: f64,
    /// Bone tip offset after the last update (y).
    pub ty: f64,
    /// Spring state.
    pub x_offset: f64,
    /// Spring state.
    pub x_lag: f64,
    /// Spring state.
    pub x_velocity: f64,
    /// Spring state.
    pub y_offset: f64,
    /// Spring state.
    pub y_lag: f64,
    /// Spring state.
    pub y_velocity: f64,
    /// Spring state.
    pub rotate_offset: f64,
    /// Spring state.
    pub rotate_lag: f64,
    /// Spring state.
    pub rotate_velocity: f64,
    /// Spring state.
    pub scale_offset: f64,
    /// Spring state.
    pub scale_lag: f64,
    /// Spring state.
    pub scale_velocity: f64,
    /// Time not yet stepped.
    pub remaining: f64,
    /// Skeleton time of the last update.
    pub last_time: f64,
}

impl Default for PhysicsState {
    fn default() -> PhysicsState {
        PhysicsState {
            reset: true,
            ux: 0.0,
            uy: 0.0,
            cx: 0.0,
            cy: 0.0,
            tx: 0.0,
            ty: 0.0,
            x_offset: 0.0,
            x_lag: 0.0,
            x_velocity: 0.0,
            y_offset: 0.0,
            y_lag: 0.0,
            y_velocity: 0.0,
            rotate_offset: 0.0,
            rotate_lag: 0.0,
            rotate_velocity: 0.0,
            scale_offset: 0.0,
            scale_lag: 0.0,
            scale_velocity: 0.0,
            remaining: 0.0,
            last_time: 0.0,
        }
    }
}

impl PhysicsState {
    /// `reset(skeleton)`.
    pub fn reset(&mut self, time: f64) {
        let (ux, uy, cx, cy, tx, ty) = (self.ux, self.uy, self.cx, self.cy, self.tx, self.ty);
        *self = PhysicsState {
            last_time: time,
            ux,
            uy,
            cx,
            cy,
            tx,
            ty,
            ..PhysicsState::default()
        };
    }
}

fn clamp_abs(v: f64, q: f64) -> f64 {
    if v > q {
        q
    } else if v < -q {
        -q
    } else {
        v
    }
}

/// Which springs a constraint simulates (`data.x > 0`, …).
#[derive(Clone, Copy, PartialEq)]
struct Springs {
    x: bool,
    y: bool,
    rotate: bool,
    shear_x: bool,
    scale_x: bool,
}

/// `PhysicsConstraint.update(skeleton, physics)` of constraint `c` (`p` its
/// applied pose).
pub(super) fn update(
    sk: &mut Skeleton<'_>,
    c: usize,
    data: &PhysicsData,
    p: &PhysicsPose,
    physics: Physics,
) {
    let springs = Springs {
        x: data.x > 0.0,
        y: data.y > 0.0,
        rotate: data.rotate > 0.0,
        shear_x: data.shear_x > 0.0,
        scale_x: data.scale_x > 0.0,
    };
    // The commonest case (these springs, a plain update) gets its own copy
    // with them as constants: fewer branches and values to keep.
    const SWAY: Springs = Springs {
        x: true,
        y: true,
        rotate: true,
        shear_x: false,
        scale_x: false,
    };
    if springs == SWAY && physics == Physics::Update {
        update_with(sk, c, data, p, Physics::Update, SWAY);
    } else {
        update_with(sk, c, data, p, physics, springs);
    }
}

/// [`update`] with the constraint's springs.
#[inline(always)]
fn update_with(
    sk: &mut Skeleton<'_>,
    c: usize,
    data: &PhysicsData,
    p: &PhysicsPose,
    physics: Physics,
    springs: Springs,
) {
    let mix = p.mix;
    if mix == 0.0 {
        return;
    }
    let Springs { x, y, scale_x, .. } = springs;
    let rotate_or_shear_x = springs.rotate || springs.shear_x;
    let bi = data.bone;
    let l = sk.data.bones[bi].length;
    let t = data.step;
    let mut z = 0.0;
    if physics == Physics::None {
        return;
    }
    // `this.bone` is the constrained pose, whichever pose is applied.
    let update = sk.update;
    {
        let b = &mut sk.bones[bi].constrained;
        b.local = update;
        b.world = update;
    }
    sk.reset_world(bi);
    let (time, ref_scale) = (sk.time, sk.data.reference_scale);
    let (ssx, ssy) = (sk.scale_x, sk.scale_y);
    let (wind_x, wind_y, gravity_x, gravity_y) = (sk.wind_x, sk.wind_y, sk.gravity_x, sk.gravity_y);
    let constraint = &mut sk.constraints[c];
    let (st, memo) = (&mut constraint.physics, &mut constraint.memo);
    let bone = &mut sk.bones[bi].constrained;
    match physics {
        Physics::Reset | Physics::Update => {
            if physics == Physics::Reset {
                st.reset(time);
            }
            let delta = js_max0(time - st.last_time);
            let aa = st.remaining;
            st.remaining += delta;
            st.last_time = time;
            let (bx, by) = (bone.world_x, bone.world_y);
            if st.reset {
                st.reset = false;
                st.ux = bx;
                st.uy = by;
            } else {
                let mut a = st.remaining;
                let i = p.inertia;
                let f = ref_scale;
                let mut d = -1.0;
                let (mut m, mut e) = (0.0, 0.0);
                let mut qx = data.limit * delta;
                let qy = qx * ssy.abs();
                qx *= ssx.abs();
                if x || y {
                    if x {
                        let u = (st.ux - bx) * i;
                        st.x_offset += clamp_abs(u, qx);
                        st.ux = bx;
                    }
                    if y {
                        let u = (st.uy - by) * i;
                        st.y_offset += clamp_abs(u, qy);
                        st.uy = by;
                    }
                    if a >= t {
                        let (xs, ys) = (st.x_offset, st.y_offset);
                        d = memo.get([p.damping, 60.0 * t], || p.damping.powf(60.0 * t));
                        m = t * p.mass_inverse;
                        e = p.strength;
                        let (w, g) = (f * p.wind, f * p.gravity);
                        let ax = (w * wind_x + g * gravity_x) * ssx;
                        let ay = (w * wind_y + g * gravity_y) * ssy;
                        loop {
                            if x {
                                st.x_velocity += (ax - st.x_offset * e) * m;
                                st.x_offset += st.x_velocity * t;
                                st.x_velocity *= d;
                            }
                            if y {
                                st.y_velocity -= (ay + st.y_offset * e) * m;
                                st.y_offset += st.y_velocity * t;
                                st.y_velocity *= d;
                            }
                            a -= t;
                            if a < t {
                                break;
                            }
                        }
                        st.x_lag = st.x_offset - xs;
                        st.y_lag = st.y_offset - ys;
                    }
                    z = js_max0(1.0 - a / t);
                    if x {
                        bone.world_x += (st.x_offset - st.x_lag * z) * mix * data.x;
                    }
                    if y {
                        bone.world_y += (st.y_offset - st.y_lag * z) * mix * data.y;
                    }
                }
                if rotate_or_shear_x || scale_x {
                    let (mut cs, mut sn) = (0.0, 0.0);
                    let mut mr = 0.0;
                    let dx = clamp_abs(st.cx - bone.world_x, qx);
                    let dy = clamp_abs(st.cy - bone.world_y, qy);
                    // With the rotation spring, the bone's and the tip's
                    // angles in one two-lane atan2.
                    let [ca, tip] = if rotate_or_shear_x {
                        atan2x2([bone.c, dy + st.ty], [bone.a, dx + st.tx])
                    } else {
                        [atan2(bone.c, bone.a), 0.0]
                    };
                    a = st.remaining;
                    // Without a step or a scale spring the angle goes unused.
                    let turn = scale_x || a >= t;
                    if rotate_or_shear_x {
                        mr = (data.rotate + data.shear_x) * mix;
                        z = st.rotate_lag * js_max0(1.0 - aa / t);
                        let mut r = tip - ca - (st.rotate_offset - z) * mr;
                        st.rotate_offset += (r - (r * (1.0 / PI2) - 0.5).ceil() * PI2) * i;
                        r = (st.rotate_offset - z) * mr + ca;
                        if turn {
                            (sn, cs) = sin_cos(r);
                        }
                        if scale_x {
                            r = l * (bone.a * bone.a + bone.c * bone.c).sqrt();
                            if r > 0.0 {
                                st.scale_offset += (dx * cs + dy * sn) * i / r;
                            }
                        }
                    } else {
                        (sn, cs) = sin_cos(ca);
                        let r = l * (bone.a * bone.a + bone.c * bone.c).sqrt()
                            - st.scale_lag * js_max0(1.0 - aa / t);
                        if r > 0.0 {
                            st.scale_offset += (dx * cs + dy * sn) * i / r;
                        }
                    }
                    if a >= t {
                        if d == -1.0 {
                            d = memo.get([p.damping, 60.0 * t], || p.damping.powf(60.0 * t));
                            m = t * p.mass_inverse;
                            e = p.strength;
                        }
                        let ax = p.wind * wind_x + p.gravity * gravity_x;
                        let ay = p.wind * wind_y + p.gravity * gravity_y;
                        let (rs, ss, h) = (st.rotate_offset, st.scale_offset, l / f);
                        loop {
                            a -= t;
                            if scale_x {
                                st.scale_velocity += (ax * cs - ay * sn - st.scale_offset * e) * m;
                                st.scale_offset += st.scale_velocity * t;
                                st.scale_velocity *= d;
                            }
                            if rotate_or_shear_x {
                                st.rotate_velocity -=
                                    ((ax * sn + ay * cs) * h + st.rotate_offset * e) * m;
                                st.rotate_offset += st.rotate_velocity * t;
                                st.rotate_velocity *= d;
                                if a < t {
                                    break;
                                }
                                let r = st.rotate_offset * mr + ca;
                                (sn, cs) = sin_cos(r);
                            } else if a < t {
                                break;
                            }
                        }
                        st.rotate_lag = st.rotate_offset - rs;
                        st.scale_lag = st.scale_offset - ss;
                    }
                    z = js_max0(1.0 - a / t);
                }
                st.remaining = a;
            }
            st.cx = bone.world_x;
            st.cy = bone.world_y;
        }
        Physics::Pose => {
            z = js_max0(1.0 - st.remaining / t);
            if x {
                bone.world_x += (st.x_offset - st.x_lag * z) * mix * data.x;
            }
            if y {
                bone.world_y += (st.y_offset - st.y_lag * z) * mix * data.y;
            }
        }
        Physics::None => {}
    }
    if rotate_or_shear_x {
        let mut o = (st.rotate_offset - st.rotate_lag * z) * mix;
        if springs.shear_x {
            let mut r = 0.0;
            if springs.rotate {
                r = o * data.rotate;
                let (s, c) = sin_cos(r);
                let a = bone.b;
                bone.b = c * a - s * bone.d;
                bone.d = s * a + c * bone.d;
            }
            r += o * data.shear_x;
            let (s, c) = sin_cos(r);
            let a = bone.a;
            bone.a = c * a - s * bone.c;
            bone.c = s * a + c * bone.c;
        } else {
            o *= data.rotate;
            let (s, c) = sin_cos(o);
            let a = bone.a;
            bone.a = c * a - s * bone.c;
            bone.c = s * a + c * bone.c;
            let a = bone.b;
            bone.b = c * a - s * bone.d;
            bone.d = s * a + c * bone.d;
        }
    }
    if scale_x {
        let mut s = 1.0 + (st.scale_offset - st.scale_lag * z) * mix * data.scale_x;
        bone.a *= s;
        bone.c *= s;
        match data.scale_y_mode {
            Some(ScaleYMode::Uniform) => {
                bone.b *= s;
                bone.d *= s;
            }
            Some(ScaleYMode::Volume) => {
                s = s.abs();
                s = if s >= 0.7 { 1.0 / s } else { 4.0 - 3.67347 * s };
                bone.b *= s;
                bone.d *= s;
            }
            _ => {}
        }
    }
    if physics != Physics::Pose {
        st.tx = l * bone.a;
        st.ty = l * bone.c;
    }
}

/// `Math.max(0, v)` (NaN-propagating).
fn js_max0(v: f64) -> f64 {
    if v.is_nan() {
        f64::NAN
    } else if v > 0.0 {
        v
    } else {
        0.0
    }
}
