//! This module owns reading the two spec files: strict JSON with spans
//! ([`json`]), located navigation ([`cursor`]), and the parsers of `rigc-rig/1`
//! ([`rig`]) and `rigc-motion/1` ([`motion`]) into typed, located specs.

pub mod cursor;
pub mod json;
pub mod motion;
pub mod rig;
pub mod setup_entry;
pub mod source;

use crate::diag::{Diagnostic, Loc};
use source::{SourceFile, Span};
use std::sync::Arc;

/// Parses a spec file's text as JSON, or refuses it with the syntax error's
/// line:column (`cannot read <path>: <message>`).
pub fn parse_json(file: &Arc<SourceFile>) -> Result<json::Json, Diagnostic> {
    json::parse(&file.text).map_err(|e| {
        let (line, col) = file.line_col(e.offset);
        let end = (e.offset + 1).min(file.text.len()).max(e.offset);
        let loc = Loc { file: file.clone(), pointer: String::new(), span: Span { start: e.offset, end } };
        let mut d = Diagnostic::new(
            "spec.json-syntax",
            format!("cannot read {}: {} (line {line}, column {col})", file.display, e.message),
        )
        .at_without_value(loc)
        .help("fix the JSON at that position; rigc reads strict JSON (no comments, no trailing commas, no duplicate keys)");
        if let Some(first) = e.first {
            d = d.related(
                "first occurrence",
                Loc { file: file.clone(), pointer: String::new(), span: first },
            );
        }
        d
    })
}
