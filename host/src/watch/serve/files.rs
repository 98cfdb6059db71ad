//! This module owns which files of a target's output the server hands out:
//! a file of the output directory, named by one plain file name (no
//! separator, no `.`/`..`, no hidden file), whose real path is inside the
//! directory's real path; or a page its `skeleton.atlas` names, by index
//! (the atlas may name part PNGs beside the specs, `../parts/x.png`), resolved
//! beside the atlas as the player resolves it — a relative path to a PNG
//! file, never one the request spells — with the blake3 of its bytes, which
//! names it to the page (an unchanged page keeps its texture across
//! generations). Anything else is not found.

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

/// Every page the output directory's `skeleton.atlas` names, in the atlas's
/// order: its name there and its file, resolved beside the atlas — `None`
/// unless each is a relative path to a PNG file on disk.
pub fn pages(out_dir: &Path) -> Option<Vec<(String, PathBuf)>> {
    let text = std::fs::read_to_string(lookup(out_dir, "skeleton.atlas")?).ok()?;
    let atlas = rigc_sdk::spine::read_atlas(&text).ok()?;
    atlas
        .pages
        .iter()
        .map(|p| {
            let rel = Path::new(&p.name);
            if rel.is_absolute()
                || rel
                    .components()
                    .any(|c| matches!(c, Component::Prefix(_) | Component::RootDir))
                || !p.name.to_ascii_lowercase().ends_with(".png")
            {
                return None;
            }
            let path = out_dir.join(rel).canonicalize().ok()?;
            path.is_file().then(|| (p.name.clone(), path))
        })
        .collect()
}

/// The `index`-th of [`pages`], with its bytes and their blake3 (hex).
pub fn page(out_dir: &Path, index: usize) -> Option<(Vec<u8>, String)> {
    let (_, path) = pages(out_dir)?.into_iter().nth(index)?;
    let bytes = std::fs::read(path).ok()?;
    let hash = blake3::hash(&bytes).to_hex().to_string();
    Some((bytes, hash))
}

/// Each of [`pages`]: its name in the atlas and the blake3 (hex) of its bytes.
pub fn page_hashes(out_dir: &Path) -> Option<Vec<(String, String)>> {
    pages(out_dir)?
        .into_iter()
        .map(|(name, path)| {
            let bytes = std::fs::read(path).ok()?;
            Some((name, blake3::hash(&bytes).to_hex().to_string()))
        })
        .collect()
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
        let good = "../parts/a.png\nsize: 2, 2\nfilter: Linear, Linear\na\nbounds: 0, 0, 2, 2\n";
        std::fs::write(out.join("skeleton.atlas"), good).expect("write");
        let (bytes, hash) = page(&out, 0).expect("the first page");
        assert_eq!(bytes, b"png");
        assert_eq!(hash, blake3::hash(b"png").to_hex().to_string());
        assert_eq!(
            page_hashes(&out),
            Some(vec![("../parts/a.png".to_string(), hash)])
        );
        assert_eq!(page(&out, 1), None, "no such page");
        for bad in ["../secret.txt", "/etc/x.png", "../parts/missing.png"] {
            let atlas = format!("{good}\n{bad}\nsize: 2, 2\nb\nbounds: 0, 0, 2, 2\n");
            std::fs::write(out.join("skeleton.atlas"), atlas).expect("write");
            assert_eq!(page(&out, 0), None, "{bad}: the atlas is not served");
            assert_eq!(page_hashes(&out), None, "{bad}");
        }
    }

    #[test]
    fn types_follow_the_extension() {
        assert_eq!(mime("skeleton.json"), "application/json");
        assert_eq!(mime("skeleton.atlas"), "text/plain; charset=utf-8");
        assert_eq!(mime("body.PNG"), "image/png");
        assert_eq!(mime("trace"), "application/octet-stream");
    }
}
