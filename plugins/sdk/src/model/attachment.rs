//! This module owns the attachment types of the compiled model.

use serde::{Deserialize, Serialize};

/// An attachment as it sits in a skin.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Attachment {
    /// A region (textured quad).
    Region(RegionAttachment),
    /// A bounding-box polygon.
    BoundingBox(BoundingBoxAttachment),
    /// A point (a position and rotation a runtime can query).
    Point(PointAttachment),
    /// A mesh: a textured triangle list over the part image.
    Mesh(MeshAttachment),
    /// A clipping polygon (FORMAT.md §2.7.6).
    Clipping(ClippingAttachment),
    /// A linked mesh: its own region over another mesh's geometry (§2.7.7).
    LinkedMesh(LinkedMeshAttachment),
    /// A path: cubic Bézier curves a path constraint moves bones along.
    Path(PathAttachment),
}

/// A clipping attachment: a polygon that clips the slots from its own to `end`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ClippingAttachment {
    /// `end`: the last slot clipped (absent: to the bottom of the draw order).
    pub end: Option<String>,
    /// `convex`.
    pub convex: Option<bool>,
    /// `inverse`.
    pub inverse: Option<bool>,
    /// Number of polygon vertices.
    pub vertex_count: u32,
    /// The geometry.
    pub vertices: Vertices,
    /// Editor colour.
    pub color: Option<String>,
}

/// A linked mesh: the runtime takes bones, vertices, uvs, triangles, hull,
/// edges, width and height from its source; `path`, `color` and `sequence`
/// are its own.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct LinkedMeshAttachment {
    /// `source`: the source mesh's placeholder.
    pub source: String,
    /// `skin` holding the source (absent: the default skin).
    pub skin: Option<String>,
    /// `slot` of the source (absent: the link's own slot).
    pub slot: Option<String>,
    /// `timelines`: the link plays the source's deform and sequence keys.
    pub timelines: Option<bool>,
    /// Atlas region path when it differs from the placeholder (or was stated).
    pub path: Option<String>,
    /// `width`, when stated (the runtime uses the source's).
    pub width: Option<f64>,
    /// `height`, when stated.
    pub height: Option<f64>,
    /// `color`, lowercase `rrggbbaa`.
    pub color: Option<String>,
    /// `sequence`: its own series of regions.
    pub sequence: Option<Sequence>,
}

/// A `sequence` block: `count` regions named `path + pad(start + i, digits)`,
/// frame `setup` shown at setup. Fields other than `count` are `Some` iff
/// declared.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
pub struct Sequence {
    /// `count`: how many frames (≥ 1).
    pub count: u32,
    /// `start`: the first frame's number.
    pub start: Option<u32>,
    /// `digits`: the zero-pad width of the number.
    pub digits: Option<u32>,
    /// `setup`: the frame shown at setup (0-based).
    pub setup: Option<u32>,
}

/// A path attachment (FORMAT.md §2.7.6, §5.3): knots and their handles, 3
/// vertices a knot, and the `lengths` rigc measured.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PathAttachment {
    /// `closed`, when declared.
    pub closed: Option<bool>,
    /// `constantSpeed`, when declared.
    pub constant_speed: Option<bool>,
    /// Number of vertices (knots and handles).
    pub vertex_count: u32,
    /// The geometry.
    pub vertices: Vertices,
    /// `lengths`: the cumulative setup length at the end of each curve, world
    /// units, as `PathConstraint` measures a curve (never authored).
    pub lengths: Vec<f64>,
    /// Editor colour.
    pub color: Option<String>,
}

/// A mesh attachment (FORMAT.md §2.7.2, §5.3): authored geometry, or a
/// generator's. Every field but `path` and `color` is always written.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct MeshAttachment {
    /// `uvs`: `u, v` per vertex, in the part image's 0..1 space.
    pub uvs: Vec<f64>,
    /// `triangles`: vertex index triples.
    pub triangles: Vec<u32>,
    /// The geometry, one entry per vertex (`uvs.len() / 2` of them).
    pub vertices: Vertices,
    /// `hull`: how many of the first vertices trace the outline, in order.
    pub hull: u32,
    /// `edges`: vertex-index pairs, each index ×2 (stated, or the outline loop
    /// then the interior edges).
    pub edges: Vec<u32>,
    /// `width` of the image the mesh is drawn on (stated or measured).
    pub width: f64,
    /// `height`.
    pub height: f64,
    /// Atlas region path when it differs from the placeholder (or was stated).
    pub path: Option<String>,
    /// `color`, lowercase `rrggbbaa`.
    pub color: Option<String>,
    /// `sequence`: a series of regions in place of one.
    #[serde(default)]
    pub sequence: Option<Sequence>,
}

impl Default for Vertices {
    fn default() -> Self {
        Vertices::Unweighted(Vec::new())
    }
}

impl Vertices {
    /// How long a deform run over these vertices is: two numbers per vertex
    /// unweighted, two per bone influence weighted (FORMAT.md §3.14).
    pub fn deform_len(&self) -> usize {
        match self {
            Vertices::Unweighted(xy) => xy.len(),
            Vertices::Weighted(per_vertex) => 2 * per_vertex.iter().map(Vec::len).sum::<usize>(),
        }
    }
}

/// A point attachment.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct PointAttachment {
    /// `x`.
    pub x: Option<f64>,
    /// `y`.
    pub y: Option<f64>,
    /// `rotation`.
    pub rotation: Option<f64>,
    /// Editor colour, lowercase `rrggbbaa`.
    pub color: Option<String>,
}

/// A region attachment. `width`/`height` are always present (stated or measured).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct RegionAttachment {
    /// Width in attachment units.
    pub width: f64,
    /// Height.
    pub height: f64,
    /// Atlas region path when it differs from the placeholder (or was stated).
    pub path: Option<String>,
    /// `x`.
    pub x: Option<f64>,
    /// `y`.
    pub y: Option<f64>,
    /// `rotation`.
    pub rotation: Option<f64>,
    /// `scaleX`.
    pub scale_x: Option<f64>,
    /// `scaleY`.
    pub scale_y: Option<f64>,
    /// `color`, lowercase `rrggbbaa`.
    pub color: Option<String>,
    /// `sequence`: a series of regions in place of one.
    #[serde(default)]
    pub sequence: Option<Sequence>,
}

/// A bounding-box attachment.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BoundingBoxAttachment {
    /// Number of polygon vertices.
    pub vertex_count: u32,
    /// The geometry.
    pub vertices: Vertices,
    /// Editor colour.
    pub color: Option<String>,
}

/// A vertex array: unweighted `x, y` pairs or a weighted run.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Vertices {
    /// `x, y` per vertex in the slot bone's space.
    Unweighted(Vec<f64>),
    /// Per vertex, its bone bindings.
    Weighted(Vec<Vec<WeightedBinding>>),
}

/// One bone influence on one weighted vertex.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct WeightedBinding {
    /// Index of the bone in the emitted bone array.
    pub bone: u32,
    /// Bind-pose x in that bone's space.
    pub x: f64,
    /// Bind-pose y.
    pub y: f64,
    /// Weight.
    pub weight: f64,
}
