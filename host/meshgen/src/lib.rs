//! `rigc-meshgen` builds generated meshes (FORMAT.md §2.7.3–§2.7.5): each
//! generator is a pure function of its parameters and the part's pixels, so
//! the host can key it by exactly those and cache it. It reads no file and
//! parses no spec: the host's rig parser turns `generator` blocks into the
//! parameter structs here, decodes the PNGs into [`Raster`]s, and places a
//! [`Refusal`] at the spec value it names.
//!
//! Coordinates are the part's own pixels: `x` right, `y` down, `(0, 0)` the
//! image's top-left corner, `(w, h)` its bottom-right. The host turns a
//! [`Mesh`]'s points into uvs (`x / w`, `y / h`) and into slot-bone-space
//! vertices (FORMAT.md §2.7.3's placement).
#![deny(missing_docs)]
#![cfg_attr(not(test), warn(clippy::unwrap_used))]

pub mod ceiling;
pub mod contour;
pub mod depth;
pub mod grid;
pub mod ribbon;
pub mod ring;
pub mod segments;
pub mod sheet;
pub mod soft;

/// A decoded image in the part's pixel grid: RGBA8, row-major, top row first.
#[derive(Debug, Clone, Copy)]
pub struct Raster<'a> {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// `4 · width · height` bytes.
    pub rgba: &'a [u8],
}

impl Raster<'_> {
    /// The alpha of pixel `(x, y)`; 0 outside the image.
    pub fn alpha(&self, x: i64, y: i64) -> u8 {
        if x < 0 || y < 0 || x >= i64::from(self.width) || y >= i64::from(self.height) {
            return 0;
        }
        let i = (y as usize * self.width as usize + x as usize) * 4 + 3;
        self.rgba.get(i).copied().unwrap_or(0)
    }
}

/// A generated mesh, in part pixels.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Mesh {
    /// The vertices, `[x, y]` in part pixels; the outline first, walked
    /// round in order (`0 → 1 → … → hull − 1`), the interior after.
    pub points: Vec<[f64; 2]>,
    /// Vertex index triples.
    pub triangles: Vec<u32>,
    /// How many of the first points trace the outline.
    pub hull: u32,
}

/// A generator's refusal: what is wrong, and which field of the `generator`
/// block it concerns (`None`: the block as a whole, or the image it reads).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    /// The `generator` key the refusal is placed at (`"tolerance"`,
    /// `"depth"`, …), or `None` for the block.
    pub field: Option<&'static str>,
    /// The message, without the `<where>: ` prefix the host adds.
    pub message: String,
}

impl Refusal {
    /// A refusal of the block as a whole.
    pub fn new(message: impl Into<String>) -> Self {
        Refusal {
            field: None,
            message: message.into(),
        }
    }

    /// A refusal placed at `field`.
    pub fn at(field: &'static str, message: impl Into<String>) -> Self {
        Refusal {
            field: Some(field),
            message: message.into(),
        }
    }
}
