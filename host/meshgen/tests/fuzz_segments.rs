//! Fuzz (the segments side): the segments lattice over arbitrary rasters,
//! cells and thresholds — a refusal or a mesh, never a panic — and every
//! accepted mesh obeys the hull rule (rigc-sdk's topology check, an
//! independent reader), tiles its outline (T = 2V − hull − 2), keeps every
//! cell with art and no vertex outside the window; its weights over
//! arbitrary segments sum to 1 with none under the floor.

use proptest::prelude::*;
use rigc_meshgen::segments::weigh::{self, Falloff};
use rigc_meshgen::segments::{self, Lattice};
use rigc_meshgen::Raster;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(384))]

    #[test]
    fn segments_never_panic_and_keep_the_hull_rule(
        (w, h) in (0u32..20, 0u32..20),
        cell in prop_oneof![0u32..8, Just(u32::MAX)],
        alpha in any::<u8>(),
        bytes in proptest::collection::vec(prop_oneof![Just(0u8), Just(255u8), any::<u8>()], 0..1700),
        exact in any::<bool>(),
    ) {
        let mut rgba = bytes;
        if exact {
            rgba.resize((w * h * 4) as usize, 0);
        }
        let art = Raster { width: w, height: h, rgba: &rgba };
        let Ok(s) = segments::generate(&art, &Lattice { cell, alpha }) else { return Ok(()) };
        let m = &s.mesh;
        let (v, hull) = (m.points.len(), m.hull as usize);
        prop_assert_eq!(m.triangles.len() / 3, 2 * v - hull - 2);
        prop_assert_eq!(m.triangles.len() as u64, 6 * s.cells.kept);
        let t = rigc_sdk::mesh::topology::derive(v, &m.triangles, Some(hull));
        prop_assert!(t.is_ok(), "{:?}", t.err());
        prop_assert!(m.points.iter().all(|p| (0.0..=f64::from(w)).contains(&p[0]) && (0.0..=f64::from(h)).contains(&p[1])));
        prop_assert!(s.cells.kept >= s.cells.with_art);
        // Every art pixel lies in a kept cell: some triangle's cell holds it.
        for (i, px) in rgba.chunks_exact(4).enumerate() {
            if px[3] < alpha { continue; }
            let (x, y) = ((i as u32 % w) as f64 + 0.5, (i as u32 / w) as f64 + 0.5);
            let inside = m.triangles.chunks_exact(6).any(|q| {
                let (tl, br) = (m.points[q[0] as usize], m.points[q[2] as usize]);
                tl[0] <= x && x <= br[0] && tl[1] <= y && y <= br[1]
            });
            prop_assert!(inside, "art pixel {} dropped", i);
        }
    }

    #[test]
    fn weights_sum_to_one_over_any_segments(
        points in proptest::collection::vec((-1e4f64..1e4, -1e4f64..1e4), 1..20),
        segs in proptest::collection::vec((-1e4f64..1e4, -1e4f64..1e4, -1e3f64..1e3, -1e3f64..1e3), 0..6),
        max_bones in 0u32..8,
        exponent in prop_oneof![0.01f64..12.0, Just(0.0), Just(f64::NAN)],
    ) {
        let pts: Vec<[f64; 2]> = points.iter().map(|&(x, y)| [x, y]).collect();
        let ss: Vec<[[f64; 2]; 2]> = segs.iter().map(|&(x, y, dx, dy)| [[x, y], [x + dx, y + dy]]).collect();
        let w = weigh::weigh(&pts, &ss, Falloff { max_bones, exponent });
        prop_assert_eq!(w.len(), pts.len());
        for b in &w {
            if ss.is_empty() { prop_assert!(b.is_empty()); continue; }
            let s: f64 = b.iter().map(|x| x.1).sum();
            prop_assert!((s - 1.0).abs() < 1e-9);
            prop_assert!(b.len() <= max_bones.clamp(1, 4) as usize);
            prop_assert!(b.iter().all(|x| x.1 >= weigh::MIN_WEIGHT && x.0 < ss.len()));
        }
    }
}
