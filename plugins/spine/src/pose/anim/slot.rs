//! Slot timelines: colour (rgba, rgb, alpha, rgba2, rgb2 — clamped to 0..1
//! where the runtime clamps), attachment, and sequence (every sequence mode).

use super::{Curves, Mix, MixFrom};
use crate::data::{AttachmentKind, Color, TimelineKind as K};
use crate::math::{js_max, js_min, to_int32};
use crate::pose::{pose_error, PoseError, Skeleton};

/// `v < 0 ? 0 : (v > 1 ? 1 : v)` (NaN stays NaN).
fn clamp01(v: f64) -> f64 {
    v.clamp(0.0, 1.0)
}

fn clamp_color(c: &mut Color) {
    c.r = clamp01(c.r);
    c.g = clamp01(c.g);
    c.b = clamp01(c.b);
    c.a = clamp01(c.a);
}

const NO_DARK: &str = "Cannot read properties of null (reading 'r')";

/// The colour timelines.
pub(super) fn color(
    sk: &mut Skeleton<'_>,
    kind: &K,
    s: usize,
    c: &Curves<'_>,
    time: f64,
    m: Mix,
) -> Result<(), PoseError> {
    let Some(slot) = sk.slots.get(s) else {
        return Ok(());
    };
    if !sk.bones[slot.bone].active {
        return Ok(());
    }
    let data = &sk.data.slots[s];
    let (setup, setup_dark) = (data.color, data.dark_color);
    let p = sk.slots[s].pick_mut(m.applied);
    let light = &mut p.color;
    let two = matches!(kind, K::Rgba2(_) | K::Rgb2(_));
    if two && (p.dark.is_none() || setup_dark.is_none()) {
        return Err(pose_error(NO_DARK));
    }
    let mut dummy = Color::ZERO;
    let dark = p.dark.as_mut().unwrap_or(&mut dummy);
    let sd = setup_dark.unwrap_or(Color::ZERO);
    let (alpha, from) = (m.alpha, m.from);
    if c.before_first(time) {
        match from {
            MixFrom::Setup => {
                match kind {
                    K::Rgba(_) | K::Rgba2(_) => *light = setup,
                    K::Rgb(_) | K::Rgb2(_) => {
                        light.r = setup.r;
                        light.g = setup.g;
                        light.b = setup.b;
                    }
                    _ => light.a = setup.a,
                }
                if two {
                    dark.r = sd.r;
                    dark.g = sd.g;
                    dark.b = sd.b;
                }
            }
            MixFrom::First => {
                if !matches!(kind, K::Alpha(_)) {
                    light.r += (setup.r - light.r) * alpha;
                    light.g += (setup.g - light.g) * alpha;
                    light.b += (setup.b - light.b) * alpha;
                }
                if matches!(kind, K::Rgba(_) | K::Rgba2(_) | K::Alpha(_)) {
                    light.a += (setup.a - light.a) * alpha;
                }
                if matches!(kind, K::Rgba(_) | K::Rgba2(_)) {
                    // `Color.add` clamps.
                    clamp_color(light);
                }
                if two {
                    dark.r += (sd.r - dark.r) * alpha;
                    dark.g += (sd.g - dark.g) * alpha;
                    dark.b += (sd.b - dark.b) * alpha;
                }
            }
            MixFrom::Current => {}
        }
        return Ok(());
    }
    if let K::Alpha(_) = kind {
        let mut a = c.curve_value(time);
        if alpha != 1.0 {
            a = if from == MixFrom::Setup {
                setup.a + (a - setup.a) * alpha
            } else {
                light.a + (a - light.a) * alpha
            };
        }
        light.a = clamp01(a);
        return Ok(());
    }
    let i = c.search(time);
    // Channels: r g b [a] [r2 g2 b2].
    let (has_a, v): (bool, [f64; 7]) = match kind {
        K::Rgba(_) => {
            let [r, g, b, a] = c.values::<4>(time, i);
            (true, [r, g, b, a, 0.0, 0.0, 0.0])
        }
        K::Rgb(_) => {
            let [r, g, b] = c.values::<3>(time, i);
            (false, [r, g, b, 0.0, 0.0, 0.0, 0.0])
        }
        K::Rgba2(_) => (true, c.values::<7>(time, i)),
        _ => {
            let [r, g, b, r2, g2, b2] = c.values::<6>(time, i);
            (false, [r, g, b, 0.0, r2, g2, b2])
        }
    };
    let [mut r, mut g, mut b, a, mut r2, mut g2, mut b2] = v;
    if has_a {
        // `Color.set` and `Color.add` clamp.
        if alpha == 1.0 {
            *light = Color::new(r, g, b, a);
        } else if from == MixFrom::Setup {
            *light = Color::new(
                setup.r + (r - setup.r) * alpha,
                setup.g + (g - setup.g) * alpha,
                setup.b + (b - setup.b) * alpha,
                setup.a + (a - setup.a) * alpha,
            );
            if two {
                r2 = sd.r + (r2 - sd.r) * alpha;
                g2 = sd.g + (g2 - sd.g) * alpha;
                b2 = sd.b + (b2 - sd.b) * alpha;
            }
        } else {
            light.r += (r - light.r) * alpha;
            light.g += (g - light.g) * alpha;
            light.b += (b - light.b) * alpha;
            light.a += (a - light.a) * alpha;
            if two {
                r2 = dark.r + (r2 - dark.r) * alpha;
                g2 = dark.g + (g2 - dark.g) * alpha;
                b2 = dark.b + (b2 - dark.b) * alpha;
            }
        }
        clamp_color(light);
    } else {
        if alpha != 1.0 {
            let base = if from == MixFrom::Setup {
                setup
            } else {
                *light
            };
            r = base.r + (r - base.r) * alpha;
            g = base.g + (g - base.g) * alpha;
            b = base.b + (b - base.b) * alpha;
            if two {
                let d = if from == MixFrom::Setup { sd } else { *dark };
                r2 = d.r + (r2 - d.r) * alpha;
                g2 = d.g + (g2 - d.g) * alpha;
                b2 = d.b + (b2 - d.b) * alpha;
            }
        }
        light.r = clamp01(r);
        light.g = clamp01(g);
        light.b = clamp01(b);
    }
    if two {
        dark.r = clamp01(r2);
        dark.g = clamp01(g2);
        dark.b = clamp01(b2);
    }
    Ok(())
}

/// `AttachmentTimeline.apply`.
pub(super) fn attachment(
    sk: &mut Skeleton<'_>,
    s: usize,
    names: &[Option<String>],
    c: &Curves<'_>,
    time: f64,
    m: Mix,
) {
    let Some(slot) = sk.slots.get(s) else {
        return;
    };
    if !sk.bones[slot.bone].active {
        return;
    }
    let name: Option<&str> = if m.out || c.before_first(time) {
        if m.from == MixFrom::Current {
            return;
        }
        sk.data.slots[s].attachment_name.as_deref()
    } else {
        let i = c.search(time);
        if i < 0 {
            None
        } else {
            names.get(i as usize).and_then(|n| n.as_deref())
        }
    };
    let a = name
        .filter(|n| !n.is_empty())
        .and_then(|n| sk.get_attachment(s, n));
    sk.set_attachment(s, a, m.applied);
}

/// The slot's (picked) attachment when the slot is active and the attachment
/// follows `timeline`'s timelines; `None` otherwise.
pub(super) fn following_attachment(
    sk: &Skeleton<'_>,
    s: usize,
    timeline: usize,
    applied: bool,
) -> Option<usize> {
    let slot = sk.slots.get(s)?;
    let current = slot.pick(applied).attachment;
    (sk.bones[slot.bone].active && sk.timeline_of(current) == Some(timeline))
        .then_some(current)
        .flatten()
}

/// Whether the slot is active and its (picked) attachment follows `timeline`.
fn follows(sk: &Skeleton<'_>, s: usize, timeline: usize, applied: bool) -> bool {
    following_attachment(sk, s, timeline, applied).is_some()
}

/// The slots an attachment timeline on slot `s` writes — `s`, then every
/// slot whose attachment follows `attachment`'s timelines — or `None` when
/// the timeline is not active (`isTimelineActive`) or names no attachment.
pub(super) fn timeline_slots<'a>(
    sk: &Skeleton<'a>,
    s: usize,
    attachment: usize,
    applied: bool,
) -> Option<impl Iterator<Item = usize> + Clone + 'a> {
    let data = sk.data;
    if attachment >= data.attachments.len() || !timeline_active(sk, s, attachment, applied) {
        return None;
    }
    // Borrowed from the data, not the skeleton: the caller writes the slots.
    let followers = data.attachments[attachment].timeline_slots.iter();
    Some(std::iter::once(s).chain(followers.copied()))
}

/// `Attachment.isTimelineActive`.
fn timeline_active(sk: &Skeleton<'_>, s: usize, attachment: usize, applied: bool) -> bool {
    follows(sk, s, attachment, applied)
        || sk.data.attachments[attachment]
            .timeline_slots
            .iter()
            .any(|&o| follows(sk, o, attachment, applied))
}

/// `SequenceTimeline.apply`.
pub(super) fn sequence(
    sk: &mut Skeleton<'_>,
    s: usize,
    attachment: usize,
    c: &Curves<'_>,
    time: f64,
    m: Mix,
) -> Result<(), PoseError> {
    let Some(slots) = timeline_slots(sk, s, attachment, m.applied) else {
        return Ok(());
    };
    if m.out || c.before_first(time) {
        if m.from != MixFrom::Current {
            for o in slots.clone() {
                if follows(sk, o, attachment, m.applied) {
                    sk.slots[o].pick_mut(m.applied).sequence_index = -1.0;
                }
            }
        }
        return Ok(());
    }
    let i = c.search(time);
    let before = c.f(i);
    let mode_and_index = c.f(i + 1);
    let delay = c.f(i + 2);
    for o in slots {
        if !follows(sk, o, attachment, m.applied) {
            continue;
        }
        let Some(a) = sk.slots[o].pick(m.applied).attachment else {
            continue;
        };
        let count = match &sk.data.attachments[a].kind {
            AttachmentKind::Region(r) => r.sequence.regions.len() as f64,
            AttachmentKind::Mesh(mesh) => mesh.sequence.regions.len() as f64,
            _ => {
                return Err(pose_error(
                    "Cannot read properties of undefined (reading 'regions')",
                ))
            }
        };
        let packed = to_int32(mode_and_index);
        let mut index = f64::from(packed >> 4);
        let mode = packed & 0xf;
        if mode != 0 {
            index += f64::from(to_int32((time - before) / delay + 0.00001));
            let ci = to_int32(count);
            index = match mode {
                1 => js_min(count - 1.0, index),
                2 => index % count,
                3 => {
                    let n = f64::from(ci.wrapping_shl(1).wrapping_sub(2));
                    let k = if n == 0.0 { 0.0 } else { index % n };
                    if k >= count {
                        n - k
                    } else {
                        k
                    }
                }
                4 => js_max(count - 1.0 - index, 0.0),
                5 => count - 1.0 - (index % count),
                6 => {
                    let n = f64::from(ci.wrapping_shl(1).wrapping_sub(2));
                    let k = if n == 0.0 {
                        0.0
                    } else {
                        (index + count - 1.0) % n
                    };
                    if k >= count {
                        n - k
                    } else {
                        k
                    }
                }
                _ => index,
            };
        }
        sk.slots[o].pick_mut(m.applied).sequence_index = index;
    }
    Ok(())
}
