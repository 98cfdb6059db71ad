//! The `skeleton` header: the stage forms and the header fields.

use super::{edit, ok, refuses};
use crate::spec::rig::Stage;

const SK: &str = "\"skeleton\": { \"width\": 100, \"height\": 80 }";

fn header(h: &str) -> String {
    edit(&[(SK, &format!("\"skeleton\": {h}"))])
}

#[test]
fn declared_fields_are_kept() {
    let r = ok(&header(
        r#"{ "x": 0, "y": -5, "width": 100, "height": 80, "fps": 24, "referenceScale": 100, "images": "./parts/", "audio": "sfx" }"#,
    ));
    assert_eq!(
        r.header.stage,
        Stage::Declared {
            x: Some(0.0),
            y: Some(-5.0),
            width: 100.0,
            height: 80.0
        }
    );
    assert_eq!(r.header.fps, Some(24.0));
    assert_eq!(r.header.reference_scale, Some(100.0));
    assert_eq!(r.header.images.as_deref(), Some("./parts/"));
    assert_eq!(r.header.audio, Some(Some("sfx".into())));
}

#[test]
fn undeclared_fields_stay_none() {
    let r = ok(&header(r#"{ "width": 100, "height": 80, "audio": null }"#));
    assert_eq!(
        r.header.stage,
        Stage::Declared {
            x: None,
            y: None,
            width: 100.0,
            height: 80.0
        }
    );
    assert_eq!(
        (
            r.header.fps,
            r.header.reference_scale,
            r.header.images.clone()
        ),
        (None, None, None)
    );
    assert_eq!(r.header.audio, Some(None));
}

#[test]
fn no_stage_forms() {
    assert_eq!(
        ok(&header(r#"{ "width": null, "height": null }"#))
            .header
            .stage,
        Stage::None
    );
    assert_eq!(
        ok(&edit(&[(&format!("{SK},\n  "), "")])).header.stage,
        Stage::Missing
    );
    assert_eq!(ok(&header("{}")).header.stage, Stage::Missing);
}

#[test]
fn not_an_object() {
    refuses(
        &header("[100, 80]"),
        "rig.skeleton.not-an-object",
        "\"skeleton\" is an array of 2; it is the header object, { \"width\": …, \"height\": … }",
        "/skeleton",
        "[100, 80]",
    );
}

#[test]
fn half_null_stage() {
    refuses(
        &header(r#"{ "width": null, "height": 80 }"#),
        "rig.skeleton.half-null-stage",
        "\"skeleton\" has width: null but height is not null; \"width\": null, \"height\": null together say \"this rig declares no stage\", and one null beside a size says neither",
        "/skeleton/width",
        "null",
    );
}

#[test]
fn origin_without_stage() {
    refuses(
        &header(r#"{ "x": 3, "width": null, "height": null }"#),
        "rig.skeleton.origin-without-stage",
        "\"skeleton\" declares x beside \"width\": null, \"height\": null; a rig that declares no stage has no stage origin either",
        "/skeleton/x",
        "3,",
    );
}

#[test]
fn stage_not_positive() {
    refuses(
        &header(r#"{ "width": 100, "height": -8 }"#),
        "rig.skeleton.stage-not-positive",
        "\"skeleton\" has height -8; a stage is a positive size",
        "/skeleton/height",
        "-8",
    );
}

#[test]
fn half_stage() {
    refuses(
        &header(r#"{ "width": 100 }"#),
        "rig.skeleton.half-stage",
        "\"skeleton\" declares width but no height; a stage is both, or neither",
        "/skeleton",
        "{ \"width\": 100 }",
    );
}

#[test]
fn misspelt_height_is_one_refusal() {
    refuses(
        &header(r#"{ "width": 100, "hieght": 80 }"#),
        "spec.unknown-key",
        "unknown field \"hieght\" on \"skeleton\" — did you mean \"height\"?",
        "/skeleton/hieght",
        "\"hieght\"",
    );
}

#[test]
fn fps_not_a_number() {
    refuses(
        &header(r#"{ "width": 100, "height": 80, "fps": "30" }"#),
        "rig.field.not-a-number",
        "\"skeleton\": fps is the string \"30\", which is not a finite number",
        "/skeleton/fps",
        "\"30\"",
    );
}

#[test]
fn width_not_a_number() {
    refuses(
        &header(r#"{ "width": true, "height": 80 }"#),
        "rig.field.not-a-number",
        "\"skeleton\": width is true, which is not a finite number",
        "/skeleton/width",
        "true",
    );
}

#[test]
fn audio_not_a_string() {
    refuses(
        &header(r#"{ "width": 100, "height": 80, "audio": 7 }"#),
        "rig.field.not-a-string",
        "\"skeleton\": audio is 7, which is not a string",
        "/skeleton/audio",
        "7 }",
    );
}
