//! A mutation fuzz: every value of a valid rig is deleted or swapped for a value
//! of another JSON type, one at a time, and `parse` (then `assemble`, when the
//! mutant still parses) must answer without panicking.

use crate::spec::rig::tests::{parse_text, reference_text, RICH};
use crate::spec::setup_entry::SetupEntry;
use crate::stages::measure::ImageInfo;
use crate::stages::setup::assemble;
use rigc_diag::cursor::Node;
use rigc_sdk::png_image::PngHeader;
use serde_json::{json, Value};
use std::collections::HashMap;

/// The values a mutated member is swapped for.
fn replacements() -> Vec<Value> {
    vec![
        Value::Null,
        json!(true),
        json!(-1.5),
        json!(0),
        json!(3),
        json!(""),
        json!("x"),
        json!("root"),
        json!([]),
        json!({}),
        json!([1, "a", null]),
        json!({ "name": "x", "type": "ik" }),
    ]
}

/// Every path (object keys and array indexes) in `v`.
fn paths(v: &Value, prefix: &mut Vec<Step>, out: &mut Vec<Vec<Step>>) {
    match v {
        Value::Object(m) => {
            for (k, c) in m {
                prefix.push(Step::Key(k.clone()));
                out.push(prefix.clone());
                paths(c, prefix, out);
                prefix.pop();
            }
        }
        Value::Array(a) => {
            for (i, c) in a.iter().enumerate() {
                prefix.push(Step::Index(i));
                out.push(prefix.clone());
                paths(c, prefix, out);
                prefix.pop();
            }
        }
        _ => {}
    }
}

#[derive(Clone)]
enum Step {
    Key(String),
    Index(usize),
}

/// The parent of the value at `path`, and the last step.
fn parent<'a>(v: &'a mut Value, path: &[Step]) -> Option<(&'a mut Value, Step)> {
    let (last, init) = path.split_last()?;
    let mut cur = v;
    for s in init {
        cur = match s {
            Step::Key(k) => cur.get_mut(k.as_str())?,
            Step::Index(i) => cur.get_mut(*i)?,
        };
    }
    Some((cur, last.clone()))
}

/// Parses `text`; when it parses, assembles it with every image measured and a
/// setup table that exercises the setup-pose rules.
fn run(text: &str) {
    let Ok(rig) = parse_text(text) else { return };
    let header = PngHeader {
        width: 64,
        height: 32,
        color_type: 6,
        bit_depth: 8,
        has_trns: false,
    };
    let images: HashMap<String, ImageInfo> = rig
        .image_refs()
        .into_iter()
        .enumerate()
        .map(|(i, (v, _))| {
            let info = ImageInfo {
                path: format!("/art/{}/{v}", i % 2).into(),
                header,
            };
            (v, info)
        })
        .collect();
    let _ = assemble(&rig, &[], &images);
    let _ = assemble(&rig, &[], &HashMap::new());
    let motion = rigc_diag::source::SourceFile::new("m.json", "m.json", "{}".into());
    let json = rigc_diag::json::parse("{}").expect("json");
    let loc = Node::root(&json, &motion).loc();
    let setup: Vec<SetupEntry> = rig
        .slots
        .iter()
        .map(|s| SetupEntry {
            slot: s.name.clone(),
            loc: loc.clone(),
            attachment: Some(Some("p".into())),
            attachment_loc: None,
            color: Some([f64::NAN, -1.0, 2.0, 0.5]),
            color_loc: None,
        })
        .chain(std::iter::once(SetupEntry {
            slot: "nobody".into(),
            loc: loc.clone(),
            attachment: None,
            attachment_loc: None,
            color: None,
            color_loc: None,
        }))
        .collect();
    let _ = assemble(&rig, &setup, &images);
}

fn mutate_all(text: &str) -> usize {
    let doc: Value = serde_json::from_str(text).expect("valid json");
    let mut all = Vec::new();
    paths(&doc, &mut Vec::new(), &mut all);
    let mut n = 0;
    for path in &all {
        let mut deleted = doc.clone();
        if let Some((p, last)) = parent(&mut deleted, path) {
            match (p, last) {
                (Value::Object(m), Step::Key(k)) => {
                    m.remove(&k);
                }
                (Value::Array(a), Step::Index(i)) if i < a.len() => {
                    a.remove(i);
                }
                _ => {}
            }
        }
        run(&serde_json::to_string_pretty(&deleted).expect("text"));
        n += 1;
        for r in replacements() {
            let mut swapped = doc.clone();
            if let Some((p, last)) = parent(&mut swapped, path) {
                match (p, last) {
                    (Value::Object(m), Step::Key(k)) => {
                        m.insert(k, r);
                    }
                    (Value::Array(a), Step::Index(i)) => {
                        if let Some(slot) = a.get_mut(i) {
                            *slot = r;
                        }
                    }
                    _ => {}
                }
            }
            run(&serde_json::to_string_pretty(&swapped).expect("text"));
            n += 1;
        }
    }
    n
}

#[test]
fn mutants_of_rich_never_panic() {
    assert!(mutate_all(RICH) > 2000);
}

#[test]
fn mutants_of_the_reference_rigs_never_panic() {
    for path in [
        "rigc-gallery/walk/rig.json",
        "rigc-buoy/buoy.rig.json",
        "rigc-gallery/ride/rig.json",
    ] {
        assert!(mutate_all(&reference_text(path)) > 100, "{path}");
    }
}

/// A rig with one of each attachment kind of FORMAT.md §2.7.6–§2.7.8: a
/// clipping polygon, a mesh and a link to it, a region series and a mesh series.
const KINDS: &str = r#"{
  "spec": "rigc-rig/1", "name": "kinds", "skeleton": { "width": 10, "height": 10 },
  "bones": [ { "name": "root" } ],
  "slots": [ { "name": "c", "bone": "root", "attachment": "c" }, { "name": "m", "bone": "root", "attachment": "m" },
             { "name": "l", "bone": "root", "attachment": "l" }, { "name": "f", "bone": "root", "attachment": "f" } ],
  "skins": { "default": {
    "c": { "c": { "type": "clipping", "end": "l", "convex": true, "inverse": false, "vertexCount": 3, "vertices": [0, 0, 1, 0, 1, 1] } },
    "m": { "m": { "type": "mesh", "image": "m.png", "uvs": [0, 0, 1, 0, 1, 1], "triangles": [0, 1, 2], "vertices": [0, 0, 1, 0, 1, 1] },
           "s": { "type": "mesh", "uvs": [0, 0, 1, 0, 1, 1], "triangles": [0, 1, 2], "vertices": [0, 0, 1, 0, 1, 1], "sequence": { "count": 2, "start": 0 } } },
    "l": { "l": { "type": "linkedmesh", "source": "m", "slot": "m", "skin": "default", "timelines": false, "sequence": { "count": 2 } },
           "k": { "type": "mesh", "source": "m", "slot": "m", "image": "k.png" } },
    "f": { "f": { "path": "fx", "sequence": { "count": 3, "digits": 2, "setup": 2 }, "width": 4, "height": 4 } }
  } }
}"#;

#[test]
fn mutants_of_every_attachment_kind_never_panic() {
    assert!(parse_text(KINDS).is_ok(), "{:?}", parse_text(KINDS).err());
    assert!(mutate_all(KINDS) > 1000);
}

#[test]
fn truncations_never_panic() {
    for cut in 0..RICH.len() {
        if RICH.is_char_boundary(cut) {
            let _ = parse_text(&RICH[..cut]);
        }
    }
}
