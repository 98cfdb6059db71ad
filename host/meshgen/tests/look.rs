//! gallery/look's generated meshes through the generators, held to
//! FIGURES.md's look section and FORMAT.md §6.2.1's example lines: the sheet
//! digests, the z ranges, the undrawn counts, the turn ceiling (and its 1st
//! percentile, first triangle, level step and share), the soft mask's counts;
//! and TC01's control: the ceiling angle is where a yaw of the mesh by the
//! deform's own closed form reverses that triangle, found by bisection.

mod common;

use rigc_meshgen::ceiling::{self, Axis};
use rigc_meshgen::depth::{self, Near, On};
use rigc_meshgen::grid::{self, Lattice};
use rigc_meshgen::{soft, Mesh, Raster};

fn lattice(g: &serde_json::Value) -> Lattice {
    match g.get("us") {
        Some(us) => Lattice::Positions {
            us: common::nums(us),
            vs: common::nums(&g["vs"]),
        },
        None => Lattice::Counts {
            cols: g["cols"].as_u64().unwrap() as u32,
            rows: g["rows"].as_u64().unwrap() as u32,
        },
    }
}

/// The look attachment's mesh, its part image and its depth sample.
fn head(slot: &str) -> (Mesh, depth::Sampled) {
    let rig = common::rig("look");
    let att = &rig["skins"]["default"][slot][slot];
    let g = &att["generator"];
    let (w, h, part) = common::png("look", att["image"].as_str().unwrap());
    let mesh = grid::generate(w, h, &lattice(g)).unwrap();
    let name = g["depth"]["image"].as_str().unwrap();
    let (dw, dh, sheet) = common::png("look", name);
    let params = depth::Params {
        near: Near::White,
        z_scale: g["depth"]["zScale"].as_f64().unwrap(),
        gamma: 1.0,
        contrast: 1.0,
        bias: 0.0,
    };
    let part = Raster {
        width: w,
        height: h,
        rgba: &part,
    };
    let sheet = Raster {
        width: dw,
        height: dh,
        rgba: &sheet,
    };
    let s = depth::sample(&mesh, &part, &sheet, name, &params, On::Grid).unwrap();
    (mesh, s)
}

fn deg(x: f64) -> String {
    format!("{x:.2}")
}

#[test]
fn look_head_depth_and_turn_ceiling() {
    let (mesh, s) = head("head");
    assert_eq!((mesh.points.len(), mesh.triangles.len() / 3), (189, 320));
    assert_eq!(s.digest, "bf156ea0cfc970a3");
    assert_eq!(s.z_range, [0.0, 194.0]);
    assert_eq!(s.undrawn, 80);
    let c = ceiling::measure(&mesh, &s.z, &s.levels);
    let sides: Vec<String> = c
        .sides
        .iter()
        .map(|s| deg(s.as_ref().unwrap().degrees))
        .collect();
    assert_eq!(sides, ["19.32", "19.32", "22.92", "26.94"]);
    // FORMAT.md §6.2.1: `1st pct yaw +19.32° x1.000 of 80 / -19.32° x1.000 of 80
    // pitch +22.92° x1.000 of 102 / -26.94° x1.000 of 130`.
    let counts: Vec<u32> = c.sides.iter().map(|s| s.as_ref().unwrap().count).collect();
    assert_eq!(counts, [80, 80, 102, 130]);
    for s in c.sides.iter().flatten() {
        assert_eq!(format!("{:.3}", s.p1.unwrap() / s.degrees), "1.000");
    }
    let f = c.first.unwrap();
    assert_eq!(
        (f.axis, f.positive, deg(f.degrees)),
        (Axis::Yaw, true, "19.32".into())
    );
    assert_eq!((f.triangle, f.vertices), (174, [119, 138, 139]));
    assert_eq!(format!("{:.2} {:.3}", f.levels, f.share), "28.50 0.112");
}

#[test]
fn look_locks_depth_and_turn_ceiling() {
    for (slot, yaw) in [
        ("hair_lock_l", ["17.04", "45.80"]),
        ("hair_lock_r", ["45.80", "17.04"]),
    ] {
        let (mesh, s) = head(slot);
        assert_eq!((mesh.points.len(), mesh.triangles.len() / 3), (39, 48));
        let c = ceiling::measure(&mesh, &s.z, &s.levels);
        if slot == "hair_lock_l" {
            assert_eq!(s.digest, "0c4eaeb36b7c5cac");
        }
        assert_eq!(
            format!("{:.6} {:.6}", s.z_range[0], s.z_range[1]),
            "22.086275 63.874511"
        );
        assert_eq!(s.undrawn, 32, "{slot}");
        let got: Vec<String> = c.sides[..2]
            .iter()
            .map(|s| deg(s.as_ref().unwrap().degrees))
            .collect();
        assert_eq!(got, yaw, "{slot}");
        assert_eq!(c.sides[2], None, "{slot}: pitch + is none");
        assert_eq!(c.sides[3], None, "{slot}: pitch − is none");
        // FACE.md §2.2: "rigc's own gallery reads 0.112 and 0.468".
        assert_eq!(format!("{:.3}", c.first.unwrap().share), "0.468");
    }
}

#[test]
fn look_ahoge_soft_mask() {
    let rig = common::rig("look");
    let g = &rig["skins"]["default"]["ahoge"]["ahoge"]["generator"];
    let (w, h, _) = common::png("look", "ahoge.png");
    let mesh = grid::generate(w, h, &lattice(g)).unwrap();
    assert_eq!((mesh.points.len(), mesh.triangles.len() / 3), (35, 48));
    let (mw, mh, m) = common::png("look", "ahoge_soft.png");
    let s = soft::sample(
        &mesh,
        (w, h),
        &Raster {
            width: mw,
            height: mh,
            rgba: &m,
        },
        "ahoge_soft.png",
    )
    .unwrap();
    assert_eq!(s.digest, "b51d0ed788f2a040");
    assert_eq!((s.carried, s.falloff), (10, 10));
}

/// TC01: bisect the yaw angle at which triangle 174 of look's head reverses
/// under `x' = x + (x·(cos t − 1) − z·sin t)` (FORMAT.md §3.14.1's `dx`), and
/// check no triangle reverses before it.
#[test]
fn tc01_ceiling_is_where_the_yaw_folds() {
    let (mesh, s) = head("head");
    let c = ceiling::measure(&mesh, &s.z, &s.levels);
    let f = c.first.unwrap();
    let signed = |t: f64, k: usize| {
        let p = |i: u32| {
            let [x, y] = mesh.points[i as usize];
            let (x, y) = (x - 170.0, 190.0 - y);
            let z = s.z[i as usize];
            (x + x * (t.cos() - 1.0) - z * t.sin(), y)
        };
        let (a, b, cc) = (
            p(mesh.triangles[3 * k]),
            p(mesh.triangles[3 * k + 1]),
            p(mesh.triangles[3 * k + 2]),
        );
        (b.0 - a.0) * (cc.1 - a.1) - (cc.0 - a.0) * (b.1 - a.1)
    };
    let k = f.triangle as usize;
    let setup = signed(0.0, k).signum();
    let (mut lo, mut hi) = (0.0f64, 89f64.to_radians());
    for _ in 0..60 {
        let mid = (lo + hi) / 2.0;
        if signed(mid, k).signum() == setup {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    assert!(
        (lo.to_degrees() - f.degrees).abs() < 0.01,
        "{} vs {}",
        lo.to_degrees(),
        f.degrees
    );
    let before = (lo.to_degrees() - 0.01).to_radians();
    for t in 0..mesh.triangles.len() / 3 {
        assert_eq!(
            signed(before, t).signum(),
            signed(0.0, t).signum(),
            "triangle {t} reversed first"
        );
    }
}
