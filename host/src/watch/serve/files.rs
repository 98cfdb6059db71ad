//! This module owns which files of a target's output the server hands out:
//! a file of the output directory, named by one plain file name (no
//! separator, no `.`/`..`, no hidden file), whose real path is inside the
//! directory's real path; or a page its `skeleton.atlas` names, by index
//! (the atlas may name part PNGs beside the specs, `../parts/x.png`), resolved
//! beside the atlas as the player resolves it — a relative path to a PNG
//! file, never one the request spells. Anything else is not found.

use std::path::{Component, Path, PathBuf};

/// The file `name` of `out_dir`, or `None` when the name is not one plain
/// file name of that directory, or no such file is there.
pub fn lookup(out_dir: &Path, name: &str) -> Option<PathBuf> {
    if name.is_empty()
        || name.starts_with('.')
        || name.contains(['/', '\\', '\0'])
        || !matches!(
            Path::new(name).components().collect::<Vec<_>>().as_slice(),
            [Component::Normal(_)]
        )
    {
        return None;
    }
    let dir = out_dir.canonicalize().ok()?;
    let path = dir.join(name).canonicalize().ok()?;
    (path.parent() == Some(dir.as_path()) && path.is_file()).then_some(path)
}

/// The `index`-th page the output directory's `skeleton.atlas` names (in the
/// atlas's order), resolved beside it, when it is a relative path to a PNG
/// file on disk.
pub fn page(out_dir: &Path, index: usize) -> Option<PathBuf> {
    let text = std::fs::read_to_string(lookup(out_dir, "skeleton.atlas")?).ok()?;
    let atlas = rigc_sdk::spine::read_atlas(&text).ok()?;
    let name = &atlas.pages.get(index)?.name;
    let rel = Path::new(name);
    if rel.is_absolute()
        || rel
            .components()
            .any(|c| matches!(c, Component::Prefix(_) | Component::RootDir))
        || !name.to_ascii_lowercase().ends_with(".png")
    {
        return None;
    }
    let path = out_dir.join(rel).canonicalize().ok()?;
    path.is_file().then_some(path)
}

/// The `Content-Type` a file is served with, by its extension.
pub fn mime(name: &str) -> &'static str {
    match name.rsplit_once('.').map(|(_, e)| e.to_ascii_lowercase()) {
        Some(e) if e == "json" => "application/json",
        Some(e) if e == "atlas" || e == "txt" => "text/plain; charset=utf-8",
        Some(e) if e == "png" => "image/png",
        _ => "application/octet-stream",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_plain_files_of_the_directory_are_found() {
        let root = tempfile::tempdir().expect("a temp dir");
        let out = root.path().join("out");
        std::fs::create_dir_all(out.join("sub")).expect("dirs");
        std::fs::write(out.join("skeleton.json"), "{}").expect("write");
        std::fs::write(out.join(".trace"), "x").expect("write");
        std::fs::write(out.join("sub/x.png"), "x").expect("write");
        std::fs::write(root.path().join("secret.txt"), "x").expect("write");
        assert!(lookup(&out, "skeleton.json").is_some());
        for bad in [
            "",
            ".",
            "..",
            "../secret.txt",
            "sub/x.png",
            "sub",
            ".trace",
            "/etc/passwd",
            "a\\b",
            "missing.png",
        ] {
            assert_eq!(lookup(&out, bad), None, "{bad:?}");
        }
    }

    #[cfg(unix)]
    #[test]
    fn a_link_out_of_the_directory_is_not_followed() {
        let root = tempfile::tempdir().expect("a temp dir");
        let out = root.path().join("out");
        std::fs::create_dir_all(&out).expect("dirs");
        std::fs::write(root.path().join("secret.txt"), "x").expect("write");
        std::os::unix::fs::symlink(root.path().join("secret.txt"), out.join("page.png"))
            .expect("link");
        assert_eq!(lookup(&out, "page.png"), None);
    }

    #[test]
    fn pages_are_the_ones_the_atlas_names_by_index() {
        let root = tempfile::tempdir().expect("a temp dir");
        let out = root.path().join("out");
        std::fs::create_dir_all(root.path().join("parts")).expect("dirs");
        std::fs::create_dir_all(&out).expect("dirs");
        std::fs::write(root.path().join("parts/a.png"), "png").expect("write");
        std::fs::write(root.path().join("secret.txt"), "x").expect("write");
        assert_eq!(page(&out, 0), None, "no atlas yet");
        let atlas = "../parts/a.png\nsize: 2, 2\nfilter: Linear, Linear\na\nbounds: 0, 0, 2, 2\n\n../secret.txt\nsize: 2, 2\nb\nbounds: 0, 0, 2, 2\n\n/etc/x.png\nsize: 2, 2\nc\nbounds: 0, 0, 2, 2\n";
        std::fs::write(out.join("skeleton.atlas"), atlas).expect("write");
        let first = page(&out, 0).expect("the first page");
        assert!(first.ends_with("parts/a.png"), "{}", first.display());
        assert_eq!(page(&out, 1), None, "not a PNG");
        assert_eq!(page(&out, 2), None, "absolute");
        assert_eq!(page(&out, 3), None, "no such page");
    }

    #[test]
    fn types_follow_the_extension() {
        assert_eq!(mime("skeleton.json"), "application/json");
        assert_eq!(mime("skeleton.atlas"), "text/plain; charset=utf-8");
        assert_eq!(mime("body.PNG"), "image/png");
        assert_eq!(mime("trace"), "application/octet-stream");
    }
}
