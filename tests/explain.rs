//! `rigc explain` (CLI.md §3, FORMAT.md §6.7): the compiled rig as tables,
//! held to the compiled skeleton a green build writes (bones, slots in draw
//! order, every timeline's key count, every key's time, values and curve
//! kind); it writes nothing, compiles through build's cache (a second run
//! and a run after a build run no stage), prints the same sections as one
//! JSON document, explains a rig the gate refuses, takes a rigc.toml target
//! by name, and refuses a rig that does not compile as build does.

use crate::build::build_reference;
use crate::fixture;
use crate::util::{self, Project, Run};
use serde_json::Value;

/// `rigc explain` of a reference rig copied to `rig/`, `--out` named `out`.
fn explain(p: &Project, rig: &str, motion: &str, json: bool) -> Run {
    let (rig, motion) = (format!("rig/{rig}"), format!("rig/{motion}"));
    let mut args = vec![
        "explain", "--rig", &rig, "--motion", &motion, "--out", "out",
    ];
    if json {
        args.splice(0..0, ["--message-format", "json"]);
    }
    p.rigc(&args)
}

/// The `stages:` line's counts: (ran, from the cache).
fn stage_counts(run: &Run) -> (usize, usize) {
    let line = run
        .stdout
        .lines()
        .find_map(|l| l.strip_prefix("  ..    stages: "))
        .unwrap_or_else(|| panic!("no stages line{}", run.dump()));
    let ran: usize = line
        .split(' ')
        .next()
        .and_then(|n| n.parse().ok())
        .expect("ran count");
    let cached: usize = line
        .rsplit_once(", ")
        .and_then(|(_, c)| c.split(' ').next())
        .and_then(|n| n.parse().ok())
        .expect("cached count");
    (ran, cached)
}

/// A value as the skeleton spells it.
fn spelled(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// The curve kind a key's `curve` field states.
fn curve_kind(key: &Value) -> String {
    match key.get("curve") {
        None => "linear".into(),
        Some(Value::String(s)) => s.clone(),
        Some(Value::Array(a)) => format!("bezier[{}]", a.len()),
        Some(other) => panic!("curve {other}"),
    }
}

/// Asserts explain's tables against the skeleton a green build wrote.
fn assert_tables(run: &Run, skeleton: &Value) {
    let out = &run.stdout;
    let lines: Vec<&str> = out.lines().collect();
    // Bones: every bone, its parent and its setup position.
    for b in skeleton["bones"].as_array().expect("bones") {
        let want = format!(
            "  {:<12} parent={:<10} x={} y={}",
            spelled(&b["name"]),
            b.get("parent").map_or("-".into(), spelled),
            b.get("x").map_or("0".into(), spelled),
            b.get("y").map_or("0".into(), spelled)
        );
        assert!(
            lines.iter().any(|l| l.starts_with(&want)),
            "no {want:?}{}",
            run.dump()
        );
    }
    // Slots: the array's order, which is the draw order.
    let slots: Vec<String> = skeleton["slots"]
        .as_array()
        .expect("slots")
        .iter()
        .map(|s| {
            format!(
                "  {} bone={} setup={}",
                spelled(&s["name"]),
                spelled(&s["bone"]),
                spelled(&s["attachment"])
            )
        })
        .collect();
    let shown: Vec<&str> = lines
        .iter()
        .skip_while(|l| !l.starts_with("slots  (array order IS the draw order)"))
        .skip(1)
        .take(slots.len())
        .copied()
        .collect();
    assert_eq!(shown.len(), slots.len(), "{}", run.dump());
    for (line, want) in shown.iter().zip(&slots) {
        assert!(line.starts_with(want.as_str()), "{line:?} is not {want:?}");
    }
    // Animations: every bone timeline, its key count, every key.
    let mut checked = 0;
    for (name, anim) in skeleton["animations"].as_object().expect("animations") {
        assert!(lines
            .iter()
            .any(|l| l.starts_with(&format!("  {name}  declared="))));
        for (bone, tls) in anim["bones"].as_object().into_iter().flatten() {
            for (tl, keys) in tls.as_object().expect("timelines") {
                let keys = keys.as_array().expect("keys");
                let head = format!("    {bone}.{tl}  {} key(s)", keys.len());
                let at = lines
                    .iter()
                    .position(|l| *l == head)
                    .unwrap_or_else(|| panic!("no {head:?}{}", run.dump()));
                for (i, k) in keys.iter().enumerate() {
                    let line = lines[at + 1 + i];
                    let t = k.get("time").map_or("0".into(), spelled);
                    assert!(
                        line.starts_with(&format!("      t={t:<7} ")),
                        "{line:?} at t={t}"
                    );
                    for (f, v) in k.as_object().expect("key") {
                        if f != "time" && f != "curve" {
                            assert!(
                                line.contains(&format!("{f}={}", spelled(v))),
                                "{line:?} lacks {f}"
                            );
                        }
                    }
                    assert!(
                        line.trim_end().ends_with(&curve_kind(k)),
                        "{line:?}: {}",
                        curve_kind(k)
                    );
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 0, "no key checked{}", run.dump());
}

#[test]
fn walk_explains_the_skeleton_build_writes_and_compiles_nothing_twice() {
    let (p, built) = build_reference("rigc-gallery/walk", "rig.json", "motion.json", "spine");
    built.green();
    let skeleton: Value = serde_json::from_str(&p.read("out/skeleton.json")).expect("JSON");
    // A fresh --out: explain writes nothing into it, nor creates it.
    std::fs::remove_dir_all(p.path().join("out")).expect("rm out");
    let run = explain(&p, "rig.json", "motion.json", false);
    run.green()
        .stdout_has("rigc explain rig/rig.json")
        .stdout_has("bones  (spine world: y up)")
        .stdout_has("mix table (player config, not skeleton JSON)")
        .stdout_lacks("PASS  ");
    assert!(!p.exists("out"), "explain wrote{}", run.dump());
    assert_tables(&run, &skeleton);
    // The stage the rig declares, and the version the skeleton states.
    let rig: Value = serde_json::from_str(&p.read("rig/rig.json")).expect("rig JSON");
    run.stdout_has(&format!(
        "stage  {} x {}  (spine {})",
        rig["skeleton"]["width"],
        rig["skeleton"]["height"],
        skeleton["skeleton"]["spine"].as_str().expect("spine")
    ));
    // The build compiled every stage; explain ran none of them again.
    let (ran, cached) = stage_counts(&run);
    assert_eq!(ran, 0, "explain compiled again{}", run.dump());
    assert!(cached > 0);
    // The loop hint is the motion spec's.
    let motion: Value = serde_json::from_str(&p.read("rig/motion.json")).expect("motion JSON");
    for (name, a) in motion["animations"].as_object().expect("animations") {
        let looping = a.get("loop").map_or("unset".into(), |l| l.to_string());
        run.stdout_has(&format!(
            "  {name}  declared={}s loop={looping}",
            a["duration"]
        ));
    }
}

#[test]
fn a_second_explain_is_served_by_the_cache_and_json_has_the_sections() {
    let p = Project::new();
    p.copy_dir(&util::shared().join("reference").join("rigc-buoy"), "rig");
    let first = explain(&p, "buoy.rig.json", "buoy.motion.json", false);
    first.green();
    let (ran, cached) = stage_counts(&first);
    assert!(ran > 0 && cached == 0, "{}", first.dump());
    let second = explain(&p, "buoy.rig.json", "buoy.motion.json", true);
    second.green();
    let doc: Value = serde_json::from_str(&second.stdout)
        .unwrap_or_else(|e| panic!("not JSON: {e}{}", second.dump()));
    for section in [
        "header",
        "stage",
        "bones",
        "slots",
        "animations",
        "deform",
        "physics",
        "paths",
        "sliders",
        "skin_members",
        "mix",
        "stages",
    ] {
        assert!(doc.get(section).is_some(), "no {section}{}", second.dump());
    }
    // The second run compiled nothing: every stage the first ran came from the cache.
    assert_eq!(doc["stages"]["ran"].as_array().map(Vec::len), Some(0));
    assert_eq!(doc["stages"]["cached"].as_array().map(Vec::len), Some(ran));
    assert!(!p.exists("out"));
    // The sections against the compiled skeleton build writes.
    let (b, built) = build_reference("rigc-buoy", "buoy.rig.json", "buoy.motion.json", "spine");
    built.green();
    let skeleton: Value = serde_json::from_str(&b.read("out/skeleton.json")).expect("JSON");
    let names = |v: &Value| -> Vec<String> {
        v.as_array()
            .expect("array")
            .iter()
            .map(|x| spelled(&x["name"]))
            .collect()
    };
    assert_eq!(names(&doc["bones"]), names(&skeleton["bones"]));
    assert_eq!(names(&doc["slots"]), names(&skeleton["slots"]));
    let anims: Vec<&String> = skeleton["animations"]
        .as_object()
        .expect("animations")
        .keys()
        .collect();
    assert_eq!(names(&doc["animations"]).iter().collect::<Vec<_>>(), anims);
    assert_eq!(doc["deform"]["keys"].as_array().map(Vec::len), Some(0));
    assert_tables(
        &explain(&b, "buoy.rig.json", "buoy.motion.json", false),
        &skeleton,
    );
}

#[test]
fn a_rig_the_gate_refuses_is_explained_and_a_target_is_named_by_rigc_toml() {
    // Under spine-html an overlay whose PNG has no alpha fails A19.
    let p = Project::new();
    fixture::tiny(&p);
    p.write("parts/head.png", fixture::rgb_png(24, 20));
    p.write(
        "rigc.toml",
        fixture::manifest(&["tiny"]).replace("profile = \"spine\"", "profile = \"spine-html\""),
    );
    p.rigc(&["build", "tiny"])
        .code(1)
        .stdout_has("FAIL  A19_OVERLAY_PNGS_HAVE_ALPHA");
    let run = p.rigc(&["explain", "tiny"]);
    run.green()
        .stdout_has("rigc explain tiny")
        .stdout_has("  head.rotate  3 key(s)")
        .stdout_has("stage  200 x 100  (spine 4.3.13)")
        .stdout_lacks("A19");
    assert!(!p.exists("build/tiny"), "explain wrote{}", run.dump());
    // The build ran the compile stages; explain reran none of them.
    assert_eq!(stage_counts(&run).0, 0, "{}", run.dump());
    p.rigc(&["explain", "nope"])
        .code(2)
        .stderr_has("declares no target \"nope\"");
}

#[test]
fn a_rig_that_does_not_compile_is_refused_as_build_refuses_it() {
    let p = Project::new();
    fixture::tiny(&p);
    p.write(
        "rig.json",
        fixture::RIG.replace("\"parent\": \"body\"", "\"parent\": \"nobody\""),
    );
    let args = [
        "explain",
        "--rig",
        "rig.json",
        "--motion",
        "motion.json",
        "--out",
        "out",
    ];
    let build = p.rigc(&fixture::args("out", &[]));
    build.code(1);
    let run = p.rigc(&args);
    run.code(1)
        .stderr_has("rigc explain: rig.json does not compile — nothing to explain");
    // The same refusal as build's, word for word.
    let first = |r: &Run| r.stderr.lines().next().unwrap_or_default().to_string();
    assert_eq!(first(&run), first(&build), "{}", run.dump());
    assert!(!p.exists("out"));
    // Art that does not resolve is explain's own refusal: exit 2.
    fixture::tiny(&p);
    std::fs::remove_file(p.path().join("parts/head.png")).expect("rm");
    p.rigc(&args)
        .code(2)
        .stderr_has("rigc explain: rig.json names art that does not resolve — nothing to explain");
    p.rigc(&["explain", "--rig", "rig.json"])
        .code(2)
        .stderr_has("--motion, --out is required");
}

/// portrait's turn: each transform key is printed as FORMAT.md §3.14.1's
/// example block shows it (its lines read from the spec at test time, up to
/// the elided vertex lines), the offsets those of the compiled run, and the
/// DEFORM row names the same model.
#[test]
fn a_transform_key_prints_its_model_formula_and_offsets_as_the_format_shows() {
    let format = std::fs::read_to_string(util::shared().join("spec/FORMAT.md")).unwrap();
    let example: Vec<&str> = format
        .split("`explain` prints, per transform key (example):\n```\n")
        .nth(1)
        .and_then(|rest| rest.split("\n```").next())
        .expect("§3.14.1's example block")
        .lines()
        .filter(|l| !l.contains("more lines"))
        .collect();
    assert!(example.len() >= 9, "{example:?}");
    let p = Project::new();
    p.copy_dir(
        &util::shared().join("reference/rigc-gallery/portrait"),
        "rig",
    );
    let run = explain(&p, "rig.json", "motion.json", false);
    assert_eq!(run.code, 0, "{}", run.dump());
    let lines: Vec<&str> = run.stdout.lines().collect();
    let at = lines
        .iter()
        .position(|l| *l == example[0])
        .unwrap_or_else(|| panic!("no line {:?}{}", example[0], run.dump()));
    assert_eq!(&lines[at..at + example.len()], &example[..]);
    assert!(
        run.stdout.contains(
            "  DEFORM  turn  default/head/head  key 1  t=0.620000  transform yaw  radius=170 degrees=12\n"
        ),
        "{}",
        run.dump()
    );
    assert!(!p.path().join("out").exists(), "explain wrote nothing");
}

/// squash at t=0.4 (FIGURES.md): the affine squash key prints its run, its
/// determinant and the nine offsets, each computed here from the motion's
/// `scale`/`about` and the rig's own ball vertices.
#[test]
fn squash_prints_its_affine_key_with_the_determinant_and_offsets() {
    let p = Project::new();
    p.copy_dir(&util::shared().join("reference/rigc-gallery/squash"), "rig");
    let rig: Value = serde_json::from_str(&p.read("rig/rig.json")).unwrap();
    let motion: Value = serde_json::from_str(&p.read("rig/motion.json")).unwrap();
    let key = motion["animations"]["bounce"]["deform"][0]["keys"]
        .as_array()
        .unwrap()
        .iter()
        .find(|k| k["t"] == 0.4)
        .expect("the impact key")
        .clone();
    let pair = |v: &Value| (v[0].as_f64().unwrap(), v[1].as_f64().unwrap());
    let (sx, sy) = pair(&key["transform"]["scale"]);
    let (ax, ay) = pair(&key["transform"]["about"]);
    let r6 = |v: f64| {
        let q = (v * 1e6).round() / 1e6;
        if q == 0.0 {
            0.0
        } else {
            q
        }
    };
    let offsets: Vec<String> = rig["skins"]["default"]["ball"]["ball"]["vertices"]
        .as_array()
        .unwrap()
        .chunks(2)
        .enumerate()
        .map(|(i, v)| {
            let (x, y) = (v[0].as_f64().unwrap(), v[1].as_f64().unwrap());
            format!(
                "v {i:>2} ({}, {})",
                r6((sx - 1.0) * (x - ax)),
                r6((sy - 1.0) * (y - ay))
            )
        })
        .collect();
    assert_eq!(offsets.len(), 9);
    let run = explain(&p, "rig.json", "motion.json", false);
    assert_eq!(run.code, 0, "{}", run.dump());
    let block = run
        .stdout
        .split("      t=0.4     deform[0..18]  9 pair(s)")
        .nth(1)
        .unwrap_or_else(|| panic!("no t=0.4 deform key{}", run.dump()));
    let block: String = block.lines().take(9).collect::<Vec<_>>().join("\n");
    assert!(
        block.contains(&format!("det = sx·sy = {} > 0", r6(sx * sy))),
        "{block}"
    );
    for o in &offsets {
        assert!(block.contains(o.as_str()), "{o} in\n{block}");
    }
}
