//! This module owns the last step of a green build: writing its files — the
//! page copies (under `--copy-images`), the packed pages (under `--pack`) and
//! the emitted texts — into `--out` as
//! one unit ([`rigc_diag::write::set`]: a reader sees the whole old set or the
//! whole new set, whatever signal arrives), then recording its trace — only
//! once every file is written, so a trace never describes outputs that are not
//! there. A target of `rigc.toml` writes only inside its project, checked on
//! the output directory as it resolves when the files are written.

use rigc_diag::codes;

use super::result::TargetResult;
use super::trace::{Trace, TRACE_STAGE};
use crate::cache::{Cache, Hash};
use crate::project;
use crate::stages::atlas::PageCopy;
use rigc_diag::write::set::{self, Content, File};
use rigc_diag::Diagnostic;
use rigc_sdk::abi::EmittedFile;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// The last step of a green build: writing its files into `--out`, then
/// recording its trace. Split off so a many-target build can hand it to a writer
/// thread and start its next target while the disk syncs the files (see
/// `runner`); [`super::run_target`] does it at once.
pub struct Writes {
    pub(super) out_dir: PathBuf,
    /// The project root `out_dir` must resolve inside (a target of `rigc.toml`).
    pub(super) bound: Option<PathBuf>,
    /// Why the directory itself must stay (it holds an input of the build).
    pub(super) in_place: Option<String>,
    pub(super) copies: Vec<PageCopy>,
    /// `--pack`'s pages: file name and PNG bytes.
    pub(super) pages: Vec<(String, Vec<u8>)>,
    pub(super) files: Vec<EmittedFile>,
    pub(super) trace: Option<(Hash, Trace)>,
    pub(super) start: Instant,
}

impl Writes {
    /// Writes the files as one unit, noting each in `result` (a failure is a
    /// `write.failed` refusal on it, and nothing was replaced), records the
    /// trace when every file is written, and sets the result's time.
    pub fn finish(self, cache: &Cache, result: &mut TargetResult) {
        if let Some(root) = &self.bound {
            let now = project::canonical_or_self(&self.out_dir);
            if let Some(d) = escapes(&self.out_dir, &now, root) {
                result.diagnostics.push(d);
                result.elapsed = self.start.elapsed();
                return;
            }
        }
        let files: Vec<File<'_>> = self
            .copies
            .iter()
            .map(|c| File {
                name: &c.to_name,
                content: Content::CopyOf(&c.from),
            })
            .chain(self.pages.iter().map(|(name, bytes)| File {
                name,
                content: Content::Bytes(bytes),
            }))
            .chain(self.files.iter().map(|f| File {
                name: &f.name,
                content: Content::Bytes(f.text.as_bytes()),
            }))
            .collect();
        match set::write_set(&self.out_dir, &files, self.in_place.as_deref()) {
            Err(e) => result.diagnostics.push(
                Diagnostic::new(codes::WRITE_FAILED, format!("cannot write {e}"))
                    .help(if e.partial {
                        "the disk refused midway; some files of the new build are in place — fix the cause and build again"
                    } else {
                        "nothing in the output directory was changed; fix the path, its permissions or free space"
                    }),
            ),
            Ok(report) => {
                if let set::Unit::InPlace(why) = &report.unit {
                    result.warnings.push(format!(
                        "rigc: warning: {} was updated file by file, not swapped in whole, because {why}: a kill midway could have left new files beside old ones",
                        self.out_dir.display()
                    ));
                }
                let mut written = report.written.into_iter();
                for c in &self.copies {
                    if let Some(w) = written.next() {
                        result.copies.push((c.clone(), w));
                    }
                }
                result.written.extend(written);
                // Like every cache write, a failure costs the next build its shortcut only.
                if let Some((key, trace)) = &self.trace {
                    let _ = cache.put_binary_entry(key, TRACE_STAGE, trace);
                }
            }
        }
        result.elapsed = self.start.elapsed();
    }
}

/// The refusal of an output directory `out_dir` that resolves (`resolved`)
/// outside `root` — a symlink out of the project, made before or during the
/// build —, if it does.
pub(super) fn escapes(out_dir: &Path, resolved: &Path, root: &Path) -> Option<Diagnostic> {
    (!resolved.starts_with(root)).then(|| {
        Diagnostic::new(
            codes::WRITE_OUT_ESCAPES_PROJECT,
            format!(
                "the output directory {} resolves to {}, outside the project {}",
                out_dir.display(),
                resolved.display(),
                root.display()
            ),
        )
        .help("a target of rigc.toml writes inside its project: make `out` a real directory there, not a symlink out of it")
    })
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    #[test]
    fn an_out_directory_is_bounded_as_it_resolves_when_written() {
        let root = tempfile::tempdir().unwrap();
        let outside = tempfile::tempdir().unwrap();
        let root_path = std::fs::canonicalize(root.path()).unwrap();
        let inside = root_path.join("build/t");
        let resolved = |p: &Path| project::canonical_or_self(p);
        assert!(
            escapes(&inside, &resolved(&inside), &root_path).is_none(),
            "a missing directory inside"
        );
        std::fs::create_dir_all(root_path.join("build")).unwrap();
        std::os::unix::fs::symlink(outside.path(), &inside).unwrap();
        let d =
            escapes(&inside, &resolved(&inside), &root_path).expect("a symlink out of the project");
        assert_eq!(d.code, codes::WRITE_OUT_ESCAPES_PROJECT);
        assert!(d.message.contains("outside the project"), "{}", d.message);
    }
}
