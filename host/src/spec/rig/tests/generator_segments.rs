//! The `segments` generator block (FORMAT.md §2.7.3 [cli-new]): its defaults
//! read, and its refusals with code, message, pointer and line:column.

use super::{edit, ok, refuses};
use crate::spec::rig::{AttachmentKind, GeneratorKind};

const P: &str = "{ \"width\": 10, \"height\": 10 }";
const W: &str = "skin \"default\" slot \"s\" attachment \"p\"";
const G: &str = "/skins/default/s/p/generator";

fn text(g: &str) -> String {
    edit(&[
        (
            P,
            &format!("{{ \"type\": \"mesh\", \"image\": \"p.png\", \"generator\": {g} }}"),
        ),
        (
            "  \"skins\": {",
            "  \"invariants\": { \"meshSlots\": 1 },\n  \"skins\": {",
        ),
    ])
}

#[test]
fn segments_defaults_are_read() {
    let r = ok(&text(
        r#"{ "kind": "segments", "bones": ["root"], "cell": 6 }"#,
    ));
    let AttachmentKind::Generated(m) = &r.skins[0].slots[0].entries[0].kind else {
        panic!("generated")
    };
    let GeneratorKind::Segments(p) = &m.generator.kind else {
        panic!("segments")
    };
    assert_eq!(m.generator.kind.name(), "segments");
    assert_eq!(p.bones, ["root"]);
    assert_eq!((p.lattice.cell, p.lattice.alpha), (6, 1));
    assert_eq!((p.falloff.max_bones, p.falloff.exponent), (4, 2.0));
    let r = ok(&text(
        r#"{ "kind": "segments", "bones": ["root"], "cell": 6, "alpha": 128, "maxBones": 2, "falloff": 3.5 }"#,
    ));
    let AttachmentKind::Generated(m) = &r.skins[0].slots[0].entries[0].kind else {
        panic!("generated")
    };
    let GeneratorKind::Segments(p) = &m.generator.kind else {
        panic!("segments")
    };
    assert_eq!(
        (p.lattice.alpha, p.falloff.max_bones, p.falloff.exponent),
        (128, 2, 3.5)
    );
}

#[test]
fn segments_refusals() {
    refuses(
        &text(r#"{ "kind": "segments", "bones": ["root", 3], "cell": 6 }"#),
        "rig.generator.segments",
        &format!("{W}: segments bones[1] is 3; it is a bone name"),
        &format!("{G}/bones/1"),
        "3]",
    );
    refuses(
        &text(r#"{ "kind": "segments", "bones": "root", "cell": 6 }"#),
        "rig.generator.segments",
        &format!(
            "{W}: segments bones is the string \"root\"; it is a non-empty array of bone names"
        ),
        &format!("{G}/bones"),
        "\"root\", \"cell\"",
    );
    refuses(
        &text(r#"{ "kind": "segments", "bones": ["rot"], "cell": 6 }"#),
        "rig.generator.segments",
        &format!("{W}: mesh bone \"rot\" is not in the rig's bone list"),
        &format!("{G}/bones/0"),
        "\"rot\"",
    );
    refuses(
        &text(r#"{ "kind": "segments", "bones": ["root"], "cell": 6, "falloff": 65 }"#),
        "rig.generator.segments",
        &format!("{W}: segments falloff is 65; it is the exponent p of the weight 1 / (d + 1)^p, a number above 0 and at most 64"),
        &format!("{G}/falloff"),
        "65",
    );
    refuses(
        &text(r#"{ "kind": "segments", "bones": ["root"], "cell": 6, "depth": {} }"#),
        "spec.unknown-key",
        &format!(
            "unknown field \"depth\" on segments generator ({W}); this compiler does not read it"
        ),
        &format!("{G}/depth"),
        "\"depth\"",
    );
}
