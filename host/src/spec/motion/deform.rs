//! This module owns the shape of an animation's `deform` timelines (FORMAT.md
//! §3.14, §3.14.1, §3.17): each track's `skin`/`slot`/`attachment`, and each
//! key's `vertices` run, its start (`fromVertex` or `offset`), its `transform`
//! model (kept as written, for the kind plugin that reads it), `ease` and
//! `curve`. Every refusal that needs no setup skeleton is raised here, at the
//! value: a run that is not `x, y` pairs, a start that is not a whole number ≥ 0
//! (or an odd `offset`), both starts, a start with no run, a `transform` beside a
//! `vertices` run. What the attachment makes of a key (its deform array, its
//! space) is the animation stage's question (`stages::animation::deform`).

use rigc_diag::codes;

use super::shape::{secs, wrong, Cx};
use super::{Named, RawValue};
use rigc_diag::cursor::Node;
use rigc_diag::json::{quote, Json, Value};
use rigc_diag::{Diagnostic, Loc};

const TRACK_KEYS: &[&str] = &["skin", "slot", "attachment", "keys"];
const KEY_KEYS: &[&str] = &[
    "t",
    "vertices",
    "transform",
    "fromVertex",
    "offset",
    "ease",
    "curve",
];
const TIME_HINT: &str = "a key states its time in seconds, as a finite number";

/// The skin a deform track names when it names none.
pub const DEFAULT_SKIN: &str = "default";

/// One element of an animation's `deform`.
#[derive(Debug, Clone)]
pub struct DeformTrackSpec {
    /// Where the track's object is.
    pub loc: Loc,
    /// `skin`, when stated (absent means [`DEFAULT_SKIN`]).
    pub skin: Option<Named>,
    /// `slot`.
    pub slot: Named,
    /// `attachment`: the placeholder name in that skin and slot.
    pub attachment: Named,
    /// The keys, in order.
    pub keys: Vec<DeformKeySpec>,
    /// Where the `keys` array is.
    pub keys_loc: Loc,
}

impl DeformTrackSpec {
    /// The skin's name (`default` when not stated).
    pub fn skin_name(&self) -> &str {
        self.skin.as_ref().map_or(DEFAULT_SKIN, |s| s.name.as_str())
    }

    /// `animation "A" deform <skin>/<slot>/<attachment>`, the `<where>` of
    /// FORMAT.md §3.14's refusals.
    pub fn label(&self, anim: &str) -> String {
        label(
            anim,
            self.skin_name(),
            &self.slot.name,
            &self.attachment.name,
        )
    }
}

fn label(anim: &str, skin: &str, slot: &str, attachment: &str) -> String {
    format!(
        "animation {} deform {skin}/{slot}/{attachment}",
        quote(anim)
    )
}

/// Where a key's run starts, as written.
#[derive(Debug, Clone)]
pub enum Start {
    /// No start stated: deform index 0.
    Zero,
    /// `fromVertex`: a vertex index (a whole number ≥ 0), and where it is.
    FromVertex(u64, Loc),
    /// `offset`: an even deform-array index, and where it is.
    Offset(u64, Loc),
}

/// One key of a deform timeline.
#[derive(Debug, Clone)]
pub struct DeformKeySpec {
    /// Where the key's object is.
    pub loc: Loc,
    /// `t`, seconds.
    pub t: f64,
    /// Where `t` is.
    pub t_loc: Loc,
    /// What the key does to the attachment.
    pub run: KeyRun,
    /// `ease`, when stated.
    pub ease: Option<Named>,
    /// `curve` as written, when stated.
    pub curve: Option<RawValue>,
}

/// A deform key's run: none (back to the setup pose), stated as numbers, or
/// stated as a model.
#[derive(Debug, Clone)]
pub enum KeyRun {
    /// No `vertices` (or `null`): the setup pose.
    Setup,
    /// `vertices`: `x, y` pairs from `start`.
    Vertices {
        /// The offsets, as written (an even count, every one finite).
        values: Vec<f64>,
        /// Where the array is.
        loc: Loc,
        /// Where the run starts.
        start: Start,
    },
    /// `transform`: a model of the whole attachment (FORMAT.md §3.14.1).
    Transform(TransformSpec),
}

/// A key's `transform`, as written.
#[derive(Debug, Clone)]
pub struct TransformSpec {
    /// `kind`: which deform kind evaluates it.
    pub kind: Named,
    /// The other fields, as the kind plugin reads them (`kind` taken out).
    pub params: serde_json::Value,
    /// Where the `transform` object is.
    pub loc: Loc,
    /// A start index the key states beside the model (a refusal once the
    /// attachment's vertex count is known), and where it is.
    pub start: Option<Loc>,
}

/// `deform` (optional array).
pub(super) fn tracks(cx: &mut Cx, anim: &Node, name: &str) -> Vec<DeformTrackSpec> {
    let Some(list) = cx.array(
        anim,
        "deform",
        false,
        codes::MOTION_DEFORM_SHAPE,
        "it is an array of deform timelines, `[{ \"slot\": \"<slot>\", \"attachment\": \"<placeholder>\", \"keys\": [...] }]`",
    ) else {
        return Vec::new();
    };
    list.elements()
        .filter_map(|node| track(cx, &node, name))
        .collect()
}

fn track(cx: &mut Cx, node: &Node, anim: &str) -> Option<DeformTrackSpec> {
    const HINT: &str = "a deform timeline is `{ \"skin\": \"<skin>\" (optional), \"slot\": \"<slot>\", \"attachment\": \"<placeholder>\", \"keys\": [...] }`";
    if !cx.object(node, codes::MOTION_DEFORM_TRACK_SHAPE, HINT) {
        return None;
    }
    cx.unknown(node, TRACK_KEYS);
    let skin = cx.string(
        node,
        "skin",
        codes::MOTION_DEFORM_TRACK_SHAPE,
        "it names the skin the attachment is in, a string (absent means \"default\")",
    );
    let slot = cx.nonempty_str(
        node,
        "slot",
        true,
        codes::MOTION_DEFORM_TRACK_SHAPE,
        "it names the slot whose attachment the timeline deforms, a string",
    );
    let attachment = cx.nonempty_str(
        node,
        "attachment",
        true,
        codes::MOTION_DEFORM_TRACK_SHAPE,
        "it names the attachment's placeholder in that skin and slot, a string",
    );
    let keys_node = cx.array(
        node,
        "keys",
        true,
        codes::MOTION_DEFORM_TRACK_SHAPE,
        "a timeline's keys are an array, `[{ \"t\": <seconds>, \"vertices\": [...] }, …]`",
    );
    let skin_ok = node.get("skin").is_none_or(|_| skin.is_some());
    let at = label(
        anim,
        skin.as_ref().map_or(DEFAULT_SKIN, |s| s.0.as_str()),
        slot.as_ref().map_or("?", |s| s.0.as_str()),
        attachment.as_ref().map_or("?", |s| s.0.as_str()),
    );
    let mut ok = skin_ok;
    let mut keys = Vec::new();
    for k in keys_node.iter().flat_map(|k| k.elements()) {
        match key(cx, &k, &at) {
            Some(key) => keys.push(key),
            None => ok = false,
        }
    }
    let (slot, slot_loc) = slot?;
    let (attachment, attachment_loc) = attachment?;
    let keys_loc = keys_node?.loc();
    ok.then(|| DeformTrackSpec {
        loc: node.loc(),
        skin: skin.map(|(name, loc)| Named { name, loc }),
        slot: Named {
            name: slot,
            loc: slot_loc,
        },
        attachment: Named {
            name: attachment,
            loc: attachment_loc,
        },
        keys,
        keys_loc,
    })
}

fn key(cx: &mut Cx, k: &Node, at: &str) -> Option<DeformKeySpec> {
    if !cx.object(
        k,
        codes::MOTION_KEY_SHAPE,
        "a deform key is an object, `{ \"t\": <seconds>, \"vertices\": [...] }` (no \"vertices\": back to the setup pose)",
    ) {
        return None;
    }
    cx.unknown(k, KEY_KEYS);
    let t = cx.number(k, "t", true, codes::MOTION_KEY_TIME_SHAPE, TIME_HINT);
    let at = match &t {
        Some((t, _)) => format!("{at} (t={})", secs(*t)),
        None => at.to_string(),
    };
    let ease = cx.string(
        k,
        "ease",
        codes::MOTION_KEY_EASE_SHAPE,
        "it names an entry of this spec's `easings` table, or is \"stepped\"",
    );
    let before = cx.diags.len();
    let from_vertex = whole(
        cx,
        k,
        "fromVertex",
        &at,
        "it is a vertex index, so a whole number ≥ 0",
    );
    let offset = whole(
        cx,
        k,
        "offset",
        &at,
        "it is an index into the deform array, so a whole number ≥ 0",
    );
    if let Some((o, loc)) = &offset {
        if o % 2 == 1 {
            cx.push(
                Diagnostic::new(
                    codes::MOTION_DEFORM_ODD_OFFSET,
                    format!("{at}: offset {o} is odd. The deform array is x, y pairs, so an odd start puts every x of this run on a y"),
                )
                .at(loc.clone())
                .help(format!("start the run at an even index ({} or {}), or give the start as \"fromVertex\"", o - 1, o + 1)),
            );
        }
    }
    let start = match (from_vertex, offset) {
        (Some(_), Some((_, loc))) => {
            cx.push(
                Diagnostic::new(
                    codes::MOTION_DEFORM_TWO_STARTS,
                    format!("{at}: a key gives its start as \"offset\" (an index into the deform array) or as \"fromVertex\" (a vertex index rigc translates), never both"),
                )
                .at(loc)
                .help("keep one of \"offset\" and \"fromVertex\""),
            );
            Start::Zero
        }
        (Some((v, loc)), None) => Start::FromVertex(v, loc),
        (None, Some((o, loc))) => Start::Offset(o, loc),
        (None, None) => Start::Zero,
    };
    let vertices = vertices(cx, k, &at);
    let transform = transform(cx, k);
    let start_loc = match &start {
        Start::Zero => None,
        Start::FromVertex(_, loc) | Start::Offset(_, loc) => Some(loc.clone()),
    };
    let run = match (vertices, transform) {
        (Some(_), Some(tr)) => {
            cx.push(
                Diagnostic::new(
                    codes::MOTION_DEFORM_TRANSFORM_AND_VERTICES,
                    format!("{at}: the key carries both a \"transform\" and a \"vertices\" run, and they are two answers to one question"),
                )
                .at(tr.loc)
                .help("keep the \"transform\" (a model rigc evaluates) or the \"vertices\" (the numbers themselves), not both"),
            );
            KeyRun::Setup
        }
        (Some((values, loc)), None) => KeyRun::Vertices { values, loc, start },
        (None, Some(tr)) => KeyRun::Transform(TransformSpec {
            start: start_loc,
            ..tr
        }),
        (None, None) => {
            if let Some(loc) = start_loc {
                cx.push(
                    Diagnostic::new(
                        codes::MOTION_DEFORM_START_WITHOUT_RUN,
                        format!("{at}: the key has no \"vertices\", which is the format's way of saying \"back to the setup pose\" — so there is nothing for a start index to point at. Drop the offset, or give it a run."),
                    )
                    .at(loc)
                    .help("remove the start index, or add the \"vertices\" run it starts"),
                );
            }
            KeyRun::Setup
        }
    };
    let ok = cx.diags.len() == before && k.get("ease").is_none_or(|_| ease.is_some());
    let (t, t_loc) = t?;
    ok.then(|| DeformKeySpec {
        loc: k.loc(),
        t,
        t_loc,
        run,
        ease: ease.map(|(name, loc)| Named { name, loc }),
        curve: k.get("curve").map(|c| RawValue::of(&c)),
    })
}

/// A whole number ≥ 0 at `field`, refused as `<field> is X; <what>` otherwise.
fn whole(cx: &mut Cx, k: &Node, field: &str, at: &str, what: &str) -> Option<(u64, Loc)> {
    let n = k.get(field)?;
    match n.as_f64() {
        Some(x) if x >= 0.0 && x.fract() == 0.0 && x < 9.0e15 => Some((x as u64, n.loc())),
        _ => {
            cx.push(
                n.err(
                    codes::MOTION_DEFORM_START_SHAPE,
                    format!("{at}: {field} is {}; {what}", n.text()),
                )
                .help(format!("write \"{field}\" as a whole number, 0 or more")),
            );
            None
        }
    }
}

/// `vertices`: absent or `null` is no run; otherwise a non-empty array of
/// finite numbers, an even count of them.
fn vertices(cx: &mut Cx, k: &Node, at: &str) -> Option<(Vec<f64>, Loc)> {
    let v = k.get("vertices").filter(|v| !v.is_null())?;
    if !v.is_array() || v.array_len() == Some(0) {
        cx.push(wrong(
            &v,
            codes::MOTION_DEFORM_VERTICES_SHAPE,
            "it is the run, a non-empty array of x, y offset pairs (leave it out, or write null, for the setup pose)",
        ));
        return None;
    }
    let mut values = Vec::new();
    for e in v.elements() {
        match e.as_f64().filter(|x| x.is_finite()) {
            Some(x) => values.push(x),
            None => {
                cx.push(
                    e.err(
                        codes::MOTION_DEFORM_VERTICES_VALUE,
                        format!("{at}: non-finite value {}", e.text()),
                    )
                    .help("every entry of a run is a finite number, an offset in pixels"),
                );
                return None;
            }
        }
    }
    if values.len() % 2 == 1 {
        cx.push(
            v.err(
                codes::MOTION_DEFORM_VERTICES_ODD,
                format!(
                    "{at}: \"vertices\" holds {} numbers; the deform array is x, y PAIRS",
                    values.len()
                ),
            )
            .help("give every vertex the run covers both its x and its y offset"),
        );
        return None;
    }
    Some((values, v.loc()))
}

/// `transform`: an object naming its `kind`; the rest is the kind's to read.
fn transform(cx: &mut Cx, k: &Node) -> Option<TransformSpec> {
    let tr = k.get("transform")?;
    const HINT: &str = "a transform is a model of the whole attachment, `{ \"kind\": \"yaw\", \"radius\": 170, \"degrees\": 12 }` (kinds: FORMAT.md §3.14.1, or a plugin's)";
    if !cx.object(&tr, codes::MOTION_DEFORM_TRANSFORM_SHAPE, HINT) {
        return None;
    }
    let (kind, kind_loc) = cx.nonempty_str(
        &tr,
        "kind",
        true,
        codes::MOTION_DEFORM_TRANSFORM_SHAPE,
        "it names the deform kind that evaluates the model, a non-empty string",
    )?;
    let Value::Object(members) = &tr.json.value else {
        return None;
    };
    let params = serde_json::Value::Object(
        members
            .iter()
            .filter(|m| m.key != "kind")
            .map(|m| (m.key.clone(), to_serde(&m.value)))
            .collect(),
    );
    Some(TransformSpec {
        kind: Named {
            name: kind,
            loc: kind_loc,
        },
        params,
        loc: tr.loc(),
        start: None,
    })
}

/// A located JSON value as the plugin payload carries it.
pub(crate) fn to_serde(json: &Json) -> serde_json::Value {
    match &json.value {
        Value::Null => serde_json::Value::Null,
        Value::Bool(b) => serde_json::Value::Bool(*b),
        Value::Number(x) => serde_json::Number::from_f64(*x)
            .map(serde_json::Value::Number)
            .unwrap_or(serde_json::Value::Null),
        Value::String(s) => serde_json::Value::String(s.clone()),
        Value::Array(items) => serde_json::Value::Array(items.iter().map(to_serde).collect()),
        Value::Object(members) => serde_json::Value::Object(
            members
                .iter()
                .map(|m| (m.key.clone(), to_serde(&m.value)))
                .collect(),
        ),
    }
}
