//! This module owns stage keys: a key is the blake3 of (stage name, stage
//! version, the identity of the tool, then each input as its [`KeyPart`] says —
//! the keys or content hashes of the stage's inputs, the identity and
//! configuration of every plugin it calls), length-prefixed so no two
//! different input lists can spell the same bytes. It also owns the canonical
//! hash of a JSON subtree, which ignores whitespace but not order.

use super::{Content, Encoded, Hashed, Lazy};
use crate::cache::Hash;
use rigc_diag::json::{Json, Value};
use std::path::{Path, PathBuf};

/// Builds one stage key.
pub struct KeyBuilder {
    hasher: blake3::Hasher,
}

impl KeyBuilder {
    /// A key for `stage` at `version`, computed by the tool `tool`.
    pub fn new(stage: &str, version: u32, tool: &Hash) -> KeyBuilder {
        let mut k = KeyBuilder {
            hasher: blake3::Hasher::new(),
        };
        k.text("rigc-stage-key/1").text(stage);
        k.hasher.update(&version.to_le_bytes());
        k.hash(tool);
        k
    }

    /// Adds a hash.
    pub fn hash(&mut self, h: &Hash) -> &mut Self {
        self.hasher.update(b"h");
        self.hasher.update(h);
        self
    }

    /// Adds a string.
    pub fn text(&mut self, s: &str) -> &mut Self {
        self.hasher.update(b"s");
        self.hasher.update(&(s.len() as u64).to_le_bytes());
        self.hasher.update(s.as_bytes());
        self
    }

    /// Adds a count (the length of a list that follows).
    pub fn count(&mut self, n: usize) -> &mut Self {
        self.hasher.update(b"n");
        self.hasher.update(&(n as u64).to_le_bytes());
        self
    }

    /// The key.
    pub fn finish(&self) -> Hash {
        *self.hasher.finalize().as_bytes()
    }
}

/// How one input of a stage enters its key.
pub trait KeyPart {
    /// Feeds this input into `key`.
    fn feed(&self, key: &mut KeyBuilder);
}

impl<T: serde::Serialize> KeyPart for Hashed<T> {
    fn feed(&self, key: &mut KeyBuilder) {
        key.hash(&self.hash());
    }
}

impl<T, E> KeyPart for Lazy<'_, T, E> {
    fn feed(&self, key: &mut KeyBuilder) {
        key.hash(&self.hash);
    }
}

impl KeyPart for Content<'_> {
    fn feed(&self, key: &mut KeyBuilder) {
        key.hash(&self.hash);
    }
}

impl<T> KeyPart for Encoded<T> {
    fn feed(&self, key: &mut KeyBuilder) {
        key.hash(&self.hash);
    }
}

impl KeyPart for str {
    fn feed(&self, key: &mut KeyBuilder) {
        key.text(self);
    }
}

impl KeyPart for String {
    fn feed(&self, key: &mut KeyBuilder) {
        key.text(self);
    }
}

/// A path enters a key relative to the project root, when inside it
/// (`super::paths`).
impl KeyPart for Path {
    fn feed(&self, key: &mut KeyBuilder) {
        key.text(&super::paths::kept(self));
    }
}

impl KeyPart for PathBuf {
    fn feed(&self, key: &mut KeyBuilder) {
        self.as_path().feed(key);
    }
}

impl KeyPart for bool {
    fn feed(&self, key: &mut KeyBuilder) {
        key.text(if *self { "true" } else { "false" });
    }
}

impl KeyPart for Hash {
    fn feed(&self, key: &mut KeyBuilder) {
        key.hash(self);
    }
}

impl<T: KeyPart + ?Sized> KeyPart for &T {
    fn feed(&self, key: &mut KeyBuilder) {
        (**self).feed(key);
    }
}

impl<T: KeyPart> KeyPart for [T] {
    fn feed(&self, key: &mut KeyBuilder) {
        key.count(self.len());
        for item in self {
            item.feed(key);
        }
    }
}

impl<T: KeyPart> KeyPart for Option<T> {
    fn feed(&self, key: &mut KeyBuilder) {
        match self {
            None => {
                key.count(0);
            }
            Some(v) => {
                key.count(1);
                v.feed(key);
            }
        }
    }
}

impl<T: KeyPart> KeyPart for Vec<T> {
    fn feed(&self, key: &mut KeyBuilder) {
        self.as_slice().feed(key);
    }
}

impl<A: KeyPart, B: KeyPart> KeyPart for (A, B) {
    fn feed(&self, key: &mut KeyBuilder) {
        self.0.feed(key);
        self.1.feed(key);
    }
}

/// The canonical hash of a JSON value: whitespace-insensitive, order-sensitive
/// (member order is meaning in a spec: slots, skins, keys).
pub fn json_hash(j: &Json) -> Hash {
    let mut h = blake3::Hasher::new();
    feed(&mut h, j);
    *h.finalize().as_bytes()
}

/// The canonical hash of the members of an object other than `skip`.
pub fn members_hash(j: &Json, skip: &[&str]) -> Hash {
    let mut h = blake3::Hasher::new();
    if let Value::Object(members) = &j.value {
        for m in members.iter().filter(|m| !skip.contains(&m.key.as_str())) {
            feed_str(&mut h, &m.key);
            feed(&mut h, &m.value);
        }
    }
    *h.finalize().as_bytes()
}

fn feed_str(h: &mut blake3::Hasher, s: &str) {
    h.update(&(s.len() as u64).to_le_bytes());
    h.update(s.as_bytes());
}

fn feed(h: &mut blake3::Hasher, j: &Json) {
    match &j.value {
        Value::Null => {
            h.update(b"n");
        }
        Value::Bool(b) => {
            h.update(if *b { b"t" } else { b"f" });
        }
        Value::Number(n) => {
            h.update(b"#");
            h.update(&n.to_bits().to_le_bytes());
        }
        Value::String(s) => {
            h.update(b"\"");
            feed_str(h, s);
        }
        Value::Array(a) => {
            h.update(b"[");
            h.update(&(a.len() as u64).to_le_bytes());
            for v in a {
                feed(h, v);
            }
        }
        Value::Object(m) => {
            h.update(b"{");
            h.update(&(m.len() as u64).to_le_bytes());
            for member in m {
                feed_str(h, &member.key);
                feed(h, &member.value);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rigc_diag::json::parse;

    #[test]
    fn whitespace_is_not_content_and_order_is() {
        let a = parse(r#"{"a": [1, 2], "b": "x"}"#).unwrap();
        let b = parse("{\n  \"a\":[1,2],\n  \"b\":\"x\"\n}").unwrap();
        let c = parse(r#"{"b": "x", "a": [1, 2]}"#).unwrap();
        assert_eq!(json_hash(&a), json_hash(&b));
        assert_ne!(json_hash(&a), json_hash(&c));
        assert_eq!(
            members_hash(&a, &["b"]),
            members_hash(&parse(r#"{"a": [1,2]}"#).unwrap(), &[])
        );
        let tool = [0u8; 32];
        let k1 = KeyBuilder::new("s", 1, &tool).text("ab").text("c").finish();
        let k2 = KeyBuilder::new("s", 1, &tool).text("a").text("bc").finish();
        assert_ne!(k1, k2);
    }
}
