//! Tests of the motion spec parser, and the harness the animation stage's tests
//! share: parse a motion spec from a string, and assert one diagnostic's code,
//! message, JSON pointer and line:column.

mod deform;
mod families;
mod physics;
mod shapes;
mod tracks;

use crate::spec::motion::{parse, MotionSpec};
use rigc_diag::source::SourceFile;
use rigc_diag::{render_human, Diagnostic};
use std::path::PathBuf;
use std::sync::Arc;

/// Parses `text` as the motion spec `m.json`.
pub(crate) fn parse_str(text: &str) -> Result<MotionSpec, Vec<Diagnostic>> {
    let file: Arc<SourceFile> = SourceFile::new("m.json", "m.json", text.to_string());
    let json = crate::spec::parse_json(&file).map_err(|d| vec![d])?;
    parse(&file, &json)
}

/// The reference directory `../shared/reference` beside the workspace root.
pub(crate) fn reference(path: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../shared/reference")
        .join(path)
}

/// Reads and parses a reference motion spec.
pub(crate) fn parse_reference(path: &str) -> MotionSpec {
    let full = reference(path);
    let text = std::fs::read_to_string(&full)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", full.display()));
    let file: Arc<SourceFile> = SourceFile::new(path, &full, text);
    let json = crate::spec::parse_json(&file).expect("reference JSON parses");
    parse(&file, &json).unwrap_or_else(|d| panic!("{}", dump(&d)))
}

/// Every diagnostic as the terminal shows it.
pub(crate) fn dump(diags: &[Diagnostic]) -> String {
    diags
        .iter()
        .map(render_human)
        .collect::<Vec<_>>()
        .join("\n")
}

/// Asserts that `diags` holds a diagnostic with `code`, and that the first such has
/// exactly `message`, points at `pointer` and starts at `line:col`.
#[track_caller]
pub(crate) fn expect(
    diags: &[Diagnostic],
    code: &str,
    message: &str,
    pointer: &str,
    line_col: (usize, usize),
) {
    let Some(d) = diags.iter().find(|d| d.code == code) else {
        panic!("no diagnostic {code}; got:\n{}", dump(diags));
    };
    let loc = d
        .loc
        .as_ref()
        .unwrap_or_else(|| panic!("{code} has no location"));
    let got = (d.message.as_str(), loc.pointer.as_str(), loc.line_col());
    if std::env::var_os("RIGC_SNAP").is_some() {
        let test = std::thread::current().name().unwrap_or("?").to_string();
        let message = serde_json::to_string(&d.message).unwrap_or_default();
        let (line, col) = got.2;
        println!(
            "SNAP\t{test}\t{code}\t{message}\t{}\t{line}\t{col}",
            loc.pointer
        );
        println!("{}", render_human(d));
        return;
    }
    assert_eq!(got, (message, pointer, line_col), "\n{}", render_human(d));
    assert!(
        d.help.as_deref().is_some_and(|h| !h.is_empty()),
        "{code} has no help"
    );
}

/// Parses `text`, which must be refused; returns the refusals.
#[track_caller]
pub(crate) fn refused(text: &str) -> Vec<Diagnostic> {
    match parse_str(text) {
        Ok(_) => panic!("accepted:\n{text}"),
        Err(d) => d,
    }
}

/// A motion spec around `animations` (which starts on line 4, column 1).
pub(crate) fn motion(animations: &str) -> String {
    format!(
        "{{\"spec\": \"rigc-motion/1\", \"archetype\": \"t\", \"easings\": {{\"soft\": [0.25, 0, 0.75, 1]}},\n\"groups\": {{\"pair\": [\"a\", \"b\"], \"lids\": [\"lid_l\", \"lid_r\"], \"odd\": [\"a\", \"lid_l\"]}},\n\"animations\": {{\n{animations}\n}}}}"
    )
}
