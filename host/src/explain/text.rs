//! This module owns how the report spells what it reads off the emitted
//! skeleton: a JSON value as written (numbers in the file's own spelling), a
//! field with its default, a name list, and fixed decimals.

use serde_json::Value;

/// A JSON value as the file spells it: a string unquoted, a number as
/// written, anything else as JSON.
pub fn value(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// `obj[key]` as the file spells it, or `default` when absent.
pub fn field(obj: &Value, key: &str, default: &str) -> String {
    obj.get(key).map_or_else(|| default.to_string(), value)
}

/// `obj[key]` as a number, or `default` when absent or not a number.
pub fn number(obj: &Value, key: &str, default: f64) -> f64 {
    obj.get(key).and_then(Value::as_f64).unwrap_or(default)
}

/// `obj[key]` as a string, when it is one.
pub fn string<'a>(obj: &'a Value, key: &str) -> Option<&'a str> {
    obj.get(key).and_then(Value::as_str)
}

/// The entries of an array, or none.
pub fn items(v: Option<&Value>) -> &[Value] {
    v.and_then(Value::as_array).map_or(&[], Vec::as_slice)
}

/// The entries of an object, in the file's order, or none.
pub fn entries(v: Option<&Value>) -> Vec<(&str, &Value)> {
    v.and_then(Value::as_object)
        .map(|o| o.iter().map(|(k, v)| (k.as_str(), v)).collect())
        .unwrap_or_default()
}

/// Serialises a figure that may not have been read: the value, or
/// `{"error": why}` (the JSON document's spelling of a `Result`).
pub fn ok_or_error<T: serde::Serialize, S: serde::Serializer>(
    r: &Result<T, String>,
    s: S,
) -> Result<S::Ok, S::Error> {
    use serde::Serialize;
    match r {
        Ok(v) => v.serialize(s),
        Err(why) => serde_json::json!({ "error": why }).serialize(s),
    }
}

/// `[a, b, c]`.
pub fn list<S: AsRef<str>>(names: &[S]) -> String {
    let names: Vec<&str> = names.iter().map(AsRef::as_ref).collect();
    format!("[{}]", names.join(", "))
}

/// `x` to `d` decimals (`-0` as `0`).
pub fn fixed(x: f64, d: usize) -> String {
    let s = format!("{x:.d$}");
    if s.trim_start_matches('-')
        .chars()
        .all(|c| c == '0' || c == '.')
    {
        s.trim_start_matches('-').to_string()
    } else {
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn values_are_spelled_as_the_file_writes_them() {
        let v = json!({ "a": 0.016666668, "s": "x", "n": null });
        assert_eq!(field(&v, "a", "0"), "0.016666668");
        assert_eq!(field(&v, "s", ""), "x");
        assert_eq!(field(&v, "missing", "0"), "0");
        assert_eq!(number(&v, "s", 1.0), 1.0);
        assert_eq!(list(&["a", "b"]), "[a, b]");
        assert_eq!(fixed(-0.0000001, 6), "0.000000");
        assert_eq!(fixed(0.6371744, 6), "0.637174");
        assert!(items(v.get("a")).is_empty() && entries(v.get("n")).is_empty());
    }
}
