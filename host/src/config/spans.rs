//! This module owns finding places in `rigc.toml`'s text: the JSON pointer of
//! what holds a byte offset (for a refusal serde located only by span) and the
//! span of a key named by its path.

/// The JSON pointer (`/target/1/rig`) of the innermost key or value of the
/// TOML `text` at byte `offset`, for a refusal serde located only by span;
/// empty (the whole file) when the text does not parse or nothing holds it.
pub(super) fn pointer_at(text: &str, offset: usize) -> String {
    use rigc_diag::cursor::{pointer_of, Seg};
    use toml::de::{DeTable, DeValue};
    // The innermost first: a member found inside a value is more precise
    // than the value's own span. A table's span may be its header alone
    // (`[project]`), so tables and arrays are searched by their members.
    fn in_value(v: &toml::Spanned<DeValue<'_>>, offset: usize, path: &mut Vec<Seg>) -> bool {
        match v.get_ref() {
            DeValue::Table(t) => in_table(t, offset, path),
            DeValue::Array(items) => items
                .iter()
                .enumerate()
                .any(|(i, item)| within(path, Seg::Index(i), item, offset, None)),
            _ => false,
        }
    }
    fn in_table(t: &DeTable<'_>, offset: usize, path: &mut Vec<Seg>) -> bool {
        t.iter().any(|(k, v)| {
            let key = Seg::Field(k.get_ref().to_string());
            within(path, key, v, offset, Some(k.span()))
        })
    }
    /// `seg` pushed onto `path` when `offset` is in its key, inside its
    /// value, or in its value's span; else `path` as it was.
    fn within(
        path: &mut Vec<Seg>,
        seg: Seg,
        v: &toml::Spanned<DeValue<'_>>,
        offset: usize,
        key: Option<std::ops::Range<usize>>,
    ) -> bool {
        path.push(seg);
        let found = key.is_some_and(|k| k.contains(&offset))
            || in_value(v, offset, path)
            || v.span().contains(&offset);
        if !found {
            path.pop();
        }
        found
    }
    let mut path = Vec::new();
    if let Ok(doc) = DeTable::parse(text) {
        in_table(doc.get_ref(), offset, &mut path);
    }
    pointer_of(&path)
}

/// The span of the key at `path` (table names, then the key) in the TOML
/// `text`, if it parses and holds it.
pub(super) fn key_span(text: &str, path: &[&str]) -> Option<std::ops::Range<usize>> {
    use toml::de::{DeTable, DeValue};
    let doc = DeTable::parse(text).ok()?;
    let (last, tables) = path.split_last()?;
    let mut table = doc.get_ref();
    for name in tables {
        match table.get(*name).map(|v| v.get_ref()) {
            Some(DeValue::Table(t)) => table = t,
            _ => return None,
        }
    }
    table
        .iter()
        .find(|(k, _)| k.get_ref() == last)
        .map(|(k, _)| k.span())
}
