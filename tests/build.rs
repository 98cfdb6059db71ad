//! Building: the reference rigs and every gallery rig are green under both
//! profiles; what a green build writes; determinism; `--copy-images`; a red gate
//! writes nothing; `build --all` over a project file; a no-op build replays the
//! recorded one.

use crate::fixture::{self, build_args};
use crate::util::{self, Project};
use std::path::Path;

/// Copies a reference rig into a fresh project and builds it.
pub fn build_reference(name: &str, rig: &str, motion: &str, profile: &str) -> (Project, util::Run) {
    let p = Project::new();
    p.copy_dir(&util::shared().join("reference").join(name), "rig");
    let run = p.rigc(&[
        "build",
        "--rig",
        &format!("rig/{rig}"),
        "--motion",
        &format!("rig/{motion}"),
        "--out",
        "out",
        "--profile",
        profile,
    ]);
    (p, run)
}

#[test]
fn buoy_is_green_under_both_profiles() {
    for profile in ["spine", "spine-html"] {
        let (p, run) = build_reference("rigc-buoy", "buoy.rig.json", "buoy.motion.json", profile);
        run.green()
            .stdout_has(&format!("profile {profile}"))
            .stdout_has("pages=3 regions=3 bones=4 slots=3 animations=1 version=4.3.13 regionAttachments=3 meshAttachments=0 physicsConstraints=0 rig=buoy")
            .stdout_has("rigc: wrote ");
        assert!(p.exists("out/skeleton.json") && p.exists("out/skeleton.atlas"));
        let atlas = p.read("out/skeleton.atlas");
        assert!(atlas.starts_with("../rig/images/"), "{atlas}");
    }
}

#[test]
fn walk_is_green_under_both_profiles() {
    for profile in ["spine", "spine-html"] {
        let (p, run) = build_reference("rigc-gallery/walk", "rig.json", "motion.json", profile);
        run.green().stdout_has("15 part page(s):");
        assert!(p.exists("out/skeleton.json"));
    }
}

/// The face rigs (FIGURES.md): authored meshes, deform transforms, derive
/// models; each green under both profiles with its MESH lines and the gate
/// counts FIGURES.md states for it (`N measured (N passed, 0 failed)`; rigc
/// runs 50 assertions, A41 retired and A50 added, so the totals differ).
#[test]
fn squash_nod_and_portrait_are_green_under_both_profiles() {
    for (name, meshes, spine, html) in [
        ("squash", &["ball"][..], 17, 25),
        ("nod", &["ear_l", "ear_r", "head"][..], 17, 26),
        ("portrait", &["head", "hair_bang"][..], 17, 26),
    ] {
        for (profile, measured) in [("spine", spine), ("spine-html", html)] {
            let (p, run) = build_reference(
                &format!("rigc-gallery/{name}"),
                "rig.json",
                "motion.json",
                profile,
            );
            run.green().stdout_has(&format!(
                "{measured} measured ({measured} passed, 0 failed)"
            ));
            for m in meshes {
                run.stdout_has(&format!("  MESH  {m:<12} authored "));
            }
            assert!(p.exists("out/skeleton.json"), "{name} {profile}");
        }
    }
}

#[test]
fn every_gallery_rig_is_green_under_both_profiles() {
    let mut built = 0;
    for dir in util::gallery_rigs() {
        for profile in ["spine", "spine-html"] {
            let out = tempfile::tempdir().expect("tmp");
            let out_dir = out.path().join("out");
            util::build_gallery_rig(&dir, &out_dir, &["--profile", profile]).green();
            assert!(out_dir.join("skeleton.json").is_file());
        }
        built += 1;
    }
    assert!(built >= 1, "gallery/ holds no rig");
}

#[test]
fn same_inputs_give_the_same_bytes() {
    let p = Project::new();
    fixture::tiny(&p);
    fixture::build(&p, "a").green();
    fixture::build(&p, "b").green();
    assert_eq!(p.read("a/skeleton.json"), p.read("b/skeleton.json"));
    // Page paths are relative to --out, so same-depth outs give the same atlas.
    assert_eq!(p.read("a/skeleton.atlas"), p.read("b/skeleton.atlas"));
    // A rebuild into the same directory leaves the files alone.
    fixture::build(&p, "a").green().stdout_has("(unchanged)");
}

#[test]
fn emitted_text_follows_the_number_and_order_rules() {
    let p = Project::new();
    fixture::tiny(&p);
    fixture::build(&p, "out").green();
    let text = p.read("out/skeleton.json");
    assert!(text.ends_with("}\n"));
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    let keys: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
    assert_eq!(keys, ["skeleton", "bones", "slots", "skins", "animations"]);
    // R1: the root bone declares nothing, so nothing but its name is written.
    assert_eq!(v["bones"][0], serde_json::json!({"name": "root"}));
    // The easing "soft" [0.25, 0, 0.75, 1] between (0, 0) and (0.5, 10):
    let curve = &v["animations"]["nod"]["bones"]["head"]["rotate"][0]["curve"];
    let expect = [0.0 + 0.5 * 0.25, 0.0, 0.0 + 0.5 * 0.75, 10.0];
    for (got, want) in curve.as_array().unwrap().iter().zip(expect) {
        assert_eq!(got.as_f64().unwrap() as f32, want as f32);
    }
    assert_eq!(v["skeleton"]["spine"], "4.3.13");
    assert_eq!(v["skeleton"]["images"], "../parts/");
}

#[test]
fn copy_images_copies_pages_and_renames_collisions() {
    let p = Project::new();
    fixture::tiny(&p);
    // A second directory holding another "body.png" the rig names from a second skin.
    p.write("more/body.png", fixture::part_png(10, 10));
    let rig = fixture::RIG.replace(
        "\"head\": { \"head\": { \"image\": \"head.png\" } }\n    }",
        "\"head\": { \"head\": { \"image\": \"head.png\" } }\n    },\n    \"alt\": { \"body\": { \"body2\": { \"image\": \"../more/body.png\" } } }",
    );
    p.write("rig.json", &rig);
    let mut args = build_args("out");
    args.push("--copy-images".into());
    let run = p.rigc(&args.iter().map(String::as_str).collect::<Vec<_>>());
    run.code(1).stderr_has("duplicate region name \"body\"");
    assert!(!p.exists("out"));
    // Basenames that differ only in case are two regions, and two files on a
    // case-insensitive file system: the later page is renamed.
    p.write("more/Body.png", fixture::part_png(10, 10));
    p.write(
        "rig.json",
        rig.replace("../more/body.png", "../more/Body.png"),
    );
    let run = p.rigc(&args.iter().map(String::as_str).collect::<Vec<_>>());
    run.green()
        .stdout_has("copy-images: 3 page(s) copied into")
        .stdout_has("(renamed — basename collision)");
    for f in ["out/body.png", "out/head.png", "out/Body-2.png"] {
        assert!(p.exists(f), "{f} not copied");
    }
    let atlas = p.read("out/skeleton.atlas");
    assert!(atlas.starts_with("body.png\n"), "{atlas}");
    assert!(atlas.contains("\nBody-2.png\n"), "{atlas}");
    let v: serde_json::Value = serde_json::from_str(&p.read("out/skeleton.json")).unwrap();
    assert_eq!(v["skeleton"]["images"], "../out/");
}

#[test]
fn a_red_gate_writes_nothing() {
    // Under spine-html an overlay whose PNG has no alpha fails A19; nothing may
    // be written.
    let p = Project::new();
    fixture::tiny(&p);
    p.write("parts/head.png", fixture::rgb_png(24, 20));
    let mut args = build_args("out");
    args.extend(["--profile".to_string(), "spine-html".to_string()]);
    p.rigc(&args.iter().map(String::as_str).collect::<Vec<_>>())
        .code(1)
        .stdout_has("FAIL  A19_OVERLAY_PNGS_HAVE_ALPHA")
        .stderr_has("assertion(s) failed — nothing written")
        .stdout_lacks("rigc: wrote");
    assert!(!p.exists("out"));
    // The same rig under the default profile is green: A19 is renderer policy.
    fixture::build(&p, "out")
        .green()
        .stdout_has("PROF  A19_OVERLAY_PNGS_HAVE_ALPHA");
}

#[test]
fn build_all_builds_every_target_of_the_project_file() {
    let p = Project::new();
    fixture::tiny(&p);
    p.write(
        "rigc.toml",
        "[project]\nprofile = \"spine\"\n\n[[target]]\nname = \"one\"\nrig = \"rig.json\"\nmotion = \"motion.json\"\nout = \"build/one\"\n\n[[target]]\nname = \"two\"\nrig = \"rig.json\"\nmotion = \"motion.json\"\nout = \"build/two\"\nprofile = \"spine-html\"\n",
    );
    p.rigc(&["build", "--all"])
        .green()
        .stdout_has("rigc: one green")
        .stdout_has("rigc: two green")
        .stdout_has("2 target(s): 2 green, 0 red");
    assert!(p.exists("build/one/skeleton.json") && p.exists("build/two/skeleton.json"));
    p.rigc(&["build", "two"]).green();
    p.rigc(&["build", "three"])
        .code(2)
        .stderr_has("declares no target \"three\"");
}

#[test]
fn project_file_refusals_are_located() {
    let p = Project::new();
    fixture::tiny(&p);
    p.write("rigc.toml", "[[target]]\nname = \"a\"\nrig = \"rig.json\"\nmotion = \"motion.json\"\nout = \"o\"\nouts = \"x\"\n");
    p.rigc(&["build", "--all"])
        .code(1)
        .stderr_has("unknown field `outs`")
        .stderr_has("rigc.toml:6:");
    p.write("rigc.toml", "[[target]]\nname = \"a\"\nrig = \"rig.json\"\nmotion = \"motion.json\"\nout = \"o\"\n[[target]]\nname = \"a\"\nrig = \"rig.json\"\nmotion = \"motion.json\"\nout = \"p\"\n");
    p.rigc(&["build", "--all"])
        .code(1)
        .stderr_has("two targets are called \"a\"");
}

/// Reads a built skeleton.
pub fn skeleton(dir: &Path) -> serde_json::Value {
    serde_json::from_str(
        &std::fs::read_to_string(dir.join("skeleton.json")).expect("skeleton.json"),
    )
    .expect("JSON")
}

/// The stages of the one target of a `--report` file: (stage, ran).
fn report_stages(p: &Project, report: &str) -> Vec<(String, bool)> {
    let doc: serde_json::Value = serde_json::from_str(&p.read(report)).expect("report JSON");
    doc["targets"][0]["stages"]
        .as_array()
        .expect("stages")
        .iter()
        .map(|s| {
            (
                s["stage"].as_str().expect("stage").to_string(),
                s["ran"].as_bool().expect("ran"),
            )
        })
        .collect()
}

#[test]
fn an_unchanged_target_replays_its_build_and_any_change_falls_through_to_the_stages() {
    let p = Project::new();
    fixture::tiny(&p);
    p.write(
        "rigc.toml",
        "[[target]]\nname = \"one\"\nrig = \"rig.json\"\nmotion = \"motion.json\"\nout = \"build/one\"\n",
    );
    p.rigc(&["build", "--all", "--report", "r1.json"]).green();
    let first = report_stages(&p, "r1.json");
    assert!(first.iter().all(|(_, ran)| *ran), "{first:?}");
    let skeleton = p.read("build/one/skeleton.json");

    // Nothing changed: the recorded build, every stage cached, the same report.
    p.rigc(&["build", "--all", "--report", "r2.json"])
        .green()
        .stdout_has("rigc: one green")
        .stdout_has("nothing ran");
    let second = report_stages(&p, "r2.json");
    assert_eq!(
        second.iter().map(|(s, _)| s).collect::<Vec<_>>(),
        first.iter().map(|(s, _)| s).collect::<Vec<_>>()
    );
    assert!(second.iter().all(|(_, ran)| !ran), "{second:?}");
    let gate = |r: &str| {
        serde_json::from_str::<serde_json::Value>(&p.read(r)).expect("JSON")["targets"][0]["gate"]
            .clone()
    };
    assert_eq!(gate("r2.json"), gate("r1.json"));

    // An output edited on disk: the stages serve the build and it is written again.
    p.write("build/one/skeleton.json", "{}");
    p.rigc(&["build", "--all"])
        .green()
        .stdout_has("nothing ran");
    assert_eq!(p.read("build/one/skeleton.json"), skeleton);

    // A changed part PNG: that measure runs again.
    p.write("parts/head.png", fixture::part_png(26, 20));
    p.rigc(&["build", "--all", "--report", "r3.json"]).green();
    let third = report_stages(&p, "r3.json");
    assert!(
        third.contains(&("measure:head.png".to_string(), true)),
        "{third:?}"
    );
    assert!(
        third.contains(&("measure:body.png".to_string(), false)),
        "{third:?}"
    );
    assert_ne!(p.read("build/one/skeleton.atlas"), "");

    // A torn trace is named, deleted, and the stages serve the build.
    let traces: Vec<_> = util::walk(&p.path().join("cache/actions"))
        .into_iter()
        .filter(|f| std::fs::read(f).is_ok_and(|t| t.starts_with(b"target\n")))
        .collect();
    assert_eq!(traces.len(), 1, "one trace per target: {traces:?}");
    let text = std::fs::read(&traces[0]).expect("trace");
    std::fs::write(&traces[0], &text[..text.len() / 2]).expect("tear it");
    p.rigc(&["build", "--all"])
        .green()
        .stdout_has("nothing ran")
        .stderr_has("is corrupt or truncated");
    p.rigc(&["build", "--all"])
        .green()
        .stdout_has("nothing ran");
}
