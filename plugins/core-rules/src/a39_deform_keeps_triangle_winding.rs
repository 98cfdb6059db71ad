//! This module owns A39_DEFORM_KEEPS_TRIANGLE_WINDING (archetype; GATE.md §3,
//! §4.11): no deform key, and no time between two keys, turns a drawn mesh
//! triangle inside out. The measuring machinery is `deform_survey`.
//!
//! **What of §4.11 is implemented:**
//!
//! * **Frame.** Every deform timeline on a mesh with triangles, in a slot the
//!   rig does not exempt (`invariants.deformMayFold`), is measured at each key's
//!   stored time with its animation applied, against **the same posed bones
//!   with the deform cleared** (never the setup bones).
//! * **Reach.** An animation no slider applies is posed on track 0 (`setupPose`,
//!   apply at the time, `updateWorldTransform(Physics.none)`). An animation
//!   sliders apply is posed once per slider, by **inverting the slider's
//!   mapping**: a time slider is given the key time as its pose time; a dial
//!   (`bone` + `property`) has `time = to + (value − from)·scale` solved for the
//!   value, which is set on the bone's local field (a `local` dial) or reached
//!   by secant steps on the local field until the runtime's applied
//!   `SliderPose.time` is the key time (a world dial). When the applied time is
//!   not the key time (a world rotation wraps into [0, 360), a dial at scale 0,
//!   a looping key at the duration) the key is **unreachable**: measured, not
//!   gated, listed in the stats.
//! * **Signed areas, the band, reversed and collapsed** exactly as §4.11 3–5;
//!   collapsed triangles are counted, not gated.
//! * **Draw state** off the same posed skeleton: the slot shows this timeline's
//!   mesh (a linked mesh counts as its source) and alpha = slot alpha ×
//!   attachment alpha; a key that shows another attachment, none, or alpha
//!   **exactly 0** is not drawn: listed (`deformKeysNotDrawn`, `deformNotDrawn`
//!   = `anim/slot/att#key:alpha0|notShown`), not gated.
//! * **The span scan** between consecutive keys: the signed area of each
//!   triangle along `W(p) = A + p(B − A)` (the two keys' deform arrays posed at
//!   the `from` key's bones; a weighted mesh also at the `to` key's bones, the
//!   union taken) is solved in closed form for `s·A(p) + band < 0` over the
//!   fraction range the curve reaches (half-line, between or outside the
//!   roots), the fractions are mapped to times through the runtime's curve
//!   polyline (linear, or the Bézier's nine stored samples; a stepped span holds
//!   the `from` geometry), kept strictly inside the span and merged, split at
//!   every key time of the slot's attachment and colour timelines (and those of
//!   the slots the deform reaches), and each piece is **posed and measured at
//!   its midpoint**, in time order, in the same reach frame (unreachable probes
//!   skipped). The first piece reversed while drawn is the span's fold and
//!   FAILs, unless its `from` or `to` key was already refused. A predicted
//!   window no probe reproduces is counted (`deformSpansUnconfirmed`), never
//!   refused; one reproduced only where the slot draws nothing is
//!   `deformSpansNotDrawn`.
//! * **SKIPs**: no rig; no deform timeline; no key to measure (every timeline
//!   exempt or on a mesh with no triangles); every key not drawn or
//!   unreachable and no span fold (the reason names the first such key and
//!   counts the rest).
//!
//! **Not implemented:** the dial tie/dispute fields (`deformDialsTied`,
//! `deformDialTied`, `deformDialsDisagreed`, `deformDialDisagreed`) — GATE.md
//! does not say what they measure. `explain`'s DEFORM block is measured by
//! `deform_figures`, with this rule's `measure` and reach frames.

use crate::deform_survey::{
    above, area, area_quadratic, band, curve_polyline, measure, merge, pose_in, reached, reaches,
    times_in, triangles, world_with, wrong_windows, Measure, Reach, Reversal,
};
use crate::loaded::{attachment_target, skeleton_or_skip};
use crate::posing::{key_times, threw, time};
use crate::raw::{fixed, rig_or_skip};
use rigc_sdk::gate::facts::Facts;
use rigc_sdk::gate::{Outcome, Rule, RuleKind, Subject};
use rigc_sdk::model::names::AttachmentTimeline;
use rigc_sdk::spine::data::{Timeline, TimelineKind};
use rigc_sdk::spine::pose::Plans;
use rigc_sdk::spine::SkeletonData;

/// A39_DEFORM_KEEPS_TRIANGLE_WINDING.
pub struct A39DeformKeepsTriangleWinding;

/// SKIP: no deform timeline.
pub(crate) const NO_DEFORM: &str = "no animation carries a deform timeline";

/// SKIP: nothing to measure.
pub(crate) const NO_KEY: &str = "no deform key to measure: every deform timeline keys a mesh with no triangles, or a slot the rig declares in invariants.deformMayFold";

/// Triangles a detail names before `and <n> more`.
const NAMED: usize = 4;

/// Where one (timeline, reach) frame is measured.
struct Frame<'d> {
    anim: usize,
    timeline: &'d Timeline,
    slot: usize,
    slot_name: &'d str,
    /// The timeline's attachment (a linked mesh's source).
    attachment: usize,
    reach: Reach,
    /// `animation "<a>"[ (applied by slider "<s>", not played on a track)] deform <slot>/<att>`.
    label: String,
    /// `<a>/<slot>/<att>`, for the stats.
    id: String,
    /// The deform timeline, as a finding's subject.
    subject: Subject,
}

/// The survey's counts.
#[derive(Default)]
struct Survey {
    keys_measured: usize,
    triangles_measured: usize,
    triangles_collapsed: usize,
    spans_scanned: usize,
    span_probes: usize,
    spans_not_scanned: usize,
    spans_not_drawn: usize,
    spans_unconfirmed: usize,
    keys_not_drawn: usize,
    not_drawn: Vec<String>,
    keys_unreachable: usize,
    unreachable: Vec<String>,
    fold_exempt: usize,
    frames: usize,
    /// A key was drawn, reachable and judged.
    gated: bool,
    /// The first key passed over, as the SKIP names it.
    first_passed: Option<String>,
}

/// What a span scan found.
enum Span {
    /// Nothing is predicted inside out.
    Clean,
    /// The first drawn probe that shows a reversal: its time and measure.
    Fold(f64, Measure),
    /// Predicted and reproduced only where the slot draws nothing.
    NotDrawn,
    /// Predicted, and no probe reproduces it.
    Unconfirmed,
    /// The keys' vertices or the pose are not there to solve with.
    NotScanned,
}

impl Rule for A39DeformKeepsTriangleWinding {
    fn code(&self) -> &'static str {
        "A39_DEFORM_KEEPS_TRIANGLE_WINDING"
    }

    fn kind(&self) -> RuleKind {
        RuleKind::Archetype
    }

    fn check(&self, facts: &Facts<'_>, out: &mut Outcome) {
        let Some(rig) = rig_or_skip(facts, out) else {
            return;
        };
        let Some(data) = skeleton_or_skip(facts, out) else {
            return;
        };
        let mut survey = Survey::default();
        let mut frames = Vec::new();
        let mut any = false;
        for (a, anim) in data.animations.iter().enumerate() {
            for t in &anim.timelines {
                let TimelineKind::Deform {
                    slot, attachment, ..
                } = t.kind
                else {
                    continue;
                };
                any = true;
                let slot_name = data.slots.get(slot).map_or("", |s| s.name.as_str());
                if triangles(data, attachment).is_none() {
                    continue;
                }
                if rig
                    .invariants
                    .deform_may_fold
                    .iter()
                    .any(|(s, _)| s == slot_name)
                {
                    survey.fold_exempt += 1;
                    continue;
                }
                let att_name = data
                    .attachments
                    .get(attachment)
                    .map_or("", |x| x.name.as_str());
                for reach in reaches(data, a) {
                    let by = match reach {
                        Reach::Track => String::new(),
                        Reach::Slider(c) => format!(
                            " (applied by slider \"{}\", not played on a track)",
                            data.constraints.get(c).map_or("", |x| x.name.as_str())
                        ),
                    };
                    frames.push(Frame {
                        anim: a,
                        timeline: t,
                        slot,
                        slot_name,
                        attachment,
                        reach,
                        label: format!(
                            "animation \"{}\"{by} deform {slot_name}/{att_name}",
                            anim.name
                        ),
                        id: format!("{}/{slot_name}/{att_name}", anim.name),
                        subject: Subject::animation(&anim.name)
                            .on(attachment_target(data, slot, attachment))
                            .timeline(AttachmentTimeline::Deform.name()),
                    });
                }
            }
        }
        if !any {
            out.skip(NO_DEFORM);
            return;
        }
        if frames.is_empty() {
            if survey.fold_exempt > 0 {
                out.stat("deformFoldExempt", survey.fold_exempt);
            }
            out.skip(NO_KEY);
            return;
        }
        for frame in &frames {
            survey.frames += 1;
            survey.frame(data, facts.plans(), frame, out);
        }
        survey.stats(out);
        if !survey.gated && out.failures.is_empty() {
            let first = survey.first_passed.clone().unwrap_or_default();
            let rest = survey.keys_not_drawn + survey.keys_unreachable;
            out.skip(format!(
                "no deform key here is drawn at a time its animation reaches, so no winding is gated: {first}{}",
                if rest > 1 {
                    format!(", and {} more key(s) are not drawn or not reachable", rest - 1)
                } else {
                    String::new()
                }
            ));
        }
    }
}

/// `triangle <i> [<v0>,<v1>,<v2>] <before> -> <after>px²; …[, and <n> more]`.
fn triangle_list(rev: &[Reversal]) -> String {
    let named: Vec<String> = rev
        .iter()
        .take(NAMED)
        .map(|r| {
            format!(
                "triangle {} [{},{},{}] {} -> {}px²",
                r.index,
                r.vertices[0],
                r.vertices[1],
                r.vertices[2],
                fixed(r.before, 3),
                fixed(r.after, 3)
            )
        })
        .collect();
    let more = rev.len().saturating_sub(NAMED);
    let mut s = named.join("; ");
    if more > 0 {
        s.push_str(&format!(", and {more} more"));
    }
    s
}

/// ` at alpha <a> — …` for a partly transparent slot.
fn alpha_clause(alpha: f64) -> String {
    if alpha < 1.0 {
        format!(
            " at alpha {} — visible at that strength, and only alpha exactly 0 draws no pixels at all",
            fixed(alpha, 4)
        )
    } else {
        String::new()
    }
}

/// The declaration that exempts a slot.
fn declare(slot: &str) -> String {
    format!("declare it in the rig spec as invariants.deformMayFold: [{{ \"slot\": \"{slot}\", \"why\": … }}]")
}

impl Survey {
    /// Measures one (timeline, reach) frame: its keys, then its spans.
    fn frame(&mut self, data: &SkeletonData, plans: &Plans, f: &Frame<'_>, out: &mut Outcome) {
        let times = key_times(f.timeline);
        let mut refused = vec![false; times.len()];
        for (k, &t) in times.iter().enumerate() {
            let head = format!("{} key {k} (t={}s)", f.label, time(t));
            let measured = pose_in(data, plans, f.anim, f.reach, t).and_then(|mut p| {
                let m = measure(&mut p.sk, f.slot, f.attachment)?;
                Ok((p.reachable, m))
            });
            let (reachable, m) = match measured {
                Ok(x) => x,
                Err(e) => {
                    out.fail_at(
                        f.subject.clone().key(k),
                        format!("{head}: {} while posing", threw(&e)),
                    );
                    if let Some(r) = refused.get_mut(k) {
                        *r = true;
                    }
                    continue;
                }
            };
            if !reachable {
                self.keys_unreachable += 1;
                let slider = match f.reach {
                    Reach::Slider(c) => data.constraints.get(c).map_or("", |x| x.name.as_str()),
                    Reach::Track => "",
                };
                self.unreachable.push(format!("{}#{k}@{slider}", f.id));
                self.first_passed.get_or_insert_with(|| {
                    format!("{head} is not a time slider \"{slider}\" can reach")
                });
                continue;
            }
            if m.shown {
                self.keys_measured += 1;
                self.triangles_measured += m.measured;
                self.triangles_collapsed += m.collapsed;
            }
            if m.blank() {
                self.keys_not_drawn += 1;
                let why = if m.shown { "alpha0" } else { "notShown" };
                self.not_drawn.push(format!("{}#{k}:{why}", f.id));
                self.first_passed.get_or_insert_with(|| {
                    if m.shown {
                        format!("{head} is not drawn (the slot's alpha is exactly 0)")
                    } else {
                        format!("{head} is not drawn (the slot shows another attachment, or none)")
                    }
                });
                continue;
            }
            self.gated = true;
            if m.reversed.is_empty() {
                continue;
            }
            if let Some(r) = refused.get_mut(k) {
                *r = true;
            }
            out.fail_at(f.subject.clone().key(k), format!(
                "{head}: {} of {} triangle(s) reverse winding — {}. The mesh has turned inside out there and draws its texture backwards{}. Fix the key's offsets in the motion spec's deform timeline (a projection past its fold angle is the usual cause), or, if this slot folds on purpose, {}",
                m.reversed.len(),
                m.total,
                triangle_list(&m.reversed),
                alpha_clause(m.alpha),
                declare(f.slot_name)
            ));
        }
        for k in 0..times.len().saturating_sub(1) {
            let (Some(&t0), Some(&t1)) = (times.get(k), times.get(k + 1)) else {
                continue;
            };
            if !above(t1, t0) {
                continue;
            }
            self.spans_scanned += 1;
            if refused.get(k).copied().unwrap_or(false)
                || refused.get(k + 1).copied().unwrap_or(false)
            {
                continue;
            }
            match self.span(data, plans, f, k, t0, t1) {
                Span::Clean => {}
                Span::NotScanned => self.spans_not_scanned += 1,
                Span::NotDrawn => self.spans_not_drawn += 1,
                Span::Unconfirmed => self.spans_unconfirmed += 1,
                Span::Fold(t, m) => {
                    let pct = (t - t0) / (t1 - t0) * 100.0;
                    let head = format!(
                        "{} BETWEEN key {k} (t={}s) and key {} (t={}s), at t={}s — {}% of the way from one to the other",
                        f.label,
                        time(t0),
                        k + 1,
                        time(t1),
                        fixed(t, 6),
                        fixed(pct, 1)
                    );
                    let what = format!(
                        "{} of {} triangle(s) reverse winding — {}",
                        m.reversed.len(),
                        m.total,
                        triangle_list(&m.reversed)
                    );
                    let stepped = curve_polyline(f.timeline, k, t0, t1).is_none();
                    let fix = format!(
                        "Move the keys' offsets so that no time between them folds, or fade the slot to alpha 0 at or before key {k} — an alpha-0 key that lands on the folding key leaves the frames just before it drawn — or, if this slot folds on purpose, {}",
                        declare(f.slot_name)
                    );
                    // A stepped span shows key k's geometry: a finding about
                    // that key. An interpolated one is between two keys: a
                    // finding about the timeline.
                    if stepped {
                        out.fail_at(f.subject.clone().key(k), format!(
                            "{head}: the curve is stepped, so the span HOLDS key {k}'s geometry, and the slot draws it here: {what}. The mesh is inside out for part of the way, drawing its texture backwards{}, though key {k} itself drew nothing. {fix}",
                            alpha_clause(m.alpha)
                        ));
                    } else {
                        out.fail_at(f.subject.clone(), format!(
                            "{head}: {what}. NO KEY LANDS THERE: the runtime interpolates between the two keys, and the mesh is inside out for part of the way, drawing its texture backwards{}. {fix}",
                            alpha_clause(m.alpha)
                        ));
                    }
                }
            }
        }
    }

    /// Scans the span from key `k` (t0) to key `k + 1` (t1).
    fn span(
        &mut self,
        data: &SkeletonData,
        plans: &Plans,
        f: &Frame<'_>,
        k: usize,
        t0: f64,
        t1: f64,
    ) -> Span {
        let TimelineKind::Deform { vertices, .. } = &f.timeline.kind else {
            return Span::NotScanned;
        };
        let key = |i: usize| -> Option<Vec<f64>> {
            vertices
                .get(i)?
                .as_ref()
                .map(|v| v.iter().map(|&x| f64::from(x)).collect())
        };
        let (Some(from), Some(to)) = (key(k), key(k + 1)) else {
            return Span::NotScanned;
        };
        let Some(tris) = triangles(data, f.attachment) else {
            return Span::NotScanned;
        };
        let weighted = data
            .attachments
            .get(f.attachment)
            .and_then(|a| a.vertex())
            .is_some_and(|v| v.bones.is_some());
        let poly = curve_polyline(f.timeline, k, t0, t1);
        let anchors: &[f64] = if weighted { &[t0, t1] } else { &[t0] };
        let mut windows = Vec::new();
        for &anchor in anchors {
            let Ok(mut posed) = pose_in(data, plans, f.anim, f.reach, anchor) else {
                return Span::NotScanned;
            };
            let sk = &mut posed.sk;
            let (Ok(wa), Ok(wb), Ok(plain)) = (
                world_with(sk, f.slot, f.attachment, from.clone()),
                world_with(sk, f.slot, f.attachment, to.clone()),
                world_with(sk, f.slot, f.attachment, Vec::new()),
            ) else {
                return Span::NotScanned;
            };
            let before: Vec<f64> = tris.iter().map(|&t| area(&plain, t)).collect();
            let b = band(&before, &[&plain, &wa, &wb]);
            for (&t, &p) in tris.iter().zip(&before) {
                if !above(p.abs(), b) {
                    continue;
                }
                let s = p.signum();
                match &poly {
                    None => {
                        if s * area(&wa, t) + b < 0.0 {
                            windows.push((t0, t1));
                        }
                    }
                    Some(poly) => {
                        let (lo, hi) = reached(poly);
                        let w = wrong_windows(area_quadratic(&wa, &wb, t), s, b, lo, hi);
                        windows.extend(times_in(poly, &w, t0, t1));
                    }
                }
            }
        }
        let windows = merge(windows);
        if windows.is_empty() {
            return Span::Clean;
        }
        // Draw-state changes happen only at the slot's own key times.
        let slots: Vec<usize> = std::iter::once(f.slot)
            .chain(
                data.attachments
                    .get(f.attachment)
                    .map(|a| a.timeline_slots.clone())
                    .unwrap_or_default(),
            )
            .collect();
        let mut cuts: Vec<f64> = data
            .animations
            .get(f.anim)
            .map(|a| {
                a.timelines
                    .iter()
                    .filter(|t| match t.kind {
                        TimelineKind::Attachment(s, _)
                        | TimelineKind::Rgba(s)
                        | TimelineKind::Rgb(s)
                        | TimelineKind::Alpha(s)
                        | TimelineKind::Rgba2(s)
                        | TimelineKind::Rgb2(s) => slots.contains(&s),
                        _ => false,
                    })
                    .flat_map(key_times)
                    .collect()
            })
            .unwrap_or_default();
        cuts.sort_by(f64::total_cmp);
        let mut blank_fold = false;
        for (a, b) in windows {
            let mut edges = vec![a];
            edges.extend(cuts.iter().copied().filter(|&c| c > a && c < b));
            edges.push(b);
            for piece in edges.windows(2) {
                let (Some(&x), Some(&y)) = (piece.first(), piece.get(1)) else {
                    continue;
                };
                if !above(y, x) {
                    continue;
                }
                let mid = x + (y - x) / 2.0;
                let Ok(mut posed) = pose_in(data, plans, f.anim, f.reach, mid) else {
                    continue;
                };
                if !posed.reachable {
                    continue;
                }
                self.span_probes += 1;
                let Ok(m) = measure(&mut posed.sk, f.slot, f.attachment) else {
                    continue;
                };
                if m.reversed.is_empty() {
                    continue;
                }
                if m.blank() {
                    blank_fold = true;
                    continue;
                }
                return Span::Fold(mid, m);
            }
        }
        if blank_fold {
            Span::NotDrawn
        } else {
            Span::Unconfirmed
        }
    }

    /// The stats line's keys (GATE.md §4.11): the first four always, the rest
    /// where non-zero.
    fn stats(&self, out: &mut Outcome) {
        out.stat("deformKeysMeasured", self.keys_measured);
        out.stat("deformTrianglesMeasured", self.triangles_measured);
        out.stat("deformTrianglesCollapsed", self.triangles_collapsed);
        out.stat("deformSpansScanned", self.spans_scanned);
        let counts = [
            ("deformSpanProbes", self.span_probes),
            ("deformSpansNotScanned", self.spans_not_scanned),
            ("deformSpansNotDrawn", self.spans_not_drawn),
            ("deformSpansUnconfirmed", self.spans_unconfirmed),
            ("deformKeysNotDrawn", self.keys_not_drawn),
        ];
        for (k, v) in counts {
            if v > 0 {
                out.stat(k, v);
            }
        }
        if !self.not_drawn.is_empty() {
            out.stat("deformNotDrawn", self.not_drawn.join(","));
        }
        if self.keys_unreachable > 0 {
            out.stat("deformKeysUnreachable", self.keys_unreachable);
            out.stat("deformUnreachable", self.unreachable.join(","));
        }
        if self.fold_exempt > 0 {
            out.stat("deformFoldExempt", self.fold_exempt);
        }
        if self.frames > 0 {
            out.stat("deformFrames", self.frames);
        }
    }
}

#[cfg(test)]
#[path = "a39_tests.rs"]
mod tests;
