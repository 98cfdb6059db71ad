//! The owl gallery rig (`gallery/owl`, issue #15 item 7): a head turn and a nod.
//! Every figure its README states is recomputed here from the closed forms of
//! FORMAT.md §3.9 and §3.14.1 and FACE.md §4.2, reading the rig's own columns,
//! rows and bone coordinates and the motion's radii, angles and depths, then
//! held three ways: the README prints it as written, the compiled deform runs
//! hold it, and spine-core (the oracle) poses the mesh and the feature bones
//! there. The grid's fold angle is bracketed against A39 itself.

use crate::util::{self, Project};
use serde_json::Value;
use std::path::PathBuf;

fn dir() -> PathBuf {
    util::workspace().join("gallery/owl")
}

fn read_json(name: &str) -> Value {
    let text = std::fs::read_to_string(dir().join(name)).expect("gallery/owl file");
    serde_json::from_str(&text).expect("gallery/owl JSON")
}

fn readme() -> String {
    std::fs::read_to_string(dir().join("README.md")).expect("gallery/owl/README.md")
}

fn num(v: &Value) -> f64 {
    v.as_f64().unwrap_or_else(|| panic!("not a number: {v}"))
}

fn has(readme: &str, line: &str) {
    assert!(
        readme.contains(line),
        "gallery/owl/README.md does not state {line:?}"
    );
}

fn close(got: f64, want: f64, what: &str) {
    assert!(
        (got - want).abs() <= 2e-3,
        "{what}: spine-core {got}, closed form {want}"
    );
}

/// One projection of FORMAT.md §3.14.1 as this rig's motion states it.
struct Turn {
    kind: String,
    radius: f64,
    degrees: f64,
    about: f64,
    /// The held key's time, between the two keys holding the model.
    held: f64,
    /// The key times of the two held keys.
    span: (f64, f64),
}

impl Turn {
    fn of(motion: &Value, animation: &str) -> Turn {
        let deform = &motion["animations"][animation]["deform"][0];
        assert_eq!(deform["slot"], "head");
        let keys = deform["keys"].as_array().unwrap();
        let tr = &keys[1]["transform"];
        assert_eq!(tr, &keys[2]["transform"], "{animation}: the model is held");
        let span = (num(&keys[1]["t"]), num(&keys[2]["t"]));
        Turn {
            kind: tr["kind"].as_str().unwrap().to_string(),
            radius: num(&tr["radius"]),
            degrees: num(&tr["degrees"]),
            about: tr.get("about").map_or(0.0, num),
            held: (span.0 + span.1) / 2.0,
            span,
        }
    }
    fn t(&self) -> f64 {
        self.degrees.to_radians()
    }
    /// `z` and the offset of the column (or row) at `c`.
    fn at(&self, c: f64) -> (f64, f64) {
        let u = c - self.about;
        let z = (self.radius * self.radius - u * u).sqrt();
        (z, u * (self.t().cos() - 1.0) - z * self.t().sin())
    }
    /// FACE.md §4.2: each adjacent pair whose depth grows toward the middle,
    /// with the angle at which it swaps order, `atan(Δc / Δz)`.
    fn folds(&self, cs: &[f64]) -> Vec<(f64, f64, f64)> {
        cs.windows(2)
            .filter_map(|w| {
                let (z1, z2) = (self.at(w[0]).0, self.at(w[1]).0);
                (z2 > z1).then(|| (w[0], w[1], ((w[1] - w[0]) / (z2 - z1)).atan().to_degrees()))
            })
            .collect()
    }
}

/// A derived group key's model (FORMAT.md §3.9) over `features`.
struct Derive {
    degrees: f64,
    carried: f64,
    about: f64,
    depth: Vec<(String, f64)>,
}

fn derive_of(motion: &Value, animation: &str, property: &str) -> Derive {
    let track = motion["animations"][animation]["tracks"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["group"] == "features" && t["property"] == property)
        .unwrap_or_else(|| panic!("{animation}: no features {property} track"));
    let d = &track["keys"][1]["derive"];
    Derive {
        degrees: num(&d["degrees"]),
        carried: d.get("carried").map_or(0.0, num),
        about: d.get("about").map_or(0.0, num),
        depth: d["depth"]
            .as_object()
            .unwrap()
            .iter()
            .map(|(m, z)| (m.clone(), num(z)))
            .collect(),
    }
}

/// The bone `name`'s setup `(x, y)` in the rig.
fn bone_xy(rig: &Value, name: &str) -> (f64, f64) {
    let b = rig["bones"]
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["name"] == name)
        .unwrap_or_else(|| panic!("no bone {name}"));
    (b.get("x").map_or(0.0, num), b.get("y").map_or(0.0, num))
}

fn head_mesh(rig: &Value) -> &Value {
    &rig["skins"]["default"]["head"]["head"]
}

fn vertices(rig: &Value) -> Vec<(f64, f64)> {
    head_mesh(rig)["vertices"]
        .as_array()
        .unwrap()
        .chunks(2)
        .map(|c| (num(&c[0]), num(&c[1])))
        .collect()
}

fn distinct(mut v: Vec<f64>) -> Vec<f64> {
    v.sort_by(f64::total_cmp);
    v.dedup();
    v
}

fn list(cs: &[f64]) -> String {
    cs.iter()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// The README's figures of one turn: its model line, the column (row) table,
/// the bands and the fold pairs. Returns the grid's fold angle.
fn check_turn(readme: &str, turn: &Turn, cs: &[f64], name: &str) -> f64 {
    let t = turn.t();
    has(
        readme,
        &format!(
            "{}  t = {}° = {t:.6} rad  cos t - 1 = {:.6}  sin t = {:.6}  -R·sin t = {:.3}  (R = {})",
            turn.kind,
            turn.degrees,
            t.cos() - 1.0,
            t.sin(),
            -turn.radius * t.sin(),
            turn.radius
        ),
    );
    for &c in cs {
        let (z, d) = turn.at(c);
        has(readme, &format!("| {c} | {z:.3} | {d:.3} | {:.3} |", c + d));
    }
    for w in cs.windows(2) {
        let (a, b) = (w[0], w[1]);
        let turned = (b + turn.at(b).1) - (a + turn.at(a).1);
        has(
            readme,
            &format!(
                "| {a} → {b} | {:.2} | {turned:.2} | {:.3} |",
                b - a,
                turned / (b - a)
            ),
        );
    }
    let folds = turn.folds(cs);
    assert!(!folds.is_empty(), "{name}: some pair can fold");
    for &(a, b, f) in &folds {
        has(readme, &format!("| {a}, {b} | {f:.2}° |"));
    }
    let fold = folds.iter().map(|f| f.2).fold(f64::MAX, f64::min);
    assert!(fold > turn.degrees, "{name}: the turn stays below its fold");
    has(readme, &format!("**{fold:.2}°**"));
    // The continuous surface's limit at the outermost column (row).
    let outer = cs
        .iter()
        .map(|c| (c - turn.about).abs())
        .fold(0.0, f64::max);
    let z = (turn.radius * turn.radius - outer * outer).sqrt();
    let limit = (z / outer).atan().to_degrees();
    has(readme, &format!("**{limit:.2}°**"));
    fold
}

/// The README's feature table of one animation; returns each member's
/// `(name, coordinate, whole move, scale)`.
fn check_features(
    readme: &str,
    rig: &Value,
    shift: &Derive,
    scale: &Derive,
    axis: usize,
) -> Vec<(String, f64, f64, f64)> {
    let t = shift.degrees.to_radians();
    assert_eq!(scale.degrees, shift.degrees);
    let mut out = Vec::new();
    for (m, z) in &shift.depth {
        let xy = bone_xy(rig, m);
        let c = if axis == 0 { xy.0 } else { xy.1 };
        let u = c - shift.about;
        let residual = u * (t.cos() - 1.0) - (z - shift.carried) * t.sin();
        let whole = u * (t.cos() - 1.0) - z * t.sin();
        let zs = scale
            .depth
            .iter()
            .find(|(n, _)| n == m)
            .expect("a scale depth")
            .1;
        let alpha = (c - scale.about).atan2(zs);
        let s = (alpha - t).cos() / alpha.cos();
        has(
            readme,
            &format!("| {m} | {c} | {z} | {whole:.3} | {residual:.3} | {s:.4} |"),
        );
        out.push((m.clone(), c, whole, s));
    }
    out
}

fn pose(out: &std::path::Path, animation: &str, time: f64) -> Value {
    let doc = util::oracle(&[
        out.join("skeleton.json").to_str().unwrap(),
        out.join("skeleton.atlas").to_str().unwrap(),
        animation,
        &time.to_string(),
    ])
    .unwrap_or_else(|e| panic!("spine-core could not pose {animation}: {e}"));
    doc["frames"][0].clone()
}

fn bone<'a>(frame: &'a Value, name: &str) -> &'a Value {
    frame["bones"]
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["name"] == name)
        .unwrap_or_else(|| panic!("no bone {name}"))
}

#[test]
fn the_owl_readme_states_the_closed_forms_and_spine_core_poses_them() {
    util::gallery_plugins();
    let (rig, motion, readme) = (read_json("rig.json"), read_json("motion.json"), readme());
    let verts = vertices(&rig);
    let cols = distinct(verts.iter().map(|v| v.0).collect());
    let rows = distinct(verts.iter().map(|v| v.1).collect());
    let tris = head_mesh(&rig)["triangles"].as_array().unwrap().len() / 3;
    let (w, h) = (
        num(&head_mesh(&rig)["width"]),
        num(&head_mesh(&rig)["height"]),
    );

    // The grid, outline first: the perimeter's vertices lead the list.
    let perimeter = 2 * (cols.len() + rows.len()) - 4;
    assert_eq!(verts.len(), cols.len() * rows.len());
    for &(x, y) in &verts[..perimeter] {
        let edge = [cols[0], cols[cols.len() - 1]].contains(&x)
            || [rows[0], rows[rows.len() - 1]].contains(&y);
        assert!(edge, "({x}, {y}) is interior but in the first {perimeter}");
    }
    has(
        &readme,
        &format!(
            "plate, {w} × {h}): {} columns × {} rows, {} vertices, {tris} triangles",
            cols.len(),
            rows.len(),
            verts.len()
        ),
    );
    has(&readme, &format!("`hull` {perimeter}"));
    has(&readme, &format!("The {perimeter} perimeter vertices"));
    has(
        &readme,
        &format!("the {} interior ones", verts.len() - perimeter),
    );
    let mut rows_down = rows.clone();
    rows_down.reverse();
    has(
        &readme,
        &format!(
            "columns `x = {}`, rows `y = {}`",
            list(&cols),
            list(&rows_down)
        ),
    );

    let yaw = Turn::of(&motion, "turn");
    let pitch = Turn::of(&motion, "nod");
    for (turn, what) in [(&yaw, "to her right (`turn`)"), (&pitch, "down\n(`nod`)")] {
        has(&readme, &format!("{}° {what}", turn.degrees));
        has(
            &readme,
            &format!(
                "`{{ \"kind\": \"{}\", \"radius\": {}, \"degrees\": {} }}` held {} s → {} s",
                turn.kind, turn.radius, turn.degrees, turn.span.0, turn.span.1
            ),
        );
    }
    // The radii are the plate's half-width and half-height.
    assert_eq!((yaw.radius, pitch.radius), (w / 2.0, h / 2.0));
    has(&readme, &format!("radius {} (its half-width)", yaw.radius));
    has(
        &readme,
        &format!("({}: the plate's half-height)", pitch.radius),
    );
    has(&readme, &format!("well past the {}° it turns", yaw.degrees));
    has(
        &readme,
        &format!("| head plate, turning | `R = {}` |", yaw.radius),
    );
    has(
        &readme,
        &format!("| head plate, nodding | `R = {}` |", pitch.radius),
    );
    has(
        &readme,
        &format!("{}° of yaw, `R = {}`", yaw.degrees, yaw.radius),
    );
    has(
        &readme,
        &format!("{}° of pitch, `R = {}`", pitch.degrees, pitch.radius),
    );
    let yaw_fold = check_turn(&readme, &yaw, &cols, "turn");
    check_turn(&readme, &pitch, &rows, "nod");
    // FACE.md §4.2's identity: the outer column sits at R·cos(its own limit).
    let outer = cols[cols.len() - 1];
    let limit = ((yaw.radius * yaw.radius - outer * outer).sqrt() / outer).atan();
    assert!((yaw.radius * limit.cos() - outer).abs() < 1e-9);
    has(
        &readme,
        &format!("`R·cos {:.2}° = {outer}`", limit.to_degrees()),
    );

    // The features: the shared shift on faceshift, then the residuals.
    let turn_shift = derive_of(&motion, "turn", "translatex");
    let nod_shift = derive_of(&motion, "nod", "translatey");
    assert_eq!(turn_shift.carried, yaw.radius, "carried = the plate's R");
    assert_eq!(nod_shift.carried, pitch.radius);
    for (animation, property, turn) in [("turn", "translatex", &yaw), ("nod", "translatey", &pitch)]
    {
        let track = motion["animations"][animation]["tracks"]
            .as_array()
            .unwrap()
            .iter()
            .find(|t| t["bone"] == "faceshift" && t["property"] == property)
            .expect("faceshift's track");
        assert_eq!(num(&track["keys"][1]["derive"]["depth"]), turn.radius);
    }
    has(
        &readme,
        &format!(
            "({:.3} in `turn`, {:.3} in\n`nod`)",
            -yaw.radius * yaw.t().sin(),
            -pitch.radius * pitch.t().sin()
        ),
    );
    let turned = check_features(
        &readme,
        &rig,
        &turn_shift,
        &derive_of(&motion, "turn", "scalex"),
        0,
    );
    let nodded = check_features(
        &readme,
        &rig,
        &nod_shift,
        &derive_of(&motion, "nod", "scaley"),
        1,
    );
    let scale_of = |m: &str| turned.iter().find(|f| f.0 == m).unwrap().3;
    has(
        &readme,
        &format!("far eye narrows to {:.4}", scale_of("eye_l")),
    );
    has(
        &readme,
        &format!("near one widens to {:.4}", scale_of("eye_r")),
    );
    let depth = |d: &Derive, m: &str| d.depth.iter().find(|(n, _)| n == m).unwrap().1;
    for (m, row) in [
        ("eye_l", "| `eye_l`, `eye_r` |"),
        ("beak", "| `beak` |"),
        ("brow_l", "| `brow_l`, `brow_r` |"),
    ] {
        has(&readme, &format!("{row} {} |", depth(&turn_shift, m)));
        assert_eq!(
            depth(&turn_shift, m),
            depth(&nod_shift, m),
            "one depth table"
        );
    }
    // The beak is the one part in front of the turn's surface: the only negative residual.
    has(
        &readme,
        &format!(
            "stands {} in front",
            depth(&turn_shift, "beak") - yaw.radius
        ),
    );
    let brow_y = bone_xy(&rig, "brow_l").1;
    let below = pitch.radius - depth(&nod_shift, "brow_l");
    has(&readme, &format!("sit only {below} below"));
    has(
        &readme,
        &format!(
            "`{brow_y}·(cos t − 1) = {:.3}`",
            brow_y * (pitch.t().cos() - 1.0)
        ),
    );
    has(
        &readme,
        &format!("`{below}·sin t = {:.3}`", below * pitch.t().sin()),
    );

    // Both profiles green; the README's MESH line is the build's; A39 passes
    // over every deform key.
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("out");
    let run = util::build_gallery_rig(&dir(), &out, &["--profile", "spine-html"]);
    run.green()
        .stdout_has("PASS  A39_DEFORM_KEEPS_TRIANGLE_WINDING");
    let mesh = run
        .stdout
        .lines()
        .find(|l| l.starts_with("  MESH  head"))
        .expect("the MESH line");
    has(&readme, mesh);
    let reach = mesh
        .split("reaching ")
        .nth(1)
        .unwrap()
        .split("px")
        .next()
        .unwrap();
    has(&readme, &format!("The {reach}px"));
    let keys: usize = ["turn", "nod"]
        .iter()
        .map(|a| {
            motion["animations"][a]["deform"][0]["keys"]
                .as_array()
                .unwrap()
                .len()
        })
        .sum();
    run.stdout_has(&format!(
        "deformKeysMeasured={keys} deformTrianglesMeasured={}",
        keys * tris
    ));
    has(
        &readme,
        &format!("{keys} deform keys ({} triangles measured)", keys * tris),
    );
    util::build_gallery_rig(&dir(), &tmp.path().join("plain"), &[]).green();
    // `rigc explain owl` places each held key's run as the README says.
    let place = format!("deform[0..{}]  {} pair(s)", 2 * verts.len(), verts.len());
    has(&readme, &format!("(`{place}`)"));
    util::run_in(&util::workspace(), &["explain", "owl"])
        .code(0)
        .stdout_has(&place);

    // The compiled runs hold the closed form at every vertex (float32 text).
    let skeleton: Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("skeleton.json")).unwrap()).unwrap();
    // rigc derived `hull` from the triangles: the perimeter, which leads the list.
    let head_att = skeleton["skins"]
        .as_array()
        .unwrap()
        .iter()
        .find_map(|s| s["attachments"].get("head"))
        .expect("the head's skin entry");
    assert_eq!(head_att["head"]["hull"].as_u64(), Some(perimeter as u64));
    for (animation, turn, axis) in [("turn", &yaw, 0), ("nod", &pitch, 1)] {
        let key = &skeleton["animations"][animation]["attachments"]["default"]["head"]["head"]
            ["deform"][1];
        let run: Vec<f64> = key["vertices"]
            .as_array()
            .unwrap()
            .iter()
            .map(num)
            .collect();
        assert_eq!(run.len(), 2 * verts.len(), "{animation}: deform[0..50]");
        for (v, &(x, y)) in verts.iter().enumerate() {
            let d = rigc_sdk::num::quantise(turn.at(if axis == 0 { x } else { y }).1);
            let want = if axis == 0 { [d, 0.0] } else { [0.0, d] };
            assert_eq!(
                [run[2 * v] as f32, run[2 * v + 1] as f32],
                [want[0] as f32, want[1] as f32],
                "{animation} v{v}"
            );
        }
    }

    // spine-core at the held keys: the mesh's world vertices and the features.
    for (animation, turn, features, axis) in
        [("turn", &yaw, &turned, 0), ("nod", &pitch, &nodded, 1)]
    {
        let frame = pose(&out, animation, turn.held);
        let head = bone(&frame, "head");
        let (hx, hy) = (num(&head["worldX"]), num(&head["worldY"]));
        let mesh = frame["attachments"]
            .as_array()
            .unwrap()
            .iter()
            .find(|a| a["slot"] == "head")
            .expect("the head is drawn");
        let world: Vec<f64> = mesh["vertices"]
            .as_array()
            .unwrap()
            .iter()
            .map(num)
            .collect();
        for (v, &(x, y)) in verts.iter().enumerate() {
            let (wx, wy) = if axis == 0 {
                (hx + x + turn.at(x).1, hy + y)
            } else {
                (hx + x, hy + y + turn.at(y).1)
            };
            close(world[2 * v], wx, &format!("{animation} v{v} x"));
            close(world[2 * v + 1], wy, &format!("{animation} v{v} y"));
        }
        let shift = -turn.radius * turn.t().sin();
        let fs = bone(&frame, "faceshift");
        let fs_at = if axis == 0 {
            num(&fs["worldX"]) - hx
        } else {
            num(&fs["worldY"]) - hy
        };
        close(fs_at, shift, &format!("{animation} faceshift"));
        for (m, c, whole, s) in features {
            let b = bone(&frame, m);
            let (at, sc) = if axis == 0 {
                (num(&b["worldX"]) - hx, num(&b["a"]))
            } else {
                (num(&b["worldY"]) - hy, num(&b["d"]))
            };
            close(at, c + whole, &format!("{animation} {m} position"));
            close(sc, *s, &format!("{animation} {m} scale"));
        }
    }

    // The fold bracket: the held yaw just below the grid's fold angle gates
    // green, just above it A39 refuses the key and nothing is written.
    let (lo, hi) = (yaw_fold.floor(), yaw_fold.floor() + 1.0);
    has(&readme, &format!("held yaw at {lo}° the rig is green"));
    has(
        &readme,
        &format!("and at {hi}°\n`A39_DEFORM_KEEPS_TRIANGLE_WINDING` refuses it"),
    );
    let at = |degrees: f64| {
        let p = Project::new();
        p.copy_dir(&dir(), "owl");
        let mut m = motion.clone();
        for k in m["animations"]["turn"]["deform"][0]["keys"]
            .as_array_mut()
            .unwrap()
            .iter_mut()
            .skip(1)
            .take(2)
        {
            k["transform"]["degrees"] = degrees.into();
        }
        p.write("owl/motion.json", serde_json::to_string_pretty(&m).unwrap());
        let run = p.rigc(&[
            "build",
            "--rig",
            "owl/rig.json",
            "--motion",
            "owl/motion.json",
            "--out",
            "out",
            "--profile",
            "spine-html",
        ]);
        (p, run)
    };
    let (_, run) = at(lo);
    run.green()
        .stdout_has("PASS  A39_DEFORM_KEEPS_TRIANGLE_WINDING");
    let (p, run) = at(hi);
    run.code(1)
        .stdout_has(
            "FAIL  A39_DEFORM_KEEPS_TRIANGLE_WINDING: animation \"turn\" deform head/head key 1 ",
        )
        .stderr_has("nothing written");
    assert!(!p.exists("out"));
}
