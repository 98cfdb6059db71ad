//! This module owns the figures `rigc explain` prints in its `DEFORM` block
//! (FORMAT.md §6.6, FACE.md §9.2), measured with A39's own machinery
//! (`deform_survey`): the same deform timelines, the same reach frames, each
//! key posed at its own time and measured against the same posed bones with
//! the deform cleared, the same band and the same reversed / collapsed
//! verdicts — so the block's counts and A39's cannot disagree. On top of
//! A39's verdicts it reads, per key, how far the vertices moved, each
//! triangle's area ratio and the two singular values of the map from its
//! cleared shape to its deformed one.
//!
//! It prints nothing: the host's `explain` renders these values.

use crate::deform_survey::{above, measure_shot, pose_in, reaches, triangles, Geometry, Measure};
use crate::posing::{key_times, threw};
use rigc_sdk::spine::data::{Timeline, TimelineKind};
use rigc_sdk::spine::pose::Plans;
use rigc_sdk::spine::SkeletonData;
use serde::Serialize;

pub use crate::deform_survey::Reach;

/// One deform timeline on a mesh with triangles, in one reach frame — a
/// frame A39 measures unless the slot is declared in
/// `invariants.deformMayFold`.
#[derive(Debug, Clone, Copy)]
pub struct DeformFrame<'d> {
    /// The animation's index.
    pub anim: usize,
    /// The deform timeline.
    pub timeline: &'d Timeline,
    /// The slot's index.
    pub slot: usize,
    /// The timeline's attachment (a linked mesh's source).
    pub attachment: usize,
    /// How the animation is applied.
    pub reach: Reach,
}

/// Every deform timeline of `data` that keys a mesh with triangles, once per
/// reach frame, in animation then timeline order (A39's frames, before the
/// exemption).
pub fn deform_frames(data: &SkeletonData) -> Vec<DeformFrame<'_>> {
    let mut out = Vec::new();
    for (a, anim) in data.animations.iter().enumerate() {
        for t in &anim.timelines {
            let TimelineKind::Deform {
                slot, attachment, ..
            } = t.kind
            else {
                continue;
            };
            if triangles(data, attachment).is_none() {
                continue;
            }
            for reach in reaches(data, a) {
                out.push(DeformFrame {
                    anim: a,
                    timeline: t,
                    slot,
                    attachment,
                    reach,
                });
            }
        }
    }
    out
}

/// A figure and where it was read: a vertex or a triangle index.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Extreme {
    /// The value.
    pub value: f64,
    /// The vertex or triangle index.
    pub at: usize,
}

/// What one deform key does to the geometry at its own time.
#[derive(Debug, Clone, PartialEq, Default, Serialize)]
pub struct KeyFigures {
    /// The key's index (the index A39 names).
    pub key: usize,
    /// Its stored time.
    pub time: f64,
    /// The animation is at this time in the frame (a slider's dial may not
    /// reach it); an unreachable key is measured, never counted.
    pub reachable: bool,
    /// The slot shows this timeline's mesh at that time.
    pub shown: bool,
    /// The slot's alpha.
    pub slot_alpha: f64,
    /// The shown mesh's own alpha.
    pub attachment_alpha: f64,
    /// Slot alpha × attachment alpha.
    pub alpha: f64,
    /// The mesh's vertices.
    pub vertices: usize,
    /// Vertices whose world position the deform changes.
    pub moved: usize,
    /// The largest world displacement, px, and its vertex.
    pub worst_move: Option<Extreme>,
    /// The mesh's triangles.
    pub triangles: usize,
    /// Triangles with a winding (cleared area beyond the band).
    pub measured: usize,
    /// The band, px².
    pub band: f64,
    /// The smallest signed area ratio (deformed ÷ cleared); negative is reversed.
    pub area_min: Option<Extreme>,
    /// The largest signed area ratio.
    pub area_max: Option<Extreme>,
    /// The largest singular value of a triangle's cleared → deformed map.
    pub stretch_max: Option<Extreme>,
    /// The smallest singular value of a triangle's cleared → deformed map.
    pub squash_min: Option<Extreme>,
    /// Reversed triangles (A39's count).
    pub reversed: usize,
    /// Triangles collapsed into the band (A39's count).
    pub collapsed: usize,
}

impl KeyFigures {
    /// Draws nothing: another attachment, none, or alpha exactly 0 (A39's
    /// `deformKeysNotDrawn`).
    pub fn blank(&self) -> bool {
        !self.shown || self.alpha == 0.0
    }

    /// Triangles kept: measured, neither reversed nor collapsed.
    pub fn kept(&self) -> usize {
        self.measured
            .saturating_sub(self.reversed)
            .saturating_sub(self.collapsed)
    }
}

/// Each key of `frame`, measured at its own time: its figures, or what the
/// runtime threw while posing it.
pub fn key_figures(
    data: &SkeletonData,
    plans: &Plans,
    frame: &DeformFrame<'_>,
) -> Vec<Result<KeyFigures, String>> {
    key_times(frame.timeline)
        .into_iter()
        .enumerate()
        .map(|(k, t)| {
            let mut posed =
                pose_in(data, plans, frame.anim, frame.reach, t).map_err(|e| threw(&e))?;
            let (m, g) =
                measure_shot(&mut posed.sk, frame.slot, frame.attachment).map_err(|e| threw(&e))?;
            Ok(figures(k, t, posed.reachable, &m, g.as_ref()))
        })
        .collect()
}

/// The figures of one measured key.
fn figures(
    key: usize,
    time: f64,
    reachable: bool,
    m: &Measure,
    g: Option<&Geometry>,
) -> KeyFigures {
    let mut f = KeyFigures {
        key,
        time,
        reachable,
        shown: m.shown,
        slot_alpha: m.slot_alpha,
        attachment_alpha: m.attachment_alpha,
        alpha: m.alpha,
        triangles: m.total,
        measured: m.measured,
        reversed: m.reversed.len(),
        collapsed: m.collapsed,
        ..KeyFigures::default()
    };
    let Some(g) = g else {
        return f;
    };
    f.band = g.band;
    f.vertices = g.plain.len() / 2;
    for (v, (p, d)) in g
        .plain
        .chunks_exact(2)
        .zip(g.deformed.chunks_exact(2))
        .enumerate()
    {
        let (&[px, py], &[dx, dy]) = (p, d) else {
            continue;
        };
        let moved = (dx - px).hypot(dy - py);
        if moved > 0.0 {
            f.moved += 1;
        }
        if moved.is_finite() && f.worst_move.is_none_or(|w| beyond(moved, w.value)) {
            f.worst_move = Some(Extreme {
                value: moved,
                at: v,
            });
        }
    }
    for (i, ((&t, &before), &after)) in g.triangles.iter().zip(&g.before).zip(&g.after).enumerate()
    {
        if !above(before.abs(), g.band) {
            continue;
        }
        let ratio = after / before;
        keep(&mut f.area_min, ratio, i, |a, b| beyond(b, a));
        keep(&mut f.area_max, ratio, i, beyond);
        let (s1, s2) = singular_values(&g.plain, &g.deformed, t);
        keep(&mut f.stretch_max, s1, i, beyond);
        keep(&mut f.squash_min, s2, i, |a, b| beyond(b, a));
    }
    f
}

/// `a` is beyond `b` by more than float noise (a relative 1e-9): figures
/// that tie but for the last bits keep the first vertex or triangle that
/// reached them, whatever order the noise falls in.
fn beyond(a: f64, b: f64) -> bool {
    a - b > 1e-9 * a.abs().max(b.abs()).max(1.0)
}

/// Keeps `value` at `at` in `slot` when `better` than what it holds (finite
/// values only; the first of equals is kept).
fn keep(slot: &mut Option<Extreme>, value: f64, at: usize, better: impl Fn(f64, f64) -> bool) {
    if value.is_finite() && slot.is_none_or(|s| better(value, s.value)) {
        *slot = Some(Extreme { value, at });
    }
}

/// The singular values (largest first) of the linear map taking triangle
/// `t`'s edges in `plain` to its edges in `deformed`: `M = F·E⁻¹`, with
/// `σ₁ = √((S + √(S² − 4D²))/2)`, `σ₂ = |D|/σ₁`, S the sum of M's squared
/// entries and D its determinant (so `σ₁·σ₂ = |area ratio|`). `NaN` for a
/// triangle with no area.
pub fn singular_values(plain: &[f64], deformed: &[f64], t: [usize; 3]) -> (f64, f64) {
    let p = |w: &[f64], v: usize| {
        (
            w.get(2 * v).copied().unwrap_or(f64::NAN),
            w.get(2 * v + 1).copied().unwrap_or(f64::NAN),
        )
    };
    let edges = |w: &[f64]| {
        let [a, b, c] = t.map(|v| p(w, v));
        ((b.0 - a.0, b.1 - a.1), (c.0 - a.0, c.1 - a.1))
    };
    let (e1, e2) = edges(plain);
    let (f1, f2) = edges(deformed);
    let det_e = e1.0 * e2.1 - e2.0 * e1.1;
    // E⁻¹ = [[e2y, −e2x], [−e1y, e1x]] / det E; M = F·E⁻¹, F = [f1 f2].
    let m00 = (f1.0 * e2.1 - f2.0 * e1.1) / det_e;
    let m01 = (-f1.0 * e2.0 + f2.0 * e1.0) / det_e;
    let m10 = (f1.1 * e2.1 - f2.1 * e1.1) / det_e;
    let m11 = (-f1.1 * e2.0 + f2.1 * e1.0) / det_e;
    let s = m00 * m00 + m01 * m01 + m10 * m10 + m11 * m11;
    let d = m00 * m11 - m01 * m10;
    let s1 = ((s + (s * s - 4.0 * d * d).max(0.0).sqrt()) / 2.0).sqrt();
    let s2 = if s1 > 0.0 { d.abs() / s1 } else { 0.0 };
    (s1, s2)
}

#[cfg(test)]
#[path = "deform_figures_tests.rs"]
mod tests;
