//! `DeformTimeline.apply`: interpolates the keyed vertices (absolute positions
//! for unweighted attachments, offsets for weighted ones) with the deform
//! curve percent, into the deform array of every slot whose attachment follows
//! the timeline's attachment, mixing from setup, current or additively.

use super::{
    slot::{following_attachment, timeline_slots},
    Curves, Mix, MixFrom,
};
use crate::data::BEZIER_SIZE;
use crate::pose::{pose_error, PoseError, Skeleton};

const NO_VERTICES: &str = "Cannot read properties of undefined (reading 'length')";

fn at32(a: &[f32], i: usize) -> f64 {
    a.get(i).map_or(f64::NAN, |&v| f64::from(v))
}

/// `DeformTimeline.getCurvePercent(time, frame)`.
fn percent(c: &Curves<'_>, time: f64, frame: isize) -> f64 {
    let cv = |i: f64| {
        if i >= 0.0 && i.fract() == 0.0 {
            c.curves.get(i as usize).map_or(f64::NAN, |&v| f64::from(v))
        } else {
            f64::NAN
        }
    };
    let mut i = cv(frame as f64);
    if i == 0.0 {
        let x = c.f(frame);
        return (time - x) / (c.f(frame + 1) - x);
    }
    if i == 1.0 {
        return 0.0;
    }
    i -= 2.0;
    if cv(i) > time {
        let x = c.f(frame);
        return cv(i + 1.0) * (time - x) / (cv(i) - x);
    }
    let n = i + BEZIER_SIZE as f64;
    let mut k = i + 2.0;
    while k < n {
        if cv(k) >= time {
            let (x, y) = (cv(k - 2.0), cv(k - 1.0));
            return y + (time - x) / (cv(k) - x) * (cv(k + 1.0) - y);
        }
        k += 2.0;
    }
    let (x, y) = (cv(n - 2.0), cv(n - 1.0));
    y + (1.0 - y) * (time - x) / (c.f(frame + 1) - x)
}

/// `DeformTimeline.apply`.
pub(super) fn apply(
    sk: &mut Skeleton<'_>,
    s: usize,
    attachment: usize,
    vertices: &[Option<Vec<f32>>],
    c: &Curves<'_>,
    time: f64,
    m: Mix,
) -> Result<(), PoseError> {
    let Some(slots) = timeline_slots(sk, s, attachment, m.applied) else {
        return Ok(());
    };
    if c.before_first(time) {
        for o in slots {
            before_first(sk, o, attachment, vertices, m)?;
        }
        return Ok(());
    }
    let n = c.frames.len();
    let (v1, v2, pct);
    if time >= c.f(n as isize - 1) {
        pct = 0.0;
        v1 = vertices.get(n.wrapping_sub(1)).and_then(Option::as_deref);
        v2 = None;
    } else {
        let frame = c.search(time);
        pct = percent(c, time, frame);
        let at = usize::try_from(frame).map_err(|_| pose_error(NO_VERTICES))?;
        v1 = vertices.get(at).and_then(Option::as_deref);
        v2 = Some(
            vertices
                .get(at + 1)
                .and_then(Option::as_deref)
                .ok_or_else(|| pose_error(NO_VERTICES))?,
        );
    }
    let v1 = v1.ok_or_else(|| pose_error(NO_VERTICES))?;
    let count = vertices
        .first()
        .and_then(Option::as_ref)
        .ok_or_else(|| pose_error(NO_VERTICES))?
        .len();
    for o in slots {
        to_slot(sk, o, attachment, v1, v2, pct, count, m);
    }
    Ok(())
}

fn before_first(
    sk: &mut Skeleton<'_>,
    s: usize,
    attachment: usize,
    vertices: &[Option<Vec<f32>>],
    m: Mix,
) -> Result<(), PoseError> {
    let Some(vd) = following_attachment(sk, s, attachment, m.applied)
        .and_then(|a| sk.data.attachments[a].vertex())
    else {
        return Ok(());
    };
    let deform = &mut sk.slots[s].pick_mut(m.applied).deform;
    let from = if deform.is_empty() {
        MixFrom::Setup
    } else {
        m.from
    };
    match from {
        MixFrom::Setup => deform.clear(),
        MixFrom::First => {
            if m.alpha == 1.0 {
                deform.clear();
                return Ok(());
            }
            let count = vertices
                .first()
                .and_then(Option::as_ref)
                .ok_or_else(|| pose_error(NO_VERTICES))?
                .len();
            deform.resize(count, f64::NAN);
            if vd.bones.is_none() {
                for (i, d) in deform.iter_mut().enumerate() {
                    *d += (at32(&vd.vertices, i) - *d) * m.alpha;
                }
            } else {
                let alpha = 1.0 - m.alpha;
                for d in deform.iter_mut() {
                    *d *= alpha;
                }
            }
        }
        MixFrom::Current => {}
    }
    Ok(())
}

#[allow(clippy::too_many_arguments)]
fn to_slot(
    sk: &mut Skeleton<'_>,
    s: usize,
    attachment: usize,
    v1: &[f32],
    v2: Option<&[f32]>,
    percent: f64,
    count: usize,
    m: Mix,
) {
    let Some(vd) = following_attachment(sk, s, attachment, m.applied)
        .and_then(|a| sk.data.attachments[a].vertex())
    else {
        return;
    };
    let weighted = vd.bones.is_some();
    let setup = &vd.vertices;
    let deform = &mut sk.slots[s].pick_mut(m.applied).deform;
    let from_setup = deform.is_empty() || m.from == MixFrom::Setup;
    deform.resize(count, f64::NAN);
    let (alpha, add) = (m.alpha, m.add);
    // The keyed value of vertex i at this time.
    let key = |i: usize| match v2 {
        None => at32(v1, i),
        Some(v2) => {
            let prev = at32(v1, i);
            prev + (at32(v2, i) - prev) * percent
        }
    };
    if alpha == 1.0 {
        if add && !from_setup {
            for (i, d) in deform.iter_mut().enumerate() {
                *d += if weighted {
                    key(i)
                } else {
                    key(i) - at32(setup, i)
                };
            }
        } else if v2.is_none() || percent == 0.0 {
            for (i, d) in deform.iter_mut().enumerate() {
                *d = at32(v1, i);
            }
        } else {
            for (i, d) in deform.iter_mut().enumerate() {
                *d = key(i);
            }
        }
    } else if from_setup {
        for (i, d) in deform.iter_mut().enumerate() {
            *d = if weighted {
                key(i) * alpha
            } else {
                let su = at32(setup, i);
                su + (key(i) - su) * alpha
            };
        }
    } else if add {
        for (i, d) in deform.iter_mut().enumerate() {
            *d += if weighted {
                key(i) * alpha
            } else {
                (key(i) - at32(setup, i)) * alpha
            };
        }
    } else {
        for (i, d) in deform.iter_mut().enumerate() {
            *d += (key(i) - *d) * alpha;
        }
    }
}
