//! Generated meshes under `build --atlas-in` (FORMAT.md §1.2.2, §2.7.3): the
//! tiny rig with a contour mesh (an off-centre ellipse part) and a grid mesh,
//! built loose, then `--pack`ed, then rebuilt against that atlas and against a
//! hand-trimmed one: the same MESH lines and the same skeleton.json as the
//! loose build, green, spine-core loads it; and each refusal of a region whose
//! pixels cannot be lifted (rotated, on a scaled page, texels outside their
//! original window): message, place, exit 1, nothing written.

use crate::fixture;
use crate::refusals::pos;
use crate::util::{self, Project};
use rigc_sdk::png_image::encode_rgba;
use serde_json::Value;

const CONTOUR: &str = "{ \"kind\": \"contour\", \"tolerance\": 1 }";
const GRID: &str = "{ \"kind\": \"grid\", \"cols\": 2, \"rows\": 2 }";

/// The body part: 30×40, opaque inside an ellipse centred at (14, 13) with
/// semi-axes 11 and 9, transparent elsewhere (so it is trimmed on every side,
/// more at the bottom than the top).
fn body_px() -> Vec<u8> {
    let mut px = Vec::new();
    for y in 0..40 {
        for x in 0..30 {
            let (dx, dy) = ((f64::from(x) - 14.0) / 11.0, (f64::from(y) - 13.0) / 9.0);
            let a = if dx * dx + dy * dy <= 1.0 { 255 } else { 0 };
            px.extend_from_slice(&[90, 160, 30, a]);
        }
    }
    px
}

/// The tiny rig with body a contour mesh and head a grid mesh.
fn generated() -> (Project, String) {
    let p = Project::new();
    fixture::tiny(&p);
    p.write("parts/body.png", encode_rgba(30, 40, &body_px()));
    let rig = fixture::RIG
        .replace(
            "\"body\": { \"body\": { \"image\": \"body.png\", \"y\": 20 } }",
            &format!("\"body\": {{ \"body\": {{ \"type\": \"mesh\", \"image\": \"body.png\", \"generator\": {CONTOUR} }} }}"),
        )
        .replace(
            "\"head\": { \"head\": { \"image\": \"head.png\" } }",
            &format!("\"head\": {{ \"head\": {{ \"type\": \"mesh\", \"image\": \"head.png\", \"generator\": {GRID} }} }}"),
        )
        .replacen("  \"skins\": {", "  \"invariants\": { \"meshSlots\": 2 },\n  \"skins\": {", 1);
    p.write("rig.json", &rig);
    (p, rig)
}

/// Every MESH line of a build's report, with the lines it continues onto.
fn mesh_lines(stdout: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut open = false;
    for l in stdout.lines() {
        if l.starts_with("  MESH  ") {
            out.push(l.to_string());
            open = true;
        } else if open && l.starts_with("        ") {
            if let Some(last) = out.last_mut() {
                last.push('\n');
                last.push_str(l);
            }
        } else {
            open = false;
        }
    }
    out
}

/// The loose build's MESH lines and skeleton.json; it holds both meshes.
fn loose(p: &Project) -> (Vec<String>, String) {
    let run = p.rigc(&fixture::args("loose", &[]));
    run.green()
        .stdout_has("MESH  body         contour")
        .stdout_has("MESH  head         grid");
    let meshes = mesh_lines(&run.stdout);
    assert_eq!(meshes.len(), 2, "{}", run.dump());
    let text = p.read("loose/skeleton.json");
    let k: Value = serde_json::from_str(&text).expect("skeleton.json");
    for slot in ["body", "head"] {
        let m = &k["skins"][0]["attachments"][slot][slot];
        assert_eq!(m["type"], "mesh", "{slot}: {m}");
        let tris = m["triangles"].as_array().map_or(0, Vec::len);
        assert!(tris >= 3, "{slot} has no triangles: {m}");
    }
    (meshes, text)
}

/// Builds against `atlas` into `out`; green, the loose MESH lines and
/// skeleton.json, and spine-core loads and poses it.
fn same_as_loose(p: &Project, atlas: &str, loose: &(Vec<String>, String)) {
    let run = p.rigc(&fixture::args(
        "out",
        &["--atlas-in", atlas, "--profile", "spine-html"],
    ));
    run.green();
    assert_eq!(mesh_lines(&run.stdout), loose.0, "{}", run.dump());
    assert_eq!(p.read("out/skeleton.json"), loose.1);
    util::spine_core_loads_and_poses(&p.path().join("out/skeleton.json"), &|| {
        format!(" (generated meshes --atlas-in {atlas})")
    });
}

#[test]
fn generated_meshes_off_a_packed_atlas_are_the_loose_ones() {
    let (p, _) = generated();
    let reference = loose(&p);
    let packed = p.rigc(&fixture::args("packed", &["--pack"]));
    packed.green();
    assert_eq!(mesh_lines(&packed.stdout), reference.0);
    same_as_loose(&p, "packed/skeleton.atlas", &reference);
}

/// A hand-trimmed atlas: body's opaque box alone on the page at 3,5, its
/// `offsets:` the whitespace stripped at the left and at the bottom (Spine's
/// convention); head untrimmed at 40,0. The contour lifted off it is the loose
/// one only if the texels land back where they were drawn.
#[test]
fn generated_meshes_off_a_trimmed_atlas_are_the_loose_ones() {
    let (p, _) = generated();
    let reference = loose(&p);
    let body = body_px();
    let opaque = |x: u32, y: u32| body[((y * 30 + x) * 4 + 3) as usize] > 0;
    let xs: Vec<u32> = (0..30).filter(|&x| (0..40).any(|y| opaque(x, y))).collect();
    let ys: Vec<u32> = (0..40).filter(|&y| (0..30).any(|x| opaque(x, y))).collect();
    let (x0, x1, y0, y1) = (xs[0], xs[xs.len() - 1], ys[0], ys[ys.len() - 1]);
    let (bw, bh) = (x1 - x0 + 1, y1 - y0 + 1);
    let bottom = 40 - 1 - y1;
    assert!(
        x0 > 0 && bottom > y0,
        "the ellipse is trimmed more below than above"
    );
    let mut page = vec![0u8; 64 * 64 * 4];
    let mut put =
        |px: &[u8], w: u32, (sx, sy): (u32, u32), (dx, dy): (u32, u32), (cw, ch): (u32, u32)| {
            for y in 0..ch {
                for x in 0..cw {
                    let s = (((sy + y) * w + sx + x) * 4) as usize;
                    let d = (((dy + y) * 64 + dx + x) * 4) as usize;
                    page[d..d + 4].copy_from_slice(&px[s..s + 4]);
                }
            }
        };
    put(&body, 30, (x0, y0), (3, 5), (bw, bh));
    let head = rigc_sdk::png_image::decode(&fixture::part_png(24, 20))
        .expect("head decodes")
        .rgba;
    put(&head, 24, (0, 0), (40, 0), (24, 20));
    p.write("art/trim.png", encode_rgba(64, 64, &page));
    p.write(
        "art/trim.atlas",
        format!("trim.png\nsize: 64, 64\nfilter: Linear, Linear\nbody\nbounds: 3, 5, {bw}, {bh}\noffsets: {x0}, {bottom}, 30, 40\nrotate: 0\nhead\nbounds: 40, 0, 24, 20\noffsets: 0, 0, 24, 20\nrotate: 0\n"),
    );
    same_as_loose(&p, "art/trim.atlas", &reference);
}

/// Builds against `atlas` (written under `art/` with a 64×64 page), expecting
/// `code` at body's generator block, the message holding `says`.
fn refused_at_body_generator(atlas: &str, code: &str, says: &str) {
    let (p, rig) = generated();
    p.write("art/page.png", encode_rgba(64, 64, &[200u8; 64 * 64 * 4]));
    p.write("art/page.atlas", atlas);
    let run = p.rigc(&fixture::args(
        "out",
        &["--atlas-in", "art/page.atlas", "--message-format", "json"],
    ));
    run.code(1);
    let d = run
        .json_diagnostics()
        .into_iter()
        .find(|d| d["code"] == code)
        .unwrap_or_else(|| panic!("no {code} in:\n{}", run.dump()));
    let m = d["message"].as_str().unwrap_or("");
    assert!(
        m.contains("skin \"default\" slot \"body\" attachment \"body\" generates its mesh from the pixels of region \"body\", which"),
        "{m}"
    );
    assert!(m.contains(says), "{m}");
    assert_eq!(d["file"], "rig.json");
    assert_eq!(d["pointer"], "/skins/default/body/body/generator");
    let at = pos(&rig, CONTOUR, 0);
    assert_eq!(
        (
            d["line"].as_u64().unwrap_or(0),
            d["column"].as_u64().unwrap_or(0)
        ),
        at
    );
    assert!(!p.exists("out"), "a refused build created --out");
}

#[test]
fn a_generator_on_a_rotated_region_is_refused_at_its_block() {
    refused_at_body_generator(
        "page.png\nsize: 64, 64\nbody\nbounds: 0, 0, 30, 40\nrotate: 90\nhead\nbounds: 40, 0, 24, 20\n",
        "build.atlas-in.generator-rotated",
        "is packed `rotate: 90`, and a generator reads its part's pixels upright off the page",
    );
}

#[test]
fn a_generator_on_a_scaled_page_is_refused_at_its_block() {
    refused_at_body_generator(
        "page.png\nsize: 64, 64\nscale: 0.5\nbody\nbounds: 0, 0, 15, 20\nhead\nbounds: 40, 0, 12, 10\n",
        "build.atlas-in.generator-scaled",
        "is on a page of `scale: 0.5`, and a generator reads its part's pixels one texel a pixel",
    );
}

#[test]
fn a_generator_on_a_region_outside_its_window_is_refused_at_its_block() {
    refused_at_body_generator(
        "page.png\nsize: 64, 64\nbody\nbounds: 0, 0, 30, 40\noffsets: 5, 0, 30, 40\nhead\nbounds: 40, 0, 24, 20\n",
        "build.atlas-in.unliftable",
        "is 30x40 at offset 5,0 of an original 30x40, so its texels do not fit its original window",
    );
}
