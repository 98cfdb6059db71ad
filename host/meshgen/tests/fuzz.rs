//! Arbitrary small rasters and parameters: `generate` either refuses or
//! returns a mesh the host's topology check accepts (outline walked
//! `0 → … → n − 1`, counter-clockwise triangles, inside the window, at the
//! coverage guarantee) — never a panic. Each case is a few hundred pixels,
//! so time and memory are bounded by construction.

mod support;

use proptest::prelude::*;
use rigc_meshgen::contour::generate;
use support::{assert_well_formed, params, Image};

fn raster() -> impl Strategy<Value = Image> {
    (1u32..14, 1u32..14).prop_flat_map(|(w, h)| {
        // Alphas from a small set so thresholds split them often; blobs
        // are likelier than noise with a bias toward clear pixels.
        proptest::collection::vec(
            prop_oneof![3 => Just(0u8), 1 => Just(30u8), 2 => Just(128u8), 2 => Just(255u8)],
            (w * h) as usize,
        )
        .prop_map(move |alpha| Image::from_fn(w, h, |x, y| alpha[(y * w + x) as usize]))
    })
}

fn blob() -> impl Strategy<Value = Image> {
    // A union of up to 4 rectangles: connected shapes with necks, slots
    // and holes, which noise rarely makes.
    (
        4u32..24,
        4u32..24,
        proptest::collection::vec((0u32..24, 0u32..24, 1u32..12, 1u32..12), 1..5),
    )
        .prop_map(|(w, h, rects)| {
            Image::from_fn(w, h, |x, y| {
                let hit = rects
                    .iter()
                    .any(|&(rx, ry, rw, rh)| x >= rx && x < rx + rw && y >= ry && y < ry + rh);
                if hit {
                    255
                } else {
                    0
                }
            })
        })
}

fn any_params() -> impl Strategy<Value = rigc_meshgen::contour::Params> {
    (
        prop_oneof![1 => Just(0.0), 1 => Just(-1.0), 1 => Just(f64::NAN), 30 => 0.05f64..1.5, 10 => 1.5f64..4.0],
        prop_oneof![1 => Just(-0.5), 5 => Just(0.0), 30 => 0.0f64..3.0, 5 => 3.0f64..8.0],
        prop_oneof![1 => Just(0u32), 3 => Just(3u32), 30 => 3u32..200],
        prop_oneof![1 => Just(0u8), 10 => Just(1u8), 20 => 1u8..=255],
    )
        .prop_map(|(t, m, v, a)| params(t, m, v, a))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 768, ..ProptestConfig::default() })]

    #[test]
    fn noise_refuses_or_meshes(img in raster(), p in any_params()) {
        if let Ok(c) = generate(&img.raster(), &p) {
            assert_well_formed(&c, img.width, img.height);
            prop_assert!(c.mesh.hull <= p.max_vertices);
        }
    }

    #[test]
    fn blobs_refuse_or_mesh(img in blob(), p in any_params()) {
        if let Ok(c) = generate(&img.raster(), &p) {
            assert_well_formed(&c, img.width, img.height);
            prop_assert!(c.mesh.hull <= p.max_vertices);
            prop_assert!(c.islands >= 1 && c.island_pixels <= c.art_pixels);
        }
    }
}
