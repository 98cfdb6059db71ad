//! One attachment: types, regions, points, and what is not compiled yet.

use super::{edit, ok, refuses};
use crate::spec::rig::AttachmentKind;

const P: &str = "{ \"width\": 10, \"height\": 10 }";
const W: &str = "skin \"default\" slot \"s\" attachment \"p\"";

fn att(a: &str) -> String {
    edit(&[(P, a)])
}

#[test]
fn region_fields_are_some_iff_declared() {
    let r = ok(&att(
        r#"{ "image": "parts/torso.png", "path": "t", "x": 0, "y": 1, "rotation": 90, "scaleX": -1, "scaleY": 2, "color": "AABBCCDD" }"#,
    ));
    let AttachmentKind::Region(g) = &r.skins[0].slots[0].entries[0].kind else {
        panic!("region")
    };
    assert_eq!(
        g.image
            .as_ref()
            .map(|i| (i.value.as_str(), i.loc.pointer.as_str())),
        Some(("parts/torso.png", "/skins/default/s/p/image"))
    );
    assert_eq!((g.width, g.height), (None, None));
    assert_eq!(g.path.as_deref(), Some("t"));
    assert_eq!(
        (g.x, g.y, g.rotation, g.scale_x, g.scale_y),
        (Some(0.0), Some(1.0), Some(90.0), Some(-1.0), Some(2.0))
    );
    assert_eq!(g.color.as_deref(), Some("aabbccdd"));
    let r = ok(&att(r#"{ "type": "region", "width": 0, "height": 3 }"#));
    let AttachmentKind::Region(g) = &r.skins[0].slots[0].entries[0].kind else {
        panic!("region")
    };
    assert_eq!(
        (g.width, g.height, g.x, g.path.clone(), g.image.is_none()),
        (Some(0.0), Some(3.0), None, None, true)
    );
}

#[test]
fn point_fields_are_some_iff_declared() {
    let r = ok(&att(
        r#"{ "type": "point", "x": 0, "rotation": 45, "color": "FF0000FF" }"#,
    ));
    let AttachmentKind::Point(p) = &r.skins[0].slots[0].entries[0].kind else {
        panic!("point")
    };
    assert_eq!(
        (p.x, p.y, p.rotation, p.color.as_deref()),
        (Some(0.0), None, Some(45.0), Some("ff0000ff"))
    );
}

#[test]
fn not_an_object() {
    refuses(&att("\"torso.png\""), "rig.attachment.not-an-object", &format!("{W}: an attachment is an object ({{ \"image\": \"<part>.png\" }} for a region), not the string \"torso.png\""), "/skins/default/s/p", "\"torso.png\"");
}

#[test]
fn type_not_a_string() {
    refuses(&att("{ \"type\": 1 }"), "rig.attachment.type-not-a-string", &format!("{W}: type is 1; it is one of region, mesh, linkedmesh, boundingbox, path, point, clipping (absent means region)"), "/skins/default/s/p/type", "1 }");
}

#[test]
fn type_unknown() {
    refuses(
        &att("{ \"type\": \"regoin\", \"width\": 1, \"height\": 1 }"),
        "rig.attachment.type-unknown",
        &format!("{W}: attachment type \"regoin\" is not one Spine 4.3 knows; the types are region, mesh, linkedmesh, boundingbox, path, point, clipping — did you mean \"region\"?"),
        "/skins/default/s/p/type",
        "\"regoin\"",
    );
}

#[test]
fn a_sequence_names_its_frames_as_the_runtime_looks_them_up() {
    // Spine's `Sequence.getPath`: stem + (start + i) zero-padded to `digits`;
    // start defaults to 1, digits to 0; the stem is `path`, else the placeholder.
    let r = ok(&att(
        r#"{ "width": 10, "height": 10, "sequence": { "count": 3 } }"#,
    ));
    let e = &r.skins[0].slots[0].entries[0];
    let q = e.sequence.as_ref().expect("the block");
    let frames: Vec<String> = q.frames().collect();
    assert_eq!(frames, ["p1.png", "p2.png", "p3.png"]);
    assert_eq!((q.count, q.start, q.digits, q.setup), (3, None, None, None));
    assert_eq!(q.loc.pointer, "/skins/default/s/p/sequence");
    let r = ok(&att(
        r#"{ "path": "fx", "width": 10, "height": 10, "sequence": { "count": 2, "start": 9, "digits": 3, "setup": 1 } }"#,
    ));
    let q = r.skins[0].slots[0].entries[0]
        .sequence
        .as_ref()
        .expect("the block");
    let frames: Vec<String> = q.frames().collect();
    assert_eq!(frames, ["fx009.png", "fx010.png"]);
    assert_eq!((q.start, q.digits, q.setup), (Some(9), Some(3), Some(1)));
    // The frames are the images the build reads, in first-use order.
    let refs: Vec<String> = r.image_refs().into_iter().map(|(v, _)| v).collect();
    assert_eq!(refs, ["fx009.png", "fx010.png"]);
}

#[test]
fn a_sequence_on_a_type_without_one_is_an_unknown_key() {
    refuses(
        &att(r#"{ "type": "point", "sequence": { "count": 2 } }"#),
        "spec.unknown-key",
        &format!(
            "unknown field \"sequence\" on point attachment ({W}); this compiler does not read it"
        ),
        "/skins/default/s/p/sequence",
        "\"sequence\"",
    );
}

#[test]
fn image_empty() {
    refuses(
        &att("{ \"image\": \"\" }"),
        "rig.attachment.image-empty",
        &format!("{W}: image is the empty string; it names a PNG"),
        "/skins/default/s/p/image",
        "\"\"",
    );
}

#[test]
fn image_not_a_string() {
    refuses(
        &att("{ \"image\": 3 }"),
        "rig.field.not-a-string",
        &format!("{W}: image is 3, which is not a string"),
        "/skins/default/s/p/image",
        "3 }",
    );
}

#[test]
fn region_without_size() {
    refuses(
        &att("{ \"width\": 10 }"),
        "rig.attachment.region-size",
        &format!("{W}: a region needs width and height — give them, or give an \"image\" and rigc will measure the PNG"),
        "/skins/default/s/p",
        "{ \"width\": 10 }",
    );
}

#[test]
fn region_misspelt_image_is_one_refusal() {
    refuses(
        &att("{ \"imgae\": \"torso.png\" }"),
        "spec.unknown-key",
        &format!("unknown field \"imgae\" on region attachment ({W}) — did you mean \"image\"?"),
        "/skins/default/s/p/imgae",
        "\"imgae\"",
    );
}

#[test]
fn region_color_invalid() {
    refuses(
        &att("{ \"width\": 1, \"height\": 1, \"color\": \"fff\" }"),
        "rig.field.bad-color",
        &format!("{W}: color is the string \"fff\"; a colour here is \"rrggbbaa\", 8 hex digits"),
        "/skins/default/s/p/color",
        "\"fff\"",
    );
}

#[test]
fn point_unknown_key() {
    refuses(
        &att("{ \"type\": \"point\", \"scaleX\": 2 }"),
        "spec.unknown-key",
        &format!(
            "unknown field \"scaleX\" on point attachment ({W}); this compiler does not read it"
        ),
        "/skins/default/s/p/scaleX",
        "\"scaleX\"",
    );
}

#[test]
fn point_number_field() {
    refuses(
        &att("{ \"type\": \"point\", \"rotation\": null }"),
        "rig.field.not-a-number",
        &format!("{W}: rotation is null, which is not a finite number"),
        "/skins/default/s/p/rotation",
        "null",
    );
}
