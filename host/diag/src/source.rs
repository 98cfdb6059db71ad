//! This module owns a source file held in memory: its path as the user named it,
//! its text, and the mapping from byte offsets to 1-based line:column (columns
//! count characters, not bytes).

use std::path::{Path, PathBuf};
use std::sync::Arc;

/// A byte range in a source text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Span {
    /// First byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

/// A file read into memory.
#[derive(Debug)]
pub struct SourceFile {
    /// The path as the user named it (for messages).
    pub display: String,
    /// The absolute path.
    pub path: PathBuf,
    /// The text.
    pub text: String,
    /// Where each line starts, and the character counts of the marks, computed
    /// the first time a location is asked for (a build whose inputs are all
    /// green never asks).
    index: std::sync::OnceLock<Index>,
}

/// How far apart (in bytes) the marks of an [`Index`] are: a column is counted
/// from the nearest mark before it, so asking for one costs at most this many
/// bytes however long its line is (a spec may be one line of megabytes).
const MARK_EVERY: usize = 4096;

/// The line and column index of a text.
#[derive(Debug, Default)]
struct Index {
    /// The byte offset where each line starts.
    line_starts: Vec<usize>,
    /// `(byte offset, characters from its line's start)`, about every
    /// [`MARK_EVERY`] bytes, each at a character boundary.
    marks: Vec<(usize, usize)>,
}

impl Index {
    fn of(text: &str) -> Index {
        let mut index = Index {
            line_starts: vec![0],
            marks: Vec::new(),
        };
        let mut column = 0;
        let mut next_mark = MARK_EVERY;
        for (i, c) in text.char_indices() {
            if i >= next_mark {
                index.marks.push((i, column));
                next_mark = i + MARK_EVERY;
            }
            if c == '\n' {
                index.line_starts.push(i + 1);
                column = 0;
            } else {
                column += 1;
            }
        }
        index
    }
}

/// A file whose bytes are not UTF-8: the file with a lossy copy of its text
/// (every byte before the first bad one kept as it is, so line:column up to it
/// are the file's own), and the span of that first bad byte's replacement.
#[derive(Debug, Clone)]
pub struct NotUtf8 {
    /// The file, its text decoded lossily.
    pub file: Arc<SourceFile>,
    /// Where the first byte that is not UTF-8 is (its U+FFFD in the lossy text).
    pub span: Span,
    /// That byte.
    pub byte: u8,
}

impl NotUtf8 {
    /// `byte 0xff at line 3, column 7` — the first bad byte and where it is.
    pub fn describe(&self) -> String {
        let (line, column) = self.file.line_col(self.span.start);
        format!("byte 0x{:02x} at line {line}, column {column}", self.byte)
    }
}

impl SourceFile {
    /// The file read from `path` as `bytes`, if they are UTF-8 text; else
    /// where the first byte that is not is.
    pub fn from_bytes(
        display: impl Into<String>,
        path: impl AsRef<Path>,
        bytes: Vec<u8>,
    ) -> Result<Arc<Self>, NotUtf8> {
        match String::from_utf8(bytes) {
            Ok(text) => Ok(SourceFile::new(display, path, text)),
            Err(e) => {
                let at = e.utf8_error().valid_up_to();
                let bytes = e.as_bytes();
                let byte = bytes.get(at).copied().unwrap_or(0);
                let text = String::from_utf8_lossy(bytes).into_owned();
                // The prefix is kept byte for byte; the bad byte became U+FFFD.
                let end = (at + '\u{fffd}'.len_utf8()).min(text.len());
                Err(NotUtf8 {
                    file: SourceFile::new(display, path, text),
                    span: Span { start: at, end },
                    byte,
                })
            }
        }
    }

    /// Wraps `text` read from `path`.
    pub fn new(display: impl Into<String>, path: impl AsRef<Path>, text: String) -> Arc<Self> {
        Arc::new(SourceFile {
            display: display.into(),
            path: path.as_ref().to_path_buf(),
            text,
            index: std::sync::OnceLock::new(),
        })
    }

    fn index(&self) -> &Index {
        self.index.get_or_init(|| Index::of(&self.text))
    }

    /// 1-based line and column (in characters) of a byte offset. Counts at
    /// most 4 KiB of the line, however long it is.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        let index = self.index();
        let line = match index.line_starts.binary_search(&offset) {
            Ok(i) => i,
            Err(i) => i - 1,
        };
        let start = index.line_starts[line];
        let (from, column) = match index.marks.binary_search_by(|m| m.0.cmp(&offset)) {
            Ok(i) => index.marks[i],
            Err(0) => (start, 0),
            Err(i) => index.marks[i - 1],
        };
        let (from, column) = if from >= start {
            (from, column)
        } else {
            (start, 0)
        };
        let col = column
            + self
                .text
                .get(from..offset)
                .map(|s| s.chars().count())
                .unwrap_or(0);
        (line + 1, col + 1)
    }

    /// The byte offset where a 1-based line starts (the text's end past the
    /// last line).
    pub fn line_start(&self, line: usize) -> usize {
        self.index()
            .line_starts
            .get(line.wrapping_sub(1))
            .copied()
            .unwrap_or(self.text.len())
    }

    /// The text of a 1-based line, without its newline.
    pub fn line_text(&self, line: usize) -> &str {
        let line_starts = &self.index().line_starts;
        let Some(&start) = line_starts.get(line.wrapping_sub(1)) else {
            return "";
        };
        let end = line_starts
            .get(line)
            .map(|e| e - 1)
            .unwrap_or(self.text.len());
        self.text
            .get(start..end)
            .unwrap_or("")
            .trim_end_matches('\r')
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_bad_byte_is_located_by_line_and_column() {
        let bytes = b"{\n  \"name\": \"h\xc3\xa9\xff\xfe\"\n}".to_vec();
        let e = SourceFile::from_bytes("rig.json", "/p/rig.json", bytes).unwrap_err();
        assert_eq!(e.byte, 0xff);
        // Line 2: `  "name": "hé` is 13 characters, so the bad byte is the 14th.
        assert_eq!(e.file.line_col(e.span.start), (2, 14));
        assert_eq!(e.describe(), "byte 0xff at line 2, column 14");
        assert_eq!(&e.file.text[e.span.start..e.span.end], "\u{fffd}");
        assert!(SourceFile::from_bytes("a", "/a", b"ok".to_vec()).is_ok());
    }

    /// Line and column by the marks agree with counting from the line's start,
    /// on long lines with multi-byte characters and on short ones.
    #[test]
    fn columns_by_the_marks_are_counted_columns() {
        let line = "aé😀 ".repeat(3000);
        let text = format!("x\n{line}\n\nyz{line}");
        let file = SourceFile::new("t", "/t", text.clone());
        let counted = |offset: usize| {
            let before = &text[..offset];
            let line = before.matches('\n').count() + 1;
            let start = before.rfind('\n').map_or(0, |i| i + 1);
            (line, text[start..offset].chars().count() + 1)
        };
        for (offset, _) in text.char_indices().step_by(97).chain([(text.len(), ' ')]) {
            assert_eq!(file.line_col(offset), counted(offset), "offset {offset}");
        }
        assert_eq!(file.line_start(3), text.find("\n\n").unwrap() + 1);
    }
}
