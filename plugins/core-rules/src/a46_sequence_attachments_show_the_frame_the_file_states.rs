//! This module owns A46_SEQUENCE_ATTACHMENTS_SHOW_THE_FRAME_THE_FILE_STATES
//! (validity; GATE.md §3, §4.14): a numbered series reads back as the file
//! states it.
//!
//! 1. **Blocks.** Every skin entry's `sequence` block states a `count` that is a
//!    whole number ≥ 1 (a missing or 0 count reads as 0: no region, nothing
//!    drawn) and a `setup` (default 0) that is a whole frame number inside
//!    `[0, count)` (the runtime clamps a frame past the end to the last one).
//! 2. **Timelines.** Every `sequence` timeline targets an attachment with a
//!    block that was not refused (a plain region stepped by a sequence timeline
//!    is a series of one: the timeline steps nothing), and each key states a
//!    `mode` (default `hold`) among the seven the runtime knows, an `index`
//!    (default 0) inside `[0, count)`, and — for every mode but `hold` — a
//!    `delay` (carried over from the previous key, 0 on the first) above 0.
//! 3. **Samples.** For every timeline that passed: before the first key (when
//!    it is later than 0) at half its time, expecting the setup frame; at each
//!    `hold` key's stored time; and for each playing key at `keyTime + (step +
//!    0.5)·delay` for step = 0 … 2·count+1, while before the next key and within
//!    the duration. Each sample poses the whole skeleton (`setupPose`, the
//!    animation at that time, `updateWorldTransform`, under the timeline's skin
//!    when it is not `default`) and reads the slot's applied pose — what is
//!    drawn, so a slider that re-keys the series is seen. A sample counts when
//!    the slot shows the keyed attachment or one that plays its timelines; the
//!    region it shows must be the frame `frameOf(mode, index, elapsed, delay,
//!    count)` predicts, counted in the shown attachment's series. The first
//!    mismatch per timeline fails. (At most [`MAX_SAMPLES`] samples are posed
//!    per timeline, so a hostile series of thousands of frames at a tiny delay
//!    cannot stall the gate; no real series comes near it.)
//!
//! SKIPs with no sequence block and no sequence timeline (the shared
//! `NO_SEQUENCE`), or when the round trip produced no skeleton. Stats:
//! `sequenceBlocks`, `sequenceTimelines`, `sequenceSamples`,
//! `sequenceSamplesUnshown`.

use crate::loaded::skeleton_or_skip;
use crate::posing::{posed_at, threw, time};
use crate::raw::{animations, fixed, items, json, json_or_undefined, members, raw_or_skip, str_at};
use rigc_sdk::gate::facts::Facts;
use rigc_sdk::gate::{skip_reasons, Outcome, Rule, RuleKind, Subject};
use rigc_sdk::model::names::{field, AttachmentTimeline, SequenceMode};
use rigc_sdk::num::f32_text;
use rigc_sdk::spine::data::{AttachmentKind, Sequence, TimelineKind};
use rigc_sdk::spine::pose::{Physics, Plans};
use rigc_sdk::spine::SkeletonData;
use serde_json::Value;
use std::collections::HashSet;

/// A46_SEQUENCE_ATTACHMENTS_SHOW_THE_FRAME_THE_FILE_STATES.
pub struct A46SequenceAttachmentsShowTheFrameTheFileStates;

/// Most samples posed per timeline.
pub(crate) const MAX_SAMPLES: usize = 10_000;

/// One skin entry with a sequence block.
struct Block<'v> {
    skin: &'v str,
    slot: &'v str,
    placeholder: &'v str,
}

impl Block<'_> {
    /// This skin entry as a finding's target.
    fn target(&self) -> rigc_sdk::gate::Target {
        rigc_sdk::gate::Target::Attachment {
            skin: self.skin.to_string(),
            slot: self.slot.to_string(),
            name: self.placeholder.to_string(),
        }
    }
}

/// A sequence timeline in words (`animation "<a>" sequence <skin>/<slot>/<att>`)
/// and as a finding's subject.
type At<'a> = (&'a str, &'a Subject);

/// A whole number, when `v` is one.
fn whole(v: &Value) -> Option<f64> {
    v.as_f64().filter(|x| x.fract() == 0.0 && x.is_finite())
}

impl Rule for A46SequenceAttachmentsShowTheFrameTheFileStates {
    fn code(&self) -> &'static str {
        "A46_SEQUENCE_ATTACHMENTS_SHOW_THE_FRAME_THE_FILE_STATES"
    }

    fn kind(&self) -> RuleKind {
        RuleKind::Validity
    }

    fn check(&self, facts: &Facts<'_>, out: &mut Outcome) {
        let Some(root) = raw_or_skip(facts, out) else {
            return;
        };
        let mut blocks = Vec::new();
        for skin in items(root.get("skins")) {
            let Some(skin_name) = str_at(skin, "name") else {
                continue;
            };
            for (slot, entries) in members(skin.get("attachments")) {
                for (placeholder, entry) in members(Some(entries)) {
                    if entry.get("sequence").is_some_and(|s| !s.is_null()) {
                        blocks.push((
                            Block {
                                skin: skin_name,
                                slot,
                                placeholder,
                            },
                            entry,
                        ));
                    }
                }
            }
        }
        let mut timelines = Vec::new();
        for (animation, map) in animations(root) {
            for (skin, slots) in members(map.get("attachments")) {
                for (slot, atts) in members(Some(slots)) {
                    for (att, tl) in members(Some(atts)) {
                        let keys: Vec<&Value> =
                            items(tl.get(AttachmentTimeline::Sequence.name())).collect();
                        if !keys.is_empty() {
                            timelines.push((
                                animation,
                                Block {
                                    skin,
                                    slot,
                                    placeholder: att,
                                },
                                keys,
                            ));
                        }
                    }
                }
            }
        }
        if blocks.is_empty() && timelines.is_empty() {
            out.skip(skip_reasons::NO_SEQUENCE);
            return;
        }
        let Some(data) = skeleton_or_skip(facts, out) else {
            return;
        };
        out.stat("sequenceBlocks", blocks.len());
        out.stat("sequenceTimelines", timelines.len());

        let mut refused: HashSet<(&str, &str, &str)> = HashSet::new();
        for (b, entry) in &blocks {
            if let Some(detail) = block_finding(entry.get("sequence")) {
                out.fail_at(
                    Subject::of(b.target()),
                    format!(
                        "skin \"{}\" slot \"{}\" attachment \"{}\": {detail}",
                        b.skin, b.slot, b.placeholder
                    ),
                );
                refused.insert((b.skin, b.slot, b.placeholder));
            }
        }

        let mut samples = Samples::default();
        for (animation, b, keys) in &timelines {
            let at = format!(
                "animation \"{animation}\" sequence {}/{}/{}",
                b.skin, b.slot, b.placeholder
            );
            if refused.contains(&(b.skin, b.slot, b.placeholder)) {
                continue;
            }
            let Some(target) = Target::find(data, animation, b) else {
                continue;
            };
            let timeline = Subject::animation(*animation)
                .on(b.target())
                .timeline(AttachmentTimeline::Sequence.name());
            let raw_block = raw_entry(root, b).and_then(|e| e.get("sequence"));
            if raw_block.is_none_or(Value::is_null) {
                out.fail_at(timeline, format!(
                    "{at}: the attachment carries no \"sequence\" block, so the parser gives it a series of one frame and this timeline steps nothing — give the attachment a \"sequence\" block, or drop the timeline"
                ));
                continue;
            }
            let count = target.count(data);
            let at = (at.as_str(), &timeline);
            let Some(plan) = keys_plan(at, keys, &target.times, &target.delays, count, out) else {
                continue;
            };
            samples.walk(data, facts.plans(), at, &target, &plan, out);
        }
        out.stat("sequenceSamples", samples.shown);
        out.stat("sequenceSamplesUnshown", samples.unshown);
    }
}

/// What is wrong with a `sequence` block, if anything.
fn block_finding(seq: Option<&Value>) -> Option<String> {
    let seq = seq?;
    let count = match seq.get("count") {
        None | Some(Value::Null) => return Some("the sequence block states no \"count\", so readSequence reads 0 and the attachment draws nothing — state how many frames the series has".into()),
        Some(v) => match whole(v) {
            Some(n) if n >= 1.0 => n,
            Some(0.0) => return Some("the sequence block states count 0, so the series has no region and the attachment draws nothing — a series has at least 1 frame".into()),
            _ => return Some(format!("the sequence block states count {}, which is not a whole number of frames ≥ 1", json(v))),
        },
    };
    let setup = match seq.get("setup") {
        None => 0.0,
        Some(v) => match whole(v) {
            Some(n) => n,
            None => {
                return Some(format!(
                    "the sequence block states setup {}, which is not a whole frame number",
                    json(v)
                ))
            }
        },
    };
    if !(0.0..count).contains(&setup) {
        return Some(format!(
            "the sequence block states setup {} of a {}-frame series, outside frames 0..{} — the runtime clamps a frame past the end to the last one and reads no region before 0, so the setup pose does not show the frame the file states",
            crate::raw::num(setup),
            crate::raw::num(count),
            crate::raw::num(count - 1.0)
        ));
    }
    None
}

/// The raw skin entry a timeline names.
fn raw_entry<'v>(root: &'v Value, b: &Block<'_>) -> Option<&'v Value> {
    items(root.get("skins"))
        .find(|s| str_at(s, "name") == Some(b.skin))?
        .get("attachments")?
        .get(b.slot)?
        .get(b.placeholder)
}

/// A loaded sequence timeline and what it steps.
struct Target<'d> {
    anim: usize,
    slot: usize,
    /// The attachment whose timelines it is (a linked mesh's source).
    timeline_attachment: usize,
    /// The attachment the timeline names.
    attachment: usize,
    skin: Option<&'d str>,
    times: Vec<f64>,
    delays: Vec<f64>,
    duration: f64,
}

impl<'d> Target<'d> {
    fn find(data: &'d SkeletonData, animation: &str, b: &Block<'_>) -> Option<Target<'d>> {
        let anim = data.find_animation(animation)?;
        let slot = data.find_slot(b.slot)?;
        let skin = data.find_skin(b.skin)?;
        let attachment = data.skins.get(skin)?.get_attachment(slot, b.placeholder)?;
        let timeline_attachment = data.attachments.get(attachment)?.timeline_attachment;
        let a = data.animations.get(anim)?;
        let t = a.timelines.iter().find(|t| {
            matches!(t.kind, TimelineKind::Sequence { slot: s, attachment: x, .. } if s == slot && x == timeline_attachment)
        })?;
        let e = t.entries();
        let at = |f: usize, k: usize| t.frames.get(f * e + k).map_or(f64::NAN, |&v| f64::from(v));
        let n = t.frame_count();
        Some(Target {
            anim,
            slot,
            timeline_attachment,
            attachment,
            skin: data
                .skins
                .get(skin)
                .map(|s| s.name.as_str())
                .filter(|n| *n != "default"),
            times: (0..n).map(|f| at(f, 0)).collect(),
            delays: (0..n).map(|f| at(f, 2)).collect(),
            duration: a.duration,
        })
    }

    /// The number of frames of the named attachment's series.
    fn count(&self, data: &SkeletonData) -> usize {
        data.attachments
            .get(self.attachment)
            .and_then(sequence_of_attachment)
            .map_or(0, |s| s.regions.len())
    }
}

/// The series of a region or mesh attachment.
fn sequence_of_attachment(a: &rigc_sdk::spine::data::Attachment) -> Option<&Sequence> {
    match &a.kind {
        AttachmentKind::Region(r) => Some(&r.sequence),
        AttachmentKind::Mesh(m) => Some(&m.sequence),
        _ => None,
    }
}

/// One key as checked: mode ([`SequenceMode::index`]), index, delay, stored time.
struct Key {
    mode: usize,
    index: f64,
    delay: f64,
    time: f64,
}

/// Checks every key of a timeline; the keys when all are well formed.
fn keys_plan(
    timeline: At<'_>,
    keys: &[&Value],
    times: &[f64],
    delays: &[f64],
    count: usize,
    out: &mut Outcome,
) -> Option<Vec<Key>> {
    let (at, subject) = timeline;
    let mut plan = Vec::new();
    let mut ok = true;
    let n = count as f64;
    for (k, key) in keys.iter().enumerate() {
        let t = times.get(k).copied().unwrap_or(f64::NAN);
        let head = format!("{at} key {k} (t={})", time(t));
        let key_subject = || subject.clone().key(k);
        let mode = match key.get(field::MODE) {
            None => Some(SequenceMode::Hold.index()),
            Some(v) => v
                .as_str()
                .and_then(SequenceMode::from_name)
                .map(SequenceMode::index),
        };
        let Some(mode) = mode else {
            out.fail_at(key_subject(), format!(
                "{head}: mode {} is not one of {} — the runtime reads an unknown mode as hold and the series never plays",
                json_or_undefined(key.get(field::MODE)),
                SequenceMode::NAMES.join(", ")
            ));
            ok = false;
            continue;
        };
        let index = match key.get(field::INDEX) {
            None => Some(0.0),
            Some(v) => whole(v),
        };
        match index {
            Some(i) if (0.0..n).contains(&i) => {}
            _ => {
                out.fail_at(key_subject(), format!(
                    "{head}: index {} is not a frame of the {count}-frame series (0..{}) — the runtime clamps a frame past the end to the last one and reads no region before 0, so the slot does not show the frame the key states",
                    json_or_undefined(key.get(field::INDEX)),
                    crate::raw::num(n - 1.0)
                ));
                ok = false;
                continue;
            }
        }
        let delay = delays.get(k).copied().unwrap_or(f64::NAN);
        let plays = delay > 0.0;
        if mode != SequenceMode::Hold.index() && !plays {
            out.fail_at(key_subject(), format!(
                "{head}: mode \"{}\" plays the series every {}s — a playing mode needs a delay above 0 (a key's delay carries over from the key before it, 0 on the first), or the runtime divides by it and never leaves frame {}",
                mode_name(mode),
                f32_text(delay),
                crate::raw::num(index.unwrap_or(0.0))
            ));
            ok = false;
            continue;
        }
        plan.push(Key {
            mode,
            index: index.unwrap_or(0.0),
            delay,
            time: t,
        });
    }
    ok.then_some(plan)
}

/// The name of the mode of runtime index `mode` (`hold` past the table).
fn mode_name(mode: usize) -> &'static str {
    SequenceMode::ALL
        .get(mode)
        .map_or(SequenceMode::Hold.name(), |m| m.name())
}

/// `frameOf(mode, index, elapsed, delay, count)` (GATE.md §4.14), `mode` the
/// runtime's index.
fn frame_of(mode: usize, index: f64, elapsed: f64, delay: f64, count: f64) -> f64 {
    use SequenceMode as M;
    let mode = SequenceMode::ALL.get(mode).copied();
    if mode == Some(M::Hold) {
        return index;
    }
    let i = index + (elapsed / delay + 0.00001).trunc();
    let n = 2.0 * count - 2.0;
    match mode {
        Some(M::Once) => (count - 1.0).min(i),
        Some(M::Loop) => i % count,
        Some(M::Pingpong) => {
            let i = if n == 0.0 { 0.0 } else { i % n };
            if i >= count {
                n - i
            } else {
                i
            }
        }
        Some(M::OnceReverse) => (count - 1.0 - i).max(0.0),
        Some(M::LoopReverse) => count - 1.0 - i % count,
        _ => {
            let i = if n == 0.0 { 0.0 } else { (i + count - 1.0) % n };
            if i >= count {
                n - i
            } else {
                i
            }
        }
    }
}

/// What a sample expects.
enum Expect {
    /// The setup frame, before key 0.
    Setup,
    /// Key `k`, `steps` delays in.
    Key(usize, f64),
}

/// Sample counts across timelines.
#[derive(Default)]
struct Samples {
    shown: usize,
    unshown: usize,
}

impl Samples {
    /// Poses every sample of one timeline; fails its first mismatch.
    fn walk(
        &mut self,
        data: &SkeletonData,
        plans: &Plans,
        timeline: At<'_>,
        target: &Target<'_>,
        plan: &[Key],
        out: &mut Outcome,
    ) {
        let (at, subject) = timeline;
        let mut list: Vec<(f64, Expect)> = Vec::new();
        if let Some(first) = plan.first().filter(|k| k.time > 0.0) {
            list.push((first.time / 2.0, Expect::Setup));
        }
        let count = target.count(data) as f64;
        for (k, key) in plan.iter().enumerate() {
            if key.mode == SequenceMode::Hold.index() {
                list.push((key.time, Expect::Key(k, 0.0)));
                continue;
            }
            let next = plan.get(k + 1).map_or(f64::INFINITY, |n| n.time);
            let steps = 2.0 * count + 1.0;
            let mut step = 0.0;
            while step <= steps && list.len() <= MAX_SAMPLES {
                let t = key.time + (step + 0.5) * key.delay;
                if !(t < next && t <= target.duration) {
                    break;
                }
                list.push((t, Expect::Key(k, step)));
                step += 1.0;
            }
        }
        list.truncate(MAX_SAMPLES);
        for (t, expect) in list {
            let sk = match posed_at(data, plans, target.anim, t, target.skin, Physics::None) {
                Ok(sk) => sk,
                Err(e) => {
                    out.fail_at(
                        subject.clone(),
                        format!("{at} (t={}): {} while posing", fixed(t, 4), threw(&e)),
                    );
                    return;
                }
            };
            let Some(slot) = sk.slots.get(target.slot) else {
                return;
            };
            let pose = slot.applied();
            let shown = pose
                .attachment
                .and_then(|a| data.attachments.get(a).map(|x| (a, x)));
            let Some((_, shown)) = shown.filter(|(a, x)| {
                *a == target.timeline_attachment
                    || x.timeline_attachment == target.timeline_attachment
            }) else {
                self.unshown += 1;
                continue;
            };
            let Some(seq) = sequence_of_attachment(shown) else {
                self.unshown += 1;
                continue;
            };
            self.shown += 1;
            let n = seq.regions.len() as f64;
            let index = seq.resolve_index(pose.sequence_index);
            let region = region_name(seq, index);
            // A sample of key k is a finding about that key; one before key
            // 0 (the setup frame), about the timeline.
            let sample_subject = match expect {
                Expect::Setup => subject.clone(),
                Expect::Key(k, _) => subject.clone().key(k),
            };
            let (frame, why) = match expect {
                Expect::Setup => (
                    seq.setup_index,
                    format!(
                        "the setup frame, before key 0 at {}s",
                        time(plan.first().map_or(0.0, |k| k.time))
                    ),
                ),
                Expect::Key(k, steps) => {
                    let Some(key) = plan.get(k) else {
                        continue;
                    };
                    let mode = mode_name(key.mode);
                    let frame = frame_of(key.mode, key.index, t - key.time, key.delay, n);
                    let why = if key.mode == SequenceMode::Hold.index() {
                        format!("key {k} holds frame {}", crate::raw::num(key.index))
                    } else {
                        format!(
                            "key {k} plays \"{mode}\" from frame {} every {}s, {} delay(s) in",
                            crate::raw::num(key.index),
                            f32_text(key.delay),
                            crate::raw::num(steps)
                        )
                    };
                    (frame, why)
                }
            };
            let want = region_name(seq, frame);
            if region != want {
                out.fail_at(sample_subject, format!(
                    "{at} (t={}): the slot shows region {}, and the file states frame {} of {} — {} — {why}",
                    fixed(t, 4),
                    region,
                    crate::raw::num(frame),
                    crate::raw::num(n),
                    want
                ));
                return;
            }
        }
    }
}

/// The quoted name of region `index` of a series (`no region` when there is none).
fn region_name(seq: &Sequence, index: f64) -> String {
    (index >= 0.0 && index.fract() == 0.0)
        .then(|| seq.regions.get(index as usize))
        .flatten()
        .map_or_else(|| "no region".to_string(), |r| format!("\"{}\"", r.name))
}

#[cfg(test)]
#[path = "a46_tests.rs"]
mod tests;
