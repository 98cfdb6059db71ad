//! This module owns the machine-readable build report (`--report FILE`,
//! `rigc-build-report/1`): per target its verdict, every stage (ran or cached),
//! the gate's verdicts — each failure with its subject and its place in the
//! specs where there is one — and its refusals; then a summary.

use crate::build::TargetResult;
use crate::stages::gate::Verdict;
use serde_json::Value;

/// The report document's text, written from the results directly: building the
/// document as a `serde_json::Value` tree first cost more than the no-op build
/// it reported on (a thousand targets, ~6 MB of JSON). The tests hold it to
/// `serde_json::to_string_pretty` of that tree, byte for byte.
pub fn document_text(
    results: &[TargetResult],
    cache: &crate::cache::Counts,
    elapsed_ms: f64,
) -> String {
    use serde::ser::{SerializeMap, Serializer};
    use serde::Serialize;

    struct Stats<'a>(&'a [(String, String)]);
    impl Serialize for Stats<'_> {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            // A JSON object keeps one value per key, in first-insertion order.
            let mut keys: Vec<&str> = Vec::new();
            for (k, _) in self.0 {
                if !keys.contains(&k.as_str()) {
                    keys.push(k);
                }
            }
            let mut m = s.serialize_map(Some(keys.len()))?;
            for k in keys {
                let v = self
                    .0
                    .iter()
                    .rev()
                    .find(|(key, _)| key == k)
                    .map(|(_, v)| v);
                m.serialize_entry(k, &v)?;
            }
            m.end()
        }
    }

    #[derive(Serialize)]
    struct Skipped<'a> {
        code: &'a str,
        reason: &'a str,
    }

    #[derive(Serialize)]
    struct Failure<'a> {
        code: &'a str,
        detail: &'a str,
        #[serde(skip_serializing_if = "Option::is_none")]
        subject: Option<&'a rigc_sdk::gate::Subject>,
        #[serde(skip_serializing_if = "Option::is_none")]
        at: Option<&'a rigc_diag::Place>,
    }

    #[derive(Serialize)]
    #[serde(rename_all = "camelCase")]
    struct Gate<'a> {
        profile: &'a str,
        passed: Vec<&'a str>,
        skipped: Vec<Skipped<'a>>,
        failures: Vec<Failure<'a>>,
        not_in_profile: Vec<&'a str>,
        stats: Stats<'a>,
    }

    #[derive(Serialize)]
    struct Stage<'a> {
        stage: &'a str,
        ran: bool,
        /// `local` or `remote`: which cache served it (absent when it ran).
        #[serde(skip_serializing_if = "Option::is_none")]
        from: Option<&'a str>,
    }

    #[derive(Serialize)]
    struct Target<'a> {
        name: &'a str,
        verdict: &'a str,
        ms: f64,
        stages: Vec<Stage<'a>>,
        gate: Option<Gate<'a>>,
        diagnostics: Vec<Value>,
        out: &'a std::path::Path,
    }

    #[derive(Serialize)]
    #[serde(rename_all = "camelCase")]
    struct Summary<'a> {
        targets: usize,
        green: usize,
        red: usize,
        stages_ran: usize,
        stages_cached: usize,
        local_hits: usize,
        remote_hits: usize,
        uploads: u64,
        remote_errors: u64,
        remote_rejected: u64,
        remote: Option<Remote<'a>>,
        ms: f64,
    }

    #[derive(Serialize)]
    #[serde(rename_all = "camelCase")]
    struct Remote<'a> {
        url: &'a str,
        read_only: bool,
    }

    #[derive(Serialize)]
    struct Document<'a> {
        spec: &'a str,
        targets: Vec<Target<'a>>,
        summary: Summary<'a>,
    }

    let targets = results
        .iter()
        .map(|r| {
            let gate = r.report.as_ref().map(|g| {
                let mut gate = Gate {
                    profile: g.profile.name(),
                    passed: Vec::new(),
                    skipped: Vec::new(),
                    failures: Vec::new(),
                    not_in_profile: Vec::new(),
                    stats: Stats(&g.stats),
                };
                for res in &g.results {
                    match &res.verdict {
                        Verdict::Pass => gate.passed.push(&res.code),
                        Verdict::Skip(reason) => gate.skipped.push(Skipped {
                            code: &res.code,
                            reason,
                        }),
                        Verdict::Prof => gate.not_in_profile.push(&res.code),
                        Verdict::Fail(details) => {
                            for d in details {
                                gate.failures.push(Failure {
                                    code: &res.code,
                                    detail: &d.detail,
                                    subject: d.subject.as_ref(),
                                    at: d.at.as_ref(),
                                });
                            }
                        }
                    }
                }
                gate
            });
            Target {
                name: &r.name,
                verdict: if r.is_green() { "green" } else { "red" },
                ms: (r.elapsed.as_secs_f64() * 1e6).round() / 1e3,
                stages: r
                    .log
                    .iter()
                    .map(|e| Stage {
                        stage: &e.stage,
                        ran: e.did_run(),
                        from: e.served.map(crate::cache::Served::name),
                    })
                    .collect(),
                gate,
                diagnostics: diagnostics_json(&r.diagnostics),
                out: &r.out_dir,
            }
        })
        .collect();
    let green = results.iter().filter(|r| r.is_green()).count();
    let (local_hits, remote_hits) = super::target::hits(results);
    let doc = Document {
        spec: "rigc-build-report/1",
        targets,
        summary: Summary {
            targets: results.len(),
            green,
            red: results.len() - green,
            stages_ran: results
                .iter()
                .map(|r| r.log.iter().filter(|e| e.did_run()).count())
                .sum(),
            stages_cached: results
                .iter()
                .map(|r| r.log.iter().filter(|e| !e.did_run()).count())
                .sum(),
            local_hits,
            remote_hits,
            uploads: cache.remote.map_or(0, |r| r.uploads),
            remote_errors: cache.remote.map_or(0, |r| r.errors),
            remote_rejected: cache.remote.map_or(0, |r| r.rejected),
            remote: cache.remote_url.as_deref().map(|url| Remote {
                url,
                read_only: cache.read_only,
            }),
            ms: (elapsed_ms * 1e3).round() / 1e3,
        },
    };
    serde_json::to_string_pretty(&doc).unwrap_or_default()
}

/// A target's diagnostics as the report lists them: each one's JSON object,
/// and after one that stands for others left out, the object counting them
/// (`"type": "omitted"`) — the lines `--message-format json` prints.
fn diagnostics_json(diags: &[rigc_diag::Diagnostic]) -> Vec<Value> {
    diags
        .iter()
        .flat_map(|d| {
            rigc_diag::render_json(d)
                .lines()
                .map(|l| serde_json::from_str(l).unwrap_or(Value::Null))
                .collect::<Vec<_>>()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    use serde_json::json;

    // The report as a `serde_json::Value` tree: the plain reference the
    // streamed text is held to.
    fn target_json(r: &TargetResult) -> Value {
        let gate = r.report.as_ref().map(|g| {
            let mut passed = Vec::new();
            let mut skipped = Vec::new();
            let mut failures = Vec::new();
            let mut prof = Vec::new();
            for res in &g.results {
                match &res.verdict {
                    Verdict::Pass => passed.push(json!(res.code)),
                    Verdict::Skip(reason) => {
                        skipped.push(json!({"code": res.code, "reason": reason}))
                    }
                    Verdict::Prof => prof.push(json!(res.code)),
                    Verdict::Fail(details) => {
                        for d in details {
                            let mut f = json!({"code": res.code, "detail": d.detail});
                            if let Some(subject) = &d.subject {
                                f["subject"] = json!(subject);
                            }
                            if let Some(at) = &d.at {
                                f["at"] = json!(at);
                            }
                            failures.push(f);
                        }
                    }
                }
            }
            let stats: serde_json::Map<String, Value> =
                g.stats.iter().map(|(k, v)| (k.clone(), json!(v))).collect();
            json!({
                "profile": g.profile.name(),
                "passed": passed,
                "skipped": skipped,
                "failures": failures,
                "notInProfile": prof,
                "stats": stats,
            })
        });
        let diagnostics = diagnostics_json(&r.diagnostics);
        json!({
            "name": r.name,
            "verdict": if r.is_green() { "green" } else { "red" },
            "ms": (r.elapsed.as_secs_f64() * 1e6).round() / 1e3,
            "stages": r.log.iter().map(|e| {
                let mut s = json!({"stage": e.stage, "ran": e.served.is_none()});
                match e.served {
                    Some(crate::cache::Served::Local) => s["from"] = json!("local"),
                    Some(crate::cache::Served::Remote) => s["from"] = json!("remote"),
                    None => {}
                }
                s
            }).collect::<Vec<_>>(),
            "gate": gate,
            "diagnostics": diagnostics,
            "out": r.out_dir,
        })
    }

    /// The report document.
    pub fn document(results: &[TargetResult], cache: &Counts, elapsed_ms: f64) -> Value {
        let green = results.iter().filter(|r| r.is_green()).count();
        let served: Vec<&StageEvent> = results
            .iter()
            .flat_map(|r| &r.log)
            .filter(|e| e.served.is_some())
            .collect();
        let remote = cache.remote.unwrap_or_default();
        json!({
            "spec": "rigc-build-report/1",
            "targets": results.iter().map(target_json).collect::<Vec<_>>(),
            "summary": {
                "targets": results.len(),
                "green": green,
                "red": results.len() - green,
                "stagesRan": results.iter().map(|r| r.log.iter().filter(|e| e.did_run()).count()).sum::<usize>(),
                "stagesCached": results.iter().map(|r| r.log.iter().filter(|e| !e.did_run()).count()).sum::<usize>(),
                "localHits": served.iter().filter(|e| e.served == Some(crate::cache::Served::Local)).count(),
                "remoteHits": served.iter().filter(|e| e.served == Some(crate::cache::Served::Remote)).count(),
                "uploads": remote.uploads,
                "remoteErrors": remote.errors,
                "remoteRejected": remote.rejected,
                "remote": cache.remote_url.as_ref().map(|u| json!({"url": u, "readOnly": cache.read_only})),
                "ms": (elapsed_ms * 1e3).round() / 1e3,
            }
        })
    }

    use crate::build::TargetResult;
    use crate::cache::remote::RemoteStats;
    use crate::cache::Counts;
    use crate::stage::StageEvent;
    use crate::stages::gate::{GateReport, RuleResult};
    use rigc_diag::Diagnostic;
    use rigc_sdk::gate::{Profile, RuleKind};
    use std::time::Duration;

    fn result(name: &str, report: Option<GateReport>, diags: Vec<Diagnostic>) -> TargetResult {
        TargetResult {
            name: name.into(),
            label: name.into(),
            rig_path: None,
            motion_path: None,
            parts: Vec::new(),
            meshes: Vec::new(),
            diagnostics: diags,
            report,
            copies: Vec::new(),
            pack: None,
            atlas_in: None,
            written: Vec::new(),
            out_dir: "/p/out/x".into(),
            log: vec![
                StageEvent::ran("parse:rig".into()),
                StageEvent::cached("setup".into()),
                StageEvent::served("atlas".into(), crate::cache::Served::Remote),
            ],
            warnings: Vec::new(),
            elapsed: Duration::from_micros(12_345_678),
            profile: Profile::Spine,
            project: None,
        }
    }

    #[test]
    fn document_text_is_the_pretty_document() {
        let rule = |code: &str, kind, verdict| RuleResult {
            code: code.into(),
            kind,
            verdict,
        };
        let report = GateReport {
            profile: Profile::SpineHtml,
            results: vec![
                rule("A00", RuleKind::Validity, Verdict::Pass),
                rule(
                    "A01",
                    RuleKind::Validity,
                    Verdict::Skip("no \"mesh\"".into()),
                ),
                rule("A11", RuleKind::Renderer, Verdict::Prof),
                rule(
                    "A05",
                    RuleKind::Validity,
                    Verdict::Fail(vec![
                        "one".into(),
                        crate::stages::gate::Finding {
                            detail: "two".into(),
                            subject: Some(rigc_sdk::gate::Subject::slot("eye")),
                            at: Some(rigc_diag::Place {
                                file: "rig.json".into(),
                                pointer: "/slots/3".into(),
                                line: 12,
                                column: 5,
                            }),
                        },
                    ]),
                ),
            ],
            stats: vec![
                ("bones".into(), "3".into()),
                ("slots".into(), "2".into()),
                ("bones".into(), "4".into()),
            ],
        };
        let results = [
            result("green-ish", Some(report), Vec::new()),
            result(
                "refused",
                None,
                vec![Diagnostic::new(
                    rigc_diag::codes::SPEC_JSON_SYNTAX,
                    "a \"refusal\"",
                )],
            ),
            result("empty", None, Vec::new()),
        ];
        let remote = Counts {
            remote: Some(RemoteStats {
                fetched: 3,
                uploads: 2,
                errors: 1,
                rejected: 4,
            }),
            remote_url: Some("http://127.0.0.1:9/c".into()),
            read_only: true,
        };
        for r in [&results[..], &results[..0]] {
            for c in [&Counts::default(), &remote] {
                assert_eq!(
                    document_text(r, c, 1234.56789),
                    serde_json::to_string_pretty(&document(r, c, 1234.56789)).unwrap()
                );
            }
        }
    }
}
