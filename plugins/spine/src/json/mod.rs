//! JSON values as JavaScript sees them after `JSON.parse`: the parsed tree
//! ([`Json`]) and a borrowed view ([`Js`]) that answers the questions
//! spine-core's reader asks of it with JavaScript's semantics — property reads
//! that yield `undefined`, `.length` of arrays and strings, truthiness,
//! `ToNumber`, `for…in` key order, template-literal `ToString`, and the
//! `TypeError` thrown when reading a property of `undefined` or `null`.

mod parse;

pub use parse::{parse, MAX_DEPTH};

use std::collections::HashMap;

/// A parsed JSON value.
#[derive(Debug, Clone, PartialEq)]
pub enum Json {
    /// `null`.
    Null,
    /// `true` / `false`.
    Bool(bool),
    /// A number (a double, possibly infinite).
    Num(f64),
    /// A string.
    Str(String),
    /// An array.
    Arr(Vec<Json>),
    /// An object.
    Obj(JsonObject),
}

/// A JSON object with JavaScript's own-property order: array-index keys first in
/// ascending order, then the other keys in first-insertion order; a repeated key
/// keeps its first position and its last value (as `JSON.parse` does).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct JsonObject {
    entries: Vec<(String, Json)>,
    index: HashMap<String, usize>,
}

impl JsonObject {
    fn insert(&mut self, key: String, value: Json) {
        if let Some(&i) = self.index.get(&key) {
            self.entries[i].1 = value;
        } else {
            self.index.insert(key.clone(), self.entries.len());
            self.entries.push((key, value));
        }
    }

    fn finish(&mut self) {
        if self.entries.iter().any(|(k, _)| array_index(k).is_some()) {
            self.entries.sort_by_key(|(k, _)| match array_index(k) {
                Some(i) => (0, i),
                None => (1, 0),
            });
            self.index = self
                .entries
                .iter()
                .enumerate()
                .map(|(i, (k, _))| (k.clone(), i))
                .collect();
        }
    }

    /// The own property `key`.
    pub fn get(&self, key: &str) -> Option<&Json> {
        self.index.get(key).map(|&i| &self.entries[i].1)
    }

    /// Own properties in `for…in` order.
    pub fn entries(&self) -> impl Iterator<Item = (&str, &Json)> {
        self.entries.iter().map(|(k, v)| (k.as_str(), v))
    }

    /// Number of own properties.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// True when the object has no properties.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

/// The canonical array index a key denotes (`"0"`, `"17"`; not `"01"`).
fn array_index(k: &str) -> Option<u32> {
    if k.is_empty() || (k.len() > 1 && k.starts_with('0')) || !k.bytes().all(|b| b.is_ascii_digit())
    {
        return None;
    }
    k.parse::<u32>().ok().filter(|&i| i != u32::MAX)
}

/// The `TypeError` JavaScript throws when spine-core reads a property of
/// `undefined` or `null`.
#[derive(Debug, Clone, PartialEq)]
pub struct TypeError(pub String);

/// A borrowed JavaScript value: a JSON value or `undefined`.
#[derive(Debug, Clone, Copy)]
pub enum Js<'a> {
    /// `undefined`.
    Undef,
    /// A JSON value.
    Val(&'a Json),
    /// A one-character string produced by indexing a string.
    Char(char),
    /// A number produced by `.length`.
    Len(usize),
    /// A built-in member inherited from a prototype (`[].keys`,
    /// `{}.constructor`, `"".trim`): truthy, not a string, not iterable.
    Builtin(&'static str),
}

impl<'a> Js<'a> {
    /// The view of a JSON value.
    pub fn of(v: &'a Json) -> Js<'a> {
        Js::Val(v)
    }

    /// `undefined`?
    pub fn is_undef(self) -> bool {
        matches!(self, Js::Undef)
    }

    /// `null` or `undefined` (`x == null`).
    pub fn is_nullish(self) -> bool {
        matches!(self, Js::Undef | Js::Val(Json::Null))
    }

    /// `v[key]` (`v.key`), throwing like JavaScript on `undefined`/`null`.
    pub fn get(self, key: &str) -> Result<Js<'a>, TypeError> {
        let own = self.get_own(key)?;
        if !own.is_undef() {
            return Ok(own);
        }
        let table: &[&'static str] = match self {
            Js::Val(Json::Arr(_)) => ARRAY_PROTO,
            Js::Val(Json::Str(_)) | Js::Char(_) => STRING_PROTO,
            Js::Val(Json::Num(_)) | Js::Len(_) => NUMBER_PROTO,
            _ => &[],
        };
        Ok(table
            .iter()
            .chain(OBJECT_PROTO)
            .find(|m| **m == key)
            .map_or(Js::Undef, |m| Js::Builtin(m)))
    }

    fn get_own(self, key: &str) -> Result<Js<'a>, TypeError> {
        match self {
            Js::Undef => Err(read_error("undefined", key)),
            Js::Val(Json::Null) => Err(read_error("null", key)),
            Js::Val(Json::Obj(o)) => Ok(o.get(key).map_or(Js::Undef, Js::Val)),
            Js::Val(Json::Arr(a)) => Ok(if key == "length" {
                Js::Len(a.len())
            } else {
                match array_index(key) {
                    Some(i) => a.get(i as usize).map_or(Js::Undef, Js::Val),
                    None => Js::Undef,
                }
            }),
            Js::Val(Json::Str(s)) => Ok(str_prop(s, key)),
            Js::Char(c) => Ok(match key {
                "length" => Js::Len(c.len_utf16()),
                "0" => Js::Char(c),
                _ => Js::Undef,
            }),
            _ => Ok(Js::Undef),
        }
    }

    /// `v[i]`.
    pub fn at(self, i: usize) -> Result<Js<'a>, TypeError> {
        match self {
            Js::Val(Json::Arr(a)) => Ok(a.get(i).map_or(Js::Undef, Js::Val)),
            _ => self.get(&i.to_string()),
        }
    }

    /// `v.length` as a number, or `None` when it is `undefined`.
    pub fn length(self) -> Result<Option<usize>, TypeError> {
        Ok(match self.get("length")? {
            Js::Len(n) => Some(n),
            Js::Val(Json::Num(n)) if *n >= 0.0 && n.fract() == 0.0 => Some(*n as usize),
            _ => None,
        })
    }

    /// `v.length` as JavaScript would use it in `i < v.length`: `NaN` for
    /// `undefined`.
    pub fn length_num(self) -> Result<f64, TypeError> {
        Ok(self.get("length")?.num())
    }

    /// JavaScript truthiness.
    pub fn truthy(self) -> bool {
        match self {
            Js::Undef | Js::Val(Json::Null) => false,
            Js::Val(Json::Bool(b)) => *b,
            Js::Val(Json::Num(n)) => *n != 0.0 && !n.is_nan(),
            Js::Val(Json::Str(s)) => !s.is_empty(),
            Js::Len(n) => n != 0,
            _ => true,
        }
    }

    /// `ToNumber(v)` (what `v * 1` computes).
    pub fn num(self) -> f64 {
        match self {
            Js::Undef => f64::NAN,
            Js::Val(Json::Null) => 0.0,
            Js::Val(Json::Bool(b)) => f64::from(u8::from(*b)),
            Js::Val(Json::Num(n)) => *n,
            Js::Val(Json::Str(s)) => string_to_number(s),
            Js::Char(c) => string_to_number(&c.to_string()),
            Js::Len(n) => n as f64,
            Js::Val(Json::Arr(_)) => string_to_number(&self.to_js_string()),
            Js::Val(Json::Obj(_)) | Js::Builtin(_) => f64::NAN,
        }
    }

    /// Is this a JSON number (no coercion needed)?
    pub fn is_num(self) -> bool {
        matches!(self, Js::Val(Json::Num(_)) | Js::Len(_))
    }

    /// The string, if this is a string.
    pub fn as_str(self) -> Option<&'a str> {
        match self {
            Js::Val(Json::Str(s)) => Some(s),
            _ => None,
        }
    }

    /// A string or a one-character string from indexing.
    pub fn string(self) -> Option<String> {
        match self {
            Js::Val(Json::Str(s)) => Some(s.clone()),
            Js::Char(c) => Some(c.to_string()),
            _ => None,
        }
    }

    /// Is this a JSON object?
    pub fn as_obj(self) -> Option<&'a JsonObject> {
        match self {
            Js::Val(Json::Obj(o)) => Some(o),
            _ => None,
        }
    }

    /// The array, if this is an array.
    pub fn as_arr(self) -> Option<&'a [Json]> {
        match self {
            Js::Val(Json::Arr(a)) => Some(a),
            _ => None,
        }
    }

    /// `for (const k in v)`: own enumerable keys with their values.
    pub fn for_in(self) -> Vec<(String, Js<'a>)> {
        match self {
            Js::Val(Json::Obj(o)) => o
                .entries()
                .map(|(k, v)| (k.to_string(), Js::Val(v)))
                .collect(),
            Js::Val(Json::Arr(a)) => a
                .iter()
                .enumerate()
                .map(|(i, v)| (i.to_string(), Js::Val(v)))
                .collect(),
            Js::Val(Json::Str(s)) => s
                .chars()
                .enumerate()
                .map(|(i, c)| (i.to_string(), Js::Char(c)))
                .collect(),
            Js::Char(c) => vec![("0".to_string(), Js::Char(c))],
            _ => Vec::new(),
        }
    }

    /// `for (const x of v)` over an array; `None` when `v` is not iterable the
    /// way spine-core uses it (JavaScript throws `v is not iterable`).
    pub fn for_of(self) -> Option<Vec<Js<'a>>> {
        match self {
            Js::Val(Json::Arr(a)) => Some(a.iter().map(Js::Val).collect()),
            Js::Val(Json::Str(s)) => Some(s.chars().map(Js::Char).collect()),
            Js::Char(c) => Some(vec![Js::Char(c)]),
            _ => None,
        }
    }

    /// `String(v)`, as a template literal prints it.
    pub fn to_js_string(self) -> String {
        match self {
            Js::Undef => "undefined".into(),
            Js::Val(Json::Null) => "null".into(),
            Js::Val(Json::Bool(b)) => b.to_string(),
            Js::Val(Json::Num(n)) => js_number_string(*n),
            Js::Val(Json::Str(s)) => s.clone(),
            Js::Char(c) => c.to_string(),
            Js::Len(n) => n.to_string(),
            Js::Builtin("__proto__") => "[object Object]".into(),
            Js::Builtin(name) => format!("function {name}() {{ [native code] }}"),
            Js::Val(Json::Arr(a)) => a
                .iter()
                .map(|v| match v {
                    Json::Null => String::new(),
                    v => Js::Val(v).to_js_string(),
                })
                .collect::<Vec<_>>()
                .join(","),
            Js::Val(Json::Obj(_)) => "[object Object]".into(),
        }
    }

    /// Short name of the JavaScript type, for findings.
    pub fn type_name(self) -> &'static str {
        match self {
            Js::Undef => "undefined",
            Js::Val(Json::Null) => "null",
            Js::Val(Json::Bool(_)) => "boolean",
            Js::Val(Json::Num(_)) | Js::Len(_) => "number",
            Js::Val(Json::Str(_)) | Js::Char(_) => "string",
            Js::Val(Json::Arr(_)) => "array",
            Js::Val(Json::Obj(_)) => "object",
            Js::Builtin(_) => "function",
        }
    }
}

fn str_prop<'a>(s: &'a str, key: &str) -> Js<'a> {
    if key == "length" {
        return Js::Len(s.encode_utf16().count());
    }
    match array_index(key) {
        Some(i) => s.chars().nth(i as usize).map_or(Js::Undef, Js::Char),
        None => Js::Undef,
    }
}

fn read_error(what: &str, key: &str) -> TypeError {
    TypeError(format!(
        "Cannot read properties of {what} (reading '{key}')"
    ))
}

/// Members every object inherits from `Object.prototype`.
pub const OBJECT_PROTO: &[&str] = &[
    "constructor",
    "hasOwnProperty",
    "isPrototypeOf",
    "propertyIsEnumerable",
    "toLocaleString",
    "toString",
    "valueOf",
    "__defineGetter__",
    "__defineSetter__",
    "__lookupGetter__",
    "__lookupSetter__",
    "__proto__",
];

/// `Array.prototype` methods (Node 20).
const ARRAY_PROTO: &[&str] = &[
    "at",
    "concat",
    "copyWithin",
    "entries",
    "every",
    "fill",
    "filter",
    "find",
    "findIndex",
    "findLast",
    "findLastIndex",
    "flat",
    "flatMap",
    "forEach",
    "includes",
    "indexOf",
    "join",
    "keys",
    "lastIndexOf",
    "map",
    "pop",
    "push",
    "reduce",
    "reduceRight",
    "reverse",
    "shift",
    "slice",
    "some",
    "sort",
    "splice",
    "toReversed",
    "toSorted",
    "toSpliced",
    "unshift",
    "values",
    "with",
];

/// `String.prototype` methods (Node 20).
const STRING_PROTO: &[&str] = &[
    "anchor",
    "at",
    "big",
    "blink",
    "bold",
    "charAt",
    "charCodeAt",
    "codePointAt",
    "concat",
    "endsWith",
    "fontcolor",
    "fontsize",
    "fixed",
    "includes",
    "indexOf",
    "isWellFormed",
    "italics",
    "lastIndexOf",
    "link",
    "localeCompare",
    "match",
    "matchAll",
    "normalize",
    "padEnd",
    "padStart",
    "repeat",
    "replace",
    "replaceAll",
    "search",
    "slice",
    "small",
    "split",
    "strike",
    "sub",
    "substr",
    "substring",
    "sup",
    "startsWith",
    "toLocaleLowerCase",
    "toLocaleUpperCase",
    "toLowerCase",
    "toUpperCase",
    "toWellFormed",
    "trim",
    "trimStart",
    "trimLeft",
    "trimEnd",
    "trimRight",
];

/// `Number.prototype` methods.
const NUMBER_PROTO: &[&str] = &["toExponential", "toFixed", "toPrecision"];

/// JavaScript's `StringToNumber`.
pub fn string_to_number(s: &str) -> f64 {
    let t = s.trim_matches(|c: char| c.is_whitespace() || c == '\u{feff}');
    if t.is_empty() {
        return 0.0;
    }
    let (radix, digits) = match t.get(..2) {
        Some("0x") | Some("0X") => (16, &t[2..]),
        Some("0o") | Some("0O") => (8, &t[2..]),
        Some("0b") | Some("0B") => (2, &t[2..]),
        _ => (10, t),
    };
    if radix != 10 {
        if digits.is_empty() {
            return f64::NAN;
        }
        let mut v = 0.0f64;
        for c in digits.chars() {
            match c.to_digit(radix) {
                Some(d) => v = v * f64::from(radix) + f64::from(d),
                None => return f64::NAN,
            }
        }
        return v;
    }
    match t {
        "Infinity" | "+Infinity" => return f64::INFINITY,
        "-Infinity" => return f64::NEG_INFINITY,
        _ => {}
    }
    let ok = t
        .bytes()
        .all(|b| b.is_ascii_digit() || matches!(b, b'.' | b'e' | b'E' | b'+' | b'-'));
    if !ok {
        return f64::NAN;
    }
    t.parse::<f64>().unwrap_or(f64::NAN)
}

/// JavaScript's `Number.prototype.toString()` for a double.
pub fn js_number_string(n: f64) -> String {
    if n.is_nan() {
        return "NaN".into();
    }
    if n.is_infinite() {
        return if n > 0.0 { "Infinity" } else { "-Infinity" }.into();
    }
    if n == 0.0 {
        return "0".into();
    }
    // Shortest round-trip digits and exponent, then JavaScript's layout.
    let sci = format!("{:e}", n.abs());
    let (mantissa, exp) = sci.split_once('e').unwrap_or((&sci, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    let digits: String = mantissa.chars().filter(|c| *c != '.').collect();
    let k = digits.len() as i32;
    let e = exp + 1; // position of the decimal point
    let sign = if n < 0.0 { "-" } else { "" };
    let body = if k <= e && e <= 21 {
        format!("{digits}{}", "0".repeat((e - k) as usize))
    } else if 0 < e && e <= 21 {
        format!("{}.{}", &digits[..e as usize], &digits[e as usize..])
    } else if -6 < e && e <= 0 {
        format!("0.{}{digits}", "0".repeat((-e) as usize))
    } else {
        let m = if k == 1 {
            digits.clone()
        } else {
            format!("{}.{}", &digits[..1], &digits[1..])
        };
        let es = e - 1;
        format!("{m}e{}{}", if es >= 0 { "+" } else { "-" }, es.abs())
    };
    format!("{sign}{body}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn number_strings() {
        assert_eq!(js_number_string(1.0), "1");
        assert_eq!(js_number_string(-0.5), "-0.5");
        assert_eq!(js_number_string(1e21), "1e+21");
        assert_eq!(js_number_string(123456.0), "123456");
        assert_eq!(js_number_string(1e-7), "1e-7");
        assert_eq!(js_number_string(0.000001), "0.000001");
        assert_eq!(js_number_string(1.5e300), "1.5e+300");
    }

    #[test]
    fn key_order_and_coercions() {
        let v = parse(r#"{"b":1,"2":2,"a":3,"1":4,"b":5}"#).unwrap_or(Json::Null);
        let keys: Vec<String> = Js::of(&v).for_in().into_iter().map(|(k, _)| k).collect();
        assert_eq!(keys, ["1", "2", "b", "a"]);
        assert_eq!(Js::of(&v).get("b").map(|x| x.num()).ok(), Some(5.0));
        assert_eq!(string_to_number(" 0x1f "), 31.0);
        assert!(string_to_number("1px").is_nan());
        let u = Js::Undef;
        assert_eq!(
            u.get("length").err(),
            Some(TypeError(
                "Cannot read properties of undefined (reading 'length')".into()
            ))
        );
    }
}
