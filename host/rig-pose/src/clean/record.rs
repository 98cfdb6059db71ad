//! This module owns the `cleaned` record clean writes into its output, in
//! POSE.md's shape:
//!
//! ```text
//! "cleaned": { "spec": "rig-pose-clean/1",
//!   "params": { "loop", "legs", "rest", "hold": { "speed", "reach", "minSeconds", "blend" },
//!               "hipsInferred"?: { "by": "declared" } },
//!   "spikes": { "found": [{ "frame", "joint", "distance" }], "untested": [frame, …] },
//!   "jitter": { "before", "after" },
//!   "holds": [{ "joint", "frames": [first, last], "excursion"?: [first, last],
//!               "jitter": { "before", "after" } }],
//!   "seams": [{ "joint", "frame", "step", "gap" }],
//!   "unheld": [{ "joint", "frames": [first, last], "test", "value" }] }
//! ```
//!
//! With `--hold off` the record carries `"hold": "off"` in place of holds,
//! seams and unheld (and params no `hold`). Jitter is in px/f², distances and
//! steps in trunk lengths, `value` in the test's unit; each figure is rounded
//! to four decimals. A jitter with no triple to read is `null`.

use super::hold::HoldParams;
use super::{Cleaned, Params};
use crate::sequence::write::num;
use serde_json::{json, Map, Value};

/// The record's spec string.
pub const SPEC: &str = "rig-pose-clean/1";

/// A figure rounded to four decimals.
pub fn round4(x: f64) -> f64 {
    let r = (x * 1e4).round() / 1e4;
    if r == 0.0 {
        0.0
    } else {
        r
    }
}

fn fig(x: Option<f64>) -> Value {
    x.map_or(Value::Null, |x| num(round4(x)))
}

fn hold_params(p: &HoldParams) -> Value {
    json!({
        "speed": num(p.speed),
        "reach": num(p.reach),
        "minSeconds": num(p.min_seconds),
        "blend": p.blend,
    })
}

/// The record of what clean did.
pub fn record(c: &Cleaned, params: &Params) -> Value {
    let name = |j: usize| c.person.tracks.get(j).map_or("?", |t| t.joint);
    let mut p = Map::new();
    p.insert("loop".into(), Value::Bool(params.looped));
    p.insert("legs".into(), json!(params.legs));
    p.insert("rest".into(), json!(params.rest));
    if let Some(h) = &params.hold {
        p.insert("hold".into(), hold_params(h));
    }
    if params.hips_inferred {
        p.insert("hipsInferred".into(), json!({ "by": "declared" }));
    }
    let found: Vec<Value> = c
        .spikes
        .found
        .iter()
        .map(|s| json!({ "frame": s.frame, "joint": name(s.joint), "distance": fig(Some(s.distance)) }))
        .collect();
    let mut r = Map::new();
    r.insert("spec".into(), Value::String(SPEC.into()));
    r.insert("params".into(), Value::Object(p));
    r.insert(
        "spikes".into(),
        json!({ "found": found, "untested": c.spikes.untested }),
    );
    r.insert(
        "jitter".into(),
        json!({ "before": fig(c.jitter.0), "after": fig(c.jitter.1) }),
    );
    let Some(h) = &c.holds else {
        r.insert("hold".into(), Value::String("off".into()));
        return Value::Object(r);
    };
    let holds: Vec<Value> = h
        .holds
        .iter()
        .map(|x| {
            let mut o = Map::new();
            o.insert("joint".into(), Value::String(name(x.joint).into()));
            o.insert("frames".into(), json!([x.span.first, x.span.last]));
            if let Some((a, b)) = x.span.excursion {
                o.insert("excursion".into(), json!([a, b]));
            }
            o.insert(
                "jitter".into(),
                json!({ "before": fig(x.jitter_before), "after": fig(x.jitter_after) }),
            );
            Value::Object(o)
        })
        .collect();
    let seams: Vec<Value> = h
        .seams
        .iter()
        .map(|s| json!({ "joint": name(s.joint), "frame": s.frame, "step": fig(Some(s.step)), "gap": s.gap }))
        .collect();
    let unheld: Vec<Value> = h
        .unheld
        .iter()
        .map(|u| {
            json!({
                "joint": name(u.joint),
                "frames": [u.first, u.last],
                "test": u.test.name(),
                "value": fig(Some(u.value)),
            })
        })
        .collect();
    r.insert("holds".into(), Value::Array(holds));
    r.insert("seams".into(), Value::Array(seams));
    r.insert("unheld".into(), Value::Array(unheld));
    Value::Object(r)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn figures_round_to_four_decimals() {
        assert_eq!(round4(7.912345), 7.9123);
        assert_eq!(round4(-0.00001), 0.0);
        assert_eq!(round4(0.015), 0.015);
    }
}
