//! This module owns the private copies of plugin libraries a build loads, in
//! the cache's `plugins/` directory: a copy is named by the blake3 of its
//! bytes, and it is trusted only when it hashes to its name. The library it is
//! made from is hashed on every load (that hash is the plugin's identity); an
//! existing copy of that name is hashed too before it is used, and one that
//! does not hash to its name (replaced by another library, truncated, flipped)
//! is named (`plugin.copy-corrupt`), deleted, and made again from the library.
//! A copy is written to a temporary of rigc's naming and renamed into place.

use crate::cache::{self, hex, Hash};
use rigc_diag::codes;
use std::io::Write;
use std::path::{Path, PathBuf};

/// A verified copy.
#[derive(Debug)]
pub struct Verified {
    /// The blake3 of the library's bytes, and so of the copy's.
    pub identity: Hash,
    /// The copy.
    pub path: PathBuf,
    /// The notice when a copy of that name was found corrupt and remade.
    pub notice: Option<String>,
}

/// Why no verified copy could be had.
#[derive(Debug)]
pub enum CopyError {
    /// The library itself cannot be read.
    Source(std::io::Error),
    /// The copy cannot be written.
    Copy(std::io::Error),
}

/// The blake3 of the file at `path`, read in pieces.
fn hash_file(path: &Path) -> std::io::Result<Hash> {
    cache::hash_stream(std::fs::File::open(path)?, |_| Ok(()))
}

/// A copy of the library `source` in `copies`, named `<blake3>.<ext>` and
/// verified (see the module's doc).
pub fn verified(source: &Path, copies: &Path, ext: &str) -> Result<Verified, CopyError> {
    let identity = hash_file(source).map_err(CopyError::Source)?;
    let path = copies.join(format!("{}.{ext}", hex(&identity)));
    let fault = match std::fs::File::open(&path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => Some(format!("cannot be read ({e})")),
        Ok(f) => {
            let len = f.metadata().map(|m| m.len()).unwrap_or(0);
            match cache::hash_stream(f, |_| Ok(())) {
                Ok(h) if h == identity => {
                    return Ok(Verified {
                        identity,
                        path,
                        notice: None,
                    })
                }
                Ok(h) => Some(format!(
                    "is corrupt: its {len} bytes hash to {}, not to its name",
                    hex(&h)
                )),
                Err(e) => Some(format!("cannot be read ({e})")),
            }
        }
    };
    if fault.is_some() {
        // Replaced below by the rename whether or not this succeeds.
        let _ = std::fs::remove_file(&path);
    }
    let identity = copy_in(source, copies, ext, &identity)?;
    let path = copies.join(format!("{}.{ext}", hex(&identity)));
    let notice = fault.map(|fault| {
        cache::notice(
            codes::PLUGIN_COPY_CORRUPT,
            &format!(
                "the cached copy {} of plugin library {} {fault} — deleted; it was copied again from the library",
                path.display(),
                source.display()
            ),
        )
    });
    Ok(Verified {
        identity,
        path,
        notice,
    })
}

/// Copies `source` into `copies` while hashing it (one pass, in pieces: the
/// copy holds exactly the bytes its name is the hash of), by way of a
/// temporary named for `expected`, and returns the copy's hash — `expected`,
/// unless the library changed since it was hashed.
fn copy_in(source: &Path, copies: &Path, ext: &str, expected: &Hash) -> Result<Hash, CopyError> {
    let original = std::fs::File::open(source).map_err(CopyError::Source)?;
    let tmp = copies.join(rigc_diag::temp::own_name(&format!(
        "{}.{ext}",
        hex(expected)
    )));
    let mut out = std::fs::File::create(&tmp).map_err(CopyError::Copy)?;
    let mut write_failed = false;
    let hashed = cache::hash_stream(original, |piece| {
        out.write_all(piece).inspect_err(|_| write_failed = true)
    });
    drop(out);
    let placed = hashed
        .map_err(|e| match write_failed {
            true => CopyError::Copy(e),
            false => CopyError::Source(e),
        })
        .and_then(|h| {
            let copy = copies.join(format!("{}.{ext}", hex(&h)));
            std::fs::rename(&tmp, &copy).map_err(CopyError::Copy)?;
            Ok(h)
        });
    if placed.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    placed
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_copy_is_used_only_when_it_hashes_to_its_name() {
        let dir = tempfile::tempdir().unwrap();
        let (source, copies) = (dir.path().join("lib.so"), dir.path().join("plugins"));
        std::fs::create_dir(&copies).unwrap();
        std::fs::write(&source, vec![7u8; 300_000]).unwrap();
        let first = verified(&source, &copies, "so").unwrap();
        assert_eq!(first.identity, cache::hash(&[7u8; 300_000]));
        assert!(first.notice.is_none());
        assert_eq!(std::fs::read(&first.path).unwrap(), vec![7u8; 300_000]);
        // Sound: used as it is.
        let again = verified(&source, &copies, "so").unwrap();
        assert_eq!((again.identity, again.notice), (first.identity, None));
        // Replaced, then truncated: named, and made again from the library.
        for bad in [&b"another library"[..], &vec![7u8; 4096][..]] {
            std::fs::write(&first.path, bad).unwrap();
            let remade = verified(&source, &copies, "so").unwrap();
            assert_eq!(remade.identity, first.identity);
            let notice = remade.notice.expect("a notice");
            assert!(
                notice.contains(&format!("its {} bytes hash to", bad.len())),
                "{notice}"
            );
            assert!(notice.ends_with("= code: plugin.copy-corrupt"), "{notice}");
            assert_eq!(std::fs::read(&remade.path).unwrap(), vec![7u8; 300_000]);
        }
        // No temporary is left, and a library that cannot be read is its error.
        let names: Vec<_> = std::fs::read_dir(&copies).unwrap().flatten().collect();
        assert_eq!(names.len(), 1, "{names:?}");
        assert!(matches!(
            verified(&dir.path().join("none.so"), &copies, "so"),
            Err(CopyError::Source(_))
        ));
    }
}
