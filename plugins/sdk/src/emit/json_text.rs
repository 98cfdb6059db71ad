//! This module owns the JSON text layout rigc writes: `JSON.stringify(value, null, 2)`
//! plus a newline, with every float spelled as the shortest float32 decimal.

use serde::Serialize;
use serde_json::ser::{Formatter, PrettyFormatter};
use std::io;

/// A `serde_json` formatter: two-space pretty layout (as `JSON.stringify(v, null, 2)`),
/// floats as the shortest decimal that round-trips to the same float32.
pub struct SpineFormatter<'a> {
    pretty: PrettyFormatter<'a>,
}

impl Default for SpineFormatter<'_> {
    fn default() -> Self {
        SpineFormatter {
            pretty: PrettyFormatter::with_indent(b"  "),
        }
    }
}

macro_rules! delegate {
    ($($name:ident($($arg:ident: $ty:ty),*);)*) => {
        $(fn $name<W: ?Sized + io::Write>(&mut self, w: &mut W $(, $arg: $ty)*) -> io::Result<()> {
            self.pretty.$name(w $(, $arg)*)
        })*
    };
}

impl Formatter for SpineFormatter<'_> {
    delegate! {
        begin_array();
        end_array();
        begin_array_value(first: bool);
        end_array_value();
        begin_object();
        end_object();
        begin_object_key(first: bool);
        end_object_key();
        begin_object_value();
        end_object_value();
    }

    fn write_f64<W: ?Sized + io::Write>(&mut self, w: &mut W, value: f64) -> io::Result<()> {
        w.write_all(crate::num::f32_text(value).as_bytes())
    }

    fn write_f32<W: ?Sized + io::Write>(&mut self, w: &mut W, value: f32) -> io::Result<()> {
        w.write_all(crate::num::f32_text(value as f64).as_bytes())
    }
}

/// Serialises `value` in rigc's JSON layout, with a trailing newline.
pub fn to_text<T: Serialize + ?Sized>(value: &T) -> String {
    let mut out = Vec::new();
    let mut ser = serde_json::Serializer::with_formatter(&mut out, SpineFormatter::default());
    // Serialising an in-memory value into a Vec cannot fail: no IO error is possible
    // and serde_json::Value has no non-string map keys.
    if value.serialize(&mut ser).is_err() {
        return "null\n".to_string();
    }
    out.push(b'\n');
    String::from_utf8(out).unwrap_or_default()
}

/// A JSON number for a float, or `null` when it is not finite.
pub fn num(x: f64) -> serde_json::Value {
    serde_json::Number::from_f64(x)
        .map(serde_json::Value::Number)
        .unwrap_or(serde_json::Value::Null)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn layout_is_json_stringify_with_two_spaces() {
        let v = json!({"a": [1, num(0.05)], "b": {}, "c": [], "d": "x\"y"});
        assert_eq!(
            to_text(&v),
            "{\n  \"a\": [\n    1,\n    0.05\n  ],\n  \"b\": {},\n  \"c\": [],\n  \"d\": \"x\\\"y\"\n}\n"
        );
        assert_eq!(to_text(&num(1.0 / 60.0)), "0.016666668\n");
    }
}
