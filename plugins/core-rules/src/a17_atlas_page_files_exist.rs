//! This module owns A17_ATLAS_PAGE_FILES_EXIST (validity; GATE.md §3): every atlas
//! page's file, its name resolved against the atlas directory, is on disk — a
//! runtime loading the atlas asks for exactly that file. The detail gives the
//! absolute, normalised path that was looked at.
//!
//! Only the filesystem is touched (whether the file is a PNG is A06's question).
//! SKIPs with no atlas (A00 owns a refused one) or no page.

use crate::loaded::paged_atlas_or_skip;
use rigc_sdk::gate::facts::Facts;
use rigc_sdk::gate::{Outcome, Rule, RuleKind, Subject, Target};

/// A17_ATLAS_PAGE_FILES_EXIST.
pub struct A17AtlasPageFilesExist;

impl Rule for A17AtlasPageFilesExist {
    fn code(&self) -> &'static str {
        "A17_ATLAS_PAGE_FILES_EXIST"
    }

    fn kind(&self) -> RuleKind {
        RuleKind::Validity
    }

    fn check(&self, facts: &Facts<'_>, out: &mut Outcome) {
        let Some(atlas) = paged_atlas_or_skip(facts, out) else {
            return;
        };
        for (i, page) in atlas.pages.iter().enumerate() {
            if let Some(image) = facts.page_image(i).filter(|image| !image.exists()) {
                out.fail_at(
                    Subject::of(Target::Page(page.name.clone())),
                    format!(
                        "page \"{}\" is not on disk at {}",
                        page.name,
                        image.path.display()
                    ),
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::a07_atlas_text_shape::NO_ATLAS_TEXT;
    use crate::testkit::*;

    const RULE: A17AtlasPageFilesExist = A17AtlasPageFilesExist;

    #[test]
    fn passes_on_the_fixture_and_on_a_file_that_is_not_a_png() {
        assert_pass(&RULE, &fixture());
        let (_dir, input) = with_pages("p.png\nsize: 1, 1\nr\n", &[("p.png", b"x".to_vec())]);
        assert_pass(&RULE, &input);
    }

    #[test]
    fn fails_on_each_missing_page_with_its_absolute_path() {
        let atlas =
            "sub/../gone.png\nsize: 1, 1\nr\n\nq.png\nsize: 1, 1\nq\n\nthere.png\nsize: 1, 1\nt\n";
        let (dir, input) = with_pages(atlas, &[("there.png", b"x".to_vec())]);
        let root = dir.path().display().to_string();
        let page = |name: &str| Some(Subject::of(Target::Page(name.into())));
        assert_fails_at(
            &RULE,
            &input,
            &[
                (
                    &format!("page \"sub/../gone.png\" is not on disk at {root}/gone.png"),
                    page("sub/../gone.png"),
                ),
                (
                    &format!("page \"q.png\" is not on disk at {root}/q.png"),
                    page("q.png"),
                ),
            ],
        );
    }

    #[test]
    fn skips_without_atlas_or_page() {
        let mut input = fixture();
        input.atlas_text = None;
        assert_skips(&RULE, &input, NO_ATLAS_TEXT);
        let input = input_texts(SKELETON, "p\nr\n\thasOwnProperty: 1\n");
        assert_skips(&RULE, &input, skip_reasons::NO_ATLAS);
        assert_skips(&RULE, &input_texts(SKELETON, "\n"), skip_reasons::NO_PAGE);
    }
}
