//! This module owns the `animations` section: every animation of the emitted
//! skeleton (its declared duration and `loop` hint from the motion spec), each
//! timeline with its key count, and each key with its time, its values and
//! its curve kind (`linear`, `stepped`, `bezier[<n>]` — n the curve array's
//! length, 4 a channel); scale keys stating both axes add `x·y=`, deform keys
//! read `deform[<offset>..<end>]  <k> pair(s)`, and one stated as a `transform`
//! prints its model, formula and offsets instead (`models`, FORMAT.md §3.14.1).

use super::{models, text, Input};
use serde::Serialize;
use serde_json::Value;

/// One animation.
#[derive(Debug, Serialize)]
pub struct Animation {
    /// Its name.
    pub name: String,
    /// The motion spec's `duration`, seconds.
    pub declared: Option<f64>,
    /// The motion spec's `loop` hint (`None`: not stated).
    pub looping: Option<bool>,
    /// Its timelines, in the file's order.
    pub timelines: Vec<TimelineRow>,
}

/// One timeline.
#[derive(Debug, Serialize)]
pub struct TimelineRow {
    /// `bone.rotate`, `slot.rgba`, `ik.<name>`, `path.<n>.<tl>`,
    /// `<skin>/<slot>/<att>.deform`, `drawOrder`, `events`, ….
    pub path: String,
    /// What the line adds (`<- one timeline per constraint`).
    pub note: Option<String>,
    /// Its keys.
    pub keys: Vec<KeyRow>,
}

/// One key.
#[derive(Debug, Serialize)]
pub struct KeyRow {
    /// Its time, as written (0 when absent).
    pub time: String,
    /// Its values: `name=value` pairs, or the deform run.
    pub fields: String,
    /// `linear`, `stepped` or `bezier[<n>]`.
    pub curve: String,
    /// A scale key stating both axes: x·y.
    pub area: Option<f64>,
    /// A deform key stated as a `transform`: its print-out (FORMAT.md
    /// §3.14.1), which replaces the plain key line.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub transform: Vec<String>,
}

/// Every animation of the compiled skeleton.
pub fn of(input: &Input<'_>) -> Vec<Animation> {
    text::entries(input.skeleton.get("animations"))
        .into_iter()
        .map(|(name, a)| Animation {
            name: name.to_string(),
            declared: input
                .rig_info
                .animations
                .iter()
                .find(|d| d.name == name)
                .map(|d| d.duration),
            looping: input
                .motion
                .and_then(|m| m.animations.iter().find(|s| s.name == name))
                .and_then(|s| s.looping),
            timelines: timelines(a, |target, key, k| {
                models::transform(input.motion, name, target, key)
                    .map(|t| {
                        let run = models::compiled_run(input.compiled, name, target, key);
                        models::printout(k, run, t)
                    })
                    .unwrap_or_default()
            }),
        })
        .collect()
}

/// The timelines of one animation object, in the file's order.
/// `printout(target, key index, key)` is a deform key's transform print-out
/// (empty for a table key).
fn timelines(a: &Value, printout: impl Fn(&str, usize, &Value) -> Vec<String>) -> Vec<TimelineRow> {
    let mut out = Vec::new();
    for (group, v) in text::entries(Some(a)) {
        match group {
            "bones" | "slots" => {
                for (target, tls) in text::entries(Some(v)) {
                    for (tl, keys) in text::entries(Some(tls)) {
                        out.push(row(format!("{target}.{tl}"), None, keys, tl));
                    }
                }
            }
            "ik" | "transform" => {
                for (name, keys) in text::entries(Some(v)) {
                    let note = Some("<- one timeline per constraint".to_string());
                    out.push(row(format!("{group}.{name}"), note, keys, group));
                }
            }
            "path" | "physics" | "slider" => {
                for (name, tls) in text::entries(Some(v)) {
                    for (tl, keys) in text::entries(Some(tls)) {
                        out.push(row(format!("{group}.{name}.{tl}"), None, keys, tl));
                    }
                }
            }
            "attachments" => {
                for (skin, slots) in text::entries(Some(v)) {
                    for (slot, atts) in text::entries(Some(slots)) {
                        for (att, tls) in text::entries(Some(atts)) {
                            for (tl, keys) in text::entries(Some(tls)) {
                                let path = format!("{skin}/{slot}/{att}.{tl}");
                                let mut r = row(path, None, keys, tl);
                                if tl == "deform" {
                                    let target = format!("{skin}/{slot}/{att}");
                                    for (i, (k, json)) in
                                        r.keys.iter_mut().zip(text::items(Some(keys))).enumerate()
                                    {
                                        k.transform = printout(&target, i, json);
                                    }
                                }
                                out.push(r);
                            }
                        }
                    }
                }
            }
            other => out.push(row(other.to_string(), None, v, other)),
        }
    }
    out
}

fn row(path: String, note: Option<String>, keys: &Value, timeline: &str) -> TimelineRow {
    TimelineRow {
        path,
        note,
        keys: text::items(Some(keys))
            .iter()
            .map(|k| key(k, timeline))
            .collect(),
    }
}

/// One key of a timeline named `timeline`.
fn key(k: &Value, timeline: &str) -> KeyRow {
    let curve = match k.get("curve") {
        None => "linear".to_string(),
        Some(Value::String(s)) => s.clone(),
        Some(Value::Array(a)) => format!("bezier[{}]", a.len()),
        Some(other) => other.to_string(),
    };
    let fields = match timeline {
        "deform" => {
            let offset = text::number(k, "offset", 0.0);
            let n = text::items(k.get("vertices")).len();
            format!(
                "deform[{}..{}]  {} pair(s)",
                offset,
                offset + n as f64,
                n / 2
            )
        }
        "drawOrder" => {
            let offsets: Vec<String> = text::items(k.get("offsets"))
                .iter()
                .map(|o| {
                    let by = text::number(o, "offset", 0.0);
                    let sign = if by < 0.0 { "" } else { "+" };
                    format!(
                        "{}{sign}{}",
                        text::field(o, "slot", ""),
                        text::field(o, "offset", "0")
                    )
                })
                .collect();
            format!("offsets={}", text::list(&offsets))
        }
        _ => {
            let pairs: Vec<String> = text::entries(Some(k))
                .into_iter()
                .filter(|(n, _)| *n != "time" && *n != "curve")
                .map(|(n, v)| format!("{n}={}", text::value(v)))
                .collect();
            pairs.join(" ")
        }
    };
    let area = (timeline == "scale")
        .then(|| Some(k.get("x")?.as_f64()? * k.get("y")?.as_f64()?))
        .flatten();
    KeyRow {
        time: text::field(k, "time", "0"),
        fields,
        curve,
        area,
        transform: Vec::new(),
    }
}

/// The note under a section that printed `x·y`.
const AREA_NOTE: &str = "  ..  x·y is the key's own local area factor: ~1.00 is the volume kept, and it is a READING, never a rule — no assertion reads it";

/// `animations`, each animation, timeline and key.
pub fn lines(animations: &[Animation]) -> Vec<String> {
    let mut out = vec!["animations".to_string()];
    let mut any_area = false;
    for a in animations {
        let declared = a
            .declared
            .map_or_else(|| "?".to_string(), rigc_sdk::spine::num::f64_text);
        let looping = a.looping.map_or("unset".to_string(), |l| l.to_string());
        out.push(format!("  {}  declared={declared}s loop={looping}", a.name));
        for t in &a.timelines {
            let mut line = format!("    {}  {} key(s)", t.path, t.keys.len());
            if let Some(n) = &t.note {
                line.push_str(&format!("  {n}"));
            }
            out.push(line);
            for k in &t.keys {
                let mut line = format!("      t={:<7} {:<30} {}", k.time, k.fields, k.curve);
                if let Some(xy) = k.area {
                    any_area = true;
                    line.push_str(&format!("  x·y={}", text::fixed(xy, 4)));
                }
                if k.transform.is_empty() {
                    out.push(line);
                } else {
                    out.extend(k.transform.iter().cloned());
                }
            }
        }
    }
    if any_area {
        out.push(AREA_NOTE.to_string());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn keys_read_their_values_and_curve_kinds() {
        let a = json!({
            "bones": { "b": {
                "rotate": [ { "curve": [0.3, 0, 0.7, 45] }, { "time": 1, "value": 45 } ],
                "scale": [ { "x": 1.25, "y": 0.8, "curve": "stepped" } ]
            } },
            "ik": { "k": [ { "mix": 0 } ] },
            "attachments": { "default": { "m": { "m": { "deform": [ {}, { "time": 0.5, "offset": 4, "vertices": [1, 2, 3, 4, 5, 6] } ] } } } },
            "drawOrder": [ { "time": 0.5, "offsets": [ { "slot": "s", "offset": 1 }, { "slot": "box", "offset": -2 } ] } ]
        });
        let t = timelines(&a, |_, _, _| Vec::new());
        let paths: Vec<&str> = t.iter().map(|r| r.path.as_str()).collect();
        assert_eq!(
            paths,
            [
                "b.rotate",
                "b.scale",
                "ik.k",
                "default/m/m.deform",
                "drawOrder"
            ]
        );
        let k = &t[0].keys;
        assert_eq!(
            (
                k[0].time.as_str(),
                k[0].fields.as_str(),
                k[0].curve.as_str()
            ),
            ("0", "", "bezier[4]")
        );
        assert_eq!(
            (
                k[1].time.as_str(),
                k[1].fields.as_str(),
                k[1].curve.as_str()
            ),
            ("1", "value=45", "linear")
        );
        let s = &t[1].keys[0];
        assert_eq!(
            (s.fields.as_str(), s.curve.as_str()),
            ("x=1.25 y=0.8", "stepped")
        );
        assert!((s.area.unwrap() - 1.0).abs() < 1e-12);
        assert_eq!(t[2].note.as_deref(), Some("<- one timeline per constraint"));
        assert_eq!(t[3].keys[0].fields, "deform[0..0]  0 pair(s)");
        assert_eq!(t[3].keys[1].fields, "deform[4..10]  3 pair(s)");
        assert_eq!(t[4].keys[0].fields, "offsets=[s+1, box-2]");
    }
}
