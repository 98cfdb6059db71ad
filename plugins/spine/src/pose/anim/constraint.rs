//! Constraint timelines: IK (mix, softness, bend direction, compress,
//! stretch), transform mixes, path position/spacing/mixes, physics values
//! (one constraint or every constraint with the global flag) and reset, slider
//! time and mix.

use super::{Curves, Mix, MixFrom};
use crate::data::{ConstraintKind, PhysicsPose, PhysicsValue, Timeline, TimelineKind as K};
use crate::pose::{ConstraintPose, PoseError, Skeleton};

/// Applies a constraint timeline (every kind not handled elsewhere).
pub(super) fn apply(
    sk: &mut Skeleton<'_>,
    t: &Timeline,
    c: &Curves<'_>,
    last_time: f64,
    time: f64,
    m: Mix,
) -> Result<(), PoseError> {
    match &t.kind {
        K::Physics(None, value) => {
            physics_global(sk, *value, c, time, m);
            return Ok(());
        }
        K::PhysicsReset(index) => {
            reset(sk, *index, c, last_time, time);
            return Ok(());
        }
        _ => {}
    }
    let index = match &t.kind {
        K::Ik(i)
        | K::Transform(i)
        | K::PathPosition(i)
        | K::PathSpacing(i)
        | K::PathMix(i)
        | K::Physics(Some(i), _)
        | K::Slider(i)
        | K::SliderMix(i) => *i,
        _ => return Ok(()),
    };
    let data = sk.data;
    let (Some(con), Some(cd)) = (sk.constraints.get_mut(index), data.constraints.get(index)) else {
        return Ok(());
    };
    if !con.active {
        return Ok(());
    }
    let setup = ConstraintPose::setup(&cd.kind);
    let pose = con.pick_mut(m.applied);
    match (&t.kind, pose, setup) {
        (K::Ik(_), ConstraintPose::Ik(p), ConstraintPose::Ik(s)) => {
            if c.before_first(time) {
                match m.from {
                    MixFrom::Setup => *p = s,
                    MixFrom::First => {
                        p.mix += (s.mix - p.mix) * m.alpha;
                        p.softness += (s.softness - p.softness) * m.alpha;
                        p.bend_direction = s.bend_direction;
                        p.compress = s.compress;
                        p.stretch = s.stretch;
                    }
                    MixFrom::Current => {}
                }
                return Ok(());
            }
            let i = c.search(time);
            let [mix, softness] = c.values::<2>(time, i);
            let base = if m.from == MixFrom::Setup { s } else { *p };
            p.mix = base.mix + (mix - base.mix) * m.alpha;
            p.softness = base.softness + (softness - base.softness) * m.alpha;
            if m.out {
                if m.from == MixFrom::Setup {
                    p.bend_direction = base.bend_direction;
                    p.compress = base.compress;
                    p.stretch = base.stretch;
                }
            } else {
                p.bend_direction = c.f(i + 3);
                p.compress = c.f(i + 4) != 0.0;
                p.stretch = c.f(i + 5) != 0.0;
            }
        }
        (K::Transform(_), ConstraintPose::Transform(p), ConstraintPose::Transform(s)) => {
            let mut cur = p.mixes();
            mixes(c, time, m, &mut cur, &s.mixes(), |c, t, i| {
                c.values::<6>(t, i)
            });
            p.set_mixes(cur);
        }
        (K::PathMix(_), ConstraintPose::Path(p), ConstraintPose::Path(s)) => {
            let mut cur = [p.mix_rotate, p.mix_x, p.mix_y];
            let su = [s.mix_rotate, s.mix_x, s.mix_y];
            mixes(c, time, m, &mut cur, &su, |c, t, i| c.values::<3>(t, i));
            [p.mix_rotate, p.mix_x, p.mix_y] = cur;
        }
        (K::PathPosition(_), ConstraintPose::Path(p), ConstraintPose::Path(s)) => {
            p.position = c.absolute(time, m, p.position, s.position, None);
        }
        (K::PathSpacing(_), ConstraintPose::Path(p), ConstraintPose::Path(s)) => {
            let m = Mix { add: false, ..m };
            p.spacing = c.absolute(time, m, p.spacing, s.spacing, None);
        }
        (K::Physics(_, value), ConstraintPose::Physics(p), ConstraintPose::Physics(s)) => {
            let m = physics_mix(*value, m);
            let v = c.absolute(time, m, get(p, *value), get(&s, *value), None);
            set(p, *value, v);
        }
        (K::Slider(_), ConstraintPose::Slider(p), ConstraintPose::Slider(s)) => {
            p.time = c.absolute(time, m, p.time, s.time, None);
        }
        (K::SliderMix(_), ConstraintPose::Slider(p), ConstraintPose::Slider(s)) => {
            p.mix = c.absolute(time, m, p.mix, s.mix, None);
        }
        _ => {}
    }
    Ok(())
}

/// The multi-mix constraint timelines (transform, path mix): additive or not.
fn mixes<const N: usize>(
    c: &Curves<'_>,
    time: f64,
    m: Mix,
    cur: &mut [f64; N],
    setup: &[f64; N],
    values: impl Fn(&Curves<'_>, f64, isize) -> [f64; N],
) {
    if c.before_first(time) {
        match m.from {
            MixFrom::Setup => *cur = *setup,
            MixFrom::First => {
                for (v, s) in cur.iter_mut().zip(setup) {
                    *v += (s - *v) * m.alpha;
                }
            }
            MixFrom::Current => {}
        }
        return;
    }
    let i = c.search(time);
    let keyed = values(c, time, i);
    let base = if m.from == MixFrom::Setup {
        *setup
    } else {
        *cur
    };
    for (k, v) in keyed.into_iter().enumerate() {
        cur[k] = if m.add {
            base[k] + v * m.alpha
        } else {
            base[k] + (v - base[k]) * m.alpha
        };
    }
}

/// Only wind and gravity physics timelines are additive.
fn physics_mix(value: PhysicsValue, m: Mix) -> Mix {
    let additive = matches!(value, PhysicsValue::Wind | PhysicsValue::Gravity);
    Mix {
        add: m.add && additive,
        ..m
    }
}

fn get(p: &PhysicsPose, v: PhysicsValue) -> f64 {
    match v {
        PhysicsValue::Inertia => p.inertia,
        PhysicsValue::Strength => p.strength,
        PhysicsValue::Damping => p.damping,
        PhysicsValue::Mass => 1.0 / p.mass_inverse,
        PhysicsValue::Wind => p.wind,
        PhysicsValue::Gravity => p.gravity,
        PhysicsValue::Mix => p.mix,
    }
}

fn set(p: &mut PhysicsPose, v: PhysicsValue, x: f64) {
    match v {
        PhysicsValue::Inertia => p.inertia = x,
        PhysicsValue::Strength => p.strength = x,
        PhysicsValue::Damping => p.damping = x,
        PhysicsValue::Mass => p.mass_inverse = 1.0 / x,
        PhysicsValue::Wind => p.wind = x,
        PhysicsValue::Gravity => p.gravity = x,
        PhysicsValue::Mix => p.mix = x,
    }
}

/// A physics timeline keyed `""`: every active physics constraint whose
/// global flag for this value is set.
fn physics_global(sk: &mut Skeleton<'_>, value: PhysicsValue, c: &Curves<'_>, time: f64, m: Mix) {
    let m = physics_mix(value, m);
    let keyed = if time >= c.f(0) {
        c.curve_value(time)
    } else {
        0.0
    };
    let data = sk.data;
    for k in 0..sk.physics.len() {
        let ci = sk.physics[k];
        let ConstraintKind::Physics(d) = &data.constraints[ci].kind else {
            continue;
        };
        let con = &mut sk.constraints[ci];
        if !con.active || !d.globals[value.global_index()] {
            continue;
        }
        if let ConstraintPose::Physics(p) = con.pick_mut(m.applied) {
            let v = c.absolute(time, m, get(p, value), get(&d.setup, value), Some(keyed));
            set(p, value, v);
        }
    }
}

/// `PhysicsConstraintResetTimeline.apply`.
fn reset(
    sk: &mut Skeleton<'_>,
    index: Option<usize>,
    c: &Curves<'_>,
    mut last_time: f64,
    time: f64,
) {
    if let Some(i) = index {
        if !sk.constraints.get(i).is_some_and(|c| c.active) {
            return;
        }
    }
    let n = c.frames.len() as isize;
    if last_time > time {
        reset(sk, index, c, last_time, f64::MAX);
        last_time = -1.0;
    } else if last_time >= c.f(n - 1) {
        return;
    }
    if time < c.f(0) {
        return;
    }
    if last_time < c.f(0) || time >= c.f(c.search(last_time) + 1) {
        match index {
            Some(i) => sk.reset_physics(i),
            None => {
                for k in 0..sk.physics.len() {
                    let i = sk.physics[k];
                    if sk.constraints[i].active {
                        sk.reset_physics(i);
                    }
                }
            }
        }
    }
}
