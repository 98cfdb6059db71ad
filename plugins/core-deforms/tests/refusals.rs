//! Every refusal FORMAT.md §3.14.1 lists that the parameters and the geometry
//! decide, and every parameter refusal, with its code and its words.

mod common;
use common::*;
use rigc_sdk::abi::{Influence, MeshVertex};
use serde_json::json;

/// Asserts `kind` with `params` over `pts` refuses with `code` and a message
/// holding every one of `words`.
fn refused(kind: &str, params: serde_json::Value, vs: Vec<MeshVertex>, code: &str, words: &[&str]) {
    let r = refusal(&call(kind, params.clone(), vs));
    assert_eq!(r.code, code, "{kind} {params}: {}", r.message);
    for w in words {
        assert!(
            r.message.contains(w),
            "{kind} {params}: {:?} lacks {w:?}",
            r.message
        );
    }
}

fn square() -> Vec<MeshVertex> {
    points(&[(0.0, 0.0), (20.0, 0.0), (20.0, 20.0), (0.0, 20.0)])
}

#[test]
fn a_turn_states_one_depth_source_and_a_positive_radius() {
    for kind in ["yaw", "pitch"] {
        refused(
            kind,
            json!({ "radius": 170, "depth": true, "degrees": 12 }),
            square(),
            "radius-and-depth",
            &[
                &format!("transform {kind} states both a \"radius\""),
                "two answers",
            ],
        );
        refused(
            kind,
            json!({ "degrees": 12 }),
            square(),
            "no-depth",
            &["neither a \"radius\" nor \"depth\": true"],
        );
        refused(
            kind,
            json!({ "radius": 0, "degrees": 12 }),
            square(),
            "radius-not-positive",
            &["radius 0"],
        );
        refused(
            kind,
            json!({ "radius": -5, "degrees": 12 }),
            square(),
            "radius-not-positive",
            &["radius -5"],
        );
    }
    // `depth: false` is no depth map: the radius alone answers.
    let c = call(
        "yaw",
        json!({ "radius": 170, "depth": false, "degrees": 12 }),
        points(&[(0.0, 0.0)]),
    );
    assert_eq!(offsets(&c).unwrap(), vec![[-35.344987, 0.0]]);
}

#[test]
fn a_vertex_past_the_radius_is_refused_with_its_coordinate() {
    let vs = points(&[(0.0, 0.0), (169.0, 0.0), (-171.5, 3.0)]);
    refused(
        "yaw",
        json!({ "radius": 170, "degrees": 12 }),
        vs,
        "past-radius",
        &[
            "transform yaw has radius 170, and vertex 2 sits at x=-171.5, which is 1.5 past it",
            "no surface there",
        ],
    );
    // About shifts the cylinder: x=200 is 30 from about=170.
    let c = call(
        "yaw",
        json!({ "radius": 170, "degrees": 12, "about": 170 }),
        points(&[(200.0, 0.0), (0.0, 0.0)]),
    );
    assert!(offsets(&c).is_ok());
    refused(
        "pitch",
        json!({ "radius": 10, "degrees": 5, "about": -2 }),
        points(&[(500.0, 7.0), (0.0, 9.0)]),
        "past-radius",
        &["transform pitch has radius 10, and vertex 1 sits at y=9, which is 1 past it (11 from about=-2)"],
    );
}

#[test]
fn depth_true_needs_every_vertex_to_carry_a_finite_depth() {
    refused(
        "yaw",
        json!({ "depth": true, "degrees": 12 }),
        square(),
        "no-depth-map",
        &[
            "\"depth\": true",
            "none of the 4 vertices of default/face/face has a depth",
            "names no depth map",
        ],
    );
    let mut vs = square();
    for v in &mut vs {
        v.depth = Some(40.0);
    }
    vs[2].depth = None;
    refused(
        "pitch",
        json!({ "depth": true, "degrees": 12 }),
        vs.clone(),
        "no-depth-map",
        &["vertex 2 of default/face/face has no depth while others have one"],
    );
    vs[2].depth = Some(f64::INFINITY);
    refused(
        "pitch",
        json!({ "depth": true, "degrees": 12 }),
        vs,
        "non-finite-depth",
        &["vertex 2's depth is inf"],
    );
}

#[test]
fn an_affine_determinant_at_or_below_zero_is_refused() {
    refused(
        "affine",
        json!({ "scale": [-1, 1] }),
        square(),
        "determinant-not-positive",
        &["transform affine has scale [-1, 1], whose determinant is -1"],
    );
    refused(
        "affine",
        json!({ "scale": [0, 2.5] }),
        square(),
        "determinant-not-positive",
        &["transform affine has scale [0, 2.5], whose determinant is 0"],
    );
    // Both negative is a positive determinant — a half turn, no reversal.
    let c = call(
        "affine",
        json!({ "scale": [-1, -1] }),
        points(&[(3.0, 4.0)]),
    );
    assert_eq!(offsets(&c).unwrap(), vec![[-6.0, -8.0]]);
}

#[test]
fn along_equal_to_axis_is_a_stretch_and_refused() {
    refused(
        "wave",
        json!({ "amplitude": 3, "wavelength": 40, "along": "x", "axis": "x" }),
        square(),
        "along-is-axis",
        &[
            "transform wave reads \"x\" (along) and displaces \"x\" (axis)",
            "a stretch",
        ],
    );
    refused(
        "bend",
        json!({ "amount": 3, "from": 0, "to": 9, "along": "y", "axis": "y" }),
        square(),
        "along-is-axis",
        &["transform bend reads \"y\" (along) and displaces \"y\""],
    );
}

#[test]
fn a_model_that_evaluates_to_nothing_names_its_figures() {
    // Every x a whole half wavelength apart: sin lands on 0 at each.
    refused("wave", json!({ "amplitude": 3, "wavelength": 40, "along": "x", "axis": "y" }),
        points(&[(0.0, 0.0), (20.0, 5.0), (40.0, 9.0), (20.0, 1.0)]), "evaluates-to-nothing",
        &["transform wave states amplitude=3 wavelength=40 along=x axis=y, and every one of this attachment's 4 vertices evaluates to an offset of 0",
          "the largest before quantising is",
          "the closest two distinct x are 0 and 20, 20 apart, 0.5 of the wavelength 40"]);
    // A scale on y over a line at y = about.y moves nothing.
    refused("affine", json!({ "scale": [1, 2], "about": [0, 7] }), points(&[(0.0, 7.0), (30.0, 7.0)]), "evaluates-to-nothing",
        &["transform affine states scale=[1, 2] about=[0, 7], and every one of this attachment's 2 vertices", "exactly 0"]);
    // Every vertex at `from`: u = 0.
    refused(
        "bend",
        json!({ "amount": 5, "from": 3, "to": 9, "along": "x", "axis": "y" }),
        points(&[(3.0, 0.0), (3.0, 50.0)]),
        "evaluates-to-nothing",
        &[
            "transform bend states amount=5 from=3 to=9 along=x axis=y",
            "2 vertices",
        ],
    );
    // A turn too small to reach a millionth.
    refused(
        "yaw",
        json!({ "radius": 1, "degrees": 1e-6 }),
        points(&[(0.0, 0.0), (0.5, 0.0)]),
        "evaluates-to-nothing",
        &[
            "transform yaw states radius=1 degrees=0.000001",
            "which rounds to 0 at the 6 decimals the run is written to",
        ],
    );
    // A wave over one column reads one point of itself.
    refused(
        "wave",
        json!({ "amplitude": 2, "wavelength": 10, "phase": 0, "along": "y", "axis": "x" }),
        points(&[(1.0, 5.0), (9.0, 5.0)]),
        "evaluates-to-nothing",
        &["every vertex has y=5"],
    );
}

#[test]
fn bend_and_wave_parameters_that_have_no_value_are_refused() {
    refused(
        "bend",
        json!({ "amount": 5, "from": 3, "to": 3, "along": "x", "axis": "y" }),
        square(),
        "from-is-to",
        &["transform bend runs from 3 to 3, which spans 0"],
    );
    refused(
        "bend",
        json!({ "amount": 5, "from": 0, "to": 3, "power": 0, "along": "x", "axis": "y" }),
        square(),
        "power-not-positive",
        &["power 0"],
    );
    refused("bend", json!({ "amount": 5, "from": 10, "to": 20, "power": 1.5, "along": "x", "axis": "y" }), square(), "before-from",
        &["transform bend has power 1.5, and vertex 0 sits at x=0 before \"from\" (10), where u = -1"]);
    refused(
        "wave",
        json!({ "amplitude": 5, "wavelength": 0, "along": "x", "axis": "y" }),
        square(),
        "wavelength-not-positive",
        &["wavelength 0"],
    );
    refused(
        "wave",
        json!({ "amplitude": 5, "wavelength": -4, "along": "x", "axis": "y" }),
        square(),
        "wavelength-not-positive",
        &["wavelength -4"],
    );
}

#[test]
fn parameters_are_named_when_absent_misshapen_or_unknown() {
    let wave = |extra: serde_json::Value| {
        let mut p = json!({ "amplitude": 3, "wavelength": 40, "along": "x", "axis": "y" });
        for (k, v) in extra.as_object().unwrap() {
            if v.is_null() {
                p.as_object_mut().unwrap().remove(k);
            } else {
                p[k] = v.clone();
            }
        }
        p
    };
    refused(
        "wave",
        wave(json!({ "amplitude": null })),
        square(),
        "bad-param",
        &["transform wave's \"amplitude\" is absent; it is a finite number, and it is required"],
    );
    refused("wave", wave(json!({ "along": "z" })), square(), "bad-param",
        &["transform wave's \"along\" is the string \"z\"; it is the coordinate's name, \"x\" or \"y\""]);
    refused(
        "wave",
        wave(json!({ "phase": "0" })),
        square(),
        "bad-param",
        &["\"phase\" is the string \"0\"", "absent means 0"],
    );
    refused("wave", wave(json!({ "parallax": 2 })), square(), "unknown-param",
        &["transform wave has no parameter \"parallax\" (it reads: amplitude, wavelength, phase, along, axis)"]);
    refused(
        "affine",
        json!({ "scale": [1, 2, 3] }),
        square(),
        "bad-param",
        &["\"scale\" is an array of 3; it is two finite numbers, and it is required"],
    );
    refused(
        "affine",
        json!({ "scale": [1, 2], "about": 4 }),
        square(),
        "bad-param",
        &["\"about\" is 4; it is two finite numbers (absent means [0, 0])"],
    );
    refused(
        "affine",
        json!({}),
        square(),
        "bad-param",
        &["\"scale\" is absent"],
    );
    refused(
        "yaw",
        json!({ "radius": 170, "degrees": 12, "depth": "yes" }),
        square(),
        "bad-param",
        &["\"depth\" is the string \"yes\"; it is true or false"],
    );
    refused(
        "yaw",
        json!({ "radius": "170", "degrees": 12 }),
        square(),
        "bad-param",
        &["\"radius\" is the string \"170\""],
    );
    refused(
        "pitch",
        json!({ "radius": 170 }),
        square(),
        "bad-param",
        &["\"degrees\" is absent"],
    );
    refused(
        "bend",
        json!([1, 2]),
        square(),
        "params-not-object",
        &["transform bend's parameters are an array of 2"],
    );
    // The `kind` field itself is never an unknown parameter.
    let c = call(
        "affine",
        json!({ "kind": "affine", "scale": [2, 1] }),
        points(&[(1.0, 1.0)]),
    );
    assert_eq!(offsets(&c).unwrap(), vec![[1.0, 0.0]]);
}

#[test]
fn a_transform_needs_one_coordinate_space() {
    let two = |v: &mut MeshVertex| {
        v.bones = vec![
            Influence {
                bone: "head".into(),
                x: v.x,
                y: v.y,
                weight: 0.5,
            },
            Influence {
                bone: "jaw".into(),
                x: v.x,
                y: v.y,
                weight: 0.5,
            },
        ]
    };
    let mut vs = vec![
        on_bone(0.0, 0.0, "head"),
        on_bone(1.0, 0.0, "head"),
        vertex(2.0, 0.0),
    ];
    two(&mut vs[2]);
    refused("affine", json!({ "scale": [2, 2] }), vs, "no-single-space",
        &["this attachment has no single space to evaluate it in — vertex 2 has 2 bone influences on it"]);
    let vs = vec![on_bone(0.0, 0.0, "head"), on_bone(1.0, 0.0, "jaw")];
    refused(
        "yaw",
        json!({ "radius": 170, "degrees": 12 }),
        vs,
        "no-single-space",
        &["vertex 1 sits on bone \"jaw\" and vertex 0 on bone \"head\""],
    );
    let vs = vec![vertex(0.0, 0.0), on_bone(1.0, 0.0, "head")];
    refused(
        "bend",
        json!({ "amount": 1, "from": 0, "to": 1, "along": "x", "axis": "y" }),
        vs,
        "no-single-space",
        &["vertex 0 has no bone influence and vertex 1 has one"],
    );
}

#[test]
fn non_finite_geometry_or_offsets_are_refused_not_written() {
    refused(
        "wave",
        json!({ "amplitude": 3, "wavelength": 40, "along": "x", "axis": "y" }),
        points(&[(0.0, 0.0), (f64::NAN, 1.0)]),
        "non-finite-vertex",
        &["vertex 1 sits at (NaN, 1)"],
    );
    refused(
        "affine",
        json!({ "scale": [1e300, 1] }),
        points(&[(0.0, 0.0), (1e10, 1.0)]),
        "non-finite-offset",
        &["vertex 1 evaluates to the offset (inf, 0)"],
    );
    refused(
        "affine",
        json!({ "scale": [1e200, 1e200] }),
        square(),
        "determinant-not-positive",
        &["whose determinant is inf"],
    );
    // Finite in float64 but past float32's largest: the runtime would load infinity.
    refused(
        "affine",
        json!({ "scale": [1e30, 1] }),
        points(&[(0.0, 0.0), (1e10, 1.0)]),
        "offset-past-float32",
        &[
            "vertex 1 evaluates to the offset (1e+40, 0)",
            "float32, whose largest is 3.4028234663852886e+38",
        ],
    );
    // A yaw about a point at float64's edge: every offset is huge, none is infinite.
    refused(
        "yaw",
        json!({ "depth": true, "degrees": 1, "about": f64::MAX }),
        vec![MeshVertex {
            depth: Some(1.0),
            ..vertex(0.0, 0.0)
        }],
        "offset-past-float32",
        &["vertex 0 evaluates to the offset (2.7"],
    );
}
