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
    /// Where each line starts, computed the first time a location is asked for
    /// (a build whose inputs are all green never asks).
    line_starts: std::sync::OnceLock<Vec<usize>>,
}

impl SourceFile {
    /// Wraps `text` read from `path`.
    pub fn new(display: impl Into<String>, path: impl AsRef<Path>, text: String) -> Arc<Self> {
        Arc::new(SourceFile {
            display: display.into(),
            path: path.as_ref().to_path_buf(),
            text,
            line_starts: std::sync::OnceLock::new(),
        })
    }

    fn line_starts(&self) -> &[usize] {
        self.line_starts.get_or_init(|| {
            let mut starts = vec![0];
            starts.extend(self.text.match_indices('\n').map(|(i, _)| i + 1));
            starts
        })
    }

    /// 1-based line and column (in characters) of a byte offset.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let offset = offset.min(self.text.len());
        let line_starts = self.line_starts();
        let line = match line_starts.binary_search(&offset) {
            Ok(i) => i,
            Err(i) => i - 1,
        };
        let start = line_starts[line];
        let col = self
            .text
            .get(start..offset)
            .map(|s| s.chars().count())
            .unwrap_or(offset - start);
        (line + 1, col + 1)
    }

    /// The text of a 1-based line, without its newline.
    pub fn line_text(&self, line: usize) -> &str {
        let line_starts = self.line_starts();
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
