//! This module owns what a target does with `--pack`'s layout beyond the atlas
//! stage: its refusals, located at the rig's `image` value that names the part
//! (a cell no allowed page holds; a part whose pixels cannot be decoded), and
//! the packed pages' bytes, composed once from the part images as the build
//! read them — what the gate is handed and what a green build writes.

use super::sources::{Image, Sources};
use crate::stage::Hashed;
use crate::stages::measure::ImageInfo;
use crate::stages::pack::compose::{self, Undecodable};
use crate::stages::pack::{PackSummary, TooBig};
use rigc_diag::json::quote;
use rigc_diag::{codes, Diagnostic, Loc};
use rigc_sdk::emit::atlas::AtlasPage;
use rigc_sdk::gate::{pages, PageContent, PageFile};
use std::collections::BTreeMap;
use std::path::Path;

/// The spec value naming the part PNG at `path`, if the rig parses.
fn image_loc(
    sources: &Sources,
    measured: &[(String, Hashed<ImageInfo>)],
    path: &Path,
) -> Option<(String, Loc)> {
    let value = measured.iter().find(|(_, i)| i.path == path)?.0.clone();
    let rig = sources.rig.spec().ok()?;
    rig.image_refs().into_iter().find(|(v, _)| *v == value)
}

fn located(d: Diagnostic, at: Option<(String, Loc)>) -> Diagnostic {
    match at {
        Some((_, loc)) => d.at(loc),
        None => d,
    }
}

/// The refusal of a part whose padded cell no allowed page holds.
pub fn too_big(
    e: TooBig,
    sources: &Sources,
    measured: &[(String, Hashed<ImageInfo>)],
) -> Diagnostic {
    let at = image_loc(sources, measured, &e.path);
    let named = at
        .as_ref()
        .map(|(v, _)| format!("image {}", quote(v)))
        .unwrap_or_else(|| e.path.display().to_string());
    let o = e.options;
    located(
        Diagnostic::new(
            codes::BUILD_PACK_PART_TOO_BIG,
            format!(
                "--pack: part {} ({named}) needs a {}x{} cell with padding {} on every side, and the largest page --page-size allows is {}x{}",
                quote(&e.region),
                e.cell.0,
                e.cell.1,
                o.padding,
                o.max_edge,
                o.max_edge
            ),
        ),
        at,
    )
    .help("give --page-size a bigger page (it is floored to a power of two), lower --padding, or build without --pack (one page per part)")
}

/// The refusal of a part whose pixels cannot be decoded for its packed page.
fn undecodable(
    e: Undecodable,
    sources: &Sources,
    measured: &[(String, Hashed<ImageInfo>)],
) -> Diagnostic {
    let at = image_loc(sources, measured, &e.path);
    located(
        Diagnostic::new(
            codes::BUILD_PACK_PART_UNDECODABLE,
            format!(
                "--pack: the pixels of {} cannot be decoded to copy them onto their page: {}",
                e.path.display(),
                e.error
            ),
        ),
        at,
    )
    .help("re-export the PNG, or build without --pack: its header was read, its image data was not")
}

/// The packed pages' names and PNG bytes, or the refusal of the part that
/// could not be decoded.
pub fn pages(
    pages: &[AtlasPage],
    summary: &PackSummary,
    images: &[&Image],
    sources: &Sources,
    measured: &[(String, Hashed<ImageInfo>)],
) -> Result<Vec<(String, Vec<u8>)>, Diagnostic> {
    compose::compose(pages, summary, |path| {
        images
            .iter()
            .find(|i| i.path == path)
            .map(|i| i.bytes.as_slice())
    })
    .map_err(|e| undecodable(e, sources, measured))
}

/// The packed pages as the gate is handed them: each under `--out`, with the
/// bytes a green build writes.
pub fn page_files(packed: &[(String, Vec<u8>)], out_dir: &Path) -> Vec<PageFile> {
    packed
        .iter()
        .map(|(name, bytes)| PageFile {
            name: name.clone(),
            path: pages::path_of(out_dir, name, &BTreeMap::new())
                .to_string_lossy()
                .into_owned(),
            content: PageContent::Bytes(bytes.clone()),
        })
        .collect()
}
