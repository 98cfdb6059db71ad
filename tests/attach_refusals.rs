//! The refusals of clipping attachments, linked meshes and sequences
//! (FORMAT.md §2.7.6–§2.7.8) and of a deform key on a link: one test per
//! class, each breaking one thing about `attach`'s rig — its code, message,
//! place (computed here from the text), exit 1, nothing written.

use crate::attach::{project, MOTION, RIG};
use crate::refusals::{json_refusal, pos, refused, Expect};
use crate::util::Project;

/// Refused: `message` with `code`, at `needle` (+`skip`) in `rig`, pointer
/// `pointer`; exit 1; nothing written.
fn refuses(
    p: &Project,
    file: &str,
    text: &str,
    code: &str,
    message: &str,
    pointer: &str,
    needle: &str,
) {
    let args = [
        "build",
        "--rig",
        "rig.json",
        "--motion",
        "motion.json",
        "--out",
        "out",
    ];
    let d = json_refusal(p, &args, message);
    assert_eq!(d["code"], code, "{d}");
    refused(
        p,
        Expect {
            file,
            message,
            pointer,
            at: pos(text, needle, 0),
        },
    );
}

fn refuses_rig(edit: (&str, &str), code: &str, message: &str, pointer: &str, needle: &str) {
    assert!(RIG.contains(edit.0), "{:?} not in the rig", edit.0);
    let rig = RIG.replacen(edit.0, edit.1, 1);
    let p = project(&rig, MOTION);
    refuses(&p, "rig.json", &rig, code, message, pointer, needle);
}

const CLIP: &str = "skin \"default\" slot \"clip\" attachment \"clip\"";
const TWIN: &str = "skin \"default\" slot \"twin\" attachment \"twin\"";
const FLASH: &str = "skin \"default\" slot \"flash\" attachment \"flash\"";
const AT_TWIN: &str = "/skins/default/twin/twin";
const AT_FLASH: &str = "/skins/default/flash/flash";

#[test]
fn a_clipping_end_naming_no_slot_is_refused() {
    refuses_rig(
        ("\"end\": \"twin\"", "\"end\": \"twins\""),
        "rig.clipping.end-unknown",
        &format!("{CLIP}: end names slot \"twins\", which this rig does not declare; a miss loads as null and the clip then runs to the bottom of the draw order — did you mean \"twin\"?"),
        "/skins/default/clip/clip/end",
        "\"twins\"",
    );
}

#[test]
fn geometry_on_a_link_is_refused_by_name() {
    refuses_rig(
        ("\"source\": \"body\",", "\"source\": \"body\", \"uvs\": [0, 1],"),
        "rig.linked.geometry",
        &format!("{TWIN}: a linked mesh states \"uvs\", and the runtime never reads it — a link takes its bones, vertices, uvs, triangles, hull and edges from its source \"body\""),
        &format!("{AT_TWIN}/uvs"),
        "[0, 1],",
    );
}

#[test]
fn a_link_without_a_source_is_refused() {
    refuses_rig(
        ("\"source\": \"body\", ", ""),
        "rig.linked.source-missing",
        &format!("{TWIN}: a linked mesh needs a \"source\" — the placeholder of the mesh whose geometry it shares"),
        AT_TWIN,
        "{ \"type\": \"linkedmesh\"",
    );
}

#[test]
fn a_link_to_no_attachment_is_refused() {
    refuses_rig(
        ("\"source\": \"body\"", "\"source\": \"bod\""),
        "rig.linked.source-unknown",
        &format!("{TWIN}: source \"bod\" is not an attachment of slot \"body\" in skin \"default\" (it has: body); the loader throws on a source it cannot find"),
        &format!("{AT_TWIN}/source"),
        "\"bod\"",
    );
}

#[test]
fn a_link_to_a_non_mesh_is_refused() {
    refuses_rig(
        ("\"source\": \"body\", \"slot\": \"body\"", "\"source\": \"clip\", \"slot\": \"clip\""),
        "rig.linked.source-not-a-mesh",
        &format!("{TWIN}: source \"clip\" in slot \"clip\" of skin \"default\" is a clipping attachment; a link shares the geometry of a mesh that has its own uvs, triangles and vertices"),
        &format!("{AT_TWIN}/source"),
        "\"clip\", \"slot\": \"clip\"",
    );
}

#[test]
fn a_sequence_without_a_count_is_refused() {
    refuses_rig(
        ("\"count\": 3, ", ""),
        "rig.sequence.count",
        &format!("{FLASH}: a sequence needs a \"count\" — the parser reads an absent one as 0, and a series of no frames draws nothing"),
        &format!("{AT_FLASH}/sequence"),
        "{ \"digits\": 2",
    );
}

#[test]
fn a_fractional_sequence_number_is_refused() {
    refuses_rig(
        ("\"digits\": 2", "\"digits\": 1.5"),
        "rig.sequence.not-whole",
        &format!("{FLASH}: sequence digits is 1.5; it is a whole number ≥ 0"),
        &format!("{AT_FLASH}/sequence/digits"),
        "1.5",
    );
}

#[test]
fn a_sequence_past_the_bound_is_refused() {
    refuses_rig(
        ("\"count\": 3", "\"count\": 5000"),
        "rig.sequence.too-large",
        &format!("{FLASH}: count is 5000; rigc reads at most 4096 frames per series, each a PNG and a page of its own"),
        &format!("{AT_FLASH}/sequence/count"),
        "5000",
    );
}

#[test]
fn a_rig_past_the_bound_on_all_its_frames_is_refused() {
    // flash's 3 frames and three series of 4096 stay under the rig's bound of
    // 16384; a fourth series ("d") passes it.
    let big = |p: &str| {
        format!("\"{p}\": {{ \"sequence\": {{ \"count\": 4096 }}, \"width\": 1, \"height\": 1 }}")
    };
    let series: Vec<String> = ["a", "b", "c", "d", "e"].iter().map(|p| big(p)).collect();
    refuses_rig(
        ("\"x\": 5 } },", &format!("\"x\": 5 }}, {} }},", series.join(", "))),
        "rig.sequence.too-large",
        "this sequence takes the rig's frames to 16387; rigc reads at most 16384 sequence frames per rig, each a PNG and a page of its own",
        "/skins/default/flash/d/sequence",
        "{ \"count\": 4096 }, \"width\": 1, \"height\": 1 }, \"e\"",
    );
}

#[test]
fn a_setup_frame_past_the_end_is_refused() {
    refuses_rig(
        ("\"setup\": 1", "\"setup\": 3"),
        "rig.sequence.setup-out-of-range",
        &format!("{FLASH}: setup is 3 and the series has 3 frame(s), numbered from 0 — the runtime clamps it to the last frame, which is not what the file says"),
        &format!("{AT_FLASH}/sequence/setup"),
        "3 }, \"x\"",
    );
}

#[test]
fn an_image_beside_a_sequence_is_refused() {
    refuses_rig(
        ("\"x\": 5 }", "\"x\": 5, \"image\": \"body.png\" }"),
        "rig.sequence.with-image",
        &format!("{FLASH}: \"image\" beside a \"sequence\" — a series draws its frames, each a PNG of its own named after the attachment's path or placeholder, so one image has no place in it"),
        &format!("{AT_FLASH}/image"),
        "\"body.png\" }",
    );
}

#[test]
fn a_generator_beside_a_sequence_is_refused() {
    refuses_rig(
        ("\"sequence\": { \"count\": 2, \"start\": 0 }", "\"sequence\": { \"count\": 2, \"start\": 0 }, \"generator\": { \"kind\": \"grid\" }"),
        "rig.sequence.with-generator",
        "skin \"default\" slot \"wave\" attachment \"wave\": \"generator\" beside a \"sequence\" — a generator builds a mesh off one part's pixels, and a series has a PNG per frame",
        "/skins/default/wave/wave/generator",
        "{ \"kind\": \"grid\" }",
    );
}

#[test]
fn a_sequence_that_is_not_an_object_is_refused() {
    refuses_rig(
        ("{ \"count\": 3, \"digits\": 2, \"setup\": 1 }", "3"),
        "rig.sequence.not-an-object",
        &format!("{FLASH}: \"sequence\" is 3; it is an object {{ \"count\": N, \"start\"?, \"digits\"?, \"setup\"? }}"),
        &format!("{AT_FLASH}/sequence"),
        "3, \"x\"",
    );
}

#[test]
fn a_sequence_stem_with_a_directory_is_refused() {
    refuses_rig(
        ("\"x\": 5 }", "\"x\": 5, \"path\": \"fx/flash\" }"),
        "rig.sequence.stem-has-directory",
        &format!(
            "{FLASH}: the series' frames are named \"fx/flash\"<number>, which holds a directory"
        ),
        &format!("{AT_FLASH}/path"),
        "\"fx/flash\"",
    );
}

#[test]
fn a_missing_frame_is_refused_by_name() {
    let p = project(RIG, MOTION);
    std::fs::remove_file(p.path().join("parts/flash03.png")).expect("rm");
    let missing = p.path().join("parts/flash03.png");
    let message = format!(
        "sequence frame \"flash03.png\" is not on disk at {} — every frame of a series is a PNG of its own, named <path or placeholder><number>.png",
        std::fs::canonicalize(p.path()).expect("canon").join("parts/flash03.png").display()
    );
    let _ = missing;
    refuses(
        &p,
        "rig.json",
        RIG,
        "image.sequence-frame-missing",
        &message,
        &format!("{AT_FLASH}/sequence"),
        "{ \"count\": 3",
    );
}

#[test]
fn a_deform_keyed_on_a_link_is_refused() {
    let motion = MOTION.replace(
        "      ]\n    }\n  }",
        "      ],\n      \"deform\": [ { \"slot\": \"twin\", \"attachment\": \"twin\", \"keys\": [ { \"t\": 0, \"vertices\": [1, 1] } ] } ]\n    }\n  }",
    );
    assert_ne!(motion, MOTION);
    let p = project(RIG, &motion);
    refuses(
        &p,
        "motion.json",
        &motion,
        "motion.deform.linked-mesh",
        "animation \"sway\" deform default/twin/twin: a deform timeline keys the linked mesh \"twin\", and the runtime never plays it — a link with \"timelines\" (the default) plays its source \"body\"'s deform keys, so a timeline on the link matches nothing",
        "/animations/sway/deform/0/attachment",
        "\"twin\", \"keys\"",
    );
}

#[test]
fn a_link_s_own_deform_past_its_source_s_array_is_refused() {
    // The source "body" has 4 vertices (the link states none of its own): a
    // run of 2 vertices from vertex 3 runs to vertex 4.
    let motion = MOTION.replace(
        "      ]\n    }\n  }",
        "      ],\n      \"deform\": [ { \"slot\": \"twin\", \"attachment\": \"twin\", \"keys\": [ { \"t\": 0, \"fromVertex\": 3, \"vertices\": [1, 1, 1, 1] } ] } ]\n    }\n  }",
    );
    assert_ne!(motion, MOTION);
    let rig = RIG.replacen(
        "\"source\": \"body\",",
        "\"source\": \"body\", \"timelines\": false,",
        1,
    );
    let p = project(&rig, &motion);
    refuses(
        &p,
        "motion.json",
        &motion,
        "motion.deform.from-vertex-past",
        "animation \"sway\" deform default/twin/twin (t=0): fromVertex 3 plus 2 vertex offset(s) runs to vertex 4, and the attachment has 4",
        "/animations/sway/deform/0/keys/0/fromVertex",
        "3, \"vertices\"",
    );
}

#[test]
fn a_sequence_timeline_cannot_be_written_in_the_motion_spec() {
    // FORMAT.md §3.16: there is no motion-spec property for sequence keys.
    let bone_track = "{ \"t\": 1, \"v\": [10] } ] }\n";
    assert!(MOTION.contains(bone_track));
    let motion = MOTION.replacen(
        bone_track,
        "{ \"t\": 1, \"v\": [10] } ] },\n        { \"slot\": \"flash\", \"property\": \"sequence\", \"keys\": [ { \"t\": 0, \"v\": [0] } ] }\n",
        1,
    );
    assert!(motion.contains("\"property\": \"sequence\""), "{motion}");
    let p = project(RIG, &motion);
    refuses(
        &p,
        "motion.json",
        &motion,
        "motion.track.unknown-property",
        "animation \"sway\": slot \"flash\" has no property \"sequence\"",
        "/animations/sway/tracks/1/property",
        "\"sequence\"",
    );
}
