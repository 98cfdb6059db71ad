//! This module owns reading the two spec files: their text as strict JSON with
//! spans (`rigc_diag::json`, refused with the syntax error's location here),
//! navigated with locations (`rigc_diag::cursor`), and the parsers of
//! `rigc-rig/1` ([`rig`]) and `rigc-motion/1` ([`motion`]) into typed, located
//! specs; every number in them is first held to the float32 range
//! ([`numbers`]).

use rigc_diag::codes;

pub mod motion;
pub mod numbers;
pub mod rig;
pub mod setup_entry;

use rigc_diag::source::{SourceFile, Span};
use rigc_diag::{Diagnostic, Loc};
use std::sync::Arc;

/// Parses a spec file's text as JSON, or refuses it with the syntax error's
/// line:column (`cannot read <path>: <message>`).
pub fn parse_json(file: &Arc<SourceFile>) -> Result<rigc_diag::json::Json, Diagnostic> {
    rigc_diag::json::parse(&file.text).map_err(|e| {
        let (line, col) = file.line_col(e.offset);
        let end = (e.offset + 1).min(file.text.len()).max(e.offset);
        let loc = Loc { file: file.clone(), pointer: String::new(), span: Span { start: e.offset, end } };
        let mut d = Diagnostic::new(
            codes::SPEC_JSON_SYNTAX,
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
