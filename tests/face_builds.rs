//! FACE.md §9.2's three builds of portrait, through the binary: the good one,
//! (a) one band inverted (the far columns given each other's shift, as a
//! `vertices` table) and (b) the yaw folded at 40°. Under `--profile
//! spine-html` the first two are green and (b) is refused by A39 on both its
//! keys, nothing written; `explain`'s `DEFORM` block separates (a) from the good
//! build by its area ratios. And the angle A39 first refuses the shipped grid
//! at is §4.2's `tan θ = Δx/Δz` of its two far-left columns (31.37°…31.38°).
//! Every ratio and angle is computed here from the yaw's closed form over the
//! rig's own columns.

use crate::util::{self, Project, Run};
use serde_json::Value;

/// The head's yaw radius and angle in portrait's motion.
const RADIUS: f64 = 170.0;
const DEGREES: f64 = 12.0;

/// The yaw's offset of a vertex at column `x` (FORMAT.md §3.14.1, about 0).
fn dx(x: f64, degrees: f64) -> f64 {
    let t = degrees.to_radians();
    let z = (RADIUS * RADIUS - x * x).sqrt();
    x * (t.cos() - 1.0) - z * t.sin()
}

/// portrait copied under `rig/`, its motion's head deform keys passed through
/// `edit` (given the head's setup vertices).
pub(crate) fn portrait(edit: impl Fn(&mut Value, &[f64])) -> Project {
    let p = Project::new();
    p.copy_dir(
        &util::shared().join("reference/rigc-gallery/portrait"),
        "rig",
    );
    let rig: Value = serde_json::from_str(&p.read("rig/rig.json")).unwrap();
    let vertices: Vec<f64> = util::numbers(&rig["skins"]["default"]["head"]["head"]["vertices"]);
    let mut motion: Value = serde_json::from_str(&p.read("rig/motion.json")).unwrap();
    for track in motion["animations"]["turn"]["deform"]
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .filter(|t| t["slot"] == "head")
    {
        for key in track["keys"].as_array_mut().unwrap() {
            if key.get("transform").is_some() {
                edit(key, &vertices);
            }
        }
    }
    p.write("rig/motion.json", motion.to_string());
    p
}

pub(crate) fn run(p: &Project, command: &str, profile: Option<&str>) -> Run {
    let mut args = vec![
        command,
        "--rig",
        "rig/rig.json",
        "--motion",
        "rig/motion.json",
        "--out",
        "out",
    ];
    if let Some(profile) = profile {
        args.extend(["--profile", profile]);
    }
    p.rigc(&args)
}

/// The `area` line's (min, max) of `DEFORM turn default/head/head key 1`, and
/// its `winding` line.
/// The shift of a vertex in column `x` with the two far columns' shifts swapped.
fn swapped(x: f64) -> f64 {
    let yaw = |x: f64| dx(x, DEGREES);
    match x as i64 {
        -162 => yaw(-120.0),
        -120 => yaw(-162.0),
        _ => yaw(x),
    }
}

/// Build (a): each vertex takes the shift of the column it is in, with the
/// two far columns' shifts swapped — a table, since a transform cannot say it.
pub(crate) fn inverted() -> Project {
    portrait(|key, vertices| {
        let o = key.as_object_mut().unwrap();
        o.remove("transform");
        let run: Vec<f64> = vertices
            .chunks(2)
            .flat_map(|v| [(swapped(v[0]) * 1e3).round() / 1e3, 0.0])
            .collect();
        o.insert("fromVertex".into(), 0.into());
        o.insert("vertices".into(), serde_json::json!(run));
    })
}

/// Build (b): the same closed form evaluated at 40°, past the fold.
pub(crate) fn folded() -> Project {
    portrait(|key, _| {
        key["transform"]["degrees"] = 40.into();
    })
}

fn head_key_1(explain: &Run) -> ((f64, f64), String) {
    let block = explain
        .stdout
        .split("  DEFORM  turn  default/head/head  key 1  ")
        .nth(1)
        .unwrap_or_else(|| panic!("no DEFORM row for head key 1{}", explain.dump()));
    let line = |name: &str| {
        block
            .lines()
            .find(|l| l.trim_start().starts_with(name))
            .unwrap_or_else(|| panic!("no {name} line{}", explain.dump()))
            .to_string()
    };
    let area = line("area");
    let ratio = |after: &str| -> f64 {
        area.split(after)
            .nth(1)
            .and_then(|r| r.split_whitespace().next())
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("no {after} in {area}"))
    };
    ((ratio("min x"), ratio("max x")), line("winding"))
}

fn close(got: f64, want: f64, what: &str) {
    assert!((got - want).abs() < 2e-6, "{what}: {got} against {want}");
}

#[test]
fn the_good_build_and_the_inverted_band_pass_a39_and_explain_tells_them_apart() {
    // The bands' area ratios: width after over width before (rows do not move).
    let band = |a: f64, b: f64, shift: &dyn Fn(f64) -> f64| (b + shift(b) - a - shift(a)) / (b - a);
    let yaw = |x: f64| dx(x, DEGREES);

    let good = portrait(|_, _| {});
    let built = run(&good, "build", Some("spine-html"));
    built
        .green()
        .stdout_has("  PASS  A39_DEFORM_KEEPS_TRIANGLE_WINDING\n")
        .stdout_has("  PASS  A35_DEFORM_KEYS_FIT_THE_ATTACHMENT\n");
    let ((min, max), winding) = head_key_1(&run(&good, "explain", None));
    close(min, band(-162.0, -120.0, &yaw), "good min (the far band)");
    close(max, band(120.0, 162.0, &yaw), "good max (the near band)");
    assert!(winding.contains("32 of 32 kept"), "{winding}");

    // (a): each vertex takes the shift of the column it is in, with the two
    // far columns' shifts swapped — a table, since a transform cannot say it.
    let inverted = inverted();
    let built = run(&inverted, "build", Some("spine-html"));
    built
        .green()
        .stdout_has("  PASS  A39_DEFORM_KEEPS_TRIANGLE_WINDING\n");
    // The same MESH line: it reports the setup pose.
    let mesh = |r: &Run| {
        r.stdout
            .lines()
            .find(|l| l.starts_with("  MESH  head"))
            .map(str::to_string)
    };
    assert_eq!(mesh(&built), mesh(&run(&good, "build", Some("spine-html"))));
    let explained = run(&inverted, "explain", None);
    explained.stdout_has("  DEFORM  turn  default/head/head  key 1  t=0.620000  authored table\n");
    let ((min, max), winding) = head_key_1(&explained);
    let r3 = |x: f64| (x * 1e3).round() / 1e3;
    let table = |x: f64| r3(swapped(x));
    // The far band now stretches; the compression lands on the band beside it.
    close(
        max,
        band(-162.0, -120.0, &table),
        "inverted max (the far band)",
    );
    close(
        min,
        band(-120.0, 0.0, &table),
        "inverted min (the band beside it)",
    );
    assert!(max > 1.36 && min > 0.76 && min < 0.77, "{min} {max}");
    assert!(winding.contains("32 of 32 kept"), "{winding}");
}

#[test]
fn the_folded_build_is_refused_on_both_keys_and_nothing_is_written() {
    let folded = folded();
    let refused = run(&folded, "build", Some("spine-html"));
    refused.code(1);
    for key in ["key 1 (t=0.6200000047683716s)", "key 2 (t=1.5s)"] {
        refused.stdout_has(&format!(
            "FAIL  A39_DEFORM_KEEPS_TRIANGLE_WINDING: animation \"turn\" deform head/head {key}: 8 of 32 triangle(s) reverse winding"
        ));
    }
    assert!(!folded.exists("out"), "a refused build writes nothing");
    // Under the default profile A39 is an archetype rule left out: green.
    run(&folded, "build", Some("spine"))
        .green()
        .stdout_has("  PROF  A39_DEFORM_KEEPS_TRIANGLE_WINDING");
    // explain measures what the gate refused: 8 triangles reversed.
    let ((min, _), winding) = head_key_1(&run(&folded, "explain", None));
    assert!(min < 0.0, "a reversed triangle's ratio is negative: {min}");
    assert!(winding.contains("24 of 32 kept"), "{winding}");
}

#[test]
fn a39_first_refuses_the_grid_where_its_far_columns_cross() {
    // The columns x = −162 and −120 project to x·cos t − z·sin t; they cross
    // where tan t = Δx / Δz (FACE.md §4.2).
    let z = |x: f64| (RADIUS * RADIUS - x * x).sqrt();
    let fold = (42.0 / (z(-120.0) - z(-162.0))).atan().to_degrees();
    assert!((31.37..31.38).contains(&fold), "{fold}");
    for (degrees, green) in [(fold - 0.005, true), (fold + 0.005, false)] {
        let p = portrait(|key, _| {
            key["transform"]["degrees"] = serde_json::json!((degrees * 1e4).round() / 1e4);
        });
        let built = run(&p, "build", Some("spine-html"));
        if green {
            built
                .green()
                .stdout_has("  PASS  A39_DEFORM_KEEPS_TRIANGLE_WINDING\n");
        } else {
            built
                .code(1)
                .stdout_has("FAIL  A39_DEFORM_KEEPS_TRIANGLE_WINDING: animation \"turn\" deform head/head key 1");
        }
    }
}
