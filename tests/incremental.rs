//! The build system end to end: which stages a build runs and which the cache
//! serves (asserted from the build's own `--report`), byte-identical outputs
//! whatever the parallelism or the cache state, corrupt cache entries caught and
//! rebuilt, shards, and `rigc cache`.

use crate::fixture;
use crate::util::{self, Project};
use serde_json::Value;
use std::collections::BTreeSet;

/// The tiny rig with a second animation, declared as a target in rigc.toml.
fn project(targets: &[&str]) -> Project {
    let p = Project::new();
    fixture::tiny(&p);
    p.write("motion.json", two_animations(0.5, 10.0));
    p.write("rigc.toml", fixture::manifest(targets));
    p
}

/// The tiny motion with `nod` keyed to `peak` at `at`, and a second animation `sway`.
fn two_animations(at: f64, peak: f64) -> String {
    fixture::MOTION
        .replace("{ \"t\": 0.5, \"v\": [10], \"ease\": \"soft\" }", &format!("{{ \"t\": {at}, \"v\": [{peak}], \"ease\": \"soft\" }}"))
        .replace(
            "\"animations\": {",
            "\"animations\": {\n    \"sway\": { \"duration\": 2, \"tracks\": [ { \"bone\": \"body\", \"property\": \"translatex\", \"keys\": [ { \"t\": 0, \"v\": [0] }, { \"t\": 2, \"v\": [4] } ] } ] },",
        )
}

/// Builds with `--report` and returns the report.
fn build(p: &Project, extra: &[&str]) -> Value {
    let mut args = vec!["build", "--all", "--report", "report.json"];
    args.extend_from_slice(extra);
    p.rigc(&args).green();
    serde_json::from_str(&p.read("report.json")).expect("report JSON")
}

/// The stages that ran for `target`.
fn ran(report: &Value, target: &str) -> BTreeSet<String> {
    let t = report["targets"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["name"] == target)
        .expect("target in report");
    t["stages"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s["ran"] == true)
        .map(|s| s["stage"].as_str().unwrap().to_string())
        .collect()
}

fn set(items: &[&str]) -> BTreeSet<String> {
    items.iter().map(|s| s.to_string()).collect()
}

#[test]
fn a_second_build_of_an_unchanged_project_runs_no_stage() {
    let p = project(&["tiny"]);
    let first = build(&p, &[]);
    assert!(ran(&first, "tiny").contains("setup"));
    let second = build(&p, &[]);
    assert_eq!(ran(&second, "tiny"), set(&[]), "{second:#}");
    assert_eq!(second["summary"]["stagesRan"], 0);
}

#[test]
fn a_one_animation_edit_reruns_that_animation_the_gate_and_the_emit_only() {
    let p = project(&["tiny"]);
    build(&p, &[]);
    let before = p.read("build/tiny/skeleton.json");
    p.write("motion.json", two_animations(0.5, 12.0));
    let report = build(&p, &[]);
    assert_eq!(
        ran(&report, "tiny"),
        set(&[
            "parse:motion",
            "animation:nod",
            "emit:spine",
            "gate:rigc-core-rules"
        ]),
        "parse:motion re-reads the edited file; nothing else but what depends on `nod` may run"
    );
    assert_ne!(p.read("build/tiny/skeleton.json"), before);
}

#[test]
fn an_image_edit_reruns_only_what_depends_on_that_image() {
    let p = project(&["tiny"]);
    build(&p, &[]);
    // Same size, other pixels: the measurement is the same, so only the image's
    // own stage and the gate (which reads page pixels) run again.
    let mut px = Vec::new();
    for i in 0..(24 * 20) {
        px.extend_from_slice(&[(i % 256) as u8, 10, 10, if i % 7 == 0 { 0 } else { 255 }]);
    }
    p.write(
        "parts/head.png",
        rigc_sdk::png_image::encode_rgba(24, 20, &px),
    );
    assert_eq!(
        ran(&build(&p, &[]), "tiny"),
        set(&["measure:head.png", "gate:rigc-core-rules"])
    );
    // Another size: the setup (region sizes), the atlas, the bounds, both
    // animations (keyed by the setup), the emit and the gate follow; the other
    // image is not re-measured.
    p.write("parts/head.png", fixture::part_png(26, 20));
    let ran = ran(&build(&p, &[]), "tiny");
    for stage in [
        "measure:head.png",
        "setup",
        "atlas",
        "bounds",
        "emit:spine",
        "gate:rigc-core-rules",
    ] {
        assert!(ran.contains(stage), "{stage} did not run: {ran:?}");
    }
    assert!(!ran.contains("measure:body.png"), "{ran:?}");
    assert!(
        !ran.contains("parse:rig") && !ran.contains("parse:motion"),
        "{ran:?}"
    );
}

#[test]
fn whitespace_in_the_rig_reparses_it_and_recompiles_nothing() {
    let p = project(&["tiny"]);
    build(&p, &[]);
    p.write(
        "rig.json",
        fixture::RIG.replace("\n", "\n\n").replace(": ", ":   "),
    );
    assert_eq!(
        ran(&build(&p, &[]), "tiny"),
        set(&["parse:rig"]),
        "early cutoff: the parse's output is unchanged"
    );
}

fn outputs(p: &Project, targets: &[&str]) -> Vec<(String, String)> {
    targets
        .iter()
        .flat_map(|t| ["skeleton.json", "skeleton.atlas"].map(|f| format!("build/{t}/{f}")))
        .map(|f| (f.clone(), p.read(&f)))
        .collect()
}

#[test]
fn outputs_are_byte_identical_for_any_jobs_and_after_a_cache_wipe() {
    let names = ["a", "b", "c"];
    let p = project(&names);
    build(&p, &["--jobs", "1"]);
    let one = outputs(&p, &names);
    std::fs::remove_dir_all(p.path().join("build")).unwrap();
    std::fs::remove_dir_all(p.path().join("cache")).unwrap();
    build(&p, &["--jobs", "2"]);
    assert_eq!(
        outputs(&p, &names),
        one,
        "--jobs 2 wrote other bytes than --jobs 1"
    );
    std::fs::remove_dir_all(p.path().join("cache")).unwrap();
    let report = build(&p, &["--jobs", "2"]);
    assert_eq!(
        outputs(&p, &names),
        one,
        "a rebuild after a cache wipe wrote other bytes"
    );
    assert!(report["summary"]["stagesRan"].as_u64().unwrap() > 0);
    // A second cache directory through the environment gives the same bytes too.
    let other = tempfile::tempdir().unwrap();
    std::fs::remove_dir_all(p.path().join("build")).unwrap();
    util::run_env(
        p.path(),
        &["build", "--all"],
        &[("RIGC_CACHE_DIR", other.path().to_str().unwrap())],
    )
    .green();
    assert_eq!(outputs(&p, &names), one);
    assert!(
        other.path().join("blobs").is_dir(),
        "RIGC_CACHE_DIR was not used"
    );
}

fn cache_files(p: &Project, dir: &str) -> Vec<std::path::PathBuf> {
    util::walk(&p.path().join("cache").join(dir))
        .into_iter()
        .filter(|f| f.is_file())
        .collect()
}

#[test]
fn corrupt_and_truncated_cache_entries_are_named_once_and_rebuilt() {
    let p = project(&["tiny"]);
    build(&p, &[]);
    let good = outputs(&p, &["tiny"]);
    // Flip a byte in every blob.
    let blobs = cache_files(&p, "blobs");
    assert!(!blobs.is_empty());
    for b in &blobs {
        let mut bytes = std::fs::read(b).unwrap();
        bytes[0] ^= 0x20;
        std::fs::write(b, bytes).unwrap();
    }
    // Without its outputs the target's trace cannot replay, so the build
    // reads its stages back from the cache.
    std::fs::remove_dir_all(p.path().join("build")).unwrap();
    let run = p.rigc(&["build", "--all", "--report", "report.json"]);
    run.green();
    let named = run.stderr.matches("is corrupt: its").count();
    assert!(named >= 1, "{}", run.stderr);
    let mut hashes: Vec<&str> = run
        .stderr
        .lines()
        .filter(|l| l.contains("is corrupt: its"))
        .collect();
    let n = hashes.len();
    hashes.dedup();
    assert_eq!(hashes.len(), n, "a corrupt entry was named twice");
    assert_eq!(outputs(&p, &["tiny"]), good);
    // Rebuilt: the next build is clean and runs nothing.
    let run = p.rigc(&["build", "--all", "--report", "report.json"]);
    run.green();
    assert!(!run.stderr.contains("corrupt"), "{}", run.stderr);
    assert_eq!(
        ran(
            &serde_json::from_str(&p.read("report.json")).unwrap(),
            "tiny"
        ),
        set(&[])
    );
    // Truncate every action entry.
    for a in cache_files(&p, "actions") {
        let bytes = std::fs::read(&a).unwrap();
        std::fs::write(&a, &bytes[..bytes.len() / 2]).unwrap();
    }
    let run = p.rigc(&["build", "--all"]);
    run.green()
        .stderr_has("is corrupt or truncated — deleted; the stage is rebuilt");
    assert_eq!(outputs(&p, &["tiny"]), good);
}

#[test]
fn shards_partition_the_targets_deterministically() {
    let p = project(&["a", "b", "c"]);
    let one = build(&p, &["--shard", "1/2"]);
    let two = build(&p, &["--shard", "2/2"]);
    let names = |r: &Value| -> Vec<String> {
        r["targets"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t["name"].as_str().unwrap().to_string())
            .collect()
    };
    assert_eq!(names(&one), ["a", "c"]);
    assert_eq!(names(&two), ["b"]);
    p.rigc(&["build", "--all", "--shard", "3/2"])
        .code(2)
        .stderr_has("--shard \"3/2\"");
}

#[test]
fn the_report_and_the_summary_name_every_target() {
    let p = project(&["a", "b"]);
    let run = p.rigc(&["build", "--all", "--report", "report.json"]);
    run.green()
        .stdout_has("rigc: a green in ")
        .stdout_has("target  verdict  ran  cached")
        .stdout_has("rigc: 2 target(s): 2 green, 0 red");
    let r: Value = serde_json::from_str(&p.read("report.json")).unwrap();
    assert_eq!(r["spec"], "rigc-build-report/1");
    assert_eq!(r["summary"]["green"], 2);
    let gate = &r["targets"][0]["gate"];
    assert!(
        gate["passed"]
            .as_array()
            .unwrap()
            .iter()
            .any(|c| c == "A00_ROUNDTRIP_PARSE"),
        "{gate}"
    );
    // A red target: exit 1, named in the summary, the other still green.
    p.write(
        "rigc.toml",
        p.read("rigc.toml").replace(
            "name = \"b\"\nrig = \"rig.json\"\nmotion = \"motion.json\"",
            "name = \"b\"\nrig = \"rig.json\"\nmotion = \"motion.json\"\nprofile = \"spine-html\"",
        ),
    );
    p.write("parts/body.png", fixture::rgb_png(30, 40));
    let run = p.rigc(&["build", "--all", "--report", "report.json"]);
    run.code(1)
        .stdout_has("FAIL  A19_OVERLAY_PNGS_HAVE_ALPHA")
        .stderr_has("2 target(s): 1 green, 1 red (b)");
}

#[test]
fn cache_stats_and_gc() {
    let p = project(&["tiny"]);
    build(&p, &[]);
    let run = p.rigc(&["cache", "stats"]);
    run.green().stdout_has("blobs").stdout_has("actions");
    p.rigc(&["cache", "gc", "--max-size", "0"])
        .green()
        .stdout_has("entries removed");
    assert!(cache_files(&p, "blobs").is_empty() && cache_files(&p, "actions").is_empty());
    // An emptied cache rebuilds everything and writes the same bytes.
    let before = outputs(&p, &["tiny"]);
    let report = build(&p, &[]);
    assert!(ran(&report, "tiny").contains("setup"));
    assert_eq!(outputs(&p, &["tiny"]), before);
    p.rigc(&["cache", "gc", "--max-size", "ten"])
        .code(2)
        .stderr_has("--max-size");
}

#[test]
fn two_rigc_processes_share_one_cache_safely() {
    let names = ["a", "b", "c", "d"];
    let p = project(&names);
    let spawn = || {
        util::rigc_command()
            .args(["build", "--all", "--jobs", "2"])
            .current_dir(p.path())
            .output()
            .expect("rigc runs")
    };
    let (x, y) = std::thread::scope(|s| {
        let a = s.spawn(spawn);
        let b = s.spawn(spawn);
        (a.join().unwrap(), b.join().unwrap())
    });
    for out in [&x, &y] {
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(
            !String::from_utf8_lossy(&out.stderr).contains("corrupt"),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let both = outputs(&p, &names);
    // The shared cache is whole: a third build serves everything and writes the same bytes.
    let report = build(&p, &[]);
    assert_eq!(report["summary"]["stagesRan"], 0, "{report:#}");
    assert_eq!(outputs(&p, &names), both);
    assert!(
        util::walk(&p.path().join("cache/tmp")).is_empty(),
        "temporary files were left in the cache"
    );
}

#[test]
fn project_file_refusals_name_missing_files_and_escaping_paths() {
    let p = project(&["tiny"]);
    let toml = p.read("rigc.toml");
    p.write(
        "rigc.toml",
        toml.replace("rig = \"rig.json\"", "rig = \"rigs/missing.json\""),
    );
    p.rigc(&["build", "--all"])
        .code(1)
        .stderr_has("rig spec \"rigs/missing.json\" is not on disk")
        .stderr_has("rigc.toml:6:7 at /target/0/rig");
    p.write(
        "rigc.toml",
        toml.replace("out = \"build/tiny\"", "out = \"../elsewhere\""),
    );
    p.rigc(&["build", "--all"])
        .code(1)
        .stderr_has("output directory \"../elsewhere\" resolves to")
        .stderr_has("outside the project");
    p.write(
        "rigc.toml",
        toml.replace("[project]", "[project]\ncache_dir = \"x\""),
    );
    p.rigc(&["build", "--all"])
        .code(1)
        .stderr_has("unknown field `cache_dir`");
    assert!(!p.exists("build"));
}
