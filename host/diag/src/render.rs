//! This module owns how diagnostics look: a compiler-style block on a terminal, or
//! one JSON object per line for editors and CI (`--message-format json`). A
//! source line is shown whole up to [`LINE_WINDOW`] characters and as a window
//! around the value beyond that, and the count a diagnostic carries of those
//! left out after it is printed under it (`… and N more of the same code`).

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
            let at = loc.span.start.saturating_sub(loc.file.line_start(line));
            let (shown, caret, width) =
                window(text, at, loc.span.end.saturating_sub(loc.span.start));
            out.push_str(&format!(" {pad} |\n"));
            out.push_str(&format!(" {line} | {shown}\n"));
            out.push_str(&format!(
                " {pad} | {}{}\n",
                " ".repeat(caret),
                "^".repeat(width)
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
    if let Some(line) = omitted_line(d) {
        out.push_str(&format!("{line}\n"));
    }
    out
}

/// The most characters of a source line a diagnostic shows: a longer line is
/// shown as a window of this many around the value (with `…` where it is cut).
pub const LINE_WINDOW: usize = 160;

/// How many characters of a window come before the value's start.
const BEFORE: usize = 60;

/// The longest caret run (`^^^^`).
const CARET_MAX: usize = 80;

/// What of `line` to show for a value starting at byte `at` of it and `len`
/// bytes long: the text (the whole line when it fits [`LINE_WINDOW`], else a
/// window around the value), the caret's column in it and the caret's width.
/// Reads at most a window's worth of the line beyond `at`.
fn window(line: &str, at: usize, len: usize) -> (String, usize, usize) {
    let mut at = at.min(line.len());
    while !line.is_char_boundary(at) {
        at -= 1;
    }
    let fits = line.chars().nth(LINE_WINDOW).is_none();
    let start = if fits {
        0
    } else {
        line[..at]
            .char_indices()
            .rev()
            .take(BEFORE)
            .last()
            .map_or(at, |(i, _)| i)
    };
    let mut shown: String = line[start..].chars().take(LINE_WINDOW).collect();
    let cut_before = start > 0;
    let cut_after = line.len() > start + shown.len();
    let before = line[start..at].chars().count();
    let after_at = shown.chars().count() - before;
    let mut end = (at + len).min(line.len());
    while !line.is_char_boundary(end) {
        end -= 1;
    }
    let width = line[at..end]
        .chars()
        .take(CARET_MAX)
        .count()
        .min(after_at)
        .clamp(1, CARET_MAX);
    if cut_before {
        shown.insert(0, '…');
    }
    if cut_after {
        shown.push('…');
    }
    (shown, before + usize::from(cut_before), width)
}

/// `… and N more of the same code (<code>) in <file>`, when `d` stands for
/// diagnostics left out after it.
fn omitted_line(d: &Diagnostic) -> Option<String> {
    (d.omitted > 0).then(|| {
        let file = d
            .loc
            .as_ref()
            .map(|l| format!(" in {}", l.file.display))
            .unwrap_or_default();
        format!(
            "… and {} more of the same code ({}){file}",
            d.omitted, d.code
        )
    })
}

/// One JSON object (one line, with a newline) describing the diagnostic; when
/// it stands for diagnostics left out after it, a second line counts them
/// (`"type": "omitted"`, its `code`, `file` and `count`).
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
    let mut out = format!("{v}\n");
    if let Some(message) = omitted_line(d) {
        let omitted = json!({
            "type": "omitted",
            "code": d.code.as_str(),
            "file": d.loc.as_ref().map(|l| l.file.display.clone()),
            "count": d.omitted,
            "message": message,
        });
        out.push_str(&format!("{omitted}\n"));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codes;
    use crate::source::{SourceFile, Span};
    use crate::Loc;

    fn at(text: &str, start: usize, end: usize) -> Diagnostic {
        let file = SourceFile::new("m.json", "/m.json", text.to_string());
        Diagnostic::new(codes::MOTION_KEY_SHAPE, "a key is an object").at(Loc {
            file,
            pointer: "/k".into(),
            span: Span { start, end },
        })
    }

    /// The source line and caret lines of a rendered block.
    fn source_lines(text: &str) -> (String, String) {
        let lines: Vec<&str> = text.lines().collect();
        let i = lines
            .iter()
            .position(|l| l.contains("| ") && !l.ends_with('|'))
            .unwrap();
        let code = lines[i].split_once("| ").unwrap().1.to_string();
        let caret = lines[i + 1].split_once("| ").unwrap().1.to_string();
        (code, caret)
    }

    #[test]
    fn a_long_line_is_shown_as_a_window_around_the_value() {
        let text = format!("[{0}7, {0}0]", "0, ".repeat(50_000));
        let start = text.find('7').unwrap();
        let out = render_human(&at(&text, start, start + 1));
        assert!(out.len() < 1_000, "{} bytes", out.len());
        assert!(out.contains("--> m.json:1:150002 at /k"), "{out}");
        let (code, caret) = source_lines(&out);
        assert!(code.starts_with('…') && code.ends_with('…'), "{code}");
        assert_eq!(code.chars().count(), LINE_WINDOW + 2);
        // The caret is under the 7.
        let col = caret.find('^').unwrap();
        assert_eq!(caret.trim(), "^");
        assert_eq!(code.chars().nth(col), Some('7'), "{code}\n{caret}");
    }

    #[test]
    fn a_short_line_is_shown_whole() {
        let text = "{ \"k\": 0 }";
        let out = render_human(&at(text, 7, 8));
        let (code, caret) = source_lines(&out);
        assert_eq!(code, text);
        assert_eq!(caret, "       ^");
    }

    #[test]
    fn what_was_left_out_is_counted_under_the_last_one_shown() {
        let mut d = at("[0]", 1, 2);
        d.omitted = 999_950;
        let human = render_human(&d);
        assert!(
            human.ends_with("… and 999950 more of the same code (motion.key.shape) in m.json\n"),
            "{human}"
        );
        let json = render_json(&d);
        let lines: Vec<serde_json::Value> = json
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(lines.len(), 2);
        assert_eq!(lines[0]["type"], "diagnostic");
        assert_eq!(lines[1]["type"], "omitted");
        assert_eq!(lines[1]["count"], 999_950);
        assert_eq!(lines[1]["code"], "motion.key.shape");
        assert_eq!(lines[1]["file"], "m.json");
    }
}
