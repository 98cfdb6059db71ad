//! The rule audit (issue #16 item 8): every rule the gate registers measures
//! (PASS or FAIL) on some build of the reference rigs, the gallery or the
//! tests' own rigs, under either profile — except A29 and A30 (their input is
//! a cut manifest) and A50 (a stage box), whose inputs come with a later
//! issue: those SKIP on every build, with a reason naming the missing input
//! (GATE.md's "Decl." column), or are out of the `spine` profile (PROF).
//!
//! The rules are read from `rigc plugins` (a project of built-in plugins
//! only, and the workspace's, which loads the studio plugin), the verdicts
//! from each build's `--report` file. The builds: every reference rig (look
//! with its whip's measured length, as `look` builds it), every gallery rig,
//! `audit_fixtures`' rigs (A24, A25, A43), `attach`'s (A44, A46), `sliders`'
//! driven look (A42) and the tiny rig packed (A49) — each once per profile,
//! several at a time. It prints each rule (in code order) and the first
//! build that measured it, and the time the audit took.

use crate::util::{self, Project, Run};
use crate::verdicts::{self, Gate, Verdict};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Instant;

/// The rules whose inputs come with a later issue, and the input each SKIP
/// reason must name (GATE.md §3, "Decl.").
const LATER: &[(&str, &str)] = &[
    ("A29_STROKE_WITHIN_CONTACT_DEPTH", "stroke.contact_depth"),
    (
        "A30_STROKE_WITHIN_CAP_CONTAINMENT",
        "stroke.cap_containment_ceiling",
    ),
    ("A50_STAGE_BOX_IS_THE_STAGE", "stageBox"),
];

const PROFILES: [&str; 2] = ["spine", "spine-html"];

/// One rig to build under both profiles: where `rigc` runs, the specs (as
/// given on its command line), extra flags, and the project kept alive
/// while it builds.
struct Build {
    label: String,
    cwd: PathBuf,
    rig: String,
    motion: String,
    extra: Vec<&'static str>,
    /// Where the outputs and the reports go.
    out: PathBuf,
    _keep: Option<Project>,
    _out: Option<tempfile::TempDir>,
}

impl Build {
    /// A test project whose specs are `rig.json` and `motion.json`.
    fn project(label: &str, p: Project, extra: &[&'static str]) -> Build {
        Build::in_project(label, p, "rig.json", "motion.json", extra)
    }

    fn in_project(
        label: &str,
        p: Project,
        rig: &str,
        motion: &str,
        extra: &[&'static str],
    ) -> Build {
        Build {
            label: label.into(),
            cwd: p.path().to_path_buf(),
            rig: rig.into(),
            motion: motion.into(),
            extra: extra.to_vec(),
            out: p.path().to_path_buf(),
            _keep: Some(p),
            _out: None,
        }
    }

    /// Builds under `profile`: the run and its gate.
    fn run(&self, profile: &str) -> (Run, Gate) {
        let out = self.out.join(format!("out-{profile}"));
        let report = self.out.join(format!("report-{profile}.json"));
        let (out_s, report_s) = (out.to_string_lossy(), report.to_string_lossy());
        let mut args = vec![
            "build",
            "--rig",
            &self.rig,
            "--motion",
            &self.motion,
            "--out",
            &out_s,
            "--profile",
            profile,
            "--report",
            &report_s,
        ];
        args.extend(self.extra.iter().copied());
        let run = util::run_in(&self.cwd, &args);
        let gate = verdicts::read(&report, &run);
        assert_eq!(gate.profile, profile, "{}", self.label);
        (run, gate)
    }
}

/// Every reference rig (`reference/<set>/<rig>` holding a rig and a motion
/// spec), look given its whip's measured length.
fn references() -> Vec<Build> {
    let root = util::shared().join("reference");
    let mut dirs: Vec<PathBuf> = Vec::new();
    let mut stack = vec![root.clone()];
    while let Some(dir) = stack.pop() {
        for e in std::fs::read_dir(&dir).expect("reference/").flatten() {
            let path = e.path();
            if path.is_dir()
                && path
                    .file_name()
                    .is_some_and(|n| n != "images" && n != "parts")
            {
                if spec_in(&path, "rig.json").is_some() {
                    dirs.push(path);
                } else {
                    stack.push(path);
                }
            }
        }
    }
    dirs.sort();
    dirs.iter()
        .map(|dir| {
            let name = dir.file_name().and_then(|n| n.to_str()).unwrap_or("?");
            let (rig, motion) = (
                spec_in(dir, "rig.json").expect("a rig spec"),
                spec_in(dir, "motion.json").expect("a motion spec"),
            );
            let p = if name == "look" {
                crate::look::look(Some(66.0))
            } else {
                let p = Project::new();
                p.copy_dir(dir, "");
                p
            };
            Build::in_project(&format!("reference {name}"), p, &rig, &motion, &[])
        })
        .collect()
}

/// The file of `dir` whose name ends with `suffix` (`rig.json`, `buoy.rig.json`).
fn spec_in(dir: &Path, suffix: &str) -> Option<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .ok()?
        .flatten()
        .filter_map(|e| e.file_name().into_string().ok())
        .filter(|n| n == suffix || n.ends_with(&format!(".{suffix}")))
        .collect();
    names.sort();
    names.into_iter().next()
}

/// Every gallery rig, built from the workspace (its rigc.toml applies).
fn gallery() -> Vec<Build> {
    util::gallery_rigs()
        .into_iter()
        .map(|dir| {
            let name = dir.file_name().and_then(|n| n.to_str()).unwrap_or("?");
            let out = tempfile::tempdir().expect("tmp");
            Build {
                label: format!("gallery {name}"),
                cwd: util::workspace(),
                rig: dir.join("rig.json").to_string_lossy().into_owned(),
                motion: dir.join("motion.json").to_string_lossy().into_owned(),
                extra: Vec::new(),
                out: out.path().to_path_buf(),
                _keep: None,
                _out: Some(out),
            }
        })
        .collect()
}

/// Every build of the audit, in the order the table credits them.
fn builds() -> Vec<Build> {
    let mut all = references();
    all.extend(gallery());
    let tiny = || {
        let p = Project::new();
        crate::fixture::tiny(&p);
        p
    };
    all.extend([
        Build::project("fixture axis (A24)", crate::audit_fixtures::axis(), &[]),
        Build::project(
            "fixture detached (A25)",
            crate::audit_fixtures::detached(),
            &[],
        ),
        Build::project("fixture tint (A43)", crate::audit_fixtures::tint(), &[]),
        Build::project(
            "attach (A44, A46)",
            crate::attach::project(crate::attach::RIG, crate::attach::MOTION),
            &[],
        ),
        Build::project(
            "sliders driven look (A42)",
            crate::sliders::driven_later(),
            &[],
        ),
        Build::project("tiny --pack (A49)", tiny(), &["--pack"]),
        Build::project(
            "ribbon strand (A28)",
            {
                let p = Project::new();
                crate::ribbon::strand(&p, None);
                p
            },
            &[],
        ),
    ]);
    all
}

#[test]
fn every_registered_rule_measures_on_some_build() {
    let started = Instant::now();
    // First: building the gallery's list builds the studio plugin the
    // workspace's rigc.toml loads, which `rigc plugins` there lists.
    let builds = builds();
    let builtin = Project::new();
    let mut registered = verdicts::registered(builtin.path());
    for r in verdicts::registered(&util::workspace()) {
        if !registered.contains(&r) {
            registered.push(r);
        }
    }
    registered.sort();
    let prepared = started.elapsed();

    // Each rig's two profiles in turn (one cache each), several rigs at once.
    let results: Vec<Mutex<Vec<(String, Gate)>>> =
        builds.iter().map(|_| Mutex::new(Vec::new())).collect();
    let next = Mutex::new(0usize);
    let workers = std::thread::available_parallelism()
        .map_or(2, |n| n.get())
        .clamp(2, 4);
    std::thread::scope(|s| {
        for _ in 0..workers {
            s.spawn(|| loop {
                let i = {
                    let mut n = next.lock().unwrap_or_else(|e| e.into_inner());
                    *n += 1;
                    *n - 1
                };
                let Some(b) = builds.get(i) else { break };
                for profile in PROFILES {
                    let (_, gate) = b.run(profile);
                    results[i]
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .push((format!("{} ({profile})", b.label), gate));
                }
            });
        }
    });
    let gates: Vec<(String, Gate)> = results
        .into_iter()
        .flat_map(|m| m.into_inner().unwrap_or_else(|e| e.into_inner()))
        .collect();
    assert_eq!(gates.len(), builds.len() * PROFILES.len());

    // Every verdict is of a registered rule.
    let known: BTreeSet<&str> = registered.iter().map(String::as_str).collect();
    for (label, gate) in &gates {
        for code in gate.verdicts.keys() {
            assert!(
                known.contains(code.as_str()),
                "{label}: {code} is not registered"
            );
        }
    }

    let mut table = Vec::new();
    let mut unmeasured = Vec::new();
    for code in &registered {
        let first = gates
            .iter()
            .find(|(_, g)| g.verdicts.get(code).is_some_and(Verdict::measured));
        if let Some((_, input)) = LATER.iter().find(|(c, _)| c == code) {
            for (label, gate) in &gates {
                match gate.verdicts.get(code) {
                    Some(Verdict::Skip(reason)) => assert!(
                        reason.contains(input),
                        "{label}: {code} SKIPs without naming {input}: {reason}"
                    ),
                    Some(Verdict::Prof) if gate.profile == "spine" => {}
                    other => {
                        panic!("{label}: {code} must SKIP until its input exists, got {other:?}")
                    }
                }
            }
            table.push(format!("{code:<72} SKIP on every build (no {input})"));
            continue;
        }
        match first {
            Some((label, gate)) => {
                let v = match gate.of(code) {
                    Verdict::Pass => "PASS",
                    _ => "FAIL",
                };
                table.push(format!("{code:<72} {v}  {label}"));
            }
            None => unmeasured.push(code.clone()),
        }
    }
    for (code, _) in LATER {
        assert!(known.contains(code), "{code} is no longer registered");
    }
    println!(
        "rule audit: {} rules, {} builds in {:.1}s (prepared in {:.1}s, {workers} at a time)\n{}",
        registered.len(),
        gates.len(),
        started.elapsed().as_secs_f64(),
        prepared.as_secs_f64(),
        table.join("\n")
    );
    assert!(
        unmeasured.is_empty(),
        "no build measures {unmeasured:?}; the table so far:\n{}",
        table.join("\n")
    );
}
