//! This module owns `rigc check`'s comparison (CLI.md §6, FACE.md §9.3): a
//! candidate skeleton drawn by rigc's rasteriser onto a reference render's
//! own pixel grid, frame by frame, and how far it is from the reference —
//! the mean absolute error of each frame over the union alpha, the mean and
//! the worst of a set and the frame of the worst, and for the frames worth
//! reading (the worst few, or every one with `--all-frames`) the slot that
//! drifted furthest ([`rigc_render::drift`]). The reference skeleton is never
//! opened: only `frames.json` and its PNGs.
//!
//! Framing: the candidate is drawn in the box `frames.json` declares (or the
//! one `--viewport` names) on the reference's pixel grid. The original's
//! fitted framing (a similarity fitted to the drawn pixels) is not built: a
//! candidate of the same rig lands in the declared box, which is the case
//! `check` exists for — a regression against the last trusted build.

pub mod reference;

use rigc_render::compare::mae;
use rigc_render::drift::drift;
use rigc_render::sampler::{sample_count, sample_time, Sampler};
use rigc_render::sidecar::frame_label;
use rigc_render::{draw, Image, Pages, Show, Viewport};
use rigc_sdk::spine::SkeletonData;
use serde::Serialize;

/// How many frames of a set get a slot-drift search without `--all-frames`.
pub const FRAMES_WORTH_READING: usize = 8;

/// What to compare.
pub struct Inputs<'a> {
    /// The candidate, loaded.
    pub data: &'a SkeletonData,
    /// Its pages.
    pub pages: &'a Pages,
    /// The skin to pose in.
    pub skin: Option<&'a str>,
    /// Which slots draw (the reference's own selection).
    pub show: Show,
    /// The box the candidate is drawn in.
    pub viewport: Viewport,
    /// Search every frame for slot drift, not only the worst few.
    pub all_frames: bool,
}

/// One frame compared.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FrameRow {
    /// `f0016`.
    pub frame: String,
    /// Its index in the set.
    pub index: u32,
    /// MAE over the union alpha, 0..255.
    pub mae: f64,
    /// Pixels either side draws.
    pub union_px: u64,
    /// The slot that drifted furthest, when searched.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub worst_slot: Option<SlotDrift>,
}

/// A slot's drift on one frame.
#[derive(Debug, Clone, Serialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct SlotDrift {
    /// The slot.
    pub slot: String,
    /// How far its pixels sit best from where the candidate draws them, px.
    pub px: f64,
    /// The frame.
    pub frame: String,
}

/// One set compared.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SetReport {
    /// The set's directory name.
    pub set: String,
    /// The candidate animation posed (`None`: the setup pose).
    pub animation: Option<String>,
    /// Samples per second.
    pub fps: f64,
    /// Reference frames on disk.
    pub on_disk: u32,
    /// Samples the candidate's animation takes at this rate.
    pub candidate_samples: u32,
    /// Frames compared.
    pub compared: u32,
    /// Mean MAE over the compared frames.
    pub mean: f64,
    /// The worst frame's MAE.
    pub worst: f64,
    /// The worst frame (`None` when every frame is 0).
    pub worst_at: Option<String>,
    /// The furthest slot drift over the searched frames.
    pub slot_drift: Option<SlotDrift>,
    /// Every compared frame.
    pub frames: Vec<FrameRow>,
}

/// A reference frame and the candidate drawn at the same time.
pub struct Pair {
    /// The reference picture.
    pub reference: Image,
    /// The candidate's.
    pub candidate: Image,
}

/// Why a comparison could not be made (exit 1).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckError(pub String);

/// Compares one set: `frames` yields the reference picture of frame `k`
/// (already checked for size); the candidate's sample `k·stride` is drawn
/// for each. `keep` receives every pair (for `--out`).
pub fn compare_set(
    inputs: &Inputs,
    set: &rigc_render::sidecar::Set,
    animation: Option<usize>,
    mut frames: impl FnMut(u32) -> Result<Image, CheckError>,
    mut keep: impl FnMut(u32, &Pair),
) -> Result<SetReport, CheckError> {
    let duration = animation.map_or(0.0, |a| inputs.data.animations[a].duration);
    let samples = sample_count(duration, set.fps).ok_or_else(|| {
        CheckError(format!(
            "the candidate's animation of {duration}s cannot be sampled at {} fps",
            set.fps
        ))
    })?;
    let stride = set.stride.max(1);
    let compared = set.written.min(samples.div_ceil(stride));
    let mut sampler = Sampler::new(inputs.data, inputs.skin, animation).map_err(pose)?;
    let mut rows = Vec::with_capacity(compared as usize);
    for k in 0..compared {
        let reference = frames(k)?;
        let skeleton = sampler
            .pose(sample_time(k * stride, set.fps))
            .map_err(pose)?;
        let candidate = draw(skeleton, inputs.pages, &inputs.viewport, &inputs.show)
            .map_err(|e| CheckError(e.to_string()))?;
        let m = mae(&candidate, &reference).ok_or_else(|| {
            CheckError(format!(
                "{} is {}×{} px where the candidate is drawn at {}×{}",
                frame_label(k),
                reference.width,
                reference.height,
                candidate.width,
                candidate.height
            ))
        })?;
        rows.push(FrameRow {
            frame: frame_label(k),
            index: k,
            mae: m.mean,
            union_px: m.union,
            worst_slot: None,
        });
        keep(
            k,
            &Pair {
                reference,
                candidate,
            },
        );
    }
    // The frames worth a drift search, posed again in order so that a
    // physics simulation reaches each exactly as it did above.
    let mut searched: Vec<u32> = rows
        .iter()
        .filter(|r| r.mae > 0.0)
        .map(|r| r.index)
        .collect();
    if !inputs.all_frames {
        searched.sort_by(|&a, &b| rows[b as usize].mae.total_cmp(&rows[a as usize].mae));
        searched.truncate(FRAMES_WORTH_READING);
    }
    if let Some(&last) = searched.iter().max() {
        let mut again = Sampler::new(inputs.data, inputs.skin, animation).map_err(pose)?;
        for k in 0..=last {
            let skeleton = again.pose(sample_time(k * stride, set.fps)).map_err(pose)?;
            if searched.contains(&k) {
                let reference = frames(k)?;
                let found = worst_slot(inputs, skeleton, &reference, &rows[k as usize].frame)?;
                rows[k as usize].worst_slot = found;
            }
        }
    }
    let n = rows.len().max(1) as f64;
    let mean = rows.iter().map(|r| r.mae).sum::<f64>() / n;
    let worst_row = rows
        .iter()
        .filter(|r| r.mae > 0.0)
        .max_by(|a, b| a.mae.total_cmp(&b.mae).then(b.index.cmp(&a.index)));
    let slot_drift = rows
        .iter()
        .filter_map(|r| r.worst_slot.clone())
        .max_by(|a, b| a.px.total_cmp(&b.px));
    Ok(SetReport {
        set: set.dir.clone(),
        animation: animation.map(|a| inputs.data.animations[a].name.clone()),
        fps: set.fps,
        on_disk: set.written,
        candidate_samples: samples,
        compared,
        mean,
        worst: worst_row.map_or(0.0, |r| r.mae),
        worst_at: worst_row.map(|r| r.frame.clone()),
        slot_drift,
        frames: rows,
    })
}

/// The slot whose pixels sit furthest from the reference in this pose:
/// each drawing slot hidden in turn shows which pixels are its own.
fn worst_slot(
    inputs: &Inputs,
    skeleton: &rigc_sdk::spine::Skeleton,
    reference: &Image,
    frame: &str,
) -> Result<Option<SlotDrift>, CheckError> {
    let draw_with = |show: &Show| {
        draw(skeleton, inputs.pages, &inputs.viewport, show).map_err(|e| CheckError(e.to_string()))
    };
    let with = draw_with(&inputs.show)?;
    let mut best: Option<SlotDrift> = None;
    for slot in 0..inputs.data.slots.len() {
        if !inputs.show.shows(slot) || skeleton.slots[slot].applied().attachment.is_none() {
            continue;
        }
        let hidden = match &inputs.show {
            Show::Hide(h) => Show::Hide(h.iter().copied().chain([slot]).collect()),
            Show::Only(o) => Show::Only(o.iter().copied().filter(|&s| s != slot).collect()),
            Show::All => Show::Hide(vec![slot]),
        };
        if let Some(d) = drift(&with, &draw_with(&hidden)?, reference) {
            if best.as_ref().is_none_or(|b| d.distance > b.px) {
                best = Some(SlotDrift {
                    slot: inputs.data.slots[slot].name.clone(),
                    px: d.distance,
                    frame: frame.to_string(),
                });
            }
        }
    }
    Ok(best)
}

fn pose(e: rigc_sdk::spine::PoseError) -> CheckError {
    CheckError(format!(
        "the runtime cannot pose the candidate: {}",
        e.message
    ))
}
