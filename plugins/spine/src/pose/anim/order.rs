//! Event timelines (fire the keys in `(lastTime, time]`, wrapping for looped
//! animations) and draw-order timelines (whole order and folder orders).

use super::{Curves, Mix, MixFrom};
use crate::data::Event;
use crate::pose::{pose_error, PoseError, Skeleton};

const NO_SLOT: &str = "Cannot read properties of undefined (reading 'data')";

/// `EventTimeline.apply`.
pub(super) fn events<'a>(
    list: &'a [Event],
    c: &Curves<'_>,
    mut last_time: f64,
    time: f64,
    out: &mut Vec<&'a Event>,
) {
    let n = c.frames.len();
    if last_time > time {
        events(list, c, last_time, f64::MAX, out);
        last_time = -1.0;
    } else if last_time >= c.f(n as isize - 1) {
        return;
    }
    if time < c.f(0) {
        return;
    }
    let mut i: usize = if last_time < c.f(0) {
        0
    } else {
        let mut i = (c.search(last_time) + 1).max(0) as usize;
        let frame_time = c.f(i as isize);
        while i > 0 {
            if c.f(i as isize - 1) != frame_time {
                break;
            }
            i -= 1;
        }
        i
    };
    while i < n && time >= c.f(i as isize) {
        if let Some(e) = list.get(i) {
            out.push(e);
        }
        i += 1;
    }
}

fn setup_order(pose: &mut Vec<usize>, n: usize) {
    pose.clear();
    pose.extend(0..n);
}

/// `DrawOrderTimeline.apply`.
pub(super) fn draw_order(
    sk: &mut Skeleton<'_>,
    orders: &[Option<Vec<Option<usize>>>],
    c: &Curves<'_>,
    time: f64,
    m: Mix,
) -> Result<(), PoseError> {
    let n = sk.slots.len();
    let pose = pick_order(sk, m.applied);
    if m.out || c.before_first(time) {
        if m.from != MixFrom::Current {
            setup_order(pose, n);
        }
        return Ok(());
    }
    let i = c.search(time);
    match (i >= 0).then(|| orders.get(i as usize)).flatten() {
        Some(Some(order)) => {
            for (k, &o) in order.iter().enumerate() {
                let slot = o.filter(|&o| o < n).ok_or_else(|| pose_error(NO_SLOT))?;
                if k < pose.len() {
                    pose[k] = slot;
                } else {
                    pose.push(slot);
                }
            }
        }
        _ => setup_order(pose, n),
    }
    Ok(())
}

fn pick_order<'s>(sk: &'s mut Skeleton<'_>, applied: bool) -> &'s mut Vec<usize> {
    if applied && sk.draw_order_constrained_applied {
        &mut sk.draw_order_constrained
    } else {
        &mut sk.draw_order
    }
}

/// `DrawOrderFolderTimeline.apply`.
pub(super) fn folder(
    sk: &mut Skeleton<'_>,
    slots: &[usize],
    orders: &[Option<Vec<Option<usize>>>],
    c: &Curves<'_>,
    time: f64,
    m: Mix,
) -> Result<(), PoseError> {
    let n = sk.slots.len();
    let mut in_folder = vec![false; n];
    for &s in slots {
        if s < n {
            in_folder[s] = true;
        }
    }
    let pose = pick_order(sk, m.applied);
    let order = if m.out || c.before_first(time) {
        if m.from == MixFrom::Current {
            return Ok(());
        }
        None
    } else {
        let i = c.search(time);
        (i >= 0)
            .then(|| orders.get(i as usize))
            .flatten()
            .and_then(Option::as_ref)
    };
    let done = slots.len();
    let mut found = 0;
    let mut i = 0;
    loop {
        let at = pose.get(i).copied().ok_or_else(|| pose_error(NO_SLOT))?;
        if in_folder.get(at).copied().unwrap_or(false) {
            let k = match order {
                Some(order) => order
                    .get(found)
                    .copied()
                    .flatten()
                    .ok_or_else(|| pose_error(NO_SLOT))?,
                None => found,
            };
            pose[i] = slots
                .get(k)
                .copied()
                .filter(|&s| s < n)
                .ok_or_else(|| pose_error(NO_SLOT))?;
            found += 1;
            if found == done {
                break;
            }
        }
        i += 1;
    }
    Ok(())
}
