//! This module owns how `rigc render` puts its outputs in place: all or
//! nothing. Every set is written into a staging directory beside its final
//! one (`<out>/.<set>.rigc-render-<pid>`), `frames.json` into a staging file
//! beside it; only when every set is complete are the old set directories
//! moved aside, the staged ones renamed into place, the sidecar renamed over
//! the old one, and the old sets removed. A render that fails (or is dropped)
//! before [`Staging::commit`] removes what it staged, and the output
//! directory too when it made it, so the previous render is left untouched.

use std::io;
use std::path::{Path, PathBuf};

/// Outputs staged under one root, not yet in place.
pub struct Staging {
    root: PathBuf,
    /// The directories this made for the root, innermost first.
    made: Vec<PathBuf>,
    /// (staged, final) directories and files, in staging order.
    staged: Vec<(PathBuf, PathBuf)>,
    done: bool,
}

impl Staging {
    /// Starts staging under `root` (made, with its parents, when missing).
    pub fn begin(root: &Path) -> io::Result<Staging> {
        let made: Vec<PathBuf> = root
            .ancestors()
            .take_while(|a| !a.exists())
            .map(Path::to_path_buf)
            .collect();
        std::fs::create_dir_all(root)?;
        Ok(Staging {
            root: root.to_path_buf(),
            made,
            staged: Vec::new(),
            done: false,
        })
    }

    fn tag(name: &str, what: &str) -> String {
        format!(".{name}.rigc-{what}-{}", std::process::id())
    }

    /// A fresh staging directory for the set `name` (its final place is
    /// `<root>/<name>`); returns where to write.
    pub fn dir(&mut self, name: &str) -> io::Result<PathBuf> {
        let staged = self.root.join(Staging::tag(name, "render"));
        if staged.exists() {
            std::fs::remove_dir_all(&staged)?;
        }
        std::fs::create_dir(&staged)?;
        self.staged.push((staged.clone(), self.root.join(name)));
        Ok(staged)
    }

    /// Stages the file `<root>/<name>` with `bytes`.
    pub fn file(&mut self, name: &str, bytes: &[u8]) -> io::Result<()> {
        let staged = self.root.join(Staging::tag(name, "render"));
        self.staged.push((staged.clone(), self.root.join(name)));
        std::fs::write(&staged, bytes)
    }

    /// Puts everything staged in place: the old set directories aside, the
    /// new ones (and files) renamed over, then the old ones removed. On an
    /// error, what was already moved is moved back as far as it can be.
    pub fn commit(mut self) -> io::Result<()> {
        let mut moved: Vec<(PathBuf, PathBuf, Option<PathBuf>)> = Vec::new();
        let mut result = Ok(());
        for (staged, fin) in &self.staged {
            let aside = if fin.is_dir() {
                let name = fin.file_name().map(|n| n.to_string_lossy().into_owned());
                let aside = self
                    .root
                    .join(Staging::tag(&name.unwrap_or_default(), "old"));
                if let Err(e) = std::fs::rename(fin, &aside) {
                    result = Err(e);
                    break;
                }
                Some(aside)
            } else {
                None
            };
            if let Err(e) = std::fs::rename(staged, fin) {
                if let Some(a) = &aside {
                    let _ = std::fs::rename(a, fin);
                }
                result = Err(e);
                break;
            }
            moved.push((staged.clone(), fin.clone(), aside));
        }
        if result.is_err() {
            // Back out in reverse: the new ones back to staging, the old ones back.
            for (staged, fin, aside) in moved.iter().rev() {
                let _ = std::fs::rename(fin, staged);
                if let Some(a) = aside {
                    let _ = std::fs::rename(a, fin);
                }
            }
            return result;
        }
        self.done = true;
        for (_, _, aside) in moved {
            if let Some(a) = aside {
                let _ = std::fs::remove_dir_all(a);
            }
        }
        Ok(())
    }

    /// Removes everything staged (and the root and its parents, when this
    /// made them and they are empty).
    fn abandon(&mut self) {
        for (staged, _) in &self.staged {
            if staged.is_dir() {
                let _ = std::fs::remove_dir_all(staged);
            } else {
                let _ = std::fs::remove_file(staged);
            }
        }
        for dir in &self.made {
            if std::fs::remove_dir(dir).is_err() {
                break;
            }
        }
    }
}

impl Drop for Staging {
    fn drop(&mut self) {
        if !self.done {
            self.abandon();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_commit_replaces_the_sets_and_a_drop_leaves_the_old_ones() {
        let tmp = tempfile::tempdir().expect("a temp dir");
        let root = tmp.path().join("render");
        std::fs::create_dir_all(root.join("walk")).expect("old set");
        std::fs::write(root.join("walk/f0000.png"), "old").expect("old frame");
        std::fs::write(root.join("walk/f0001.png"), "old").expect("old frame");
        // Dropped: nothing changes.
        {
            let mut s = Staging::begin(&root).expect("begin");
            let d = s.dir("walk").expect("dir");
            std::fs::write(d.join("f0000.png"), "new").expect("write");
            s.file("frames.json", b"{}").expect("file");
        }
        let names = |p: &Path| {
            let mut v: Vec<String> = std::fs::read_dir(p)
                .expect("read")
                .flatten()
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect();
            v.sort();
            v
        };
        assert_eq!(names(&root), ["walk"]);
        assert_eq!(names(&root.join("walk")), ["f0000.png", "f0001.png"]);
        // Committed: the set is replaced whole (f0001 is gone).
        let mut s = Staging::begin(&root).expect("begin");
        let d = s.dir("walk").expect("dir");
        std::fs::write(d.join("f0000.png"), "new").expect("write");
        s.file("frames.json", b"{}").expect("file");
        s.commit().expect("commit");
        assert_eq!(names(&root), ["frames.json", "walk"]);
        assert_eq!(names(&root.join("walk")), ["f0000.png"]);
        // A root this made is removed when dropped.
        let fresh = tmp.path().join("fresh/render");
        drop(Staging::begin(&fresh).expect("begin"));
        assert!(!tmp.path().join("fresh").exists());
    }
}
