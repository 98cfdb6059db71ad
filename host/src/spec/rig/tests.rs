//! Tests of the rig spec parser: one test per refusal (code, message, JSON
//! pointer, line:column) and positive parses of the reference rigs (the
//! mutation fuzz of parse then assemble is the setup stage's,
//! `stages::setup::tests::fuzz`).
//!
//! Most cases edit [`BASE`], a small valid rig, by exact substring; the
//! location of a refusal is asserted against the position of a `needle` that
//! occurs once in the edited text (or an explicit `@line:col`).

mod attachments;
mod bones;
mod constraints;
mod events;
mod generator;
mod generator_segments;
mod geometry;
mod header;
mod invariants;
mod mesh;
mod reference;
mod skins;
mod slider;
mod slots;
mod switch;

use super::{parse, RigSpec};
use crate::spec::parse_json;
use rigc_diag::source::SourceFile;
use rigc_diag::{Class, Diagnostic};

/// A valid rig that uses every construct this build compiles.
pub(crate) const RICH: &str = r#"{
  "spec": "rigc-rig/1",
  "name": "rich",
  "note": "every construct",
  "images": "parts",
  "skeleton": { "x": -10, "y": 0, "width": 200, "height": 100, "fps": 24, "referenceScale": 100, "images": "./parts/", "audio": null },
  "bones": [
    { "name": "root" },
    { "name": "hip", "parent": "root", "length": 0, "x": 0, "y": 40, "rotation": 0, "scaleX": 1, "scaleY": 1, "shearX": 0, "shearY": 0, "inherit": "normal", "color": "FF0000FF", "icon": "arrows" },
    { "name": "arm", "parent": "hip", "x": 20, "inherit": "NoScale" },
    { "name": "hand", "parent": "arm", "x": 30 },
    { "name": "prop", "parent": "hand", "skin": true },
    { "name": "target", "parent": "root", "x": 60, "y": 10 },
    { "name": "rider", "parent": "root" }
  ],
  "slots": [
    { "name": "back", "bone": "root", "attachment": "plate" },
    { "name": "body", "bone": "hip", "color": "FFFFFFCC", "dark": "101010", "blend": "Additive" },
    { "name": "arm", "bone": "arm", "attachment": "arm" },
    { "name": "hit", "bone": "hip", "attachment": null },
    { "name": "tip", "bone": "hand" },
    { "name": "empty", "bone": "root", "attachment": null },
    { "name": "rail", "bone": "root", "attachment": "loop" }
  ],
  "constraints": [
    { "name": "reach", "type": "ik", "bones": ["arm", "hand"], "target": "target", "mix": 0.5, "softness": 0, "bendPositive": false, "compress": true, "stretch": false, "scaleY": "uniform" },
    { "name": "follow", "type": "transform", "bones": ["prop"], "source": "hip", "properties": { "rotate": { "to": { "rotate": { "scale": 0.5 } } } }, "mixRotate": 1, "skin": true },
    { "name": "reach", "type": "transform", "bones": ["hand"], "source": "root", "localSource": false },
    { "name": "knob", "type": "slider", "animation": "swing", "bone": "target", "property": "rotate", "from": 0, "to": 0, "scale": 0.011111, "max": 90, "local": true, "additive": true, "loop": false, "mix": 1 },
    { "name": "reveal", "type": "slider", "animation": "curtain", "time": 0.5, "loop": true, "mix": 0.5 },
    { "name": "ride", "type": "path", "bones": ["rider"], "slot": "rail", "positionMode": "fixed", "spacingMode": "Length", "rotateMode": "chainScale", "rotation": 5, "position": 10, "spacing": 2, "mixRotate": 0.5, "mixX": 1, "mixY": 0.25 }
  ],
  "skins": {
    "armed": {
      "attachments": {
        "arm": { "arm": { "image": "parts/arm_armed.png" }, "sword": { "image": "sword.png", "rotation": 90 } }
      },
      "bones": ["prop"],
      "transform": ["follow"]
    },
    "default": {
      "tip": { "tip": { "type": "point", "x": 4, "y": 0, "rotation": 0, "color": "00FF00FF" } },
      "arm": { "arm": { "image": "arm.png", "y": -10, "color": "FFEEDDCC" } },
      "back": { "plate": { "image": "plate.png", "x": 90, "y": 50 } },
      "hit": {
        "box": { "type": "boundingbox", "vertexCount": 3, "vertices": [0, 0, 10, 0, 0, 10], "color": "ABCDEF01" },
        "weighted": { "type": "boundingbox", "vertexCount": 3, "weights": [
          [{ "bone": "hip", "x": 0, "y": 0, "weight": 1 }],
          [{ "bone": "arm", "x": 1, "y": 0, "weight": 0.25 }, { "bone": "target", "x": 2, "y": 0, "weight": 0.75 }],
          [{ "bone": "root", "x": 0, "y": 3, "weight": 1 }]
        ] },
        "raw": { "type": "boundingbox", "vertexCount": 3, "boneIndexing": "raw", "vertices": [1, 1, 0, 0, 1, 1, 2, 1, 0, 1, 2, 0, 0, 1, 0.5, 5, 0, 1, 0.5] }
      },
      "body": { "body": { "width": 40, "height": 60, "scaleX": 2, "path": "torso" } },
      "rail": {
        "loop": { "type": "path", "closed": true, "constantSpeed": false, "vertexCount": 6, "vertices": [-10, 0, 0, 0, 10, 0, 40, -10, 40, 0, 40, 10], "color": "FF6B3CFF" },
        "bound": { "type": "path", "vertexCount": 6, "weights": [
          [{ "bone": "hip", "x": 0, "y": 0, "weight": 1 }], [{ "bone": "hip", "x": 5, "y": 0, "weight": 1 }], [{ "bone": "hip", "x": 10, "y": 5, "weight": 1 }],
          [{ "bone": "root", "x": 20, "y": 5, "weight": 1 }], [{ "bone": "root", "x": 30, "y": 0, "weight": 1 }], [{ "bone": "root", "x": 35, "y": 0, "weight": 1 }]
        ] }
      }
    }
  },
  "events": {
    "step": {},
    "shout": { "int": 3, "float": 0.5, "string": "hey", "audio": "shout.ogg", "volume": 0.8, "balance": -0.5 }
  },
  "invariants": {
    "meshSlots": 0,
    "meshTriangles": 8,
    "axisBone": "arm",
    "massBone": "hip",
    "detached": [{ "bone": "target", "notUnder": "hip", "why": "the target stays on the ground" }],
    "consumerDrivenMix": [{ "constraint": "reach", "type": "ik", "why": "the game aims" }],
    "idleDrivesMeshes": { "why": "none yet" }
  }
}"#;

/// A small valid rig.
pub(crate) const BASE: &str = r#"{
  "spec": "rigc-rig/1",
  "name": "t",
  "skeleton": { "width": 100, "height": 80 },
  "bones": [
    { "name": "root" },
    { "name": "b", "parent": "root" }
  ],
  "slots": [
    { "name": "s", "bone": "b", "attachment": "p" }
  ],
  "skins": {
    "default": { "s": { "p": { "width": 10, "height": 10 } } }
  }
}"#;

/// `BASE` with each `(from, to)` applied in turn; every `from` must occur
/// exactly once in the text it is applied to.
pub(super) fn edit(pairs: &[(&str, &str)]) -> String {
    let mut text = BASE.to_string();
    for (from, to) in pairs {
        assert_eq!(
            text.matches(from).count(),
            1,
            "edit target {from:?} must occur once in:\n{text}"
        );
        text = text.replacen(from, to, 1);
    }
    text
}

/// A file of the reference set (`../shared/reference` beside the workspace
/// root; read at test time, never copied into the repository).
pub(crate) fn reference_text(path: &str) -> String {
    let p = format!(
        "{}/../../shared/reference/{path}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("cannot read {p}: {e}"))
}

/// Parses rig text.
pub(crate) fn parse_text(text: &str) -> Result<RigSpec, Vec<Diagnostic>> {
    let file = SourceFile::new("rig.json", "rig.json", text.to_string());
    let json = parse_json(&file).map_err(|d| vec![d])?;
    parse(&file, &json)
}

/// Parses rig text that must be valid.
pub(crate) fn ok(text: &str) -> RigSpec {
    match parse_text(text) {
        Ok(r) => r,
        Err(d) => panic!("expected a valid rig, got:\n{}", render(&d)),
    }
}

/// Parses rig text that must be refused.
pub(super) fn refused(text: &str) -> Vec<Diagnostic> {
    match parse_text(text) {
        Ok(_) => panic!("expected a refusal of:\n{text}"),
        Err(d) => d,
    }
}

/// The diagnostics as text, for failure messages.
pub(crate) fn render(d: &[Diagnostic]) -> String {
    d.iter()
        .map(rigc_diag::render_human)
        .collect::<Vec<_>>()
        .join("\n")
}

/// The 1-based line:column of `needle` (unique) in `text` — of the `|` in it,
/// when it has one — or of `@l:c`.
pub(crate) fn position(text: &str, needle: &str) -> (usize, usize) {
    if let Some(lc) = needle.strip_prefix('@') {
        let (l, c) = lc.split_once(':').expect("@line:col");
        return (l.parse().expect("line"), c.parse().expect("col"));
    }
    let (whole, offset) = match needle.split_once('|') {
        Some((a, b)) => (format!("{a}{b}"), a.len()),
        None => (needle.to_string(), 0),
    };
    assert_eq!(
        text.matches(&whole).count(),
        1,
        "needle {whole:?} must occur once in:\n{text}"
    );
    let at = text.find(&whole).expect("needle") + offset;
    let before = &text[..at];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().unwrap_or("").chars().count() + 1;
    (line, col)
}

/// Asserts one diagnostic's code, message, pointer and position.
pub(super) fn check(
    d: &Diagnostic,
    text: &str,
    code: &str,
    message: &str,
    pointer: &str,
    needle: &str,
) {
    assert_eq!(
        d.code,
        code,
        "code of:\n{}",
        render(std::slice::from_ref(d))
    );
    assert_eq!(d.message, message, "message of {code}");
    let loc = d.loc.as_ref().expect("located");
    assert_eq!(loc.pointer, pointer, "pointer of {code}");
    assert_eq!(
        loc.line_col(),
        position(text, needle),
        "line:column of {code}"
    );
    assert!(
        d.help.as_deref().is_some_and(|h| !h.is_empty()),
        "{code} has a fix"
    );
}

/// Asserts that `text` is refused with exactly one diagnostic, a compile error.
pub(super) fn refuses(text: &str, code: &str, message: &str, pointer: &str, needle: &str) {
    let d = refused(text);
    assert_eq!(d.len(), 1, "expected one diagnostic, got:\n{}", render(&d));
    assert_eq!(d[0].class, Class::Compile, "{code} is a compile error");
    check(&d[0], text, code, message, pointer, needle);
}

#[test]
fn rich_is_valid() {
    let r = ok(RICH);
    assert_eq!(r.skins.len(), 2);
    assert_eq!(r.constraints.len(), 6);
    assert_eq!(r.events.len(), 2);
    let refs: Vec<String> = r.image_refs().into_iter().map(|(v, _)| v).collect();
    assert_eq!(
        refs,
        ["parts/arm_armed.png", "sword.png", "arm.png", "plate.png"]
    );
    assert_eq!(r.skins[0].loc.pointer, "/skins/armed");
    assert_eq!(r.skins[1].slots[0].loc.pointer, "/skins/default/tip");
    assert_eq!(
        r.skins[1].slots[0].entries[0].loc.pointer,
        "/skins/default/tip/tip"
    );
    assert_eq!(r.events[1].loc.pointer, "/events/shout");
    let skin = r.bones[4].skin_loc.as_ref().map(|l| l.pointer.as_str());
    assert_eq!(skin, Some("/bones/4/skin"));
    assert_eq!(r.constraints[2].loc.pointer, "/constraints/2");
}

#[test]
fn base_is_valid() {
    let r = ok(BASE);
    assert_eq!(r.name(), "t");
    assert_eq!(r.name_loc().pointer, "/name");
    assert!(r.images_dir().is_none());
    assert!(r.image_refs().is_empty());
}

#[test]
fn not_an_object() {
    refuses(
        "[1]",
        "rig.not-an-object",
        "a rig spec must be a JSON object",
        "",
        "@1:1",
    );
}

#[test]
fn spec_version_wrong() {
    let t = edit(&[("\"rigc-rig/1\"", "\"rigc-rig/2\"")]);
    refuses(
        &t,
        "rig.spec-version",
        "unknown rig spec version \"rigc-rig/2\", expected \"rigc-rig/1\"",
        "/spec",
        "\"rigc-rig/2\"",
    );
}

#[test]
fn spec_version_absent() {
    let t = edit(&[("\"spec\": \"rigc-rig/1\",\n  ", "")]);
    refuses(
        &t,
        "rig.spec-version",
        "unknown rig spec version (absent), expected \"rigc-rig/1\"",
        "",
        "@1:1",
    );
}

#[test]
fn name_absent() {
    let t = edit(&[("\"name\": \"t\",\n  ", "")]);
    refuses(
        &t,
        "rig.name-missing",
        "a rig spec needs a \"name\" — a motion spec names it to pick this rig",
        "",
        "@1:1",
    );
}

#[test]
fn name_empty() {
    let t = edit(&[("\"name\": \"t\"", "\"name\": \"\"")]);
    refuses(
        &t,
        "rig.name-missing",
        "a rig spec needs a \"name\" — a motion spec names it to pick this rig",
        "/name",
        "\"\"",
    );
}

#[test]
fn unknown_root_key() {
    let t = edit(&[("\"name\": \"t\",", "\"name\": \"t\", \"invariant\": {},")]);
    refuses(
        &t,
        "spec.unknown-key",
        "unknown field \"invariant\" on the rig spec — did you mean \"invariants\"?",
        "/invariant",
        "\"invariant\"",
    );
}

#[test]
fn a_misspelt_required_key_is_one_refusal() {
    // `bones` misspelt: no "needs bones", and no slot echoing an undeclared bone.
    let t = edit(&[("\"bones\": [", "\"bnoes\": [")]);
    refuses(
        &t,
        "spec.unknown-key",
        "unknown field \"bnoes\" on the rig spec — did you mean \"bones\"?",
        "/bnoes",
        "\"bnoes\"",
    );
}

#[test]
fn a_misspelt_spec_key_is_one_refusal() {
    let t = edit(&[("\"spec\":", "\"spce\":")]);
    refuses(
        &t,
        "spec.unknown-key",
        "unknown field \"spce\" on the rig spec — did you mean \"spec\"?",
        "/spce",
        "\"spce\"",
    );
}

#[test]
fn note_not_a_string() {
    let t = edit(&[("\"name\": \"t\",", "\"name\": \"t\", \"note\": 5,")]);
    refuses(
        &t,
        "rig.field.not-a-string",
        "the rig spec: note is 5, which is not a string",
        "/note",
        "5,",
    );
}

#[test]
fn images_dir_as_written() {
    let t = edit(&[(
        "\"name\": \"t\",",
        "\"name\": \"t\", \"images\": \"parts\",",
    )]);
    let r = ok(&t);
    let (dir, loc) = r.images_dir().expect("images");
    assert_eq!(dir, "parts");
    assert_eq!(loc.pointer, "/images");
    let t = edit(&[("\"name\": \"t\",", "\"name\": \"t\", \"images\": [],")]);
    refuses(
        &t,
        "rig.field.not-a-string",
        "the rig spec: images is an array of 0, which is not a string",
        "/images",
        "[],",
    );
}

#[test]
fn json_syntax_is_located() {
    let d = refused("{\n  \"spec\": \"rigc-rig/1\",\n}");
    assert_eq!(d[0].code, "spec.json-syntax");
    assert_eq!(d[0].loc.as_ref().map(|l| l.line_col()), Some((3, 1)));
}

#[test]
fn image_refs_are_distinct_in_first_use_order() {
    let t = edit(&[
        (
            "\"slots\": [\n    { \"name\": \"s\", \"bone\": \"b\", \"attachment\": \"p\" }\n  ]",
            "\"slots\": [ { \"name\": \"s\", \"bone\": \"b\", \"attachment\": \"p\" }, { \"name\": \"u\", \"bone\": \"b\", \"attachment\": null } ]",
        ),
        (
            "\"default\": { \"s\": { \"p\": { \"width\": 10, \"height\": 10 } } }",
            "\"x\": { \"u\": { \"q\": { \"image\": \"b.png\" } }, \"s\": { \"p\": { \"image\": \"a.png\" }, \"p2\": { \"image\": \"b.png\" } } },\n    \"default\": { \"s\": { \"p\": { \"image\": \"c.png\" } } }",
        ),
    ]);
    let r = ok(&t);
    let refs: Vec<(String, String)> = r
        .image_refs()
        .into_iter()
        .map(|(v, l)| (v, l.pointer))
        .collect();
    assert_eq!(
        refs,
        vec![
            ("b.png".to_string(), "/skins/x/u/q/image".to_string()),
            ("a.png".to_string(), "/skins/x/s/p/image".to_string()),
            ("c.png".to_string(), "/skins/default/s/p/image".to_string()),
        ]
    );
}
