//! This module owns the last step of a green build: writing its files into
//! `--out` (atomically, page copies first), then recording its trace — only once
//! every file is written, so a trace never describes outputs that are not there.

use rigc_diag::codes;

use super::result::TargetResult;
use super::trace::{Trace, TRACE_STAGE};
use crate::cache::{Cache, Hash};
use crate::stages::atlas::PageCopy;
use rigc_diag::Diagnostic;
use rigc_sdk::abi::EmittedFile;
use std::path::PathBuf;
use std::time::Instant;

/// The last step of a green build: writing its files into `--out`, then
/// recording its trace. Split off so a many-target build can hand it to a writer
/// thread and start its next target while the disk syncs the files (see
/// `runner`); [`super::run_target`] does it at once.
pub struct Writes {
    pub(super) out_dir: PathBuf,
    pub(super) copies: Vec<PageCopy>,
    pub(super) files: Vec<EmittedFile>,
    pub(super) trace: Option<(Hash, Trace)>,
    pub(super) start: Instant,
}

impl Writes {
    /// Writes the files, noting each in `result` (a failure is a `write.failed`
    /// refusal on it), records the trace when every file is written, and sets
    /// the result's time.
    pub fn finish(self, cache: &Cache, result: &mut TargetResult) {
        let out_dir = &self.out_dir;
        let fail = |what: String| {
            vec![Diagnostic::new(codes::WRITE_FAILED, what)
                .help("check the output directory's permissions and free space")]
        };
        let written: Result<(), Vec<Diagnostic>> = (|| {
            std::fs::create_dir_all(out_dir)
                .map_err(|e| fail(format!("cannot create {}: {e}", out_dir.display())))?;
            for c in &self.copies {
                let w = rigc_diag::write::copy_atomic(&c.from, &out_dir.join(&c.to_name))
                    .map_err(|e| fail(format!("cannot copy {}: {e}", c.from.display())))?;
                result.copies.push((c.clone(), w));
            }
            for f in &self.files {
                let path = out_dir.join(&f.name);
                let w = rigc_diag::write::write_atomic(&path, f.text.as_bytes())
                    .map_err(|e| fail(format!("cannot write {}: {e}", path.display())))?;
                result.written.push(w);
            }
            Ok(())
        })();
        match written {
            Err(diags) => result.diagnostics.extend(diags),
            // Like every cache write, a failure costs the next build its shortcut only.
            Ok(()) => {
                if let Some((key, trace)) = &self.trace {
                    let _ = cache.put_binary_entry(key, TRACE_STAGE, trace);
                }
            }
        }
        result.elapsed = self.start.elapsed();
    }
}
