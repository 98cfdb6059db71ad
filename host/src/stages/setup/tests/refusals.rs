//! Every refusal of the setup stage: code, message, pointer, line:column.

use super::{assembled, entries, fake, images, motion, one, refused, RICH_SETUP};
use crate::spec::rig::tests::{ok, parse_text, render, BASE, RICH};
use crate::spec::rig::{AttachmentKind, Geometry, RigSpec};
use crate::stages::setup::assemble;
use rigc_sdk::model::Attachment;
use std::collections::HashMap;

#[test]
fn no_stage_size() {
    let rig = ok(&BASE.replace("\"skeleton\": { \"width\": 100, \"height\": 80 },\n  ", ""));
    let (d, _) = refused(&rig, "{}", &HashMap::new());
    one(
        &d,
        "setup.no-stage-size",
        "no stage size: give the rig spec a `skeleton.width`/`skeleton.height` — this build reads no cut manifest whose `crop` could state them",
        "",
        "@1:1",
    );
}

/// BASE with the region replaced by `p` and further `(from, to)` edits.
fn base(p: &str) -> RigSpec {
    ok(&BASE.replace("{ \"width\": 10, \"height\": 10 }", p))
}

#[test]
fn stated_size_wins_over_measured() {
    let rig = base(r#"{ "image": "p.png", "width": 0 }"#);
    let s = assembled(&rig, "{}", &images(&rig, 64, 48, &[]));
    let (_, Attachment::Region(r)) = &s.skeleton.skins[0].attachments[0].entries[0] else {
        panic!("region")
    };
    assert_eq!((r.width, r.height, r.path.clone()), (0.0, 48.0, None));
}

#[test]
fn image_not_measured() {
    let rig = base(r#"{ "image": "p.png" }"#);
    let (d, _) = refused(&rig, "{}", &HashMap::new());
    one(
        &d,
        "setup.image-unmeasured",
        "image \"p.png\" was not measured: the build has no PNG for it",
        "/skins/default/s/p/image",
        "\"p.png\"",
    );
}

fn two_images(a: &str, b: &str) -> RigSpec {
    base(&format!(
        r#"{{ "image": "{a}" }}, "q": {{ "image": "{b}" }}"#
    ))
}

#[test]
fn duplicate_region_name() {
    let rig = two_images("a/x.png", "b/x.png");
    let mut imgs = HashMap::new();
    imgs.insert("a/x.png".to_string(), fake("/art/a/x.png", 5, 5));
    imgs.insert("b/x.png".to_string(), fake("/art/b/x.png", 5, 5));
    let (d, _) = refused(&rig, "{}", &imgs);
    one(
        &d,
        "setup.duplicate-region",
        "duplicate region name \"x\" (/art/b/x.png): /art/a/x.png and /art/b/x.png are two different files with one basename — one part, one page, one name",
        "/skins/default/s/q/image",
        "\"b/x.png\"",
    );
    assert_eq!(d[0].related[0].1.pointer, "/skins/default/s/p/image");
}

#[test]
fn one_file_two_spellings_is_one_part() {
    let rig = two_images("x.png", "./x.png");
    let mut imgs = HashMap::new();
    imgs.insert("x.png".to_string(), fake("/art/x.png", 5, 6));
    imgs.insert("./x.png".to_string(), fake("/art/x.png", 5, 6));
    let s = assembled(&rig, "{}", &imgs);
    assert_eq!(s.parts.len(), 1);
    let paths: Vec<Option<String>> = s.skeleton.skins[0].attachments[0]
        .entries
        .iter()
        .map(|(_, a)| match a {
            Attachment::Region(r) => r.path.clone(),
            _ => None,
        })
        .collect();
    assert_eq!(paths, [Some("x".to_string()), Some("x".to_string())]);
}

#[test]
fn setup_names_an_undeclared_slot() {
    let (d, _) = refused(
        &ok(BASE),
        r#"{ "z": { "attachment": null } }"#,
        &HashMap::new(),
    );
    one(
        &d,
        "setup.slot-undeclared",
        "the motion spec's setup names slot \"z\", which the rig \"t\" does not declare",
        "/setup/z",
        "{ \"attachment\": null }",
    );
}

/// BASE whose slot `s` states `extra` in place of `, "attachment": "p"`.
fn slot(extra: &str) -> RigSpec {
    ok(&BASE.replace(", \"attachment\": \"p\" }", &format!("{extra} }}")))
}

#[test]
fn setup_has_one_author() {
    let (d, _) = refused(
        &ok(BASE),
        r#"{ "s": { "color": [1, 1, 1, 1] } }"#,
        &HashMap::new(),
    );
    one(
        &d,
        "setup.two-authors",
        "slot \"s\" has a setup attachment in the rig spec AND in the motion spec; the setup pose has one author",
        "/setup/s",
        "{ \"color\"",
    );
    assert_eq!(d[0].related[0].1.pointer, "/slots/0/attachment");
}

#[test]
fn no_setup_pose() {
    let (d, _) = refused(&slot(", \"color\": \"ffffffff\""), "{}", &HashMap::new());
    one(
        &d,
        "setup.no-setup-pose",
        "no setup pose for slot \"s\": give the motion spec a `setup` entry or the rig slot an `attachment` — the compiler will not guess one",
        "/slots/0",
        "{ \"name\": \"s\"",
    );
}

#[test]
fn setup_attachment_from_the_motion_spec() {
    let s = assembled(
        &slot(", \"color\": \"FFFFFF00\""),
        r#"{ "s": { "attachment": "p" } }"#,
        &HashMap::new(),
    );
    assert_eq!(
        (
            s.skeleton.slots[0].attachment.as_deref(),
            s.skeleton.slots[0].color.as_deref()
        ),
        (Some("p"), Some("ffffff00"))
    );
    let s = assembled(&slot(""), r#"{ "s": {} }"#, &HashMap::new());
    assert_eq!(
        s.skeleton.slots[0].attachment, None,
        "an absent setup attachment means null"
    );
}

#[test]
fn setup_attachment_unknown() {
    let (d, _) = refused(
        &slot(""),
        r#"{ "s": { "attachment": "pp" } }"#,
        &HashMap::new(),
    );
    one(
        &d,
        "setup.attachment-unknown",
        "setup attachment \"pp\" for slot \"s\" is not one of [p]",
        "/setup/s/attachment",
        "\"pp\"",
    );
    assert!(d[0]
        .help
        .as_deref()
        .unwrap_or("")
        .contains("did you mean \"p\"?"));
    let rig = ok(&BASE.replace("\"attachment\": \"p\" }", "\"attachment\": \"q\" }"));
    let (d, _) = refused(&rig, "{}", &HashMap::new());
    one(
        &d,
        "setup.attachment-unknown",
        "setup attachment \"q\" for slot \"s\" is not one of [p]",
        "/slots/0/attachment",
        "\"q\"",
    );
}

#[test]
fn setup_attachment_on_an_unfilled_slot() {
    let rig = ok(&BASE.replace(
        "\"default\": { \"s\": { \"p\": { \"width\": 10, \"height\": 10 } } }",
        "\"default\": {}",
    ));
    let (d, _) = refused(&rig, "{}", &HashMap::new());
    one(
        &d,
        "setup.attachment-unknown",
        "setup attachment \"p\" for slot \"s\" is not one of [] — no skin gives that slot an attachment, so its setup attachment can only be null",
        "/slots/0/attachment",
        "\"p\" }\n",
    );
}

#[test]
fn setup_colour_has_one_author() {
    let (d, _) = refused(
        &slot(", \"color\": \"ffffffff\""),
        r#"{ "s": { "attachment": "p", "color": [1, 0, 0, 1] } }"#,
        &HashMap::new(),
    );
    one(
        &d,
        "setup.two-colour-authors",
        "slot \"s\" has a setup colour in the rig spec AND in the motion spec",
        "/setup/s/color",
        "[1, 0, 0, 1]",
    );
    assert_eq!(d[0].related[0].1.pointer, "/slots/0/color");
}

#[test]
fn hand_built_specs_are_refused_not_panicked() {
    // A RigSpec built by hand (not by `parse`) may hold what parse refuses.
    let mut rig = ok(BASE);
    if let AttachmentKind::Region(r) = &mut rig.skins[0].slots[0].entries[0].kind {
        r.width = None;
    }
    let (d, _) = refused(&rig, "{}", &HashMap::new());
    assert_eq!(d[0].code, "setup.region-size");
    let mut rig = ok(RICH);
    for e in &mut rig.skins[1].slots[3].entries {
        if let AttachmentKind::BoundingBox(b) = &mut e.kind {
            if let Geometry::ByName(v) = &mut b.geometry {
                v[0][0].bone = "nobody".into();
            }
        }
    }
    let imgs = images(&rig, 1, 1, &[]);
    let m = motion(RICH_SETUP);
    let d = assemble(&rig, &entries(&m), &imgs).expect_err("refused");
    assert_eq!(d[0].code, "setup.bone-unresolved", "{}", render(&d));
    assert!(parse_text("{}").is_err());
}
