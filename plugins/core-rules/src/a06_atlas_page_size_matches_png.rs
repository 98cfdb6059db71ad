//! This module owns A06_ATLAS_PAGE_SIZE_MATCHES_PNG (mixed validity; GATE.md §2,
//! §3, §4.2). Validity, always: each page's file, resolved against the atlas
//! directory, reads as a PNG whose pixel size is the page's declared `size:` and
//! whose image data decodes; every region's page rectangle (`bounds`, width and
//! height swapped for a 90° or 270° rotate) lies inside its page. Policy, only
//! under `spine-html`: no page claims premultiplied alpha, and no region is
//! rotated (rigc's packer never turns one). The old "no two rectangles overlap"
//! clause lives in A49 (DECISIONS.md).
//!
//! A page whose file is missing is left to A17; when nothing else failed and a
//! page went unread, the rule SKIPs naming how many (GATE.md §1.4: one rule never
//! lands in two buckets). SKIPs with no atlas (A00 owns a refused one) or no page.

use crate::loaded::paged_atlas_or_skip;
use crate::raw::num;
use rigc_sdk::gate::facts::{Facts, PageFileError};
use rigc_sdk::gate::{Outcome, Profile, Rule, RuleKind, Subject, Target};
use rigc_sdk::spine::atlas::AtlasRegion;

/// A06_ATLAS_PAGE_SIZE_MATCHES_PNG.
pub struct A06AtlasPageSizeMatchesPng;

/// A region's rectangle on its page: `(x, y, w, h)`, with width and height
/// swapped for a region turned 90° or 270° (`pageFootprint`).
pub(crate) fn page_footprint(r: &AtlasRegion) -> (f64, f64, f64, f64) {
    if r.degrees == 90.0 || r.degrees == 270.0 {
        (r.x, r.y, r.height, r.width)
    } else {
        (r.x, r.y, r.width, r.height)
    }
}

/// `a / b` to at most 4 decimals.
fn ratio(a: f64, b: f64) -> String {
    num((a / b * 10_000.0).round() / 10_000.0)
}

impl Rule for A06AtlasPageSizeMatchesPng {
    fn code(&self) -> &'static str {
        "A06_ATLAS_PAGE_SIZE_MATCHES_PNG"
    }

    fn kind(&self) -> RuleKind {
        RuleKind::Validity
    }

    fn check(&self, facts: &Facts<'_>, out: &mut Outcome) {
        let Some(atlas) = paged_atlas_or_skip(facts, out) else {
            return;
        };
        let policy = facts.input.profile == Profile::SpineHtml;
        let mut unread = 0usize;
        for (i, page) in atlas.pages.iter().enumerate() {
            let (p, w, h) = (&page.name, num(page.width), num(page.height));
            let at = || Subject::of(Target::Page(p.clone()));
            let Some(image) = facts.page_image(i) else {
                continue;
            };
            let not_png = |problem: &str| {
                format!("page \"{p}\" declares {w}x{h} and its file cannot be read as PNG, so the size was not measured: {problem}")
            };
            match (image.bytes(), image.header()) {
                (Err(PageFileError::Missing), _) => unread += 1,
                (Err(PageFileError::Unreadable(why)), _) => out.fail_at(at(), not_png(why)),
                (Ok(_), None) => {}
                (Ok(_), Some(Err(e))) => out.fail_at(at(), not_png(&e.to_string())),
                (Ok(_), Some(Ok(header))) => {
                    let (pw, ph) = (f64::from(header.width), f64::from(header.height));
                    if (pw, ph) != (page.width, page.height) {
                        out.fail_at(at(), format!(
                            "page \"{p}\" declares {w}x{h} and its PNG is {}x{}: the image is {}x the declared grid across and {}x down, so every region rectangle on it names the wrong texels — repack the page, or, if it was scaled on purpose, state the factor on the atlas's \"scale:\" line, the format's repair",
                            header.width,
                            header.height,
                            ratio(pw, page.width),
                            ratio(ph, page.height)
                        ));
                    } else if let Some(Err(e)) = image.decoded() {
                        out.fail_at(at(), format!(
                            "page \"{p}\" declares {w}x{h}, its PNG header agrees, and its image data cannot be decoded: {e}"
                        ));
                    }
                }
            }
            if policy && page.pma {
                out.fail_at(
                    at(),
                    format!("page \"{p}\" claims premultiplied alpha; parts are straight alpha"),
                );
            }
        }
        for r in &atlas.regions {
            let Some(page) = atlas.pages.get(r.page) else {
                continue;
            };
            let (x, y, w, h) = page_footprint(r);
            let at = || Subject::of(Target::Region(r.name.clone()));
            if x < 0.0 || y < 0.0 || x + w > page.width || y + h > page.height {
                out.fail_at(at(), format!(
                    "region \"{}\" occupies {},{} {}x{} of page \"{}\", which is {}x{} — a region that runs off its page samples texels that are not there",
                    r.name,
                    num(x),
                    num(y),
                    num(w),
                    num(h),
                    page.name,
                    num(page.width),
                    num(page.height)
                ));
            }
            if policy && r.degrees != 0.0 {
                out.fail_at(at(), format!(
                    "region \"{}\" is rotated; rigc's own packer never turns a region (rotate: {}), so this page was packed by another tool — repack it with rigc",
                    r.name,
                    num(r.degrees)
                ));
            }
        }
        if out.failures.is_empty() && unread > 0 {
            let n = atlas.pages.len();
            out.skip(if unread == n {
                format!("no page's size was measured: the file of every one of the {n} page(s) is missing, and A17_ATLAS_PAGE_FILES_EXIST names them")
            } else {
                format!("the size of {unread} of the {n} page(s) was not measured — their files are missing, and A17_ATLAS_PAGE_FILES_EXIST names them")
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::a07_atlas_text_shape::NO_ATLAS_TEXT;
    use crate::testkit::*;

    const RULE: A06AtlasPageSizeMatchesPng = A06AtlasPageSizeMatchesPng;
    const ONE: &str =
        "p.png\nsize: 4, 2\nfilter: Linear, Linear\npma: false\nr\nbounds: 0, 0, 4, 2\n";

    fn page(w: u32, h: u32) -> Vec<u8> {
        png_rgba(w, h, |_, _| [1, 2, 3, 4])
    }

    #[test]
    fn passes_on_the_fixture_and_a_measured_page() {
        assert_pass(&RULE, &fixture());
        let (_dir, input) = with_pages(ONE, &[("p.png", page(4, 2))]);
        assert_pass(&RULE, &input);
    }

    #[test]
    fn fails_on_a_page_that_is_not_a_png() {
        let (_dir, input) = with_pages(ONE, &[("p.png", b"GIF89a".to_vec())]);
        assert_fails(&RULE, &input, &["page \"p.png\" declares 4x2 and its file cannot be read as PNG, so the size was not measured: it does not start with the PNG signature, so it is not a PNG file"]);
    }

    #[test]
    fn fails_on_undecodable_image_data() {
        let mut bytes = page(4, 2);
        let len = bytes.len();
        bytes.truncate(len - 16);
        let (_dir, input) = with_pages(ONE, &[("p.png", bytes)]);
        let out = check(&RULE, &input);
        assert_eq!(out.failures.len(), 1, "{:?}", out.failures);
        assert!(out.failures[0].detail.starts_with(
            "page \"p.png\" declares 4x2, its PNG header agrees, and its image data cannot be decoded: "
        ));
    }

    #[test]
    fn fails_on_a_page_grid_mismatch() {
        let (_dir, input) = with_pages(ONE, &[("p.png", page(8, 3))]);
        assert_fails_at(&RULE, &input, &[("page \"p.png\" declares 4x2 and its PNG is 8x3: the image is 2x the declared grid across and 1.5x down, so every region rectangle on it names the wrong texels — repack the page, or, if it was scaled on purpose, state the factor on the atlas's \"scale:\" line, the format's repair", Some(Subject::of(Target::Page("p.png".into()))))]);
    }

    #[test]
    fn fails_on_a_region_off_its_page_rotation_swapping_the_sides() {
        let atlas = ONE.replace("bounds: 0, 0, 4, 2", "bounds: 3, 0, 1, 2\nrotate: 90");
        let (_dir, input) = with_pages(&atlas, &[("p.png", page(4, 2))]);
        let mut spine = input.clone();
        spine.profile = Profile::Spine;
        assert_fails_at(
            &RULE,
            &spine,
            &[(
                "region \"r\" occupies 3,0 2x1 of page \"p.png\", which is 4x2 — a region that runs off its page samples texels that are not there",
                Some(Subject::of(Target::Region("r".into()))),
            )],
        );
    }

    #[test]
    fn policy_clauses_run_only_under_spine_html() {
        let atlas = ONE
            .replace("pma: false", "pma: true")
            .replace("bounds: 0, 0, 4, 2", "bounds: 0, 0, 2, 2\nrotate: 270");
        let (_dir, input) = with_pages(&atlas, &[("p.png", page(4, 2))]);
        assert_fails_at(
            &RULE,
            &input,
            &[
                (
                    "page \"p.png\" claims premultiplied alpha; parts are straight alpha",
                    Some(Subject::of(Target::Page("p.png".into()))),
                ),
                (
                    "region \"r\" is rotated; rigc's own packer never turns a region (rotate: 270), so this page was packed by another tool — repack it with rigc",
                    Some(Subject::of(Target::Region("r".into()))),
                ),
            ],
        );
        let mut spine = input.clone();
        spine.profile = Profile::Spine;
        assert_pass(&RULE, &spine);
    }

    #[test]
    fn skips_a_missing_page_only_when_nothing_else_failed() {
        let two = format!("{ONE}\nq.png\nsize: 1, 1\nq\nbounds: 0, 0, 1, 1\n");
        let (_dir, input) = with_pages(&two, &[("p.png", page(4, 2))]);
        assert_skips(&RULE, &input, "the size of 1 of the 2 page(s) was not measured — their files are missing, and A17_ATLAS_PAGE_FILES_EXIST names them");
        let (_dir, input) = with_pages(&two, &[]);
        assert_skips(&RULE, &input, "no page's size was measured: the file of every one of the 2 page(s) is missing, and A17_ATLAS_PAGE_FILES_EXIST names them");
        let (_dir, input) = with_pages(&two, &[("p.png", page(5, 2))]);
        assert_eq!(check(&RULE, &input).skip, None);
        assert_eq!(check(&RULE, &input).failures.len(), 1);
    }

    #[test]
    fn skips_without_atlas_or_page() {
        let mut input = fixture();
        input.atlas_text = None;
        assert_skips(&RULE, &input, NO_ATLAS_TEXT);
        let input = input_texts(SKELETON, "p\nr\n\thasOwnProperty: 1\n");
        assert_skips(&RULE, &input, skip_reasons::NO_ATLAS);
        assert_skips(&RULE, &input_texts(SKELETON, ""), skip_reasons::NO_PAGE);
    }
}
