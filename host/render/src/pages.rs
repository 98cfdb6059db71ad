//! This module owns an atlas's page pictures as the rasteriser samples them:
//! each page PNG read from beside the atlas, decoded and premultiplied into a
//! `tiny_skia::Pixmap`, and which page each region is on. A page that is
//! missing, cut short or not a PNG is a [`PageError`] naming it.

use crate::image::Image;
use rigc_spine::Atlas;
use std::collections::HashMap;
use std::fmt;
use std::path::{Path, PathBuf};
use tiny_skia::{IntSize, Pixmap};

/// Why an atlas page could not be used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PageError {
    /// The page name as the atlas writes it.
    pub page: String,
    /// Where it was looked for.
    pub path: PathBuf,
    /// What is wrong with it.
    pub reason: String,
}

impl fmt::Display for PageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "atlas page {:?} ({}): {}",
            self.page,
            self.path.display(),
            self.reason
        )
    }
}

impl std::error::Error for PageError {}

/// Every page of an atlas, ready to sample, and the page of each region.
pub struct Pages {
    pixmaps: Vec<Pixmap>,
    files: Vec<PathBuf>,
    region_page: HashMap<String, usize>,
}

impl Pages {
    /// Reads every page of `atlas` from `atlas_dir` (the directory the
    /// atlas is in, where its page names resolve).
    pub fn load(atlas: &Atlas, atlas_dir: &Path) -> Result<Pages, PageError> {
        let mut pixmaps = Vec::with_capacity(atlas.pages.len());
        let mut files = Vec::with_capacity(atlas.pages.len());
        for page in &atlas.pages {
            let path = atlas_dir.join(&page.name);
            let error = |reason: String| PageError {
                page: page.name.clone(),
                path: path.clone(),
                reason,
            };
            let bytes = std::fs::read(&path).map_err(|e| error(format!("cannot be read: {e}")))?;
            let image = Image::decode_png(&bytes).map_err(error)?;
            pixmaps.push(premultiplied(&image).ok_or_else(|| error("has no pixels".into()))?);
            files.push(path);
        }
        let mut region_page = HashMap::new();
        for r in &atlas.regions {
            region_page.entry(r.name.clone()).or_insert(r.page);
        }
        Ok(Pages {
            pixmaps,
            files,
            region_page,
        })
    }

    /// The page picture region `name` is on.
    pub fn page_of(&self, name: &str) -> Option<&Pixmap> {
        self.region_page
            .get(name)
            .and_then(|&p| self.pixmaps.get(p))
    }

    /// The page files, in atlas order.
    pub fn files(&self) -> &[PathBuf] {
        &self.files
    }
}

/// An image premultiplied into a pixmap; `None` for an empty image.
pub fn premultiplied(image: &Image) -> Option<Pixmap> {
    let size = IntSize::from_wh(image.width, image.height)?;
    let data = image
        .rgba
        .chunks_exact(4)
        .flat_map(|p| {
            let a = u16::from(p[3]);
            let m = |c: u8| ((u16::from(c) * a + 127) / 255) as u8;
            [m(p[0]), m(p[1]), m(p[2]), p[3]]
        })
        .collect();
    Pixmap::from_vec(data, size)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_and_a_truncated_page_are_named() {
        let dir = tempfile::tempdir().expect("a temp dir");
        let text = "a.png\nsize: 2,2\nfilter: Linear,Linear\nr\nbounds: 0,0,2,2\n";
        let atlas = rigc_spine::read_atlas(text).expect("an atlas");
        let missing = Pages::load(&atlas, dir.path()).err().expect("missing");
        assert!(
            missing.to_string().starts_with("atlas page \"a.png\""),
            "{missing}"
        );
        assert!(missing.reason.contains("cannot be read"), "{missing}");
        let png = Image::new(2, 2).encode_png();
        std::fs::write(dir.path().join("a.png"), &png[..png.len() / 2]).expect("write");
        let cut = Pages::load(&atlas, dir.path()).err().expect("cut");
        assert!(
            cut.reason.contains("cut short") || cut.reason.contains("not a PNG"),
            "{cut}"
        );
        std::fs::write(dir.path().join("a.png"), &png).expect("write");
        let pages = Pages::load(&atlas, dir.path()).expect("loads");
        assert!(pages.page_of("r").is_some() && pages.page_of("x").is_none());
    }
}
