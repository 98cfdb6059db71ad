//! This module owns the JSON text layout rigc writes: `JSON.stringify(value, null, 2)`
//! plus a newline, with every float spelled as the shortest float32 decimal — and
//! the one rule that keeps a number from being written as `null`: a number a
//! float32 cannot hold (beyond ±3.4028235e38, NaN, an infinity) never becomes
//! JSON ([`num`] refuses it, naming where it would have gone, and the writer
//! refuses any that reaches it).

use serde::Serialize;
use serde_json::ser::{Formatter, PrettyFormatter};
use serde_json::Value;
use std::cell::Cell;
use std::fmt;
use std::io;

/// A number the writer cannot write as a float32 (not finite, or beyond
/// float32's range), and where it would have been written.
#[derive(Debug, Clone, PartialEq)]
pub struct Unwritable {
    /// The number.
    pub value: f64,
    /// The JSON pointer's segments, innermost first (they are added on the way
    /// out of the writer's recursion).
    inner_first: Vec<String>,
}

impl Unwritable {
    /// The refusal of `value`, not yet placed.
    pub fn new(value: f64) -> Self {
        Unwritable {
            value,
            inner_first: Vec::new(),
        }
    }

    /// The same refusal one level further out: `segment` is the key or index
    /// of the value that holds it.
    pub fn within(mut self, segment: impl fmt::Display) -> Self {
        self.inner_first.push(segment.to_string());
        self
    }

    /// The RFC 6901 pointer of where the number would have been written
    /// (`/bones/3/x`; empty when it was not placed).
    pub fn pointer(&self) -> String {
        self.inner_first
            .iter()
            .rev()
            .map(|s| format!("/{}", s.replace('~', "~0").replace('/', "~1")))
            .collect()
    }
}

impl fmt::Display for Unwritable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = if self.value.is_nan() {
            "NaN".to_string()
        } else if self.value.is_infinite() {
            format!("{}Infinity", if self.value < 0.0 { "-" } else { "" })
        } else {
            crate::num::f64_text(self.value)
        };
        let at = match self.pointer() {
            p if p.is_empty() => String::new(),
            p => format!(" at {p}"),
        };
        write!(
            f,
            "the number {text}{at} is not one a float32 holds (at most ±3.4028235e38, no NaN or infinity), so JSON could spell it only as null"
        )
    }
}

impl std::error::Error for Unwritable {}

/// A JSON number for a float a float32 can hold, or the refusal of one it
/// cannot.
pub fn num(x: f64) -> Result<Value, Unwritable> {
    if !(x as f32).is_finite() {
        return Err(Unwritable::new(x));
    }
    serde_json::Number::from_f64(x)
        .map(Value::Number)
        .ok_or_else(|| Unwritable::new(x))
}

/// A `serde_json` formatter: two-space pretty layout (as `JSON.stringify(v, null, 2)`),
/// floats as the shortest decimal that round-trips to the same float32; a float
/// a float32 cannot hold is an error, never `null`.
struct SpineFormatter<'a> {
    pretty: PrettyFormatter<'a>,
    /// The float refused, when one was.
    refused: &'a Cell<Option<f64>>,
}

macro_rules! delegate {
    ($($name:ident($($arg:ident: $ty:ty),*);)*) => {
        $(fn $name<W: ?Sized + io::Write>(&mut self, w: &mut W $(, $arg: $ty)*) -> io::Result<()> {
            self.pretty.$name(w $(, $arg)*)
        })*
    };
}

impl SpineFormatter<'_> {
    fn float<W: ?Sized + io::Write>(&mut self, w: &mut W, value: f64) -> io::Result<()> {
        if !(value as f32).is_finite() {
            // `num` refuses every such number before a value is built, so none
            // reaches the writer; if one does, it is refused here too.
            debug_assert!(
                false,
                "{value} reached the skeleton.json writer; numbers are made by json_text::num"
            );
            self.refused.set(Some(value));
            return Err(io::Error::new(
                io::ErrorKind::InvalidData,
                Unwritable::new(value),
            ));
        }
        w.write_all(crate::num::f32_text(value).as_bytes())
    }
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
        self.float(w, value)
    }

    fn write_f32<W: ?Sized + io::Write>(&mut self, w: &mut W, value: f32) -> io::Result<()> {
        self.float(w, value as f64)
    }
}

/// Serialises `value` in rigc's JSON layout, with a trailing newline. A JSON
/// value holds no NaN or infinity; a float beyond float32's range is refused
/// (in a debug build it is a defect of the caller, which should have made its
/// numbers with [`num`], and asserts).
pub fn to_text(value: &Value) -> Result<String, Unwritable> {
    let mut out = Vec::new();
    let refused = Cell::new(None);
    let formatter = SpineFormatter {
        pretty: PrettyFormatter::with_indent(b"  "),
        refused: &refused,
    };
    let mut ser = serde_json::Serializer::with_formatter(&mut out, formatter);
    let written = value.serialize(&mut ser);
    if let Some(refused) = refused.get() {
        return Err(Unwritable::new(refused));
    }
    // A `serde_json::Value` written into a Vec fails only by the refusal above:
    // no IO error is possible and its map keys are strings.
    if written.is_err() {
        return Err(Unwritable::new(f64::NAN));
    }
    out.push(b'\n');
    Ok(String::from_utf8_lossy(&out).into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn layout_is_json_stringify_with_two_spaces() {
        let v = json!({"a": [1, num(0.05).expect("a float32")], "b": {}, "c": [], "d": "x\"y"});
        assert_eq!(
            to_text(&v).expect("written"),
            "{\n  \"a\": [\n    1,\n    0.05\n  ],\n  \"b\": {},\n  \"c\": [],\n  \"d\": \"x\\\"y\"\n}\n"
        );
        assert_eq!(
            to_text(&num(1.0 / 60.0).expect("a float32")).expect("written"),
            "0.016666668\n"
        );
    }

    #[test]
    fn a_number_a_float32_cannot_hold_is_refused_not_written_as_null() {
        for x in [
            1e39,
            3.5e38,
            -1e39,
            f64::MAX,
            f64::NAN,
            f64::INFINITY,
            f64::NEG_INFINITY,
        ] {
            let e = num(x).expect_err("refused");
            assert!(e.value.to_bits() == x.to_bits());
        }
        // The largest float32 and the denormals are float32s.
        for x in [3.4028234e38, -3.4028234e38, 1e-40, -1e-45, 0.0] {
            assert!(num(x).is_ok(), "{x} refused");
        }
        assert_eq!(
            to_text(&num(1e-40).expect("a float32")).expect("written"),
            "1e-40\n"
        );
        let placed = Unwritable::new(1e39).within("x").within(3).within("a/b");
        assert_eq!(placed.pointer(), "/a~1b/3/x");
        assert!(placed
            .to_string()
            .starts_with("the number 1e+39 at /a~1b/3/x is not one a float32 holds"));
    }

    /// A number `num` would refuse, handed to the writer anyway: a debug
    /// build asserts, a release build refuses — neither writes `null`.
    #[test]
    #[cfg_attr(
        debug_assertions,
        should_panic(expected = "reached the skeleton.json writer")
    )]
    fn the_writer_refuses_what_num_would() {
        let v = json!({ "x": 1e39 });
        assert_eq!(to_text(&v), Err(Unwritable::new(1e39)));
    }
}
