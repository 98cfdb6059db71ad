//! This module owns how many diagnostics of one code one file may hold and
//! show, so that a flood (a million refused elements of one array) costs
//! neither unbounded memory nor unbounded output: a collection ([`Diags`])
//! keeps the first [`KEPT_PER_CODE`] of each code in each file and counts the
//! rest, and a printout shows the first [`SHOWN_PER_CODE`] ([`cap`]) unless
//! every diagnostic kept was asked for. What is left out is counted on the
//! last one kept ([`Diagnostic::omitted`]), which renders as `… and N more of
//! the same code`.

use crate::codes::Code;
use crate::diagnostic::Diagnostic;
use std::collections::HashMap;

/// How many diagnostics of one code in one file a printout shows (the rest are
/// counted: `… and N more of the same code`).
pub const SHOWN_PER_CODE: usize = 50;

/// How many diagnostics of one code in one file a collection keeps — what
/// `--all-diagnostics` can print. Beyond it they are only counted, so a flood's
/// memory is bounded (about 0.5 KiB a diagnostic: some 5 MiB a code and file).
pub const KEPT_PER_CODE: usize = 10_000;

/// Diagnostics gathered so a file is refused once with all of them, keeping at
/// most `limit` of one code in one file (in push order) and counting the rest.
#[derive(Debug, Clone)]
pub struct Diags {
    kept: Vec<Diagnostic>,
    groups: HashMap<(usize, Code), Group>,
    limit: usize,
    pushed: usize,
}

/// One code in one file, so far.
#[derive(Debug, Clone, Copy)]
struct Group {
    /// How many are kept.
    kept: usize,
    /// The index of the last one kept.
    last: usize,
    /// How many were left out (their own `omitted` included).
    left_out: usize,
}

impl Default for Diags {
    fn default() -> Self {
        Diags::with_limit(KEPT_PER_CODE)
    }
}

impl Diags {
    /// An empty collection keeping [`KEPT_PER_CODE`] of a code and file.
    pub fn new() -> Self {
        Diags::default()
    }

    /// An empty collection keeping `limit` of a code and file.
    pub fn with_limit(limit: usize) -> Self {
        Diags {
            kept: Vec::new(),
            groups: HashMap::new(),
            limit: limit.max(1),
            pushed: 0,
        }
    }

    /// Records one diagnostic: kept while its code and file have fewer than the
    /// limit, else counted.
    pub fn push(&mut self, d: Diagnostic) {
        self.pushed += 1;
        // A file is told apart by its one shared `SourceFile`; one with no
        // location is grouped by its code alone.
        let file = d
            .loc
            .as_ref()
            .map_or(0, |l| std::sync::Arc::as_ptr(&l.file) as usize);
        let index = self.kept.len();
        let group = self.groups.entry((file, d.code)).or_insert(Group {
            kept: 0,
            last: index,
            left_out: 0,
        });
        if group.kept < self.limit {
            group.kept += 1;
            group.last = index;
            self.kept.push(d);
        } else {
            group.left_out += 1 + d.omitted;
        }
    }

    /// How many were pushed, kept or not (so `len()` unchanged means nothing
    /// was refused since).
    pub fn len(&self) -> usize {
        self.pushed
    }

    /// Was nothing pushed?
    pub fn is_empty(&self) -> bool {
        self.pushed == 0
    }

    /// The diagnostics kept, in push order.
    pub fn iter(&self) -> std::slice::Iter<'_, Diagnostic> {
        self.kept.iter()
    }

    /// The diagnostics kept, in push order, each code and file's count of those
    /// left out added to the last one kept.
    pub fn into_vec(mut self) -> Vec<Diagnostic> {
        for g in self.groups.values().filter(|g| g.left_out > 0) {
            if let Some(d) = self.kept.get_mut(g.last) {
                d.omitted += g.left_out;
            }
        }
        self.kept
    }
}

impl Extend<Diagnostic> for Diags {
    fn extend<I: IntoIterator<Item = Diagnostic>>(&mut self, iter: I) {
        for d in iter {
            self.push(d);
        }
    }
}

impl From<Diags> for Vec<Diagnostic> {
    fn from(d: Diags) -> Self {
        d.into_vec()
    }
}

/// `diags` as a printout shows them: the first `shown` of each code in each
/// file, the rest counted on the last one shown.
pub fn cap(diags: &[Diagnostic], shown: usize) -> Vec<Diagnostic> {
    let mut out = Diags::with_limit(shown);
    out.extend(diags.iter().cloned());
    out.into_vec()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codes;
    use crate::source::{SourceFile, Span};
    use crate::Loc;

    fn at(file: &std::sync::Arc<SourceFile>, code: Code, i: usize) -> Diagnostic {
        Diagnostic::new(code, format!("#{i}")).at(Loc {
            file: file.clone(),
            pointer: format!("/{i}"),
            span: Span::default(),
        })
    }

    #[test]
    fn each_code_and_file_keeps_its_first_and_counts_the_rest() {
        let a = SourceFile::new("a.json", "/a.json", "0".into());
        let b = SourceFile::new("b.json", "/b.json", "0".into());
        let mut d = Diags::with_limit(3);
        for i in 0..10 {
            d.push(at(&a, codes::MOTION_KEY_SHAPE, i));
            if i % 2 == 0 {
                d.push(at(&b, codes::MOTION_KEY_SHAPE, i));
            }
        }
        d.push(at(&a, codes::SPEC_UNKNOWN_KEY, 99));
        assert_eq!(d.len(), 16);
        let kept = d.into_vec();
        let summary: Vec<(String, String, usize)> = kept
            .iter()
            .map(|d| {
                let file = d
                    .loc
                    .as_ref()
                    .map(|l| l.file.display.clone())
                    .unwrap_or_default();
                (file, d.message.clone(), d.omitted)
            })
            .collect();
        let row = |f: &str, m: &str, n: usize| (f.to_string(), m.to_string(), n);
        assert_eq!(
            summary,
            [
                row("a.json", "#0", 0),
                row("b.json", "#0", 0),
                row("a.json", "#1", 0),
                row("a.json", "#2", 7),
                row("b.json", "#2", 0),
                row("b.json", "#4", 2),
                row("a.json", "#99", 0),
            ]
        );
        // Capping again counts what the first cap counted.
        let capped = cap(&kept, 1);
        let omitted: Vec<(String, usize)> = capped
            .iter()
            .map(|d| (d.message.clone(), d.omitted))
            .collect();
        let row = |m: &str, n: usize| (m.to_string(), n);
        assert_eq!(omitted, [row("#0", 9), row("#0", 4), row("#99", 0)]);
    }
}
