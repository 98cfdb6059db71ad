//! This module owns A27_REGION_NAME_MATCHES_PAGE_FILENAME (renderer; GATE.md §3):
//! on a page that holds exactly one region, the region's name is the page file's
//! basename without its `.png` extension (the extension matched without regard
//! to case) — rigc's renderer finds a lone part's image by its region name.
//! Pages holding several regions are not asked.
//!
//! Read on the atlas text as the runtime parses it. SKIPs with no atlas (A00 owns
//! a refused one) or no region.

use crate::loaded::atlas_or_skip;
use rigc_sdk::gate::facts::Facts;
use rigc_sdk::gate::{skip_reasons, Outcome, Rule, RuleKind, Subject, Target};

/// A27_REGION_NAME_MATCHES_PAGE_FILENAME.
pub struct A27RegionNameMatchesPageFilename;

/// The page file's basename without a `.png` extension (any case).
fn stem(page: &str) -> &str {
    let base = page.rsplit(['/', '\\']).next().unwrap_or(page);
    match base
        .len()
        .checked_sub(4)
        .and_then(|i| base.get(i..).map(|ext| (i, ext)))
    {
        Some((i, ext)) if ext.eq_ignore_ascii_case(".png") => base.get(..i).unwrap_or(base),
        _ => base,
    }
}

impl Rule for A27RegionNameMatchesPageFilename {
    fn code(&self) -> &'static str {
        "A27_REGION_NAME_MATCHES_PAGE_FILENAME"
    }

    fn kind(&self) -> RuleKind {
        RuleKind::Renderer
    }

    fn check(&self, facts: &Facts<'_>, out: &mut Outcome) {
        let Some(atlas) = atlas_or_skip(facts, out) else {
            return;
        };
        if atlas.regions.is_empty() {
            out.skip(skip_reasons::NO_ATLAS_REGION);
            return;
        }
        for (i, page) in atlas.pages.iter().enumerate() {
            let mut on_page = atlas.regions.iter().filter(|r| r.page == i);
            let (Some(only), None) = (on_page.next(), on_page.next()) else {
                continue;
            };
            let base = stem(&page.name);
            if only.name != base {
                out.fail_at(
                    Subject::of(Target::Region(only.name.clone())),
                    format!(
                        "region \"{}\" is the only region on page \"{}\", whose basename is \"{base}\"",
                        only.name, page.name
                    ),
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::*;

    const RULE: A27RegionNameMatchesPageFilename = A27RegionNameMatchesPageFilename;

    #[test]
    fn passes_on_the_fixture_and_ignores_shared_pages() {
        assert_pass(&RULE, &fixture());
        let atlas = "parts/Head.PNG\nsize: 8, 8\nHead\n\nshared.png\nsize: 8, 8\na\nb\n";
        assert_pass(&RULE, &input_texts(SKELETON, atlas));
    }

    #[test]
    fn fails_on_a_lone_region_named_otherwise() {
        let atlas = "parts\\head.png\nsize: 8, 8\nhat\n\nnoext\nsize: 8, 8\nother\n";
        let region = |name: &str| Some(Subject::of(Target::Region(name.into())));
        assert_fails_at(
            &RULE,
            &input_texts(SKELETON, atlas),
            &[
                (
                    "region \"hat\" is the only region on page \"parts\\head.png\", whose basename is \"head\"",
                    region("hat"),
                ),
                (
                    "region \"other\" is the only region on page \"noext\", whose basename is \"noext\"",
                    region("other"),
                ),
            ],
        );
    }

    #[test]
    fn skips_without_regions() {
        assert_skips(
            &RULE,
            &input_texts(SKELETON, "p.png\nsize: 1, 1\n"),
            skip_reasons::NO_ATLAS_REGION,
        );
        let input = input_texts(SKELETON, "p\nr\n\thasOwnProperty: 1\n");
        assert_skips(&RULE, &input, skip_reasons::NO_ATLAS);
    }
}
