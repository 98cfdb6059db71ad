//! The small value readers `SkeletonJson` is built from — `getValue` with its
//! null-vs-undefined rule, `Utils.enumValue`, `Color.setFromString`, the
//! `find*` lookups that throw `… cannot be null.` — each recording a finding
//! when JavaScript coerces a value of an unexpected type.

use super::{Cx, ReadError, R};
use crate::data::Color;
use crate::json::{Js, Json};

/// `getValue(map, key, …)`: `None` when the property is `undefined` (an
/// explicit `null` is returned as `null`).
pub(super) fn get_value<'a>(map: Js<'a>, key: &str) -> R<Option<Js<'a>>> {
    let v = map.get(key)?;
    Ok(if v.is_undef() { None } else { Some(v) })
}

impl Cx<'_> {
    /// A number read with `getValue(map, key, def)` and used arithmetically.
    pub(super) fn num(&mut self, map: Js<'_>, key: &str, def: f64, path: &str) -> R<f64> {
        match get_value(map, key)? {
            None => Ok(def),
            Some(v) => Ok(self.coerce(v, &format!("{path}.{key}"))),
        }
    }

    /// `ToNumber(v)`, with a finding when `v` is not a JSON number.
    pub(super) fn coerce(&mut self, v: Js<'_>, path: &str) -> f64 {
        if !v.is_num() {
            let n = v.num();
            self.finding(
                path,
                format!(
                    "expected a number, got {}; spine-core coerces it (to {n})",
                    v.type_name()
                ),
            );
            return n;
        }
        v.num()
    }

    /// A flag read with `getValue(map, key, def)` and used for its truthiness.
    pub(super) fn flag(&mut self, map: Js<'_>, key: &str, def: bool, path: &str) -> R<bool> {
        match get_value(map, key)? {
            None => Ok(def),
            Some(v) => {
                if !matches!(v, Js::Val(Json::Bool(_))) {
                    self.finding(
                        format!("{path}.{key}"),
                        format!(
                            "expected true or false, got {}; spine-core uses its truthiness",
                            v.type_name()
                        ),
                    );
                }
                Ok(v.truthy())
            }
        }
    }

    /// A string read with `getValue(map, key, null)`: `None` for `null`/absent.
    pub(super) fn opt_string(&mut self, map: Js<'_>, key: &str, path: &str) -> R<Option<String>> {
        match get_value(map, key)? {
            None => Ok(None),
            Some(v) if v.is_nullish() => Ok(None),
            Some(v) => Ok(Some(self.string_of(v, &format!("{path}.{key}")))),
        }
    }

    /// A value used as a string.
    pub(super) fn string_of(&mut self, v: Js<'_>, path: &str) -> String {
        match v.string() {
            Some(s) => s,
            None => {
                let s = v.to_js_string();
                self.finding(
                    path,
                    format!(
                        "expected a string, got {}; spine-core keeps it as {s:?}",
                        v.type_name()
                    ),
                );
                s
            }
        }
    }

    /// `Utils.enumValue(Enum, name)`: `Ok(None)` when the name does not resolve
    /// (recorded as a finding), a `TypeError` when `name[0]` is not a string.
    pub(super) fn enum_value<T>(
        &mut self,
        name: Js<'_>,
        lookup: impl Fn(&str) -> Option<T>,
        path: &str,
    ) -> R<Option<T>> {
        let key = enum_key(name)?;
        let found = lookup(&key);
        if found.is_none() {
            self.finding(
                path,
                format!(
                    "{:?} does not name an enum member (only the first letter's case is folded); spine-core stores undefined",
                    name.to_js_string()
                ),
            );
        }
        Ok(found)
    }

    /// `Utils.enumValue(Enum, getValue(map, key, def))`.
    pub(super) fn enum_value_or<T>(
        &mut self,
        name: Option<Js<'_>>,
        def: &str,
        lookup: impl Fn(&str) -> Option<T>,
        path: &str,
    ) -> R<Option<T>> {
        match name {
            Some(v) => self.enum_value(v, lookup, path),
            None => Ok(lookup(def)),
        }
    }

    /// `color.setFromString(hex)` when `getValue(map, key, null)` is truthy.
    pub(super) fn color(&mut self, map: Js<'_>, key: &str, def: Color, path: &str) -> R<Color> {
        match get_value(map, key)? {
            Some(v) if v.truthy() => {
                let c = color_from(v)?;
                if [c.r, c.g, c.b, c.a].iter().any(|x| x.is_nan()) {
                    self.finding(
                        format!("{path}.{key}"),
                        "the color has channels that are not hex digits: NaN",
                    );
                }
                Ok(c)
            }
            _ => Ok(def),
        }
    }
}

/// The key `Utils.enumValue` builds: `name[0].toUpperCase() + name.slice(1)`.
fn enum_key(name: Js<'_>) -> R<String> {
    let upper_err =
        || ReadError::type_error("Cannot read properties of undefined (reading 'toUpperCase')");
    match name {
        Js::Undef => Err(ReadError::type_error(
            "Cannot read properties of undefined (reading '0')",
        )),
        Js::Val(Json::Null) => Err(ReadError::type_error(
            "Cannot read properties of null (reading '0')",
        )),
        Js::Val(Json::Str(s)) => {
            let mut chars = s.chars();
            let first = chars.next().ok_or_else(upper_err)?;
            Ok(first.to_uppercase().chain(chars).collect())
        }
        Js::Char(c) => Ok(c.to_uppercase().collect()),
        Js::Val(Json::Arr(a)) => match a.first() {
            None => Err(upper_err()),
            Some(Json::Str(s)) => {
                let tail: Vec<String> = a[1..]
                    .iter()
                    .map(|v| match v {
                        Json::Null => String::new(),
                        v => Js::Val(v).to_js_string(),
                    })
                    .collect();
                Ok(format!("{}{}", s.to_uppercase(), tail.join(",")))
            }
            Some(_) => Err(ReadError::type_error(
                "name[0].toUpperCase is not a function",
            )),
        },
        _ => Err(upper_err()),
    }
}

/// `Color.fromString(hex)` / `setFromString(hex)`.
pub(super) fn color_from(v: Js<'_>) -> R<Color> {
    let s = match v {
        Js::Undef => {
            return Err(ReadError::type_error(
                "Cannot read properties of undefined (reading 'charAt')",
            ))
        }
        Js::Val(Json::Null) => {
            return Err(ReadError::type_error(
                "Cannot read properties of null (reading 'charAt')",
            ))
        }
        v => v
            .string()
            .ok_or_else(|| ReadError::type_error("hex.charAt is not a function"))?,
    };
    let units: Vec<u16> = s.encode_utf16().collect();
    let hex: &[u16] = if units.first() == Some(&u16::from(b'#')) {
        &units[1..]
    } else {
        &units
    };
    let ch = |i: usize| {
        let end = (i + 2).min(hex.len());
        let part = if i < hex.len() {
            String::from_utf16_lossy(&hex[i..end])
        } else {
            String::new()
        };
        crate::atlas::parse_int_radix(&part, 16) / 255.0
    };
    Ok(Color::new(
        ch(0),
        ch(2),
        ch(4),
        if hex.len() != 8 { 1.0 } else { ch(6) },
    ))
}

/// What the `find*` lookups throw for a falsy name.
pub(super) fn require_name(v: Js<'_>, what: &str) -> R<()> {
    if v.truthy() {
        Ok(())
    } else {
        Err(ReadError::thrown(format!("{what} cannot be null.")))
    }
}

/// The name a `find*` lookup compares with `===`. A number or boolean name
/// finds an entry whose name was the same number or boolean (kept as its
/// string; a finding was recorded when it was read); arrays and objects are
/// never `===` to anything.
pub(super) fn lookup_key(v: Js<'_>) -> Option<String> {
    match v {
        Js::Val(Json::Num(_) | Json::Bool(_)) | Js::Len(_) => Some(v.to_js_string()),
        _ => v.string(),
    }
}
