//! This module owns reading an atlas's page files from disk into the gate's
//! payload ([`PageFile`]s). That is the host's job — a rule opens no file, it
//! reads the bytes it is handed — and it lives here so that the host and the
//! plugins' tests read pages one way: each page line resolved against the
//! atlas file's directory (or, under `--copy-images`, read from the source a
//! green build will copy it from), made absolute and lexically normalised.

use super::{PageContent, PageFile};
use crate::spine::read_atlas;
use std::collections::BTreeMap;
use std::path::{Component, Path, PathBuf};

/// The page files of the atlas `atlas_text` (none when the runtime refuses
/// it): each page's file read once, from `sources[page]` when the map names
/// it, else from `dir` joined with the page line.
pub fn read(atlas_text: &str, dir: &Path, sources: &BTreeMap<String, PathBuf>) -> Vec<PageFile> {
    let Ok(atlas) = read_atlas(atlas_text) else {
        return Vec::new();
    };
    atlas
        .pages
        .iter()
        .map(|page| read_one(&page.name, path_of(dir, &page.name, sources)))
        .collect()
}

/// Where the page file `name` is read from: `sources[name]` when the map
/// names it, else `dir` joined with the page line; absolute and lexically
/// normalised.
pub fn path_of(dir: &Path, name: &str, sources: &BTreeMap<String, PathBuf>) -> PathBuf {
    match sources.get(name) {
        Some(source) => absolute(source),
        None => absolute(&dir.join(name)),
    }
}

/// The page file `name` at `path` (absolute), read now.
pub fn read_one(name: &str, path: PathBuf) -> PageFile {
    let content = match std::fs::read(&path) {
        Ok(bytes) => PageContent::Bytes(bytes),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => PageContent::Missing,
        Err(e) => PageContent::Unreadable(e.to_string()),
    };
    PageFile {
        name: name.into(),
        path: path.to_string_lossy().into_owned(),
        content,
    }
}

/// `path` made absolute (against the current directory) and lexically normalised:
/// `.` dropped, `..` taken back where there is something to take back.
fn absolute(path: &Path) -> PathBuf {
    let full = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    let mut out = PathBuf::new();
    for c in full.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                if !out.pop() {
                    out.push(c);
                }
            }
            other => out.push(other),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::png_image;

    #[test]
    fn page_files_resolve_against_the_atlas_dir() {
        let dir = std::env::temp_dir().join(format!("rigc-pages-{}", std::process::id()));
        let _ = std::fs::create_dir_all(dir.join("sub"));
        let png = png_image::encode_rgba(2, 1, &[0, 0, 0, 0, 9, 9, 9, 255]);
        assert!(std::fs::write(dir.join("a.png"), &png).is_ok());
        let atlas = "sub/../a.png\nsize: 2, 1\nr\nbounds: 0, 0, 1, 1\n\nb.png\nsize: 1, 1\nq\nbounds: 0, 0, 1, 1\n\nsub\nsize: 1, 1\nz\n";
        let pages = read(atlas, &dir, &BTreeMap::new());
        assert_eq!(pages.len(), 3);
        assert_eq!(pages[0].name, "sub/../a.png");
        assert_eq!(PathBuf::from(&pages[0].path), absolute(&dir.join("a.png")));
        assert_eq!(pages[0].content, PageContent::Bytes(png.clone()));
        assert_eq!(pages[1].content, PageContent::Missing);
        assert!(matches!(pages[2].content, PageContent::Unreadable(_)));
        // A copied page is read from its source.
        let sources = BTreeMap::from([("b.png".to_string(), dir.join("sub/../a.png"))]);
        let pages = read(atlas, &dir, &sources);
        assert_eq!(PathBuf::from(&pages[1].path), absolute(&dir.join("a.png")));
        assert_eq!(pages[1].content, PageContent::Bytes(png));
        assert!(read("p\nr\n\thasOwnProperty: 1\n", &dir, &BTreeMap::new()).is_empty());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
