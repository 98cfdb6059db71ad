//! A JSON value that keeps numbers as doubles (`NaN` and the infinities
//! included) and prints them as JavaScript prints them, in the layout of the
//! oracle's `stringify` (indented: arrays of plain values and small flat
//! objects on one line) or compact.

use crate::num::f64_text;

/// A JSON value of the pose document.
#[derive(Debug, Clone, PartialEq)]
pub enum Out {
    /// `null`.
    Null,
    /// A boolean.
    Bool(bool),
    /// A number (non-finite ones print as the strings `"NaN"`, `"Infinity"`, `"-Infinity"`).
    Num(f64),
    /// A string.
    Str(String),
    /// An array.
    Arr(Vec<Out>),
    /// An object, keys in insertion order.
    Obj(Vec<(String, Out)>),
}

impl From<f64> for Out {
    fn from(v: f64) -> Out {
        Out::Num(v)
    }
}

impl From<bool> for Out {
    fn from(v: bool) -> Out {
        Out::Bool(v)
    }
}

impl From<&str> for Out {
    fn from(v: &str) -> Out {
        Out::Str(v.to_string())
    }
}

impl<T: Into<Out>> From<Option<T>> for Out {
    fn from(v: Option<T>) -> Out {
        v.map_or(Out::Null, Into::into)
    }
}

/// An object from `(key, value)` pairs.
pub fn obj(pairs: Vec<(&str, Out)>) -> Out {
    Out::Obj(pairs.into_iter().map(|(k, v)| (k.to_string(), v)).collect())
}

/// An array of numbers.
pub fn nums<I: IntoIterator<Item = f64>>(v: I) -> Out {
    Out::Arr(v.into_iter().map(Out::Num).collect())
}

fn plain(v: &Out) -> bool {
    !matches!(v, Out::Arr(_) | Out::Obj(_))
}

fn scalar(v: &Out, s: &mut String) {
    match v {
        Out::Null => s.push_str("null"),
        Out::Bool(b) => s.push_str(if *b { "true" } else { "false" }),
        Out::Num(x) if x.is_nan() => s.push_str("\"NaN\""),
        Out::Num(x) if x.is_infinite() => s.push_str(if *x > 0.0 {
            "\"Infinity\""
        } else {
            "\"-Infinity\""
        }),
        Out::Num(x) => s.push_str(&f64_text(*x)),
        Out::Str(t) => s.push_str(&serde_json::to_string(t).unwrap_or_else(|_| "\"\"".into())),
        Out::Arr(_) | Out::Obj(_) => {}
    }
}

impl Out {
    /// The compact form (one line).
    pub fn compact(&self) -> String {
        let mut s = String::new();
        self.write_compact(&mut s);
        s
    }

    fn write_compact(&self, s: &mut String) {
        match self {
            Out::Arr(a) => {
                s.push('[');
                for (i, v) in a.iter().enumerate() {
                    if i > 0 {
                        s.push(',');
                    }
                    v.write_compact(s);
                }
                s.push(']');
            }
            Out::Obj(o) => {
                s.push('{');
                for (i, (k, v)) in o.iter().enumerate() {
                    if i > 0 {
                        s.push(',');
                    }
                    scalar(&Out::Str(k.clone()), s);
                    s.push(':');
                    v.write_compact(s);
                }
                s.push('}');
            }
            v => scalar(v, s),
        }
    }

    /// The indented form of the oracle's `stringify`.
    pub fn pretty(&self) -> String {
        let mut s = String::new();
        self.write_pretty(0, &mut s);
        s
    }

    fn write_pretty(&self, indent: usize, s: &mut String) {
        let pad = "  ".repeat(indent + 1);
        let end = "  ".repeat(indent);
        match self {
            Out::Arr(a) if a.is_empty() => s.push_str("[]"),
            Out::Arr(a) if a.iter().all(plain) => {
                s.push('[');
                for (i, v) in a.iter().enumerate() {
                    if i > 0 {
                        s.push_str(", ");
                    }
                    scalar(v, s);
                }
                s.push(']');
            }
            Out::Arr(a) => {
                s.push_str("[\n");
                for (i, v) in a.iter().enumerate() {
                    s.push_str(&pad);
                    v.write_pretty(indent + 1, s);
                    s.push_str(if i + 1 < a.len() { ",\n" } else { "\n" });
                }
                s.push_str(&end);
                s.push(']');
            }
            Out::Obj(o) if o.is_empty() => s.push_str("{}"),
            Out::Obj(o) if o.len() <= 10 && o.iter().all(|(_, v)| plain(v)) => {
                s.push('{');
                for (i, (k, v)) in o.iter().enumerate() {
                    if i > 0 {
                        s.push_str(", ");
                    }
                    scalar(&Out::Str(k.clone()), s);
                    s.push_str(": ");
                    scalar(v, s);
                }
                s.push('}');
            }
            Out::Obj(o) => {
                s.push_str("{\n");
                for (i, (k, v)) in o.iter().enumerate() {
                    s.push_str(&pad);
                    scalar(&Out::Str(k.clone()), s);
                    s.push_str(": ");
                    v.write_pretty(indent + 1, s);
                    s.push_str(if i + 1 < o.len() { ",\n" } else { "\n" });
                }
                s.push_str(&end);
                s.push('}');
            }
            v => scalar(v, s),
        }
    }
}
