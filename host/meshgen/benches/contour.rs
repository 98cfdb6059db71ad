//! `cargo bench -p rigc-meshgen --bench contour [-- --runs N]`: the contour
//! generator's time per megapixel of art — on gallery/flex's four parts at
//! their shipped parameters (read from `../shared`, or `$RIGC_SHARED`), and
//! on a synthetic 2048×2048 part (a wavy-rimmed disk, about 3.1 Mpx of art)
//! that makes the pixel passes dominate. Median of the runs, one thread.
//!
//! One line per input, machine-readable:
//! `contour <name> <w>x<h> art=<px> vertices=<n> median_ms=<ms> ms_per_art_mpx=<ms>`.

use rigc_meshgen::contour::{generate, Params};
use rigc_meshgen::Raster;
use std::path::PathBuf;
use std::time::Instant;

struct Part {
    name: String,
    width: u32,
    height: u32,
    rgba: Vec<u8>,
    params: Params,
}

const FLEX: Params = Params {
    tolerance: 0.9,
    margin: 1.2,
    max_vertices: 96,
    alpha: 60,
};

fn flex_parts() -> Vec<Part> {
    let shared = std::env::var_os("RIGC_SHARED")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared"));
    let dir = shared.join("reference/rigc-gallery/flex/parts");
    ["flag_a", "flag_b", "flag_c", "leaf"]
        .into_iter()
        .filter_map(|name| {
            let bytes = std::fs::read(dir.join(format!("{name}.png"))).ok()?;
            let png = rigc_sdk::png_image::decode(&bytes).ok()?;
            Some(Part {
                name: name.into(),
                width: png.header.width,
                height: png.header.height,
                rgba: png.rgba,
                params: FLEX,
            })
        })
        .collect()
}

fn wavy_disk(size: u32) -> Part {
    let c = f64::from(size) / 2.0;
    let mut rgba = Vec::with_capacity((size * size * 4) as usize);
    for y in 0..size {
        for x in 0..size {
            let (dx, dy) = (f64::from(x) + 0.5 - c, f64::from(y) + 0.5 - c);
            let r = c * (0.92 + 0.04 * (7.0 * dy.atan2(dx)).sin());
            let a = if dx.hypot(dy) <= r { 255 } else { 0 };
            rgba.extend([200, 120, 40, a]);
        }
    }
    Part {
        name: format!("wavy_disk_{size}"),
        width: size,
        height: size,
        rgba,
        params: Params {
            tolerance: 2.0,
            margin: 2.5,
            max_vertices: 256,
            alpha: 1,
        },
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let runs = args
        .iter()
        .position(|a| a == "--runs")
        .and_then(|i| args.get(i + 1))
        .and_then(|s| s.parse().ok())
        .unwrap_or(15usize);
    let mut parts = flex_parts();
    parts.push(wavy_disk(2048));
    for part in &parts {
        let raster = Raster {
            width: part.width,
            height: part.height,
            rgba: &part.rgba,
        };
        let mut times = Vec::with_capacity(runs);
        let mut last = None;
        for _ in 0..runs {
            let t = Instant::now();
            let out = generate(&raster, &part.params);
            times.push(t.elapsed().as_secs_f64() * 1e3);
            last = Some(out);
        }
        times.sort_by(f64::total_cmp);
        let median = times[times.len() / 2];
        let (art, vertices) = match last {
            Some(Ok(c)) => (c.art_pixels, c.mesh.hull),
            Some(Err(r)) => {
                eprintln!("contour {}: refused: {}", part.name, r.message);
                continue;
            }
            None => continue,
        };
        println!(
            "contour {} {}x{} art={art} vertices={vertices} median_ms={median:.3} ms_per_art_mpx={:.1}",
            part.name,
            part.width,
            part.height,
            median / (art as f64 / 1e6)
        );
    }
}
