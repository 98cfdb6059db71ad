//! This module owns the machine-readable build report (`--report FILE`,
//! `rigc-build-report/1`): per target its verdict, every stage (ran or cached),
//! the gate's verdicts and its refusals; then a summary. Written atomically.

use crate::build::TargetResult;
use crate::stages::gate::Verdict;
use serde_json::{json, Value};

fn target_json(r: &TargetResult) -> Value {
    let gate = r.report.as_ref().map(|g| {
        let mut passed = Vec::new();
        let mut skipped = Vec::new();
        let mut failures = Vec::new();
        let mut prof = Vec::new();
        for res in &g.results {
            match &res.verdict {
                Verdict::Pass => passed.push(json!(res.code)),
                Verdict::Skip(reason) => skipped.push(json!({"code": res.code, "reason": reason})),
                Verdict::Prof => prof.push(json!(res.code)),
                Verdict::Fail(details) => {
                    for d in details {
                        failures.push(json!({"code": res.code, "detail": d}));
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
    let diagnostics: Vec<Value> = r
        .diagnostics
        .iter()
        .map(|d| serde_json::from_str(crate::diag::render_json(d).trim()).unwrap_or(Value::Null))
        .collect();
    json!({
        "name": r.name,
        "verdict": if r.is_green() { "green" } else { "red" },
        "ms": (r.elapsed.as_secs_f64() * 1e6).round() / 1e3,
        "stages": r.log.iter().map(|e| json!({"stage": e.stage, "ran": e.ran})).collect::<Vec<_>>(),
        "gate": gate,
        "diagnostics": diagnostics,
        "out": r.out_dir,
    })
}

/// The report document.
pub fn document(results: &[TargetResult], elapsed_ms: f64) -> Value {
    let green = results.iter().filter(|r| r.is_green()).count();
    json!({
        "spec": "rigc-build-report/1",
        "targets": results.iter().map(target_json).collect::<Vec<_>>(),
        "summary": {
            "targets": results.len(),
            "green": green,
            "red": results.len() - green,
            "stagesRan": results.iter().map(|r| r.log.iter().filter(|e| e.ran).count()).sum::<usize>(),
            "stagesCached": results.iter().map(|r| r.log.iter().filter(|e| !e.ran).count()).sum::<usize>(),
            "ms": (elapsed_ms * 1e3).round() / 1e3,
        }
    })
}
