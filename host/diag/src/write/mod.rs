//! This module owns writing files so that no reader sees one half-written:
//! one file atomically — to a temporary beside it, synced, then renamed, and
//! left untouched when it already holds the bytes — and a set of files into
//! one directory as a unit ([`set`]).

pub mod set;

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

/// What happened to one output file.
#[derive(Debug, Clone, PartialEq)]
pub enum Written {
    /// The file was (re)written.
    Wrote(PathBuf),
    /// The file already held exactly these bytes.
    Unchanged(PathBuf),
}

/// Writes `bytes` to `path` atomically, unless the file already holds them.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<Written> {
    if let Ok(existing) = fs::read(path) {
        if existing == bytes {
            return Ok(Written::Unchanged(path.to_path_buf()));
        }
    }
    let dir = path.parent().unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let tmp = dir.join(crate::temp::own_name(&name));
    let result = (|| {
        let mut f = fs::File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result.map(|_| Written::Wrote(path.to_path_buf()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn atomic_write_and_unchanged() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("a.json");
        assert_eq!(write_atomic(&p, b"x").unwrap(), Written::Wrote(p.clone()));
        assert_eq!(
            write_atomic(&p, b"x").unwrap(),
            Written::Unchanged(p.clone())
        );
        assert_eq!(fs::read(&p).unwrap(), b"x");
        let names: Vec<_> = fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names.len(), 1, "no temporary file left behind");
    }
}
