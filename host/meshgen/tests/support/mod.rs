//! Shared by the contour tests: reading the reference rigs' PNGs, building
//! synthetic rasters, and the checks every accepted contour mesh must pass.
#![allow(dead_code)]

use rigc_meshgen::contour::{generate, Contour, Params};
use rigc_meshgen::{Raster, Refusal};
use std::path::PathBuf;

/// `<repo>/../shared` (or `$RIGC_SHARED`), as the end-to-end tests find it.
pub fn shared() -> PathBuf {
    let dir = std::env::var_os("RIGC_SHARED")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared"));
    assert!(
        dir.join("reference").is_dir(),
        "the shared directory is not at {} (set RIGC_SHARED)",
        dir.display()
    );
    dir
}

/// A decoded image: size and RGBA bytes.
pub struct Image {
    pub width: u32,
    pub height: u32,
    pub rgba: Vec<u8>,
}

/// The alpha map, one row a line (`.` clear, `1`–`9` alpha/26, `#` 255).
impl std::fmt::Debug for Image {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(f, "{}x{}", self.width, self.height)?;
        for y in 0..self.height {
            let row: String = (0..self.width)
                .map(|x| match self.alpha(i64::from(x), i64::from(y)) {
                    0 => '.',
                    255 => '#',
                    a => char::from(b'0' + (a / 26).max(1)),
                })
                .collect();
            writeln!(f, "{row}")?;
        }
        Ok(())
    }
}

impl Image {
    pub fn raster(&self) -> Raster<'_> {
        Raster {
            width: self.width,
            height: self.height,
            rgba: &self.rgba,
        }
    }

    /// A `w × h` image, alpha from `f(x, y)`, colour white.
    pub fn from_fn(w: u32, h: u32, f: impl Fn(u32, u32) -> u8) -> Image {
        let mut rgba = Vec::with_capacity((w * h * 4) as usize);
        for y in 0..h {
            for x in 0..w {
                rgba.extend([255, 255, 255, f(x, y)]);
            }
        }
        Image {
            width: w,
            height: h,
            rgba,
        }
    }

    pub fn alpha(&self, x: i64, y: i64) -> u8 {
        self.raster().alpha(x, y)
    }

    /// Pixels at or above `threshold`, counted here (not by the generator).
    pub fn count_at_least(&self, threshold: u8) -> u64 {
        self.rgba
            .chunks_exact(4)
            .filter(|p| p[3] >= threshold)
            .count() as u64
    }
}

/// flex's part `name`, decoded.
pub fn flex_part(name: &str) -> Image {
    let path = shared().join(format!("reference/rigc-gallery/flex/parts/{name}.png"));
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let png = rigc_sdk::png_image::decode(&bytes).expect("a gallery PNG decodes");
    Image {
        width: png.header.width,
        height: png.header.height,
        rgba: png.rgba,
    }
}

/// flex's generator block: `tolerance 0.9, margin 1.2, maxVertices 96, alpha 60`.
pub const FLEX: Params = Params {
    tolerance: 0.9,
    margin: 1.2,
    max_vertices: 96,
    alpha: 60,
};

pub fn params(tolerance: f64, margin: f64, max_vertices: u32, alpha: u8) -> Params {
    Params {
        tolerance,
        margin,
        max_vertices,
        alpha,
    }
}

/// Twice the signed area of triangle `t` in part pixels (y down).
pub fn twice_area(points: &[[f64; 2]], t: &[u32]) -> f64 {
    let p = |i: u32| points[i as usize];
    let (a, b, c) = (p(t[0]), p(t[1]), p(t[2]));
    (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
}

/// What every accepted contour mesh is: the host's topology check passes
/// with the outline walked `0 → 1 → … → n − 1` and `hull = n`, `n − 2`
/// triangles, each counter-clockwise as drawn (negative area, y down —
/// the winding of the authored meshes in squash and portrait), every
/// point inside the window, coverage at the guarantee.
pub fn assert_well_formed(c: &Contour, w: u32, h: u32) {
    let m = &c.mesh;
    let n = m.points.len();
    assert_eq!(m.hull as usize, n, "hull is every vertex");
    assert_eq!(m.triangles.len(), 3 * (n - 2), "n − 2 triangles");
    let topo = rigc_sdk::mesh::topology::derive(n, &m.triangles, None)
        .unwrap_or_else(|e| panic!("topology refused: {e}"));
    assert_eq!(topo.hull, n);
    assert_eq!(topo.outline, (0..n as u32).collect::<Vec<_>>());
    for t in m.triangles.chunks_exact(3) {
        assert!(
            twice_area(&m.points, t) < 0.0,
            "triangle {t:?} is not counter-clockwise as drawn"
        );
    }
    for p in &m.points {
        assert!(
            (0.0..=f64::from(w)).contains(&p[0]) && (0.0..=f64::from(h)).contains(&p[1]),
            "{p:?} is outside the {w}x{h} window"
        );
    }
    assert!(c.coverage >= 0.995, "coverage {}", c.coverage);
    assert_eq!(c.coverage, c.covered_pixels as f64 / c.art_pixels as f64);
}

/// `generate`, expecting a mesh.
pub fn mesh(img: &Image, p: &Params) -> Contour {
    let c = generate(&img.raster(), p).unwrap_or_else(|r| panic!("refused: {}", r.message));
    assert_well_formed(&c, img.width, img.height);
    c
}

/// `generate`, expecting a refusal.
pub fn refusal(img: &Image, p: &Params) -> Refusal {
    match generate(&img.raster(), p) {
        Ok(c) => panic!("built {} vertices, expected a refusal", c.mesh.hull),
        Err(r) => r,
    }
}

/// Whether pixel centre `(x + ½, y + ½)` is in or on a triangle of `c`.
fn centre_covered(c: &Contour, x: u32, y: u32) -> bool {
    let p = [f64::from(x) + 0.5, f64::from(y) + 0.5];
    c.mesh.triangles.chunks_exact(3).any(|t| {
        let q = |i: u32| c.mesh.points[i as usize];
        let (a, b, d) = (q(t[0]), q(t[1]), q(t[2]));
        let s = |u: [f64; 2], v: [f64; 2]| {
            (v[0] - u[0]) * (p[1] - u[1]) - (v[1] - u[1]) * (p[0] - u[0])
        };
        let (e0, e1, e2) = (s(a, b), s(b, d), s(d, a));
        (e0 <= 1e-9 && e1 <= 1e-9 && e2 <= 1e-9) || (e0 >= -1e-9 && e1 >= -1e-9 && e2 >= -1e-9)
    })
}

/// The `MESH` line's fit as FORMAT.md §6.2 defines it (restated here
/// from its text, independently of the host's `stages/mesh/fit.rs`): the
/// art is every pixel with alpha > 0; coverage the share whose centre is in
/// a triangle; reach the largest distance from a vertex to the nearest art
/// pixel's square.
pub fn mesh_line_fit(img: &Image, c: &Contour) -> (u64, u64, f64) {
    let (mut art, mut covered) = (0u64, 0u64);
    let mut squares = Vec::new();
    for y in 0..img.height {
        for x in 0..img.width {
            if img.alpha(i64::from(x), i64::from(y)) > 0 {
                art += 1;
                squares.push((f64::from(x), f64::from(y)));
                if centre_covered(c, x, y) {
                    covered += 1;
                }
            }
        }
    }
    let reach = c
        .mesh
        .points
        .iter()
        .map(|p| {
            squares
                .iter()
                .map(|&(x, y)| {
                    let dx = (x - p[0]).max(p[0] - (x + 1.0)).max(0.0);
                    let dy = (y - p[1]).max(p[1] - (y + 1.0)).max(0.0);
                    dx.hypot(dy)
                })
                .fold(f64::INFINITY, f64::min)
        })
        .fold(0.0, f64::max);
    (art, covered, reach)
}

/// The `MESH` line's hole (FORMAT.md §6.2, restated) with "clear" meaning
/// alpha below `threshold` (1: the host's alpha-0 pixels): clear pixels
/// inside the triangles that no 4-connected path of clear pixels joins to
/// a pixel outside them or to the image's edge.
pub fn mesh_line_hole(img: &Image, c: &Contour, threshold: u8) -> u64 {
    let (w, h) = (img.width as usize, img.height as usize);
    let clear: Vec<bool> = img.rgba.chunks_exact(4).map(|p| p[3] < threshold).collect();
    let inside: Vec<bool> = (0..w * h)
        .map(|i| centre_covered(c, (i % w) as u32, (i / w) as u32))
        .collect();
    let mut reached = vec![false; w * h];
    let mut stack: Vec<usize> = (0..w * h)
        .filter(|&i| {
            let (x, y) = (i % w, i / w);
            clear[i] && (!inside[i] || x == 0 || y == 0 || x + 1 == w || y + 1 == h)
        })
        .collect();
    for &i in &stack {
        reached[i] = true;
    }
    while let Some(i) = stack.pop() {
        let (x, y) = (i % w, i / w);
        let mut next = Vec::new();
        if x > 0 {
            next.push(i - 1);
        }
        if x + 1 < w {
            next.push(i + 1);
        }
        if y > 0 {
            next.push(i - w);
        }
        if y + 1 < h {
            next.push(i + w);
        }
        for j in next {
            if clear[j] && !reached[j] {
                reached[j] = true;
                stack.push(j);
            }
        }
    }
    (0..w * h)
        .filter(|&i| clear[i] && inside[i] && !reached[i])
        .count() as u64
}
