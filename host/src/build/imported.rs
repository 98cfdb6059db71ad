//! This module owns what a target does with `--atlas-in` beyond reading it
//! (`sources::read_atlas_in`) and parsing it (`crate::atlas_in`): the parts
//! measured from their regions (refused, at the rig's `image` value, when the
//! atlas lacks one), the layout and the emitted atlas replaced by the imported
//! text re-anchored to `--out`, the part-page lines, and the pages the gate is
//! handed (their bytes as read); and each generated mesh's part, lifted off
//! its page (`crate::atlas_in::lift`) so the meshgen and mesh stages read it
//! as they read a loose part, or refused at its `generator` block when it
//! cannot be (a region packed with a rotation, on a scaled page, or whose
//! texels do not fit its original window).

use super::sources::{images_dir, Sources};
use super::sources::{Image, Images};
use crate::atlas_in::lift::{self, Unliftable};
use crate::atlas_in::{join, Imported, Region};
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

/// Each generated mesh's part under `--atlas-in`, as the loose build would
/// have read it: the PNG of its region's original window lifted off its page
/// (`atlas_in::lift`), under its page's path; or the refusals, each at the
/// `generator` block, of the generators whose region cannot be lifted (a
/// region the atlas lacks is refused with the parts' sizes).
pub fn generated_parts(imported: &Imported, sources: &Sources) -> Result<Images, Vec<Diagnostic>> {
    let Ok(rig) = sources.rig.spec() else {
        return Ok(Vec::new());
    };
    let dir = images_dir(
        sources.images_override.as_deref(),
        rig.images_dir().map(|(v, _)| v),
        &sources.rig.file.path,
    );
    let mut pages = lift::Pages::default();
    let mut out: Images = Vec::new();
    let mut refused = Vec::new();
    for s in &rig.skins {
        for sl in &s.slots {
            for e in &sl.entries {
                let crate::spec::rig::AttachmentKind::Generated(g) = &e.kind else {
                    continue;
                };
                let image = &g.image.value;
                let name = join::region_name(image);
                let Some(region) = imported.regions.iter().find(|r| r.name == name) else {
                    continue;
                };
                if out.iter().any(|(i, _)| i == image) {
                    continue;
                }
                match lift::lift(imported, &mut pages, region) {
                    Ok(bytes) => out.push((
                        image.clone(),
                        Ok(Image {
                            path: imported
                                .pages
                                .get(region.page)
                                .map(|p| p.path.clone())
                                .unwrap_or_default(),
                            named: crate::project::absolute(Path::new(image), &dir),
                            content: crate::cache::hash(&bytes),
                            bytes,
                        }),
                    )),
                    Err(why) => {
                        let who = format!(
                            "skin {} slot {} attachment {}",
                            rigc_diag::json::quote(&s.name),
                            rigc_diag::json::quote(&sl.slot),
                            rigc_diag::json::quote(&e.placeholder)
                        );
                        refused.push(
                            unliftable(imported, &who, region, &why)
                                .at(g.generator.loc_of(None))
                                .related(
                                    "its region",
                                    crate::atlas_in::loc(&imported.file, region.line, None),
                                ),
                        );
                    }
                }
            }
        }
    }
    if refused.is_empty() {
        Ok(out)
    } else {
        Err(refused)
    }
}

/// The refusal (unplaced) of lifting `region`'s pixels for the generator of
/// `who`, for `why`.
fn unliftable(imported: &Imported, who: &str, region: &Region, why: &Unliftable) -> Diagnostic {
    let at = format!(
        "--atlas-in {}: {who} generates its mesh from the pixels of region {}, which",
        imported.file.display,
        rigc_diag::json::quote(&region.name)
    );
    match why {
        Unliftable::Rotated(deg) => Diagnostic::new(
            codes::BUILD_ATLAS_IN_GENERATOR_ROTATED,
            format!("{at} is packed `rotate: {deg}`, and a generator reads its part's pixels upright off the page"),
        )
        .help("pack the atlas without rotation (or with this region unrotated), or build this rig from its loose PNGs"),
        Unliftable::Scaled(scale) => Diagnostic::new(
            codes::BUILD_ATLAS_IN_GENERATOR_SCALED,
            format!(
                "{at} is on a page of `scale: {}`, and a generator reads its part's pixels one texel a pixel",
                rigc_sdk::spine::json::js_number_string(*scale)
            ),
        )
        .help("export the atlas at scale 1, or build this rig from its loose PNGs"),
        Unliftable::OutOfWindow => Diagnostic::new(
            codes::BUILD_ATLAS_IN_UNLIFTABLE,
            format!(
                "{at} is {}x{} at offset {},{} of an original {}x{}, so its texels do not fit its original window",
                region.width, region.height, region.offset_x, region.offset_y, region.original_width, region.original_height
            ),
        )
        .help("fix the region's `offsets:` (x, y from the bottom left, then the original size), or pack the atlas again"),
        Unliftable::Page(reason) => Diagnostic::new(
            codes::BUILD_ATLAS_IN_UNLIFTABLE,
            format!("{at} cannot be read off its page ({reason})"),
        )
        .help("export the page PNG again"),
    }
}
