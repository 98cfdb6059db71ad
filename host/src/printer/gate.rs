//! This module owns how the gate's report reads: the lines of GATE.md §1.5
//! (the profile line, PASS, SKIP, PROF and FAIL lines, the count), a FAIL's
//! place in the specs on the line under it, the stats line, and each FAIL as
//! one JSON object for `--message-format json`. Everything is rendered from
//! the report's data; nothing reads printed lines back.

use crate::stages::gate::{Finding, GateReport, RuleResult, Verdict};
use rigc_sdk::gate::RuleKind;
use serde_json::json;

/// The report lines of GATE.md §1.5, each starting with two spaces; a FAIL
/// the build placed in the specs is followed by its `-->` line.
pub fn report_lines(report: &GateReport) -> Vec<String> {
    let p = report.profile.name();
    let renderer = report.count(|r| r.verdict == Verdict::Prof && r.kind == RuleKind::Renderer);
    let archetype = report.count(|r| r.verdict == Verdict::Prof && r.kind == RuleKind::Archetype);
    let mut lines = Vec::new();
    if renderer + archetype == 0 {
        lines.push(format!("  ..    profile {p} — every assertion applies"));
    } else {
        lines.push(format!(
            "  ..    profile {p} — {renderer} renderer-policy and {archetype} archetype assertion(s) do not apply"
        ));
    }
    for r in &report.results {
        if r.verdict == Verdict::Pass {
            lines.push(format!("  PASS  {}", r.code));
        }
    }
    for r in &report.results {
        if let Verdict::Skip(reason) = &r.verdict {
            lines.push(format!("  SKIP  {}: {reason}", r.code));
        }
    }
    for r in &report.results {
        if r.verdict == Verdict::Prof {
            lines.push(format!(
                "  PROF  {}: {} rule, not in profile \"{p}\"",
                r.code,
                r.kind.word()
            ));
        }
    }
    lines.extend(fail_lines(report));
    lines.push(format!("  ..    {}", summary(report)));
    lines
}

/// The count that ends the report, without its gutter: `44 assertions: 17
/// measured (17 passed, 0 failed), 12 skipped, 15 not in profile "spine"`
/// (also the `gate` line of `rigc preview`'s panes).
pub fn summary(report: &GateReport) -> String {
    let p = report.profile.name();
    let passed = report.count(|r| r.verdict == Verdict::Pass);
    let failed = report.count(|r| matches!(r.verdict, Verdict::Fail(_)));
    let skipped = report.count(|r| matches!(r.verdict, Verdict::Skip(_)));
    let prof = report.count(|r| {
        r.verdict == Verdict::Prof && matches!(r.kind, RuleKind::Renderer | RuleKind::Archetype)
    });
    let measured = passed + failed;
    let total = measured + skipped + prof;
    format!(
        "{total} assertions: {measured} measured ({passed} passed, {failed} failed), {skipped} skipped, {prof} not in profile \"{p}\""
    )
}

/// The FAIL lines alone (with their places), in report order.
pub fn fail_lines(report: &GateReport) -> Vec<String> {
    let mut lines = Vec::new();
    for (r, f) in findings(report) {
        lines.push(format!("  FAIL  {}: {}", r.code, f.detail));
        if let Some(at) = &f.at {
            lines.push(format!("        --> {at}"));
        }
    }
    lines
}

/// The stats line (`  ..    k=v k=v …`).
pub fn stats_line(report: &GateReport) -> String {
    let pairs: Vec<String> = report
        .stats
        .iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect();
    format!("  ..    {}", pairs.join(" "))
}

/// Each FAIL as one JSON object (a line, with its newline), the way
/// `--message-format json` prints a diagnostic: `type` is `assertion`, `code`
/// the rule's, `message` its detail, then where it is in the specs (`file`,
/// `pointer`, `line`, `column`, `null` when the build could not place it) and
/// the rule's `subject`.
pub fn fail_json(report: &GateReport) -> String {
    findings(report)
        .map(|(r, f)| {
            let at = f.at.as_ref();
            let v = json!({
                "type": "assertion",
                "severity": "error",
                "code": r.code,
                "kind": r.kind.word(),
                "message": f.detail,
                "file": at.map(|a| &a.file),
                "pointer": at.map(|a| &a.pointer),
                "line": at.map(|a| a.line),
                "column": at.map(|a| a.column),
                "subject": f.subject,
            });
            format!("{v}\n")
        })
        .collect()
}

/// Every finding of every failed rule, with its rule, in report order.
fn findings(report: &GateReport) -> impl Iterator<Item = (&RuleResult, &Finding)> {
    report.results.iter().flat_map(|r| match &r.verdict {
        Verdict::Fail(found) => found.iter().map(|f| (r, f)).collect::<Vec<_>>(),
        _ => Vec::new(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use rigc_diag::Place;
    use rigc_sdk::gate::{Profile, Subject};

    fn rule(code: &str, kind: RuleKind, verdict: Verdict) -> RuleResult {
        RuleResult {
            code: code.into(),
            kind,
            verdict,
        }
    }

    fn report(profile: Profile) -> GateReport {
        let placed = Finding {
            detail: "two".into(),
            subject: Some(Subject::animation("walk").timeline("events").key(0)),
            at: Some(Place {
                file: "motion.json".into(),
                pointer: "/animations/walk/events/0".into(),
                line: 9,
                column: 17,
            }),
        };
        GateReport {
            profile,
            results: vec![
                rule("A01", RuleKind::Validity, Verdict::Pass),
                rule(
                    "A02",
                    RuleKind::Validity,
                    Verdict::Fail(vec!["one".into(), placed]),
                ),
                rule("A03", RuleKind::Validity, Verdict::Skip("nothing".into())),
                rule("A11", RuleKind::Renderer, Verdict::Prof),
                rule("A21", RuleKind::Archetype, Verdict::Prof),
                rule(
                    "A04",
                    RuleKind::Validity,
                    Verdict::Fail(vec!["threw: boom".into()]),
                ),
            ],
            stats: vec![("bones".into(), "3".into()), ("rig".into(), "x".into())],
        }
    }

    #[test]
    fn the_report_reads_in_groups_with_each_fail_placed() {
        assert_eq!(
            report_lines(&report(Profile::Spine)),
            [
                "  ..    profile spine — 1 renderer-policy and 1 archetype assertion(s) do not apply",
                "  PASS  A01",
                "  SKIP  A03: nothing",
                "  PROF  A11: renderer rule, not in profile \"spine\"",
                "  PROF  A21: archetype rule, not in profile \"spine\"",
                "  FAIL  A02: one",
                "  FAIL  A02: two",
                "        --> motion.json:9:17 at /animations/walk/events/0",
                "  FAIL  A04: threw: boom",
                "  ..    6 assertions: 3 measured (1 passed, 2 failed), 1 skipped, 2 not in profile \"spine\"",
            ]
        );
        let mut html = report(Profile::SpineHtml);
        for r in &mut html.results {
            if r.verdict == Verdict::Prof {
                r.verdict = Verdict::Pass;
            }
        }
        assert_eq!(
            report_lines(&html)[0],
            "  ..    profile spine-html — every assertion applies"
        );
        assert_eq!(stats_line(&html), "  ..    bones=3 rig=x");
    }

    #[test]
    fn each_fail_is_one_json_object_with_its_place() {
        let text = fail_json(&report(Profile::Spine));
        let objects: Vec<serde_json::Value> = text
            .lines()
            .map(|l| serde_json::from_str(l).expect("one JSON object a line"))
            .collect();
        assert_eq!(objects.len(), 3);
        assert_eq!(objects[0]["type"], "assertion");
        assert_eq!(objects[0]["code"], "A02");
        assert_eq!(objects[0]["message"], "one");
        assert!(objects[0]["file"].is_null() && objects[0]["subject"].is_null());
        assert_eq!(objects[1]["file"], "motion.json");
        assert_eq!(objects[1]["pointer"], "/animations/walk/events/0");
        assert_eq!(
            (objects[1]["line"].clone(), objects[1]["column"].clone()),
            (9.into(), 17.into())
        );
        assert_eq!(objects[1]["subject"]["animation"], "walk");
        assert_eq!(objects[2]["message"], "threw: boom");
    }
}
