//! This module owns the typed field readers every rig-spec parser shares: read
//! an optional field as a number, string, boolean, colour, count or name list,
//! and refuse a value of the wrong JSON type with a message that says what was
//! found and what is wanted, located at the value; and read a named list entry (a
//! bone, a slot) up to its name, refusing its shape, unknown keys and a missing
//! name.

use rigc_diag::codes;

use super::types::At;
use rigc_diag::codes::Code;
use rigc_diag::cursor::Node;
use rigc_diag::json::quote;
use rigc_diag::{Diagnostic, Loc};

/// Diagnostics gathered while parsing (a flood of one code is kept bounded).
pub(super) use rigc_diag::Diags;

/// An optional number field.
pub(super) fn number(obj: &Node, key: &str, what: &str, d: &mut Diags) -> Option<f64> {
    let v = obj.get(key)?;
    match v.as_f64() {
        Some(n) => Some(n),
        None => {
            d.push(not_a_number(&v, key, what));
            None
        }
    }
}

/// The refusal of a non-number where a number belongs.
pub(super) fn not_a_number(v: &Node, field: &str, what: &str) -> Diagnostic {
    v.err(
        codes::RIG_FIELD_NOT_A_NUMBER,
        format!(
            "{what}: {field} is {}, which is not a finite number",
            v.describe()
        ),
    )
    .help(format!(
        "write {field} as a JSON number (no quotes), or leave it out"
    ))
}

/// An optional string field.
pub(super) fn string(obj: &Node, key: &str, what: &str, d: &mut Diags) -> Option<String> {
    let v = obj.get(key)?;
    match v.as_str() {
        Some(s) => Some(s.to_string()),
        None => {
            d.push(not_a_string(&v, key, what));
            None
        }
    }
}

/// The refusal of a non-string where a string belongs.
pub(super) fn not_a_string(v: &Node, field: &str, what: &str) -> Diagnostic {
    v.err(
        codes::RIG_FIELD_NOT_A_STRING,
        format!("{what}: {field} is {}, which is not a string", v.describe()),
    )
    .help(format!(
        "write {field} as a JSON string in double quotes, or leave it out"
    ))
}

/// An optional boolean field.
pub(super) fn boolean(obj: &Node, key: &str, what: &str, d: &mut Diags) -> Option<bool> {
    let v = obj.get(key)?;
    match v.as_bool() {
        Some(b) => Some(b),
        None => {
            d.push(
                v.err(
                    codes::RIG_FIELD_NOT_A_BOOL,
                    format!(
                        "{what}: {key} is {}, which is not true or false",
                        v.describe()
                    ),
                )
                .help(format!(
                    "write {key} as true or false (no quotes), or leave it out"
                )),
            );
            None
        }
    }
}

/// An optional colour field: `rrggbbaa` (`digits` 8) or `rrggbb` (`digits` 6),
/// hex, returned lowercase.
pub(super) fn color(
    obj: &Node,
    key: &str,
    what: &str,
    digits: usize,
    d: &mut Diags,
) -> Option<String> {
    let v = obj.get(key)?;
    let form = if digits == 8 { "rrggbbaa" } else { "rrggbb" };
    let ok = v
        .as_str()
        .filter(|s| s.len() == digits && s.bytes().all(|b| b.is_ascii_hexdigit()));
    match ok {
        Some(s) => Some(s.to_ascii_lowercase()),
        None => {
            let hint = match v.as_str() {
                Some(s) if s.starts_with('#') => " — drop the leading \"#\"",
                _ => "",
            };
            d.push(
                v.err(
                    codes::RIG_FIELD_BAD_COLOR,
                    format!(
                        "{what}: {key} is {}; a colour here is \"{form}\", {digits} hex digits{hint}",
                        v.describe()
                    ),
                )
                .help(format!(
                    "write it as {digits} hex digits, e.g. \"{}\"",
                    "ffffffff".get(..digits).unwrap_or("ffffffff")
                )),
            );
            None
        }
    }
}

/// Is `n` a whole number that fits `u32`?
pub(super) fn as_count(n: f64) -> Option<u32> {
    (n.fract() == 0.0 && (0.0..=u32::MAX as f64).contains(&n)).then_some(n as u32)
}

/// An optional count field: a whole number ≥ 0.
pub(super) fn count(obj: &Node, key: &str, what: &str, d: &mut Diags) -> Option<u32> {
    let v = obj.get(key)?;
    match v.as_f64().and_then(as_count) {
        Some(n) => Some(n),
        None => {
            d.push(
                v.err(
                    codes::RIG_FIELD_NOT_A_COUNT,
                    format!(
                        "{what}: {key} is {}; it is a count, a whole number ≥ 0",
                        v.describe()
                    ),
                )
                .help(format!("write {key} as a whole number such as 0, 1 or 32")),
            );
            None
        }
    }
}

/// A skin's member list: an array of names. `field` names the list in
/// messages; `what` the owner. Refused elements are left out.
pub(super) fn name_list(v: &Node, field: &str, what: &str, d: &mut Diags) -> Vec<At<String>> {
    let mut out = Vec::new();
    if !v.is_array() {
        d.push(
            v.err(
                codes::RIG_FIELD_NOT_A_NAME_LIST,
                format!(
                    "{what}: \"{field}\" must be an array of names, not {}",
                    v.describe()
                ),
            )
            .help(format!("write \"{field}\": [\"<name>\", …]")),
        );
        return out;
    }
    for (i, e) in v.elements().enumerate() {
        match e.as_str() {
            Some(s) => out.push(At {
                value: s.to_string(),
                loc: e.loc(),
            }),
            None => d.push(
                e.err(
                    codes::RIG_FIELD_NOT_A_NAME,
                    format!(
                        "{what}: {field}[{i}] is {}; a skin lists bones and constraints BY NAME",
                        e.describe()
                    ),
                )
                .help("write the name in double quotes"),
            ),
        }
    }
    out
}

/// The location of an object itself, for a refusal of something absent from it
/// (records no value: the whole object is not the culprit).
pub(super) fn absent_at(obj: &Node, code: Code, message: String) -> Diagnostic {
    Diagnostic::new(code, message).at_without_value(obj.loc())
}

/// `"name"` quoted as JSON.
pub(super) fn q(s: &str) -> String {
    quote(s)
}

/// A nearest-name hint for `name` among `known`: `" — did you mean \"x\"?"` or "".
pub(super) fn did_you_mean(name: &str, known: &[&str]) -> String {
    match rigc_diag::cursor::nearest(name, known) {
        Some(k) if k != name => format!(" — did you mean {}?", quote(k)),
        _ => String::new(),
    }
}

/// A location for the key `key` of `obj` (falls back to the object).
pub(super) fn key_loc(obj: &Node, key: &str) -> Loc {
    obj.key_loc(key).unwrap_or_else(|| obj.loc())
}

/// How the refusals of [`named_entry`] speak of one kind of list entry (a bone, a
/// slot).
pub(super) struct EntryKind {
    /// The list, as its elements are indexed (`bones`).
    pub list: &'static str,
    /// One entry (`bone`).
    pub one: &'static str,
    /// The keys an entry may carry.
    pub keys: &'static [&'static str],
    /// The code of an entry that is not an object.
    pub not_an_object: Code,
    /// What an entry is, after `<list>[i] is …; `.
    pub shape: &'static str,
    /// How to write an entry.
    pub shape_help: &'static str,
    /// The code of an entry with no usable name.
    pub name_missing: Code,
    /// How to name an entry.
    pub name_help: &'static str,
}

/// A list entry's name, how messages call the entry, and where the name is.
pub(super) struct Named<'a> {
    /// The non-empty `name`.
    pub name: &'a str,
    /// `bone "hip"`.
    pub what: String,
    /// The `name` value.
    pub node: Node<'a>,
    /// Were unknown keys refused?
    pub had_unknown: bool,
}

/// Reads the `i`th entry `node` of a list of `kind` up to its name: refuses an
/// entry that is not an object, its unknown keys, and a missing or empty `name`
/// (held back when the entry has unknown keys and no `name`: one of them is
/// likely it). `None` when it has no usable name.
pub(super) fn named_entry<'a>(
    node: &Node<'a>,
    i: usize,
    kind: &EntryKind,
    d: &mut Diags,
) -> Option<Named<'a>> {
    if !node.is_object() {
        d.push(
            node.err(
                kind.not_an_object,
                format!("{}[{i}] is {}; {}", kind.list, node.describe(), kind.shape),
            )
            .help(kind.shape_help),
        );
        return None;
    }
    let name_node = node.get("name");
    let name = name_node
        .as_ref()
        .and_then(|n| n.as_str())
        .filter(|s| !s.is_empty());
    let what = match name {
        Some(n) => format!("{} {}", kind.one, q(n)),
        None => format!("{}[{i}]", kind.list),
    };
    let unknown = node.unknown_keys(kind.keys, &what);
    let had_unknown = !unknown.is_empty();
    d.extend(unknown);
    let Some(name) = name else {
        if !had_unknown || name_node.is_some() {
            let at = name_node.unwrap_or_else(|| node.clone());
            d.push(
                at.err(
                    kind.name_missing,
                    format!("every {} needs a \"name\"", kind.one),
                )
                .help(kind.name_help),
            );
        }
        return None;
    };
    Some(Named {
        name,
        what,
        node: name_node.unwrap_or_else(|| node.clone()),
        had_unknown,
    })
}

/// Reads an attachment's `image` (a non-empty string naming a PNG).
pub(super) fn image(node: &Node, where_: &str, d: &mut Diags) -> Option<At<String>> {
    let img = node.get("image")?;
    match img.as_str() {
        Some("") => {
            d.push(
                img.err(codes::RIG_ATTACHMENT_IMAGE_EMPTY, format!("{where_}: image is the empty string; it names a PNG"))
                    .help("write the PNG's path relative to the rig's images directory, e.g. \"torso.png\""),
            );
            None
        }
        Some(s) => Some(At {
            value: s.to_string(),
            loc: img.loc(),
        }),
        None => {
            d.push(not_a_string(&img, "image", where_));
            None
        }
    }
}
