//! One project per build (issue 13, item 5): the nearest `rigc.toml` above the
//! rig spec decides the root, the plugins, the profile and the cache; with none,
//! the spec's own directory is the root and only the built-in plugins load; the
//! build's header says which project it used.

use crate::fixture;
use crate::util::{self, Project};
use std::path::Path;

/// `rigc build --rig <rig> --motion <motion> --out <out>`, run in `cwd`.
fn build_in(cwd: &Path, rig: &str, motion: &str, out: &str) -> util::Run {
    util::run_in(
        cwd,
        &["build", "--rig", rig, "--motion", motion, "--out", out],
    )
}

/// A project file naming a plugin library that is not there: any build that
/// loads this project's plugins is refused (`plugin.missing`).
const OTHER_PROJECT: &str =
    "[project]\nprofile = \"spine-html\"\nplugins = [\"plugins/not-built.so\"]\n";

#[test]
fn a_spec_outside_the_working_directory_builds_in_its_own_directory() {
    let spec_side = Project::new();
    fixture::tiny(&spec_side);
    let elsewhere = Project::new();
    let arg = |name: &str| spec_side.path().join(name).to_string_lossy().into_owned();
    let run = build_in(
        elsewhere.path(),
        &arg("rig.json"),
        &arg("motion.json"),
        &arg("out"),
    );
    let root = spec_side.path().canonicalize().expect("a directory");
    run.green().stdout_has(&format!(
        "  ..    project {} (no rigc.toml above the rig spec: its own directory, built-in plugins only)",
        root.display()
    ));
    assert!(spec_side.exists("out/skeleton.json"), "{}", run.dump());
    // The cache is the project's, not the working directory's.
    assert!(
        spec_side.exists("cache"),
        "{}",
        util::list_dir(spec_side.path())
    );
    assert!(
        !elsewhere.exists("cache"),
        "{}",
        util::list_dir(elsewhere.path())
    );
}

#[test]
fn another_projects_rigc_toml_in_the_working_directory_loads_nothing() {
    let spec_side = Project::new();
    fixture::tiny(&spec_side);
    let other = Project::new();
    other.write("rigc.toml", OTHER_PROJECT);
    let arg = |name: &str| spec_side.path().join(name).to_string_lossy().into_owned();
    let (rig, motion, out) = (arg("rig.json"), arg("motion.json"), arg("out"));
    let run = build_in(other.path(), &rig, &motion, &out);
    // Green: the other project's missing plugin was never loaded, and its
    // profile was not used either.
    run.green()
        .stdout_has("profile spine —")
        .stdout_has("built-in plugins only");
    assert!(!run.stderr.contains("plugin.missing"), "{}", run.dump());
    // The same project file above the spec is the spec's project: its plugins
    // load (and this one is refused by name, before anything is written).
    spec_side.write("rigc.toml", OTHER_PROJECT);
    let refused = build_in(other.path(), &rig, &motion, &out);
    refused.code(1).stderr_has("plugin.missing");
}

#[test]
fn the_nearest_rigc_toml_above_the_spec_decides_the_profile_and_the_header() {
    let p = Project::new();
    p.write("rigc.toml", "[project]\nprofile = \"spine-html\"\n");
    p.write(
        "rig/rig.json",
        fixture::RIG.replace("\"images\": \"parts\"", "\"images\": \"../parts\""),
    );
    p.write("rig/motion.json", fixture::MOTION);
    p.write("parts/body.png", fixture::part_png(30, 40));
    p.write("parts/head.png", fixture::part_png(24, 20));
    let root = p.path().canonicalize().expect("a directory");
    // Run from inside the rig's directory: the project is still the one above.
    let run = build_in(&p.path().join("rig"), "rig.json", "motion.json", "../out");
    run.green()
        .stdout_has("profile spine-html — every assertion applies")
        .stdout_has(&format!(
            "  ..    project {} ({})",
            root.display(),
            root.join("rigc.toml").display()
        ));
    assert!(p.exists("cache"), "{}", util::list_dir(p.path()));
    // Without the project file the spec's directory is the root, and the
    // images beside it (`../parts`) are outside it: refused by name.
    std::fs::remove_file(p.path().join("rigc.toml")).expect("removed");
    let alone = build_in(&p.path().join("rig"), "rig.json", "motion.json", "../out2");
    alone
        .code(1)
        .stderr_has("path.escapes-project")
        .stderr_has("(the rig spec's directory; no rigc.toml above it)");
    assert!(!p.exists("out2"));
}
