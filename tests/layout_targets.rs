//! `--pack` and `--atlas-in` wherever a build starts: a `[[target]]`'s `pack`,
//! `page_size`, `padding`, `page_edges` and `atlas_in` keys built by
//! `build --all` (green, the same files as the flags make, spine-core loading
//! them; replayed from the trace when nothing changed, rebuilt when a page
//! did), each key's refusal at its rigc.toml value, `explain --atlas-in`, and
//! sequence frames packed and imported as regions of their own.

use crate::fixture;
use crate::refusals::pos;
use crate::util::{self, Project};
use rigc_sdk::png_image::{self, encode_rgba};

fn decode(p: &Project, rel: &str) -> png_image::DecodedPng {
    png_image::decode(&std::fs::read(p.path().join(rel)).expect("png")).expect("decodes")
}

/// A packed target and an imported one, declared in rigc.toml.
const TARGETS: &str = r#"[project]
profile = "spine"

[[target]]
name = "p"
rig = "rig.json"
motion = "motion.json"
out = "build/p"
pack = true
padding = 0
page_edges = "free"

[[target]]
name = "i"
rig = "rig.json"
motion = "motion.json"
out = "build/i"
atlas_in = "packed/skeleton.atlas"
"#;

/// The tiny rig, built loose into `ref/loose` and packed into `packed` by the
/// flags (before rigc.toml exists), then rigc.toml written.
fn tiny_with_targets(toml: &str) -> Project {
    let p = Project::new();
    fixture::tiny(&p);
    p.rigc(&fixture::args("ref/loose", &[])).green();
    p.rigc(&fixture::args("packed", &["--pack"])).green();
    p.rigc(&fixture::args(
        "flags",
        &["--pack", "--padding", "0", "--page-edges", "free"],
    ))
    .green();
    p.write("rigc.toml", toml);
    p
}

/// The summary line `build --all` prints for `target`.
fn summary<'a>(run: &'a util::Run, target: &str) -> &'a str {
    let head = format!("rigc: {target} ");
    run.stdout
        .lines()
        .find(|l| l.starts_with(&head))
        .unwrap_or_else(|| panic!("no summary of {target}:\n{}", run.dump()))
}

/// `build --all` builds the packed target as the flags pack it (the tiny
/// pack with padding 0 and free edges is 30×60: the `pack` module's
/// derivation), and the imported one against the packed atlas (the loose
/// skeleton.json, the atlas re-anchored from `build/i`); spine-core loads
/// both. Built again with nothing changed, both replay their trace; a packed
/// page deleted from `--out` and an imported page edited each fall through
/// to the stages.
#[test]
fn build_all_builds_a_packed_and_an_imported_target_and_replays_them() {
    let p = tiny_with_targets(TARGETS);
    let run = p.rigc(&["build", "--all"]);
    run.green();
    assert_eq!(
        p.read("build/p/skeleton.atlas"),
        p.read("flags/skeleton.atlas")
    );
    assert!(p
        .read("build/p/skeleton.atlas")
        .starts_with("skeleton.png\nsize: 30, 60\n"));
    assert_eq!(
        std::fs::read(p.path().join("build/p/skeleton.png")).ok(),
        std::fs::read(p.path().join("flags/skeleton.png")).ok()
    );
    // Loose at the same depth below the project as build/<target>.
    let loose = p.read("ref/loose/skeleton.json");
    assert_eq!(p.read("build/p/skeleton.json"), loose);
    assert_eq!(p.read("build/i/skeleton.json"), loose);
    assert_eq!(
        p.read("build/i/skeleton.atlas"),
        p.read("packed/skeleton.atlas").replacen(
            "skeleton.png\n",
            "../../packed/skeleton.png\n",
            1
        )
    );
    assert!(
        !p.exists("build/i/skeleton.png"),
        "an import writes no page"
    );
    for t in ["p", "i"] {
        util::spine_core_loads_and_poses(
            &p.path().join(format!("build/{t}/skeleton.json")),
            &|| format!(" (target {t})"),
        );
    }

    // Nothing changed: each target is its recorded build.
    let again = p.rigc(&["build", "--all"]);
    again.green();
    for t in ["p", "i"] {
        assert!(
            summary(&again, t).contains("nothing ran"),
            "{}",
            again.dump()
        );
    }

    // A packed page gone from --out: the trace does not hold; rebuilt, rewritten.
    std::fs::remove_file(p.path().join("build/p/skeleton.png")).expect("rm page");
    let run = p.rigc(&["build", "--all"]);
    run.green();
    assert!(p.exists("build/p/skeleton.png"), "{}", run.dump());
    assert_eq!(
        std::fs::read(p.path().join("build/p/skeleton.png")).ok(),
        std::fs::read(p.path().join("flags/skeleton.png")).ok()
    );

    // An imported page's pixels changed (its size kept): the gate runs again.
    p.write(
        "packed/skeleton.png",
        encode_rgba(64, 64, &[90u8; 64 * 64 * 4]),
    );
    let run = p.rigc(&["build", "--all"]);
    run.green();
    let line = summary(&run, "i");
    assert!(
        line.contains("gate:rigc-core-rules") && !line.contains("nothing ran"),
        "{line}"
    );
    assert!(summary(&run, "p").contains("nothing ran"), "{}", run.dump());
}

/// A layout on the command line replaces each target's own; `--copy-images`
/// over a target that packs is the usage error `--pack --copy-images` is.
#[test]
fn flags_replace_a_targets_layout_and_copy_images_refuses_a_packed_target() {
    let p = tiny_with_targets(TARGETS);
    p.rigc(&["build", "p", "--pack"]).green();
    assert_eq!(
        p.read("build/p/skeleton.atlas"),
        p.read("packed/skeleton.atlas")
    );
    p.rigc(&["build", "p", "--copy-images"])
        .code(2)
        .stderr_has("target \"p\" packs its atlas (pack = true in rigc.toml), so --copy-images has nothing to copy for it; pick one");
}

/// One refusal of a layout key: code, message, place (the rigc.toml value),
/// exit 1, nothing built.
fn refused(key_line: &str, needle: &str, code: &str, message: &str, pointer: &str) {
    let toml = format!(
        "[[target]]\nname = \"t\"\nrig = \"rig.json\"\nmotion = \"motion.json\"\nout = \"build/t\"\n{key_line}\n"
    );
    let p = Project::new();
    fixture::tiny(&p);
    p.write("rigc.toml", &toml);
    let run = p.rigc(&["build", "--all", "--message-format", "json"]);
    run.code(1);
    let d = run
        .json_diagnostics()
        .into_iter()
        .find(|d| d["code"] == code)
        .unwrap_or_else(|| panic!("no {code} in:\n{}", run.dump()));
    let m = d["message"].as_str().unwrap_or("");
    assert!(m.contains(message), "{m}");
    assert!(
        d["file"].as_str().is_some_and(|f| f.ends_with("rigc.toml")),
        "{d}"
    );
    assert_eq!(d["pointer"], pointer, "{d}");
    let at = pos(&toml, needle, 0);
    assert_eq!(
        (
            d["line"].as_u64().unwrap_or(0),
            d["column"].as_u64().unwrap_or(0)
        ),
        at,
        "{d}"
    );
    assert!(!p.exists("build"), "a refused rigc.toml built something");
}

#[test]
fn each_layout_key_refusal_is_placed_at_its_value() {
    refused(
        "pack = true\npage_edges = \"round\"",
        "\"round\"",
        "config.page-edges",
        "page_edges \"round\"; known page edges: pot, free",
        "/target/0/page_edges",
    );
    refused(
        "pack = true\npage_size = 0",
        "0\n",
        "config.page-size",
        "page_size 0: a page needs at least one texel a side",
        "/target/0/page_size",
    );
    refused(
        "padding = 3",
        "3\n",
        "config.pack-only",
        "padding only means something with pack = true",
        "/target/0/padding",
    );
    refused(
        "pack = false\npage_edges = \"free\"",
        "\"free\"",
        "config.pack-only",
        "page_edges only means something with pack = true",
        "/target/0/page_edges",
    );
    refused(
        "pack = true\natlas_in = \"parts/body.png\"",
        "\"parts/body.png\"",
        "config.pack-and-atlas-in",
        "pack = true lays the atlas out and atlas_in reuses one laid out elsewhere; pick one",
        "/target/0/atlas_in",
    );
    refused(
        "atlas_in = \"../elsewhere.atlas\"",
        "\"../elsewhere.atlas\"",
        "config.path-escapes-project",
        "atlas \"../elsewhere.atlas\" resolves to",
        "/target/0/atlas_in",
    );
    refused(
        "atlas_in = \"art/none.atlas\"",
        "\"art/none.atlas\"",
        "config.missing-file",
        "atlas \"art/none.atlas\" is not on disk",
        "/target/0/atlas_in",
    );
}

/// The tiny rig's parts on a 32×32 page at scale 1, head cut to 12×10.
const SMALL: &str = "small.png\nsize: 32, 32\nfilter: Linear, Linear\nbody\nbounds: 0, 0, 15, 20\noffsets: 0, 0, 15, 20\nrotate: 0\nhead\nbounds: 16, 0, 12, 10\noffsets: 0, 0, 12, 10\nrotate: 0\n";

/// `explain --atlas-in`: the rig as built against that atlas — each part its
/// region's size (15×20 and 12×10 here, not the loose 30×40 and 24×20), the
/// header naming the atlas and where each part is — exit 0, nothing written;
/// an atlas lacking a part's region is art that does not resolve (exit 2).
#[test]
fn explain_takes_atlas_in() {
    let p = Project::new();
    fixture::tiny(&p);
    p.write("art/small.png", encode_rgba(32, 32, &[200u8; 32 * 32 * 4]));
    p.write("art/small.atlas", SMALL);
    let explain = |atlas: &str| {
        p.rigc(&[
            "explain",
            "--rig",
            "rig.json",
            "--motion",
            "motion.json",
            "--out",
            "out",
            "--atlas-in",
            atlas,
        ])
    };
    let run = explain("art/small.atlas");
    run.code(0)
        .stdout_has("rigc explain rig.json")
        .stdout_has("  ..    atlas-in ")
        .stdout_has("art/small.atlas")
        .stdout_has("  ..    2 part page(s):")
        .stdout_has("  ..      body                     15x20  <- ../art/small.png @ 0,0")
        .stdout_has("  ..      head                     12x10  <- ../art/small.png @ 16,0")
        .stdout_has("stage  200 x 100");
    assert!(!p.exists("out"), "explain wrote --out");
    // The same build: its part lines are explain's.
    p.rigc(&fixture::args("built", &["--atlas-in", "art/small.atlas"]))
        .green()
        .stdout_has("  ..      head                     12x10  <- ../art/small.png @ 16,0");
    let skeleton: serde_json::Value =
        serde_json::from_str(&p.read("built/skeleton.json")).expect("json");
    assert_eq!(
        skeleton["skins"][0]["attachments"]["head"]["head"]["width"],
        12
    );

    p.write("art/cut.png", encode_rgba(32, 32, &[200u8; 32 * 32 * 4]));
    p.write(
        "art/cut.atlas",
        SMALL
            .replace("head\n", "hat\n")
            .replace("small.png", "cut.png"),
    );
    explain("art/cut.atlas")
        .code(2)
        .stderr_has("= code: build.atlas-in.no-region")
        .stderr_has("rigc explain: rig.json names art that does not resolve — nothing to explain");
    assert!(!p.exists("out"));
}

/// Each frame of `name` (count frames, `digits` wide, from `start`) drawn in
/// its own colour, so a region showing another frame's texels is caught.
fn distinct_frames(p: &Project, name: &str, w: u32, h: u32, frames: &[&str]) {
    for (k, f) in frames.iter().enumerate() {
        let px: Vec<u8> = (0..w * h)
            .flat_map(|i| [40 * k as u8 + 30, (i % 251) as u8, 7, 255])
            .collect();
        p.write(&format!("parts/{name}{f}.png"), encode_rgba(w, h, &px));
    }
}

/// `--pack` over the attach rig's two sequences (flash: frames 01–03;
/// wave: 0–1): every frame is a region of its own, its loose PNG's size,
/// its texels on the page; skeleton.json is the loose build's; spine-core
/// loads and poses it. The packed atlas fed back through `--atlas-in` is
/// green; with one frame's region gone it is refused by that frame's name
/// at the sequence block.
#[test]
fn pack_and_atlas_in_carry_every_sequence_frame() {
    let p = crate::attach::project(crate::attach::RIG, crate::attach::MOTION);
    distinct_frames(&p, "flash", 20, 16, &["01", "02", "03"]);
    distinct_frames(&p, "wave", 30, 10, &["0", "1"]);
    p.rigc(&fixture::args("loose", &[])).green();
    p.rigc(&fixture::args("out", &["--pack"]))
        .green()
        .stdout_has("7 region(s)")
        .stdout_has("  ..      flash02                  20x16 -> skeleton.png @ ");
    assert_eq!(p.read("out/skeleton.json"), p.read("loose/skeleton.json"));
    let atlas = rigc_sdk::spine::read_atlas(&p.read("out/skeleton.atlas")).expect("atlas");
    let mut names: Vec<&str> = atlas.regions.iter().map(|r| r.name.as_str()).collect();
    names.sort_unstable();
    assert_eq!(
        names,
        ["body", "flash01", "flash02", "flash03", "twin", "wave0", "wave1"]
    );
    for r in &atlas.regions {
        let page = decode(&p, &format!("out/{}", atlas.pages[r.page].name));
        let part = decode(&p, &format!("parts/{}.png", r.name));
        let (w, h) = (part.header.width as usize, part.header.height as usize);
        assert_eq!((r.width as usize, r.height as usize), (w, h), "{}", r.name);
        let pw = page.header.width as usize;
        for y in 0..h {
            let at = ((r.y as usize + y) * pw + r.x as usize) * 4;
            assert_eq!(
                &page.rgba[at..at + w * 4],
                &part.rgba[y * w * 4..(y + 1) * w * 4],
                "region {} row {y}",
                r.name
            );
        }
    }
    util::spine_core_loads_and_poses(&p.path().join("out/skeleton.json"), &|| {
        " (attach --pack, sequences)".into()
    });

    p.rigc(&fixture::args(
        "imported",
        &["--atlas-in", "out/skeleton.atlas"],
    ))
    .green();
    assert_eq!(
        p.read("imported/skeleton.json"),
        p.read("loose/skeleton.json")
    );
    util::spine_core_loads_and_poses(&p.path().join("imported/skeleton.json"), &|| {
        " (attach --atlas-in, sequences)".into()
    });

    // flash02's region dropped: refused by its name, at the sequence block.
    let text = p.read("out/skeleton.atlas");
    let start = text.find("flash02\n").expect("flash02 region");
    let end = start + text[start..].find("rotate: 0\n").expect("its end") + "rotate: 0\n".len();
    let cut = format!("{}{}", &text[..start], &text[end..]).replacen(
        "skeleton.png\n",
        "../out/skeleton.png\n",
        1,
    );
    p.write("art/cut.atlas", cut);
    let run = p.rigc(&fixture::args(
        "refused",
        &["--atlas-in", "art/cut.atlas", "--message-format", "json"],
    ));
    run.code(1);
    let d = run
        .json_diagnostics()
        .into_iter()
        .find(|d| d["code"] == "build.atlas-in.no-region")
        .unwrap_or_else(|| panic!("no build.atlas-in.no-region in:\n{}", run.dump()));
    let m = d["message"].as_str().unwrap_or("");
    assert!(
        m.contains(
            "image \"flash02.png\" is region \"flash02\", and the atlas has no region of that name"
        ),
        "{m}"
    );
    assert_eq!(d["file"], "rig.json");
    assert_eq!(d["pointer"], "/skins/default/flash/flash/sequence");
    let at = pos(crate::attach::RIG, "{ \"count\": 3", 0);
    assert_eq!(
        (
            d["line"].as_u64().unwrap_or(0),
            d["column"].as_u64().unwrap_or(0)
        ),
        at
    );
    assert!(!p.exists("refused"), "a refused build created --out");
}

/// A generated mesh under `--atlas-in` reads its part's pixels off the
/// imported page: the grid the packed build made, green, its MESH line the
/// packed build's (tests/atlas_in_generated.rs holds the contour and the
/// refusals).
#[test]
fn a_generator_under_atlas_in_builds_off_its_page() {
    let p = Project::new();
    fixture::tiny(&p);
    let block = "\"generator\": { \"kind\": \"grid\", \"cols\": 2, \"rows\": 2 }";
    let rig = fixture::RIG
        .replace(
            "\"head\": { \"head\": { \"image\": \"head.png\" } }",
            &format!("\"head\": {{ \"head\": {{ \"type\": \"mesh\", \"image\": \"head.png\", {block} }} }}"),
        )
        .replacen("  \"skins\": {", "  \"invariants\": { \"meshSlots\": 1 },\n  \"skins\": {", 1);
    p.write("rig.json", &rig);
    let packed = p.rigc(&fixture::args("packed", &["--pack"]));
    packed.green().stdout_has("MESH  head         grid");
    let mesh = |out: &str| {
        out.lines()
            .find(|l| l.starts_with("  MESH  head"))
            .map(str::to_string)
    };
    let run = p.rigc(&fixture::args(
        "out",
        &["--atlas-in", "packed/skeleton.atlas"],
    ));
    run.green();
    assert_eq!(mesh(&run.stdout), mesh(&packed.stdout), "{}", run.dump());
    assert_eq!(p.read("out/skeleton.json"), p.read("packed/skeleton.json"));
}
