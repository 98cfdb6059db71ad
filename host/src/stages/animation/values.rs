//! This module owns the properties a bone or slot track can key (FORMAT.md §3.7,
//! SPINE43.md §8.2–§8.3) and how a key's `v` becomes the value fields of the
//! emitted key: `[x, y]`/`[value]` numbers, colours as hex (`rrggbbaa`, `rrggbb`),
//! `alpha` as a number, attachment names and inherit modes.

use rigc_diag::codes;

use super::timing::{at_t, f32_of, KeyValues};
use rigc_diag::cursor::Node;
use rigc_diag::json::quote;
use rigc_diag::Diagnostic;
use rigc_sdk::model::names::{
    field, BoneTimeline, Field, InheritMode, PathTimeline, PhysicsTimeline, SliderTimeline,
    SlotTimeline,
};
use rigc_sdk::model::KeyValue;
use rigc_sdk::num::channel_hex;

/// Which kind of target a property belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Side {
    /// A bone timeline.
    Bone,
    /// A slot timeline.
    Slot,
}

impl Side {
    /// `bone` / `slot`.
    pub fn word(self) -> &'static str {
        match self {
            Side::Bone => "bone",
            Side::Slot => "slot",
        }
    }
}

/// What a property's key value is.
#[derive(Debug, Clone, Copy)]
pub(super) enum Shape {
    /// Numbers, one per emitted field (`x, y` or `value`).
    Numbers(&'static [Field]),
    /// Colour channels in 0..1, emitted as the hex fields (each of as many
    /// channels as its kind states), with the channels' names.
    Colour(&'static [Field], &'static [&'static str]),
    /// `alpha`: one channel in 0..1, emitted as a number.
    Alpha,
    /// An attachment placeholder or `null`.
    Attachment,
    /// An inherit mode.
    Inherit,
}

/// A bone or slot property.
#[derive(Debug, Clone, Copy)]
pub(super) struct Prop {
    /// The timeline name (as the runtime reads it).
    pub name: &'static str,
    /// Bone or slot.
    pub side: Side,
    /// The key value's shape.
    pub shape: Shape,
}

impl Prop {
    /// Curve channels (0 for an instant timeline).
    pub fn channels(&self) -> usize {
        match self.shape {
            Shape::Numbers(f) => f.len(),
            Shape::Colour(_, names) => names.len(),
            Shape::Alpha => 1,
            Shape::Attachment | Shape::Inherit => 0,
        }
    }

    /// Does the timeline apply a dark colour (needs a slot `dark`)?
    pub fn has_dark(&self) -> bool {
        matches!(self.shape, Shape::Colour(parts, _) if parts.iter().any(|f| f.name == field::DARK))
    }
}

/// A bone timeline as a property.
fn bone(t: BoneTimeline) -> Prop {
    let shape = match t {
        BoneTimeline::Inherit => Shape::Inherit,
        _ => Shape::Numbers(t.fields()),
    };
    Prop {
        name: t.name(),
        side: Side::Bone,
        shape,
    }
}

/// A slot timeline as a property.
fn slot(t: SlotTimeline) -> Prop {
    let shape = match t {
        SlotTimeline::Rgba => Shape::Colour(t.fields(), &["r", "g", "b", "a"]),
        SlotTimeline::Rgb => Shape::Colour(t.fields(), &["r", "g", "b"]),
        SlotTimeline::Alpha => Shape::Alpha,
        SlotTimeline::Rgba2 => Shape::Colour(t.fields(), &["r", "g", "b", "a", "r2", "g2", "b2"]),
        SlotTimeline::Rgb2 => Shape::Colour(t.fields(), &["r", "g", "b", "r2", "g2", "b2"]),
        SlotTimeline::Attachment => Shape::Attachment,
    };
    Prop {
        name: t.name(),
        side: Side::Slot,
        shape,
    }
}

/// Every bone and slot property: the bone timelines, then the slot timelines,
/// in the order of the model's name tables.
pub(super) fn props() -> impl Iterator<Item = Prop> {
    let bones = BoneTimeline::ALL.iter().map(|t| bone(*t));
    bones.chain(SlotTimeline::ALL.iter().map(|t| slot(*t)))
}

/// The property called `name` (exact, lowercase as the runtime reads it).
pub(super) fn prop(name: &str) -> Option<Prop> {
    props().find(|p| p.name == name)
}

/// The constraint family a constraint-timeline property belongs to, for the
/// refusal of such a property on a bone/slot/group track.
pub(super) fn constraint_property(name: &str) -> Option<(&'static str, &'static str)> {
    let path = PathTimeline::from_name(name);
    let physics = PhysicsTimeline::from_name(name);
    let slider = SliderTimeline::from_name(name);
    match (path, physics, slider) {
        (Some(PathTimeline::Position | PathTimeline::Spacing), _, _) => {
            Some(("a path constraint timeline", "\"path\""))
        }
        (_, Some(PhysicsTimeline::Reset), _) => {
            Some(("a physics constraint timeline", "\"physics\""))
        }
        (_, _, Some(SliderTimeline::Time)) => Some(("a slider timeline", "\"slider\"")),
        (Some(PathTimeline::Mix), _, _) => Some((
            "a constraint timeline (physics, path or slider)",
            "\"physics\", \"path\" or \"slider\"",
        )),
        _ => None,
    }
}

/// The five inherit modes, as the runtime spells them.
const INHERIT_MODES: &[&str] = InheritMode::NAMES;

/// Is `s` an inherit mode with only its first letter's case free (SPINE43.md §3)?
pub(super) fn is_inherit_mode(s: &str) -> bool {
    let mut chars = s.chars();
    let Some(first) = chars.next() else {
        return false;
    };
    let rest = chars.as_str();
    INHERIT_MODES.iter().any(|m| {
        let mut mc = m.chars();
        mc.next().is_some_and(|mf| mf.eq_ignore_ascii_case(&first)) && mc.as_str() == rest
    })
}

/// Decodes one key value (`v`, or `None` when absent) for `prop`. `at` is the
/// `<where>` of messages, `t` the key's authored time, `key` where the key is.
pub(super) fn decode(
    prop: Prop,
    v: Option<&Node>,
    key: &rigc_diag::Loc,
    at: &str,
    t: f64,
) -> Result<KeyValues, Box<Diagnostic>> {
    let locate = |d: Diagnostic| -> Box<Diagnostic> {
        Box::new(match v {
            _ if d.loc.is_some() => d,
            Some(n) => d.at(n.loc()),
            None => d.at_without_value(key.clone()),
        })
    };
    match prop.shape {
        Shape::Numbers(fields) => {
            let n = fields.len();
            let xs = numbers(v, n).ok_or_else(|| {
                locate(
                    Diagnostic::new(
                        codes::MOTION_KEY_VALUE_SHAPE,
                        format!("{at}: key value must be an array of {n} number(s)"),
                    )
                    .help(format!(
                        "write \"v\": [{}]",
                        fields.iter().map(|f| f.name).collect::<Vec<_>>().join(", ")
                    )),
                )
            })?;
            Ok(numbers_of(fields, xs))
        }
        Shape::Colour(parts, names) => {
            let xs = colour(prop, names, v, at, t).map_err(|d| locate(*d))?;
            let mut fields = Vec::new();
            let mut rest = xs.as_slice();
            for part_field in parts {
                let count = part_field.channels();
                let (part, tail) = rest.split_at(count.min(rest.len()));
                rest = tail;
                fields.push((
                    part_field.name.to_string(),
                    KeyValue::Str(part.iter().map(|c| channel_hex(*c)).collect()),
                ));
            }
            Ok(KeyValues {
                fields,
                emitted: xs
                    .iter()
                    .map(|c| (c.clamp(0.0, 1.0) * 255.0 + 0.5).floor() as f32)
                    .collect(),
                channels: xs,
            })
        }
        Shape::Alpha => {
            let xs = colour(prop, &["a"], v, at, t).map_err(|d| locate(*d))?;
            Ok(KeyValues {
                fields: xs
                    .iter()
                    .map(|x| (field::VALUE.to_string(), KeyValue::Num(*x)))
                    .collect(),
                emitted: xs.iter().map(|x| f32_of(*x)).collect(),
                channels: xs,
            })
        }
        Shape::Attachment => {
            let value = match v {
                Some(n) if n.is_null() => KeyValue::Null,
                Some(n) if n.as_str().is_some() => KeyValue::Str(n.as_str().unwrap_or_default().to_string()),
                _ => {
                    return Err(locate(
                        Diagnostic::new(
                            codes::MOTION_KEY_VALUE_SHAPE,
                            format!("{at}: attachment key value must be a string or null"),
                        )
                        .help("write \"v\": \"<placeholder>\" to show an attachment, or \"v\": null to show nothing"),
                    ))
                }
            };
            Ok(KeyValues {
                fields: vec![(field::NAME.to_string(), value)],
                ..KeyValues::default()
            })
        }
        Shape::Inherit => {
            let Some(s) = v.and_then(|n| n.as_str()) else {
                return Err(locate(
                    Diagnostic::new(
                        codes::MOTION_KEY_VALUE_SHAPE,
                        format!("{at}: inherit key value must be a mode name, a string"),
                    )
                    .help(format!("write \"v\": one of {}", modes())),
                ));
            };
            if !is_inherit_mode(s) {
                return Err(locate(
                    Diagnostic::new(
                        codes::MOTION_KEY_INHERIT_UNKNOWN,
                        format!(
                            "{}: {} is not an inherit mode; the modes are {}, and only the first letter's case is free",
                            at_t(at, t),
                            quote(s),
                            modes()
                        ),
                    )
                    .help(match rigc_diag::cursor::nearest(s, INHERIT_MODES) {
                        Some(near) => format!("did you mean {}?", quote(near)),
                        None => format!("write one of {}", modes()),
                    }),
                ));
            }
            Ok(KeyValues {
                fields: vec![(field::INHERIT.to_string(), KeyValue::Str(s.to_string()))],
                ..KeyValues::default()
            })
        }
    }
}

/// The key value of a numeric property whose fields hold `xs` (a derived value
/// is emitted exactly as a stated one).
pub(super) fn number_values(prop: Prop, xs: Vec<f64>) -> KeyValues {
    match prop.shape {
        Shape::Numbers(fields) => numbers_of(fields, xs),
        _ => KeyValues::default(),
    }
}

fn numbers_of(fields: &[Field], xs: Vec<f64>) -> KeyValues {
    KeyValues {
        fields: fields
            .iter()
            .zip(&xs)
            .map(|(f, x)| (f.name.to_string(), KeyValue::Num(*x)))
            .collect(),
        emitted: xs.iter().map(|x| f32_of(*x)).collect(),
        channels: xs,
    }
}

fn modes() -> String {
    INHERIT_MODES.join(", ")
}

/// An array of exactly `n` finite numbers.
fn numbers(v: Option<&Node>, n: usize) -> Option<Vec<f64>> {
    let v = v?;
    if v.array_len() != Some(n) {
        return None;
    }
    v.elements()
        .map(|e| e.as_f64().filter(|x| x.is_finite()))
        .collect()
}

/// Colour channels in 0..1, as many as `names`.
fn colour(
    prop: Prop,
    names: &[&str],
    v: Option<&Node>,
    at: &str,
    t: f64,
) -> Result<Vec<f64>, Box<Diagnostic>> {
    let form = format!("[{}]", names.join(","));
    let shape_err = || {
        Diagnostic::new(
            codes::MOTION_KEY_VALUE_SHAPE,
            format!("{at}: {} key value must be {form}", prop.name),
        )
        .help(format!(
            "write \"v\": {form}, each channel a number in 0..1"
        ))
    };
    let Some(v) = v.filter(|v| v.is_array()) else {
        return Err(Box::new(shape_err()));
    };
    let elements = v.elements();
    if elements.len() != names.len() {
        return Err(Box::new(
            Diagnostic::new(
                codes::MOTION_KEY_VALUE_SHAPE,
                format!(
                    "{at}: {} value needs {} channels, got {}",
                    prop.name,
                    names.len(),
                    elements.len()
                ),
            )
            .help(format!(
                "write \"v\": {form}, each channel a number in 0..1"
            )),
        ));
    }
    let mut out = Vec::with_capacity(names.len());
    for (e, name) in elements.zip(names) {
        let Some(x) = e.as_f64().filter(|x| x.is_finite()) else {
            return Err(Box::new(shape_err().at(e.loc())));
        };
        if !(0.0..=1.0).contains(&x) {
            return Err(Box::new(
                Diagnostic::new(
                    codes::MOTION_KEY_CHANNEL_RANGE,
                    format!(
                        "{}: channel \"{name}\" is {}, outside 0..1",
                        at_t(at, t),
                        e.text()
                    ),
                )
                .at(e.loc())
                .help("write colour channels as fractions in 0..1 (255 is written 1)"),
            ));
        }
        out.push(x);
    }
    Ok(out)
}
