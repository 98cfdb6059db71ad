//! This module owns what the text-level rules share when they read the raw
//! skeleton JSON or the rig info: the SKIPs for text that is not JSON, for a
//! skeleton with no animation and for a build with no rig info, safe walks over
//! objects and arrays of any shape, the bone tree as the raw `parent` names draw
//! it, and the spelling of values in FAIL details (JavaScript's `JSON.stringify`
//! and `Number.prototype.toString` layouts, since the details are rigc's).
//!
//! Everything here is total: any JSON value, of any shape, is an input.

use rigc_sdk::gate::facts::Facts;
use rigc_sdk::gate::{skip_reasons, Outcome, RigInfo};
use rigc_sdk::num::f64_text;
use serde_json::Value;
use std::collections::{HashMap, HashSet};

/// The SKIP reason of every rule that needs the skeleton JSON when it does not
/// parse (the brief; A00 names the parse error).
pub(crate) const NOT_JSON: &str = "the skeleton JSON did not parse (A00 owns that failure)";

/// How many characters of a value a FAIL detail spells before cutting it with `…`.
const JSON_BUDGET: usize = 120;

/// The raw skeleton JSON, or `None` after recording the [`NOT_JSON`] SKIP.
pub(crate) fn raw_or_skip<'f>(facts: &'f Facts<'_>, out: &mut Outcome) -> Option<&'f Value> {
    match facts.raw() {
        Ok(root) => Some(root),
        Err(_) => {
            out.skip(NOT_JSON);
            None
        }
    }
}

/// The raw skeleton JSON when it carries an animation, or `None` after recording
/// a SKIP: [`NOT_JSON`], or `none` when the `animations` object has no member.
pub(crate) fn animated_or_skip<'f>(
    facts: &'f Facts<'_>,
    out: &mut Outcome,
    none: &str,
) -> Option<&'f Value> {
    let root = raw_or_skip(facts, out)?;
    if animations(root).next().is_none() {
        out.skip(none);
        return None;
    }
    Some(root)
}

/// The rig info, or `None` after recording the `NO_RIG` SKIP.
pub(crate) fn rig_or_skip<'f>(facts: &'f Facts<'_>, out: &mut Outcome) -> Option<&'f RigInfo> {
    let rig = facts.rig();
    if rig.is_none() {
        out.skip(skip_reasons::NO_RIG);
    }
    rig
}

/// The members of `v` when it is an object, in file order; nothing otherwise.
pub(crate) fn members(v: Option<&Value>) -> impl Iterator<Item = (&str, &Value)> {
    v.and_then(Value::as_object)
        .into_iter()
        .flatten()
        .map(|(k, v)| (k.as_str(), v))
}

/// The elements of `v` when it is an array; nothing otherwise.
pub(crate) fn items(v: Option<&Value>) -> impl Iterator<Item = &Value> {
    v.and_then(Value::as_array).into_iter().flatten()
}

/// `(name, animation)` for every member of the raw `animations` object.
pub(crate) fn animations(root: &Value) -> impl Iterator<Item = (&str, &Value)> {
    members(root.get("animations"))
}

/// The string at `key` of `v`, when `v` is an object holding a string there.
pub(crate) fn str_at<'v>(v: &'v Value, key: &str) -> Option<&'v str> {
    v.get(key).and_then(Value::as_str)
}

/// JavaScript truthiness of an optional value (`undefined` is falsy).
pub(crate) fn truthy(v: Option<&Value>) -> bool {
    match v {
        None | Some(Value::Null) => false,
        Some(Value::Bool(b)) => *b,
        Some(Value::Number(n)) => n.as_f64().is_some_and(|x| x != 0.0),
        Some(Value::String(s)) => !s.is_empty(),
        Some(Value::Array(_)) | Some(Value::Object(_)) => true,
    }
}

/// A number as JavaScript prints it (`1`, `0.5`, `1e-7`, `1e+21`, `NaN`,
/// `-Infinity`).
pub(crate) fn num(x: f64) -> String {
    if x.is_nan() {
        "NaN".into()
    } else if x.is_infinite() {
        if x > 0.0 { "Infinity" } else { "-Infinity" }.into()
    } else {
        f64_text(x)
    }
}

/// `x.toFixed(digits)` as JavaScript prints it (`NaN` and `Infinity` spelled).
pub(crate) use rigc_sdk::num::fixed;

/// A key's `time` as a detail prints it: the number, `0` when absent (the
/// runtime's default), the value's JSON otherwise.
pub(crate) fn time_text(key: &Value) -> String {
    match key.get("time") {
        None => "0".into(),
        Some(Value::Number(n)) => n.as_f64().map_or_else(|| n.to_string(), num),
        Some(other) => json(other),
    }
}

/// `JSON.stringify(v)`, compact, cut with `…` past [`JSON_BUDGET`] characters.
pub(crate) fn json(v: &Value) -> String {
    let mut s = String::new();
    write_json(v, &mut s);
    if s.chars().count() > JSON_BUDGET {
        let mut cut: String = s.chars().take(JSON_BUDGET).collect();
        cut.push('…');
        cut
    } else {
        s
    }
}

/// Like [`json`], and `undefined` for an absent value (as a JS template prints it).
pub(crate) fn json_or_undefined(v: Option<&Value>) -> String {
    v.map_or_else(|| "undefined".into(), json)
}

fn write_json(v: &Value, s: &mut String) {
    if s.len() > JSON_BUDGET * 4 {
        return;
    }
    match v {
        Value::Number(n) => s.push_str(&n.as_f64().map_or_else(|| n.to_string(), num)),
        Value::Array(a) => {
            s.push('[');
            for (i, e) in a.iter().enumerate() {
                if i > 0 {
                    s.push(',');
                }
                write_json(e, s);
            }
            s.push(']');
        }
        Value::Object(o) => {
            s.push('{');
            for (i, (k, e)) in o.iter().enumerate() {
                if i > 0 {
                    s.push(',');
                }
                s.push_str(&quote(k));
                s.push(':');
                write_json(e, s);
            }
            s.push('}');
        }
        other => s.push_str(&other.to_string()),
    }
}

/// A string in JSON quotes, escaped (`"a\tb"`), so stray whitespace shows.
pub(crate) fn quote(s: &str) -> String {
    Value::String(s.to_owned()).to_string()
}

/// What a value is, in words: `null`, `a number`, `an object`, `an empty array`,
/// `an array of 2 key(s)` (for details about key arrays).
pub(crate) fn shape(v: &Value) -> String {
    match v {
        Value::Null => "null".into(),
        Value::Bool(_) => "a boolean".into(),
        Value::Number(_) => "a number".into(),
        Value::String(_) => "a string".into(),
        Value::Object(_) => "an object".into(),
        Value::Array(a) if a.is_empty() => "an empty array".into(),
        Value::Array(a) => format!("an array of {} key(s)", a.len()),
    }
}

/// `"a", "b", "c"`.
pub(crate) fn quoted_list<'s>(names: impl IntoIterator<Item = &'s str>) -> String {
    names
        .into_iter()
        .map(quote_plain)
        .collect::<Vec<_>>()
        .join(", ")
}

/// `"name"` without escaping, the way rigc's templates interpolate a name.
pub(crate) fn quote_plain(s: &str) -> String {
    format!("\"{s}\"")
}

/// The bone tree as the raw `bones` array draws it: each bone's `parent` name,
/// the first bone of a name winning (as `findBone` does).
pub(crate) struct BoneTree<'v> {
    parent: HashMap<&'v str, Option<&'v str>>,
}

impl<'v> BoneTree<'v> {
    /// The tree of the raw root's `bones` (empty when absent or malformed).
    pub(crate) fn of(root: &'v Value) -> Self {
        let mut parent = HashMap::new();
        for bone in items(root.get("bones")) {
            if let Some(name) = str_at(bone, "name") {
                parent.entry(name).or_insert_with(|| str_at(bone, "parent"));
            }
        }
        BoneTree { parent }
    }

    /// Does the skeleton have a bone of this name?
    pub(crate) fn has(&self, name: &str) -> bool {
        self.parent.contains_key(name)
    }

    /// Is `ancestor` among `bone`'s ancestors (not `bone` itself)? The walk stops
    /// at a parent cycle.
    pub(crate) fn is_under(&self, bone: &str, ancestor: &str) -> bool {
        let mut seen: HashSet<&str> = HashSet::new();
        let mut at = self.parent.get(bone).copied().flatten();
        while let Some(p) = at {
            if p == ancestor {
                return true;
            }
            if !seen.insert(p) {
                return false;
            }
            at = self.parent.get(p).copied().flatten();
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn json_spells_numbers_as_javascript_and_cuts_long_values() {
        let v: Value = serde_json::from_str(r#"[1.0, 0.5, 1e-7, 1e21, "x\t", null]"#).unwrap();
        assert_eq!(json(&v), r#"[1,0.5,1e-7,1e+21,"x\t",null]"#);
        let long = Value::Array(vec![json!(1); 200]);
        let text = json(&long);
        assert!(text.ends_with('…') && text.chars().count() == JSON_BUDGET + 1);
        assert_eq!(json_or_undefined(None), "undefined");
    }

    #[test]
    fn bone_tree_walks_parents_and_stops_at_cycles() {
        let root = json!({ "bones": [
            { "name": "root" }, { "name": "a", "parent": "root" }, { "name": "b", "parent": "a" },
            { "name": "x", "parent": "y" }, { "name": "y", "parent": "x" }
        ]});
        let tree = BoneTree::of(&root);
        assert!(tree.is_under("b", "root") && tree.is_under("b", "a"));
        assert!(!tree.is_under("a", "b") && !tree.is_under("root", "root"));
        assert!(!tree.is_under("x", "root"));
        assert!(
            tree.is_under("x", "x"),
            "a bone in a cycle is its own ancestor"
        );
    }

    #[test]
    fn truthiness_follows_javascript() {
        assert!(!truthy(None) && !truthy(Some(&json!(""))) && !truthy(Some(&json!(0))));
        assert!(truthy(Some(&json!("a"))) && truthy(Some(&json!({}))) && truthy(Some(&json!(-1))));
    }
}
