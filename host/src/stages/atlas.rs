//! This module owns the atlas stage: the part list becomes one atlas page per part
//! (page line = the PNG spelled relative to `--out`, or the copy's name under
//! `--copy-images`, with `-2`, `-3`… on a basename collision — with another
//! copy or with a file the emitter writes, so a page never overwrites
//! `skeleton.atlas` —), and the `skeleton.images` header value that goes with it;
//! under `--pack`, the pages [`crate::stages::pack`] lays out instead.

use crate::project::relative_slash;
use crate::stage::{Hashed, Stage};
use crate::stages::pack::{self, Layout, PackSummary, TooBig};
use crate::stages::setup::Setup;
use rigc_sdk::emit::atlas::{AtlasPage, AtlasRegion};
use std::path::{Path, PathBuf};

/// One part image placed on its own page.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct PagePart {
    /// Region name (PNG basename).
    pub region: String,
    /// The PNG, canonical.
    #[serde(with = "crate::stage::paths::serde_path")]
    pub path: PathBuf,
    /// Width.
    pub width: u32,
    /// Height.
    pub height: u32,
}

/// A page PNG copied into `--out` (under `--copy-images`).
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct PageCopy {
    /// The source PNG.
    #[serde(with = "crate::stage::paths::serde_path")]
    pub from: PathBuf,
    /// The file name inside `--out`.
    pub to_name: String,
    /// Renamed because another page already took the basename.
    pub renamed: bool,
    /// How many regions the page holds.
    pub regions: usize,
}

/// The atlas as laid out, and what it implies.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct AtlasPlan {
    /// Pages in first-use order.
    pub pages: Vec<AtlasPage>,
    /// Copies to make (empty unless `--copy-images`).
    pub copies: Vec<PageCopy>,
    /// The `skeleton.images` value this layout implies, if any.
    pub images_path: Option<String>,
    /// Under `--pack`: which part each packed region shows, and the report's
    /// figures (`pages` are then the packed pages).
    #[serde(default)]
    pub packed: Option<PackSummary>,
}

/// The page parts of a setup: each part's region, PNG and size, in first-use
/// order.
pub fn page_parts(setup: &Setup) -> Vec<PagePart> {
    setup
        .parts
        .iter()
        .map(|p| PagePart {
            region: p.region.clone(),
            path: p.image.path.clone(),
            width: p.image.width(),
            height: p.image.height(),
        })
        .collect()
}

crate::stage::stage! {
    /// `atlas`: the setup's parts, `--out` and `--copy-images` → the pages.
    pub struct AtlasStage {
        /// The setup stage's output (its parts).
        pub setup: Hashed<Setup>,
        /// `--out`, absolute and normalized.
        pub out_dir: PathBuf,
        /// `--copy-images`.
        pub copy_images: bool,
        /// The names the emitter writes into `--out`: no copy may take one.
        pub reserved: Vec<String>,
        /// One page per part, or `--pack`'s options.
        pub layout: Layout,
    }
}

impl Stage for AtlasStage {
    type Output = AtlasPlan;
    type Error = TooBig;
    const VERSION: u32 = 3;

    fn name(&self) -> String {
        "atlas".into()
    }

    fn compute(&self) -> Result<AtlasPlan, TooBig> {
        let parts = page_parts(&self.setup);
        let mut laid = plan(&parts, &self.out_dir, self.copy_images, &self.reserved);
        if let Layout::Pack(options) = self.layout {
            // The images path stays the loose layout's: skeleton.json is the
            // unpacked build's, byte for byte (FORMAT.md §1.2.1).
            let items: Vec<pack::Item<'_>> = parts
                .iter()
                .map(|p| pack::Item {
                    region: &p.region,
                    path: &p.path,
                    width: p.width,
                    height: p.height,
                })
                .collect();
            let (pages, summary) = pack::pack(&items, options)?;
            laid.pages = pages;
            laid.packed = Some(summary);
        }
        Ok(laid)
    }
}

/// Lays out one page per part. `out_dir` must be absolute and normalized;
/// `reserved` names the files the emitter writes beside the copies.
pub fn plan(
    parts: &[PagePart],
    out_dir: &Path,
    copy_images: bool,
    reserved: &[String],
) -> AtlasPlan {
    let mut pages = Vec::new();
    let mut copies: Vec<PageCopy> = Vec::new();
    for part in parts {
        let name = if copy_images {
            let base = part
                .path
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_else(|| format!("{}.png", part.region));
            let existing = copies
                .iter()
                .find(|c| c.from == part.path)
                .map(|c| c.to_name.clone());
            match existing {
                Some(n) => n,
                None => {
                    let mut candidate = base.clone();
                    let mut n = 1;
                    let taken = |name: &str| {
                        copies.iter().any(|c| c.to_name.eq_ignore_ascii_case(name))
                            || reserved.iter().any(|r| r.eq_ignore_ascii_case(name))
                    };
                    while taken(&candidate) {
                        n += 1;
                        candidate = with_suffix(&base, n);
                    }
                    copies.push(PageCopy {
                        from: part.path.clone(),
                        to_name: candidate.clone(),
                        renamed: n > 1,
                        regions: 1,
                    });
                    candidate
                }
            }
        } else {
            relative_slash(out_dir, &part.path)
        };
        pages.push(AtlasPage {
            name,
            width: part.width,
            height: part.height,
            regions: vec![AtlasRegion {
                name: part.region.clone(),
                x: 0,
                y: 0,
                width: part.width,
                height: part.height,
            }],
        });
    }
    let images_path = if copy_images {
        out_dir
            .file_name()
            .map(|n| format!("../{}/", n.to_string_lossy()))
    } else {
        let dirs: Vec<&Path> = parts.iter().filter_map(|p| p.path.parent()).collect();
        match dirs.first() {
            Some(first) if dirs.iter().all(|d| d == first) => {
                if *first == out_dir {
                    out_dir
                        .file_name()
                        .map(|n| format!("../{}/", n.to_string_lossy()))
                } else {
                    Some(format!("{}/", relative_slash(out_dir, first)))
                }
            }
            _ => None,
        }
    };
    AtlasPlan {
        pages,
        copies,
        images_path,
        packed: None,
    }
}

fn with_suffix(base: &str, n: usize) -> String {
    match base.rsplit_once('.') {
        Some((stem, ext)) => format!("{stem}-{n}.{ext}"),
        None => format!("{base}-{n}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn part(region: &str, path: &str) -> PagePart {
        PagePart {
            region: region.into(),
            path: path.into(),
            width: 4,
            height: 2,
        }
    }

    #[test]
    fn pages_relative_to_out_and_images_path() {
        let plan = plan(
            &[part("a", "/p/parts/a.png"), part("b", "/p/parts/b.png")],
            Path::new("/p/build"),
            false,
            &[],
        );
        assert_eq!(plan.pages[0].name, "../parts/a.png");
        assert_eq!(plan.images_path.as_deref(), Some("../parts/"));
        assert!(plan.copies.is_empty());
    }

    #[test]
    fn copies_rename_collisions_in_page_order() {
        let plan = plan(
            &[
                part("a", "/p/x/a.png"),
                part("a2", "/p/y/A.png"),
                part("c", "/p/y/c.png"),
            ],
            Path::new("/p/out"),
            true,
            &[],
        );
        let names: Vec<_> = plan.pages.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, ["a.png", "A-2.png", "c.png"]);
        assert!(plan.copies[1].renamed);
        assert_eq!(plan.images_path.as_deref(), Some("../out/"));
    }

    #[test]
    fn a_copy_never_takes_a_name_the_emitter_writes() {
        let reserved = ["skeleton.json".to_string(), "skeleton.atlas".to_string()];
        let plan = plan(
            &[
                part("skeleton", "/p/x/skeleton.atlas"),
                part("s", "/p/y/Skeleton.JSON"),
            ],
            Path::new("/p/out"),
            true,
            &reserved,
        );
        let names: Vec<_> = plan.copies.iter().map(|c| c.to_name.as_str()).collect();
        assert_eq!(names, ["skeleton-2.atlas", "Skeleton-2.JSON"]);
        assert!(plan.copies.iter().all(|c| c.renamed));
        assert_eq!(plan.pages[0].name, "skeleton-2.atlas");
    }
}
