//! This module owns how diagnostics look: a compiler-style block on a terminal, or
//! one JSON object per line for editors and CI (`--message-format json`).

use crate::diagnostic::{Class, Diagnostic};
use serde_json::json;

/// The compiler-style text of one diagnostic (ends with a newline).
///
/// ```text
/// rigc compile error: rig.json: bone "hand" names parent "arm", which is not declared before it
///   --> rig.json:12:35 at /bones/4/parent
///    |
/// 12 |     { "name": "hand", "parent": "arm" },
///    |                                 ^^^^^
///    = found: "arm"
///    = help: declare "arm" above "hand" in `bones`
/// ```
pub fn render_human(d: &Diagnostic) -> String {
    let mut out = String::new();
    let head = match d.class {
        Class::Compile => "rigc compile error",
        Class::NotImplemented => "rigc compile error (not implemented yet)",
    };
    out.push_str(&format!("{head}: {}\n", d.full_message()));
    if let Some(loc) = &d.loc {
        let (line, col) = loc.line_col();
        let ptr = if loc.pointer.is_empty() {
            "(the whole file)".to_string()
        } else {
            loc.pointer.clone()
        };
        out.push_str(&format!(
            "  --> {}:{}:{} at {}\n",
            loc.file.display, line, col, ptr
        ));
        let text = loc.file.line_text(line);
        if !text.is_empty() {
            let gutter = line.to_string().len();
            let pad = " ".repeat(gutter);
            let shown: String = text.chars().take(160).collect();
            let (end_line, end_col) = loc.file.line_col(loc.span.end.max(loc.span.start + 1));
            let width = if end_line == line {
                end_col.saturating_sub(col).max(1)
            } else {
                shown.chars().count().saturating_sub(col - 1).max(1)
            };
            out.push_str(&format!(" {pad} |\n"));
            out.push_str(&format!(" {line} | {shown}\n"));
            out.push_str(&format!(
                " {pad} | {}{}\n",
                " ".repeat(col - 1),
                "^".repeat(width.min(80))
            ));
        }
    }
    let indent = d
        .loc
        .as_ref()
        .map(|l| " ".repeat(l.line_col().0.to_string().len()))
        .unwrap_or_default();
    if let Some(v) = &d.value {
        out.push_str(&format!(" {indent} = found: {v}\n"));
    }
    for (what, loc) in &d.related {
        let (l, c) = loc.line_col();
        out.push_str(&format!(
            " {indent} = {what}: {}:{}:{} at {}\n",
            loc.file.display, l, c, loc.pointer
        ));
    }
    if let Some(h) = &d.help {
        out.push_str(&format!(" {indent} = help: {h}\n"));
    }
    out.push_str(&format!(" {indent} = code: {}\n", d.code));
    out
}

/// One JSON object (one line, with a newline) describing the diagnostic.
pub fn render_json(d: &Diagnostic) -> String {
    let (file, pointer, line, column) = match &d.loc {
        Some(loc) => {
            let (l, c) = loc.line_col();
            (
                json!(loc.file.display),
                json!(loc.pointer),
                json!(l),
                json!(c),
            )
        }
        None => (json!(null), json!(null), json!(null), json!(null)),
    };
    let related: Vec<_> = d
        .related
        .iter()
        .map(|(what, loc)| {
            let (l, c) = loc.line_col();
            json!({"what": what, "file": loc.file.display, "pointer": loc.pointer, "line": l, "column": c})
        })
        .collect();
    let v = json!({
        "type": "diagnostic",
        "severity": "error",
        "class": match d.class { Class::Compile => "compile", Class::NotImplemented => "not-implemented" },
        "code": d.code.as_str(),
        "message": d.full_message(),
        "file": file,
        "pointer": pointer,
        "line": line,
        "column": column,
        "value": d.value,
        "help": d.help,
        "related": related,
    });
    format!("{v}\n")
}
