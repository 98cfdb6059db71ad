//! This module owns how bytes cross the boundary inside JSON: as one base64
//! string (standard alphabet, padded), not as an array of numbers.

use base64::Engine;
use serde::{Deserialize, Deserializer, Serializer};

/// Writes `bytes` as a base64 string.
pub fn serialize<S: Serializer>(bytes: &[u8], s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&base64::engine::general_purpose::STANDARD.encode(bytes))
}

/// Reads a base64 string back into bytes.
pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<u8>, D::Error> {
    let text = <std::borrow::Cow<'de, str>>::deserialize(d)?;
    base64::engine::general_purpose::STANDARD
        .decode(text.as_bytes())
        .map_err(serde::de::Error::custom)
}
