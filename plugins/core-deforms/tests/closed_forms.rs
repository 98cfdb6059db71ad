//! Each kind against its closed form (FORMAT.md §3.14.1), derived here from
//! the formula and the chosen vertices, and the identities that compile to
//! zeros.

mod common;
use common::*;
use serde_json::json;

#[test]
fn yaw_on_a_cylinder_is_the_closed_form_and_the_face_accounts_centre_shift() {
    let (r, deg) = (170.0_f64, 12.0_f64);
    let t = deg.to_radians();
    let xs = [0.0, 62.0, -62.0, 170.0, -120.5];
    let c = call(
        "yaw",
        json!({ "radius": 170, "degrees": 12 }),
        points(&xs.map(|x| (x, 3.0 * x - 7.0))),
    );
    let want: Vec<[f64; 2]> = xs
        .iter()
        .map(|x| [x * (t.cos() - 1.0) - (r * r - x * x).sqrt() * t.sin(), 0.0])
        .collect();
    let got = offsets(&c).unwrap();
    assert_offsets(&got, &want);
    // The centre of the face moves by −R·sin t: FACE.md's −35.344987.
    assert_eq!(got[0], [r6(-r * t.sin()), 0.0]);
    assert_eq!(got[0][0], -35.344987);
    // On the rim z = 0, so only the (x)(cos t − 1) term is left.
    assert_eq!(got[3][0], r6(170.0 * (t.cos() - 1.0)));
}

#[test]
fn pitch_reads_and_moves_y_about_its_about() {
    let (r, deg, about) = (90.0_f64, -8.5_f64, 12.0_f64);
    let t = deg.to_radians();
    let ys = [12.0, 40.0, -70.0, 102.0];
    let c = call(
        "pitch",
        json!({ "radius": r, "degrees": deg, "about": about }),
        points(&ys.map(|y| (y * 0.5 + 100.0, y))),
    );
    let want: Vec<[f64; 2]> = ys
        .iter()
        .map(|y| {
            let a = y - about;
            [0.0, a * (t.cos() - 1.0) - (r * r - a * a).sqrt() * t.sin()]
        })
        .collect();
    assert_offsets(&offsets(&c).unwrap(), &want);
}

#[test]
fn yaw_off_the_depth_map_uses_each_vertexs_own_depth() {
    let t = 20.0_f64.to_radians();
    let vs: Vec<_> = [(0.0, 150.0), (30.0, -20.0), (-45.0, 60.25)]
        .iter()
        .map(|&(x, z)| rigc_sdk::abi::MeshVertex {
            depth: Some(z),
            ..vertex(x, 1.0)
        })
        .collect();
    let want: Vec<[f64; 2]> = vs
        .iter()
        .map(|v| {
            [
                (v.x - 5.0) * (t.cos() - 1.0) - v.depth.unwrap() * t.sin(),
                0.0,
            ]
        })
        .collect();
    let c = call(
        "yaw",
        json!({ "depth": true, "degrees": 20, "about": 5 }),
        vs,
    );
    assert_offsets(&offsets(&c).unwrap(), &want);
}

#[test]
fn yaw_off_the_depth_map_gives_the_face_accounts_table_of_part_shifts() {
    // FACE.md §2's worked example: (x, z) per part and its dx at 12°, to 3 decimals.
    let table = [
        (0.0, 170.0, -35.345),
        (0.0, 196.0, -40.751),
        (0.0, 192.0, -39.919),
        (-62.0, 150.0, -29.832),
        (62.0, 150.0, -32.542),
        (-62.0, 158.0, -31.495),
        (62.0, 158.0, -34.205),
        (0.0, 166.0, -34.513),
        (0.0, -55.0, 11.435),
        (-150.0, 100.0, -17.513),
        (150.0, 100.0, -24.069),
        (-23.0, 20.0, -3.656),
    ];
    let vs = table
        .iter()
        .map(|&(x, z, _)| rigc_sdk::abi::MeshVertex {
            depth: Some(z),
            ..vertex(x, 0.0)
        })
        .collect();
    let got = offsets(&call("yaw", json!({ "depth": true, "degrees": 12 }), vs)).unwrap();
    for (d, (x, z, dx)) in got.iter().zip(table) {
        assert!(
            (d[0] - dx).abs() <= 0.0005,
            "x={x} z={z}: {} vs the account's {dx}",
            d[0]
        );
        assert_eq!(d[1], 0.0, "a yaw moves nothing vertically");
    }
}

#[test]
fn affine_is_a_scale_about_its_point_with_a_positive_determinant() {
    let (sx, sy, ax, ay) = (1.2_f64, 0.75_f64, 10.0_f64, -5.0_f64);
    assert!(sx * sy > 0.0);
    let pts = [(0.0, 0.0), (10.0, -5.0), (33.3, 71.0), (-8.0, -40.0)];
    let c = call(
        "affine",
        json!({ "scale": [sx, sy], "about": [ax, ay] }),
        points(&pts),
    );
    let want: Vec<[f64; 2]> = pts
        .iter()
        .map(|(x, y)| [(sx - 1.0) * (x - ax), (sy - 1.0) * (y - ay)])
        .collect();
    let got = offsets(&c).unwrap();
    assert_offsets(&got, &want);
    // The point it scales about stays put.
    assert_eq!(got[1], [0.0, 0.0]);
    // A vertex's new position is the scale of its position about the point.
    let (x, y) = pts[2];
    assert!((x + got[2][0] - (ax + sx * (x - ax))).abs() < 1e-6);
    assert!((y + got[2][1] - (ay + sy * (y - ay))).abs() < 1e-6);
}

#[test]
fn wave_samples_the_sine_along_one_coordinate_and_moves_the_other() {
    let (a, l, ph) = (3.0_f64, 40.0_f64, 0.5_f64);
    let xs = [0.0, 10.0, 17.0, -23.5, 80.0];
    let c = call(
        "wave",
        json!({ "amplitude": a, "wavelength": l, "phase": ph, "along": "x", "axis": "y" }),
        points(&xs.map(|x| (x, 2.0 * x))),
    );
    let want: Vec<[f64; 2]> = xs
        .iter()
        .map(|x| [0.0, a * (std::f64::consts::TAU * x / l + ph).sin()])
        .collect();
    let got = offsets(&c).unwrap();
    assert_offsets(&got, &want);
    // A quarter wavelength past phase 0 is the crest.
    let crest = call(
        "wave",
        json!({ "amplitude": a, "wavelength": l, "along": "y", "axis": "x" }),
        points(&[(5.0, 10.0), (5.0, 30.0)]),
    );
    assert_eq!(offsets(&crest).unwrap(), vec![[3.0, 0.0], [-3.0, 0.0]]);
}

#[test]
fn bend_is_amount_times_u_to_the_power() {
    let (amount, from, to) = (6.0_f64, 0.0_f64, 80.0_f64);
    let ys = [0.0, 20.0, 40.0, 80.0, -10.0, 100.0];
    let pts = ys.map(|y| (1.0, y));
    let cantilever = call(
        "bend",
        json!({ "amount": amount, "from": from, "to": to, "along": "y", "axis": "x" }),
        points(&pts),
    );
    let want: Vec<[f64; 2]> = ys
        .iter()
        .map(|y| [amount * ((y - from) / (to - from)).powi(2), 0.0])
        .collect();
    let got = offsets(&cantilever).unwrap();
    assert_offsets(&got, &want);
    assert_eq!(got[2], [1.5, 0.0]);
    assert_eq!(got[3], [6.0, 0.0]);
    // Power 1 is a shear: linear in u, and past `from` backwards it goes negative.
    let shear = call(
        "bend",
        json!({ "amount": -4, "from": 80, "to": 0, "power": 1, "along": "y", "axis": "x" }),
        points(&pts),
    );
    let want: Vec<[f64; 2]> = ys
        .iter()
        .map(|y| [-4.0 * (y - 80.0) / -80.0, 0.0])
        .collect();
    assert_offsets(&offsets(&shear).unwrap(), &want);
}

#[test]
fn a_weighted_attachment_on_one_bone_is_one_space() {
    let c = call(
        "affine",
        json!({ "scale": [2, 2] }),
        vec![on_bone(1.0, 2.0, "head"), on_bone(-3.0, 4.0, "head")],
    );
    assert_eq!(offsets(&c).unwrap(), vec![[1.0, 2.0], [-3.0, 4.0]]);
}

#[test]
fn identity_parameters_compile_to_zeros() {
    let pts = points(&[(0.0, 0.0), (12.0, -40.0), (99.0, 3.0)]);
    let zeros = vec![[0.0, 0.0]; 3];
    for (kind, params) in [
        ("yaw", json!({ "radius": 170, "degrees": 0 })),
        ("yaw", json!({ "radius": 170, "degrees": 360 })),
        ("pitch", json!({ "radius": 170, "degrees": -720 })),
        ("affine", json!({ "scale": [1, 1], "about": [4, 4] })),
        (
            "wave",
            json!({ "amplitude": 0, "wavelength": 7, "along": "x", "axis": "y" }),
        ),
        (
            "bend",
            json!({ "amount": 0, "from": 0, "to": 9, "along": "x", "axis": "y" }),
        ),
    ] {
        let c = call(kind, params.clone(), pts.clone());
        assert_eq!(offsets(&c).as_ref(), Ok(&zeros), "{kind} {params}");
    }
}

#[test]
fn offsets_are_quantised_to_six_decimals() {
    let c = call(
        "affine",
        json!({ "scale": [1.0000004, 1.0000006] }),
        points(&[(1.0, 1.0), (1.0, 1.0)]),
    );
    // 4e-7 rounds down, 6e-7 up; −0 is written 0.
    assert_eq!(offsets(&c).unwrap(), vec![[0.0, 0.000001]; 2]);
    let neg = call(
        "affine",
        json!({ "scale": [0.9999996, 2] }),
        points(&[(1.0, 1.0)]),
    );
    let got = offsets(&neg).unwrap();
    assert_eq!(got, vec![[0.0, 1.0]]);
    assert!(got[0][0].is_sign_positive(), "-0 leaked");
    // Past 2^53 millionths a float64 has no sixth decimal: left as it is, not overflowed.
    assert_eq!(rigc_core_deforms::quantise(f64::MAX), f64::MAX);
    assert_eq!(rigc_core_deforms::quantise(-1e300), -1e300);
    assert_eq!(rigc_core_deforms::quantise(-12345678901.5), -12345678901.5);
    assert_eq!(rigc_core_deforms::quantise(0.1234565), r6(0.1234565));
}

#[test]
fn the_plugin_serves_the_five_kinds_and_names_what_it_does_not_serve() {
    use rigc_sdk::abi::Plugin;
    let m = rigc_core_deforms::CoreDeforms::manifest();
    let names: Vec<&str> = m.deform_kinds.iter().map(|k| k.name.as_str()).collect();
    assert_eq!(names, ["yaw", "pitch", "affine", "wave", "bend"]);
    assert_eq!(
        m.deform_kinds[0].params,
        ["radius", "depth", "degrees", "about"]
    );
    let c = call(
        "yaw",
        json!({ "radius": 170, "degrees": 12 }),
        points(&[(0.0, 0.0)]),
    );
    let reply =
        rigc_core_deforms::CoreDeforms::call("deform", &serde_json::to_vec(&c).unwrap()).unwrap();
    let reply: rigc_sdk::abi::DeformReply = serde_json::from_slice(&reply).unwrap();
    // The reply is the float64 the model computes (−R·sin t); the host quantises it.
    let centre = -170.0 * 12.0_f64.to_radians().sin();
    assert_eq!(
        reply,
        rigc_sdk::abi::DeformReply::Offsets(vec![[centre, 0.0]])
    );
    assert_eq!(rigc_core_deforms::quantise(centre), -35.344987);
    let parallax = call("parallax", json!({}), points(&[(0.0, 0.0)]));
    let err =
        rigc_core_deforms::CoreDeforms::call("deform", &serde_json::to_vec(&parallax).unwrap())
            .unwrap_err();
    assert_eq!(err, "this plugin provides no deform kind \"parallax\" (it provides: yaw, pitch, affine, wave, bend)");
    let err = rigc_core_deforms::CoreDeforms::call("gate", b"{}").unwrap_err();
    assert!(
        err.contains("answers the \"deform\" stage, not \"gate\""),
        "{err}"
    );
}
