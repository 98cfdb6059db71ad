//! This module owns A07_ATLAS_TEXT_SHAPE (validity; GATE.md §3): the atlas text has
//! the shape rigc writes and every runtime reads the same way — no blank line at
//! the start or the end, never two blank lines in a row, no blank line inside a page
//! before it has a region (the runtime would take the next line as a new page),
//! region names equal to their own trim (the runtime does not trim a region name,
//! so an indent renames the region), and a last page block that declares a region.
//!
//! The text is split on `\n` after dropping one final newline. A line is blank when
//! it is whitespace only. The first non-blank line of the file and of each block
//! after a blank line is a page header; a later line without `:` is a region name.
//! SKIPs when no line is non-blank (`the atlas declares no page`), or when the gate
//! was handed no atlas text at all.

use crate::raw::quote;
use rigc_sdk::gate::facts::Facts;
use rigc_sdk::gate::{skip_reasons, Outcome, Rule, RuleKind, Subject, Target};
use rigc_sdk::spine::atlas::js_trim;

/// The SKIP reason when the gate was handed no atlas text.
pub(crate) const NO_ATLAS_TEXT: &str =
    "the gate was handed no atlas text, so there is no atlas to read";

/// A07_ATLAS_TEXT_SHAPE.
pub struct A07AtlasTextShape;

impl Rule for A07AtlasTextShape {
    fn code(&self) -> &'static str {
        "A07_ATLAS_TEXT_SHAPE"
    }

    fn kind(&self) -> RuleKind {
        RuleKind::Validity
    }

    fn check(&self, facts: &Facts<'_>, out: &mut Outcome) {
        let Some(text) = facts.input.atlas_text.as_deref() else {
            out.skip(NO_ATLAS_TEXT);
            return;
        };
        let body = text.strip_suffix('\n').unwrap_or(text);
        let lines: Vec<&str> = body.split('\n').collect();
        let blank = |line: &&str| line.trim().is_empty();
        let (Some(first), Some(last)) = (
            lines.iter().position(|l| !blank(l)),
            lines.iter().rposition(|l| !blank(l)),
        ) else {
            out.skip(skip_reasons::NO_PAGE);
            return;
        };
        if first > 0 {
            out.fail(format!(
                "line 1: the file begins with {}",
                blank_lines(first)
            ));
        }
        let mut in_page = false;
        let mut page_has_region = false;
        // The page block being read, named as the runtime names its page.
        let mut page = "";
        let page_subject = |page: &str| Subject::of(Target::Page(js_trim(page).to_string()));
        let mut blank_run = 0usize;
        for (i, line) in lines.iter().enumerate().take(last + 1).skip(first) {
            let n = i + 1;
            if blank(line) {
                blank_run += 1;
                if blank_run == 2 {
                    out.fail(format!("line {n}: consecutive blank lines"));
                } else if blank_run == 1 && in_page && !page_has_region {
                    out.fail_at(
                        page_subject(page),
                        format!("line {n}: blank line before this page had any region"),
                    );
                }
                in_page = false;
                continue;
            }
            blank_run = 0;
            if !in_page {
                in_page = true;
                page_has_region = false;
                page = line;
            } else if !line.contains(':') {
                page_has_region = true;
                if line.trim() != *line {
                    // The runtime does not trim a region name: this is its name.
                    out.fail_at(
                        Subject::of(Target::Region((*line).to_string())),
                        format!(
                            "line {n}: region name has stray whitespace: {}",
                            quote(line)
                        ),
                    );
                }
            }
        }
        if !page_has_region {
            out.fail_at(page_subject(page), "the last page block declares no region");
        }
        let trailing = lines.len() - 1 - last;
        if trailing > 0 {
            out.fail(format!(
                "line {}: the file ends with {}",
                last + 2,
                blank_lines(trailing)
            ));
        }
    }
}

fn blank_lines(k: usize) -> String {
    if k == 1 {
        "a blank line".into()
    } else {
        format!("{k} blank lines")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::*;

    const RULE: A07AtlasTextShape = A07AtlasTextShape;

    fn atlas(text: &str) -> rigc_sdk::gate::GateInput {
        input_texts(SKELETON, text)
    }

    #[test]
    fn passes_on_the_fixture_and_without_a_final_newline() {
        assert_pass(&RULE, &fixture());
        assert_pass(&RULE, &atlas(ATLAS.trim_end()));
    }

    #[test]
    fn fails_on_blank_lines_at_the_start() {
        assert_fails_at(
            &RULE,
            &atlas(&format!("\n{ATLAS}")),
            &[("line 1: the file begins with a blank line", None)],
        );
        assert_fails(
            &RULE,
            &atlas(&format!(" \n\t\n{ATLAS}")),
            &["line 1: the file begins with 2 blank lines"],
        );
    }

    #[test]
    fn fails_on_blank_lines_at_the_end() {
        let lines = ATLAS.lines().count();
        assert_fails(
            &RULE,
            &atlas(&format!("{ATLAS}\n")),
            &[format!("line {}: the file ends with a blank line", lines + 1).as_str()],
        );
        assert_fails(
            &RULE,
            &atlas(&format!("{ATLAS}\n\n")),
            &[format!("line {}: the file ends with 2 blank lines", lines + 1).as_str()],
        );
    }

    #[test]
    fn fails_once_per_run_of_consecutive_blank_lines() {
        let text = ATLAS.replacen("\n\n", "\n\n\n\n", 1);
        assert_fails(&RULE, &atlas(&text), &["line 10: consecutive blank lines"]);
    }

    #[test]
    fn fails_on_a_blank_line_inside_a_page_before_its_first_region() {
        let text = ATLAS.replacen("pma: false\nr\n", "pma: false\n\nr\n", 1);
        // The runtime then reads "r" as a page of its own, with no region either.
        assert_fails_at(
            &RULE,
            &atlas(&text),
            &[
                (
                    "line 5: blank line before this page had any region",
                    Some(Subject::of(Target::Page("r.png".into()))),
                ),
                (
                    "line 10: blank line before this page had any region",
                    Some(Subject::of(Target::Page("r".into()))),
                ),
            ],
        );
    }

    #[test]
    fn fails_on_an_indented_region_name() {
        let text = ATLAS.replacen("\nq\n", "\n\tq \n", 1);
        assert_fails_at(
            &RULE,
            &atlas(&text),
            &[(
                "line 14: region name has stray whitespace: \"\\tq \"",
                Some(Subject::of(Target::Region("\tq ".into()))),
            )],
        );
    }

    #[test]
    fn fails_when_the_last_page_declares_no_region() {
        let text = "page.png\nsize: 64, 64\nr\nbounds: 0, 0, 4, 4\n\npage2.png\nsize: 8, 8\n";
        assert_fails_at(
            &RULE,
            &atlas(text),
            &[(
                "the last page block declares no region",
                Some(Subject::of(Target::Page("page2.png".into()))),
            )],
        );
    }

    #[test]
    fn skips_with_no_page_or_no_atlas() {
        assert_skips(&RULE, &atlas(""), skip_reasons::NO_PAGE);
        assert_skips(&RULE, &atlas(" \n\n"), skip_reasons::NO_PAGE);
        let mut input = fixture();
        input.atlas_text = None;
        assert_skips(&RULE, &input, NO_ATLAS_TEXT);
    }
}
