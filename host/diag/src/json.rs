//! This module owns rigc's JSON reader: strict RFC 8259 JSON parsed into a tree
//! that keeps the byte span of every value and key, and the order of object
//! members, so a refusal can name the JSON pointer and line:column of what it
//! refuses.
//!
//! It is hand-written rather than built on `serde_json` because no maintained
//! crate gives spans for every value *and* refuses duplicate keys by position;
//! it is fuzzed by the test suite (any input: an `Ok` tree or a located error,
//! never a panic, never unbounded recursion).

use crate::source::Span;

/// How deep arrays and objects may nest before the reader refuses the file.
pub const MAX_DEPTH: usize = 256;

/// A JSON value with its span.
#[derive(Debug, Clone, PartialEq)]
pub struct Json {
    /// The value.
    pub value: Value,
    /// Where it is in the text.
    pub span: Span,
}

/// A JSON value.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    /// `null`.
    Null,
    /// `true` / `false`.
    Bool(bool),
    /// A number (always finite: an overflowing literal is refused).
    Number(f64),
    /// A string.
    String(String),
    /// An array.
    Array(Vec<Json>),
    /// An object, members in source order (keys are unique).
    Object(Vec<Member>),
}

/// One member of an object.
#[derive(Debug, Clone, PartialEq)]
pub struct Member {
    /// The key.
    pub key: String,
    /// The key's span (quotes included).
    pub key_span: Span,
    /// The value.
    pub value: Json,
}

/// A syntax error: what was wrong and the byte offset where it was noticed.
#[derive(Debug, Clone, PartialEq)]
pub struct SyntaxError {
    /// What is wrong, in words.
    pub message: String,
    /// Byte offset.
    pub offset: usize,
    /// Where the first of two equal keys is, for a duplicate key.
    pub first: Option<Span>,
}

impl Json {
    /// Describes the value the way refusals name it: `null`, `an array of 3`,
    /// `the string "x"`, the number or boolean itself, `an object`.
    pub fn describe(&self) -> String {
        match &self.value {
            Value::Null => "null".into(),
            Value::Bool(b) => b.to_string(),
            Value::Number(n) => rigc_spine::num::f64_text(*n),
            Value::String(s) => format!("the string {}", quote(s)),
            Value::Array(a) => format!("an array of {}", a.len()),
            Value::Object(_) => "an object".into(),
        }
    }

    /// The member named `key`, if this is an object that has it.
    pub fn get(&self, key: &str) -> Option<&Json> {
        match &self.value {
            Value::Object(m) => m.iter().find(|m| m.key == key).map(|m| &m.value),
            _ => None,
        }
    }
}

/// A string as JSON text (`"a\"b"`).
pub fn quote(s: &str) -> String {
    serde_json::to_string(s).unwrap_or_else(|_| format!("\"{s}\""))
}

/// Parses a whole JSON document.
pub fn parse(text: &str) -> Result<Json, SyntaxError> {
    let mut p = Parser {
        s: text.as_bytes(),
        text,
        i: 0,
    };
    if text.starts_with('\u{feff}') {
        p.i = 3;
    }
    p.ws();
    if p.i >= p.s.len() {
        return Err(p.err("the file holds no JSON value (it is empty)"));
    }
    let v = p.value(0)?;
    p.ws();
    if p.i < p.s.len() {
        return Err(p.err("unexpected text after the JSON value"));
    }
    Ok(v)
}

struct Parser<'a> {
    s: &'a [u8],
    text: &'a str,
    i: usize,
}

impl Parser<'_> {
    fn err(&self, message: impl Into<String>) -> SyntaxError {
        SyntaxError {
            message: message.into(),
            offset: self.i,
            first: None,
        }
    }

    fn peek(&self) -> Option<u8> {
        self.s.get(self.i).copied()
    }

    fn ws(&mut self) {
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = self.peek() {
            self.i += 1;
        }
    }

    fn found(&self) -> String {
        match self.text.get(self.i..).and_then(|r| r.chars().next()) {
            None => "the end of the file".into(),
            Some(c) => format!("{c:?}"),
        }
    }

    fn value(&mut self, depth: usize) -> Result<Json, SyntaxError> {
        let start = self.i;
        let value = match self.peek() {
            None => return Err(self.err("expected a value, found the end of the file")),
            Some(b'{') => self.object(depth)?,
            Some(b'[') => self.array(depth)?,
            Some(b'"') => Value::String(self.string()?),
            Some(b't') => self.word("true", Value::Bool(true))?,
            Some(b'f') => self.word("false", Value::Bool(false))?,
            Some(b'n') => self.word("null", Value::Null)?,
            Some(b'-' | b'0'..=b'9') => self.number()?,
            Some(_) => {
                let found = self.found();
                return Err(self.err(format!("expected a value, found {found}")));
            }
        };
        Ok(Json {
            value,
            span: Span { start, end: self.i },
        })
    }

    fn word(&mut self, w: &str, v: Value) -> Result<Value, SyntaxError> {
        if self.s[self.i..].starts_with(w.as_bytes()) {
            self.i += w.len();
            Ok(v)
        } else {
            Err(self.err(format!("expected a value, found {}", self.found())))
        }
    }

    fn nest(&self, depth: usize) -> Result<(), SyntaxError> {
        if depth >= MAX_DEPTH {
            Err(self.err(format!(
                "arrays and objects nest deeper than {MAX_DEPTH} levels"
            )))
        } else {
            Ok(())
        }
    }

    fn object(&mut self, depth: usize) -> Result<Value, SyntaxError> {
        self.nest(depth)?;
        self.i += 1;
        let mut members: Vec<Member> = Vec::new();
        self.ws();
        if self.peek() == Some(b'}') {
            self.i += 1;
            return Ok(Value::Object(members));
        }
        loop {
            self.ws();
            if self.peek() != Some(b'"') {
                let found = self.found();
                let what = if self.peek() == Some(b'}') {
                    "a key after ',' (JSON allows no trailing comma)".to_string()
                } else {
                    format!("a key in double quotes, found {found}")
                };
                return Err(self.err(format!("expected {what}")));
            }
            let ks = self.i;
            let key = self.string()?;
            let key_span = Span {
                start: ks,
                end: self.i,
            };
            if let Some(first) = members.iter().find(|m| m.key == key) {
                return Err(SyntaxError {
                    message: format!(
                        "the key {} appears twice in one object; JSON readers disagree on which one wins, so rigc takes neither",
                        quote(&key)
                    ),
                    offset: ks,
                    first: Some(first.key_span),
                });
            }
            self.ws();
            if self.peek() != Some(b':') {
                let found = self.found();
                return Err(self.err(format!("expected ':' after the key, found {found}")));
            }
            self.i += 1;
            self.ws();
            let value = self.value(depth + 1)?;
            members.push(Member {
                key,
                key_span,
                value,
            });
            self.ws();
            match self.peek() {
                Some(b',') => self.i += 1,
                Some(b'}') => {
                    self.i += 1;
                    return Ok(Value::Object(members));
                }
                _ => {
                    let found = self.found();
                    return Err(self.err(format!(
                        "expected ',' or '}}' after an object member, found {found}"
                    )));
                }
            }
        }
    }

    fn array(&mut self, depth: usize) -> Result<Value, SyntaxError> {
        self.nest(depth)?;
        self.i += 1;
        let mut items = Vec::new();
        self.ws();
        if self.peek() == Some(b']') {
            self.i += 1;
            return Ok(Value::Array(items));
        }
        loop {
            self.ws();
            if self.peek() == Some(b']') {
                return Err(self.err("expected a value after ',' (JSON allows no trailing comma)"));
            }
            items.push(self.value(depth + 1)?);
            self.ws();
            match self.peek() {
                Some(b',') => self.i += 1,
                Some(b']') => {
                    self.i += 1;
                    return Ok(Value::Array(items));
                }
                _ => {
                    let found = self.found();
                    return Err(self.err(format!(
                        "expected ',' or ']' after an array element, found {found}"
                    )));
                }
            }
        }
    }

    fn hex4(&mut self) -> Result<u32, SyntaxError> {
        let h = self
            .s
            .get(self.i..self.i + 4)
            .and_then(|b| std::str::from_utf8(b).ok())
            .and_then(|t| {
                u32::from_str_radix(t, 16)
                    .ok()
                    .filter(|_| t.bytes().all(|c| c.is_ascii_hexdigit()))
            });
        match h {
            Some(v) => {
                self.i += 4;
                Ok(v)
            }
            None => Err(self.err("\\u must be followed by four hex digits")),
        }
    }

    fn string(&mut self) -> Result<String, SyntaxError> {
        let open = self.i;
        self.i += 1;
        let mut out = String::new();
        loop {
            let run = self.i;
            while let Some(b) = self.peek() {
                if b == b'"' || b == b'\\' || b < 0x20 {
                    break;
                }
                self.i += 1;
            }
            out.push_str(self.text.get(run..self.i).unwrap_or(""));
            match self.peek() {
                None => {
                    self.i = open;
                    return Err(self.err("this string is never closed"));
                }
                Some(b'"') => {
                    self.i += 1;
                    return Ok(out);
                }
                Some(b'\\') => {
                    self.i += 1;
                    let c = self.peek();
                    self.i += 1;
                    match c {
                        Some(b'"') => out.push('"'),
                        Some(b'\\') => out.push('\\'),
                        Some(b'/') => out.push('/'),
                        Some(b'b') => out.push('\u{8}'),
                        Some(b'f') => out.push('\u{c}'),
                        Some(b'n') => out.push('\n'),
                        Some(b'r') => out.push('\r'),
                        Some(b't') => out.push('\t'),
                        Some(b'u') => {
                            let hi = self.hex4()?;
                            let cp = if (0xD800..0xDC00).contains(&hi) {
                                if self.s.get(self.i..self.i + 2) != Some(b"\\u") {
                                    return Err(self.err("a \\u escape holds half of a surrogate pair and the other half is missing"));
                                }
                                self.i += 2;
                                let lo = self.hex4()?;
                                if !(0xDC00..0xE000).contains(&lo) {
                                    return Err(self.err("a \\u escape holds half of a surrogate pair and the other half is missing"));
                                }
                                0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00)
                            } else if (0xDC00..0xE000).contains(&hi) {
                                return Err(self.err("a \\u escape holds half of a surrogate pair and the other half is missing"));
                            } else {
                                hi
                            };
                            match char::from_u32(cp) {
                                Some(ch) => out.push(ch),
                                None => return Err(self.err("a \\u escape names no character")),
                            }
                        }
                        _ => {
                            self.i -= 1;
                            return Err(self.err("unknown escape in a string; JSON knows \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX"));
                        }
                    }
                }
                Some(_) => return Err(self.err(
                    "a control character (such as a raw newline or tab) inside a string; escape it",
                )),
            }
        }
    }

    fn number(&mut self) -> Result<Value, SyntaxError> {
        let start = self.i;
        if self.peek() == Some(b'-') {
            self.i += 1;
        }
        match self.peek() {
            Some(b'0') => {
                self.i += 1;
                if let Some(b'0'..=b'9') = self.peek() {
                    return Err(self.err("a number may not start with a leading zero"));
                }
            }
            Some(b'1'..=b'9') => {
                while let Some(b'0'..=b'9') = self.peek() {
                    self.i += 1;
                }
            }
            _ => return Err(self.err("expected a digit")),
        }
        if self.peek() == Some(b'.') {
            self.i += 1;
            if !matches!(self.peek(), Some(b'0'..=b'9')) {
                return Err(self.err("expected a digit after the decimal point"));
            }
            while let Some(b'0'..=b'9') = self.peek() {
                self.i += 1;
            }
        }
        if let Some(b'e' | b'E') = self.peek() {
            self.i += 1;
            if let Some(b'+' | b'-') = self.peek() {
                self.i += 1;
            }
            if !matches!(self.peek(), Some(b'0'..=b'9')) {
                return Err(self.err("expected a digit in the exponent"));
            }
            while let Some(b'0'..=b'9') = self.peek() {
                self.i += 1;
            }
        }
        let text = self.text.get(start..self.i).unwrap_or("0");
        match text.parse::<f64>() {
            Ok(v) if v.is_finite() => Ok(Value::Number(v)),
            _ => {
                self.i = start;
                Err(self.err(format!("the number {text} is too large to hold")))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_with_spans_and_order() {
        let j = parse(r#"{"b": [1, -2.5e1, true], "a": {"x": null, "s": "\u00e9\ud83d\ude00"}}"#)
            .unwrap();
        let Value::Object(m) = &j.value else { panic!() };
        assert_eq!(m[0].key, "b");
        assert_eq!(m[1].key, "a");
        assert_eq!(
            j.get("a").unwrap().get("s").unwrap().value,
            Value::String("é😀".into())
        );
        let b = j.get("b").unwrap();
        assert_eq!(
            &r#"{"b": [1, -2.5e1, true]"#[b.span.start..b.span.end],
            "[1, -2.5e1, true]"
        );
    }

    #[test]
    fn refuses_what_json_refuses() {
        for bad in [
            "",
            "{",
            "[1,]",
            "{\"a\":1,}",
            "01",
            "1.",
            "\"\\x\"",
            "{\"a\" 1}",
            "[1] 2",
            "nul",
            "\"a\nb\"",
            "1e999",
            "\"\\ud800\"",
        ] {
            assert!(parse(bad).is_err(), "{bad:?} parsed");
        }
        let e = parse("{\"a\": 1, \"a\": 2}").unwrap_err();
        assert_eq!(e.offset, 9);
        assert!(e.first.is_some());
        assert!(parse(&"[".repeat(10_000)).is_err());
    }

    /// What a document costs in memory is its values': 48 bytes a value (its
    /// enum and span), 88 a member (with its key and the key's span) — so a
    /// file of a million zeros holds about 48 MB of tree, and nothing grows
    /// with a value's depth.
    #[test]
    fn a_value_costs_48_bytes() {
        assert!(
            std::mem::size_of::<Json>() <= 48,
            "{}",
            std::mem::size_of::<Json>()
        );
        assert!(
            std::mem::size_of::<Member>() <= 88,
            "{}",
            std::mem::size_of::<Member>()
        );
    }
}

#[cfg(test)]
mod fuzz {
    use super::*;
    use proptest::prelude::*;

    /// Any byte string that is UTF-8 either parses or names an offset inside it.
    fn never_panics(text: &str) {
        match parse(text) {
            Ok(_) => {}
            Err(e) => assert!(e.offset <= text.len()),
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

        #[test]
        fn arbitrary_text(text in "\\PC{0,200}") {
            never_panics(&text);
        }

        #[test]
        fn json_like_text(text in "[\\[\\]{}\":,0-9eE.+\\-a-z\\\\ \n]{0,120}") {
            never_panics(&text);
        }

        #[test]
        fn serde_json_agrees_on_valid_documents(v in arb_json()) {
            let text = serde_json::to_string_pretty(&v).unwrap();
            let parsed = parse(&text).expect("valid JSON parses");
            prop_assert_eq!(to_serde(&parsed), v);
        }
    }

    fn arb_json() -> impl Strategy<Value = serde_json::Value> {
        let leaf = prop_oneof![
            Just(serde_json::Value::Null),
            any::<bool>().prop_map(serde_json::Value::Bool),
            (-1e9f64..1e9).prop_map(|f| serde_json::json!(f)),
            "[a-zA-Z0-9 é\\\\\"\n]{0,8}".prop_map(serde_json::Value::String),
        ];
        leaf.prop_recursive(4, 32, 6, |inner| {
            prop_oneof![
                prop::collection::vec(inner.clone(), 0..5).prop_map(serde_json::Value::Array),
                prop::collection::btree_map("[a-z]{1,4}", inner, 0..5)
                    .prop_map(|m| serde_json::Value::Object(m.into_iter().collect())),
            ]
        })
    }

    fn to_serde(j: &Json) -> serde_json::Value {
        match &j.value {
            Value::Null => serde_json::Value::Null,
            Value::Bool(b) => serde_json::Value::Bool(*b),
            Value::Number(n) => serde_json::json!(n),
            Value::String(s) => serde_json::Value::String(s.clone()),
            Value::Array(a) => serde_json::Value::Array(a.iter().map(to_serde).collect()),
            Value::Object(m) => serde_json::Value::Object(
                m.iter()
                    .map(|m| (m.key.clone(), to_serde(&m.value)))
                    .collect(),
            ),
        }
    }
}
