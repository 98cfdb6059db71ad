//! Fuzz (the lattice side; `fuzz.rs` is the contour's): the grid generator over arbitrary lattices and the depth-map and
//! soft-mask samplers over arbitrary rasters (wrong byte counts, colour,
//! transparent, any size) — a refusal or a result, never a panic.

use proptest::prelude::*;
use rigc_meshgen::depth::{self, Near, On};
use rigc_meshgen::grid::{self, Lattice};
use rigc_meshgen::{ceiling, soft, Raster};

fn lattice() -> impl Strategy<Value = Lattice> {
    prop_oneof![
        (0u32..40, 0u32..40).prop_map(|(cols, rows)| Lattice::Counts { cols, rows }),
        (
            proptest::collection::vec(-0.5f64..1.5, 0..12),
            proptest::collection::vec(prop_oneof![-0.5f64..1.5, Just(f64::NAN)], 0..12)
        )
            .prop_map(|(us, vs)| Lattice::Positions { us, vs }),
        (1u32..=u32::MAX, 1u32..=u32::MAX).prop_map(|(cols, rows)| Lattice::Counts { cols, rows }),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn grid_and_samplers_never_panic(
        l in lattice(),
        (w, h) in (0u32..24, 0u32..24),
        (mw, mh) in (0u32..24, 0u32..24),
        bytes in proptest::collection::vec(any::<u8>(), 0..3000),
        grey in any::<bool>(),
        gamma in prop_oneof![Just(1.0f64), -2.0f64..4.0, Just(f64::INFINITY)],
    ) {
        let Ok(mesh) = grid::generate(w, h, &l) else { return Ok(()) };
        prop_assert_eq!(mesh.triangles.len() / 3, 2 * (mesh.points.len() - mesh.hull as usize) + mesh.hull as usize - 2);
        let mut sheet = bytes.clone();
        if grey {
            for px in sheet.chunks_exact_mut(4) { px[1] = px[0]; px[2] = px[0]; }
        }
        let part = Raster { width: w, height: h, rgba: &bytes };
        let map = Raster { width: mw, height: mh, rgba: &sheet };
        let p = depth::Params { near: Near::Black, z_scale: 10.0, gamma, contrast: 1.0, bias: 0.0 };
        if let Ok(s) = depth::sample(&mesh, &part, &map, "d.png", &p, On::Grid) {
            prop_assert!(s.z.iter().all(|z| (0.0..=10.0).contains(z)));
            let _ = ceiling::measure(&mesh, &s.z, &s.levels);
        }
        if let Ok(s) = soft::sample(&mesh, (w, h), &map, "m.png") {
            prop_assert!(s.weights.iter().all(|w| (0.0..=1.0).contains(w)));
        }
    }
}
