//! Item 5: a number above the float32 maximum used to compile green and be
//! written as `null`. Every numeric leaf of walk's and the snail's rig and motion
//! specs (read at test time) is set in turn to 1e39, 3.5e38 and −1e39 — each
//! must be refused at that leaf's pointer and line:column (found here by a scan
//! of the text of our own, not by rigc's reader) — and to the denormal 1e-40,
//! which must compile with no `null` in `skeleton.json`, or be refused by name
//! for what it means (a region's size no longer matching its PNG), never for its
//! range. The compiles run in process; a few run through the binary too, to see
//! the exit code and that nothing is written.

use super::line_col;
use crate::fixture;
use crate::util::{self, Project};
use std::path::Path;

/// What a refusal of a number beyond float32 is named.
const BEYOND: &str = "spec.number-beyond-float32";

/// The byte spans of every number of a JSON text, in document order: a scan
/// of the text (strings skipped), independent of the reader under test.
fn number_spans(text: &str) -> Vec<(usize, usize)> {
    let b = text.as_bytes();
    let (mut i, mut out) = (0, Vec::new());
    while i < b.len() {
        match b[i] {
            b'"' => {
                i += 1;
                while b[i] != b'"' {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
                i += 1;
            }
            b'-' | b'0'..=b'9' => {
                let start = i;
                while i < b.len() && matches!(b[i], b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9')
                {
                    i += 1;
                }
                out.push((start, i));
            }
            _ => i += 1,
        }
    }
    out
}

/// The JSON pointer of every number of `v`, in document order.
fn number_pointers(v: &serde_json::Value, at: String, out: &mut Vec<String>) {
    match v {
        serde_json::Value::Number(_) => out.push(at),
        serde_json::Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                number_pointers(item, format!("{at}/{i}"), out);
            }
        }
        serde_json::Value::Object(m) => {
            for (k, item) in m {
                let key = k.replace('~', "~0").replace('/', "~1");
                number_pointers(item, format!("{at}/{key}"), out);
            }
        }
        _ => {}
    }
}

/// Every numeric leaf of a spec text: its span and its pointer.
fn leaves(text: &str) -> Vec<((usize, usize), String)> {
    let spans = number_spans(text);
    let mut pointers = Vec::new();
    number_pointers(
        &serde_json::from_str(text).expect("the spec is JSON"),
        String::new(),
        &mut pointers,
    );
    assert_eq!(
        spans.len(),
        pointers.len(),
        "the scan and the tree disagree"
    );
    spans.into_iter().zip(pointers).collect()
}

/// A rig's two specs and its parts, in a directory of their own.
struct Rig {
    dir: tempfile::TempDir,
    rig: String,
    motion: String,
}

impl Rig {
    fn copy(from: &Path) -> Rig {
        let dir = tempfile::tempdir().expect("temp dir");
        util::copy_tree(from, dir.path());
        let read = |f: &str| std::fs::read_to_string(from.join(f)).expect("spec");
        Rig {
            rig: read("rig.json"),
            motion: read("motion.json"),
            dir,
        }
    }

    /// Compiles the rig with `file` (`rig.json` or `motion.json`) holding
    /// `text` and the other spec as it is: what the library's compile answers.
    fn compile(&self, file: &str, text: &str) -> Result<String, Vec<rigc_diag::Diagnostic>> {
        let dir = self.dir.path();
        let (rig, motion) = match file {
            "rig.json" => (text, self.motion.as_str()),
            _ => (self.rig.as_str(), text),
        };
        std::fs::write(dir.join("rig.json"), rig).expect("write");
        std::fs::write(dir.join("motion.json"), motion).expect("write");
        let read = |f: &str| rigc::read_spec(Path::new(f), dir).map_err(|d| vec![d]);
        let sources = rigc::Sources::new(
            read("rig.json")?,
            read("motion.json")?,
            rigc::Project::of_spec_alone(&dir.join("rig.json")),
            None,
            dir.join("out"),
            false,
        );
        let registry = rigc::Registry::new(rigc::builtins()).expect("built-ins");
        rigc::compile_uncached(&sources, &registry).map(|c| c.skeleton_text)
    }
}

/// How the sweep of one rig went.
#[derive(Default, Debug)]
struct Tally {
    leaves: usize,
    refused: usize,
    denormal_green: usize,
    /// The codes 1e-40 was refused by, and how often.
    denormal_refused: std::collections::BTreeMap<String, usize>,
}

fn sweep(from: &Path) -> Tally {
    let rig = Rig::copy(from);
    let nulls = |text: &str| text.matches("null").count();
    let baseline = rig
        .compile("rig.json", &rig.rig.clone())
        .unwrap_or_else(|d| panic!("{} compiles: {d:?}", from.display()));
    let mut tally = Tally::default();
    for (file, text) in [
        ("rig.json", rig.rig.clone()),
        ("motion.json", rig.motion.clone()),
    ] {
        for ((start, end), pointer) in leaves(&text) {
            tally.leaves += 1;
            let with = |v: &str| format!("{}{v}{}", &text[..start], &text[end..]);
            for v in ["1e39", "3.5e38", "-1e39"] {
                let mutated = with(v);
                let diags = rig
                    .compile(file, &mutated)
                    .err()
                    .unwrap_or_else(|| panic!("{file} {pointer} = {v} compiled green"));
                let found: Vec<_> = diags
                    .iter()
                    .map(|d| {
                        let loc = d.loc.as_ref();
                        (
                            d.code.as_str(),
                            loc.map(|l| l.file.display.clone()),
                            loc.map(|l| l.pointer.clone()),
                            loc.map(|l| l.line_col()),
                        )
                    })
                    .collect();
                let want = (
                    BEYOND,
                    Some(file.to_string()),
                    Some(pointer.clone()),
                    Some(line_col(&mutated, start)),
                );
                assert_eq!(found, [want], "{file} {pointer} = {v}");
                tally.refused += 1;
            }
            match rig.compile(file, &with("1e-40")) {
                Ok(skeleton) => {
                    assert_eq!(
                        nulls(&skeleton),
                        nulls(&baseline),
                        "{file} {pointer} = 1e-40 wrote a null"
                    );
                    tally.denormal_green += 1;
                }
                Err(diags) => {
                    for d in &diags {
                        assert_ne!(d.code.as_str(), BEYOND, "{file} {pointer} = 1e-40: {d:?}");
                        assert!(d.loc.is_some(), "{file} {pointer} = 1e-40 unlocated: {d:?}");
                    }
                    *tally
                        .denormal_refused
                        .entry(diags[0].code.to_string())
                        .or_default() += 1;
                }
            }
        }
    }
    tally
}

/// Every numeric leaf of walk (the shared reference) and of the gallery's
/// snail, at 1e39, 3.5e38, −1e39 and 1e-40.
#[test]
fn every_numeric_leaf_is_held_to_float32() {
    let started = std::time::Instant::now();
    let walk = util::shared().join("reference/rigc-gallery/walk");
    let snail = util::workspace().join("gallery/snail");
    for (name, dir) in [("walk", walk), ("snail", snail)] {
        let t = sweep(&dir);
        assert!(t.leaves > 200, "{name}: only {} numeric leaves", t.leaves);
        eprintln!(
            "{name}: {} numeric leaves, {} out-of-range mutations refused at their leaf; 1e-40: {} green, {} refused for what it means: {:?}",
            t.leaves,
            t.refused,
            t.denormal_green,
            t.denormal_refused.values().sum::<usize>(),
            t.denormal_refused
        );
    }
    eprintln!(
        "numeric-leaf sweep: {:.1} s",
        started.elapsed().as_secs_f64()
    );
}

/// The binary: a number beyond float32 in a bone, the header's fps, an IK
/// softness, an event key's volume and balance, a track value — exit 1, the
/// refusal at its place, nothing written.
#[test]
fn the_binary_refuses_and_writes_nothing() {
    let snail = util::workspace().join("gallery/snail");
    let walk = util::shared().join("reference/rigc-gallery/walk");
    let cases: &[(&Path, &str, &str, &str)] = &[
        (&walk, "rig.json", "\"x\": 352", "/bones/1/x"),
        (
            &walk,
            "rig.json",
            "\"softness\": 0",
            "/constraints/0/softness",
        ),
        (
            &walk,
            "motion.json",
            "\"v\": [-4, 20]",
            "/animations/walk/tracks/0/keys/2/v/0",
        ),
        (&snail, "rig.json", "\"fps\": 30", "/skeleton/fps"),
        (
            &snail,
            "motion.json",
            "\"volume\": 0.45",
            "/animations/crawl/events/1/volume",
        ),
        (
            &snail,
            "motion.json",
            "\"balance\": -0.2",
            "/animations/crawl/events/1/balance",
        ),
    ];
    for (dir, file, field, pointer) in cases {
        let p = Project::new();
        p.copy_dir(dir, "rig");
        let text = p.read(&format!("rig/{file}"));
        let at = text
            .find(field)
            .unwrap_or_else(|| panic!("{field} not in {file}"));
        let (name, value) = field.split_once(": ").unwrap();
        let number = value.trim_start_matches('[');
        let start = at + name.len() + 2 + (value.len() - number.len());
        let end = start + number.split([',', ']']).next().unwrap().len();
        let mutated = format!("{}1e39{}", &text[..start], &text[end..]);
        p.write(&format!("rig/{file}"), &mutated);
        let run = p.rigc(&[
            "build",
            "--rig",
            "rig/rig.json",
            "--motion",
            "rig/motion.json",
            "--out",
            "out",
            "--message-format",
            "json",
        ]);
        run.code(1);
        let d = run.json_diagnostics();
        assert_eq!(d.len(), 1, "{}", run.dump());
        let (line, column) = line_col(&mutated, start);
        assert_eq!(
            (
                d[0]["code"].as_str(),
                d[0]["file"].as_str(),
                d[0]["pointer"].as_str(),
                d[0]["line"].as_u64(),
                d[0]["column"].as_u64()
            ),
            (
                Some(BEYOND),
                Some(format!("rig/{file}").as_str()),
                Some(*pointer),
                Some(line as u64),
                Some(column as u64)
            ),
            "{}",
            run.dump()
        );
        assert!(
            !p.exists("out"),
            "a refused build wrote --out{}",
            run.dump()
        );
    }
}

/// Numbers each a float32 whose product is not: the setup pose's box of two
/// bones scaled by 3e38 each. The compile names it; nothing is written, and no
/// `null` ever reaches `skeleton.json`.
#[test]
fn a_computed_number_beyond_float32_is_refused() {
    let p = Project::new();
    p.copy_dir(&util::shared().join("reference/rigc-gallery/walk"), ".");
    let rig = p.read("rig.json");
    let rig = rig
        .replace(
            "{ \"name\": \"hip\", \"parent\": \"root\",",
            "{ \"name\": \"hip\", \"parent\": \"root\", \"scaleX\": 3e38,",
        )
        .replace(
            "{ \"name\": \"torso\", \"parent\": \"hip\",",
            "{ \"name\": \"torso\", \"parent\": \"hip\", \"scaleX\": 3e38,",
        );
    p.write("rig.json", &rig);
    let run = fixture::build(&p, "out");
    run.code(1)
        .stderr_has("= code: compile.number-beyond-float32");
    assert!(run.stderr.contains("at /skeleton/"), "{}", run.dump());
    assert!(!p.exists("out"), "{}", run.dump());
}
