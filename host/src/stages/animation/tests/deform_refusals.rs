//! One test per compile refusal of a deform timeline (FORMAT.md §3.14,
//! §3.14.1): its code, its message, and where it points.

use super::deform::{compile, on};
use crate::spec::motion::tests::expect;

/// The line and column of `needle`'s `nth` occurrence in `deform` as
/// [`compile`] lays it out (line 5, after `"deform": `).
fn at(deform: &str, needle: &str, nth: usize) -> (usize, usize) {
    let mut from = 0;
    let mut i = 0;
    for _ in 0..=nth {
        i = from
            + deform[from..]
                .find(needle)
                .unwrap_or_else(|| panic!("{needle:?} not in {deform}"));
        from = i + needle.len();
    }
    (
        5,
        "\"deform\": ".chars().count() + deform[..i].chars().count() + 1,
    )
}

#[track_caller]
fn refused(deform: &str) -> Vec<rigc_diag::Diagnostic> {
    match compile(deform) {
        Ok(a) => panic!("accepted: {:?}", a.deform),
        Err(d) => d,
    }
}

const BOX: &str = "animation \"a\" deform default/box/box";

#[test]
fn unknown_skin_slot_and_attachment() {
    let t = r#"[{"skin": "winter", "slot": "box", "attachment": "box", "keys": [{"t": 1}]}]"#;
    expect(&refused(t), "motion.deform.unknown-skin", "animation \"a\" deform winter/box/box: this rig emits no skin called \"winter\" (it emits: default)", "/animations/a/deform/0/skin", at(t, "\"winter\"", 0));
    let t = r#"[{"slot": "bare", "attachment": "x", "keys": [{"t": 1}]}]"#;
    expect(&refused(t), "motion.deform.slot-empty", "animation \"a\" deform default/bare/x: skin \"default\" gives slot \"bare\" no attachments", "/animations/a/deform/0/slot", at(t, "\"bare\"", 0));
    let t = r#"[{"slot": "nowhere", "attachment": "x", "keys": [{"t": 1}]}]"#;
    expect(&refused(t), "motion.deform.slot-empty", "animation \"a\" deform default/nowhere/x: skin \"default\" gives slot \"nowhere\" no attachments, and this rig does not declare that slot at all", "/animations/a/deform/0/slot", at(t, "\"nowhere\"", 0));
    let t = r#"[{"slot": "box", "attachment": "bx", "keys": [{"t": 1}]}]"#;
    expect(&refused(t), "motion.deform.unknown-attachment", "animation \"a\" deform default/box/bx: slot \"box\" in skin \"default\" has no attachment \"bx\" (it has: box)", "/animations/a/deform/0/attachment", at(t, "\"bx\"", 0));
}

#[test]
fn a_region_has_no_vertices() {
    let t = r#"[{"slot": "lid_l", "attachment": "open", "keys": [{"t": 1}]}]"#;
    expect(&refused(t), "motion.deform.not-deformable", "animation \"a\" deform default/lid_l/open: a deform timeline keys the vertices of an attachment, and this one is a \"region\" — it has no vertex array to deform. Deformable types: mesh, boundingbox, clipping.", "/animations/a/deform/0/attachment", at(t, "\"open\"", 0));
}

#[test]
fn two_timelines_and_no_keys() {
    let t = r#"[{"slot": "box", "attachment": "box", "keys": [{"t": 1}]}, {"slot": "box", "attachment": "box", "keys": [{"t": 1}]}]"#;
    let d = refused(t);
    expect(
        &d,
        "motion.deform.duplicate",
        &format!("{BOX}: two deform timelines on one attachment; merge them into one"),
        "/animations/a/deform/1/attachment",
        at(t, "\"box\"", 3),
    );
    assert_eq!(d[0].related.len(), 1, "the first timeline is named");
    let t = r#"[{"slot": "box", "attachment": "box", "keys": []}]"#;
    expect(
        &refused(t),
        "motion.deform.no-keys",
        &format!("{BOX}: no keys"),
        "/animations/a/deform/0/keys",
        at(t, "[]", 0),
    );
}

#[test]
fn a_run_past_the_array() {
    let t = on(
        "box",
        r#"{"t": 0, "offset": 4, "vertices": [1, 2, 3, 4, 5, 6]}, {"t": 1}"#,
    );
    expect(&refused(&t), "motion.deform.overrun", &format!("{BOX} (t=0): the run starts at deform index 4 and is 6 long, which ends at 10; this attachment's deform array is 8 long (4 vertices). The parser copies into a Float32Array, so everything past the end is dropped without a word."), "/animations/a/deform/0/keys/0/vertices", at(&t, "[1, 2", 0));
    let t = on(
        "wbox",
        r#"{"t": 0, "offset": 2, "vertices": [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]}, {"t": 1}"#,
    );
    expect(&refused(&t), "motion.deform.overrun", "animation \"a\" deform default/wbox/wbox (t=0): the run starts at deform index 2 and is 10 long, which ends at 12; this attachment's deform array is 10 long (5 bone influences). The parser copies into a Float32Array, so everything past the end is dropped without a word.", "/animations/a/deform/0/keys/0/vertices", at(&t, "[1, 2", 0));
    let t = on(
        "box",
        r#"{"t": 0, "fromVertex": 3, "vertices": [1, 2, 3, 4]}, {"t": 1}"#,
    );
    expect(&refused(&t), "motion.deform.from-vertex-past", &format!("{BOX} (t=0): fromVertex 3 plus 2 vertex offset(s) runs to vertex 4, and the attachment has 4"), "/animations/a/deform/0/keys/0/fromVertex", at(&t, "3", 0));
}

#[test]
fn from_vertex_on_a_multi_bone_vertex() {
    let t = on(
        "wbox",
        r#"{"t": 0, "fromVertex": 0, "vertices": [1, 2, 3, 4]}, {"t": 1}"#,
    );
    expect(&refused(&t), "motion.deform.from-vertex-weighted", "animation \"a\" deform default/wbox/wbox (t=0): \"fromVertex\" counts VERTICES, and this attachment is weighted — its deform array holds one x, y pair per bone influence, and vertex 1 has 2 of them (vertex 0 starts at deform index 0).", "/animations/a/deform/0/keys/0/fromVertex", at(&t, "0", 1));
}

#[test]
fn transform_refusals_of_the_host() {
    let t = on(
        "head",
        r#"{"t": 0, "offset": 0, "transform": {"kind": "yaw", "radius": 170, "degrees": 12}}, {"t": 1}"#,
    );
    expect(&refused(&t), "motion.deform.transform-start", "animation \"a\" deform default/head/head (t=0): the key states a \"transform\" and a start index. A transform is a model of the whole attachment and is evaluated over all 25 of its vertices, so it always starts at deform index 0", "/animations/a/deform/0/keys/0/offset", at(&t, "0", 1));
    let t = on(
        "head",
        r#"{"t": 0, "transform": {"kind": "parallax", "depth": 3}}, {"t": 1}"#,
    );
    expect(&refused(&t), "motion.deform.kind-unknown", "animation \"a\" deform default/head/head (t=0): no plugin of this build provides the deform kind \"parallax\" (the kinds: yaw, pitch, affine, wave, bend)", "/animations/a/deform/0/keys/0/transform/kind", at(&t, "\"parallax\"", 0));
    let t = on(
        "head",
        r#"{"t": 0, "transform": {"kind": "yaw", "depth": true, "degrees": 12}}, {"t": 1}"#,
    );
    expect(&refused(&t), "motion.deform.depth-map", "animation \"a\" deform default/head/head (t=0): transform yaw states \"depth\": true, and default/head/head has no depth map — only a mesh whose generator names one carries a depth per vertex, and there is no fallback to a cylinder", "/animations/a/deform/0/keys/0/transform", at(&t, "{\"kind\"", 0));
}

#[test]
fn transform_refusals_of_the_kind() {
    // FIGURES.md, nod: pitch on portrait's grid is refused by its message.
    let t = on(
        "head",
        r#"{"t": 0, "transform": {"kind": "pitch", "radius": 170, "degrees": 12}}, {"t": 1}"#,
    );
    let d = refused(&t);
    // FIGURES.md quotes the message up to "which is 10 past it".
    expect(&d, "motion.deform.kind-refused", "animation \"a\" deform default/head/head (t=0): transform pitch has radius 170, and vertex 0 sits at y=180, which is 10 past it (180 from about=0): the cylinder has no surface there", "/animations/a/deform/0/keys/0/transform", at(&t, "{\"kind\"", 0));
    // FIGURES.md, nod: a wavelength of 80 on the ear's 40-px rows evaluates to nothing.
    let t = on(
        "ear",
        r#"{"t": 0, "transform": {"kind": "wave", "amplitude": 8, "wavelength": 80, "along": "y", "axis": "x"}}, {"t": 1}"#,
    );
    let d = refused(&t);
    let m = &d
        .iter()
        .find(|d| d.code == "motion.deform.kind-refused")
        .expect("refused")
        .message;
    assert!(
        m.contains("every one of this attachment's 22 vertices evaluates to an offset of 0"),
        "{m}"
    );
    // A reversing affine, and a transform over a vertex with two bones.
    let t = on(
        "box",
        r#"{"t": 0, "transform": {"kind": "affine", "scale": [-1, 1]}}, {"t": 1}"#,
    );
    let m = refused(&t).remove(0).message;
    assert!(
        m.starts_with(&format!(
            "{BOX} (t=0): transform affine has scale [-1, 1], whose determinant is -1"
        )),
        "{m}"
    );
    let t = on(
        "wbox",
        r#"{"t": 0, "transform": {"kind": "affine", "scale": [2, 2]}}, {"t": 1}"#,
    );
    let m = refused(&t).remove(0).message;
    assert!(m.contains("this attachment has no single space to evaluate it in — vertex 1 has 2 bone influences on it"), "{m}");
}

#[test]
fn key_times() {
    let t = on("box", r#"{"t": 0.5}, {"t": 0.5}, {"t": 1}"#);
    expect(
        &refused(&t),
        "motion.key.time-order",
        &format!("{BOX}: key times must strictly increase (at t=0.5)"),
        "/animations/a/deform/0/keys/1/t",
        at(&t, "0.5", 1),
    );
    let t = on("box", r#"{"t": 0}, {"t": 1.5}"#);
    let d = refused(&t);
    expect(&d, "motion.key.past-duration", &format!("{BOX}: key at 1.5s is 0.5s past the declared duration 1s — nothing that plays this animation for the duration it declares ever reaches it. Move the key to 1, or declare the duration you meant."), "/animations/a/deform/0/keys/1/t", at(&t, "1.5", 0));
    let t = on(
        "box",
        r#"{"t": 0, "vertices": [1, 1], "curve": [0, 0, 1]}, {"t": 1}"#,
    );
    expect(
        &refused(&t),
        "motion.key.curve-length",
        &format!("{BOX} (t=0): raw curve has 3 numbers, this timeline needs 1 channel(s) x 4 = 4"),
        "/animations/a/deform/0/keys/0/curve",
        at(&t, "[0, 0, 1]", 0),
    );
}
