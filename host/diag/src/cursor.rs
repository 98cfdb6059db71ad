//! This module owns navigation through a parsed spec with its location attached:
//! a [`Node`] is a JSON value plus where it is (file, JSON pointer, the spec's
//! own key path), so every refusal a parser raises can point at its value.

use crate::codes;

use crate::diagnostic::{Diagnostic, Loc};
use crate::json::{quote, Json, Value};
use crate::source::{SourceFile, Span};
use std::sync::Arc;

/// One step from a parent value to a child.
#[derive(Debug, Clone, PartialEq)]
pub enum Seg {
    /// A fixed field (`duration`), written bare in key paths.
    Field(String),
    /// An entry of a table keyed by a user's name (`"walk"`), written quoted.
    Name(String),
    /// An array element.
    Index(usize),
}

/// A JSON value with its location.
#[derive(Debug, Clone)]
pub struct Node<'a> {
    /// The value.
    pub json: &'a Json,
    /// The file it is in.
    pub file: &'a Arc<SourceFile>,
    /// The path from the document root.
    pub path: Vec<Seg>,
}

impl<'a> Node<'a> {
    /// The document root.
    pub fn root(json: &'a Json, file: &'a Arc<SourceFile>) -> Self {
        Node {
            json,
            file,
            path: Vec::new(),
        }
    }

    /// RFC 6901 pointer (`/bones/3/parent`).
    pub fn pointer(&self) -> String {
        pointer_of(&self.path)
    }

    /// The spec's key path (`animations."walk".tracks[0].keys[2].t`).
    pub fn key_path(&self) -> String {
        key_path_of(&self.path)
    }

    /// The key path of the fixed field `key` of this object, whether or not it is
    /// present (for refusing an absent field: `` `animations."walk".duration` is absent ``).
    pub fn field_key_path(&self, key: &str) -> String {
        let mut path = self.path.clone();
        path.push(Seg::Field(key.to_string()));
        key_path_of(&path)
    }

    /// Where this value is.
    pub fn loc(&self) -> Loc {
        Loc {
            file: self.file.clone(),
            pointer: self.pointer(),
            span: self.json.span,
        }
    }

    /// A compile error pointing at this value.
    pub fn err(&self, code: crate::codes::Code, message: impl Into<String>) -> Diagnostic {
        Diagnostic::new(code, message).at(self.loc())
    }

    /// A "not implemented yet" refusal pointing at this value.
    pub fn not_implemented(
        &self,
        code: crate::codes::Code,
        message: impl Into<String>,
    ) -> Diagnostic {
        Diagnostic::not_implemented(code, message).at(self.loc())
    }

    /// Describes the value (`null`, `an array of 3`, `the string "x"`, …).
    pub fn describe(&self) -> String {
        self.json.describe()
    }

    fn child(&self, seg: Seg, json: &'a Json) -> Node<'a> {
        let mut path = self.path.clone();
        path.push(seg);
        Node {
            json,
            file: self.file,
            path,
        }
    }

    /// The fixed field `key` of an object.
    pub fn get(&self, key: &str) -> Option<Node<'a>> {
        match &self.json.value {
            Value::Object(m) => m
                .iter()
                .find(|m| m.key == key)
                .map(|m| self.child(Seg::Field(key.to_string()), &m.value)),
            _ => None,
        }
    }

    /// Is the key present (even with a `null` value)?
    pub fn has(&self, key: &str) -> bool {
        self.get(key).is_some()
    }

    /// The entries of an object used as a table keyed by names, in source
    /// order. Each is made as it is reached (a table may hold a million).
    pub fn entries(&self) -> impl ExactSizeIterator<Item = (String, Node<'a>)> + '_ {
        let members: &'a [crate::json::Member] = match &self.json.value {
            Value::Object(m) => m,
            _ => &[],
        };
        members.iter().map(|m| {
            (
                m.key.clone(),
                self.child(Seg::Name(m.key.clone()), &m.value),
            )
        })
    }

    /// The elements of an array. Each is made as it is reached (an array may
    /// hold a million).
    pub fn elements(&self) -> impl ExactSizeIterator<Item = Node<'a>> + '_ {
        let items: &'a [Json] = match &self.json.value {
            Value::Array(a) => a,
            _ => &[],
        };
        items
            .iter()
            .enumerate()
            .map(|(i, j)| self.child(Seg::Index(i), j))
    }

    /// The `i`th element of an array.
    pub fn element(&self, i: usize) -> Option<Node<'a>> {
        match &self.json.value {
            Value::Array(a) => a.get(i).map(|j| self.child(Seg::Index(i), j)),
            _ => None,
        }
    }

    /// The location of a key of this object (for refusals of the key itself).
    pub fn key_loc(&self, key: &str) -> Option<Loc> {
        match &self.json.value {
            Value::Object(m) => m.iter().find(|m| m.key == key).map(|m| {
                let mut path = self.path.clone();
                path.push(Seg::Field(key.to_string()));
                Loc {
                    file: self.file.clone(),
                    pointer: pointer_of(&path),
                    span: m.key_span,
                }
            }),
            _ => None,
        }
    }

    /// The keys of an object, in source order.
    pub fn keys(&self) -> Vec<&'a str> {
        match &self.json.value {
            Value::Object(m) => m.iter().map(|m| m.key.as_str()).collect(),
            _ => Vec::new(),
        }
    }

    /// Is it an object?
    pub fn is_object(&self) -> bool {
        matches!(self.json.value, Value::Object(_))
    }

    /// Is it an array?
    pub fn is_array(&self) -> bool {
        matches!(self.json.value, Value::Array(_))
    }

    /// Is it `null`?
    pub fn is_null(&self) -> bool {
        matches!(self.json.value, Value::Null)
    }

    /// The string, if it is one.
    pub fn as_str(&self) -> Option<&'a str> {
        match &self.json.value {
            Value::String(s) => Some(s),
            _ => None,
        }
    }

    /// The number, if it is one (always finite).
    pub fn as_f64(&self) -> Option<f64> {
        match self.json.value {
            Value::Number(n) => Some(n),
            _ => None,
        }
    }

    /// The boolean, if it is one.
    pub fn as_bool(&self) -> Option<bool> {
        match self.json.value {
            Value::Bool(b) => Some(b),
            _ => None,
        }
    }

    /// The array length, if it is an array.
    pub fn array_len(&self) -> Option<usize> {
        match &self.json.value {
            Value::Array(a) => Some(a.len()),
            _ => None,
        }
    }

    /// The value's source text (for quoting it in a message).
    pub fn text(&self) -> &'a str {
        let Span { start, end } = self.json.span;
        self.file.text.get(start..end).unwrap_or("")
    }

    /// Refuses every key of this object that is not in `known`, naming the nearest
    /// known key (DECISIONS.md: unknown keys are refused by name). `what` names the
    /// object in the message, e.g. `bone "head"`. Keeps as many as a collection
    /// does ([`crate::limit::KEPT_PER_CODE`]), counting the rest.
    pub fn unknown_keys(&self, known: &[&str], what: &str) -> Vec<Diagnostic> {
        let mut out = crate::limit::Diags::new();
        for key in self.keys() {
            if known.contains(&key) {
                continue;
            }
            let Some(loc) = self.key_loc(key) else {
                continue;
            };
            let message = match nearest(key, known) {
                Some(near) => format!(
                    "unknown field {} on {what} — did you mean {}?",
                    quote(key),
                    quote(near)
                ),
                None => format!(
                    "unknown field {} on {what}; this compiler does not read it",
                    quote(key)
                ),
            };
            let help = match nearest(key, known) {
                Some(near) => format!("rename it to {}, or remove it", quote(near)),
                None => format!(
                    "fix the spelling or remove it; the fields of {what} are: {}",
                    known.join(", ")
                ),
            };
            out.push(
                Diagnostic::new(codes::SPEC_UNKNOWN_KEY, message)
                    .at(loc)
                    .help(help),
            );
        }
        out.into_vec()
    }
}

/// The nearest of `known` to `key`, if any is plausibly what was meant.
pub fn nearest<'k>(key: &str, known: &[&'k str]) -> Option<&'k str> {
    let lower = key.to_lowercase();
    let mut best: Option<(usize, &str)> = None;
    for k in known {
        let d = strsim::damerau_levenshtein(&lower, &k.to_lowercase());
        if best.is_none_or(|(bd, _)| d < bd) {
            best = Some((d, k));
        }
    }
    let (d, k) = best?;
    let limit = (key.chars().count().max(k.chars().count()) / 3).max(2);
    if d <= limit {
        return Some(k);
    }
    // A shared stem the edit distance undervalues (`easing` → `ease`): at least
    // three leading characters in common, covering most of the shorter name.
    known
        .iter()
        .map(|k| (common_prefix(&lower, &k.to_lowercase()), *k))
        .filter(|(p, k)| *p >= 3 && *p * 5 >= key.chars().count().min(k.chars().count()) * 3)
        .max_by_key(|(p, _)| *p)
        .map(|(_, k)| k)
}

/// How many leading characters two names share.
fn common_prefix(a: &str, b: &str) -> usize {
    a.chars().zip(b.chars()).take_while(|(x, y)| x == y).count()
}

/// The spec's key path of a path from the document root
/// (`animations."walk".tracks[0].keys[2].t`).
pub fn key_path_of(path: &[Seg]) -> String {
    let mut out = String::new();
    for seg in path {
        match seg {
            Seg::Field(k) => {
                if !out.is_empty() {
                    out.push('.');
                }
                out.push_str(k);
            }
            Seg::Name(k) => {
                if !out.is_empty() {
                    out.push('.');
                }
                out.push_str(&quote(k));
            }
            Seg::Index(i) => out.push_str(&format!("[{i}]")),
        }
    }
    out
}

/// RFC 6901 pointer for a path.
pub fn pointer_of(path: &[Seg]) -> String {
    let mut out = String::new();
    for seg in path {
        out.push('/');
        match seg {
            Seg::Field(k) | Seg::Name(k) => out.push_str(&k.replace('~', "~0").replace('/', "~1")),
            Seg::Index(i) => out.push_str(&i.to_string()),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json::parse;

    #[test]
    fn paths_and_suggestions() {
        let file = SourceFile::new(
            "m.json",
            "m.json",
            r#"{"animations": {"a/b": {"tracks": [{"rotaton": 1}]}}}"#.into(),
        );
        let json = parse(&file.text).unwrap();
        let root = Node::root(&json, &file);
        let anims = root.get("animations").unwrap();
        let (_, a) = anims.entries().next().unwrap();
        let t = a.get("tracks").unwrap().element(0).unwrap();
        assert_eq!(t.pointer(), "/animations/a~1b/tracks/0");
        assert_eq!(t.key_path(), "animations.\"a/b\".tracks[0]");
        let d = t.unknown_keys(&["rotation", "name"], "track");
        assert_eq!(
            d[0].message,
            "unknown field \"rotaton\" on track — did you mean \"rotation\"?"
        );
        assert_eq!(d[0].loc.as_ref().unwrap().line_col(), (1, 37));
        assert_eq!(nearest("zzzzzzz", &["rotation"]), None);
        assert_eq!(
            nearest("easing", &["t", "v", "derive", "ease", "curve"]),
            Some("ease")
        );
        assert_eq!(nearest("spec", &["slot", "name"]), None);
    }
}
