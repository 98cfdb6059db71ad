//! gallery/flex's four contour meshes against FIGURES.md's flex section and
//! the example's README (its `MESH` lines, its sweep table, its refusals).

mod support;

use support::{flex_part, mesh, mesh_line_fit, mesh_line_hole, params, refusal, Image, FLEX};

/// `(part, vertices, triangles, covered %, 3 dp, as the sweep prints it)`.
const SHIPPED: [(&str, u32, usize, &str); 4] = [
    ("flag_a", 52, 50, "100.000"),
    ("flag_b", 48, 46, "100.000"),
    ("flag_c", 81, 79, "99.963"),
    ("leaf", 77, 75, "100.000"),
];

#[test]
fn the_four_meshes_at_the_shipped_parameters() {
    for (name, v, t, pct) in SHIPPED {
        let img = flex_part(name);
        let c = mesh(&img, &FLEX);
        assert_eq!((c.mesh.hull, c.mesh.triangles.len() / 3), (v, t), "{name}");
        assert_eq!(format!("{:.3}", c.coverage * 100.0), pct, "{name}");
        // The guarantee's measure counts the mask at alpha 60.
        assert_eq!(c.art_pixels, img.count_at_least(60), "{name}");
    }
}

#[test]
fn the_mesh_lines_figures() {
    // FIGURES: flag_a/b and leaf cover 100.00 %, flag_c 99.96 % — the MESH
    // line's coverage (alpha > 0), not the guarantee's (alpha 60) — each
    // "reaching 2.00px past it". That 2.00 is the contour's own overshoot:
    // the furthest covered pixel outside the filled silhouette, centre to
    // the nearest silhouette pixel's centre. The vertex-to-art-square
    // distance (`host/src/stages/mesh/fit.rs`'s reach) measures 1.70 px on
    // the flags and 1.60 px on the leaf, so it is not the figure printed.
    for (name, want) in [
        ("flag_a", "100.00"),
        ("flag_b", "100.00"),
        ("flag_c", "99.96"),
        ("leaf", "100.00"),
    ] {
        let img = flex_part(name);
        let c = mesh(&img, &FLEX);
        let (art, covered, reach) = mesh_line_fit(&img, &c);
        assert_eq!(
            format!("{:.2}", 100.0 * covered as f64 / art as f64),
            want,
            "{name}"
        );
        assert_eq!(format!("{:.2}", c.overshoot), "2.00", "{name}");
        assert!(reach < c.overshoot, "{name}: vertex reach {reach}");
    }
}

#[test]
fn flag_b_encloses_848_px_of_hole_and_the_leaf_is_11350_px_at_alpha_60() {
    let img = flex_part("flag_b");
    let c = mesh(&img, &FLEX);
    assert_eq!(c.hole_pixels, 848);
    // The same 848 px counted the MESH line's way (pixels the triangles
    // enclose, flooded from outside them) with "clear" = below alpha 60.
    // Counted with clear = alpha 0 (what `host/src/stages/mesh/fit.rs`
    // counts) it is 803: the star's antialiased rim (alpha 1..59) is the
    // difference, so the 848 FIGURES prints is the hole at the generator's
    // threshold.
    assert_eq!(mesh_line_hole(&img, &c, 60), 848);
    assert!(mesh_line_hole(&img, &c, 1) < 848);
    let leaf = mesh(&flex_part("leaf"), &FLEX);
    assert_eq!(
        (leaf.art_pixels, leaf.islands, leaf.hole_pixels),
        (11350, 1, 0)
    );
}

#[test]
fn the_traced_lattice_vertices_the_readme_states() {
    // README: "flag_c and leaf trace to 722 and 582 lattice vertices".
    assert_eq!(mesh(&flex_part("flag_c"), &FLEX).traced_vertices, 722);
    assert_eq!(mesh(&flex_part("leaf"), &FLEX).traced_vertices, 582);
}

fn vertices_or_refused(img: &Image, tolerance: f64, margin: f64) -> Result<(u32, String), String> {
    match rigc_meshgen::contour::generate(&img.raster(), &params(tolerance, margin, 96, 60)) {
        Ok(c) => Ok((c.mesh.hull, format!("{:.3}", c.coverage * 100.0))),
        Err(r) => Err(r.message),
    }
}

#[test]
fn the_sweep_rows_of_the_leaf_and_the_shipped_row() {
    // README / FIGURES sweep (tolerance/margin → leaf): refused 350,
    // refused 232, 77 v, 46 v, 41 v, all at 100.000 % where built.
    let leaf = flex_part("leaf");
    for (t, m, want) in [(0.4, 0.6, 350u32), (0.6, 0.8, 232)] {
        let r = vertices_or_refused(&leaf, t, m).expect_err("refused");
        assert!(
            r.starts_with(&format!(
                "the silhouette simplified to {want} vertices at tolerance {t}, past the 96 this mesh allows"
            )),
            "{r}"
        );
    }
    for (t, m, want) in [(0.9, 1.2, 77u32), (1.2, 1.6, 46), (2.0, 2.5, 41)] {
        assert_eq!(
            vertices_or_refused(&leaf, t, m),
            Ok((want, "100.000".into())),
            "{t}/{m}"
        );
    }
    assert_eq!(
        vertices_or_refused(&flex_part("flag_a"), 0.9, 1.2),
        Ok((52, "100.000".into()))
    );
    assert_eq!(
        vertices_or_refused(&flex_part("flag_c"), 0.9, 1.2),
        Ok((81, "99.963".into()))
    );
}

/// The README's sweep rows for the two flags away from the shipped row do
/// **not** reproduce on the flag PNGs in this reference set, and the
/// evidence says they were measured on earlier art: the same README quotes
/// flag_c at 10 633 art px (its margin-0 refusal), and flag_c.png here has
/// 13 350 px at alpha 60 (no threshold gives 10 633); flag_a.png was
/// redrawn in a later commit than the leaf. The leaf, whose art is the
/// sweep's, reproduces every row. What the flags measure here:
///
/// | t / m | flag_a README → here | flag_c README → here |
/// | 0.4/0.6 | 94 v → refused 118 | refused 308 → refused 328 |
/// | 0.6/0.8 | 78 v → refused 104 | refused 218 → refused 224 |
/// | 1.2/1.6 | 10 v → 11 v | 24 v 99.690 % → 26 v 99.753 % |
/// | 2.0/2.5 | 9 v → 10 v | 11 v 99.511 % → 12 v 99.610 % |
///
/// What this test holds is what the README says the sweep *taught*, which
/// the art here still shows: the vertex count falls off a cliff between
/// tolerance 0.9 and 1.2 on flag_a (the hem's undulation collapses) while
/// coverage stays at 100 %; below 0.9 the serrated parts keep hundreds of
/// vertices, past any budget; flag_c stays above the guarantee but under
/// 100 % at the coarse rows.
#[test]
fn the_sweep_lessons_on_this_art() {
    let (a, c) = (flex_part("flag_a"), flex_part("flag_c"));
    let (coarse, cov) = vertices_or_refused(&a, 1.2, 1.6).expect("flag_a builds at 1.2/1.6");
    assert!(coarse * 4 < 52, "flag_a at 1.2 keeps {coarse} of 52");
    assert_eq!(cov, "100.000");
    for (t, m) in [(0.4, 0.6), (0.6, 0.8)] {
        let r = vertices_or_refused(&c, t, m).expect_err("flag_c is past the budget");
        assert!(r.starts_with("the silhouette simplified to "), "{r}");
    }
    for (t, m) in [(1.2, 1.6), (2.0, 2.5)] {
        let (_, cov) = vertices_or_refused(&c, t, m).expect("flag_c builds");
        let cov: f64 = cov.parse().expect("a percentage");
        assert!((99.5..100.0).contains(&cov), "{t}/{m}: {cov}");
    }
}

#[test]
fn margin_zero_under_a_real_tolerance_is_refused_naming_both() {
    // README: "Dropping the margin to 0 on flag_c while leaving a real
    // tolerance is refused, and the refusal names both numbers" — quoted
    // there as 99.41 % (10570 of 10633 px) on earlier flag_c art (see
    // above); on this art the counts are flag_c's own.
    let img = flex_part("flag_c");
    let r = refusal(&img, &params(2.5, 0.0, 96, 60));
    assert_eq!(r.field, Some("margin"));
    let art = img.count_at_least(60);
    let (head, tail) = r
        .message
        .split_once(" px), under")
        .expect("the coverage shape");
    let (pct, counts) = head
        .strip_prefix("the mesh covers ")
        .and_then(|s| s.split_once("% of the art ("))
        .expect("the coverage shape");
    let (covered, of) = counts.split_once(" of ").expect("covered of art");
    let covered: u64 = covered.parse().expect("a count");
    assert_eq!(of, art.to_string());
    assert_eq!(pct, format!("{:.2}", 100.0 * covered as f64 / art as f64));
    assert!((covered as f64) < 0.995 * art as f64);
    assert_eq!(
        tail,
        " the 99.5% a contour mesh guarantees — raise the margin (now 0px) above the tolerance (2.5px), which \
         is how far simplification is allowed to cut inward, or lower the tolerance"
    );
}

#[test]
fn a_second_island_pasted_into_the_leaf_is_refused() {
    // README: "Reproduced by pasting a 14×14 blob into a corner of
    // leaf.png" — 11 350 + 196 = 11 546 art px.
    let leaf = flex_part("leaf");
    let mut img = Image {
        width: leaf.width,
        height: leaf.height,
        rgba: leaf.rgba.clone(),
    };
    // The top-left corner is clear of the leaf (its art starts at x 7,
    // y 10 and the corner 14×14 must not touch it).
    for y in 0..14u32 {
        for x in 0..14u32 {
            assert!(leaf.alpha(i64::from(x), i64::from(y)) < 60 || (x >= 7 && y >= 10));
        }
    }
    for y in 0..14u32 {
        for x in 0..14u32 {
            img.rgba[((y * img.width + x) * 4 + 3) as usize] = 255;
        }
    }
    let r = refusal(&img, &FLEX);
    assert_eq!(
        r.message,
        "the art is 2 separate islands and one outline can only enclose the largest (11350 of 11546 px, 98.30%) \
         — raise the alpha threshold if the strays are feathering, or give each island its own slot"
    );
}

#[test]
fn an_opaque_120x150_part_is_a_region() {
    let img = Image::from_fn(120, 150, |_, _| 200);
    assert_eq!(
        refusal(&img, &FLEX).message,
        "every pixel of the 120x150 part reaches alpha 60, so its silhouette IS the part window and a contour \
         mesh of it is a region attachment with extra vertices — give the art a transparent margin, raise the \
         alpha threshold, or use a region"
    );
}

#[test]
fn the_leafs_fan_is_the_one_its_readme_measures() {
    // README (A39 history): ear-clipping fans the leaf's 77 outline vertices
    // from apex vertex 76; triangle 12 is [76,12,13] at 47.739 px² and
    // triangle 61 [76,60,62] at 4.383 px² (A39 printed them negative: the
    // winding before v2.20.0; here they are counter-clockwise as drawn, so
    // the same triples come out with their last two swapped); five
    // triangles are under 5 px², the thinnest three 0.368, 0.878 and
    // 2.385 px², against a largest of 792.
    let c = mesh(&flex_part("leaf"), &FLEX);
    let tri = |k: usize| &c.mesh.triangles[3 * k..3 * k + 3];
    let area = |t: &[u32]| -support::twice_area(&c.mesh.points, t) / 2.0;
    assert_eq!(tri(12), [76, 13, 12]);
    assert_eq!(format!("{:.3}", area(tri(12))), "47.739");
    assert_eq!(tri(61), [76, 62, 60]);
    assert!((area(tri(61)) - 4.383).abs() < 1.5e-3, "{}", area(tri(61)));
    let mut areas: Vec<f64> = c.mesh.triangles.chunks_exact(3).map(area).collect();
    areas.sort_by(f64::total_cmp);
    let thinnest: Vec<String> = areas[..3].iter().map(|a| format!("{a:.3}")).collect();
    assert_eq!(thinnest, ["0.368", "0.878", "2.385"]);
    assert_eq!(areas.iter().filter(|&&a| a < 5.0).count(), 5);
    // "a largest of 792": 792.58 here, the README's figure truncated.
    assert!((792.0..793.0).contains(&areas[areas.len() - 1]));
}

#[test]
fn the_gust_keys_bend_offsets_land_on_these_vertices() {
    // FIGURES/README: explain prints the gust key's `bend` (amount 15, from
    // −81, to 77, power 2, along y, axis x) as `v 0 (14.881872, 0)  v 1
    // (12.795097, 0)  v 2 (11.586316, 0)  v 3 (10.778408, 0)`. The model is
    // evaluated in the attachment's own (slot-bone) coordinates; FORMAT.md
    // §2.7.3 places the part window centred on the bone, axis-aligned in
    // the world (`world = bone + (px − w/2, h/2 − py)`), and the leaf bone's
    // world rotation is sprig 12° + leaf_stem 10° = 22° (rig.json), so a
    // vertex's bone-local y is `−(px − 60)·sin 22° + (85 − py)·cos 22°`.
    // Those four figures pin the outline's first four vertices and its
    // walk direction.
    let c = mesh(&flex_part("leaf"), &FLEX);
    let (s, k) = 22f64.to_radians().sin_cos();
    let got: Vec<String> = c.mesh.points[..4]
        .iter()
        .map(|p| {
            let y = -(p[0] - 60.0) * s + (85.0 - p[1]) * k;
            let u = (y + 81.0) / 158.0;
            format!("{:.6}", 15.0 * u * u)
        })
        .collect();
    assert_eq!(got, ["14.881872", "12.795097", "11.586316", "10.778408"]);
    // And wave t=0.6 (amount 8, power 1): largest 7.968 px, at vertex 0.
    let wave: Vec<f64> = c
        .mesh
        .points
        .iter()
        .map(|p| 8.0 * ((-(p[0] - 60.0) * s + (85.0 - p[1]) * k) + 81.0) / 158.0)
        .collect();
    let (at, top) = wave
        .iter()
        .enumerate()
        .fold((0, f64::MIN), |b, (i, &v)| if v > b.1 { (i, v) } else { b });
    assert_eq!((at, format!("{top:.3}")), (0, "7.968".to_string()));
}
