//! This module owns the project boundary: which directory is the project root
//! (the directory of the nearest `rigc.toml` above the rig spec, else the rig
//! spec's own directory — one project per build), resolving
//! paths a spec names and refusing any that escape the root, and spelling one path
//! relative to another the way atlas page lines and `skeleton.images` need.

use std::collections::HashMap;
use std::path::{Component, Path, PathBuf};

/// The project a build runs in.
#[derive(Debug, Clone)]
pub struct Project {
    /// The root, canonical.
    pub root: PathBuf,
    /// Whether the root came from a `rigc.toml` (else it is the rig spec's
    /// own directory).
    pub has_manifest: bool,
}

/// Why a path a spec names was not accepted.
#[derive(Debug, Clone, PartialEq)]
pub enum PathError {
    /// It resolves outside the project root (the resolved path is given).
    Escapes(PathBuf),
    /// Nothing is there.
    Missing(PathBuf),
    /// The file system refused (the message is given).
    Io(PathBuf, String),
}

impl Project {
    /// The project of the project file in `dir`.
    pub fn of_manifest(dir: &Path) -> Project {
        Project {
            root: canonical_or_self(dir),
            has_manifest: true,
        }
    }

    /// The project of a rig spec no `rigc.toml` is above: its own directory.
    pub fn of_spec_alone(spec: &Path) -> Project {
        Project {
            root: canonical_or_self(spec.parent().unwrap_or(Path::new("/"))),
            has_manifest: false,
        }
    }

    /// What the root is, in words, for refusals.
    pub fn describe(&self) -> String {
        if self.has_manifest {
            format!(
                "{} (the directory of the nearest rigc.toml)",
                self.root.display()
            )
        } else {
            format!(
                "{} (the rig spec's directory; no rigc.toml above it)",
                self.root.display()
            )
        }
    }

    /// Resolves an existing file or directory the project names: lexically first
    /// (so `../..` outside the root is refused before the disk is asked), then
    /// canonically (so a symlink out of the root is refused too).
    pub fn resolve_existing(&self, path: &Path) -> Result<PathBuf, PathError> {
        self.resolve_existing_in(path, &mut Canon::default())
    }

    /// [`Project::resolve_existing`], with the canonical directories of `canon`
    /// (the paths of one task share most of theirs).
    pub fn resolve_existing_in(
        &self,
        path: &Path,
        canon: &mut Canon,
    ) -> Result<PathBuf, PathError> {
        let lexical = normalize(path);
        if !lexical.starts_with(&self.root)
            && !normalize(&canonical_or_self(&lexical)).starts_with(&self.root)
        {
            return Err(PathError::Escapes(lexical));
        }
        match canon.canonicalize(&lexical) {
            Ok(c) if c.starts_with(&self.root) => Ok(c),
            Ok(c) => Err(PathError::Escapes(c)),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Err(PathError::Missing(lexical)),
            Err(e) => Err(PathError::Io(lexical, e.to_string())),
        }
    }
}

/// Reads the whole of an open file (what `std::fs::read` does after its `open`:
/// one `fstat` for the size, then reads to the end). Read through `take`, as
/// `File::read_to_end` would ask the size again (`fstat` and `lseek`).
pub fn read_all(file: std::fs::File) -> std::io::Result<Vec<u8>> {
    use std::io::Read;
    let size = file.metadata().map(|m| m.len() as usize).unwrap_or(0);
    let mut bytes = Vec::with_capacity(size);
    file.take(u64::MAX).read_to_end(&mut bytes)?;
    Ok(bytes)
}

impl Project {
    /// [`Project::resolve_existing_in`] and an open file for reading, in one
    /// `open` where it can: a path whose last component is not a symlink opens
    /// with `O_NOFOLLOW`, and its canonical form is its directory's joined with its
    /// name — the `lstat` that would tell the same thing is the open itself. Any
    /// other case (a symlink, a missing or unreadable file, another platform)
    /// resolves first and opens after, exactly as the two calls would: the
    /// refusal is the same. `Ok((path, Err(e)))`: the path resolved and could
    /// not be opened (`e`, as `std::fs::File::open` reports it).
    pub fn open_existing_in(
        &self,
        path: &Path,
        canon: &mut Canon,
    ) -> Result<(PathBuf, std::io::Result<std::fs::File>), PathError> {
        let lexical = normalize(path);
        #[cfg(unix)]
        if lexical.starts_with(&self.root) {
            use std::os::unix::fs::OpenOptionsExt;
            if let (Some(parent), Some(name)) = (lexical.parent(), lexical.file_name()) {
                let opened = std::fs::OpenOptions::new()
                    .read(true)
                    .custom_flags(libc::O_NOFOLLOW)
                    .open(&lexical);
                if let Ok(file) = opened {
                    if let Ok(dir) = canon.canonicalize(parent) {
                        let c = dir.join(name);
                        return if c.starts_with(&self.root) {
                            Ok((c, Ok(file)))
                        } else {
                            Err(PathError::Escapes(c))
                        };
                    }
                }
            }
        }
        let resolved = self.resolve_existing_in(&lexical, canon)?;
        let file = std::fs::File::open(&resolved);
        Ok((resolved, file))
    }
}

/// Canonical paths for the length of one task (loading a project file, building
/// one target). The canonical form of a path whose last component is not a
/// symlink is the canonical form of its directory joined with that name, so the
/// paths of a task, which share directories, cost one `lstat` each instead of
/// `realpath`'s `readlink` per component each. Directories are remembered only as
/// long as the memo lives, so a directory later replaced by a symlink is seen by
/// the next task.
///
/// Keyed by the path's bytes: the paths asked about are normalised, so equal
/// bytes are equal paths, and hashing bytes skips `Path`'s component-wise hash.
#[derive(Debug, Default)]
pub struct Canon {
    dirs: HashMap<std::ffi::OsString, PathBuf>,
}

impl Canon {
    /// A memo that knows `dir` is its own canonical form (a project's root is:
    /// [`Project`] holds it canonical), so no path under it asks about the
    /// directories above it.
    pub fn under(dir: &Path) -> Canon {
        let mut c = Canon::default();
        c.dirs
            .insert(dir.as_os_str().to_os_string(), dir.to_path_buf());
        c
    }

    /// `std::fs::canonicalize` of an absolute path without `.` or `..` components
    /// (what [`normalize`] returns); the same result, and the same error kind.
    pub fn canonicalize(&mut self, path: &Path) -> std::io::Result<PathBuf> {
        if let Some(c) = self.dirs.get(path.as_os_str()) {
            return Ok(c.clone());
        }
        let (Some(parent), Some(name)) = (path.parent(), path.file_name()) else {
            return std::fs::canonicalize(path);
        };
        let meta = std::fs::symlink_metadata(path)?;
        if meta.file_type().is_symlink() {
            return std::fs::canonicalize(path);
        }
        let c = self.canonicalize(parent)?.join(name);
        if meta.is_dir() {
            self.dirs.insert(path.as_os_str().to_os_string(), c.clone());
        }
        Ok(c)
    }

    /// [`canonical_or_self`] through the memo: the canonical form of `path`, or
    /// of its longest existing ancestor with the rest appended (an output
    /// directory resolves as it will be written, through any symlink on its way).
    pub fn canonical_or_self(&mut self, path: &Path) -> PathBuf {
        match self.canonicalize(path) {
            Ok(c) => c,
            Err(_) => match (path.parent(), path.file_name()) {
                (Some(parent), Some(name)) => self.canonical_or_self(parent).join(name),
                _ => normalize(path),
            },
        }
    }
}

/// `path` made absolute against `cwd` (no file system access).
pub fn absolute(path: &Path, cwd: &Path) -> PathBuf {
    if path.is_absolute() {
        normalize(path)
    } else {
        normalize(&cwd.join(path))
    }
}

/// Removes `.` and resolves `..` lexically.
pub fn normalize(path: &Path) -> PathBuf {
    if is_normal(path) {
        return path.to_path_buf();
    }
    normalize_by_components(path)
}

/// [`normalize`] the long way: a walk over `Path::components`.
fn normalize_by_components(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            other => out.push(other.as_os_str()),
        }
    }
    out
}

/// Is `path` already what [`normalize`] makes of it: absolute, no `.`, `..` or
/// empty component, no trailing slash? A byte scan, much cheaper than walking
/// `Path::components` (most paths a project names are already normal once
/// joined to an absolute directory).
#[cfg(unix)]
fn is_normal(path: &Path) -> bool {
    use std::os::unix::ffi::OsStrExt;
    let bytes = path.as_os_str().as_bytes();
    let Some(rest) = bytes.strip_prefix(b"/") else {
        return false;
    };
    rest.is_empty()
        || rest
            .split(|&b| b == b'/')
            .all(|seg| !seg.is_empty() && seg != b"." && seg != b"..")
}

#[cfg(not(unix))]
fn is_normal(_: &Path) -> bool {
    false
}

/// The canonical form of `path`, or of its longest existing ancestor with the
/// rest appended (for a directory that does not exist yet, like `--out`).
pub fn canonical_or_self(path: &Path) -> PathBuf {
    if let Ok(c) = std::fs::canonicalize(path) {
        return c;
    }
    let mut rest = Vec::new();
    let mut cur = path.to_path_buf();
    loop {
        if let Ok(c) = std::fs::canonicalize(&cur) {
            let mut out = c;
            for r in rest.iter().rev() {
                out.push(r);
            }
            return normalize(&out);
        }
        match (cur.file_name().map(|n| n.to_os_string()), cur.parent()) {
            (Some(name), Some(parent)) => {
                rest.push(name);
                cur = parent.to_path_buf();
            }
            _ => return normalize(path),
        }
    }
}

/// `to` spelled relative to the directory `from`, with `/` separators
/// (`../parts/torso.png`). Both must be absolute and normalized.
pub fn relative_slash(from_dir: &Path, to: &Path) -> String {
    let from: Vec<_> = from_dir.components().collect();
    let to_c: Vec<_> = to.components().collect();
    let common = from.iter().zip(&to_c).take_while(|(a, b)| a == b).count();
    let mut parts: Vec<String> = Vec::new();
    for _ in common..from.len() {
        parts.push("..".into());
    }
    for c in &to_c[common..] {
        parts.push(c.as_os_str().to_string_lossy().into_owned());
    }
    if parts.is_empty() {
        ".".into()
    } else {
        parts.join("/")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalize_fast_path_agrees_with_components() {
        let slow = normalize_by_components;
        for p in [
            "/",
            "/a",
            "/a/b.json",
            "/a/",
            "/a//b",
            "/a/./b",
            "/a/../b",
            "/a/b/..",
            "/a/b/.",
            "/.hidden/x",
            "/a/..b/c.",
            "a/b",
            "./a",
            "",
            "//a",
            "/a/b/../../..",
        ] {
            assert_eq!(normalize(Path::new(p)), slow(Path::new(p)), "{p:?}");
        }
    }

    #[test]
    fn relative_paths() {
        assert_eq!(
            relative_slash(Path::new("/a/b/out"), Path::new("/a/b/parts/x.png")),
            "../parts/x.png"
        );
        assert_eq!(
            relative_slash(Path::new("/a"), Path::new("/a/x.png")),
            "x.png"
        );
        assert_eq!(
            normalize(Path::new("/a/b/../c/./d")),
            PathBuf::from("/a/c/d")
        );
    }

    #[test]
    fn escapes_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        let root = std::fs::canonicalize(dir.path()).unwrap();
        std::fs::write(root.join("in.png"), b"x").unwrap();
        let p = Project {
            root: root.clone(),
            has_manifest: false,
        };
        assert!(p.resolve_existing(&root.join("in.png")).is_ok());
        assert!(matches!(
            p.resolve_existing(&root.join("../x.png")),
            Err(PathError::Escapes(_))
        ));
        assert!(matches!(
            p.resolve_existing(&root.join("nope.png")),
            Err(PathError::Missing(_))
        ));
        #[cfg(unix)]
        {
            std::os::unix::fs::symlink("/etc", root.join("link")).unwrap();
            assert!(matches!(
                p.resolve_existing(&root.join("link/hostname")),
                Err(PathError::Escapes(_))
            ));
        }
    }

    #[test]
    fn open_existing_agrees_with_resolve_existing() {
        let dir = tempfile::tempdir().unwrap();
        let root = std::fs::canonicalize(dir.path()).unwrap();
        let outside = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(root.join("a/b")).unwrap();
        std::fs::write(root.join("a/b/f.png"), b"png").unwrap();
        std::fs::write(outside.path().join("x.png"), b"x").unwrap();
        #[cfg(unix)]
        {
            std::os::unix::fs::symlink(root.join("a"), root.join("l")).unwrap();
            std::os::unix::fs::symlink(root.join("a/b/f.png"), root.join("a/b/g.png")).unwrap();
            std::os::unix::fs::symlink(outside.path().join("x.png"), root.join("a/out.png"))
                .unwrap();
            std::os::unix::fs::symlink(outside.path(), root.join("o")).unwrap();
        }
        let p = Project {
            root: root.clone(),
            has_manifest: true,
        };
        let mut canon = Canon::default();
        for rel in [
            "a/b/f.png",
            "a/b/g.png",
            "l/b/f.png",
            "l/b/g.png",
            "a/out.png",
            "o/x.png",
            "a/nope.png",
            "../x.png",
            "a/b",
        ] {
            let path = root.join(rel);
            let want = p.resolve_existing(&path);
            let got = p.open_existing_in(&path, &mut canon);
            match (want, got) {
                (Ok(w), Ok((path, Ok(file)))) => {
                    assert_eq!(path, w, "{rel}");
                    if w.is_file() {
                        assert_eq!(read_all(file).unwrap(), std::fs::read(&w).unwrap(), "{rel}");
                    }
                }
                (Err(w), Err(g)) => assert_eq!(g, w, "{rel}"),
                (w, g) => panic!("{rel}: {w:?} vs {g:?}"),
            }
        }
    }

    #[test]
    fn canon_agrees_with_canonicalize() {
        let dir = tempfile::tempdir().unwrap();
        let root = std::fs::canonicalize(dir.path()).unwrap();
        std::fs::create_dir_all(root.join("a/b")).unwrap();
        std::fs::write(root.join("a/b/f.png"), b"x").unwrap();
        #[cfg(unix)]
        {
            std::os::unix::fs::symlink(root.join("a"), root.join("l")).unwrap();
            std::os::unix::fs::symlink(root.join("a/b/f.png"), root.join("a/b/g.png")).unwrap();
        }
        let mut canon = Canon::default();
        for rel in [
            "a/b/f.png",
            "a/b",
            "a/b/g.png",
            "l/b/f.png",
            "l/b/g.png",
            "a/b/f.png",
            "a/nope",
            "a/b/f.png/x",
        ] {
            let p = root.join(rel);
            let want = std::fs::canonicalize(&p).map_err(|e| e.kind());
            assert_eq!(canon.canonicalize(&p).map_err(|e| e.kind()), want, "{rel}");
        }
    }
}
