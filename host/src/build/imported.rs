//! This module owns what a target does with `--atlas-in` beyond reading it
//! (`sources::read_atlas_in`) and parsing it (`crate::atlas_in`): the parts
//! measured from their regions (refused, at the rig's `image` value, when the
//! atlas lacks one), the layout and the emitted atlas replaced by the imported
//! text re-anchored to `--out`, the part-page lines, and the pages the gate is
//! handed (their bytes as read). A generated mesh is refused by name under
//! `--atlas-in` (its generator's pixels are not read off an imported page yet).

use super::sources::{images_dir, Sources};
use crate::atlas_in::{join, Imported};
use crate::stage::Hashed;
use crate::stages::atlas::AtlasPlan;
use crate::stages::measure::ImageInfo;
use crate::stages::parse::RigSummary;
use rigc_diag::{codes, Diagnostic};
use rigc_sdk::abi::EmitReply;
use rigc_sdk::gate::{pages, PageContent, PageFile};
use std::collections::BTreeMap;
use std::path::Path;

/// Each `image` the rig names, measured from its region; or the refusals of
/// those the atlas lacks, each at the `image` value.
pub fn measured(
    imported: &Imported,
    sources: &Sources,
    rig: &RigSummary,
) -> Result<Vec<(String, Hashed<ImageInfo>)>, Vec<Diagnostic>> {
    let dir = images_dir(
        sources.images_override.as_deref(),
        rig.images_dir.as_deref(),
        &sources.rig.file.path,
    );
    match join::measured(imported, &rig.image_refs, &dir) {
        Ok(found) => Ok(found
            .into_iter()
            .map(|(v, info)| (v, Hashed::new(info)))
            .collect()),
        Err(lacking) => {
            let locs: Vec<(String, rigc_diag::Loc)> = match sources.rig.spec() {
                Ok(r) => r.image_refs(),
                Err(d) => return Err(d),
            };
            Err(lacking
                .iter()
                .map(|image| {
                    let d = Diagnostic::new(
                        codes::BUILD_ATLAS_IN_NO_REGION,
                        join::missing(imported, image),
                    )
                    .help("a part joins the atlas by its PNG's basename: rename the region, or the image");
                    match locs.iter().find(|(v, _)| v == image) {
                        Some((_, loc)) => d.at(loc.clone()),
                        None => d,
                    }
                })
                .collect())
        }
    }
}

/// The imported layout (its `images` path the loose plan's) and the atlas
/// text to write: the imported one, re-anchored to `out_dir`.
pub fn plan(imported: &Imported, out_dir: &Path, loose: AtlasPlan) -> (AtlasPlan, String) {
    (
        join::plan(imported, out_dir, loose),
        crate::atlas_in::reanchor(imported, out_dir),
    )
}

/// The emitter's reply with its `skeleton.atlas` replaced by `atlas_text`.
pub fn with_atlas(reply: EmitReply, atlas_text: &str) -> EmitReply {
    let mut reply = reply;
    for f in &mut reply.files {
        if f.name == "skeleton.atlas" {
            f.text = atlas_text.to_string();
        }
    }
    reply
}

/// The part-page line of each part: region, size, where it was found.
pub fn part_lines(
    imported: &Imported,
    parts: &[crate::stages::atlas::PagePart],
    out_dir: &Path,
) -> Vec<(String, u32, u32, String)> {
    parts
        .iter()
        .map(|p| {
            let at = imported
                .regions
                .iter()
                .find(|r| r.name == p.region)
                .map(|r| join::where_line(imported, r, out_dir))
                .unwrap_or_default();
            (p.region.clone(), p.width, p.height, at)
        })
        .collect()
}

/// The imported pages as the gate is handed them: each under the path the
/// re-anchored atlas names, with the bytes read.
pub fn page_files(imported: &Imported, out_dir: &Path) -> Vec<PageFile> {
    imported
        .pages
        .iter()
        .map(|p| {
            let name = crate::project::relative_slash(out_dir, &p.path);
            PageFile {
                path: pages::path_of(out_dir, &name, &BTreeMap::new())
                    .to_string_lossy()
                    .into_owned(),
                name,
                content: match &p.bytes {
                    Some(b) => PageContent::Bytes(b.clone()),
                    None => PageContent::Missing,
                },
            }
        })
        .collect()
}

/// The refusals of a region attachment whose stated `width` or `height`
/// disagrees with its region (original size ÷ the page's `scale:`) by more
/// than the half source pixel the scale leaves uncertain, each at the
/// attachment.
pub fn size_refusals(imported: &Imported, sources: &Sources) -> Vec<Diagnostic> {
    let Ok(rig) = sources.rig.spec() else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for e in rig
        .skins
        .iter()
        .flat_map(|s| s.slots.iter().flat_map(|sl| sl.entries.iter()))
    {
        let crate::spec::rig::AttachmentKind::Region(r) = &e.kind else {
            continue;
        };
        let Some(image) = &r.image else { continue };
        let name = join::region_name(&image.value);
        let Some(region) = imported.regions.iter().find(|g| g.name == name) else {
            continue;
        };
        let scale = imported.pages.get(region.page).map_or(1.0, |p| p.scale);
        let (w, h) = join::part_size(imported, region);
        let off = |stated: Option<f64>, atlas: u32| {
            stated.filter(|s| (s - f64::from(atlas)).abs() > 0.5 / scale)
        };
        if off(r.width, w).is_some() || off(r.height, h).is_some() {
            let said = |v: Option<f64>, of: u32| {
                v.map_or(of.to_string(), rigc_sdk::spine::json::js_number_string)
            };
            out.push(
                Diagnostic::new(
                    codes::BUILD_ATLAS_IN_SIZE,
                    format!(
                        "--atlas-in {}: attachment {} states {}x{}, and its region {} is {w}x{h} (scale {})",
                        imported.file.display,
                        rigc_diag::json::quote(&e.placeholder),
                        said(r.width, w),
                        said(r.height, h),
                        rigc_diag::json::quote(&name),
                        rigc_sdk::spine::json::js_number_string(scale)
                    ),
                )
                .at(e.loc.clone())
                .help("drop the stated width/height (the region's size is the part's), or fix the region"),
            );
        }
    }
    out
}

/// The refusals of each generated mesh under `--atlas-in`, at its `generator`
/// block: a generator reads its part's pixels, and lifting them off an
/// imported page is not implemented yet (without this the build would emit
/// no mesh for it).
pub fn generator_refusals(imported: &Imported, sources: &Sources) -> Vec<Diagnostic> {
    let Ok(rig) = sources.rig.spec() else {
        return Vec::new();
    };
    rig.skins
        .iter()
        .flat_map(|s| s.slots.iter().map(move |sl| (s, sl)))
        .flat_map(|(s, sl)| sl.entries.iter().map(move |e| (s, sl, e)))
        .filter_map(|(s, sl, e)| match &e.kind {
            crate::spec::rig::AttachmentKind::Generated(g) => Some(
                Diagnostic::new(
                    codes::BUILD_ATLAS_IN_GENERATOR,
                    format!(
                        "--atlas-in {}: skin {} slot {} attachment {} generates its mesh from its part's pixels, and reading them off an imported page is not implemented yet",
                        imported.file.display,
                        rigc_diag::json::quote(&s.name),
                        rigc_diag::json::quote(&sl.slot),
                        rigc_diag::json::quote(&e.placeholder)
                    ),
                )
                .at(g.generator.loc_of(None))
                .help("build this rig from its loose PNGs (or --pack), or state the mesh's geometry instead of a generator"),
            ),
            _ => None,
        })
        .collect()
}
