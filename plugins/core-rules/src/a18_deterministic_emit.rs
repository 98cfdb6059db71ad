//! This module owns A18_DETERMINISTIC_EMIT (validity; GATE.md §3): a second,
//! independent compile of the same inputs emits byte-identical `skeleton.json` and
//! `skeleton.atlas` text. rigc has no clock and no randomness, so a difference is a
//! compiler bug.
//!
//! What it proves, in rigc: the build hands the gate the texts of its compile —
//! whose stages the cache may have served — and of a second compile that runs
//! the very same stages (one sequence, `build::pipeline` in the host) over no
//! cache, parsing both specs and measuring every part image again from the
//! bytes the build read. Equal texts mean the stages are deterministic over
//! those inputs and the cache served exactly what a fresh compile makes (a
//! cached output is used in its serialised form, as a fresh one is). It does
//! not prove the inputs were read right: both compiles read the same bytes.
//!
//! SKIPs with `skip_reasons::NO_SECOND` when there is no second compile (re-gating
//! files on disk). An absent first atlas compares as the empty text rigc writes for
//! an atlas with no page. The model document (`skeleton.model.json`) is not part of
//! this project's `SecondCompile`, so its clause has nothing to compare.

use rigc_sdk::gate::facts::Facts;
use rigc_sdk::gate::{skip_reasons, Outcome, Rule, RuleKind};

/// A18_DETERMINISTIC_EMIT.
pub struct A18DeterministicEmit;

impl Rule for A18DeterministicEmit {
    fn code(&self) -> &'static str {
        "A18_DETERMINISTIC_EMIT"
    }

    fn kind(&self) -> RuleKind {
        RuleKind::Validity
    }

    fn check(&self, facts: &Facts<'_>, out: &mut Outcome) {
        let Some(second) = facts.input.second.as_ref() else {
            out.skip(skip_reasons::NO_SECOND);
            return;
        };
        if second.skeleton_text != facts.input.skeleton_text {
            out.fail("recompiling produced a different skeleton.json");
        }
        if second.atlas_text != facts.input.atlas_text.as_deref().unwrap_or("") {
            out.fail("recompiling produced a different skeleton.atlas");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::*;

    const RULE: A18DeterministicEmit = A18DeterministicEmit;

    #[test]
    fn passes_when_both_compiles_agree() {
        assert_pass(&RULE, &fixture());
    }

    #[test]
    fn fails_on_a_different_skeleton() {
        let mut input = fixture();
        if let Some(second) = input.second.as_mut() {
            second.skeleton_text.push(' ');
        }
        assert_fails(
            &RULE,
            &input,
            &["recompiling produced a different skeleton.json"],
        );
    }

    #[test]
    fn fails_on_a_different_atlas() {
        let mut input = fixture();
        if let Some(second) = input.second.as_mut() {
            second.atlas_text = second.atlas_text.replace("64, 64", "64, 65");
        }
        assert_fails(
            &RULE,
            &input,
            &["recompiling produced a different skeleton.atlas"],
        );
    }

    #[test]
    fn an_absent_atlas_compares_as_the_empty_text() {
        let mut input = input_texts(SKELETON, "");
        input.atlas_text = None;
        assert_pass(&RULE, &input);
        if let Some(second) = input.second.as_mut() {
            second.atlas_text = ATLAS.into();
        }
        assert_fails(
            &RULE,
            &input,
            &["recompiling produced a different skeleton.atlas"],
        );
    }

    #[test]
    fn skips_with_no_second_compile() {
        let mut input = fixture();
        input.second = None;
        assert_skips(&RULE, &input, skip_reasons::NO_SECOND);
    }
}
