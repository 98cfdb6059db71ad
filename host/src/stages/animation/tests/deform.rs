//! Deform timelines compiled against hand-built setups holding the reference
//! rigs' meshes (FIGURES.md: squash's 9-vertex fan, portrait's 5×5 grid, nod's
//! head plate and ear strip — their geometry rebuilt here from the figures'
//! own numbers), each run checked against the kind's closed form computed in
//! the test; the run's place in the deform array (`fromVertex`, `offset`,
//! weighted influences); and the one curve channel of §5.4.

use super::{bezier, builtin_registry, compile_with, dump, setup};
use crate::spec::motion::tests::{motion, parse_str};
use rigc_sdk::model::{
    Animation, Attachment, BoundingBoxAttachment, Curve, DeformAttachment, Key, KeyValue,
    MeshAttachment, Skeleton, SkinSlot, Slot, Vertices, WeightedBinding,
};

/// `v` to 6 decimals, as the test computes it.
pub(super) fn r6(v: f64) -> f64 {
    let q = (v * 1e6).round() / 1e6;
    if q == 0.0 {
        0.0
    } else {
        q
    }
}

/// An unweighted mesh over `points`, with `triangles`.
pub(super) fn mesh(points: &[(f64, f64)], triangles: &[[u32; 3]]) -> Attachment {
    Attachment::Mesh(MeshAttachment {
        uvs: points.iter().flat_map(|_| [0.5, 0.5]).collect(),
        triangles: triangles.iter().flatten().copied().collect(),
        vertices: Vertices::Unweighted(points.iter().flat_map(|&(x, y)| [x, y]).collect()),
        hull: points.len() as u32,
        width: 240.0,
        height: 240.0,
        ..MeshAttachment::default()
    })
}

/// squash's ball as its reference rig authors it (FIGURES.md: rim vertices
/// 0..7 counter-clockwise from 0° at R_rim 110, the centre 8), read from
/// `rigc-gallery/squash/rig.json`.
pub(super) fn ball() -> Vec<(f64, f64)> {
    let path = crate::spec::motion::tests::reference("rigc-gallery/squash/rig.json");
    let text = std::fs::read_to_string(&path).expect("the squash rig");
    let rig: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    let xy: Vec<f64> = rig["skins"]["default"]["ball"]["ball"]["vertices"]
        .as_array()
        .expect("the ball's vertices")
        .iter()
        .filter_map(serde_json::Value::as_f64)
        .collect();
    assert_eq!(xy.len(), 18, "9 vertices");
    assert!((xy[2] - 110.0 * std::f64::consts::FRAC_PI_4.cos()).abs() < 1e-3);
    xy.chunks(2).map(|p| (p[0], p[1])).collect()
}

/// portrait's head grid (FIGURES.md): columns −162, −120, 0, 120, 162 by rows
/// 180, 90, 0, −90, −180, row after row.
pub(super) fn head() -> Vec<(f64, f64)> {
    let cols = [-162.0, -120.0, 0.0, 120.0, 162.0];
    let rows = [180.0, 90.0, 0.0, -90.0, -180.0];
    rows.iter()
        .flat_map(|&y| cols.iter().map(move |&x| (x, y)))
        .collect()
}

/// nod's head plate (FIGURES.md): x ±152 by rows 140, 105, 0, −105, −140.
pub(super) fn plate() -> Vec<(f64, f64)> {
    [140.0, 105.0, 0.0, -105.0, -140.0]
        .iter()
        .flat_map(|&y| [(-152.0, y), (152.0, y)])
        .collect()
}

/// nod's ear (FIGURES.md): x ±50 by y 0…−400 in steps of 40, 22 vertices.
pub(super) fn ear() -> Vec<(f64, f64)> {
    (0..11)
        .flat_map(|i| {
            let y = -40.0 * f64::from(i);
            [(-50.0, y), (50.0, y)]
        })
        .collect()
}

/// The refusal tests' setup plus slots `ball`, `head`, `plate`, `ear` (meshes),
/// `box` (an unweighted 4-vertex bounding box) and `wbox` (a weighted box whose
/// vertex 1 has two bone influences).
pub(super) fn deform_setup() -> Skeleton {
    let mut s = setup();
    let fan: Vec<[u32; 3]> = (0..8).map(|k| [8, k, (k + 1) % 8]).collect();
    let grid = |cols: u32, rows: u32| -> Vec<[u32; 3]> {
        let mut t = Vec::new();
        for r in 0..rows - 1 {
            for c in 0..cols - 1 {
                let i = r * cols + c;
                t.push([i, i + cols, i + 1]);
                t.push([i + 1, i + cols, i + cols + 1]);
            }
        }
        t
    };
    let bound = |vertices: Vertices, n: u32| {
        Attachment::BoundingBox(BoundingBoxAttachment {
            vertex_count: n,
            vertices,
            color: None,
        })
    };
    let one = |bone: u32, x: f64, y: f64| WeightedBinding {
        bone,
        x,
        y,
        weight: 1.0,
    };
    let entries: Vec<(&str, Attachment)> = vec![
        ("ball", mesh(&ball(), &fan)),
        ("head", mesh(&head(), &grid(5, 5))),
        ("plate", mesh(&plate(), &grid(2, 5))),
        ("ear", mesh(&ear(), &grid(2, 11))),
        (
            "box",
            bound(
                Vertices::Unweighted(vec![0.0, 0.0, 10.0, 0.0, 10.0, 10.0, 0.0, 10.0]),
                4,
            ),
        ),
        (
            "wbox",
            bound(
                Vertices::Weighted(vec![
                    vec![one(1, 0.0, 0.0)],
                    vec![
                        WeightedBinding {
                            weight: 0.5,
                            ..one(1, 5.0, 0.0)
                        },
                        WeightedBinding {
                            weight: 0.5,
                            ..one(2, 5.0, 0.0)
                        },
                    ],
                    vec![one(1, 10.0, 10.0)],
                    vec![one(1, 0.0, 10.0)],
                ]),
                4,
            ),
        ),
    ];
    for (name, att) in entries {
        s.slots.push(Slot {
            name: name.into(),
            bone: "a".into(),
            attachment: Some(name.into()),
            ..Slot::default()
        });
        s.skins[0].attachments.push(SkinSlot {
            slot: name.into(),
            entries: vec![(name.into(), att)],
        });
    }
    s
}

/// The motion spec of one animation `a` (duration 1) whose `deform` is
/// `deform`, on line 5.
pub(super) fn motion_text(deform: &str) -> String {
    motion(&format!(
        "\"a\": {{\"duration\": 1, \"tracks\": [],\n\"deform\": {deform}\n}}"
    ))
}

/// Compiles `deform` (the animation `a`'s deform array, duration 1) against
/// [`deform_setup`].
pub(super) fn compile(deform: &str) -> Result<Animation, Vec<rigc_diag::Diagnostic>> {
    let text = motion_text(deform);
    let spec = parse_str(&text)
        .unwrap_or_else(|d| panic!("the motion spec does not parse:\n{}", dump(&d)));
    compile_with(&spec, &deform_setup(), builtin_registry()).map(|mut a| a.remove(0))
}

/// The one deform timeline of a compiled `deform`, which must compile.
#[track_caller]
pub(super) fn timeline(deform: &str) -> DeformAttachment {
    match compile(deform) {
        Ok(mut a) => a.deform.remove(0),
        Err(d) => panic!("refused:\n{}", dump(&d)),
    }
}

/// A key's `(offset, vertices)` as emitted (`offset` 0 when absent).
pub(super) fn run(k: &Key) -> (i64, Vec<f64>) {
    let mut out = (0, Vec::new());
    for (name, v) in &k.fields {
        match (name.as_str(), v) {
            ("offset", KeyValue::Int(o)) => out.0 = *o,
            ("vertices", KeyValue::Nums(xs)) => out.1 = xs.clone(),
            other => panic!("unexpected field {other:?}"),
        }
    }
    out
}

/// A track on `slot`'s own attachment with `keys`.
pub(super) fn on(slot: &str, keys: &str) -> String {
    format!(r#"[{{"slot": "{slot}", "attachment": "{slot}", "keys": [{keys}]}}]"#)
}

#[test]
fn squash_at_impact_is_the_affine_closed_form() {
    // FIGURES.md, squash: `{scale: [1.2, 0.74], about: [0, -110]}` at t=0.4.
    let d = timeline(&on(
        "ball",
        r#"{"t": 0}, {"t": 0.4, "transform": {"kind": "affine", "scale": [1.2, 0.74], "about": [0, -110]}}, {"t": 1}"#,
    ));
    let (sx, sy, ax, ay) = (1.2, 0.74, 0.0, -110.0);
    assert!(((sx * sy) - 0.888_f64).abs() < 1e-12, "det = sx·sy = 0.888");
    let want: Vec<f64> = ball()
        .iter()
        .flat_map(|&(x, y)| [r6((sx - 1.0) * (x - ax)), r6((sy - 1.0) * (y - ay))])
        .collect();
    let (offset, vertices) = run(&d.keys[1]);
    // `deform[0..18]  9 pair(s)`.
    assert_eq!((offset, vertices.len()), (0, 18));
    assert_eq!(vertices, want);
    // FIGURES.md's printed offsets, to the digits it prints.
    let printed = [
        (22.0, -28.6),
        (15.5564, -48.82332),
        (0.0, -57.2),
        (-15.5564, -48.82332),
        (-22.0, -28.6),
        (-15.5564, -8.37668),
        (0.0, 0.0),
        (15.5564, -8.37668),
        (0.0, -28.6),
    ];
    for (v, (px, py)) in printed.iter().enumerate() {
        assert!((vertices[2 * v] - px).abs() < 5e-5, "v{v} x");
        assert!((vertices[2 * v + 1] - py).abs() < 5e-6, "v{v} y");
    }
    assert_eq!(
        (d.skin.as_str(), d.slot.as_str(), d.attachment.as_str()),
        ("default", "ball", "ball")
    );
    // A key with no run is the setup pose: no fields at all.
    assert!(d.keys[0].fields.is_empty() && d.keys[2].fields.is_empty());
}

#[test]
fn portrait_yaw_columns_are_the_closed_form() {
    // FIGURES.md, portrait: radius 170, 12°; column dx −7.175/−22.414/−35.345/−27.658/−14.255.
    let d = timeline(&on(
        "head",
        r#"{"t": 0.62, "transform": {"kind": "yaw", "radius": 170, "degrees": 12}}, {"t": 1}"#,
    ));
    let (r, t) = (170.0_f64, 12.0_f64.to_radians());
    let (_, vertices) = run(&d.keys[0]);
    assert_eq!(vertices.len(), 50, "deform[0..50]  25 pair(s)");
    for (v, (x, _)) in head().iter().enumerate() {
        let dx = x * (t.cos() - 1.0) - (r * r - x * x).sqrt() * t.sin();
        assert_eq!(vertices[2 * v], r6(dx), "v{v}");
        assert_eq!(vertices[2 * v + 1], 0.0, "a yaw moves no y");
    }
    let printed = [-7.175, -22.414, -35.345, -27.658, -14.255];
    for (c, p) in printed.iter().enumerate() {
        assert!((vertices[2 * c] - p).abs() < 5e-4, "column {c}");
    }
    // explain's figures: v 0 (-7.17493, 0) … v 2 (-35.344987, 0).
    assert_eq!(vertices[4], -35.344987);
}

#[test]
fn nod_pitch_offsets_are_the_closed_form() {
    // FIGURES.md, nod: 12° pitch on R 150, `v 0 (0,-14.255723) … v 3 (0,-31.186754)`.
    let d = timeline(&on(
        "plate",
        r#"{"t": 0.5, "transform": {"kind": "pitch", "radius": 150, "degrees": 12}}, {"t": 1}"#,
    ));
    let (r, t) = (150.0_f64, 12.0_f64.to_radians());
    let (_, vertices) = run(&d.keys[0]);
    for (v, (_, y)) in plate().iter().enumerate() {
        let dy = y * (t.cos() - 1.0) - (r * r - y * y).sqrt() * t.sin();
        assert_eq!(
            (vertices[2 * v], vertices[2 * v + 1]),
            (0.0, r6(dy)),
            "v{v}"
        );
    }
    // The row at y=140 and the row at y=0 are FIGURES' −14.255723 and −31.186754.
    assert_eq!(vertices[1], -14.255723);
    assert_eq!(vertices[9], -31.186754);
}

#[test]
fn a_run_is_placed_in_the_deform_array() {
    // Unweighted: vertex v starts at 2v; an offset is written as stated.
    let d = timeline(&on(
        "box",
        r#"{"t": 0, "fromVertex": 2, "vertices": [1, -1, 2.0000004, 3]}, {"t": 0.5, "offset": 2, "vertices": [5, 5]}, {"t": 1}"#,
    ));
    assert_eq!(run(&d.keys[0]), (4, vec![1.0, -1.0, 2.0, 3.0]));
    assert_eq!(run(&d.keys[1]), (2, vec![5.0, 5.0]));
    let d = timeline(&on("box", r#"{"t": 0, "vertices": [1, 1]}, {"t": 1}"#));
    assert_eq!(
        run(&d.keys[0]),
        (0, vec![1.0, 1.0]),
        "offset 0 is not written"
    );
    // Weighted: one pair per influence — vertex 2 starts after 1 + 2 influences.
    let d = timeline(&on(
        "wbox",
        r#"{"t": 0, "fromVertex": 2, "vertices": [1, 1, 2, 2]}, {"t": 1}"#,
    ));
    assert_eq!(run(&d.keys[0]), (6, vec![1.0, 1.0, 2.0, 2.0]));
    // A run over the whole weighted array (5 influences, 10 numbers) fits.
    let d = timeline(&on(
        "wbox",
        r#"{"t": 0, "vertices": [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]}, {"t": 1}"#,
    ));
    assert_eq!(run(&d.keys[0]).1.len(), 10);
}

#[test]
fn the_one_curve_channel_is_the_blend() {
    // `soft` is [0.25, 0, 0.75, 1]: between (t1, 0) and (t2, 1) the points are
    // [t1 + (t2−t1)·hx1, hy1, t1 + (t2−t1)·hx2, hy2] (FORMAT.md §5.4).
    let d = timeline(&on(
        "box",
        r#"{"t": 0.2, "vertices": [1, 1], "ease": "soft"}, {"t": 0.6, "vertices": [3, 3], "curve": [0.7, 0.2, 0.8, 0.9]}, {"t": 1, "vertices": [1, 1]}"#,
    ));
    let (t1, t2) = (0.2, 0.6);
    let want = [t1 + (t2 - t1) * 0.25, 0.0, t1 + (t2 - t1) * 0.75, 1.0];
    let got = bezier(&d.keys[0]);
    assert_eq!(got.len(), 4);
    for (g, w) in got.iter().zip(want) {
        assert!((g - w).abs() < 1e-12, "{got:?} vs {want:?}");
    }
    assert_eq!(bezier(&d.keys[1]), &[0.7, 0.2, 0.8, 0.9]);
    assert_eq!(d.keys[2].curve, None);
    // A named easing between two equal runs is a hold: stepped (issue #369).
    let d = timeline(&on(
        "head",
        r#"{"t": 0.62, "transform": {"kind": "yaw", "radius": 170, "degrees": 12}, "ease": "soft"}, {"t": 1, "transform": {"kind": "yaw", "radius": 170, "degrees": 12}}"#,
    ));
    assert_eq!(d.keys[0].curve, Some(Curve::Stepped));
}

#[test]
fn deform_times_count_toward_the_last_key() {
    // R7: the deform timeline's last key is the animation's last key.
    let e = compile(&on("box", r#"{"t": 0}, {"t": 0.5}"#)).expect_err("R7");
    assert!(
        e.iter()
            .any(|d| d.code == "motion.animation.duration-mismatch"),
        "{}",
        dump(&e)
    );
}
