//! This module owns the join of the rig's parts to an imported atlas: a part's
//! region is its PNG's basename (the loose rule, so the rig needs no edit), its
//! size the region's original size ÷ its page's `scale:`; the part-page line
//! that says where it was found; the atlas layout the build hands on; and the
//! refusal of a part the atlas does not hold (with the nearest region name).

use super::{Imported, Region};
use crate::stages::atlas::AtlasPlan;
use crate::stages::measure::ImageInfo;
use rigc_diag::json::quote;
use rigc_sdk::emit::atlas::{AtlasPage, AtlasRegion};
use rigc_sdk::png_image::PngHeader;
use std::path::Path;

pub(crate) use crate::stages::setup::resolve::region_name;

/// A part's size from its region: original size ÷ the page's scale, rounded.
pub fn part_size(imported: &Imported, r: &Region) -> (u32, u32) {
    let scale = imported.pages.get(r.page).map_or(1.0, |p| p.scale);
    let of = |v: u32| ((f64::from(v) / scale).round()).clamp(1.0, f64::from(u32::MAX)) as u32;
    (of(r.original_width), of(r.original_height))
}

/// The refusal text of an `image` whose region the atlas lacks.
pub fn missing(imported: &Imported, image: &str) -> String {
    let region = region_name(image);
    let names: Vec<&str> = imported.regions.iter().map(|r| r.name.as_str()).collect();
    let near = rigc_diag::cursor::nearest(&region, &names)
        .map(|n| format!(" — did you mean {}?", quote(n)))
        .unwrap_or_default();
    format!(
        "--atlas-in {}: image {} is region {}, and the atlas has no region of that name ({} region(s)){near}",
        imported.file.display,
        quote(image),
        quote(&region),
        names.len()
    )
}

/// What each `image` the rig names is under `--atlas-in`: its region's size,
/// under the path the loose part would have (`images_dir` joined with the
/// value), so the rest of the build sees a part as it would a loose one; or
/// the images whose regions the atlas lacks.
pub fn measured(
    imported: &Imported,
    images: &[String],
    images_dir: &Path,
) -> Result<Vec<(String, ImageInfo)>, Vec<String>> {
    let mut found = Vec::new();
    let mut lacking = Vec::new();
    for image in images {
        let name = region_name(image);
        match imported.regions.iter().find(|r| r.name == name) {
            None => lacking.push(image.clone()),
            Some(r) => {
                let (width, height) = part_size(imported, r);
                found.push((
                    image.clone(),
                    ImageInfo {
                        path: crate::project::absolute(Path::new(image), images_dir),
                        header: PngHeader {
                            width,
                            height,
                            color_type: 6,
                            bit_depth: 8,
                            has_trns: false,
                        },
                    },
                ));
            }
        }
    }
    if lacking.is_empty() {
        Ok(found)
    } else {
        Err(lacking)
    }
}

/// The atlas layout an imported atlas gives: its pages (re-anchored to
/// `out_dir`) and regions as the emitter's model holds them; the images path
/// stays `loose`'s (the one-page-per-part plan's), so skeleton.json is the
/// loose build's.
pub fn plan(imported: &Imported, out_dir: &Path, loose: AtlasPlan) -> AtlasPlan {
    let pages = imported
        .pages
        .iter()
        .enumerate()
        .map(|(i, p)| AtlasPage {
            name: crate::project::relative_slash(out_dir, &p.path),
            width: p.width,
            height: p.height,
            regions: imported
                .regions
                .iter()
                .filter(|r| r.page == i)
                .map(|r| AtlasRegion {
                    name: r.name.clone(),
                    x: r.x,
                    y: r.y,
                    width: r.width,
                    height: r.height,
                })
                .collect(),
        })
        .collect();
    AtlasPlan {
        pages,
        copies: Vec::new(),
        images_path: loose.images_path,
        packed: None,
    }
}

/// Where a part was found (FORMAT.md §6.1): `<page> @ x,y`, then ` rotate D`,
/// ` scale S (WxH texels)`, and `, occupies WxH` when its footprint is not its
/// size.
pub fn where_line(imported: &Imported, r: &Region, out_dir: &Path) -> String {
    let Some(page) = imported.pages.get(r.page) else {
        return String::new();
    };
    let mut s = format!(
        "{} @ {},{}",
        crate::project::relative_slash(out_dir, &page.path),
        r.x,
        r.y
    );
    if r.degrees != 0 {
        s.push_str(&format!(" rotate {}", r.degrees));
    }
    if page.scale != 1.0 {
        s.push_str(&format!(
            " scale {} ({}x{} texels)",
            rigc_sdk::spine::json::js_number_string(page.scale),
            r.original_width,
            r.original_height
        ));
    }
    let (w, h) = part_size(imported, r);
    let (fw, fh) = r.footprint();
    let of = |v: u32| (f64::from(v) / page.scale).round() as u32;
    if r.degrees == 90 || r.degrees == 270 || (of(fw), of(fh)) != (w, h) {
        s.push_str(&format!(", occupies {}x{}", of(fw), of(fh)));
    }
    s
}
