//! This module owns a `sequence` block on a region, mesh or linked mesh
//! (FORMAT.md §2.7.8): `count` (a whole number ≥ 1), `start`, `digits` and
//! `setup` (whole numbers ≥ 0, `setup` below `count`), the refusals of an
//! `image` or a `generator` beside it, and the frames' images: frame i is the
//! loose PNG `<stem><pad(start + i, digits)>.png` in the rig's images
//! directory, `stem` the attachment's `path` or its placeholder — the region
//! name spine-core's `Sequence.getPath` looks up. Every number is bounded, so
//! no block makes an unbounded list of frames or an unbounded name.

use rigc_diag::codes;

use super::read::{absent_at, as_count, q, Diags};
use super::types::{SequenceSpec, SkinSpec};
use rigc_diag::cursor::Node;

/// The keys of a `sequence` block.
const SEQUENCE_KEYS: &[&str] = &["count", "start", "digits", "setup"];

/// Most frames one series may have (each is a PNG read and a page).
pub(crate) const MAX_COUNT: u32 = 4096;

/// Most frames all of a rig's series may have together.
pub(crate) const MAX_RIG_FRAMES: u32 = 16384;

/// Widest zero-pad a series may ask for.
pub(crate) const MAX_DIGITS: u32 = 16;

/// The defaults spine-core's `readSequence` gives an absent `start`.
const DEFAULT_START: u32 = 1;

/// Refuses an `image` or a `generator` beside the attachment `node`'s
/// `sequence` block; false when it refused one. Called before the attachment's
/// type is read, so a refusal of either key for another reason does not hide
/// this one.
pub(super) fn conflicts(node: &Node, where_: &str, d: &mut Diags) -> bool {
    if !node.has("sequence") {
        return true;
    }
    let before = d.len();
    let why = [
        ("image", codes::RIG_SEQUENCE_WITH_IMAGE, "a series draws its frames, each a PNG of its own named after the attachment's path or placeholder, so one image has no place in it"),
        ("generator", codes::RIG_SEQUENCE_WITH_GENERATOR, "a generator builds a mesh off one part's pixels, and a series has a PNG per frame"),
    ];
    for (key, code, reason) in why {
        if let Some(v) = node.get(key) {
            d.push(
                v.err(code, format!("{where_}: {} beside a \"sequence\" — {reason}", q(key)))
                    .help(format!(
                        "remove {} (the frames are found as <images>/<path or placeholder><number>.png), or remove \"sequence\"",
                        q(key)
                    )),
            );
        }
    }
    d.len() == before
}

/// Reads the `sequence` block of the attachment `node` (placeholder
/// `placeholder`); `Ok(None)` when there is none, `Err(())` when it is refused.
pub(super) fn parse(
    node: &Node,
    placeholder: &str,
    where_: &str,
    d: &mut Diags,
) -> Result<Option<SequenceSpec>, ()> {
    let Some(seq) = node.get("sequence") else {
        return Ok(None);
    };
    let before = d.len();
    if !seq.is_object() {
        d.push(
            seq.err(
                codes::RIG_SEQUENCE_NOT_AN_OBJECT,
                format!(
                    "{where_}: \"sequence\" is {}; it is an object {{ \"count\": N, \"start\"?, \"digits\"?, \"setup\"? }}",
                    seq.describe()
                ),
            )
            .help("write the block as { \"count\": 3 }, or remove it"),
        );
        return Err(());
    }
    let unknown = seq.unknown_keys(SEQUENCE_KEYS, &format!("sequence ({where_})"));
    if !unknown.is_empty() {
        d.extend(unknown);
        return Err(());
    }
    let count = match seq.get("count") {
        None => {
            d.push(
                absent_at(
                    &seq,
                    codes::RIG_SEQUENCE_COUNT,
                    format!("{where_}: a sequence needs a \"count\" — the parser reads an absent one as 0, and a series of no frames draws nothing"),
                )
                .help("add \"count\": <number of frames>"),
            );
            None
        }
        Some(c) => match c.as_f64().and_then(as_count) {
            Some(n) if (1..=MAX_COUNT).contains(&n) => Some(n),
            Some(n) if n > MAX_COUNT => {
                d.push(
                    c.err(
                        codes::RIG_SEQUENCE_TOO_LARGE,
                        format!("{where_}: count is {n}; rigc reads at most {MAX_COUNT} frames per series, each a PNG and a page of its own"),
                    )
                    .help("split the series, or pack its frames into fewer, longer strips"),
                );
                None
            }
            _ => {
                d.push(
                    c.err(
                        codes::RIG_SEQUENCE_COUNT,
                        format!("{where_}: count is {}; it is how many frames the series has, a whole number ≥ 1", c.describe()),
                    )
                    .help("write count as a whole number such as 1, 2 or 12"),
                );
                None
            }
        },
    };
    let mut whole = |key: &str| {
        let v = seq.get(key)?;
        match v.as_f64().and_then(as_count) {
            Some(n) => Some(n),
            None => {
                d.push(
                    v.err(
                        codes::RIG_SEQUENCE_NOT_WHOLE,
                        format!(
                            "{where_}: sequence {key} is {}; it is a whole number ≥ 0",
                            v.describe()
                        ),
                    )
                    .help(format!(
                        "write {key} as a whole number such as 0 or 1, or leave it out"
                    )),
                );
                None
            }
        }
    };
    let (start, digits, setup) = (whole("start"), whole("digits"), whole("setup"));
    if let (Some(n), Some(v)) = (digits, seq.get("digits")) {
        if n > MAX_DIGITS {
            d.push(
                v.err(
                    codes::RIG_SEQUENCE_TOO_LARGE,
                    format!("{where_}: digits is {n}; a frame number is padded to at most {MAX_DIGITS} digits"),
                )
                .help("pad the frame numbers to the width the PNGs' names use, e.g. 2 for flash01.png"),
            );
        }
    }
    if let (Some(count), Some(s), Some(v)) = (count, setup, seq.get("setup")) {
        if s >= count {
            d.push(
                v.err(
                    codes::RIG_SEQUENCE_SETUP_RANGE,
                    format!("{where_}: setup is {s} and the series has {count} frame(s), numbered from 0 — the runtime clamps it to the last frame, which is not what the file says"),
                )
                .help(format!("state a setup frame from 0 to {}", count - 1)),
            );
        }
    }
    let stem = match node.get("path") {
        Some(p) => p.as_str().unwrap_or(placeholder).to_string(),
        None => placeholder.to_string(),
    };
    if stem.contains(['/', '\\']) {
        let at = node.get("path").unwrap_or_else(|| seq.clone());
        d.push(
            at.err(
                codes::RIG_SEQUENCE_STEM_DIRECTORY,
                format!(
                    "{where_}: the series' frames are named {}<number>, which holds a directory — a loose frame's region is its PNG's basename, so the runtime would look up a name the atlas does not have",
                    q(&stem)
                ),
            )
            .help("name the series without a directory (a \"path\" such as \"flash\"), and put its PNGs in the images directory"),
        );
    }
    let Some(count) = count.filter(|_| d.len() == before) else {
        return Err(());
    };
    Ok(Some(SequenceSpec {
        count,
        start,
        digits,
        setup,
        stem,
        loc: seq.loc(),
    }))
}

impl SequenceSpec {
    /// Frame `i`'s `image` value: `<stem><pad(start + i, digits)>.png`.
    pub fn frame(&self, i: u32) -> String {
        let name = frame_name(
            &self.stem,
            self.start.unwrap_or(DEFAULT_START),
            self.digits.unwrap_or(0),
            i,
        );
        format!("{name}.png")
    }

    /// Every frame's `image` value, in frame order.
    pub fn frames(&self) -> impl Iterator<Item = String> + '_ {
        (0..self.count).map(|i| self.frame(i))
    }
}

/// Refuses the block that takes the rig's frames past [`MAX_RIG_FRAMES`]:
/// each frame is a file read and a page, so a rig's total is bounded too.
pub(super) fn check_total(skins: &[SkinSpec], d: &mut Diags) {
    let mut total: u64 = 0;
    let blocks = skins
        .iter()
        .flat_map(|s| s.slots.iter())
        .flat_map(|s| s.entries.iter());
    for q in blocks.filter_map(|e| e.sequence.as_ref()) {
        total += u64::from(q.count);
        if total > u64::from(MAX_RIG_FRAMES) {
            d.push(
                rigc_diag::Diagnostic::new(
                    codes::RIG_SEQUENCE_TOO_LARGE,
                    format!("this sequence takes the rig's frames to {total}; rigc reads at most {MAX_RIG_FRAMES} sequence frames per rig, each a PNG and a page of its own"),
                )
                .at_without_value(q.loc.clone())
                .help("use fewer or shorter series"),
            );
            return;
        }
    }
}

/// Frame `i`'s region name: `stem` and `start + i` zero-padded to `digits`
/// (spine-core's `Sequence.getPath`).
pub(crate) fn frame_name(stem: &str, start: u32, digits: u32, i: u32) -> String {
    let n = u64::from(start) + u64::from(i);
    format!("{stem}{n:0>width$}", width = digits as usize)
}
