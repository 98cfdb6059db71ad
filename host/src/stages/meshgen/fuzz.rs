//! A property test of the meshgen stage's readers: a part PNG, a depth sheet
//! and a soft mask of any colour type (grey, grey+alpha, RGB, RGBA, palette),
//! bit depth 8 or 16, any small size — or truncated, or declaring a huge size
//! with a valid CRC — give a generated mesh or a refusal, never a panic, and
//! the huge sizes are refused before anything is allocated for them.

use super::{generate, GenInput};
use crate::spec::rig::GeneratorKind;
use proptest::prelude::*;
use rigc_meshgen::depth::{Near, Params};
use rigc_meshgen::grid::Lattice;

/// A PNG of `w`×`h` in colour type `ct` (0, 2, 3, 4, 6) at `depth` bits.
fn png(w: u32, h: u32, ct: u8, sixteen: bool, seed: u8) -> Vec<u8> {
    let (color, channels) = match ct {
        0 => (png::ColorType::Grayscale, 1),
        2 => (png::ColorType::Rgb, 3),
        3 => (png::ColorType::Indexed, 1),
        4 => (png::ColorType::GrayscaleAlpha, 2),
        _ => (png::ColorType::Rgba, 4),
    };
    let depth = if sixteen && ct != 3 {
        png::BitDepth::Sixteen
    } else {
        png::BitDepth::Eight
    };
    let bytes = if depth == png::BitDepth::Sixteen {
        2
    } else {
        1
    };
    let n = (w * h) as usize * channels * bytes;
    let data: Vec<u8> = (0..n)
        .map(|i| (i as u8).wrapping_mul(seed) ^ seed)
        .collect();
    let mut out = Vec::new();
    {
        let mut enc = png::Encoder::new(&mut out, w, h);
        enc.set_color(color);
        enc.set_depth(depth);
        if ct == 3 {
            enc.set_palette((0..=255u8).flat_map(|i| [i, i, i]).collect::<Vec<_>>());
        }
        let mut wr = enc.write_header().expect("header");
        wr.write_image_data(&data).expect("data");
    }
    out
}

/// `bytes` with its IHDR's width and height set to `w`×`h` and the chunk's
/// CRC made valid again.
fn declare(mut bytes: Vec<u8>, w: u32, h: u32) -> Vec<u8> {
    if bytes.len() < 33 {
        return bytes;
    }
    bytes[16..20].copy_from_slice(&w.to_be_bytes());
    bytes[20..24].copy_from_slice(&h.to_be_bytes());
    let crc = crc32(&bytes[12..29]);
    bytes[29..33].copy_from_slice(&crc.to_be_bytes());
    bytes
}

/// The PNG chunk CRC (ISO-HDLC CRC-32).
fn crc32(data: &[u8]) -> u32 {
    let mut c = 0xffff_ffffu32;
    for &b in data {
        c ^= u32::from(b);
        for _ in 0..8 {
            c = if c & 1 != 0 {
                0xedb8_8320 ^ (c >> 1)
            } else {
                c >> 1
            };
        }
    }
    !c
}

fn any_png() -> impl Strategy<Value = Vec<u8>> {
    (
        (1u32..12, 1u32..12),
        prop::sample::select(vec![0u8, 2, 3, 4, 6]),
        any::<bool>(),
        any::<u8>(),
        prop_oneof![
            Just(None),
            (0usize..200).prop_map(|n| Some(Err(n))),
            prop::sample::select(vec![
                (1u32 << 31, 1u32 << 31),
                (16385, 2),
                (100_000, 100_000),
                (0, 5)
            ])
            .prop_map(|s| Some(Ok(s))),
        ],
    )
        .prop_map(|((w, h), ct, sixteen, seed, damage)| {
            let bytes = png(w, h, ct, sixteen, seed);
            match damage {
                None => bytes,
                Some(Err(cut)) => bytes[..cut.min(bytes.len())].to_vec(),
                Some(Ok((w, h))) => declare(bytes, w, h),
            }
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn any_png_is_a_mesh_or_a_refusal(part in any_png(), sheet in any_png(), mask in any_png(), cols in 2u32..6) {
        let input = GenInput {
            name: "default/s/p".into(),
            image: "p.png".into(),
            generator: GeneratorKind::Grid(Lattice::Counts { cols, rows: 3 }),
            depth: Some(("d.png".into(), Params { near: Near::White, z_scale: 10.0, gamma: 1.0, contrast: 1.0, bias: 0.0 })),
            soft: Some(("b".into(), "m.png".into())),
        };
        if let Ok(g) = generate(&input, &part, Some(&sheet), Some(&mask)) {
            prop_assert_eq!(g.mesh.points.len() as u32, cols * 3);
            let d = g.depth.expect("a depth map was named");
            prop_assert!(d.sampled.z.iter().all(|z| (0.0..=10.0).contains(z)));
        }
        let plain = GenInput { depth: None, soft: None, ..input };
        let _ = generate(&plain, &part, None, None);
        let cells = rigc_meshgen::segments::Params {
            bones: vec!["b".into()],
            lattice: rigc_meshgen::segments::Lattice { cell: cols, alpha: 1 },
            falloff: rigc_meshgen::segments::weigh::Falloff { max_bones: 4, exponent: 2.0 },
        };
        let lattice = GenInput { generator: GeneratorKind::Segments(cells), ..plain };
        if let Ok(g) = generate(&lattice, &part, None, None) {
            prop_assert_eq!(g.mesh.triangles.len() as u64, 6 * g.cells.map_or(0, |c| c.kept));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn any_png_under_a_ribbon_is_a_strip_or_a_refusal(part in any_png(), fit in any::<bool>(), w in 0u32..40, h in 0u32..40, rows in 0u32..600) {
        // Half the cases state the size the PNG's header declares.
        let declared = |at: usize| part.get(at..at + 4).map_or(0, |b| u32::from_be_bytes([b[0], b[1], b[2], b[3]]));
        let (w, h) = if fit { (declared(16), declared(20)) } else { (w, h) };
        let p = rigc_meshgen::ribbon::Params { size: [f64::from(w), f64::from(h)], rows, chain: vec!["b".into()] };
        let input = GenInput {
            name: "default/s/p".into(),
            image: "p.png".into(),
            generator: GeneratorKind::Ribbon(p),
            depth: None,
            soft: None,
        };
        let made = generate(&input, &part, None, None);
        if let Ok(g) = made {
            prop_assert_eq!(g.size, [w, h]);
            prop_assert_eq!(g.mesh.points.len() as u32, 2 * rows);
            prop_assert!((2..=rigc_meshgen::ribbon::MAX_ROWS).contains(&rows));
        }
    }
}
