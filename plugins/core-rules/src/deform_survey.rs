//! This module owns A39's measuring machinery (GATE.md §4.11): how a deform
//! key is **reached** (posed on track 0, or through a slider by inverting its
//! mapping), how a posed mesh is **measured** against the same posed bones with
//! the deform cleared (signed areas, the band, reversed and collapsed
//! triangles, the draw state), and the **span solver** that finds, in closed
//! form, the fractions between two keys where a triangle is inside out and
//! maps them to times through the runtime's deform curve.
//!
//! Everything here is total: the poser's errors are values, indices are read
//! with `get`, and non-finite numbers measure as nothing.

use crate::posing::fresh;
use rigc_sdk::spine::data::{
    AttachmentKind, ConstraintKind, CurveType, Property, Timeline, BEZIER_SIZE,
};
use rigc_sdk::spine::pose::{ConstraintPose, Physics, Plans, PoseError, Skeleton};
use rigc_sdk::spine::SkeletonData;

/// `x > y`, false when either is `NaN` (so `!above(x, y)` reads "not beyond").
pub(crate) fn above(x: f64, y: f64) -> bool {
    x > y
}

/// How an animation is applied: played on track 0, or by a slider.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reach {
    /// Nothing applies it: posed on a fresh track.
    Track,
    /// The slider at this `constraints` index applies it.
    Slider(usize),
}

/// The reach frames of animation `a`: one per slider that applies it, or
/// track 0 when none does.
pub(crate) fn reaches(data: &SkeletonData, a: usize) -> Vec<Reach> {
    let sliders: Vec<Reach> = data
        .constraints
        .iter()
        .enumerate()
        .filter(|(_, c)| matches!(&c.kind, ConstraintKind::Slider(s) if s.animation == Some(a)))
        .map(|(i, _)| Reach::Slider(i))
        .collect();
    if sliders.is_empty() {
        vec![Reach::Track]
    } else {
        sliders
    }
}

/// A pose at one time in one reach frame.
pub(crate) struct Posed<'d> {
    /// The posed skeleton (world transforms current).
    pub sk: Skeleton<'d>,
    /// Whether the pose is the animation at the asked time (a slider's dial
    /// may not be able to say that time).
    pub reachable: bool,
}

/// The slider times the runtime applies, wrapped as `Animation.apply` wraps a
/// looping time.
fn applied_time(looped: bool, duration: f64, t: f64) -> f64 {
    if looped && duration != 0.0 {
        t % duration
    } else {
        t
    }
}

/// The slider's applied time after an update.
fn slider_time(sk: &Skeleton<'_>, c: usize) -> f64 {
    match sk.constraints.get(c).map(|c| c.applied()) {
        Some(ConstraintPose::Slider(p)) => p.time,
        _ => f64::NAN,
    }
}

/// Sets the local field of `bone` a slider property reads.
fn set_field(sk: &mut Skeleton<'_>, bone: usize, property: Property, v: f64) {
    let Some(b) = sk.bones.get_mut(bone) else {
        return;
    };
    let p = &mut b.pose;
    match property {
        Property::Rotate => p.rotation = v,
        Property::X => p.x = v,
        Property::Y => p.y = v,
        Property::ScaleX => p.scale_x = v,
        Property::ScaleY => p.scale_y = v,
        Property::ShearY => p.shear_y = v,
    }
}

/// The local field's setup value.
fn field(sk: &Skeleton<'_>, bone: usize, property: Property) -> f64 {
    let Some(b) = sk.bones.get(bone) else {
        return f64::NAN;
    };
    let p = &b.pose;
    match property {
        Property::Rotate => p.rotation,
        Property::X => p.x,
        Property::Y => p.y,
        Property::ScaleX => p.scale_x,
        Property::ScaleY => p.scale_y,
        Property::ShearY => p.shear_y,
    }
}

/// Animation `anim` at `t` in the reach frame `reach`.
pub(crate) fn pose_in<'d>(
    data: &'d SkeletonData,
    plans: &'d Plans,
    anim: usize,
    reach: Reach,
    t: f64,
) -> Result<Posed<'d>, PoseError> {
    let c = match reach {
        Reach::Track => {
            return Ok(Posed {
                sk: crate::posing::posed_at(data, plans, anim, t, None, Physics::None)?,
                reachable: true,
            })
        }
        Reach::Slider(c) => c,
    };
    let Some(ConstraintKind::Slider(sd)) = data.constraints.get(c).map(|x| &x.kind) else {
        return Ok(Posed {
            sk: crate::posing::posed_at(data, plans, anim, t, None, Physics::None)?,
            reachable: true,
        });
    };
    let duration = data.animations.get(anim).map_or(0.0, |a| a.duration);
    let want = applied_time(sd.looped, duration, t);
    let tolerance = 1e-6 * want.abs().max(1.0);
    let off = |sk: &Skeleton<'_>| applied_time(sd.looped, duration, slider_time(sk, c)) - want;
    let (bone, property) = match (sd.bone, sd.property.as_ref()) {
        (Some(b), Some(p)) => (b, p),
        _ => {
            // A time slider: its time is a pose value.
            let mut sk = fresh(data, plans, None)?;
            if let Some(ConstraintPose::Slider(p)) = sk.constraints.get_mut(c).map(|x| &mut x.pose)
            {
                p.time = t;
            }
            sk.update_world_transform_with(Physics::None)?;
            let reachable = off(&sk).abs() <= tolerance;
            return Ok(Posed { sk, reachable });
        }
    };
    // A dial: time = to + (value − from) × scale, solved for the value.
    let value = property.offset + (t - sd.offset) / sd.scale;
    let at = |x: f64| -> Result<Skeleton<'d>, PoseError> {
        let mut sk = fresh(data, plans, None)?;
        set_field(&mut sk, bone, property.property, x);
        sk.update_world_transform_with(Physics::None)?;
        Ok(sk)
    };
    if !value.is_finite() {
        return Ok(Posed {
            sk: at(field(&fresh(data, plans, None)?, bone, property.property))?,
            reachable: false,
        });
    }
    if sd.local {
        let sk = at(value)?;
        let reachable = off(&sk).abs() <= tolerance;
        return Ok(Posed { sk, reachable });
    }
    // A world property: move the local field until the runtime reads the
    // value (secant steps on the applied time).
    let mut x0 = value;
    let mut sk = at(x0)?;
    let mut g0 = off(&sk);
    let mut x1 = x0
        + if sd.scale.is_finite() && sd.scale != 0.0 {
            -g0 / sd.scale
        } else {
            1.0
        };
    for _ in 0..16 {
        if g0.abs() <= tolerance || !x1.is_finite() {
            break;
        }
        let next = at(x1)?;
        let g1 = off(&next);
        sk = next;
        if g1.abs() <= tolerance || g1 == g0 || !g1.is_finite() {
            g0 = g1;
            break;
        }
        let x2 = x1 - g1 * (x1 - x0) / (g1 - g0);
        (x0, g0, x1) = (x1, g1, x2);
    }
    let reachable = g0.abs() <= tolerance || off(&sk).abs() <= tolerance;
    Ok(Posed { sk, reachable })
}

/// One reversed triangle.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Reversal {
    /// The triangle's index in the mesh's triangle list.
    pub index: usize,
    /// Its vertex indices.
    pub vertices: [usize; 3],
    /// Its signed area with the deform cleared, px².
    pub before: f64,
    /// Its signed area deformed, px².
    pub after: f64,
}

/// What one posed key (or probe) shows.
#[derive(Debug, Clone, PartialEq, Default)]
pub(crate) struct Measure {
    /// The slot shows this timeline's mesh (a linked mesh counts as its source).
    pub shown: bool,
    /// Slot alpha × attachment alpha.
    pub alpha: f64,
    /// The slot's alpha alone.
    pub slot_alpha: f64,
    /// The shown mesh's own alpha (1 when nothing is shown).
    pub attachment_alpha: f64,
    /// Triangles in the mesh.
    pub total: usize,
    /// Triangles with a winding (plain area beyond the band).
    pub measured: usize,
    /// Reversed triangles, in triangle order.
    pub reversed: Vec<Reversal>,
    /// Triangles that collapsed into the band (counted, not gated).
    pub collapsed: usize,
}

impl Measure {
    /// Draws nothing: another attachment, none, or alpha exactly 0.
    pub(crate) fn blank(&self) -> bool {
        !self.shown || self.alpha == 0.0
    }
}

/// The mesh a timeline keys and its triangles, when it is a mesh with some.
pub(crate) fn triangles(data: &SkeletonData, attachment: usize) -> Option<Vec<[usize; 3]>> {
    let AttachmentKind::Mesh(m) = &data.attachments.get(attachment)?.kind else {
        return None;
    };
    let tris = m.triangles.as_ref()?;
    let out: Vec<[usize; 3]> = tris
        .chunks_exact(3)
        .filter_map(|c| {
            let i = |k: usize| {
                c.get(k)
                    .filter(|v| **v >= 0.0 && v.fract() == 0.0)
                    .map(|v| *v as usize)
            };
            Some([i(0)?, i(1)?, i(2)?])
        })
        .collect();
    (!out.is_empty()).then_some(out)
}

/// The signed area of a triangle of a world-vertex array (`NaN` when an index
/// is out of range).
pub(crate) fn area(w: &[f64], t: [usize; 3]) -> f64 {
    let p = |v: usize| {
        (
            w.get(2 * v).copied().unwrap_or(f64::NAN),
            w.get(2 * v + 1).copied().unwrap_or(f64::NAN),
        )
    };
    let [(x0, y0), (x1, y1), (x2, y2)] = t.map(p);
    0.5 * ((x1 - x0) * (y2 - y0) - (x2 - x0) * (y1 - y0))
}

/// The band: `max(1e-6 × the largest |plain area|, 4·C²·2⁻²⁴)`, C the largest
/// |coordinate| among the arrays compared.
pub(crate) fn band(plain: &[f64], arrays: &[&[f64]]) -> f64 {
    let largest = plain
        .iter()
        .filter(|a| a.is_finite())
        .fold(0.0f64, |m, a| m.max(a.abs()));
    let c = arrays
        .iter()
        .flat_map(|a| a.iter())
        .filter(|v| v.is_finite())
        .fold(0.0f64, |m, v| m.max(v.abs()));
    (1e-6 * largest).max(4.0 * c * c * 2f64.powi(-24))
}

/// The slot's applied deform (what the attachment is drawn with), swapped.
fn swap_deform(sk: &mut Skeleton<'_>, s: usize, deform: &mut Vec<f64>) {
    if let Some(slot) = sk.slots.get_mut(s) {
        let p = if slot.constrained_applied {
            &mut slot.constrained
        } else {
            &mut slot.pose
        };
        std::mem::swap(&mut p.deform, deform);
    }
}

/// World vertices of the mesh `attachment` in slot `s` with the slot's deform
/// replaced by `deform` for the call.
pub(crate) fn world_with(
    sk: &mut Skeleton<'_>,
    s: usize,
    attachment: usize,
    mut deform: Vec<f64>,
) -> Result<Vec<f64>, PoseError> {
    let data = sk.data;
    let Some(v) = data.attachments.get(attachment).and_then(|a| a.vertex()) else {
        return Ok(Vec::new());
    };
    swap_deform(sk, s, &mut deform);
    let out = sk.vertex_world(s, v);
    swap_deform(sk, s, &mut deform);
    out
}

/// Measures a posed slot against timeline attachment `timeline`.
pub(crate) fn measure(
    sk: &mut Skeleton<'_>,
    s: usize,
    timeline: usize,
) -> Result<Measure, PoseError> {
    measure_shot(sk, s, timeline).map(|(m, _)| m)
}

/// What [`measure`] compared, when the slot shows the timeline's mesh and it
/// has triangles: the world vertices with the deform cleared and applied,
/// the triangles, their signed areas on both sides, and the band.
#[derive(Debug, Clone, PartialEq, Default)]
pub(crate) struct Geometry {
    /// World vertices, deform cleared (x, y pairs).
    pub plain: Vec<f64>,
    /// World vertices, deformed.
    pub deformed: Vec<f64>,
    /// The mesh's triangles.
    pub triangles: Vec<[usize; 3]>,
    /// Each triangle's signed area, deform cleared, px².
    pub before: Vec<f64>,
    /// Each triangle's signed area, deformed, px².
    pub after: Vec<f64>,
    /// The band (GATE.md §4.11 step 4), px².
    pub band: f64,
}

/// [`measure`], with the geometry it compared.
pub(crate) fn measure_shot(
    sk: &mut Skeleton<'_>,
    s: usize,
    timeline: usize,
) -> Result<(Measure, Option<Geometry>), PoseError> {
    let data = sk.data;
    let Some(slot) = sk.slots.get(s) else {
        return Ok((Measure::default(), None));
    };
    let pose = slot.applied();
    let shown_index = pose.attachment;
    let slot_alpha = pose.color.a;
    let deform = pose.deform.clone();
    let shown = shown_index
        .and_then(|a| data.attachments.get(a).map(|x| (a, x)))
        .filter(|(a, x)| *a == timeline || x.timeline_attachment == timeline);
    let unshown = Measure {
        alpha: slot_alpha,
        slot_alpha,
        attachment_alpha: 1.0,
        ..Measure::default()
    };
    let Some((index, att)) = shown else {
        return Ok((unshown, None));
    };
    let AttachmentKind::Mesh(mesh) = &att.kind else {
        return Ok((unshown, None));
    };
    let alpha = slot_alpha * mesh.color.a;
    let Some(tris) = triangles(data, index) else {
        return Ok((
            Measure {
                shown: true,
                alpha,
                slot_alpha,
                attachment_alpha: mesh.color.a,
                ..Measure::default()
            },
            None,
        ));
    };
    let deformed = world_with(sk, s, index, deform)?;
    let plain = world_with(sk, s, index, Vec::new())?;
    let before: Vec<f64> = tris.iter().map(|&t| area(&plain, t)).collect();
    let after: Vec<f64> = tris.iter().map(|&t| area(&deformed, t)).collect();
    let b = band(&before, &[&plain, &deformed]);
    let mut m = Measure {
        shown: true,
        alpha,
        slot_alpha,
        attachment_alpha: mesh.color.a,
        total: tris.len(),
        ..Measure::default()
    };
    for (i, ((&t, &p), &d)) in tris.iter().zip(&before).zip(&after).enumerate() {
        if !above(p.abs(), b) {
            continue;
        }
        m.measured += 1;
        if p.signum() * d < -b {
            m.reversed.push(Reversal {
                index: i,
                vertices: t,
                before: p,
                after: d,
            });
        } else if !above(d.abs(), b) {
            m.collapsed += 1;
        }
    }
    let geometry = Geometry {
        plain,
        deformed,
        triangles: tris,
        before,
        after,
        band: b,
    };
    Ok((m, Some(geometry)))
}

/// The fractions in `[lo, hi]` where `s·(c0 + c1·p + c2·p²) + band < 0`
/// (reversed by more than the band), as open windows.
pub(crate) fn wrong_windows(c: [f64; 3], s: f64, band: f64, lo: f64, hi: f64) -> Vec<(f64, f64)> {
    let (a, b, k) = (s * c[2], s * c[1], s * c[0] + band);
    let clip = |w: (f64, f64)| {
        let (x, y) = (w.0.max(lo), w.1.min(hi));
        (x < y).then_some((x, y))
    };
    let raw: Vec<(f64, f64)> = if a == 0.0 {
        if b == 0.0 {
            if k < 0.0 {
                vec![(f64::NEG_INFINITY, f64::INFINITY)]
            } else {
                Vec::new()
            }
        } else if b > 0.0 {
            vec![(f64::NEG_INFINITY, -k / b)]
        } else {
            vec![(-k / b, f64::INFINITY)]
        }
    } else {
        let disc = b * b - 4.0 * a * k;
        if !above(disc, 0.0) {
            if a < 0.0 {
                vec![(f64::NEG_INFINITY, f64::INFINITY)]
            } else {
                Vec::new()
            }
        } else {
            let sign = if b >= 0.0 { 1.0 } else { -1.0 };
            let q = -0.5 * (b + sign * disc.sqrt());
            let (x, y) = (q / a, k / q);
            let (r1, r2) = (x.min(y), x.max(y));
            if a > 0.0 {
                vec![(r1, r2)]
            } else {
                vec![(f64::NEG_INFINITY, r1), (r2, f64::INFINITY)]
            }
        }
    };
    raw.into_iter().filter_map(clip).collect()
}

/// The quadratic of a triangle's signed area along `W(p) = A + p(B − A)`:
/// `[c0, c1, c2]`.
pub(crate) fn area_quadratic(wa: &[f64], wb: &[f64], t: [usize; 3]) -> [f64; 3] {
    let p = |w: &[f64], v: usize| {
        (
            w.get(2 * v).copied().unwrap_or(f64::NAN),
            w.get(2 * v + 1).copied().unwrap_or(f64::NAN),
        )
    };
    let [a0, a1, a2] = t.map(|v| p(wa, v));
    let [b0, b1, b2] = t.map(|v| p(wb, v));
    let e1 = (a1.0 - a0.0, a1.1 - a0.1);
    let e2 = (a2.0 - a0.0, a2.1 - a0.1);
    let d1 = ((b1.0 - b0.0) - e1.0, (b1.1 - b0.1) - e1.1);
    let d2 = ((b2.0 - b0.0) - e2.0, (b2.1 - b0.1) - e2.1);
    let cross = |u: (f64, f64), v: (f64, f64)| u.0 * v.1 - u.1 * v.0;
    [
        0.5 * cross(e1, e2),
        0.5 * (cross(e1, d2) + cross(d1, e2)),
        0.5 * cross(d1, d2),
    ]
}

/// The runtime's deform curve from key `k` (time `t0`) to the next (`t1`) as a
/// polyline of (time, fraction) points; `None` for a stepped curve.
pub(crate) fn curve_polyline(t: &Timeline, k: usize, t0: f64, t1: f64) -> Option<Vec<(f64, f64)>> {
    match t.curve_type(k).unwrap_or(CurveType::Linear) {
        CurveType::Stepped => None,
        CurveType::Linear => Some(vec![(t0, 0.0), (t1, 1.0)]),
        CurveType::Bezier(i) => {
            let mut out = vec![(t0, 0.0)];
            for m in 0..BEZIER_SIZE / 2 {
                let x = t.curves.get(i + 2 * m).map_or(f64::NAN, |&v| f64::from(v));
                let y = t
                    .curves
                    .get(i + 2 * m + 1)
                    .map_or(f64::NAN, |&v| f64::from(v));
                out.push((x, y));
            }
            out.push((t1, 1.0));
            Some(out)
        }
    }
}

/// The fraction range a polyline reaches.
pub(crate) fn reached(poly: &[(f64, f64)]) -> (f64, f64) {
    poly.iter()
        .filter(|p| p.1.is_finite())
        .fold((0.0f64, 1.0f64), |(lo, hi), p| (lo.min(p.1), hi.max(p.1)))
}

/// The times strictly inside `(t0, t1)` where the polyline's fraction lies in
/// one of `windows`, merged.
pub(crate) fn times_in(
    poly: &[(f64, f64)],
    windows: &[(f64, f64)],
    t0: f64,
    t1: f64,
) -> Vec<(f64, f64)> {
    let mut out = Vec::new();
    for seg in poly.windows(2) {
        let (Some(&(x0, y0)), Some(&(x1, y1))) = (seg.first(), seg.get(1)) else {
            continue;
        };
        if !above(x1, x0) || !y0.is_finite() || !y1.is_finite() {
            continue;
        }
        for &(lo, hi) in windows {
            if y0 == y1 {
                if lo < y0 && y0 < hi {
                    out.push((x0, x1));
                }
                continue;
            }
            let (plo, phi) = (lo.max(y0.min(y1)), hi.min(y0.max(y1)));
            if !above(phi, plo) {
                continue;
            }
            let at = |p: f64| x0 + (p - y0) * (x1 - x0) / (y1 - y0);
            let (a, b) = (at(plo), at(phi));
            out.push((a.min(b), a.max(b)));
        }
    }
    let clipped: Vec<(f64, f64)> = out
        .into_iter()
        .map(|(a, b)| (a.max(t0), b.min(t1)))
        .filter(|(a, b)| a < b)
        .collect();
    merge(clipped)
}

/// The union of intervals, sorted.
pub(crate) fn merge(mut v: Vec<(f64, f64)>) -> Vec<(f64, f64)> {
    v.sort_by(|a, b| a.0.total_cmp(&b.0));
    let mut out: Vec<(f64, f64)> = Vec::new();
    for (a, b) in v {
        match out.last_mut() {
            Some(last) if a <= last.1 => last.1 = last.1.max(b),
            _ => out.push((a, b)),
        }
    }
    out
}

#[cfg(test)]
#[path = "deform_survey_tests.rs"]
mod tests;
