//! This module owns the diagnostic: a refusal of bad input as data (STYLE.md §5
//! — a finding, not a crash), with a stable code, the message the specs give,
//! where the offending value is (file, JSON pointer, line:column), the value
//! itself and the fix. [`crate::render`] prints it.

use crate::codes::Code;
use crate::source::{NotUtf8, SourceFile, Span};
use std::sync::Arc;

/// Where a diagnostic points.
#[derive(Debug, Clone)]
pub struct Loc {
    /// The file.
    pub file: Arc<SourceFile>,
    /// RFC 6901 pointer of the value ("" for the whole document).
    pub pointer: String,
    /// Byte span of the value (or of the offending key).
    pub span: Span,
}

impl Loc {
    /// 1-based line and column of the start.
    pub fn line_col(&self) -> (usize, usize) {
        self.file.line_col(self.span.start)
    }

    /// Where this is, as plain values (for a report that outlives the file).
    pub fn place(&self) -> Place {
        let (line, column) = self.line_col();
        Place {
            file: self.file.display.clone(),
            pointer: self.pointer.clone(),
            line,
            column,
        }
    }
}

/// A place in a file rigc read, as plain values: the file as the user named
/// it, the JSON pointer of the value, its 1-based line and column.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Place {
    /// The file, as the user named it.
    pub file: String,
    /// RFC 6901 pointer of the value ("" for the whole document).
    pub pointer: String,
    /// 1-based line.
    pub line: usize,
    /// 1-based column (in characters).
    pub column: usize,
}

impl std::fmt::Display for Place {
    /// `file:line:col at /pointer`, as a diagnostic's `-->` line shows it.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let pointer = if self.pointer.is_empty() {
            "(the whole file)"
        } else {
            &self.pointer
        };
        write!(
            f,
            "{}:{}:{} at {pointer}",
            self.file, self.line, self.column
        )
    }
}

/// Which family a diagnostic belongs to (CLI.md exit codes and prefixes).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Class {
    /// A spec refusal (`rigc compile error:`), exit 1.
    Compile,
    /// A Spine 4.3 construct rigc does not compile yet, exit 1.
    NotImplemented,
}

/// One refusal.
#[derive(Debug, Clone)]
pub struct Diagnostic {
    /// Stable machine name, e.g. `rig.bone.parent-undeclared`: one of the
    /// registry's ([`crate::codes`]).
    pub code: Code,
    /// Family.
    pub class: Class,
    /// The message (without the `<file>: ` prefix; the renderer adds it).
    pub message: String,
    /// Where the offending value is, when it is in a file rigc read.
    pub loc: Option<Loc>,
    /// The offending value as JSON text (shortened), when there is one.
    pub value: Option<String>,
    /// The fix, in words.
    pub help: Option<String>,
    /// Further locations worth seeing (e.g. the first of two duplicates).
    pub related: Vec<(String, Loc)>,
    /// How many more diagnostics of this code in this file were left out after
    /// this one (0 but for the last one kept: [`crate::limit`]).
    pub omitted: usize,
}

impl Diagnostic {
    /// A compile error with a code and message.
    pub fn new(code: Code, message: impl Into<String>) -> Self {
        Diagnostic {
            code,
            class: Class::Compile,
            message: message.into(),
            loc: None,
            value: None,
            help: None,
            related: Vec::new(),
            omitted: 0,
        }
    }

    /// The refusal of a file that is not UTF-8 text (`code`), at its first bad
    /// byte: `cannot read <file>: it is not UTF-8 text (byte 0xff at line 3,
    /// column 7 is not)`, with the fix `help`.
    pub fn not_utf8(code: Code, e: &NotUtf8, help: &str) -> Self {
        Diagnostic::new(
            code,
            format!(
                "cannot read {}: it is not UTF-8 text ({} is not)",
                e.file.display,
                e.describe()
            ),
        )
        .at_without_value(Loc {
            file: e.file.clone(),
            pointer: String::new(),
            span: e.span,
        })
        .help(help)
    }

    /// A "not implemented yet" refusal.
    pub fn not_implemented(code: Code, message: impl Into<String>) -> Self {
        Diagnostic {
            class: Class::NotImplemented,
            ..Diagnostic::new(code, message)
        }
    }

    /// Points the diagnostic at `loc`, and records the value found there.
    pub fn at(mut self, loc: Loc) -> Self {
        if self.value.is_none() {
            let text = loc
                .file
                .text
                .get(loc.span.start..loc.span.end)
                .unwrap_or("");
            if !text.is_empty() {
                self.value = Some(shorten(text));
            }
        }
        self.loc = Some(loc);
        self
    }

    /// Points at `loc` without recording a value (e.g. an absent key's object).
    pub fn at_without_value(mut self, loc: Loc) -> Self {
        self.loc = Some(loc);
        self
    }

    /// Sets the fix.
    pub fn help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    /// Adds a related location.
    pub fn related(mut self, what: impl Into<String>, loc: Loc) -> Self {
        self.related.push((what.into(), loc));
        self
    }

    /// The message as printed: `<file>: <message>` when the diagnostic has a file.
    pub fn full_message(&self) -> String {
        match &self.loc {
            Some(loc) if !self.message.starts_with(&format!("{}:", loc.file.display)) => {
                format!("{}: {}", loc.file.display, self.message)
            }
            _ => self.message.clone(),
        }
    }
}

/// Shortens a value's text to one line of at most 80 characters, reading no
/// more of it than that (a value may be a whole megabyte-long array).
fn shorten(text: &str) -> String {
    let mut out = String::new();
    let mut count = 0;
    for (i, word) in text.split_whitespace().enumerate() {
        for c in (i > 0).then_some(' ').into_iter().chain(word.chars()) {
            if count == 80 {
                let cut: String = out.chars().take(77).collect();
                return format!("{cut}…");
            }
            out.push(c);
            count += 1;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::shorten;

    #[test]
    fn a_value_is_shortened_to_one_line_of_80() {
        assert_eq!(shorten("[1,\n  2]"), "[1, 2]");
        let eighty = "x".repeat(80);
        assert_eq!(shorten(&eighty), eighty);
        let long = format!("[{}]", "0, ".repeat(1_000_000));
        let short = shorten(&long);
        assert_eq!(short.chars().count(), 78);
        assert!(short.starts_with("[0, 0,") && short.ends_with('…'));
    }
}
