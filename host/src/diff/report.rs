//! This module owns how `rigc diff`'s report reads: its lines (a heading per
//! section, one `matched/of` line per measure, no combined score) and its
//! `--json` document (`{candidatePath, referencePath, pairs, sections}`, two
//! spaces, a final newline). Both are rendered from [`super::Report`].

use super::Report;
use serde_json::{json, Value};
use std::path::Path;

/// The width the measure names are padded to.
const NAME_WIDTH: usize = 30;

/// The report's lines, after the command's header.
pub fn lines(report: &Report) -> Vec<String> {
    let mut out = Vec::new();
    for p in report.pairs.iter().filter(|p| p.candidate != p.reference) {
        out.push(format!(
            "  ..    as {} = {} (candidate = reference)",
            p.candidate, p.reference
        ));
    }
    for s in &report.sections {
        out.push(format!("── {} ──", s.name));
        for m in &s.measures {
            out.push(format!(
                "  {:<width$}{}",
                m.name,
                m.ratio.text(),
                width = NAME_WIDTH
            ));
        }
    }
    out
}

/// The `--json` document.
pub fn document(report: &Report, candidate: &Path, reference: &Path) -> Value {
    json!({
        "candidatePath": candidate.display().to_string(),
        "referencePath": reference.display().to_string(),
        "pairs": report.pairs.iter().map(|p| json!({
            "candidate": p.candidate,
            "reference": p.reference,
        })).collect::<Vec<_>>(),
        "sections": report.sections.iter().map(|s| json!({
            "section": s.name,
            "measures": s.measures.iter().map(|m| json!({
                "measure": m.name,
                "matched": m.ratio.matched,
                "of": m.ratio.of,
            })).collect::<Vec<_>>(),
        })).collect::<Vec<_>>(),
    })
}

/// The document's text: two-space JSON and a final newline.
pub fn document_text(doc: &Value) -> String {
    let mut text = serde_json::to_string_pretty(doc).unwrap_or_else(|_| "{}".into());
    text.push('\n');
    text
}
