//! `build --pack` (CLI.md §7, FORMAT.md §1.2.1) end to end: a gallery rig packed
//! onto power-of-two pages that hold the loose PNGs' pixels, its skeleton.json
//! the unpacked build's byte for byte, spine-core posing it the same; the tiny
//! rig's pack at the size derived here; the refusal of a part no page holds;
//! A06 and A49 measuring a packed build (a mutant each, a positive control).

use crate::build::build_reference;
use crate::fixture;
use crate::refusals::pos;
use crate::util::{self, Project};
use rigc_sdk::png_image;

fn read_atlas(p: &Project, rel: &str) -> rigc_sdk::spine::Atlas {
    rigc_sdk::spine::read_atlas(&p.read(rel)).expect("the packed atlas reads")
}

fn decode(path: &std::path::Path) -> png_image::DecodedPng {
    png_image::decode(&std::fs::read(path).expect("png")).expect("decodes")
}

/// walk, loose and packed, under both profiles: green; every page a power of
/// two and its PNG that size; every region's texels the loose PNG's; the
/// skeleton.json the same bytes; spine-core loads the packed pair and poses it
/// as it poses the loose one.
#[test]
fn walk_packs_onto_pot_pages_holding_the_loose_pixels() {
    for profile in ["spine", "spine-html"] {
        let (p, loose) = build_reference("rigc-gallery/walk", "rig.json", "motion.json", profile);
        loose.green();
        let packed = p.rigc(&[
            "build",
            "--rig",
            "rig/rig.json",
            "--motion",
            "rig/motion.json",
            "--out",
            "packed",
            "--profile",
            profile,
            "--pack",
        ]);
        packed
            .green()
            .stdout_has("  ..    pack: skeleton.png ")
            .stdout_has("15 region(s)")
            .stdout_has("padding 2")
            .stdout_has("  ..      plate                    576x736 -> skeleton.png @ 2,2")
            .stdout_has("validate (packed atlas")
            .stdout_has("rigc: wrote ")
            .stdout_has("packed/skeleton.png");
        assert_eq!(
            p.read("out/skeleton.json"),
            p.read("packed/skeleton.json"),
            "skeleton.json differs packed ({profile})"
        );
        let atlas = read_atlas(&p, "packed/skeleton.atlas");
        for page in &atlas.pages {
            let (w, h) = (page.width as u32, page.height as u32);
            assert!(w.is_power_of_two() && h.is_power_of_two(), "{w}x{h}");
            let png = decode(&p.path().join("packed").join(&page.name));
            assert_eq!((png.header.width, png.header.height), (w, h));
        }
        assert_eq!(atlas.regions.len(), 15);
        for r in &atlas.regions {
            let page = &atlas.pages[r.page];
            let png = decode(&p.path().join("packed").join(&page.name));
            let part = decode(&p.path().join(format!("rig/parts/{}.png", r.name)));
            assert_eq!(
                (r.width as u32, r.height as u32),
                (part.header.width, part.header.height)
            );
            assert_eq!(r.degrees, 0.0);
            let pw = png.header.width as usize;
            for y in 0..part.header.height as usize {
                let row = |x: usize| ((r.y as usize + y) * pw + r.x as usize + x) * 4;
                let w = part.header.width as usize;
                assert_eq!(
                    &png.rgba[row(0)..row(w)],
                    &part.rgba[y * w * 4..(y + 1) * w * 4],
                    "region {} row {y}",
                    r.name
                );
            }
        }
        let skeleton = p.path().join("packed/skeleton.json");
        util::spine_core_loads_and_poses(&skeleton, &|| format!(" (walk --pack, {profile})"));
        let pose = |dir: &str| {
            let s = p.path().join(dir).join("skeleton.json");
            let a = p.path().join(dir).join("skeleton.atlas");
            util::oracle(&[
                s.to_str().unwrap(),
                a.to_str().unwrap(),
                "walk",
                "0,0.25,0.5",
            ])
            .expect("spine-core poses")
        };
        // The same pose: every frame's bones, slots, draw order and attachment
        // vertices; only the uvs (where on the page) differ.
        let without_uvs = |mut doc: serde_json::Value| {
            for frame in doc["frames"].as_array_mut().into_iter().flatten() {
                for a in frame["attachments"].as_array_mut().into_iter().flatten() {
                    a.as_object_mut().map(|o| o.remove("uvs"));
                }
            }
            doc["frames"].take()
        };
        let (a, b) = (without_uvs(pose("out")), without_uvs(pose("packed")));
        assert!(a.as_array().is_some_and(|f| f.len() == 3), "{a}");
        assert_eq!(a, b, "spine-core poses the packed walk differently");
    }
}

/// The tiny rig's parts, 30×40 and 24×20, padding 2: cells 34×44 and 28×24
/// (the taller first). No power-of-two page of area 2048 holds the first cell
/// (32 wide is narrower than 34, 64×32 lower than 44); at 4096 the first pair
/// tried that holds a 34-wide cell is 64×64: body at 0,0, and head in the free
/// column to its right (30 wide, a 2-texel short side) at 34,0 — regions at
/// 2,2 and 36,2. With `--padding 0 --page-edges free`, the cells are the parts:
/// below width 54 the head cannot sit beside the body and goes under it (height
/// 60), from 54 up it can (height 40); the least area is 30×60 (1800 < 2160).
#[test]
fn the_tiny_rig_packs_to_the_page_derived_here() {
    let p = Project::new();
    fixture::tiny(&p);
    p.rigc(&fixture::args("out", &["--pack"]))
        .green()
        .stdout_has("  ..    pack: skeleton.png 64x64, 2 region(s), 41.0% covered, padding 2")
        .stdout_has("  ..      body                     30x40 -> skeleton.png @ 2,2")
        .stdout_has("  ..      head                     24x20 -> skeleton.png @ 36,2");
    assert_eq!(
        p.read("out/skeleton.atlas"),
        "skeleton.png\nsize: 64, 64\nfilter: Linear, Linear\npma: false\nbody\nbounds: 2, 2, 30, 40\noffsets: 0, 0, 30, 40\nrotate: 0\nhead\nbounds: 36, 2, 24, 20\noffsets: 0, 0, 24, 20\nrotate: 0\n"
    );
    // The options are in the atlas stage's key: another padding is another pack.
    p.rigc(&fixture::args(
        "out",
        &["--pack", "--padding", "0", "--page-edges", "free"],
    ))
    .green()
    .stdout_has(
        "  ..    pack: skeleton.png 30x60, 2 region(s), 93.3% covered, padding 0, page edges free",
    );
    let atlas = read_atlas(&p, "out/skeleton.atlas");
    let at: Vec<_> = atlas
        .regions
        .iter()
        .map(|r| (r.name.as_str(), r.x, r.y))
        .collect();
    assert_eq!(at, [("body", 0.0, 0.0), ("head", 0.0, 40.0)]);
}

/// A part whose padded cell is larger than the largest page: refused by name at
/// the `image` value naming it, exit 1, nothing written.
#[test]
fn a_part_no_page_holds_is_refused_at_its_image() {
    let p = Project::new();
    fixture::tiny(&p);
    let run = p.rigc(&fixture::args(
        "out",
        &["--pack", "--page-size", "40", "--message-format", "json"],
    ));
    run.code(1);
    let d = run
        .json_diagnostics()
        .into_iter()
        .find(|d| d["code"] == "build.pack.part-too-big")
        .unwrap_or_else(|| panic!("no build.pack.part-too-big in {}", run.stderr));
    assert_eq!(
        d["message"],
        "rig.json: --pack: part \"body\" (image \"body.png\") needs a 34x44 cell with padding 2 on every side, and the largest page --page-size allows is 32x32"
    );
    assert_eq!(d["file"], "rig.json");
    assert_eq!(d["pointer"], "/skins/default/body/body/image");
    let at = pos(fixture::RIG, "\"body.png\"", 0);
    assert_eq!(
        (d["line"].as_u64().unwrap(), d["column"].as_u64().unwrap()),
        at
    );
    assert!(!p.exists("out"), "a refused build created --out");
    p.rigc(&fixture::args("out", &["--pack", "--page-size", "40"]))
        .code(1)
        .stderr_has("= code: build.pack.part-too-big")
        .stderr_has("give --page-size a bigger page");
    assert!(!p.exists("out"));
}

fn mutate(p: &Project, rel: &str, from: &str, to: &str) {
    let text = p.read(rel);
    assert!(text.contains(from), "{from:?} not in {rel}");
    p.write(rel, text.replacen(from, to, 1));
}

/// A06 and A49 measure a packed build: green as built (the positive
/// control); a page whose `size:` is not its PNG's FAILs A06; a region moved
/// onto its neighbour FAILs A49.
#[test]
fn a06_and_a49_measure_a_packed_build() {
    let p = Project::new();
    fixture::tiny(&p);
    p.rigc(&fixture::args(
        "out",
        &["--pack", "--profile", "spine-html"],
    ))
    .green();
    p.rigc(&["validate", "out", "--profile", "spine-html"])
        .green()
        .stdout_has("PASS  A06_ATLAS_PAGE_SIZE_MATCHES_PNG")
        .stdout_has("PASS  A49_PACKED_FOOTPRINTS_DO_NOT_OVERLAP");
    let atlas = p.read("out/skeleton.atlas");
    mutate(&p, "out/skeleton.atlas", "size: 64, 64", "size: 128, 64");
    p.rigc(&["validate", "out", "--profile", "spine-html"])
        .code(1)
        .stdout_has("FAIL  A06_ATLAS_PAGE_SIZE_MATCHES_PNG");
    p.write("out/skeleton.atlas", &atlas);
    mutate(
        &p,
        "out/skeleton.atlas",
        "bounds: 36, 2, 24, 20",
        "bounds: 20, 2, 24, 20",
    );
    p.rigc(&["validate", "out", "--profile", "spine-html"])
        .code(1)
        .stdout_has("FAIL  A49_PACKED_FOOTPRINTS_DO_NOT_OVERLAP: regions \"body\"");
}

/// `rigc build --all --pack`: every target of rigc.toml is packed.
#[test]
fn the_targets_of_rigc_toml_pack() {
    let p = Project::new();
    fixture::tiny(&p);
    p.write("rigc.toml", fixture::manifest(&["a"]));
    p.rigc(&["build", "--all", "--pack"]).green();
    assert!(p.exists("build/a/skeleton.png"));
    assert!(p
        .read("build/a/skeleton.atlas")
        .starts_with("skeleton.png\nsize: 64, 64\n"));
}
