//! This module owns finding the model a compiled deform key was evaluated
//! from: the motion spec's `transform` (FORMAT.md §3.14.1) of that animation's
//! deform timeline on `skin/slot/attachment`, key by key (the compile emits one
//! key per spec key, in order), and the words and print-out `explain` shows for
//! it (`printer::deform`'s).

use crate::printer::deform::{self, Model, TransformKey};
use crate::spec::motion::{KeyRun, MotionSpec, TransformSpec};
use rigc_sdk::model::{Animation, Curve, KeyValue};
use serde_json::Value;

/// The `transform` of key `key` of `animation`'s deform timeline on `target`
/// (`skin/slot/attachment`), when the key states one.
pub fn transform<'a>(
    motion: Option<&'a MotionSpec>,
    animation: &str,
    target: &str,
    key: usize,
) -> Option<&'a TransformSpec> {
    let anim = motion?.animations.iter().find(|a| a.name == animation)?;
    let track = anim
        .deform
        .iter()
        .find(|t| format!("{}/{}/{}", t.skin_name(), t.slot.name, t.attachment.name) == target)?;
    match &track.keys.get(key)?.run {
        KeyRun::Transform(t) => Some(t),
        _ => None,
    }
}

/// `t`'s model as the print-out reads it, or `None` when its parameters are
/// not an object (the parser refuses that, so never in a compiled rig).
fn model(t: &TransformSpec) -> Option<Model<'_>> {
    Some(Model {
        kind: &t.kind.name,
        params: t.params.as_object()?,
    })
}

/// `transform yaw  radius=170 degrees=12`: the `DEFORM` row's model words.
pub fn words(t: &TransformSpec) -> Option<String> {
    model(t).map(|m| deform::model_words(&m))
}

/// The run of key `key` of `animation`'s deform timeline on `target` as the
/// compile made it: the kind's offsets quantised to 6 decimals, before
/// `skeleton.json` spells each as a float32.
pub fn compiled_run(
    compiled: &[Animation],
    animation: &str,
    target: &str,
    key: usize,
) -> Option<Vec<f64>> {
    let anim = compiled.iter().find(|a| a.name == animation)?;
    let track = anim
        .deform
        .iter()
        .find(|d| format!("{}/{}/{}", d.skin, d.slot, d.attachment) == target)?;
    track
        .keys
        .get(key)?
        .fields
        .iter()
        .find_map(|(name, v)| match v {
            KeyValue::Nums(run) if name == "vertices" => Some(run.clone()),
            _ => None,
        })
}

/// The §3.14.1 print-out of the emitted deform key `k` (its `time`, `offset`,
/// `curve` as `skeleton.json` holds them; `run` its offsets as compiled,
/// else read from `k`) evaluated from `t`.
pub fn printout(k: &Value, run: Option<Vec<f64>>, t: &TransformSpec) -> Vec<String> {
    let Some(model) = model(t) else {
        return Vec::new();
    };
    let num = |name: &str| k.get(name).and_then(Value::as_f64);
    let run: Vec<f64> = run.unwrap_or_else(|| {
        k.get("vertices")
            .and_then(Value::as_array)
            .map(|v| v.iter().filter_map(Value::as_f64).collect())
            .unwrap_or_default()
    });
    let curve = match k.get("curve") {
        Some(Value::String(s)) if s == "stepped" => Some(Curve::Stepped),
        Some(Value::Array(points)) => Some(Curve::Bezier(
            points.iter().filter_map(Value::as_f64).collect(),
        )),
        _ => None,
    };
    deform::transform_key(&TransformKey {
        time: num("time").unwrap_or(0.0),
        start: num("offset").unwrap_or(0.0) as usize,
        run: &run,
        curve: curve.as_ref(),
        model,
    })
}
