//! This module owns what `--candidate <dir | skeleton.json>` names for every
//! command that reads built artifacts (`validate`, `sample`, `render`, `check`,
//! `preview`, `vote`): the skeleton file, the atlas beside it (or the one
//! `--atlas` names), and reading both into the runtime's data. One rule for
//! where the atlas is, one wording for each refusal.

use rigc_sdk::spine::{read_atlas, read_skeleton, Atlas, SkeletonData};
use std::path::{Path, PathBuf};

/// The files a `--candidate` names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Located {
    /// The `skeleton.json`.
    pub skeleton: PathBuf,
    /// The atlas: `skeleton.atlas` in a directory, else `--atlas`, else the one
    /// `.atlas` beside the skeleton file.
    pub atlas: PathBuf,
}

/// A candidate read and loaded by the runtime.
pub struct Loaded {
    /// Where it came from.
    pub located: Located,
    /// The skeleton's text.
    pub skeleton_text: String,
    /// The atlas's text.
    pub atlas_text: String,
    /// The atlas as the runtime reads it.
    pub atlas: Atlas,
    /// The skeleton as the runtime reads it (against the atlas).
    pub data: SkeletonData,
}

impl Loaded {
    /// The skeleton's animation names, in its order.
    pub fn animation_names(&self) -> Vec<String> {
        self.data
            .animations
            .iter()
            .map(|a| a.name.clone())
            .collect()
    }
}

/// Names as a refusal lists them: `a, b`, or `(none)`.
pub fn name_list<'a>(names: impl IntoIterator<Item = &'a str>) -> String {
    let list: Vec<&str> = names.into_iter().collect();
    if list.is_empty() {
        "(none)".to_string()
    } else {
        list.join(", ")
    }
}

/// The usage error for `--<flag> <name>` naming no `what` of the candidate,
/// listing the ones it has.
pub fn unknown_name<'a>(
    what: &str,
    flag: &str,
    name: &str,
    known: impl IntoIterator<Item = &'a str>,
) -> String {
    format!(
        "--{flag} {name:?}: no such {what}; known {what}s: {}",
        name_list(known)
    )
}

/// Why a candidate could not be used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// The flags do not name one candidate (exit 2).
    Usage(String),
    /// A file is unreadable or the runtime refuses it (exit 1).
    Load(String),
}

/// Resolves `path` (relative to `cwd`) to a skeleton and its atlas.
pub fn locate(path: &Path, atlas: Option<&Path>, cwd: &Path) -> Result<Located, String> {
    let path = crate::project::absolute(path, cwd);
    let skeleton = if path.is_dir() {
        path.join("skeleton.json")
    } else {
        path.clone()
    };
    let atlas = match atlas {
        Some(a) => crate::project::absolute(a, cwd),
        None if path.is_dir() => path.join("skeleton.atlas"),
        None => atlas_beside(&skeleton)?,
    };
    Ok(Located { skeleton, atlas })
}

/// Locates and loads a candidate: both files read, the atlas and the skeleton
/// read by the runtime as spine-core reads them.
pub fn load(path: &Path, atlas: Option<&Path>, cwd: &Path) -> Result<Loaded, Refusal> {
    let located = locate(path, atlas, cwd).map_err(Refusal::Usage)?;
    let read = |p: &Path| {
        std::fs::read_to_string(p)
            .map_err(|e| Refusal::Load(format!("cannot read {}: {e}", p.display())))
    };
    let skeleton_text = read(&located.skeleton)?;
    let atlas_text = read(&located.atlas)?;
    let atlas = read_atlas(&atlas_text)
        .map_err(|e| Refusal::Load(format!("{}: {}", located.atlas.display(), e.message)))?;
    let data = read_skeleton(&skeleton_text, Some(&atlas))
        .map_err(|e| {
            Refusal::Load(format!(
                "the runtime refuses {}: {}",
                located.skeleton.display(),
                e.message
            ))
        })?
        .data;
    Ok(Loaded {
        located,
        skeleton_text,
        atlas_text,
        atlas,
        data,
    })
}

/// The one `.atlas` beside a skeleton file; none or several is a refusal that
/// says how to name it.
pub fn atlas_beside(skeleton: &Path) -> Result<PathBuf, String> {
    let dir = skeleton.parent().unwrap_or(Path::new("."));
    let mut found: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|rd| {
            rd.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "atlas"))
                .collect()
        })
        .unwrap_or_default();
    found.sort();
    match found.len() {
        1 => Ok(found.remove(0)),
        0 => Err(format!(
            "no .atlas beside {}; name one with --atlas <path>",
            skeleton.display()
        )),
        n => {
            let names: Vec<String> = found
                .iter()
                .filter_map(|p| p.file_name().map(|n| n.to_string_lossy().into_owned()))
                .collect();
            Err(format!(
                "{n} atlases beside {} ({}); name the right one with --atlas <path> — rigc will not guess",
                skeleton.display(),
                names.join(", ")
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_directory_names_its_two_files_and_a_file_its_one_atlas() {
        let dir = tempfile::tempdir().expect("a temp dir");
        let d = dir.path();
        let got = locate(d, None, Path::new("/")).expect("a dir");
        assert_eq!(got.skeleton, d.join("skeleton.json"));
        assert_eq!(got.atlas, d.join("skeleton.atlas"));
        std::fs::write(d.join("s.json"), "{}").expect("write");
        let none = locate(&d.join("s.json"), None, Path::new("/")).unwrap_err();
        assert!(none.starts_with("no .atlas beside"), "{none}");
        std::fs::write(d.join("a.atlas"), "").expect("write");
        assert_eq!(
            locate(&d.join("s.json"), None, Path::new("/"))
                .expect("one")
                .atlas,
            d.join("a.atlas")
        );
        std::fs::write(d.join("b.atlas"), "").expect("write");
        let two = locate(&d.join("s.json"), None, Path::new("/")).unwrap_err();
        assert!(
            two.contains("2 atlases beside") && two.contains("a.atlas, b.atlas"),
            "{two}"
        );
    }
}
