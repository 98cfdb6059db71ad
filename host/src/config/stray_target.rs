//! This module owns the refusal of a `[[target]]` whose header is missing: TOML
//! puts its keys into the table above them, and when that is a
//! `[plugin.<name>]` table they would reach the plugin as its configuration.

use super::spans::key_span;
use rigc_diag::codes;
use rigc_diag::source::{SourceFile, Span};
use rigc_diag::{Diagnostic, Loc};
use std::sync::Arc;

/// The keys a `[[target]]` table takes (`config::RawTarget`'s).
const TARGET_KEYS: &[&str] = &[
    "name", "rig", "motion", "images", "out", "profile", "plugins",
];

/// The refusal of a `[plugin.<name>]` table that holds a target's `rig` and
/// `motion`: TOML puts the keys of a `[[target]]` whose header is missing into
/// the table above them, which would hand them to a plugin as its
/// configuration. Located at the first of those keys.
pub(super) fn target_keys_in_plugin(
    file: &Arc<SourceFile>,
    plugin: &str,
    table: &toml::Value,
) -> Option<Diagnostic> {
    let t = table.as_table()?;
    if !(t.get("rig").is_some_and(toml::Value::is_str)
        && t.get("motion").is_some_and(toml::Value::is_str))
    {
        return None;
    }
    let found: Vec<&str> = t
        .keys()
        .map(String::as_str)
        .filter(|k| TARGET_KEYS.contains(k))
        .collect();
    // The first of them in the file, where the missing header belongs.
    let (key, span) = found
        .iter()
        .filter_map(|k| Some((*k, key_span(&file.text, &["plugin", plugin, k])?)))
        .min_by_key(|(_, span)| span.start)?;
    let (line, _) = file.line_col(span.start);
    let listed: Vec<String> = found.iter().map(|k| format!("`{k}`")).collect();
    Some(
        Diagnostic::new(
            codes::CONFIG_TARGET_HEADER_MISSING,
            format!(
                "[plugin.{plugin}] holds {} — the keys of a [[target]]; the `[[target]]` header above line {line} looks missing, so TOML put them in the plugin's configuration",
                listed.join(", ")
            ),
        )
        .at(Loc {
            file: file.clone(),
            pointer: rigc_diag::cursor::pointer_of(&[
                rigc_diag::cursor::Seg::Field("plugin".into()),
                rigc_diag::cursor::Seg::Name(plugin.into()),
                rigc_diag::cursor::Seg::Field(key.into()),
            ]),
            span: Span {
                start: span.start,
                end: span.end,
            },
        })
        .help(format!("write `[[target]]` on the line above `{key}`")),
    )
}
