//! Contour meshes of synthetic rasters whose outcome is derived by hand: a
//! filled rectangle, an L (its exact area), a disk (coverage whenever
//! `margin ≥ tolerance`), a part touching the window edge (clamping).

mod support;

use support::{mesh, params, twice_area, Image};

#[test]
fn a_rectangle_is_four_corners_pushed_out_by_the_margin() {
    // Art x 2..8, y 3..7 on a 12×10 part; the corner-lattice trace is the
    // rectangle (2,3)–(8,7) itself, walked clockwise from its top-left;
    // margin 1 moves each corner 1 px out on both axes.
    let img = Image::from_fn(12, 10, |x, y| {
        if (2..8).contains(&x) && (3..7).contains(&y) {
            255
        } else {
            0
        }
    });
    let c = mesh(&img, &params(0.5, 1.0, 8, 1));
    assert_eq!(
        c.mesh.points,
        vec![[1.0, 2.0], [9.0, 2.0], [9.0, 8.0], [1.0, 8.0]]
    );
    assert_eq!(c.mesh.triangles.len(), 6);
    assert_eq!((c.art_pixels, c.covered_pixels, c.hole_pixels), (24, 24, 0));
    // The traced lattice: 2·(6 + 4) corners.
    assert_eq!(c.traced_vertices, 20);
    // The furthest covered pixel outside the art: a corner pixel of the
    // 1-px ring, √2 from the rectangle's corner pixel.
    assert!((c.overshoot - 2f64.sqrt()).abs() < 1e-12, "{}", c.overshoot);
}

#[test]
fn an_l_at_margin_0_triangulates_to_exactly_its_pixels() {
    // At margin 0 and a tolerance under ½, the outline is the L's 6 lattice
    // corners and the triangles tile it: their areas sum to its 4·10 +
    // 6·4 = 64 px, every pixel covered.
    let l = |x: u32, y: u32| {
        ((2..6).contains(&x) && (2..12).contains(&y))
            || ((6..12).contains(&x) && (8..12).contains(&y))
    };
    let img = Image::from_fn(14, 14, |x, y| if l(x, y) { 255 } else { 0 });
    let c = mesh(&img, &params(0.4, 0.0, 8, 1));
    assert_eq!(c.mesh.hull, 6);
    let area: f64 = c
        .mesh
        .triangles
        .chunks_exact(3)
        .map(|t| -twice_area(&c.mesh.points, t) / 2.0)
        .sum();
    assert!((area - 64.0).abs() < 1e-9, "{area}");
    assert_eq!((c.art_pixels, c.covered_pixels), (64, 64));
    assert_eq!(
        c.mesh.points[0],
        [2.0, 2.0],
        "the walk starts at the first art pixel's top-left corner"
    );
}

#[test]
fn a_disk_is_covered_whenever_the_margin_pays_for_the_tolerance() {
    // A disk of radius 30 (pixel centres within 30 of (40, 40)). Douglas–
    // Peucker moves the outline at most `tolerance` inward and the push-out
    // moves every edge `margin` outward, so with margin ≥ tolerance no art
    // pixel's centre is cut.
    let img = Image::from_fn(80, 80, |x, y| {
        let (dx, dy) = (f64::from(x) + 0.5 - 40.0, f64::from(y) + 0.5 - 40.0);
        if dx.hypot(dy) <= 30.0 {
            255
        } else {
            0
        }
    });
    for (t, m) in [(0.5, 0.5), (1.0, 1.0), (2.0, 2.5), (3.0, 3.0)] {
        let c = mesh(&img, &params(t, m, 256, 1));
        assert_eq!(c.covered_pixels, c.art_pixels, "{t}/{m}");
        // A trace corner is a corner of an art pixel (centre within 30),
        // so within 30 + √2/2 of the centre; the push-out moves it at most
        // MITRE_LIMIT · margin further.
        let far = 30.0 + 0.5 * 2f64.sqrt() + rigc_meshgen::contour::MITRE_LIMIT * m;
        for p in &c.mesh.points {
            assert!(
                (p[0] - 40.0).hypot(p[1] - 40.0) <= far,
                "{t}/{m}: {p:?} is too far out"
            );
        }
        assert!(c.overshoot <= rigc_meshgen::contour::overshoot_bound(&params(t, m, 256, 1)));
    }
    // And a coarser tolerance spends fewer vertices.
    let fine = mesh(&img, &params(0.5, 0.5, 256, 1)).mesh.hull;
    let coarse = mesh(&img, &params(3.0, 3.0, 256, 1)).mesh.hull;
    assert!(coarse < fine, "{coarse} vs {fine}");
}

#[test]
fn art_touching_the_window_is_clamped_to_it() {
    // A band across the whole width (x 0..10, y 3..6): pushed out, its
    // corners would leave the window; clamped, they sit on x = 0 and x = 10.
    let img = Image::from_fn(10, 9, |_, y| if (3..6).contains(&y) { 255 } else { 0 });
    let c = mesh(&img, &params(0.5, 1.0, 8, 1));
    assert_eq!(
        c.mesh.points,
        vec![[0.0, 2.0], [10.0, 2.0], [10.0, 7.0], [0.0, 7.0]]
    );
}

#[test]
fn a_ring_encloses_its_hole_and_covers_it() {
    // A 20×20 square with a 6×6 hole: outer outline only (4 vertices), the
    // 36 hole pixels reported, the 364 art pixels covered.
    let img = Image::from_fn(24, 24, |x, y| {
        let outer = (2..22).contains(&x) && (2..22).contains(&y);
        let hole = (9..15).contains(&x) && (9..15).contains(&y);
        if outer && !hole {
            255
        } else {
            0
        }
    });
    let c = mesh(&img, &params(0.5, 1.0, 8, 1));
    assert_eq!(
        (c.mesh.hull, c.hole_pixels, c.art_pixels, c.covered_pixels),
        (4, 36, 364, 364)
    );
}
