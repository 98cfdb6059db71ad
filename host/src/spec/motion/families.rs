//! This module owns the shape of the key families that sit on an animation beside
//! its `tracks`: `drawOrder` (FORMAT.md §3.10), `events` (§3.11), `ik` (§3.12) and
//! `transform` (§3.13).

use rigc_diag::codes;

use super::shape::{secs, wrong, Cx};
use super::{
    ConstraintKeySpec, ConstraintTrackSpec, DrawOrderKeySpec, EventKeySpec, FamilySpec, FieldValue,
    KeyField, Named, OffsetSpec, RawValue,
};
use rigc_diag::cursor::Node;
use rigc_diag::json::quote;
use rigc_diag::Diagnostic;
use rigc_sdk::model::names::{IkMix, Kind, TransformMix};

const DRAW_ORDER_KEY_KEYS: &[&str] = &["t", "offsets"];
const OFFSET_KEYS: &[&str] = &["slot", "offset"];
const EVENT_KEY_KEYS: &[&str] = &["t", "name", "int", "float", "string", "volume", "balance"];
const CONSTRAINT_TRACK_KEYS: &[&str] = &["constraint", "keys"];
const TIME_HINT: &str = "a key states its time in seconds, as a finite number";

/// `drawOrder` (optional array).
pub(super) fn draw_order(
    cx: &mut Cx,
    anim: &Node,
    _name: &str,
) -> Option<FamilySpec<DrawOrderKeySpec>> {
    let list = cx.array(
        anim,
        "drawOrder",
        false,
        codes::MOTION_DRAW_ORDER_SHAPE,
        "it is an array of draw-order keys, `[{ \"t\": <seconds>, \"offsets\": [{ \"slot\": \"<slot>\", \"offset\": <places> }] }]`",
    )?;
    let mut keys = Vec::new();
    let mut ok = true;
    for k in list.elements() {
        match draw_order_key(cx, &k) {
            Some(key) => keys.push(key),
            None => ok = false,
        }
    }
    ok.then(|| FamilySpec {
        loc: list.loc(),
        keys,
    })
}

fn draw_order_key(cx: &mut Cx, k: &Node) -> Option<DrawOrderKeySpec> {
    if !cx.object(
        k,
        codes::MOTION_DRAW_ORDER_KEY_SHAPE,
        "a draw-order key is an object, `{ \"t\": <seconds>, \"offsets\": [...] }`",
    ) {
        return None;
    }
    cx.unknown(k, DRAW_ORDER_KEY_KEYS);
    let t = cx.number(k, "t", true, codes::MOTION_KEY_TIME_SHAPE, TIME_HINT);
    let offsets = cx.array(
        k,
        "offsets",
        false,
        codes::MOTION_DRAW_ORDER_OFFSETS_SHAPE,
        "it is an array of `{ \"slot\": \"<slot>\", \"offset\": <places> }`. Omit the field entirely to restore the setup draw order — a malformed one used to BE that restore key, silently",
    );
    let mut ok = k.get("offsets").is_none_or(|_| offsets.is_some());
    let mut out = Vec::new();
    for o in offsets.iter().flat_map(|o| o.elements()) {
        const HINT: &str = "an offset is `{ \"slot\": \"<slot>\", \"offset\": <places> }`";
        if !cx.object(&o, codes::MOTION_DRAW_ORDER_OFFSET_SHAPE, HINT) {
            ok = false;
            continue;
        }
        cx.unknown(&o, OFFSET_KEYS);
        let slot = cx.nonempty_str(
            &o,
            "slot",
            true,
            codes::MOTION_DRAW_ORDER_OFFSET_SHAPE,
            HINT,
        );
        let offset = cx.number(
            &o,
            "offset",
            true,
            codes::MOTION_DRAW_ORDER_OFFSET_SHAPE,
            HINT,
        );
        match (slot, offset) {
            (Some((slot, slot_loc)), Some((offset, offset_loc))) => out.push(OffsetSpec {
                slot: Named {
                    name: slot,
                    loc: slot_loc,
                },
                offset,
                offset_loc,
            }),
            _ => ok = false,
        }
    }
    let (t, t_loc) = t?;
    ok.then(|| DrawOrderKeySpec {
        loc: k.loc(),
        t,
        t_loc,
        offsets: out,
    })
}

/// `events` (optional array).
pub(super) fn events(cx: &mut Cx, anim: &Node, name: &str) -> Option<FamilySpec<EventKeySpec>> {
    let list = cx.array(
        anim,
        "events",
        false,
        codes::MOTION_EVENTS_SHAPE,
        "it is an array of event keys, `[{ \"t\": <seconds>, \"name\": \"<event>\" }]`",
    )?;
    let mut keys = Vec::new();
    let mut ok = true;
    for (i, k) in list.elements().enumerate() {
        match event_key(cx, &k, name, i) {
            Some(key) => keys.push(key),
            None => ok = false,
        }
    }
    ok.then(|| FamilySpec {
        loc: list.loc(),
        keys,
    })
}

fn event_key(cx: &mut Cx, k: &Node, anim: &str, i: usize) -> Option<EventKeySpec> {
    if !cx.object(
        k,
        codes::MOTION_EVENT_KEY_SHAPE,
        "an event key is an object, `{ \"t\": <seconds>, \"name\": \"<event>\" }`",
    ) {
        return None;
    }
    cx.unknown(k, EVENT_KEY_KEYS);
    let t = cx.number(k, "t", true, codes::MOTION_KEY_TIME_SHAPE, TIME_HINT);
    let at = match &t {
        Some((t, _)) => format!("animation {} events at t={}", quote(anim), secs(*t)),
        None => format!("animation {} events key {i}", quote(anim)),
    };
    let mut ok = true;
    let name = match k.get("name") {
        None => {
            ok = false;
            cx.push(
                Diagnostic::new(
                    codes::MOTION_EVENT_NO_NAME,
                    format!("animation {} events: key {i} has no \"name\"; an event key fires an event by name", quote(anim)),
                )
                .at_without_value(k.loc())
                .help("add \"name\": \"<event>\" naming an event of the rig spec's `events` block"),
            );
            None
        }
        Some(n) => match n.as_str() {
            Some(s) => Some(Named {
                name: s.to_string(),
                loc: n.loc(),
            }),
            None => {
                ok = false;
                cx.push(wrong(
                    &n,
                    codes::MOTION_EVENT_KEY_SHAPE,
                    "an event key fires an event by name, a string",
                ));
                None
            }
        },
    };
    let mut bad = |field: &str, n: &Node, what: &str, help: &str| {
        cx.push(
            n.err(
                codes::MOTION_EVENT_KEY_SHAPE,
                format!("{at}: {field} {} is not {what}", n.text()),
            )
            .help(help.to_string()),
        );
    };
    let int = match k.get("int") {
        None => None,
        Some(n) => match n.as_f64() {
            Some(x) if crate::spec::numbers::int32(x).is_some() => Some(x as i64),
            found => {
                ok = false;
                let whole = found.is_some_and(|x| x.fract() == 0.0);
                bad(
                    "int",
                    &n,
                    if whole {
                        "a 32-bit integer (-2147483648 to 2147483647), as Spine stores the int payload"
                    } else {
                        "an integer"
                    },
                    "write a whole number from -2147483648 to 2147483647; the event's int payload is an integer",
                );
                None
            }
        },
    };
    let mut num = |field: &str| -> Option<(f64, rigc_diag::Loc)> {
        let n = k.get(field)?;
        match n.as_f64() {
            Some(x) if x.is_finite() => Some((x, n.loc())),
            _ => {
                ok = false;
                bad(field, &n, "a finite number", "write a finite number");
                None
            }
        }
    };
    let float = num("float").map(|f| f.0);
    let volume = num("volume");
    let balance = num("balance");
    let string = match k.get("string") {
        None => None,
        Some(n) => match n.as_str() {
            Some(s) => Some(s.to_string()),
            None => {
                ok = false;
                bad(
                    "string",
                    &n,
                    "a string",
                    "write the string payload in quotes",
                );
                None
            }
        },
    };
    let (t, t_loc) = t?;
    let name = name?;
    ok.then(|| EventKeySpec {
        loc: k.loc(),
        t,
        t_loc,
        name,
        int,
        float,
        string,
        volume,
        balance,
    })
}

/// The two constraint families keyed on the animation itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Family {
    /// `ik`.
    Ik,
    /// `transform`.
    Transform,
}

impl Family {
    /// The field and Spine group name.
    pub fn field(self) -> &'static str {
        match self {
            Family::Ik => "ik",
            Family::Transform => "transform",
        }
    }

    /// The key's value fields (the constraint type's mix channels), in
    /// curve-channel then emission order, and whether each is a boolean.
    pub fn key_fields(self) -> Vec<(&'static str, bool)> {
        match self {
            Family::Ik => IkMix::ALL
                .iter()
                .map(|c| (c.name(), c.kind() == Kind::Bool))
                .collect(),
            Family::Transform => TransformMix::ALL
                .iter()
                .map(|c| (c.name(), false))
                .collect(),
        }
    }
}

/// `ik` / `transform` (optional arrays of `{ constraint, keys }`).
pub(super) fn constraint_tracks(
    cx: &mut Cx,
    anim: &Node,
    name: &str,
    family: Family,
) -> Vec<ConstraintTrackSpec> {
    let field = family.field();
    let Some(list) = cx.array(
        anim,
        field,
        false,
        codes::MOTION_CONSTRAINT_TRACK_SHAPE,
        &format!("it is an array of {field} timelines, `[{{ \"constraint\": \"<{field} constraint>\", \"keys\": [...] }}]`"),
    ) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for (i, node) in list.elements().enumerate() {
        if let Some(t) = constraint_track(cx, &node, name, family, i) {
            out.push(t);
        }
    }
    out
}

fn constraint_track(
    cx: &mut Cx,
    node: &Node,
    anim: &str,
    family: Family,
    i: usize,
) -> Option<ConstraintTrackSpec> {
    let field = family.field();
    if !cx.object(
        node,
        codes::MOTION_CONSTRAINT_TRACK_SHAPE,
        &format!("an {field} timeline is `{{ \"constraint\": \"<{field} constraint>\", \"keys\": [...] }}`"),
    ) {
        return None;
    }
    cx.unknown(node, CONSTRAINT_TRACK_KEYS);
    let constraint = cx.nonempty_str(
        node,
        "constraint",
        true,
        codes::MOTION_CONSTRAINT_TRACK_CONSTRAINT,
        &format!("4.3 writes this group as `{field}.<constraint>`, so the constraint name is the only target there is"),
    );
    let keys_node = cx.array(
        node,
        "keys",
        true,
        codes::MOTION_CONSTRAINT_TRACK_KEYS_SHAPE,
        "a timeline's keys are an array, `[{ \"t\": <seconds>, … }, …]`",
    );
    let what = match &constraint {
        Some((c, _)) => format!("animation {} {field} constraint {}", quote(anim), quote(c)),
        None => format!("animation {} {field}[{i}]", quote(anim)),
    };
    let keys_loc = keys_node.as_ref().map(|k| k.loc());
    let mut keys = Vec::new();
    let mut ok = true;
    for k in keys_node.iter().flat_map(|k| k.elements()) {
        match constraint_key(cx, &k, &what, family) {
            Some(key) => keys.push(key),
            None => ok = false,
        }
    }
    let (name, loc) = constraint?;
    ok.then(|| ConstraintTrackSpec {
        loc: node.loc(),
        constraint: Named { name, loc },
        keys,
        keys_loc: keys_loc.unwrap_or_else(|| node.loc()),
    })
}

fn constraint_key(cx: &mut Cx, k: &Node, what: &str, family: Family) -> Option<ConstraintKeySpec> {
    if !cx.object(
        k,
        codes::MOTION_KEY_SHAPE,
        "a key is an object, `{ \"t\": <seconds>, … }`",
    ) {
        return None;
    }
    let mut known: Vec<&str> = vec!["t"];
    known.extend(family.key_fields().into_iter().map(|(f, _)| f));
    known.extend(["ease", "curve"]);
    cx.unknown(k, &known);
    let t = cx.number(k, "t", true, codes::MOTION_KEY_TIME_SHAPE, TIME_HINT);
    let at = match &t {
        Some((t, _)) => format!("{what} (t={})", secs(*t)),
        None => what.to_string(),
    };
    let mut ok = true;
    let mut fields = Vec::new();
    for (name, is_bool) in family.key_fields() {
        let Some(n) = k.get(name) else { continue };
        let value = if is_bool {
            n.as_bool().map(FieldValue::Bool)
        } else {
            n.as_f64().filter(|x| x.is_finite()).map(FieldValue::Num)
        };
        match value {
            Some(value) => fields.push(KeyField {
                name,
                value,
                loc: n.loc(),
            }),
            None => {
                ok = false;
                let (what_it_is, help) = if is_bool {
                    (
                        "not true or false",
                        format!("write \"{name}\": true or false"),
                    )
                } else {
                    (
                        "not a finite number",
                        format!("write \"{name}\" as a number"),
                    )
                };
                cx.push(
                    n.err(
                        codes::MOTION_CONSTRAINT_KEY_FIELD_SHAPE,
                        format!("{at}: {name} is {}, {what_it_is}", n.text()),
                    )
                    .help(help),
                );
            }
        }
    }
    let ease = cx.string(
        k,
        "ease",
        codes::MOTION_KEY_EASE_SHAPE,
        "it names an entry of this spec's `easings` table, or is \"stepped\"",
    );
    ok &= k.get("ease").is_none_or(|_| ease.is_some());
    let (t, t_loc) = t?;
    ok.then(|| ConstraintKeySpec {
        loc: k.loc(),
        t,
        t_loc,
        fields,
        ease: ease.map(|(name, loc)| Named { name, loc }),
        curve: k.get("curve").map(|c| RawValue::of(&c)),
    })
}
