//! This module owns an animation's `deform` timelines (FORMAT.md §3.14,
//! §3.14.1, §5.3, §5.4): one timeline per attachment, each key's run placed in
//! the attachment's deform array (`fromVertex` translated to a deform index,
//! the run held inside the array), a `transform` evaluated by its kind plugin
//! over the attachment's setup geometry, and the keys' times and their one
//! curve channel — the blend fraction 0→1 between two keys' runs, never a
//! coordinate. The attachment itself is resolved in `deform_target`.

use rigc_diag::codes;

use super::deform_target::{self, Target};
use super::kinds::{self, DeformKinds, KindError};
use super::timing::{self, at_t, Interp, KeyMeta, KeyValues};
use super::Cx;
use crate::spec::motion::{DeformKeySpec, DeformTrackSpec, KeyRun, Start, TransformSpec};
use rigc_diag::json::quote;
use rigc_diag::{Diagnostic, Loc};
use rigc_sdk::abi::DeformCall;
use rigc_sdk::model::names::{field, AttachmentTimeline};
use rigc_sdk::model::{Curve, DeformAttachment, KeyValue};

/// Compiles every deform timeline of the animation, in order.
pub(super) fn compile(cx: &mut Cx, kinds: &DeformKinds) -> Vec<DeformAttachment> {
    let mut out = Vec::new();
    let mut seen: Vec<&DeformTrackSpec> = Vec::new();
    for track in &cx.anim.deform {
        let same = |t: &&&DeformTrackSpec| {
            t.skin_name() == track.skin_name()
                && t.slot.name == track.slot.name
                && t.attachment.name == track.attachment.name
        };
        if let Some(first) = seen.iter().find(same) {
            cx.push(
                Diagnostic::new(
                    codes::MOTION_DEFORM_DUPLICATE,
                    format!(
                        "{}: two deform timelines on one attachment; merge them into one",
                        track.label(&cx.anim.name)
                    ),
                )
                .at(track.attachment.loc.clone())
                .related("the first timeline is here", first.attachment.loc.clone())
                .help("put every key of this attachment into one timeline"),
            );
            continue;
        }
        seen.push(track);
        if let Some(d) = one(cx, track, kinds) {
            out.push(d);
        }
    }
    out
}

fn one(cx: &mut Cx, track: &DeformTrackSpec, kinds: &DeformKinds) -> Option<DeformAttachment> {
    let at = track.label(&cx.anim.name);
    let target = deform_target::resolve(cx, track)?;
    if track.keys.is_empty() {
        cx.push(
            Diagnostic::new(codes::MOTION_DEFORM_NO_KEYS, format!("{at}: no keys"))
                .at(track.keys_loc.clone())
                .help("give the timeline its keys, or remove it"),
        );
        return None;
    }
    let before = cx.diags.len();
    let mut values = Vec::with_capacity(track.keys.len());
    for k in &track.keys {
        if let Some(v) = run(cx, &at, &target, k, kinds) {
            values.push(v);
        }
    }
    if cx.diags.len() != before {
        return None;
    }
    let metas: Vec<KeyMeta> = track
        .keys
        .iter()
        .map(|k| KeyMeta::at(k.t, &k.t_loc, &k.loc).eased(k.ease.as_ref(), k.curve.as_ref()))
        .collect();
    let channels = AttachmentTimeline::Deform.curves().unwrap_or(1);
    let interps = timing::interps(cx, &at, &metas, channels, None)?;
    let times = timing::times(cx, &at, &metas, 0.0, true)?;
    let mut keys = timing::build(cx, &at, &metas, &times, &interps, values)?;
    // A named easing shapes the blend from this key's run (0) to the next's (1)
    // (FORMAT.md §5.4); a hold is already stepped, a raw curve is as written.
    for (i, key) in keys.iter_mut().enumerate() {
        if let (Some(Curve::Bezier(points)), Some(Interp::Handles(h)), Some(&t2)) =
            (&mut key.curve, interps.get(i), times.get(i + 1))
        {
            *points = timing::bezier(*h, key.time, t2, &[0.0], &[1.0]);
        }
    }
    Some(DeformAttachment {
        skin: track.skin_name().to_string(),
        slot: track.slot.name.clone(),
        attachment: track.attachment.name.clone(),
        keys,
    })
}

/// One key's value fields: `offset` (only when not 0) and `vertices`, or none
/// for a key back at the setup pose. The hold rule compares the runs as
/// emitted; the curve channel (the blend) is placed by [`one`].
fn run(
    cx: &mut Cx,
    at: &str,
    target: &Target,
    k: &DeformKeySpec,
    kinds: &DeformKinds,
) -> Option<KeyValues> {
    let at = at_t(at, k.t);
    let (start, values) = match &k.run {
        KeyRun::Setup => (0, Vec::new()),
        KeyRun::Vertices { values, loc, start } => {
            let s = start_index(cx, &at, target, start, values.len())?;
            fits(cx, &at, target, s, values.len(), loc)?;
            (
                s,
                values
                    .iter()
                    .map(|v| rigc_sdk::deform::quantise(*v))
                    .collect(),
            )
        }
        KeyRun::Transform(tr) => (0, transform(cx, &at, target, tr, k.t, kinds)?),
    };
    let mut fields = Vec::new();
    if start != 0 {
        fields.push((field::OFFSET.to_string(), KeyValue::Int(start as i64)));
    }
    let mut emitted: Vec<f32> = vec![start as f32];
    if !values.is_empty() {
        emitted.extend(values.iter().map(|v| *v as f32));
        fields.push((field::VERTICES.to_string(), KeyValue::Nums(values)));
    }
    Some(KeyValues {
        fields,
        channels: vec![0.0],
        emitted,
    })
}

/// The deform index a `vertices` run of `len` numbers starts at.
fn start_index(cx: &mut Cx, at: &str, target: &Target, start: &Start, len: usize) -> Option<usize> {
    match start {
        Start::Zero => Some(0),
        Start::Offset(o, _) => Some(usize::try_from(*o).unwrap_or(usize::MAX)),
        Start::FromVertex(f, loc) => {
            let f = usize::try_from(*f).unwrap_or(usize::MAX);
            let count = target.vertex_count();
            let n = len / 2;
            if f.saturating_add(n) > count {
                cx.push(
                    Diagnostic::new(
                        codes::MOTION_DEFORM_FROM_VERTEX_PAST,
                        format!(
                            "{at}: fromVertex {f} plus {n} vertex offset(s) runs to vertex {}, and the attachment has {count}",
                            f.saturating_add(n).saturating_sub(1)
                        ),
                    )
                    .at(loc.clone())
                    .help(format!("start the run at vertex {} or earlier, or shorten it", count.saturating_sub(n))),
                );
                return None;
            }
            if target.weighted {
                let many = (f..f + n).find(|&v| target.influences.get(v).is_some_and(|&i| i != 1));
                if let Some(v) = many {
                    let i = target.influences.get(v).copied().unwrap_or(0);
                    cx.push(
                        Diagnostic::new(
                            codes::MOTION_DEFORM_FROM_VERTEX_WEIGHTED,
                            format!(
                                "{at}: \"fromVertex\" counts VERTICES, and this attachment is weighted — its deform array holds one x, y pair per bone influence, and vertex {v} has {i} of them (vertex {f} starts at deform index {}).",
                                target.index_of(f)
                            ),
                        )
                        .at(loc.clone())
                        .help("give the start as \"offset\" (a deform-array index) and one x, y pair per influence"),
                    );
                    return None;
                }
            }
            Some(target.index_of(f))
        }
    }
}

/// Refuses a run that ends past the deform array.
fn fits(cx: &mut Cx, at: &str, target: &Target, start: usize, len: usize, loc: &Loc) -> Option<()> {
    let end = start.saturating_add(len);
    if end <= target.len {
        return Some(());
    }
    cx.push(
        Diagnostic::new(
            codes::MOTION_DEFORM_OVERRUN,
            format!(
                "{at}: the run starts at deform index {start} and is {len} long, which ends at {end}; this attachment's deform array is {} long {}. The parser copies into a Float32Array, so everything past the end is dropped without a word.",
                target.len,
                target.size_words()
            ),
        )
        .at(loc.clone())
        .help(format!("shorten the run to {} number(s) or start it earlier", target.len.saturating_sub(start))),
    );
    None
}

/// The run a `transform` key evaluates to: every vertex, from deform index 0.
fn transform(
    cx: &mut Cx,
    at: &str,
    target: &Target,
    tr: &TransformSpec,
    time: f64,
    kinds: &DeformKinds,
) -> Option<Vec<f64>> {
    let kind = &tr.kind.name;
    if let Some(loc) = &tr.start {
        cx.push(
            Diagnostic::new(
                codes::MOTION_DEFORM_TRANSFORM_START,
                format!(
                    "{at}: the key states a \"transform\" and a start index. A transform is a model of the whole attachment and is evaluated over all {} of its vertices, so it always starts at deform index 0",
                    target.vertex_count()
                ),
            )
            .at(loc.clone())
            .help("drop the start index"),
        );
        return None;
    }
    let Some(plugin) = kinds.plugin(kind) else {
        let known: Vec<&str> = kinds.known.iter().map(String::as_str).collect();
        cx.push(
            Diagnostic::new(
                codes::MOTION_DEFORM_KIND_UNKNOWN,
                format!(
                    "{at}: no plugin of this build provides the deform kind {} (the kinds: {})",
                    quote(kind),
                    known.join(", ")
                ),
            )
            .at(tr.kind.loc.clone())
            .help(super::suggest("deform kind", kind, &known)),
        );
        return None;
    };
    let depth_map = tr.params.get("depth") == Some(&serde_json::Value::Bool(true));
    if depth_map
        && tr.params.get("radius").is_none()
        && target.geometry.vertices.iter().all(|v| v.depth.is_none())
    {
        cx.push(
            Diagnostic::new(
                codes::MOTION_DEFORM_DEPTH_MAP,
                format!(
                    "{at}: transform {kind} states \"depth\": true, and {} has no depth map — only a mesh whose generator names one carries a depth per vertex, and there is no fallback to a cylinder",
                    target.name
                ),
            )
            .at(tr.loc.clone())
            .help("state \"radius\" (a cylinder) instead, or give the mesh's generator a depth map"),
        );
        return None;
    }
    let call = DeformCall {
        kind: kind.clone(),
        mesh: target.geometry.clone(),
        params: tr.params.clone(),
        time,
        config: plugin.config.clone(),
    };
    match kinds::evaluate(plugin, &call) {
        Ok(offsets) => Some(offsets.into_iter().flatten().collect()),
        Err(KindError::Refused(r)) => {
            let help = r.help.clone().unwrap_or_else(|| {
                format!("change the parameters of this {kind} model, or write the key as a \"vertices\" run")
            });
            cx.push(
                Diagnostic::new(
                    codes::MOTION_DEFORM_KIND_REFUSED,
                    format!("{at}: {}", r.message),
                )
                .at(tr.loc.clone())
                .help(help),
            );
            None
        }
        Err(KindError::Failed(what)) => {
            cx.push(
                Diagnostic::new(
                    codes::MOTION_DEFORM_KIND_FAILED,
                    format!(
                        "{at}: deform kind {} of plugin {} {what}",
                        quote(kind),
                        quote(plugin.name())
                    ),
                )
                .at(tr.kind.loc.clone())
                .help("fix or remove the plugin; nothing it answered was used"),
            );
            None
        }
    }
}
