//! A build's gate verdicts read from its machine-readable report
//! (`rigc build --report FILE`, `rigc-build-report/1`: per target its
//! `gate` with `passed`, `failures`, `skipped` and `notInProfile`), and the
//! rules the gate registers, read from `rigc plugins`.

use crate::util::{self, Run};
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::Path;

/// One rule's verdict on one build.
#[derive(Debug, Clone, PartialEq)]
pub enum Verdict {
    Pass,
    /// Its FAIL details, in report order.
    Fail(Vec<Failure>),
    Skip(String),
    /// Not in the build's profile (a `PROF` line).
    Prof,
}

impl Verdict {
    /// PASS or FAIL: the rule read the build and answered.
    pub fn measured(&self) -> bool {
        matches!(self, Verdict::Pass | Verdict::Fail(_))
    }
}

/// One FAIL detail and its place in the specs, if the gate placed it.
#[derive(Debug, Clone, PartialEq)]
pub struct Failure {
    pub detail: String,
    /// `(file, pointer, line, column)`.
    pub at: Option<(String, String, u64, u64)>,
}

/// The gate of one build: its profile, every rule's verdict, its stats.
#[derive(Debug, Clone)]
pub struct Gate {
    pub profile: String,
    pub verdicts: BTreeMap<String, Verdict>,
    pub stats: BTreeMap<String, String>,
}

impl Gate {
    /// The verdict of `code` (panics, with the codes it has, when absent).
    pub fn of(&self, code: &str) -> &Verdict {
        self.verdicts.get(code).unwrap_or_else(|| {
            panic!(
                "the report has no verdict for {code}; it has {:?}",
                self.verdicts.keys().collect::<Vec<_>>()
            )
        })
    }

    /// The details `code` FAILed with (panics unless it FAILed).
    pub fn failures(&self, code: &str) -> &[Failure] {
        match self.of(code) {
            Verdict::Fail(f) => f,
            other => panic!("{code} did not FAIL: {other:?}"),
        }
    }
}

/// The gate of the one target `report` (a `--report` file) describes; the
/// run is shown when the report is missing or its target was refused before
/// the gate.
pub fn read(report: &Path, run: &Run) -> Gate {
    let text = std::fs::read_to_string(report)
        .unwrap_or_else(|e| panic!("no report at {}: {e}{}", report.display(), run.dump()));
    let doc: Value = serde_json::from_str(&text).expect("the report is JSON");
    assert_eq!(doc["spec"], "rigc-build-report/1", "{text}");
    let targets = doc["targets"].as_array().expect("targets");
    assert_eq!(targets.len(), 1, "one target per build{}", run.dump());
    let gate = &targets[0]["gate"];
    assert!(
        gate.is_object(),
        "the build was refused before its gate: {}{}",
        targets[0]["diagnostics"],
        run.dump()
    );
    let list = |k: &str| gate[k].as_array().cloned().unwrap_or_default();
    let mut verdicts = BTreeMap::new();
    let code = |v: &Value| v.as_str().unwrap_or_default().to_string();
    for c in list("passed") {
        verdicts.insert(code(&c), Verdict::Pass);
    }
    for c in list("notInProfile") {
        verdicts.insert(code(&c), Verdict::Prof);
    }
    for s in list("skipped") {
        verdicts.insert(code(&s["code"]), Verdict::Skip(code(&s["reason"])));
    }
    for f in list("failures") {
        let at = f.get("at").map(|a| {
            (
                code(&a["file"]),
                code(&a["pointer"]),
                a["line"].as_u64().unwrap_or(0),
                a["column"].as_u64().unwrap_or(0),
            )
        });
        let failure = Failure {
            detail: code(&f["detail"]),
            at,
        };
        match verdicts
            .entry(code(&f["code"]))
            .or_insert_with(|| Verdict::Fail(Vec::new()))
        {
            Verdict::Fail(all) => all.push(failure),
            other => panic!("{} both {other:?} and FAIL{}", f["code"], run.dump()),
        }
    }
    let stats = gate["stats"]
        .as_object()
        .map(|m| {
            m.iter()
                .map(|(k, v)| (k.clone(), code(v)))
                .collect::<BTreeMap<_, _>>()
        })
        .unwrap_or_default();
    Gate {
        profile: code(&gate["profile"]),
        verdicts,
        stats,
    }
}

/// The rules the gate registers for a project in `cwd`, in the order
/// `rigc plugins` lists them (its `rules` lines: `CODE (kind), …`).
pub fn registered(cwd: &Path) -> Vec<String> {
    let run = util::run_in(cwd, &["plugins"]);
    run.green();
    let rules: Vec<String> = run
        .stdout
        .lines()
        .filter_map(|l| l.trim_start().strip_prefix("..    rules"))
        .flat_map(|l| l.split(", "))
        .map(|r| r.trim().split(' ').next().unwrap_or_default().to_string())
        .filter(|r| !r.is_empty())
        .collect();
    assert!(
        !rules.is_empty(),
        "rigc plugins lists no rule{}",
        run.dump()
    );
    rules
}
