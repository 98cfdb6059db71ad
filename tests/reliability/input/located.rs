//! Item 12: refusals that named no place. Each now names its file and, where
//! the value is known, its line:column (computed here from the text written),
//! and writes nothing.

use super::line_col;
use crate::fixture::{self, RIG};
use crate::util::{Project, Run};

/// The one diagnostic of a `--message-format json` run that is refused (exit 1),
/// as (code, file, pointer, line, column).
fn only_refusal(run: &Run) -> (String, String, String, u64, u64) {
    run.code(1);
    let d = run.json_diagnostics();
    assert_eq!(d.len(), 1, "{}", run.dump());
    let s = |k: &str| d[0][k].as_str().unwrap_or_default().to_string();
    let n = |k: &str| d[0][k].as_u64().unwrap_or(0);
    (s("code"), s("file"), s("pointer"), n("line"), n("column"))
}

fn json_build(p: &Project, args: &[&str]) -> Run {
    let mut args = args.to_vec();
    args.extend(["--message-format", "json"]);
    p.rigc(&args)
}

#[test]
fn a_spec_that_is_not_utf8_is_refused_at_its_first_bad_byte() {
    let p = Project::new();
    fixture::tiny(&p);
    let at = RIG.find("tiny").expect("the name") + 2;
    let mut bytes = RIG.as_bytes().to_vec();
    bytes[at] = 0xff;
    p.write("rig.json", &bytes);
    let run = json_build(&p, &fixture::args("out", &[]));
    let (line, col) = line_col(RIG, at);
    assert_eq!(
        only_refusal(&run),
        (
            "spec.not-utf8".into(),
            "rig.json".into(),
            String::new(),
            line as u64,
            col as u64
        )
    );
    assert!(run.stderr.contains("byte 0xff at line"), "{}", run.dump());
    assert!(!p.exists("out"));
}

/// A project of the tiny rig whose `rigc.toml` is `toml`.
fn project(toml: &[u8]) -> Project {
    let p = Project::new();
    fixture::tiny(&p);
    p.write("rigc.toml", toml);
    p
}

const TOML: &str = "[project]\nprofile = \"spine\"\n\n[plugin.studio-example]\nmax_animation_seconds = 8.0\n\n[[target]]\nname = \"tiny\"\nrig = \"rig.json\"\nmotion = \"motion.json\"\nout = \"build/tiny\"\n";

/// Builds `--all` in the project and asserts the one refusal, located in
/// rigc.toml at `pointer` and the line:column of `needle` (plus `skip`
/// characters) in `text`; nothing is written, not the cache either.
fn refused_in_toml(text: &str, code: &str, pointer: &str, needle: &str, skip: usize) {
    let p = project(text.as_bytes());
    let run = json_build(&p, &["build", "--all"]);
    let (line, col) = line_col(text, text.find(needle).expect("needle") + skip);
    let (c, file, ptr, l, k) = only_refusal(&run);
    assert_eq!(
        (c.as_str(), ptr.as_str(), l, k),
        (code, pointer, line as u64, col as u64),
        "{}",
        run.dump()
    );
    assert!(file.ends_with("rigc.toml"), "{file}");
    assert!(!p.exists("build") && !p.exists("cache"), "{}", run.dump());
}

/// The control: the project file as written builds (its plugin table is the
/// configuration of a plugin this project does not load: carried, not read).
#[test]
fn the_project_file_builds_green_as_written() {
    let p = project(TOML.as_bytes());
    p.rigc(&["build", "--all"]).green();
    assert!(p.exists("build/tiny/skeleton.json"));
}

#[test]
fn a_project_file_that_is_not_utf8_is_refused_at_its_first_bad_byte() {
    let at = TOML.find("spine").expect("the profile") + 3;
    let mut bytes = TOML.as_bytes().to_vec();
    bytes[at] = 0xfe;
    let p = project(&bytes);
    let run = json_build(&p, &["build", "--all"]);
    let (line, col) = line_col(TOML, at);
    let (code, file, pointer, l, c) = only_refusal(&run);
    assert_eq!(
        (code.as_str(), pointer.as_str(), l, c),
        ("config.not-utf8", "", line as u64, col as u64)
    );
    assert!(file.ends_with("rigc.toml"), "{file}");
    assert!(!p.exists("build") && !p.exists("cache"));
}

#[test]
fn a_spec_path_that_is_a_directory_is_refused_at_its_value() {
    let text = TOML.replace("rig = \"rig.json\"", "rig = \"parts\"");
    refused_in_toml(&text, "config.not-a-file", "/target/0/rig", "\"parts\"", 0);
}

#[test]
fn an_out_that_is_a_file_is_refused_at_its_value() {
    let text = TOML.replace("out = \"build/tiny\"", "out = \"rigc.toml\"");
    refused_in_toml(
        &text,
        "config.not-a-directory",
        "/target/0/out",
        "\"rigc.toml\"",
        0,
    );
}

#[test]
fn a_missing_target_header_is_refused_where_it_belongs() {
    let text = TOML.replace("[[target]]\n", "");
    refused_in_toml(
        &text,
        "config.target-header-missing",
        "/plugin/studio-example/name",
        "name = \"tiny\"",
        0,
    );
}
