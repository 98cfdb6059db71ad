//! This module owns the `DEFORM` block (FORMAT.md §6.6, FACE.md §9.2): per
//! deform key of every animation, what it does to the geometry at its own
//! time against the same pose with the deform cleared — `moved`, `area`,
//! `stretch`, `winding`, `skipped` for a key that draws nothing — then per
//! animation the `WORST` line and the `..` totals A39 reads the same counts
//! as. The measuring is `rigc_core_rules::deform_figures` (A39's own pose,
//! measure and reach frames); this module only assembles and prints it.

use super::{models, text, Input};
use rigc_core_rules::deform_figures::{self, DeformFrame, Extreme, KeyFigures, Reach};
use rigc_sdk::spine::SkeletonData;
use serde::Serialize;

/// The block's data.
#[derive(Debug, Default, Serialize)]
pub struct DeformBlock {
    /// Why no key could be measured (the runtime refuses the skeleton).
    pub unread: Option<String>,
    /// Every key, in animation, timeline, frame and key order.
    pub keys: Vec<DeformKey>,
    /// Per animation with a deform key: its worst figures and totals.
    pub worst: Vec<Worst>,
}

/// One deform key.
#[derive(Debug, Serialize)]
pub struct DeformKey {
    /// The animation.
    pub animation: String,
    /// `skin/slot/attachment`.
    pub target: String,
    /// `played on a track`, or `applied by slider "<s>"`.
    pub frame: String,
    /// `authored table`, or the transform model that generated the key.
    pub model: String,
    /// The slot's `invariants.deformMayFold` reason, when it is exempt.
    pub exempt: Option<String>,
    /// The key's figures, or what the runtime threw while posing it.
    #[serde(serialize_with = "text::ok_or_error")]
    pub figures: Result<KeyFigures, String>,
}

impl DeformKey {
    /// A39 counts this key: not exempt, reachable, and the slot shows its mesh.
    fn counted(&self) -> Option<&KeyFigures> {
        self.figures
            .as_ref()
            .ok()
            .filter(|f| self.exempt.is_none() && f.reachable && f.shown)
    }

    /// `slot/attachment key k`.
    fn named(&self, key: usize) -> String {
        let short = self.target.split_once('/').map_or("", |(_, r)| r);
        format!("{short} key {key}")
    }
}

/// One figure and where: `slot/att key k tri i`.
#[derive(Debug, Serialize)]
pub struct Where {
    /// The figure.
    pub value: f64,
    /// Where it was read.
    pub at: String,
}

/// One animation's worst figures and totals, over the keys A39 counts.
#[derive(Debug, Serialize)]
pub struct Worst {
    /// The animation.
    pub animation: String,
    /// The smallest area ratio.
    pub area: Option<Where>,
    /// The largest stretch.
    pub stretch: Option<Where>,
    /// The smallest squash.
    pub squash: Option<Where>,
    /// Reversed triangles.
    pub reversed: usize,
    /// Collapsed triangles (A39's `deformTrianglesCollapsed`).
    pub collapsed: usize,
    /// Keys (A39's `deformKeysMeasured`).
    pub keys: usize,
    /// Triangle samples (A39's `deformTrianglesMeasured`).
    pub samples: usize,
    /// Keys that draw no pixels (A39's `deformKeysNotDrawn`).
    pub not_drawn: usize,
    /// Reversed triangles on those keys, which nothing gates.
    pub not_drawn_reversed: usize,
}

impl DeformBlock {
    /// The block of the compiled skeleton.
    pub fn of(input: &Input<'_>) -> DeformBlock {
        let data = match input.loaded {
            Ok(d) => d,
            Err(why) => {
                return DeformBlock {
                    unread: Some(why.to_string()),
                    ..DeformBlock::default()
                }
            }
        };
        let exempt = &input.rig_info.invariants.deform_may_fold;
        let mut keys = Vec::new();
        for frame in deform_figures::deform_frames(data) {
            let target = target(data, &frame);
            let slot = data.slots.get(frame.slot).map_or("", |s| s.name.as_str());
            let animation = data
                .animations
                .get(frame.anim)
                .map_or(String::new(), |a| a.name.clone());
            let why = exempt
                .iter()
                .find(|(s, _)| s == slot)
                .map(|(_, w)| w.clone());
            for figures in deform_figures::key_figures(data, input.plans, &frame) {
                let key = figures.as_ref().map_or(0, |f| f.key);
                keys.push(DeformKey {
                    model: models::transform(input.motion, &animation, &target, key)
                        .and_then(models::words)
                        .unwrap_or_else(|| "authored table".to_string()),
                    animation: animation.clone(),
                    target: target.clone(),
                    frame: frame_words(data, frame.reach),
                    exempt: why.clone(),
                    figures,
                });
            }
        }
        let worst = worst(&keys);
        DeformBlock {
            unread: None,
            keys,
            worst,
        }
    }

    /// The block's lines: nothing for a skeleton with no deform key.
    pub fn lines(&self) -> Vec<String> {
        if let Some(why) = &self.unread {
            return vec![format!("deform  not measured: {why}")];
        }
        if self.keys.is_empty() {
            return Vec::new();
        }
        let mut out: Vec<String> = LEGEND.iter().map(|l| l.to_string()).collect();
        for w in &self.worst {
            for k in self.keys.iter().filter(|k| k.animation == w.animation) {
                out.extend(key_lines(k));
            }
            out.extend(worst_lines(w));
        }
        out
    }
}

/// The block's heading and legend (FORMAT.md §6.6).
const LEGEND: [&str; 7] = [
    "deform  (what each key does to the geometry — figures with names, never a bar; issue #316)",
    "  ..    every key measured at its OWN time against the same pose with the deform CLEARED, so the",
    "  ..    denominator is 1.000 by definition and a NEGATIVE area ratio IS a reversed triangle",
    "  ..    stretch is the two singular values of the map from the cleared triangle to the deformed one —",
    "  ..    the worst stretch and the worst squash the drawing takes there; their product is |area ratio|",
    "  ..    coverage is NOT here: it is rasterised from the uvs, which no deform moves, so the figure on",
    "  ..    the `meshes` line below is already the deformed one",
];

/// `skin/slot/attachment` of a frame's timeline.
fn target(data: &SkeletonData, f: &DeformFrame<'_>) -> String {
    let slot = data.slots.get(f.slot).map_or("", |s| s.name.as_str());
    let held = data.skins.iter().find_map(|skin| {
        skin.attachments
            .get(f.slot)?
            .iter()
            .find(|e| e.attachment == f.attachment)
            .map(|e| (skin.name.as_str(), e.placeholder.as_str()))
    });
    let (skin, att) = held.unwrap_or_else(|| {
        (
            "?",
            data.attachments
                .get(f.attachment)
                .map_or("", |a| a.name.as_str()),
        )
    });
    format!("{skin}/{slot}/{att}")
}

/// How the key's animation is applied.
fn frame_words(data: &SkeletonData, reach: Reach) -> String {
    match reach {
        Reach::Track => "played on a track".to_string(),
        Reach::Slider(c) => format!(
            "applied by slider \"{}\"",
            data.constraints.get(c).map_or("", |x| x.name.as_str())
        ),
    }
}

/// Per animation, in key order: the worst figures over the keys A39 counts.
fn worst(keys: &[DeformKey]) -> Vec<Worst> {
    let mut out: Vec<Worst> = Vec::new();
    for k in keys {
        if !out.iter().any(|w| w.animation == k.animation) {
            out.push(Worst {
                animation: k.animation.clone(),
                area: None,
                stretch: None,
                squash: None,
                reversed: 0,
                collapsed: 0,
                keys: 0,
                samples: 0,
                not_drawn: 0,
                not_drawn_reversed: 0,
            });
        }
        let (Some(w), Some(f)) = (
            out.iter_mut().find(|w| w.animation == k.animation),
            k.counted(),
        ) else {
            continue;
        };
        w.keys += 1;
        w.samples += f.measured;
        w.collapsed += f.collapsed;
        w.reversed += f.reversed;
        if f.blank() {
            w.not_drawn += 1;
            w.not_drawn_reversed += f.reversed;
        }
        let at = |e: Extreme| Where {
            value: e.value,
            at: format!("{} tri {}", k.named(f.key), e.at),
        };
        let pick = |held: &mut Option<Where>, e: Option<Extreme>, better: fn(f64, f64) -> bool| {
            if let Some(e) = e {
                if held.as_ref().is_none_or(|h| better(e.value, h.value)) {
                    *held = Some(at(e));
                }
            }
        };
        pick(&mut w.area, f.area_min, |a, b| a < b);
        pick(&mut w.stretch, f.stretch_max, |a, b| a > b);
        pick(&mut w.squash, f.squash_min, |a, b| a < b);
    }
    out
}

/// `x0.637174 tri 17`.
fn ratio(e: Option<Extreme>) -> String {
    e.map_or_else(
        || "-".to_string(),
        |e| format!("x{} tri {}", text::fixed(e.value, 6), e.at),
    )
}

/// Continuation lines: 10 spaces, the word padded to 10.
fn row(word: &str, rest: &str) -> String {
    format!("          {word:<10} {rest}")
}

/// One key's lines.
fn key_lines(k: &DeformKey) -> Vec<String> {
    let key = k.figures.as_ref().map_or(0, |f| f.key);
    let time = k.figures.as_ref().map_or(0.0, |f| f.time);
    let mut out = vec![
        format!(
            "  DEFORM  {}  {}  key {key}  t={}  {}",
            k.animation,
            k.target,
            text::fixed(time, 6),
            k.model
        ),
        row("frame", &k.frame),
    ];
    let f = match &k.figures {
        Ok(f) => f,
        Err(threw) => {
            out.push(row("posing", &format!("{threw} while posing this key")));
            return out;
        }
    };
    if let Some(why) = &k.exempt {
        out.push(row(
            "exempt",
            &format!("the slot is declared in invariants.deformMayFold ({why}): the same figures, and nothing is gated"),
        ));
    }
    if !f.reachable {
        out.push(row(
            "unreached",
            &format!(
                "the {} cannot say this time: measured, not gated, not counted",
                k.frame.trim_start_matches("applied by ")
            ),
        ));
    }
    if !f.shown {
        out.push(row(
            "skipped",
            "A39 reads no winding off this key: the slot shows another attachment, or none, at this time, so nothing of this mesh is drawn",
        ));
        return out;
    }
    if f.alpha == 0.0 {
        out.push(row(
            "skipped",
            "A39 reads no winding off this key: the slot's alpha is exactly 0 at this",
        ));
        out.push(format!(
            "                     time (slot {} x attachment {}), so this key draws no pixels — a",
            text::fixed(f.slot_alpha, 4),
            text::fixed(f.attachment_alpha, 4)
        ));
        out.push(
            "                     triangle that draws no pixels cannot draw them backwards"
                .to_string(),
        );
    }
    if f.moved == 0 {
        out.push(row(
            "moved",
            &format!(
                "0 of {} vertices — this key IS the setup pose, so every figure is the identity ({} triangles, all kept)",
                f.vertices, f.triangles
            ),
        ));
        return out;
    }
    let worst = f.worst_move.map_or_else(String::new, |w| {
        format!(", worst {}px at v{}", text::fixed(w.value, 4), w.at)
    });
    out.push(row(
        "moved",
        &format!("{} of {} vertices{worst}", f.moved, f.vertices),
    ));
    out.push(row(
        "area",
        &format!(
            "min {}   max {}   ({} triangles, {} with no area at the cleared pose, band {}px²)",
            ratio(f.area_min),
            ratio(f.area_max),
            f.triangles,
            f.triangles.saturating_sub(f.measured),
            text::fixed(f.band, 6)
        ),
    ));
    out.push(row(
        "stretch",
        &format!("max {}   min {}", ratio(f.stretch_max), ratio(f.squash_min)),
    ));
    let fold = if f.reversed == 0 {
        String::new()
    } else if f.blank() {
        "  <- a fold, and nothing gates it: this key draws no pixels (see above)".to_string()
    } else if k.exempt.is_some() {
        "  <- a fold, and nothing gates it: the slot may fold (invariants.deformMayFold)"
            .to_string()
    } else if !f.reachable {
        "  <- a fold, and nothing gates it: the key is not reached".to_string()
    } else {
        format!(
            "  <- a fold: {} reversed, and A39 refuses this key",
            f.reversed
        )
    };
    out.push(row(
        "winding",
        &format!(
            "{} of {} kept, {} collapsed{fold}",
            f.kept(),
            f.measured,
            f.collapsed
        ),
    ));
    out
}

/// An animation's `WORST` line and its totals.
fn worst_lines(w: &Worst) -> Vec<String> {
    let at = |label: &str, x: &Option<Where>| {
        x.as_ref().map_or_else(
            || format!("{label} -"),
            |x| format!("{label} x{} ({})", text::fixed(x.value, 6), x.at),
        )
    };
    let mut out = vec![
        format!(
            "  WORST   {}  {}  {}  {}",
            w.animation,
            at("area", &w.area),
            at("stretch", &w.stretch),
            at("squash", &w.squash)
        ),
        format!(
            "  ..            reversed {}, collapsed {}, over {} key(s) and {} triangle sample(s)  <- A39 reads the same two counts",
            w.reversed, w.collapsed, w.keys, w.samples
        ),
    ];
    if w.not_drawn > 0 {
        out.push(format!(
            "  ..            {} key(s) draw no pixels at their own time and are read for no winding, carrying",
            w.not_drawn
        ));
        out.push(format!(
            "                {} reversed triangle(s) nothing gates  <- A39 counts them as deformKeysNotDrawn",
            w.not_drawn_reversed
        ));
    }
    out
}

#[cfg(test)]
#[path = "deform_tests.rs"]
mod tests;
