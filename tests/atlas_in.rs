//! `build --atlas-in` (FORMAT.md §1.2.2) end to end: a packed build's atlas fed
//! to another build (green, the same skeleton.json, the atlas re-anchored); a
//! `scale: 0.5` page made here; each refusal (message, place in the atlas or the
//! rig, exit 1, nothing written); A06 and A49 measuring an imported atlas.

use crate::fixture;
use crate::refusals::pos;
use crate::util::{self, Project};
use rigc_sdk::png_image::encode_rgba;

fn with_tiny() -> Project {
    let p = Project::new();
    fixture::tiny(&p);
    p
}

/// The tiny rig built loose into `loose` (the reference skeleton.json).
fn loose(p: &Project) -> String {
    p.rigc(&fixture::args("loose", &[])).green();
    p.read("loose/skeleton.json")
}

/// The tiny rig's atlas at half scale: one 32×32 page, body (30×40) stored as
/// 15×20 texels at 0,0, head (24×20) as 12×10 at 16,0.
const HALF: &str = "half.png\nsize: 32, 32\nfilter: Linear, Linear\nscale: 0.5\nbody\nbounds: 0, 0, 15, 20\noffsets: 0, 0, 15, 20\nrotate: 0\nhead\nbounds: 16, 0, 12, 10\noffsets: 0, 0, 12, 10\nrotate: 0\n";

fn half(p: &Project, atlas: &str) {
    p.write("art/half.png", encode_rgba(32, 32, &[200u8; 32 * 32 * 4]));
    p.write("art/half.atlas", atlas);
}

fn json_refusal(p: &Project, atlas: &str, code: &str) -> serde_json::Value {
    let run = p.rigc(&fixture::args(
        "out",
        &["--atlas-in", atlas, "--message-format", "json"],
    ));
    run.code(1);
    let d = run
        .json_diagnostics()
        .into_iter()
        .find(|d| d["code"] == code)
        .unwrap_or_else(|| panic!("no {code} among:\n{}", run.stderr));
    assert!(!p.exists("out"), "a refused build created --out");
    d
}

fn at(d: &serde_json::Value) -> (u64, u64) {
    (
        d["line"].as_u64().unwrap_or(0),
        d["column"].as_u64().unwrap_or(0),
    )
}

/// The packed atlas of one build is the --atlas-in of another: green, the
/// same skeleton.json as the loose build, the atlas the packed one with its
/// page line re-anchored, the part lines naming where each part was found;
/// spine-core loads and poses it.
#[test]
fn a_packed_atlas_round_trips_through_atlas_in() {
    let p = with_tiny();
    let reference = loose(&p);
    p.rigc(&fixture::args("packed", &["--pack"])).green();
    let run = p.rigc(&fixture::args(
        "out",
        &[
            "--atlas-in",
            "packed/skeleton.atlas",
            "--profile",
            "spine-html",
        ],
    ));
    run.green()
        .stdout_has("  ..    atlas-in ")
        .stdout_has("packed/skeleton.atlas")
        .stdout_has("  ..      body                     30x40  <- ../packed/skeleton.png @ 2,2")
        .stdout_has("  ..      head                     24x20  <- ../packed/skeleton.png @ 36,2")
        .stdout_has("PASS  A06_ATLAS_PAGE_SIZE_MATCHES_PNG")
        .stdout_has("PASS  A49_PACKED_FOOTPRINTS_DO_NOT_OVERLAP");
    assert_eq!(p.read("out/skeleton.json"), reference);
    let packed = p.read("packed/skeleton.atlas");
    assert_eq!(
        p.read("out/skeleton.atlas"),
        packed.replacen("skeleton.png\n", "../packed/skeleton.png\n", 1)
    );
    assert!(!p.exists("out/skeleton.png"), "--atlas-in writes no page");
    util::spine_core_loads_and_poses(&p.path().join("out/skeleton.json"), &|| {
        " (tiny --atlas-in)".into()
    });
}

/// A `scale: 0.5` page: each part is its region's original size ÷ 0.5 (15×20
/// texels → 30×40, the loose PNG's size), so skeleton.json is the loose one;
/// the part line says the scale and the texels; `scale:` passes through.
#[test]
fn a_half_scale_page_gives_the_parts_their_loose_size() {
    let p = with_tiny();
    let reference = loose(&p);
    half(&p, HALF);
    p.rigc(&fixture::args("out", &["--atlas-in", "art/half.atlas"]))
        .green()
        .stdout_has("  ..      body                     30x40  <- ../art/half.png @ 0,0 scale 0.5 (15x20 texels)")
        .stdout_has("  ..      head                     24x20  <- ../art/half.png @ 16,0 scale 0.5 (12x10 texels)");
    assert_eq!(p.read("out/skeleton.json"), reference);
    assert_eq!(
        p.read("out/skeleton.atlas"),
        HALF.replacen("half.png", "../art/half.png", 1)
    );
    util::spine_core_loads_and_poses(&p.path().join("out/skeleton.json"), &|| {
        " (tiny --atlas-in, scale 0.5)".into()
    });
}

#[test]
fn a_part_the_atlas_lacks_is_refused_at_its_image_with_the_nearest_region() {
    let p = with_tiny();
    half(&p, &HALF.replace("head\n", "hed\n"));
    let d = json_refusal(&p, "art/half.atlas", "build.atlas-in.no-region");
    let m = d["message"].as_str().unwrap_or("");
    assert!(
        m.contains("image \"head.png\" is region \"head\", and the atlas has no region of that name (2 region(s)) — did you mean \"hed\"?"),
        "{m}"
    );
    assert_eq!(d["file"], "rig.json");
    assert_eq!(d["pointer"], "/skins/default/head/head/image");
    assert_eq!(at(&d), pos(fixture::RIG, "\"head.png\"", 0));
}

#[test]
fn a_page_not_on_disk_is_refused_at_its_page_line() {
    let p = with_tiny();
    half(
        &p,
        &format!("{HALF}\ngone.png\nsize: 4, 4\nx\nbounds: 0, 0, 4, 4\n"),
    );
    let d = json_refusal(&p, "art/half.atlas", "build.atlas-in.page-missing");
    assert!(
        d["message"]
            .as_str()
            .unwrap_or("")
            .contains("page \"gone.png\" is not readable at "),
        "{d}"
    );
    assert!(
        d["file"].as_str().unwrap_or("").ends_with("art/half.atlas"),
        "{d}"
    );
    assert_eq!(at(&d), (14, 1));
}

#[test]
fn a_region_off_its_page_is_refused_at_its_bounds_line() {
    let p = with_tiny();
    half(
        &p,
        &HALF.replace("bounds: 16, 0, 12, 10", "bounds: 24, 0, 12, 10"),
    );
    let d = json_refusal(&p, "art/half.atlas", "build.atlas-in.off-page");
    assert!(
        d["message"].as_str().unwrap_or("").contains(
            "region \"head\" occupies 24,0 12x10 of page \"half.png\", which is 32x32 — it runs off its page"
        ),
        "{d}"
    );
    assert_eq!(at(&d), (10, 1));
}

#[test]
fn malformed_atlas_text_is_refused_at_its_line_and_column() {
    let p = with_tiny();
    half(
        &p,
        &HALF.replace("bounds: 0, 0, 15, 20", "bounds: 0, 0, fifteen, 20"),
    );
    let d = json_refusal(&p, "art/half.atlas", "build.atlas-in.malformed");
    assert!(
        d["message"]
            .as_str()
            .unwrap_or("")
            .contains("`bounds:` value \"fifteen\" is not a non-negative integer"),
        "{d}"
    );
    assert_eq!(at(&d), (6, 15));
    p.rigc(&fixture::args("out", &["--atlas-in", "art/half.atlas"]))
        .code(1)
        .stderr_has("= code: build.atlas-in.malformed");
    assert!(!p.exists("out"));
}

/// A06 and A49 measure an imported atlas: a page whose `size:` is not its
/// PNG's FAILs A06; two regions on one another FAIL A49; nothing is written.
#[test]
fn a06_and_a49_measure_an_imported_atlas() {
    let p = with_tiny();
    half(&p, &HALF.replace("size: 32, 32", "size: 32, 64"));
    p.rigc(&fixture::args("out", &["--atlas-in", "art/half.atlas"]))
        .code(1)
        .stdout_has("FAIL  A06_ATLAS_PAGE_SIZE_MATCHES_PNG");
    assert!(!p.exists("out"));
    half(
        &p,
        &HALF.replace("bounds: 16, 0, 12, 10", "bounds: 8, 4, 12, 10"),
    );
    p.rigc(&fixture::args(
        "out",
        &["--atlas-in", "art/half.atlas", "--profile", "spine-html"],
    ))
    .code(1)
    .stdout_has("FAIL  A49_PACKED_FOOTPRINTS_DO_NOT_OVERLAP: regions \"body\"");
    assert!(!p.exists("out"));
}

/// A region attachment stating a size its region disagrees with (50 wide,
/// the region 15 texels at scale 0.5, so 30) is refused at the attachment.
#[test]
fn a_stated_size_the_region_disagrees_with_is_refused_at_the_attachment() {
    let p = with_tiny();
    let rig = fixture::RIG.replace(
        "{ \"image\": \"body.png\", \"y\": 20 }",
        "{ \"image\": \"body.png\", \"width\": 50, \"y\": 20 }",
    );
    p.write("rig.json", &rig);
    half(&p, HALF);
    let d = json_refusal(&p, "art/half.atlas", "build.atlas-in.size");
    assert!(
        d["message"].as_str().unwrap_or("").contains(
            "attachment \"body\" states 50x40, and its region \"body\" is 30x40 (scale 0.5)"
        ),
        "{d}"
    );
    assert_eq!(d["pointer"], "/skins/default/body/body");
    assert_eq!(at(&d), pos(&rig, "{ \"image\": \"body.png\", \"width\"", 0));
}
