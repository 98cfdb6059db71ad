//! This module owns the rig spec's `events` table (FORMAT.md §2.9): event names
//! in declaration order and their payload defaults (`int`, `float`, `string`,
//! `audio`, `volume`, `balance`).

use rigc_diag::codes;

use super::read::{key_loc, number, q, Diags};
use super::types::EventSpec;
use rigc_diag::cursor::Node;
use rigc_diag::Diagnostic;
use rigc_sdk::model::EventDef;

/// The keys of an event definition.
const EVENT_KEYS: &[&str] = &["int", "float", "string", "audio", "volume", "balance"];

/// Reads `events` of the rig `root`.
pub(super) fn parse(root: &Node, d: &mut Diags) -> Vec<EventSpec> {
    let mut out = Vec::new();
    let Some(table) = root.get("events") else {
        return out;
    };
    if !table.is_object() {
        d.push(
            table
                .err(
                    codes::RIG_EVENTS_NOT_AN_OBJECT,
                    format!(
                        "\"events\" is an object keyed by event name (`{{ \"footstep\": {{}} }}`), not {} — the format's own shape",
                        if table.is_array() { "an array".to_string() } else { table.describe() }
                    ),
                )
                .help("write \"events\": { \"<name>\": {}, … }"),
        );
        return out;
    }
    for (name, node) in table.entries() {
        if name.is_empty() {
            d.push(
                Diagnostic::new(codes::RIG_EVENT_EMPTY_NAME, "an event has an empty name")
                    .at(key_loc(&table, &name))
                    .help("give the event a name; the motion spec fires it by name"),
            );
            continue;
        }
        let label = format!("event {}", q(&name));
        if !node.is_object() {
            d.push(
                node.err(
                    codes::RIG_EVENT_NOT_AN_OBJECT,
                    format!("{label} must be an object of payload defaults (use {{}} for none)"),
                )
                .help(format!("write {}: {{}}", q(&name))),
            );
            continue;
        }
        let unknown = node.unknown_keys(EVENT_KEYS, &label);
        if !unknown.is_empty() {
            d.extend(unknown);
            continue;
        }
        let before = d.len();
        let mut e = EventDef {
            name: name.clone(),
            ..EventDef::default()
        };
        if let Some(v) = node.get("int") {
            match v.as_f64() {
                Some(n) => match crate::spec::numbers::int32(n) {
                    Some(i) => e.int = Some(i64::from(i)),
                    None if n.fract() == 0.0 => d.push(
                        v.err(
                            codes::RIG_EVENT_INT_NOT_AN_INTEGER,
                            format!(
                                "{label} has int {}; the payload is a 32-bit integer in Spine (-2147483648 to 2147483647)",
                                rigc_sdk::num::f64_text(n)
                            ),
                        )
                        .help("write a whole number from -2147483648 to 2147483647"),
                    ),
                    None => d.push(
                        v.err(
                            codes::RIG_EVENT_INT_NOT_AN_INTEGER,
                            format!(
                                "{label} has int {}; the payload is an integer",
                                rigc_sdk::num::f64_text(n)
                            ),
                        )
                        .help("write a whole number, or use \"float\" for a fraction"),
                    ),
                },
                None => d.push(payload_type(
                    &v,
                    &label,
                    "int",
                    "which is not a finite number",
                )),
            }
        }
        if let Some(v) = node.get("float") {
            match v.as_f64() {
                Some(n) => e.float = Some(n),
                None => d.push(payload_type(
                    &v,
                    &label,
                    "float",
                    "which is not a finite number",
                )),
            }
        }
        for key in ["string", "audio"] {
            if let Some(v) = node.get(key) {
                match v.as_str() {
                    Some(s) if key == "string" => e.string = Some(s.to_string()),
                    Some(s) => e.audio = Some(s.to_string()),
                    None => d.push(payload_type(&v, &label, key, "which is not a string")),
                }
            }
        }
        e.volume = number(&node, "volume", &label, d);
        e.balance = number(&node, "balance", &label, d);
        for key in ["volume", "balance"] {
            if let (Some(v), false) = (node.get(key), node.has("audio")) {
                d.push(
                    v.err(
                        codes::RIG_EVENT_PAYLOAD_WITHOUT_AUDIO,
                        format!(
                            "{label} declares {key} but no \"audio\"; the parser reads {key} only when an audio path is set, so it would be dropped in silence"
                        ),
                    )
                    .help(format!("give the event an \"audio\" path, or remove {key}")),
                );
            }
        }
        if d.len() == before {
            out.push(EventSpec {
                event: e,
                loc: node.loc(),
            });
        }
    }
    out
}

/// The refusal of a payload field of the wrong type.
fn payload_type(v: &Node, label: &str, key: &str, wanted: &str) -> Diagnostic {
    let shown = match v.as_str() {
        Some(s) => q(s),
        None => v.describe(),
    };
    v.err(
        codes::RIG_EVENT_PAYLOAD_TYPE,
        format!("{label} has {key} {shown}, {wanted}"),
    )
    .help(format!(
        "write {key} as a {}",
        if wanted.contains("string") {
            "string"
        } else {
            "number"
        }
    ))
}
