//! This module owns A19_OVERLAY_PNGS_HAVE_ALPHA (renderer; GATE.md §3, §4.5): every
//! part that is not a base plate can draw a transparent pixel, because spine-html
//! draws each part over the ones below it and an opaque overlay hides them.
//!
//! Base plates: the rig's named `base_plates` (from the cut manifest); else every
//! region attachment whose size covers the stage (`RigInfo.stage`, else the
//! skeleton header's width and height), by its path. A page holding one region
//! that is not a base plate must be able to hold transparency: an alpha channel
//! (colour type 4 or 6) or a `tRNS` chunk — the file's header decides, as the
//! project's issue #2 states the rule ("an overlay PNG with no alpha fails"), so a
//! part drawn as a solid RGBA rectangle (rigc's own buoy quickstart) passes. On a
//! shared page, where the header speaks for every region at once, each non-base
//! region's rectangle must hold a texel with alpha < 255. Pages whose file is missing (A17)
//! or unreadable (A06) are counted and, when nothing else failed, named in a
//! SKIP. Every FAIL ends with the renderer-policy sentence.

use crate::a06_atlas_page_size_matches_png::page_footprint;
use crate::loaded::{paged_atlas_or_skip, placed, stage};
use crate::raw::num;
use rigc_sdk::gate::facts::{Facts, PageImage};
use rigc_sdk::gate::{skip_reasons, Outcome, Rule, RuleKind, Subject, Target};
use rigc_sdk::png_image::DecodedPng;
use rigc_sdk::spine::atlas::AtlasRegion;
use rigc_sdk::spine::data::AttachmentKind;
use std::collections::HashSet;

/// A19_OVERLAY_PNGS_HAVE_ALPHA.
pub struct A19OverlayPngsHaveAlpha;

/// The base plates, and whether anything could name one.
struct Plates {
    names: HashSet<String>,
    /// No named plate and no stage: nothing can be exempt.
    unnamed: bool,
}

impl Plates {
    fn of(facts: &Facts<'_>, out: &mut Outcome) -> Option<Plates> {
        if let Some(rig) = facts.rig().filter(|r| !r.base_plates.is_empty()) {
            return Some(Plates {
                names: rig.base_plates.iter().cloned().collect(),
                unnamed: false,
            });
        }
        let Ok(loaded) = facts.loaded() else {
            out.skip(skip_reasons::NO_SKELETON);
            return None;
        };
        let data = &loaded.data;
        let Some((sw, sh)) = stage(facts, data) else {
            return Some(Plates {
                names: HashSet::new(),
                unnamed: true,
            });
        };
        let names = placed(data)
            .into_iter()
            .filter_map(|p| match &p.attachment.kind {
                AttachmentKind::Region(r) if r.width >= sw && r.height >= sh => {
                    Some(r.path.clone())
                }
                _ => None,
            })
            .collect();
        Some(Plates {
            names,
            unnamed: false,
        })
    }

    fn policy(&self) -> &'static str {
        if self.unnamed {
            POLICY_UNNAMED
        } else {
            POLICY
        }
    }
}

/// The sentence every FAIL ends with.
pub(crate) const POLICY: &str = " This is renderer policy, and it belongs to --profile spine-html: spine-html draws every part over the ones below it, and only a base plate covering the stage may be opaque — give the part transparent texels, or name it a base plate";
/// The same, when the rig names no base plate and no stage is known.
pub(crate) const POLICY_UNNAMED: &str = " This is renderer policy, and it belongs to --profile spine-html: spine-html draws every part over the ones below it, and only a base plate may be opaque — this rig names no base plate and states no stage, so nothing is exempt: name the plate among the rig's base plates, or state the stage (skeleton width and height) so that a region covering it is one";

/// Why a page carrying parts was not read.
enum Unread {
    Missing,
    Unreadable,
}

impl Rule for A19OverlayPngsHaveAlpha {
    fn code(&self) -> &'static str {
        "A19_OVERLAY_PNGS_HAVE_ALPHA"
    }

    fn kind(&self) -> RuleKind {
        RuleKind::Renderer
    }

    fn check(&self, facts: &Facts<'_>, out: &mut Outcome) {
        let Some(atlas) = paged_atlas_or_skip(facts, out) else {
            return;
        };
        let Some(plates) = Plates::of(facts, out) else {
            return;
        };
        let policy = plates.policy();
        let (mut missing, mut unreadable, mut carrying) = (0usize, 0usize, 0usize);
        for (i, page) in atlas.pages.iter().enumerate() {
            let regions: Vec<&AtlasRegion> = atlas.regions.iter().filter(|r| r.page == i).collect();
            let parts: Vec<&AtlasRegion> = regions
                .iter()
                .copied()
                .filter(|r| !plates.names.contains(&r.name))
                .collect();
            let Some(image) = facts.page_image(i).filter(|_| !parts.is_empty()) else {
                continue;
            };
            carrying += 1;
            let result = if regions.len() > 1 {
                shared(image, page, &parts, policy, out)
            } else {
                single(image, &page.name, policy, out)
            };
            match result {
                Some(Unread::Missing) => missing += 1,
                Some(Unread::Unreadable) => unreadable += 1,
                None => {}
            }
        }
        if carrying == 0 {
            out.skip("every region here is a base plate, so no part is drawn over another");
        } else if out.failures.is_empty() && missing + unreadable > 0 {
            out.skip(format!(
                "{} page(s) carrying parts were not read — {missing} missing (A17_ATLAS_PAGE_FILES_EXIST names them) and {unreadable} unreadable (A06_ATLAS_PAGE_SIZE_MATCHES_PNG names them) — so their parts' alpha was not measured",
                missing + unreadable
            ));
        }
    }
}

/// The decoded image, or why the page was not read.
fn decode<'a>(image: &'a PageImage<'_>) -> Result<&'a DecodedPng, Unread> {
    if !image.exists() {
        return Err(Unread::Missing);
    }
    match image.decoded() {
        Some(Ok(d)) => Ok(d),
        _ => Err(Unread::Unreadable),
    }
}

/// A page holding one region that is not a base plate.
fn single(image: &PageImage, page: &str, policy: &str, out: &mut Outcome) -> Option<Unread> {
    if !image.exists() {
        return Some(Unread::Missing);
    }
    let Some(Ok(header)) = image.header() else {
        return Some(Unread::Unreadable);
    };
    let (c, name) = (header.color_type, header.color_type_name());
    if !header.can_be_transparent() {
        out.fail_at(Subject::of(Target::Page(page.to_string())), format!(
            "part image \"{page}\" cannot be transparent anywhere: it is colour type {c} ({name}) with no tRNS chunk, so every texel draws opaque.{policy}"
        ));
        return None;
    }
    None
}

/// A part of a shared page as a subject: its region.
fn part(r: &AtlasRegion) -> Subject {
    Subject::of(Target::Region(r.name.clone()))
}

/// A page holding several regions: each part's rectangle must hold a texel
/// with alpha below 255.
fn shared(
    image: &PageImage,
    page: &rigc_sdk::spine::atlas::AtlasPage,
    parts: &[&AtlasRegion],
    policy: &str,
    out: &mut Outcome,
) -> Option<Unread> {
    let decoded = match decode(image) {
        Ok(d) => d,
        Err(why) => return Some(why),
    };
    let (w, h) = (decoded.header.width, decoded.header.height);
    let p = &page.name;
    if (f64::from(w), f64::from(h)) != (page.width, page.height) {
        for r in parts {
            out.fail_at(part(r), format!(
                "part \"{}\" is not measured: page \"{p}\" declares {}x{} and its PNG is {w}x{h}, so which texels are the region's is not known (A06_ATLAS_PAGE_SIZE_MATCHES_PNG names the mismatch).{policy}",
                r.name,
                num(page.width),
                num(page.height)
            ));
        }
        return None;
    }
    for r in parts {
        let (x, y, fw, fh) = page_footprint(r);
        let total = fw * fh;
        let clip = |start: f64, len: f64, max: u32| -> (u32, u32) {
            if !(start.is_finite() && len.is_finite()) || len <= 0.0 {
                return (0, 0);
            }
            let a = start.max(0.0).min(f64::from(max));
            let b = (start + len).max(0.0).min(f64::from(max));
            (a as u32, b as u32)
        };
        let (x0, x1) = clip(x, fw, w);
        let (y0, y1) = clip(y, fh, h);
        let read = u64::from(x1 - x0) * u64::from(y1 - y0);
        let rect = format!("{}x{}", num(fw), num(fh));
        if read == 0 {
            out.fail_at(part(r), format!(
                "part \"{}\" is not measured: its {rect} rectangle at {},{} lies off page \"{p}\" ({w}x{h}), so the scan read 0 of the {} texels (A06_ATLAS_PAGE_SIZE_MATCHES_PNG names the region).{policy}",
                r.name,
                num(x),
                num(y),
                num(total)
            ));
            continue;
        }
        let transparent = (y0..y1).any(|ty| (x0..x1).any(|tx| decoded.alpha(tx, ty) < 255));
        if transparent {
            continue;
        }
        if read as f64 == total {
            out.fail_at(part(r), format!(
                "part \"{}\" is opaque in every one of its {rect} texels on shared page \"{p}\" — spine-html draws it as a solid rectangle over everything below it.{policy}",
                r.name
            ));
        } else {
            out.fail_at(part(r), format!(
                "part \"{}\" is opaque in every one of the {read} of its {} texels that lie on shared page \"{p}\" (the rest of its {rect} rectangle runs off the page) — spine-html draws it as a solid rectangle over everything below it.{policy}",
                r.name,
                num(total)
            ));
        }
    }
    None
}

#[cfg(test)]
#[path = "a19_tests.rs"]
mod tests;
