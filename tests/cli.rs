//! Flags, usage errors and exit codes (CLI.md §0–§2).

use crate::util::Project;

#[test]
fn help_and_version_exit_zero() {
    let p = Project::new();
    p.rigc(&["--help"]).green().stdout_has("build");
    p.rigc(&["--version"]).green().stdout_has("rigc");
    p.rigc(&["build", "--help"])
        .green()
        .stdout_has("--copy-images");
}

#[test]
fn no_command_is_a_usage_error() {
    Project::new().rigc(&[]).code(2);
}

#[test]
fn unknown_profile_is_a_usage_error() {
    Project::new()
        .rigc(&[
            "build",
            "--rig",
            "r.json",
            "--motion",
            "m.json",
            "--out",
            "o",
            "--profile",
            "html",
        ])
        .code(2)
        .stderr_has("rigc: ")
        .stderr_has("--profile \"html\"; known profiles: spine, spine-html");
}

#[test]
fn missing_flag_value_and_repeated_flag_are_usage_errors() {
    let p = Project::new();
    p.rigc(&["build", "--rig", "--motion", "m.json", "--out", "o"])
        .code(2)
        .stderr_has("rigc: --rig needs a value");
    p.rigc(&["build", "--rig", "a.json", "--rig", "b.json", "--motion", "m.json", "--out", "o"])
        .code(2)
        .stderr_has("rigc: --rig was given more than once (\"a.json\" then \"b.json\"); this command takes it once");
}

#[test]
fn build_needs_rig_motion_and_out() {
    Project::new()
        .rigc(&["build", "--rig", "r.json"])
        .code(2)
        .stderr_has("--motion, --out is required");
}

#[test]
fn flag_equals_value_form_is_accepted() {
    let p = Project::new();
    crate::fixture::tiny(&p);
    p.rigc(&[
        "build",
        "--rig=rig.json",
        "--motion=motion.json",
        "--out=out",
    ])
    .green();
    assert!(p.exists("out/skeleton.json"));
}

#[test]
fn all_without_a_project_file_is_a_usage_error() {
    Project::new()
        .rigc(&["build", "--all"])
        .code(2)
        .stderr_has("no rigc.toml");
}

/// Issue 13, item 6: `--pack` (a switch) and `--atlas-in` parse, their usage
/// rules hold (CLI.md §1); `--pack` builds (issue 16, item 7), and an
/// `--atlas-in` file that is not there is refused by name — exit 1, nothing
/// written; a usage error writes not even the cache.
#[test]
fn pack_and_atlas_in_parse_and_their_usage_rules_hold() {
    let p = Project::new();
    crate::fixture::tiny(&p);
    let build = |extra: &[&str]| p.rigc(&crate::fixture::args("out", extra));
    // The usage rules.
    build(&["--page-size", "1024"])
        .code(2)
        .stderr_has("rigc: --page-size only means something with --pack");
    build(&["--padding", "2"])
        .code(2)
        .stderr_has("rigc: --padding only means something with --pack");
    build(&["--page-edges", "pot"])
        .code(2)
        .stderr_has("rigc: --page-edges only means something with --pack");
    build(&["--pack", "--atlas-in", "a.atlas"])
        .code(2)
        .stderr_has(
        "rigc: --pack lays the atlas out and --atlas-in reuses one laid out elsewhere; pick one",
    );
    build(&["--pack", "--copy-images"])
        .code(2)
        .stderr_has("--copy-images has nothing to copy; pick one");
    build(&["--pack", "--page-edges", "round"]).code(2);
    assert!(!p.exists("out") && !p.exists("cache"));
    build(&["--atlas-in", "elsewhere/pack.atlas"])
        .code(1)
        .stderr_has("elsewhere/pack.atlas cannot be read")
        .stderr_has("= code: build.atlas-in.unreadable");
    let json = build(&["--atlas-in", "a.atlas", "--message-format", "json"]);
    json.code(1);
    let d = json.json_diagnostics();
    assert_eq!(d.len(), 1, "{}", json.dump());
    assert_eq!(d[0]["code"], "build.atlas-in.unreadable");
    // Read with the build's other inputs, after the cache is opened.
    assert!(
        !p.exists("out"),
        "a refused flag wrote something:\n{}",
        crate::util::list_dir(p.path())
    );
    // A switch before another flag: not "--pack needs a value"; it builds.
    p.rigc(&[
        "build",
        "--pack",
        "--rig",
        "rig.json",
        "--motion",
        "motion.json",
        "--out",
        "out",
        "--page-size",
        "1024",
        "--padding",
        "4",
        "--page-edges",
        "free",
    ])
    .green()
    .stdout_has("padding 4, page edges free");
    assert!(p.exists("out/skeleton.png"));
}
