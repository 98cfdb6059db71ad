//! This module owns the raw attachment→region join (GATE.md §3 A08): the region
//! names every skin entry of the raw skeleton JSON asks the atlas for, exactly as
//! `AtlasAttachmentLoader` would ask — a region, mesh or linked mesh looks up its
//! `path`, else its `name`, else its placeholder, and an entry with a `sequence`
//! block looks up every frame (`path` + the frame number, zero-padded to
//! `digits`, from `start`). A08 holds the join; A00 uses it to defer to A08 on a
//! region miss it already names (GATE.md §1.1).
//!
//! An entry whose sequence cannot be walked (a count that is not a whole number,
//! absurd counts or padding, a non-numeric `start`) is left out, as in rigc.

use crate::raw::{items, members, num, str_at};
use serde_json::Value;

/// Most frames of one sequence the join walks.
const MAX_FRAMES: f64 = 100_000.0;
/// Widest zero padding the join spells.
const MAX_DIGITS: f64 = 64.0;

/// One lookup a skin entry makes.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Lookup<'v> {
    /// The skin's name.
    pub skin: &'v str,
    /// The slot key.
    pub slot: &'v str,
    /// The placeholder key.
    pub placeholder: &'v str,
    /// The attachment's name (`name`, else the placeholder).
    pub name: String,
    /// The region name looked up.
    pub region: String,
}

/// A raw value as the reader turns it into a name: a string as is, a number as
/// JavaScript prints it; anything else is not walked.
fn name_of(v: &Value) -> Option<String> {
    match v {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => n.as_f64().map(num),
        _ => None,
    }
}

/// Every lookup the raw skins make, in file order.
pub(crate) fn lookups(root: &Value) -> Vec<Lookup<'_>> {
    let mut out = Vec::new();
    for skin in items(root.get("skins")) {
        let Some(skin_name) = str_at(skin, "name") else {
            continue;
        };
        for (slot, entries) in members(skin.get("attachments")) {
            for (placeholder, entry) in members(Some(entries)) {
                let kind = match entry.get("type") {
                    None => "region",
                    Some(t) => t.as_str().unwrap_or(""),
                };
                if !matches!(kind, "region" | "mesh" | "linkedmesh") {
                    continue;
                }
                let name = match entry.get("name") {
                    None => placeholder.to_string(),
                    Some(v) => match name_of(v) {
                        Some(n) => n,
                        None => continue,
                    },
                };
                let path = match entry.get("path") {
                    None => name.clone(),
                    Some(v) => match name_of(v) {
                        Some(p) => p,
                        None => continue,
                    },
                };
                let Some(regions) = frames(entry.get("sequence"), &path) else {
                    continue;
                };
                for region in regions {
                    out.push(Lookup {
                        skin: skin_name,
                        slot,
                        placeholder,
                        name: name.clone(),
                        region,
                    });
                }
            }
        }
    }
    out
}

/// The region names an entry looks up: its path alone without a sequence, every
/// frame name with one, `None` when the sequence cannot be walked.
fn frames(sequence: Option<&Value>, path: &str) -> Option<Vec<String>> {
    let seq = match sequence {
        None | Some(Value::Null) => return Some(vec![path.to_string()]),
        Some(s) => s,
    };
    let number = |key: &str, default: f64| match seq.get(key) {
        None => Some(default),
        Some(v) => v.as_f64(),
    };
    let count = number("count", 0.0)?;
    let start = number("start", 1.0)?;
    let digits = number("digits", 0.0)?;
    if !(count >= 0.0 && count.fract() == 0.0 && count <= MAX_FRAMES) || digits > MAX_DIGITS {
        return None;
    }
    let mut out = Vec::new();
    for i in 0..count as usize {
        let frame = num(start + i as f64);
        let pad = digits - frame.encode_utf16().count() as f64;
        let zeros = if pad > 0.0 { pad.ceil() as usize } else { 0 };
        out.push(format!("{path}{}{frame}", "0".repeat(zeros)));
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn lookups_follow_the_attachment_loader() {
        let root = json!({ "skins": [{ "name": "default", "attachments": {
            "s": {
                "a": {},
                "b": { "name": "bee", "type": "mesh" },
                "c": { "path": "see", "type": "linkedmesh" },
                "d": { "type": "boundingbox" },
                "e": { "sequence": { "count": 3, "start": 9, "digits": 2 } },
                "f": { "sequence": { "count": 1.5 } },
                "g": { "sequence": null, "name": 7 }
            }
        }}]});
        let got: Vec<(String, String)> = lookups(&root)
            .into_iter()
            .map(|l| (l.name, l.region))
            .collect();
        let want = [
            ("a", "a"),
            ("bee", "bee"),
            ("c", "see"),
            ("e", "e09"),
            ("e", "e10"),
            ("e", "e11"),
            ("7", "7"),
        ];
        assert_eq!(
            got,
            want.map(|(a, b)| (a.to_string(), b.to_string())).to_vec()
        );
    }
}
