//! This module owns `--pack`'s layout (CLI.md §7, `packAtlas`): the options
//! (`--page-size` floored to a power of two, `--padding`, `--page-edges`), the
//! packing order, MaxRects with Best Short Side Fit and no rotation, the page
//! size search (`pot`: every power-of-two pair by area then width; `free`: every
//! width from the widest cell up, least area, then squarer, then narrower), the
//! spill onto `skeleton2.png`, `skeleton3.png`, …, and the refusal of a cell no
//! allowed page holds. The pixels of the pages are [`compose`]'s.
//!
//! Hand-written rather than a packing crate: CLI.md fixes the heuristic and every
//! tie-break (short side, then long side, then topmost, then leftmost; pruning
//! with the later of two equal free rectangles losing), and a pack is part of the
//! output's bytes, so a crate's own heuristic would be a different file.

pub mod compose;
mod maxrects;

use crate::stage::KeyBuilder;
use crate::stage::KeyPart;
use rigc_sdk::emit::atlas::{AtlasPage, AtlasRegion};
use serde::{Deserialize, Serialize};
use std::path::PathBuf;

/// `--page-size`'s default (a ceiling, floored to a power of two).
pub const DEFAULT_PAGE_SIZE: u32 = 2048;
/// `--padding`'s default.
pub const DEFAULT_PADDING: u32 = 2;

/// `--page-edges`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Edges {
    /// Power-of-two pages on both edges.
    Pot,
    /// Any width from the widest cell up, the height the cells need.
    Free,
}

/// What `--pack` was asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct PackOptions {
    /// The largest page edge: `--page-size` floored to a power of two.
    pub max_edge: u32,
    /// The gutter on every side of each region.
    pub padding: u32,
    /// `pot` or `free`.
    pub edges: Edges,
}

impl PackOptions {
    /// The options from the flags (`None` = the default), `page_size` floored
    /// to a power of two (1000 → 512; 0 is refused by the flag parser) and held
    /// to [`MAX_SIDE`](rigc_sdk::png_image::MAX_SIDE), the largest PNG rigc
    /// reads back (so the `free` search and a page's pixels stay bounded).
    pub fn new(page_size: Option<u32>, padding: Option<u32>, edges: Option<Edges>) -> Self {
        let size = page_size
            .unwrap_or(DEFAULT_PAGE_SIZE)
            .clamp(1, rigc_sdk::png_image::MAX_SIDE);
        PackOptions {
            max_edge: 1 << (31 - size.leading_zeros()),
            padding: padding.unwrap_or(DEFAULT_PADDING),
            edges: edges.unwrap_or(Edges::Pot),
        }
    }
}

/// How the atlas is laid out: one page per part, packed, or imported.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Layout {
    /// One page per part (the default).
    #[default]
    PerPart,
    /// `--pack`.
    Pack(PackOptions),
    /// `--atlas-in`: the atlas file, absolute (`crate::atlas_in` reads it).
    AtlasIn(#[serde(with = "crate::stage::paths::serde_path")] PathBuf),
}

impl KeyPart for Layout {
    fn feed(&self, key: &mut KeyBuilder) {
        match self {
            Layout::PerPart => key.text("per-part"),
            Layout::AtlasIn(path) => {
                key.text("atlas-in");
                path.feed(key);
                key
            }
            Layout::Pack(o) => key
                .text("pack")
                .text(&o.max_edge.to_string())
                .text(&o.padding.to_string())
                .text(match o.edges {
                    Edges::Pot => "pot",
                    Edges::Free => "free",
                }),
        };
    }
}

/// One part to pack: its region, its PNG and its size.
#[derive(Debug, Clone, PartialEq)]
pub struct Item<'a> {
    /// The region name.
    pub region: &'a str,
    /// The part PNG.
    pub path: &'a PathBuf,
    /// Width.
    pub width: u32,
    /// Height.
    pub height: u32,
}

/// A part whose padded cell no allowed page holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TooBig {
    /// The region.
    pub region: String,
    /// The part PNG.
    pub path: PathBuf,
    /// The cell (the part and its padding on every side).
    pub cell: (u32, u32),
    /// The options it was packed with.
    pub options: PackOptions,
}

/// A packed page, as the report describes it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PackedPage {
    /// Its file name in `--out` (and page line).
    pub name: String,
    /// Width.
    pub width: u32,
    /// Height.
    pub height: u32,
    /// Each region on it (by name) and its part PNG, in page order.
    #[serde(with = "crate::stage::paths::serde_named_paths")]
    pub sources: Vec<(String, PathBuf)>,
}

/// What `--pack` made, besides the atlas pages themselves.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PackSummary {
    /// The options.
    pub options: PackOptions,
    /// The pages, in page order.
    pub pages: Vec<PackedPage>,
    /// Each region's placement in packing order: region, size, page, x, y.
    pub placements: Vec<(String, u32, u32, String, u32, u32)>,
}

/// The libgdx page file names: `skeleton.png`, `skeleton2.png`, ….
pub fn page_name(index: usize) -> String {
    if index == 0 {
        "skeleton.png".into()
    } else {
        format!("skeleton{}.png", index + 1)
    }
}

/// Packs `items` (CLI.md §7): the pages (regions sorted by name) and the
/// summary, or the first part (in packing order) whose cell fits no page.
pub fn pack(
    items: &[Item<'_>],
    options: PackOptions,
) -> Result<(Vec<AtlasPage>, PackSummary), TooBig> {
    let pad = u64::from(options.padding) * 2;
    let cell = |i: &Item<'_>| (u64::from(i.width) + pad, u64::from(i.height) + pad);
    let mut order: Vec<usize> = (0..items.len()).collect();
    order.sort_by(|&a, &b| {
        let (ia, ib) = (&items[a], &items[b]);
        let long = |i: &Item<'_>| i.width.max(i.height);
        let area = |i: &Item<'_>| u64::from(i.width) * u64::from(i.height);
        long(ib)
            .cmp(&long(ia))
            .then(area(ib).cmp(&area(ia)))
            .then(ia.region.as_bytes().cmp(ib.region.as_bytes()))
    });
    let max = u64::from(options.max_edge);
    if let Some(&i) = order.iter().find(|&&i| {
        let (w, h) = cell(&items[i]);
        w > max || h > max
    }) {
        let (w, h) = cell(&items[i]);
        return Err(TooBig {
            region: items[i].region.to_string(),
            path: items[i].path.clone(),
            cell: (
                u32::try_from(w).unwrap_or(u32::MAX),
                u32::try_from(h).unwrap_or(u32::MAX),
            ),
            options,
        });
    }
    // Every cell now fits within max_edge (≤ 2^31), so u32 holds each size.
    let cells: Vec<(u32, u32)> = order
        .iter()
        .map(|&i| {
            let (w, h) = cell(&items[i]);
            (w as u32, h as u32)
        })
        .collect();
    let groups: Vec<Vec<usize>> = match smallest_page(&cells, options) {
        Some(_) => vec![(0..cells.len()).collect()],
        None => spill(&cells, options.max_edge),
    };
    let mut pages = Vec::new();
    let mut summary = PackSummary {
        options,
        pages: Vec::new(),
        placements: Vec::new(),
    };
    for (p, group) in groups.iter().enumerate() {
        let sub: Vec<(u32, u32)> = group.iter().map(|&k| cells[k]).collect();
        // A group placed at max_edge² fits the largest page, which both
        // searches try, so the search finds a page.
        let Some(((w, h), spots)) = smallest_page(&sub, options) else {
            continue;
        };
        let name = page_name(p);
        let mut regions = Vec::new();
        for (&k, &(x, y)) in group.iter().zip(&spots) {
            let item = &items[order[k]];
            let (rx, ry) = (x + options.padding, y + options.padding);
            summary.placements.push((
                item.region.to_string(),
                item.width,
                item.height,
                name.clone(),
                rx,
                ry,
            ));
            regions.push((
                AtlasRegion {
                    name: item.region.to_string(),
                    x: rx,
                    y: ry,
                    width: item.width,
                    height: item.height,
                },
                item.path.clone(),
            ));
        }
        regions.sort_by(|a, b| a.0.name.as_bytes().cmp(b.0.name.as_bytes()));
        summary.pages.push(PackedPage {
            name: name.clone(),
            width: w,
            height: h,
            sources: regions
                .iter()
                .map(|(r, path)| (r.name.clone(), path.clone()))
                .collect(),
        });
        pages.push(AtlasPage {
            name,
            width: w,
            height: h,
            regions: regions.into_iter().map(|(r, _)| r).collect(),
        });
    }
    Ok((pages, summary))
}

/// A page size and each cell's top-left corner on it.
type Fit = ((u32, u32), Vec<(u32, u32)>);

/// The smallest page that holds every cell, and each cell's top-left corner.
fn smallest_page(cells: &[(u32, u32)], o: PackOptions) -> Option<Fit> {
    match o.edges {
        Edges::Pot => {
            let sides: Vec<u32> = (0..32)
                .map(|k| 1u32 << k)
                .take_while(|&s| s <= o.max_edge)
                .collect();
            let mut pairs: Vec<(u32, u32)> = sides
                .iter()
                .flat_map(|&w| sides.iter().map(move |&h| (w, h)))
                .collect();
            pairs.sort_by_key(|&(w, h)| (u64::from(w) * u64::from(h), w));
            pairs
                .into_iter()
                .find_map(|(w, h)| maxrects::place_all(cells, w, h).map(|spots| ((w, h), spots)))
        }
        Edges::Free => {
            let widest = cells.iter().map(|c| c.0).max().unwrap_or(1).max(1);
            let mut best: Option<Fit> = None;
            for w in widest..=o.max_edge {
                let Some(spots) = maxrects::place_all(cells, w, o.max_edge) else {
                    continue;
                };
                let h = cells
                    .iter()
                    .zip(&spots)
                    .map(|(c, s)| s.1 + c.1)
                    .max()
                    .unwrap_or(1)
                    .max(1);
                let better = match &best {
                    None => true,
                    Some(((bw, bh), _)) => {
                        let (a, ba) =
                            (u64::from(w) * u64::from(h), u64::from(*bw) * u64::from(*bh));
                        (a, w.abs_diff(h)) < (ba, bw.abs_diff(*bh))
                    }
                };
                if better {
                    best = Some(((w, h), spots));
                }
            }
            best
        }
    }
}

/// Fills max_edge² pages greedily in packing order (a cell the page has no
/// room for waits for the next page): each page's cells, by index.
fn spill(cells: &[(u32, u32)], max_edge: u32) -> Vec<Vec<usize>> {
    let mut left: Vec<usize> = (0..cells.len()).collect();
    let mut groups = Vec::new();
    while !left.is_empty() {
        let mut bin = maxrects::Bin::new(max_edge, max_edge);
        let (placed, rest): (Vec<usize>, Vec<usize>) = left
            .iter()
            .partition(|&&k| bin.insert(cells[k].0, cells[k].1).is_some());
        if placed.is_empty() {
            // Unreachable: every cell fits an empty max_edge² page.
            break;
        }
        groups.push(placed);
        left = rest;
    }
    groups
}

#[cfg(test)]
mod tests;
