//! The reference rigs' deform timelines through the binary (FIGURES.md): squash's
//! affine keys (`deform[0..18]`, det 0.888, the offsets v0…v8, the rim box
//! 264.0×162.8 at impact posed by spine-core), portrait's yaw columns, nod's
//! pitch rows, its fold angle (`degrees: 33` green, `34` refused by A39 naming
//! the key, its time and the reversed triangles — the A39 mutant and its
//! positive control on a compiled rig) and the wavelength-80 ear refused by its
//! message. Every expected figure is computed here from the kind's closed form
//! over the rig's own vertices (compared as the float32 the run is written as),
//! or quoted from FIGURES.md.
//! The motions are the reference rigs' own, `derive` tracks and per-member maps
//! included.

use crate::util::{self, Project};
use serde_json::Value;

/// A project holding the reference rig `name` under `rig/`, its motion passed
/// through `edit`.
fn reference(name: &str, edit: impl FnOnce(&mut Value)) -> Project {
    let p = Project::new();
    p.copy_dir(
        &util::shared().join("reference/rigc-gallery").join(name),
        "rig",
    );
    let mut motion: Value = serde_json::from_str(&p.read("rig/motion.json")).unwrap();
    edit(&mut motion);
    p.write(
        "rig/motion.json",
        serde_json::to_string_pretty(&motion).unwrap(),
    );
    p
}

fn build(p: &Project, extra: &[&str]) -> util::Run {
    let mut args = vec![
        "build",
        "--rig",
        "rig/rig.json",
        "--motion",
        "rig/motion.json",
        "--out",
        "out",
    ];
    args.extend_from_slice(extra);
    p.rigc(&args)
}

/// The rig's setup vertices of `skin/slot/attachment`, as `(x, y)`.
fn setup_vertices(p: &Project, slot: &str) -> Vec<(f64, f64)> {
    let rig: Value = serde_json::from_str(&p.read("rig/rig.json")).unwrap();
    rig["skins"]["default"][slot][slot]["vertices"]
        .as_array()
        .unwrap()
        .chunks(2)
        .map(|c| (c[0].as_f64().unwrap(), c[1].as_f64().unwrap()))
        .collect()
}

/// The emitted deform keys of `animation`'s `slot/slot`.
fn deform(p: &Project, animation: &str, slot: &str) -> Vec<Value> {
    let s: Value = serde_json::from_str(&p.read("out/skeleton.json")).unwrap();
    s["animations"][animation]["attachments"]["default"][slot][slot]["deform"]
        .as_array()
        .unwrap_or_else(|| panic!("no deform timeline on {slot}"))
        .clone()
}

fn nums(v: &Value) -> Vec<f64> {
    util::numbers(v)
}

fn r6(v: f64) -> f64 {
    (v * 1e6).round() / 1e6
}

#[test]
fn squash_at_impact() {
    let p = reference("squash", |_| {});
    build(&p, &[]).green();
    let key = deform(&p, "bounce", "ball")
        .into_iter()
        .find(|k| k["time"].as_f64() == Some(0.4))
        .expect("the impact key");
    // `{scale: [1.2, 0.74], about: [0, -110]}`: det = sx·sy = 0.888 > 0.
    let (sx, sy, ax, ay) = (1.2, 0.74, 0.0, -110.0);
    assert!((sx * sy - 0.888_f64).abs() < 1e-12);
    let ball = setup_vertices(&p, "ball");
    let want: Vec<f64> = ball
        .iter()
        .flat_map(|&(x, y)| [r6((sx - 1.0) * (x - ax)), r6((sy - 1.0) * (y - ay))])
        .collect();
    assert!(key.get("offset").is_none(), "deform[0..18]");
    let got = nums(&key["vertices"]);
    assert_eq!(got.len(), 18, "9 pair(s)");
    // Written as float32 text (FORMAT.md §5.2).
    for (g, w) in got.iter().zip(&want) {
        assert_eq!(*g as f32, *w as f32, "{got:?} vs {want:?}");
    }
    // FIGURES.md's printed offsets v0…v8.
    let printed = [
        22.0, -28.6, 15.5564, -48.82332, 0.0, -57.2, -15.5564, -48.82332, -22.0, -28.6, -15.5564,
        -8.37668, 0.0, 0.0, 15.5564, -8.37668, 0.0, -28.6,
    ];
    assert_eq!(got, printed);

    // spine-core at impact: the rim (vertices 0..7) spans 264.0×162.8, and the
    // contact vertex 6 sits at world y 44.0, as in the setup.
    let posed = |time: &str| {
        util::oracle(&[
            p.path().join("out/skeleton.json").to_str().unwrap(),
            p.path().join("out/skeleton.atlas").to_str().unwrap(),
            "bounce",
            time,
        ])
        .expect("spine-core poses squash")
    };
    let ball_world = |v: &Value| -> Vec<f64> {
        let a = v["frames"][0]["attachments"]
            .as_array()
            .unwrap()
            .iter()
            .find(|a| a["slot"] == "ball")
            .expect("the ball is shown")
            .clone();
        nums(&a["vertices"])
    };
    let w = ball_world(&posed("0.4"));
    let xs: Vec<f64> = (0..8).map(|v| w[2 * v]).collect();
    let ys: Vec<f64> = (0..8).map(|v| w[2 * v + 1]).collect();
    let span = |s: &[f64]| {
        s.iter().cloned().fold(f64::MIN, f64::max) - s.iter().cloned().fold(f64::MAX, f64::min)
    };
    assert!((span(&xs) - 264.0).abs() < 0.05, "rim width {}", span(&xs));
    assert!((span(&ys) - 162.8).abs() < 0.05, "rim height {}", span(&ys));
    assert!((w[13] - 44.0).abs() < 0.05, "vertex 6 at y {}", w[13]);
}

#[test]
fn portrait_yaw_columns() {
    let p = reference("portrait", |_| {});
    build(&p, &[]).green();
    let key = deform(&p, "turn", "head")
        .into_iter()
        .find(|k| k.get("vertices").is_some())
        .expect("a yaw key");
    let (r, t) = (170.0_f64, 12.0_f64.to_radians());
    let got = nums(&key["vertices"]);
    let head = setup_vertices(&p, "head");
    assert_eq!(got.len(), 2 * head.len(), "deform[0..50]  25 pair(s)");
    for (v, &(x, _)) in head.iter().enumerate() {
        let dx = x * (t.cos() - 1.0) - (r * r - x * x).sqrt() * t.sin();
        assert_eq!(got[2 * v] as f32, r6(dx) as f32, "v{v}");
        assert_eq!(got[2 * v + 1], 0.0);
    }
    // The column figures: −162 → −7.175, −120 → −22.414, 0 → −35.345, 120 → −27.658, 162 → −14.255.
    for (x, fig) in [
        (-162.0, -7.175),
        (-120.0, -22.414),
        (0.0, -35.345),
        (120.0, -27.658),
        (162.0, -14.255),
    ] {
        let v = head
            .iter()
            .position(|&(hx, _)| hx == x)
            .expect("the column");
        assert!(
            (got[2 * v] - fig).abs() < 5e-4,
            "column {x}: {}",
            got[2 * v]
        );
    }
}

/// nod with the held pitch of `bow` (keys 2 and 3) at `degrees`.
fn nod_at(degrees: f64) -> Project {
    reference("nod", |m| {
        for t in m["animations"]["bow"]["deform"].as_array_mut().unwrap() {
            if t["slot"] == "head" {
                for k in t["keys"].as_array_mut().unwrap().iter_mut().skip(2).take(2) {
                    k["transform"]["degrees"] = degrees.into();
                }
            }
        }
    })
}

#[test]
fn nod_pitch_rows_and_its_fold_angle() {
    let p = nod_at(12.0);
    build(&p, &[]).green();
    let key = &deform(&p, "bow", "head")[2];
    let (r, t) = (150.0_f64, 12.0_f64.to_radians());
    let got = nums(&key["vertices"]);
    for (v, &(_, y)) in setup_vertices(&p, "head").iter().enumerate() {
        let dy = y * (t.cos() - 1.0) - (r * r - y * y).sqrt() * t.sin();
        assert_eq!(
            (got[2 * v], got[2 * v + 1] as f32),
            (0.0, r6(dy) as f32),
            "v{v}"
        );
    }
    // `v 0 (0,-14.255723) … v 3 (0,-31.186754)`.
    assert_eq!((got[1], got[7]), (-14.255723, -31.186754));

    // The positive control: 33° holds its winding (A39 reads archetype rules,
    // which the spine-html profile runs).
    let p = nod_at(33.0);
    build(&p, &["--profile", "spine-html"])
        .green()
        .stdout_has("PASS  A39_DEFORM_KEEPS_TRIANGLE_WINDING");
    // The mutant: 34° folds the outer rows.
    let p = nod_at(34.0);
    build(&p, &["--profile", "spine-html"])
        .code(1)
        .stdout_has("FAIL  A39_DEFORM_KEEPS_TRIANGLE_WINDING: animation \"bow\" deform head/head key 2 (t=0.6000000238418579s): 2 of 8 triangle(s) reverse winding — triangle 6 [7,6,5] ")
        .stderr_has("nothing written");
    assert!(!p.exists("out"));
}

#[test]
fn nod_ear_at_wavelength_80_evaluates_to_nothing() {
    let p = reference("nod", |m| {
        let ear = m["animations"]["idle"]["deform"]
            .as_array_mut()
            .unwrap()
            .iter_mut()
            .find(|t| t["slot"] == "ear_l")
            .unwrap();
        ear["keys"][0]["transform"]["wavelength"] = 80.into();
    });
    let run = build(&p, &[]);
    run.code(1)
        .stderr_has("every one of this attachment's 22 vertices evaluates to an offset of 0");
    // FIGURES.md's largest pre-quantisation value, 1.225e-14, to the digits it prints.
    let after = run
        .stderr
        .split("the largest before quantising is ")
        .nth(1)
        .expect("the largest value is named");
    let largest: f64 = after.split(' ').next().unwrap().parse().unwrap();
    assert!((largest - 1.225e-14).abs() < 5e-18, "{largest}");
    assert!(!p.exists("out"));
}
