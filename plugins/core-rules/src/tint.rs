//! This module owns what the two colour rules (A43, A45) share (GATE.md §4.17):
//! a colour as the file **states** it — a hex string, an optional leading `#`,
//! each channel `parseInt(pair, 16) / 255` with JavaScript's `parseInt` (so a
//! stray sign or letter states what the runtime would read, `NaN` included), a
//! light colour's missing alpha 1 — whether the string is well formed (six or
//! eight hex digits), the tolerance a posed channel is held to (±1/510, half a
//! step of an 8-bit channel), and the colour timelines as the raw JSON keys
//! them, in file order.

use crate::raw::{animations, items, members};
use rigc_sdk::model::names::SlotTimeline;
use rigc_sdk::spine::atlas::js_trim;
use serde_json::Value;

/// How far a posed hex channel may be from the stated one.
pub(crate) const HEX_TOLERANCE: f64 = 1.0 / 510.0;

/// The slot colour timelines (`SLOT_COLOR_CHANNELS`' keys).
pub(crate) const COLOR_TIMELINES: [SlotTimeline; 5] = [
    SlotTimeline::Rgba,
    SlotTimeline::Rgb,
    SlotTimeline::Alpha,
    SlotTimeline::Rgba2,
    SlotTimeline::Rgb2,
];

/// JavaScript's `parseInt(s, 16)`.
fn parse_hex(s: &str) -> f64 {
    let t = js_trim(s);
    let (neg, t) = match t.as_bytes().first() {
        Some(b'-') => (true, t.get(1..).unwrap_or("")),
        Some(b'+') => (false, t.get(1..).unwrap_or("")),
        _ => (false, t),
    };
    let t = t
        .strip_prefix("0x")
        .or_else(|| t.strip_prefix("0X"))
        .unwrap_or(t);
    let mut v = 0.0f64;
    let mut any = false;
    for d in t.chars().map_while(|c| c.to_digit(16)) {
        v = v * 16.0 + f64::from(d);
        any = true;
    }
    match (any, neg) {
        (false, _) => f64::NAN,
        (true, true) => -v,
        (true, false) => v,
    }
}

/// The hex string without its leading `#`, as UTF-16 units (as
/// `Color.fromString` indexes it).
fn units(hex: &str) -> Vec<u16> {
    let u: Vec<u16> = hex.encode_utf16().collect();
    match u.split_first() {
        Some((&first, rest)) if first == u16::from(b'#') => rest.to_vec(),
        _ => u,
    }
}

/// The channel at pair `i` of `u`, as the runtime reads it.
fn pair(u: &[u16], i: usize) -> f64 {
    let end = (i + 2).min(u.len());
    let part = u
        .get(i..end)
        .map(String::from_utf16_lossy)
        .unwrap_or_default();
    parse_hex(&part) / 255.0
}

/// The colour `hex` states: r, g, b, then (with `alpha`) a, which is the fourth
/// pair of an eight-digit string and 1 otherwise.
pub(crate) fn stated(hex: &str, alpha: bool) -> Vec<f64> {
    let u = units(hex);
    let mut out = vec![pair(&u, 0), pair(&u, 2), pair(&u, 4)];
    if alpha {
        out.push(if u.len() == 8 { pair(&u, 6) } else { 1.0 });
    }
    out
}

/// Is `hex` six or eight hex digits, after an optional `#`?
pub(crate) fn well_formed(hex: &str) -> bool {
    let s = hex.strip_prefix('#').unwrap_or(hex);
    matches!(s.len(), 6 | 8) && s.bytes().all(|b| b.is_ascii_hexdigit())
}

/// Do `posed` and `stated` agree channel by channel within `tolerance`?
/// (`NaN` agrees with nothing.)
pub(crate) fn agrees(posed: &[f64], stated: &[f64], tolerance: f64) -> bool {
    posed.len() == stated.len()
        && posed
            .iter()
            .zip(stated)
            .all(|(p, s)| (p - s).abs() <= tolerance)
}

/// One colour timeline as the raw JSON keys it.
pub(crate) struct RawColorTimeline<'v> {
    /// The animation's name.
    pub animation: &'v str,
    /// The slot's name.
    pub slot: &'v str,
    /// `rgba`, `rgb`, `alpha`, `rgba2` or `rgb2`.
    pub name: &'v str,
    /// Its keys (nothing when the value is not an array).
    pub keys: Vec<&'v Value>,
}

/// Every colour timeline of every animation, in file order (animation, slot,
/// timeline).
pub(crate) fn color_timelines(root: &Value) -> Vec<RawColorTimeline<'_>> {
    let mut out = Vec::new();
    for (animation, map) in animations(root) {
        for (slot, timelines) in members(map.get("slots")) {
            for (name, keys) in members(Some(timelines)) {
                if let Some(t) = COLOR_TIMELINES.iter().find(|t| t.name() == name) {
                    out.push(RawColorTimeline {
                        animation,
                        slot,
                        name: t.name(),
                        keys: items(Some(keys)).collect(),
                    });
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn states_colours_as_the_runtime_reads_them() {
        assert_eq!(stated("#ff000080", true), [1.0, 0.0, 0.0, 128.0 / 255.0]);
        assert_eq!(stated("00ff00", true), [0.0, 1.0, 0.0, 1.0]);
        assert_eq!(stated("ff000080", false), [1.0, 0.0, 0.0]);
        // parseInt("-1", 16) is -1: the file states a negative red.
        assert_eq!(stated("-1ff00", false), [-1.0 / 255.0, 1.0, 0.0]);
        assert!(stated("zz0000", false)[0].is_nan());
        assert!(parse_hex("0x").is_nan() && parse_hex(" 1f").eq(&31.0));
        assert!(well_formed("#a0B0c0") && well_formed("a0b0c0d0"));
        assert!(!well_formed("a0b0c") && !well_formed("-1ff00") && !well_formed(""));
        assert!(agrees(&[0.5, 1.0], &[0.5 + 1e-3, 1.0], HEX_TOLERANCE));
        assert!(!agrees(&[f64::NAN], &[f64::NAN], HEX_TOLERANCE));
    }

    #[test]
    fn walks_colour_timelines_in_file_order() {
        let root = json!({ "animations": {
            "a": { "slots": { "s": { "attachment": [], "rgb": [{}, {}], "alpha": 3 } } },
            "b": { "slots": { "t": { "rgba2": [{}] } } }
        }});
        let got: Vec<(&str, &str, &str, usize)> = color_timelines(&root)
            .iter()
            .map(|t| (t.animation, t.slot, t.name, t.keys.len()))
            .collect();
        assert_eq!(
            got,
            [
                ("a", "s", "rgb", 2),
                ("a", "s", "alpha", 0),
                ("b", "t", "rgba2", 1)
            ]
        );
    }
}
