//! This module owns the result file a ballot page saves (`vote-<id>.json`,
//! schema `rigc-vote/1`): what it may answer (a pane letter, `tie`,
//! `both-unacceptable`), the closed enumeration of reason codes, reading it
//! (a named refusal with line and column), and the checks that hold it to the
//! ballot it names — each a named `PASS`, or the first that fails, by name.

use super::manifest::{content_digest, Embedded, Manifest};
use serde::{Deserialize, Serialize};

/// The result file's schema name.
pub const SCHEMA: &str = "rigc-vote/1";

/// The answers that are not a pane letter.
pub const TIE: &str = "tie";
/// "None of these; propose again."
pub const BOTH_UNACCEPTABLE: &str = "both-unacceptable";

/// The reason codes a vote may give, with what each means (the ballot page
/// lists them; no other code is recorded).
pub const REASONS: &[(&str, &str)] = &[
    ("motion", "it moves better: timing, arcs, weight"),
    ("shape", "it holds its shapes: no fold, tear or pop"),
    ("art", "it is truer to the art"),
    ("loop", "its loop is cleaner"),
    (
        "glitch",
        "the other(s) glitch: a part pops, vanishes or swims",
    ),
    ("same", "no visible difference"),
    ("broken", "none of them is acceptable"),
];

/// The result file's name for a ballot.
pub fn file_name(ballot: &str) -> String {
    format!("vote-{ballot}.json")
}

/// A result file as the ballot page saves it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VoteResult {
    /// [`SCHEMA`].
    pub schema: String,
    /// The ballot's id.
    pub ballot: String,
    /// The ballot's manifest, as the page holds it.
    pub manifest: Manifest,
    /// A pane letter, [`TIE`] or [`BOTH_UNACCEPTABLE`].
    pub answer: String,
    /// One of [`REASONS`].
    pub reason: String,
    /// When the page saved it (the browser's clock), if it says.
    #[serde(rename = "savedAt", default, skip_serializing_if = "Option::is_none")]
    pub saved_at: Option<String>,
}

/// Reads a result file's text; a refusal says where it goes wrong.
pub fn parse(text: &str) -> Result<VoteResult, String> {
    serde_json::from_str(text).map_err(|e| {
        let what = if e.is_syntax() || e.is_eof() {
            "not JSON"
        } else {
            "not a rigc-vote/1 result"
        };
        format!("{}:{}: {what}: {e}", e.line(), e.column())
    })
}

/// A check that failed: its name and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failed {
    /// The check's name.
    pub check: &'static str,
    /// Why.
    pub why: String,
}

/// Holds `result` to the ballot `embedded` (read from its page): the names
/// of the checks passed, in order, or the first failure.
pub fn verify(result: &VoteResult, embedded: &Embedded) -> (Vec<&'static str>, Option<Failed>) {
    let mut passed = Vec::new();
    for (check, outcome) in checks(result, embedded) {
        match outcome() {
            Ok(()) => passed.push(check),
            Err(why) => return (passed, Some(Failed { check, why })),
        }
    }
    (passed, None)
}

type Check<'a> = (&'static str, Box<dyn Fn() -> Result<(), String> + 'a>);

fn checks<'a>(r: &'a VoteResult, b: &'a Embedded) -> Vec<Check<'a>> {
    let ballot = &b.manifest;
    vec![
        (
            "RESULT_SCHEMA",
            Box::new(move || {
                (r.schema == SCHEMA)
                    .then_some(())
                    .ok_or_else(|| format!("schema {:?}, not {SCHEMA:?}", r.schema))
            }),
        ),
        (
            "BALLOT_MANIFEST_INTACT",
            Box::new(move || {
                let id = ballot.id();
                if id != b.ballot {
                    return Err(format!(
                        "the ballot page states id {} but its manifest hashes to {id}: the page was changed after rigc wrote it",
                        b.ballot
                    ));
                }
                for p in &ballot.panes {
                    let content = content_digest(&p.skeleton, &p.atlas, &p.pages);
                    if content != p.content {
                        return Err(format!(
                            "pane {}'s content digest {} is not the digest of its files ({content})",
                            p.letter, p.content
                        ));
                    }
                }
                Ok(())
            }),
        ),
        (
            "RESULT_NAMES_THIS_BALLOT",
            Box::new(move || {
                (r.ballot == b.ballot).then_some(()).ok_or_else(|| {
                    format!(
                        "the result is for ballot {}, the ballot page is {}",
                        r.ballot, b.ballot
                    )
                })
            }),
        ),
        (
            "RESULT_DIGESTS_MATCH_BALLOT",
            Box::new(move || digests_match(&r.manifest, ballot)),
        ),
        (
            "ANSWER_IS_A_CHOICE",
            Box::new(move || {
                let choices = answers(ballot);
                choices.contains(&r.answer).then_some(()).ok_or_else(|| {
                    format!("answer {:?} is not one of {}", r.answer, choices.join(", "))
                })
            }),
        ),
        (
            "REASON_IS_KNOWN",
            Box::new(move || {
                REASONS
                    .iter()
                    .any(|(code, _)| *code == r.reason)
                    .then_some(())
                    .ok_or_else(|| {
                        let codes: Vec<&str> = REASONS.iter().map(|(c, _)| *c).collect();
                        format!("reason {:?} is not one of {}", r.reason, codes.join(", "))
                    })
            }),
        ),
    ]
}

/// The answers a ballot allows: its pane letters, then tie and both-unacceptable.
pub fn answers(ballot: &Manifest) -> Vec<String> {
    ballot
        .panes
        .iter()
        .map(|p| p.letter.clone())
        .chain([TIE.to_string(), BOTH_UNACCEPTABLE.to_string()])
        .collect()
}

/// Every digest the result carries equals the ballot's; the first that does
/// not is named (pane, file, both digests).
fn digests_match(result: &Manifest, ballot: &Manifest) -> Result<(), String> {
    if result.animation != ballot.animation {
        return Err(format!(
            "the result's animation is {:?}, the ballot's {:?}",
            result.animation, ballot.animation
        ));
    }
    if result.panes.len() != ballot.panes.len() {
        return Err(format!(
            "the result has {} pane(s), the ballot {}",
            result.panes.len(),
            ballot.panes.len()
        ));
    }
    for (r, b) in result.panes.iter().zip(&ballot.panes) {
        let pane = &b.letter;
        let differ = |what: &str, x: &str, y: &str| {
            format!("pane {pane}'s {what} digest is {x} in the result but {y} on the ballot")
        };
        if r.letter != b.letter {
            return Err(format!(
                "pane {pane} is lettered {:?} in the result",
                r.letter
            ));
        }
        for (what, x, y) in [
            ("content", &r.content, &b.content),
            ("skeleton.json", &r.skeleton, &b.skeleton),
            ("atlas", &r.atlas, &b.atlas),
        ] {
            if x != y {
                return Err(differ(what, x, y));
            }
        }
        if r.pages.len() != b.pages.len() {
            return Err(format!(
                "pane {pane} has {} page(s) in the result, {} on the ballot",
                r.pages.len(),
                b.pages.len()
            ));
        }
        for (rp, bp) in r.pages.iter().zip(&b.pages) {
            if rp.name != bp.name || rp.digest != bp.digest {
                return Err(differ(
                    &format!("page {:?}", bp.name),
                    &format!("{} ({:?})", rp.digest, rp.name),
                    &bp.digest,
                ));
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::manifest::{pane, SCHEMA as BALLOT};
    use super::*;

    fn ballot() -> Embedded {
        let manifest = Manifest {
            schema: BALLOT.into(),
            animation: "walk".into(),
            panes: vec![
                pane("A", b"1", b"a", &[("p.png".into(), vec![1])]),
                pane("B", b"2", b"a", &[("p.png".into(), vec![2])]),
            ],
        };
        Embedded {
            ballot: manifest.id(),
            manifest,
        }
    }

    fn result(b: &Embedded) -> VoteResult {
        VoteResult {
            schema: SCHEMA.into(),
            ballot: b.ballot.clone(),
            manifest: b.manifest.clone(),
            answer: "B".into(),
            reason: "motion".into(),
            saved_at: None,
        }
    }

    #[test]
    fn a_result_from_its_ballot_passes_every_check() {
        let b = ballot();
        let (passed, failed) = verify(&result(&b), &b);
        assert_eq!(failed, None);
        assert_eq!(passed.len(), 6);
    }

    #[test]
    fn a_changed_digest_an_unknown_answer_or_reason_fail_by_name() {
        let b = ballot();
        let mut r = result(&b);
        r.manifest.panes[1].pages[0].digest = "00".into();
        let (_, failed) = verify(&r, &b);
        let failed = failed.expect("fails");
        assert_eq!(failed.check, "RESULT_DIGESTS_MATCH_BALLOT");
        assert!(
            failed.why.contains("pane B's page \"p.png\" digest"),
            "{}",
            failed.why
        );
        let mut r = result(&b);
        r.answer = "C".into();
        assert_eq!(verify(&r, &b).1.expect("fails").check, "ANSWER_IS_A_CHOICE");
        let mut r = result(&b);
        r.reason = "vibes".into();
        assert_eq!(verify(&r, &b).1.expect("fails").check, "REASON_IS_KNOWN");
        let mut tampered = b.clone();
        tampered.manifest.animation = "idle".into();
        assert_eq!(
            verify(&result(&b), &tampered).1.expect("fails").check,
            "BALLOT_MANIFEST_INTACT"
        );
    }

    #[test]
    fn a_bad_file_is_located() {
        let e = parse("{\n  \"schema\": ,\n}").unwrap_err();
        assert!(e.starts_with("2:") && e.contains("not JSON"), "{e}");
        let e = parse("{\"schema\": \"rigc-vote/1\"}").unwrap_err();
        assert!(e.contains("not a rigc-vote/1 result"), "{e}");
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(300))]

        /// A result file and a ballot page damaged anywhere are read or
        /// refused, never a panic; whatever still reads is verified.
        #[test]
        fn damaged_results_and_ballots_are_read_or_refused(
            at in 0usize..2000,
            byte in 32u8..127,
            cut in 0usize..2000,
            junk in ".{0,80}",
        ) {
            let b = ballot();
            let text = serde_json::to_string(&result(&b)).expect("serialises");
            let mut bytes = text.into_bytes();
            if at < bytes.len() {
                bytes[at] = byte;
            }
            bytes.truncate(cut.max(1).min(bytes.len()));
            if let Ok(r) = parse(&String::from_utf8_lossy(&bytes)) {
                let _ = verify(&r, &b);
            }
            let _ = parse(&junk);
            let page = format!("<html>{}</html>", b.manifest.element());
            let mut page = page.into_bytes();
            if at < page.len() {
                page[at] = byte;
            }
            page.truncate(cut.max(1).min(page.len()));
            let _ = super::super::manifest::read_embedded(&String::from_utf8_lossy(&page));
            let _ = super::super::manifest::read_embedded(&junk);
        }
    }
}
