//! Every refusal of the contour generator, on synthetic rasters whose
//! numbers are derived by hand; the texts are FORMAT.md §2.7.3's (the host
//! prefixes `<where>: `). Each asserts the message and the field it is
//! placed at.

mod support;

use rigc_meshgen::contour::generate;
use rigc_meshgen::Raster;
use support::{params, refusal, Image};

fn rect(x0: u32, y0: u32, x1: u32, y1: u32) -> impl Fn(u32, u32) -> bool {
    move |x, y| (x0..x1).contains(&x) && (y0..y1).contains(&y)
}

#[test]
fn all_opaque_96x64_at_alpha_1() {
    let img = Image::from_fn(96, 64, |_, _| 1);
    let r = refusal(&img, &params(1.5, 2.0, 48, 1));
    assert_eq!(r.field, None);
    assert!(
        r.message.starts_with(
            "every pixel of the 96x64 part reaches alpha 1, so its silhouette IS the part window and a contour \
             mesh of it is a region attachment with extra vertices"
        ),
        "{}",
        r.message
    );
}

#[test]
fn two_islands_529_of_989() {
    // A 23×23 square and a 20×23 block, apart: 529 of 529 + 460 px.
    let (a, b) = (rect(2, 2, 25, 25), rect(30, 2, 50, 25));
    let img = Image::from_fn(60, 30, |x, y| if a(x, y) || b(x, y) { 255 } else { 0 });
    let r = refusal(&img, &params(1.5, 2.0, 48, 1));
    assert_eq!(r.field, None);
    assert!(
        r.message.starts_with(
            "the art is 2 separate islands and one outline can only enclose the largest (529 of 989 px, 53.49%)"
        ),
        "{}",
        r.message
    );
}

#[test]
fn a_stray_under_half_a_percent_is_not_an_island_refusal() {
    // 1 stray pixel beside 400: 400/401 = 99.75 % ≥ 99.5 %, so the mesh is
    // built round the big one and the stray counts against coverage.
    let big = rect(2, 2, 22, 22);
    let img = Image::from_fn(30, 30, |x, y| {
        if big(x, y) || (x, y) == (26, 26) {
            255
        } else {
            0
        }
    });
    let c = support::mesh(&img, &params(0.4, 0.5, 16, 1));
    assert_eq!(
        (c.islands, c.island_pixels, c.art_pixels, c.covered_pixels),
        (2, 400, 401, 400)
    );
}

#[test]
fn a_diagonal_pinch_at_corner_2_2() {
    // One 4-connected island whose pixels (1,1) and (2,2) also meet at the
    // corner (2,2), with (2,1) and (1,2) clear: a C closing diagonally.
    let art = [(1, 1), (1, 0), (2, 0), (3, 0), (3, 1), (3, 2), (2, 2)];
    let img = Image::from_fn(5, 4, |x, y| if art.contains(&(x, y)) { 255 } else { 0 });
    let r = refusal(&img, &params(0.5, 0.0, 16, 1));
    assert_eq!(r.field, None);
    assert!(
        r.message.starts_with(
            "the alpha silhouette pinches to a single point at pixel corner (2,2), where two parts of the art \
             meet diagonally — one outline cannot pass through one point twice"
        ),
        "{}",
        r.message
    );
}

#[test]
fn a_neck_narrower_than_the_margin_crosses() {
    // A U: the square 4..20 with a slot x 10..14, y 4..15 cut from the top.
    // Traced and simplified (tolerance 0.4 keeps exactly the 8 corners):
    // 0 (4,4) 1 (10,4) 2 (10,15) 3 (14,15) 4 (14,4) 5 (20,4) 6 (20,20)
    // 7 (4,20). Pushed out by 3, the slot's corners move along their
    // bisectors: 1 → (13,1), 2 → (13,12), 3 → (11,12), 4 → (11,1), so
    // vertex 4 lands on edge 0 (y = 1, x 1..13): edge 0 meets edge 3.
    let slot = rect(10, 4, 14, 15);
    let body = rect(4, 4, 20, 20);
    let img = Image::from_fn(
        24,
        24,
        |x, y| if body(x, y) && !slot(x, y) { 255 } else { 0 },
    );
    let r = refusal(&img, &params(0.4, 3.0, 16, 1));
    assert_eq!(r.field, Some("margin"));
    assert!(
        r.message.starts_with(
            "the outline crosses itself: edge 0 meets edge 3 after a margin of 3px was pushed out of a \
             silhouette narrower than that"
        ),
        "{}",
        r.message
    );
    // Half the slot's width (2 px) is the most margin it takes: at 2 the
    // slot's walls meet exactly, collapse, and the outline is the square.
    let c = support::mesh(&img, &params(0.4, 2.0, 16, 1));
    assert_eq!(
        c.mesh.points,
        vec![[2.0, 2.0], [22.0, 2.0], [22.0, 22.0], [2.0, 22.0]]
    );
}

#[test]
fn more_vertices_than_max_vertices() {
    // An L has 6 corners, which tolerance 0.4 keeps (every other lattice
    // point is on a straight run).
    let (a, b) = (rect(2, 2, 6, 12), rect(2, 8, 12, 12));
    let img = Image::from_fn(14, 14, |x, y| if a(x, y) || b(x, y) { 255 } else { 0 });
    let r = refusal(&img, &params(0.4, 0.5, 4, 1));
    assert_eq!(r.field, Some("maxVertices"));
    assert!(
        r.message.starts_with(
            "the silhouette simplified to 6 vertices at tolerance 0.4, past the 4 this mesh allows"
        ),
        "{}",
        r.message
    );
    assert_eq!(support::mesh(&img, &params(0.4, 0.5, 6, 1)).mesh.hull, 6);
}

#[test]
fn coverage_under_the_guarantee() {
    // A right triangle of art (legs 40 px), margin 0, tolerance 3: the
    // traced hypotenuse is a staircase whose steps stand 0.71 px off its
    // chord, so Douglas–Peucker replaces it by the chord and cuts off every
    // step pixel whose centre lies beyond it. The refusal's counts must
    // agree with the art counted here and with its own percentage.
    let img = Image::from_fn(48, 48, |x, y| {
        if x >= 4 && y >= 4 && x + y < 48 {
            255
        } else {
            0
        }
    });
    let r = refusal(&img, &params(3.0, 0.0, 16, 1));
    assert_eq!(r.field, Some("margin"));
    let art = img.count_at_least(1);
    let body = r
        .message
        .strip_prefix("the mesh covers ")
        .expect(&r.message);
    let (pct, rest) = body.split_once("% of the art (").expect(&r.message);
    let (covered, rest) = rest.split_once(" of ").expect(&r.message);
    let covered: u64 = covered.parse().expect("a count");
    assert!(rest.starts_with(&format!("{art} px), under the 99.5% a contour mesh guarantees — raise the margin (now 0px) above the tolerance (3px)")), "{}", r.message);
    assert_eq!(pct, format!("{:.2}", 100.0 * covered as f64 / art as f64));
    assert!((covered as f64) < 0.995 * art as f64);
    // margin ≥ tolerance puts it back.
    let c = support::mesh(&img, &params(3.0, 3.0, 16, 1));
    assert_eq!(c.covered_pixels, art);
}

#[test]
fn no_art_at_all() {
    let img = Image::from_fn(8, 6, |x, _| if x == 3 { 59 } else { 0 });
    let r = refusal(&img, &params(1.0, 1.0, 16, 60));
    assert_eq!(r.field, None);
    assert_eq!(
        r.message,
        "no pixel of the 8x6 part reaches alpha 60; there is no silhouette to trace"
    );
}

#[test]
fn parameters_out_of_range_are_refused_at_their_field() {
    let img = Image::from_fn(8, 8, |x, y| {
        if (2..6).contains(&x) && (2..6).contains(&y) {
            255
        } else {
            0
        }
    });
    for (p, field) in [
        (params(0.0, 1.0, 16, 1), "tolerance"),
        (params(f64::NAN, 1.0, 16, 1), "tolerance"),
        (params(1.0, -1.0, 16, 1), "margin"),
        (params(1.0, f64::INFINITY, 16, 1), "margin"),
        (params(1.0, 1.0, 2, 1), "maxVertices"),
        (params(1.0, 1.0, 16, 0), "alpha"),
    ] {
        assert_eq!(refusal(&img, &p).field, Some(field), "{p:?}");
    }
}

#[test]
fn a_raster_whose_bytes_disagree_with_its_size() {
    let bytes = [0u8; 15];
    let r = generate(
        &Raster {
            width: 2,
            height: 2,
            rgba: &bytes,
        },
        &params(1.0, 1.0, 16, 1),
    )
    .expect_err("refused");
    assert_eq!(
        r.message,
        "the decoded image holds 15 bytes, not the 4 per pixel a 2x2 part needs"
    );
    let r = generate(
        &Raster {
            width: 0,
            height: 3,
            rgba: &[],
        },
        &params(1.0, 1.0, 16, 1),
    )
    .expect_err("refused");
    assert_eq!(r.message, "the part is 0x3, so it has no pixels to trace");
}

#[test]
fn a_silhouette_simplified_below_a_triangle() {
    // One art pixel: its trace is the 4 corners of (2,2)–(3,3). Douglas–
    // Peucker cuts the ring at (2,2) and the opposite corner (3,3); each
    // arc's middle corner is √2/2 ≈ 0.71 px off its chord, under tolerance
    // 1, so 2 vertices are left.
    let img = Image::from_fn(5, 5, |x, y| if (x, y) == (2, 2) { 255 } else { 0 });
    let r = refusal(&img, &params(1.0, 0.5, 16, 1));
    assert_eq!(r.field, Some("tolerance"));
    assert_eq!(
        r.message,
        "the 5x5 silhouette simplified to 2 distinct vertices at tolerance 1; lower the tolerance"
    );
    // Under 0.7 the corners stay: a square of 4.
    assert_eq!(support::mesh(&img, &params(0.7, 0.5, 16, 1)).mesh.hull, 4);
}
