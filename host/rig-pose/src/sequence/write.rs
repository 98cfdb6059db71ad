//! This module owns the text of a sequence `rig-pose clean` writes: the
//! document (spec, fps, times, travel, the one person, the `cleaned` record) and
//! its layout — two-space indentation, with every array or object that holds
//! only scalars on one line (a frame's entry, `times`, a frame range), and every
//! number spelled as JavaScript prints it (`rigc_spine::num::f64_text`: the
//! shortest decimal that reads back as the same double, integers without `.0`).

use super::{Person, Sequence, State, SPEC};
use serde_json::{Map, Value};

/// The output document: `seq`'s header, `person` as the only person, `travel`
/// and the `cleaned` record.
pub fn document(seq: &Sequence, person: &Person, travel: Option<&str>, cleaned: Value) -> Value {
    let mut root = Map::new();
    root.insert("spec".into(), Value::String(SPEC.into()));
    root.insert("fps".into(), num(seq.fps));
    root.insert(
        "times".into(),
        Value::Array(seq.times.iter().map(|t| num(*t)).collect()),
    );
    if let Some(t) = travel {
        root.insert("travel".into(), Value::String(t.into()));
    }
    root.insert("persons".into(), Value::Array(vec![person_value(person)]));
    root.insert("cleaned".into(), cleaned);
    Value::Object(root)
}

/// A person as JSON.
pub fn person_value(person: &Person) -> Value {
    let mut p = Map::new();
    if let Some(id) = &person.id {
        p.insert("id".into(), id.clone());
    }
    let mut joints = Map::new();
    for t in &person.tracks {
        let entries = t
            .samples
            .iter()
            .map(|s| {
                let mut e = Map::new();
                if let Some([x, y]) = s.pos {
                    e.insert("x".into(), num(x));
                    e.insert("y".into(), num(y));
                }
                e.insert("state".into(), Value::String(s.state.name().into()));
                if let Some(score) = s.score {
                    e.insert("score".into(), num(score));
                }
                debug_assert!(s.pos.is_some() != (s.state == State::Missing));
                Value::Object(e)
            })
            .collect();
        joints.insert(t.joint.into(), Value::Array(entries));
    }
    p.insert("joints".into(), Value::Object(joints));
    Value::Object(p)
}

/// A JSON number, or `null` for a non-finite value (never produced by clean).
pub fn num(x: f64) -> Value {
    serde_json::Number::from_f64(x).map_or(Value::Null, Value::Number)
}

/// The document's text, with a trailing newline.
pub fn to_text(v: &Value) -> String {
    let mut out = String::new();
    write(v, 0, &mut out);
    out.push('\n');
    out
}

fn is_flat(v: &Value) -> bool {
    match v {
        Value::Array(a) => a.iter().all(is_scalar),
        Value::Object(m) => m.values().all(is_scalar),
        _ => true,
    }
}

fn is_scalar(v: &Value) -> bool {
    match v {
        Value::Array(a) => a.is_empty(),
        Value::Object(m) => m.is_empty(),
        _ => true,
    }
}

fn string(s: &str) -> String {
    serde_json::to_string(s).unwrap_or_else(|_| "\"\"".into())
}

fn write(v: &Value, depth: usize, out: &mut String) {
    let pad = "  ".repeat(depth + 1);
    let close = "  ".repeat(depth);
    match v {
        Value::Null => out.push_str("null"),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Number(n) => match (n.as_i64(), n.as_u64(), n.as_f64()) {
            (Some(i), _, _) => out.push_str(&i.to_string()),
            (_, Some(u), _) => out.push_str(&u.to_string()),
            (_, _, Some(f)) => out.push_str(&rigc_spine::num::f64_text(f)),
            _ => out.push_str("null"),
        },
        Value::String(s) => out.push_str(&string(s)),
        Value::Array(a) if a.is_empty() => out.push_str("[]"),
        Value::Object(m) if m.is_empty() => out.push_str("{}"),
        Value::Array(a) if is_flat(v) => {
            out.push('[');
            for (i, x) in a.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write(x, depth, out);
            }
            out.push(']');
        }
        Value::Object(m) if is_flat(v) => {
            out.push('{');
            for (i, (k, x)) in m.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                out.push_str(&string(k));
                out.push_str(": ");
                write(x, depth, out);
            }
            out.push('}');
        }
        Value::Array(a) => {
            out.push_str("[\n");
            for (i, x) in a.iter().enumerate() {
                out.push_str(&pad);
                write(x, depth + 1, out);
                out.push_str(if i + 1 < a.len() { ",\n" } else { "\n" });
            }
            out.push_str(&close);
            out.push(']');
        }
        Value::Object(m) => {
            out.push_str("{\n");
            for (i, (k, x)) in m.iter().enumerate() {
                out.push_str(&pad);
                out.push_str(&string(k));
                out.push_str(": ");
                write(x, depth + 1, out);
                out.push_str(if i + 1 < m.len() { ",\n" } else { "\n" });
            }
            out.push_str(&close);
            out.push('}');
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn layout_puts_flat_containers_on_one_line() {
        let v =
            json!({"a": [1, num(0.5), num(3.0)], "b": {"c": [{"x": 1, "s": "o"}, {}], "d": []}});
        assert_eq!(
            to_text(&v),
            "{\n  \"a\": [1, 0.5, 3],\n  \"b\": {\n    \"c\": [\n      {\"x\": 1, \"s\": \"o\"},\n      {}\n    ],\n    \"d\": []\n  }\n}\n"
        );
        let back: Value = serde_json::from_str(&to_text(&v)).unwrap();
        assert_eq!(back["a"][1], json!(0.5));
    }
}
