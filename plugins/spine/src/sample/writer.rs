//! This module owns the text of the pose document: JSON written as it is
//! made, value by value, with numbers spelled as JavaScript spells them
//! (`NaN` and the infinities as the strings `"NaN"`, `"Infinity"`,
//! `"-Infinity"`), in the two layouts of the oracle's `stringify` — compact
//! (one line) or indented, where an array of plain values and an object of
//! at most 10 plain values go on one line and anything else is one entry a
//! line.
//!
//! No tree is built. In the indented layout a container opens *undecided*:
//! its entries are written on one line, and if a container entry (or an
//! object's 11th) arrives, the entries so far are laid out again one a line.
//! Only the innermost open container can be undecided, so one list of entry
//! offsets serves. The text waits in a buffer that [`JsonWriter::flush_ready`]
//! hands to the writer between values, up to the first undecided container.

use crate::num::push_f64_text;
use std::io::{self, Write};

/// Which of the oracle's two layouts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Layout {
    /// `stringify(value, false)`: indented by two spaces a level.
    Pretty,
    /// `stringify(value, true)`: one line, no spaces.
    Compact,
}

/// How much text waits before [`JsonWriter::flush_ready`] writes it.
const FLUSH_AT: usize = 1 << 16;
/// More entries than this put an object one entry a line.
const INLINE_KEYS: usize = 10;

#[derive(Debug)]
struct Level {
    object: bool,
    /// Offset of its bracket in the buffer.
    start: usize,
    /// Entries so far.
    count: usize,
    /// Laid out one entry a line (always, in the compact layout: no choice).
    block: bool,
}

/// A JSON writer in one of the oracle's layouts; see the module doc. Values
/// are written in order: in an object, [`key`](Self::key) then the value; in
/// an array, the values. The text reaches `out` at
/// [`flush_ready`](Self::flush_ready) and [`finish`](Self::finish).
#[derive(Debug)]
pub struct JsonWriter<W: Write> {
    out: W,
    layout: Layout,
    buf: Vec<u8>,
    stack: Vec<Level>,
    /// The undecided container's entries: where each starts, from its bracket.
    entries: Vec<usize>,
    scratch: Vec<u8>,
    /// Bytes handed to `out` so far.
    written: u64,
}

impl<W: Write> JsonWriter<W> {
    /// A writer of one value to `out` in `layout`.
    pub fn new(out: W, layout: Layout) -> JsonWriter<W> {
        JsonWriter {
            out,
            layout,
            buf: Vec::with_capacity(FLUSH_AT + FLUSH_AT / 2),
            stack: Vec::new(),
            entries: Vec::new(),
            scratch: Vec::new(),
            written: 0,
        }
    }

    /// Bytes handed to the output so far.
    pub fn written(&self) -> u64 {
        self.written
    }

    /// Opens an object (the value of a key, an array's element, or the value).
    pub fn begin_object(&mut self) {
        self.open(true);
    }

    /// Opens an array.
    pub fn begin_array(&mut self) {
        self.open(false);
    }

    /// Closes the innermost open container.
    pub fn end(&mut self) {
        let Some(level) = self.stack.pop() else {
            return;
        };
        let close = if level.object { b'}' } else { b']' };
        if level.block && level.count > 0 && self.layout == Layout::Pretty {
            self.buf.push(b'\n');
            self.pad(self.stack.len());
        }
        if !level.block {
            self.entries.clear();
        }
        self.buf.push(close);
    }

    /// The next key of the innermost object.
    pub fn key(&mut self, key: &str) {
        self.entry();
        self.string(key);
        self.buf.extend_from_slice(match self.layout {
            Layout::Pretty => b": ",
            Layout::Compact => b":",
        });
    }

    /// A number.
    pub fn num(&mut self, x: f64) {
        self.element();
        self.number(x);
    }

    /// A string.
    pub fn str(&mut self, s: &str) {
        self.element();
        self.string(s);
    }

    /// A string, or `null`.
    pub fn opt_str(&mut self, s: Option<&str>) {
        match s {
            Some(s) => self.str(s),
            None => self.null(),
        }
    }

    /// `true` or `false`.
    pub fn bool(&mut self, b: bool) {
        self.element();
        self.buf
            .extend_from_slice(if b { b"true" } else { b"false" });
    }

    /// `null`.
    pub fn null(&mut self) {
        self.element();
        self.buf.extend_from_slice(b"null");
    }

    /// An array of numbers (plain values: one line in either layout).
    pub fn nums<I: IntoIterator<Item = f64>>(&mut self, values: I) {
        self.container_entry();
        self.buf.push(b'[');
        for (i, x) in values.into_iter().enumerate() {
            if i > 0 {
                self.separator();
            }
            self.number(x);
        }
        self.buf.push(b']');
    }

    /// An array of strings (plain values: one line in either layout).
    pub fn strs<'s, I: IntoIterator<Item = &'s str>>(&mut self, values: I) {
        self.container_entry();
        self.buf.push(b'[');
        for (i, s) in values.into_iter().enumerate() {
            if i > 0 {
                self.separator();
            }
            self.string(s);
        }
        self.buf.push(b']');
    }

    /// Hands the text so far to the output once a buffer's worth waits (up
    /// to the first undecided container, whose layout may still change).
    pub fn flush_ready(&mut self) -> io::Result<()> {
        if self.buf.len() < FLUSH_AT {
            return Ok(());
        }
        let ready = self
            .stack
            .iter()
            .find(|l| !l.block)
            .map_or(self.buf.len(), |l| l.start);
        if ready == 0 {
            return Ok(());
        }
        self.out.write_all(&self.buf[..ready])?;
        self.written += ready as u64;
        self.buf.drain(..ready);
        for level in &mut self.stack {
            level.start = level.start.saturating_sub(ready);
        }
        Ok(())
    }

    /// Closes what is open, writes the rest (and `tail`), flushes the
    /// output and returns it.
    pub fn finish(mut self, tail: &[u8]) -> io::Result<W> {
        while !self.stack.is_empty() {
            self.end();
        }
        self.buf.extend_from_slice(tail);
        self.out.write_all(&self.buf)?;
        self.written += self.buf.len() as u64;
        self.out.flush()?;
        Ok(self.out)
    }

    fn open(&mut self, object: bool) {
        self.container_entry();
        self.stack.push(Level {
            object,
            start: self.buf.len(),
            count: 0,
            block: self.layout == Layout::Compact,
        });
        self.buf.push(if object { b'{' } else { b'[' });
    }

    /// Before a container value: an entry that is not plain, so the parent
    /// is laid out one entry a line.
    fn container_entry(&mut self) {
        self.element();
        if self.stack.last().is_some_and(|l| !l.block) {
            self.lay_out_one_a_line();
        }
    }

    /// Before a value: an array's element begins an entry (an object's
    /// value follows its key, which began it).
    fn element(&mut self) {
        if self.stack.last().is_some_and(|l| !l.object) {
            self.entry();
        }
    }

    /// Begins an entry of the innermost container.
    fn entry(&mut self) {
        let Some(level) = self.stack.last() else {
            return;
        };
        if !level.block && level.object && level.count == INLINE_KEYS {
            self.lay_out_one_a_line();
        }
        let depth = self.stack.len();
        let Some(level) = self.stack.last_mut() else {
            return;
        };
        let first = level.count == 0;
        level.count += 1;
        if !level.block {
            let start = level.start;
            if !first {
                self.separator();
            }
            self.entries.push(self.buf.len() - start);
        } else if self.layout == Layout::Pretty {
            self.buf
                .extend_from_slice(if first { b"\n" } else { b",\n" });
            self.pad(depth);
        } else if !first {
            self.buf.push(b',');
        }
    }

    /// Lays out the undecided innermost container's entries so far one a
    /// line (the last one may be a key still waiting for its value).
    fn lay_out_one_a_line(&mut self) {
        let depth = self.stack.len();
        let Some(level) = self.stack.last_mut() else {
            return;
        };
        level.block = true;
        let body = level.start + 1;
        self.scratch.clear();
        self.scratch.extend_from_slice(&self.buf[body..]);
        self.buf.truncate(body);
        let sep = b", ".len();
        let n = self.entries.len();
        for i in 0..n {
            let from = self.entries[i] - 1;
            let to = self
                .entries
                .get(i + 1)
                .map_or(self.scratch.len(), |&e| e - 1 - sep);
            self.buf
                .extend_from_slice(if i == 0 { b"\n" } else { b",\n" });
            self.pad(depth);
            self.buf.extend_from_slice(&self.scratch[from..to]);
        }
        self.entries.clear();
    }

    fn separator(&mut self) {
        self.buf.extend_from_slice(match self.layout {
            Layout::Pretty => b", ",
            Layout::Compact => b",",
        });
    }

    fn pad(&mut self, depth: usize) {
        self.buf.extend(std::iter::repeat_n(b' ', 2 * depth));
    }

    fn number(&mut self, x: f64) {
        if x.is_nan() {
            self.buf.extend_from_slice(b"\"NaN\"");
        } else if x.is_infinite() {
            self.buf.extend_from_slice(if x > 0.0 {
                b"\"Infinity\""
            } else {
                b"\"-Infinity\""
            });
        } else {
            push_f64_text(x, &mut self.buf);
        }
    }

    fn string(&mut self, s: &str) {
        // Writing into a Vec cannot fail.
        let _ = serde_json::to_writer(&mut self.buf, s);
    }
}
