//! The gate end to end: `rigc validate` on a green build is green; mutants of the
//! emitted text make named rules FAIL with their messages (the rule crate holds a
//! mutant and a positive control for every rule; these prove the wiring).

use crate::fixture;
use crate::util::Project;

fn built() -> Project {
    let p = Project::new();
    fixture::tiny(&p);
    fixture::build(&p, "out").green();
    p
}

fn mutate(p: &Project, file: &str, from: &str, to: &str) {
    let text = p.read(file);
    assert!(text.contains(from), "{from:?} not in {file}");
    p.write(file, text.replacen(from, to, 1));
}

#[test]
fn validate_a_green_build() {
    let p = built();
    p.rigc(&["validate", "out"])
        .green()
        .stdout_has("rigc validate")
        .stdout_has("  ..    atlas ")
        .stdout_has("rigc: green");
    p.rigc(&["validate", "out/skeleton.json", "--profile", "spine-html"])
        .green();
}

#[test]
fn validate_names_the_rules_a_mutant_breaks() {
    let p = built();
    mutate(
        &p,
        "out/skeleton.json",
        "\"spine\": \"4.3.13\"",
        "\"spine\": \"4.2.40\"",
    );
    p.rigc(&["validate", "out"])
        .code(1)
        .stdout_has("FAIL  A16_SKELETON_VERSION_4_3: skeleton.spine is \"4.2.40\"")
        .stderr_has("rigc: 1 assertion(s) failed");
}

#[test]
fn validate_refuses_to_guess_between_atlases() {
    let p = built();
    p.write("out/other.atlas", p.read("out/skeleton.atlas"));
    p.rigc(&["validate", "out/skeleton.json"])
        .code(2)
        .stderr_has("2 atlases beside");
    p.rigc(&[
        "validate",
        "out/skeleton.json",
        "--atlas",
        "out/other.atlas",
    ])
    .green();
}
