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
