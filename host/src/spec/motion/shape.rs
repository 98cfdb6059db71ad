//! This module owns the motion parser's shape refusals: the one message form of
//! FORMAT.md §3.17 (`` `<key path>` is <what it is>; <the spelling that works> ``),
//! and typed readers of optional and required fields that raise it.

use rigc_diag::codes;

use rigc_diag::codes::Code;
use rigc_diag::cursor::Node;
use rigc_diag::Diagnostic;

/// The parser's diagnostics, gathered so a file is refused once with all of them.
#[derive(Default)]
pub(super) struct Cx {
    /// What was refused so far (a flood of one code is kept bounded).
    pub diags: rigc_diag::Diags,
}

/// The refusal of a present value of the wrong shape.
pub(super) fn wrong(node: &Node, code: Code, hint: &str) -> Diagnostic {
    node.err(
        code,
        format!("`{}` is {}; {hint}", node.key_path(), node.describe()),
    )
    .help(help_of(hint))
}

/// The refusal of a required field that is absent, located at its object.
pub(super) fn absent(parent: &Node, key: &str, code: Code, hint: &str) -> Diagnostic {
    Diagnostic::new(
        code,
        format!("`{}` is absent; {hint}", parent.field_key_path(key)),
    )
    .at_without_value(parent.loc())
    .help(help_of(hint))
}

/// The help line of a shape refusal: the hint, as an instruction.
fn help_of(hint: &str) -> String {
    let first = hint.split(" — ").next().unwrap_or(hint);
    format!("write a value that fits: {first}")
}

impl Cx {
    /// Records one refusal.
    pub fn push(&mut self, d: Diagnostic) {
        self.diags.push(d);
    }

    /// Refuses every key of `node` not in `known` (checked first at each object).
    pub fn unknown(&mut self, node: &Node, known: &[&str]) {
        let what = if node.path.is_empty() {
            "the motion spec".to_string()
        } else {
            format!("`{}`", node.key_path())
        };
        self.diags.extend(node.unknown_keys(known, &what));
    }

    /// The field `key` of `parent` as `accept` reads it: `None` when absent
    /// (refused if `required`) or when `accept` turns the value down (refused by
    /// shape).
    fn field<'a, T>(
        &mut self,
        parent: &Node<'a>,
        key: &str,
        required: bool,
        code: Code,
        hint: &str,
        accept: impl FnOnce(&Node<'a>) -> Option<T>,
    ) -> Option<T> {
        let Some(n) = parent.get(key) else {
            if required {
                self.push(absent(parent, key, code, hint));
            }
            return None;
        };
        let value = accept(&n);
        if value.is_none() {
            self.push(wrong(&n, code, hint));
        }
        value
    }

    /// A string field that must not be empty.
    pub fn nonempty_str(
        &mut self,
        parent: &Node,
        key: &str,
        required: bool,
        code: Code,
        hint: &str,
    ) -> Option<(String, rigc_diag::Loc)> {
        self.field(parent, key, required, code, hint, |n| {
            let s = n.as_str().filter(|s| !s.is_empty())?;
            Some((s.to_string(), n.loc()))
        })
    }

    /// A string field (any string, empty allowed).
    pub fn string(
        &mut self,
        parent: &Node,
        key: &str,
        code: Code,
        hint: &str,
    ) -> Option<(String, rigc_diag::Loc)> {
        self.field(parent, key, false, code, hint, |n| {
            Some((n.as_str()?.to_string(), n.loc()))
        })
    }

    /// `note`: free text, a string when stated.
    pub fn note(&mut self, parent: &Node) -> Option<String> {
        self.string(
            parent,
            "note",
            codes::MOTION_NOTE,
            "a note is free text, a string",
        )
        .map(|(s, _)| s)
    }

    /// A finite number field.
    pub fn number(
        &mut self,
        parent: &Node,
        key: &str,
        required: bool,
        code: Code,
        hint: &str,
    ) -> Option<(f64, rigc_diag::Loc)> {
        self.field(parent, key, required, code, hint, |n| {
            let x = n.as_f64().filter(|x| x.is_finite())?;
            Some((x, n.loc()))
        })
    }

    /// An array field; `None` when absent (refused if required) or not an array.
    pub fn array<'a>(
        &mut self,
        parent: &Node<'a>,
        key: &str,
        required: bool,
        code: Code,
        hint: &str,
    ) -> Option<Node<'a>> {
        self.field(parent, key, required, code, hint, |n| {
            n.is_array().then(|| n.clone())
        })
    }

    /// An object value, refused by shape otherwise.
    pub fn object(&mut self, node: &Node, code: Code, hint: &str) -> bool {
        if node.is_object() {
            true
        } else {
            self.push(wrong(node, code, hint));
            false
        }
    }
}

/// A number as a message writes a time or value: the shortest text of the double,
/// with arithmetic noise below 1e-9 taken off (`0.45 + 0.1` reads `0.55`).
pub fn secs(x: f64) -> String {
    let r = (x * 1e9).round() / 1e9;
    if (r - x).abs() <= 1e-12 * x.abs().max(1.0) {
        rigc_sdk::num::f64_text(r)
    } else {
        rigc_sdk::num::f64_text(x)
    }
}
