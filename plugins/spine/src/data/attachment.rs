//! Attachments of every type (region, mesh and linked mesh, bounding box, path,
//! point, clipping) and their `Sequence` of texture regions, as the runtime
//! builds them, including the region quad offsets and UVs that
//! `Sequence.update` precomputes at load time.

use super::Color;
use crate::atlas::AtlasRegion;
use crate::math::{cos, sin, DEG_RAD};

/// The texture region data an attachment keeps (a `TextureAtlasRegion`).
#[derive(Debug, Clone, PartialEq)]
pub struct TexRegion {
    /// Region name.
    pub name: String,
    /// Texture coordinates.
    pub u: f64,
    /// Texture coordinates.
    pub v: f64,
    /// Texture coordinates.
    pub u2: f64,
    /// Texture coordinates.
    pub v2: f64,
    /// Packed width.
    pub width: f64,
    /// Packed height.
    pub height: f64,
    /// Stripped whitespace at the left.
    pub offset_x: f64,
    /// Stripped whitespace at the bottom.
    pub offset_y: f64,
    /// Original width.
    pub original_width: f64,
    /// Original height.
    pub original_height: f64,
    /// Rotation on the page.
    pub degrees: f64,
    /// Page width.
    pub page_width: f64,
    /// Page height.
    pub page_height: f64,
}

impl TexRegion {
    /// A region found in a parsed atlas.
    pub fn from_atlas(r: &AtlasRegion, page_width: f64, page_height: f64) -> TexRegion {
        TexRegion {
            name: r.name.clone(),
            u: r.u,
            v: r.v,
            u2: r.u2,
            v2: r.v2,
            width: r.width,
            height: r.height,
            offset_x: r.offset_x,
            offset_y: r.offset_y,
            original_width: r.original_width,
            original_height: r.original_height,
            degrees: r.degrees,
            page_width,
            page_height,
        }
    }

    /// The oracle's stand-in for "no atlas": a 1×1 region on a 1×1 page.
    pub fn fake(name: &str) -> TexRegion {
        TexRegion {
            name: name.to_string(),
            u: 0.0,
            v: 0.0,
            u2: 1.0,
            v2: 1.0,
            width: 1.0,
            height: 1.0,
            offset_x: 0.0,
            offset_y: 0.0,
            original_width: 1.0,
            original_height: 1.0,
            degrees: 0.0,
            page_width: 1.0,
            page_height: 1.0,
        }
    }
}

/// `Sequence`: the texture regions of a region or mesh attachment.
#[derive(Debug, Clone, PartialEq)]
pub struct Sequence {
    /// One region per frame (one without a `sequence` block).
    pub regions: Vec<TexRegion>,
    /// True when the JSON had a `sequence` block (names get a number suffix).
    pub path_suffix: bool,
    /// First frame number.
    pub start: f64,
    /// Zero padding of the frame number.
    pub digits: f64,
    /// Setup frame index.
    pub setup_index: f64,
    /// UVs per region (`Float32Array`s).
    pub uvs: Vec<Vec<f32>>,
    /// Region quad offsets per region (region attachments only; doubles).
    pub offsets: Option<Vec<[f64; 8]>>,
}

impl Sequence {
    /// `resolveIndex` for a slot pose's sequence index (`-1` = setup).
    pub fn resolve_index(&self, sequence_index: f64) -> f64 {
        let mut index = sequence_index;
        if index == -1.0 {
            index = self.setup_index;
        }
        let n = self.regions.len() as f64;
        if index >= n {
            index = n - 1.0;
        }
        index
    }
}

/// Vertex data shared by meshes, bounding boxes, paths and clipping
/// (`VertexAttachment`).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct VertexData {
    /// `[count, boneIndex…, count, …]` for weighted vertices; `None` when unweighted.
    pub bones: Option<Vec<f64>>,
    /// Unweighted: x,y pairs. Weighted: x,y,weight per influence.
    pub vertices: Vec<f32>,
    /// 2 × vertex count.
    pub world_vertices_length: f64,
}

/// `RegionAttachment`.
#[derive(Debug, Clone, PartialEq)]
pub struct RegionAttachment {
    /// Atlas path.
    pub path: String,
    /// X, × scale.
    pub x: f64,
    /// Y, × scale.
    pub y: f64,
    /// Scale X.
    pub scale_x: f64,
    /// Scale Y.
    pub scale_y: f64,
    /// Rotation, degrees.
    pub rotation: f64,
    /// Width × scale (`NaN` when absent).
    pub width: f64,
    /// Height × scale (`NaN` when absent).
    pub height: f64,
    /// Tint.
    pub color: Color,
    /// Regions, UVs and quad offsets.
    pub sequence: Sequence,
}

/// `MeshAttachment` (a linked mesh shares its source's geometry).
#[derive(Debug, Clone, PartialEq)]
pub struct MeshAttachment {
    /// Atlas path.
    pub path: String,
    /// Tint.
    pub color: Color,
    /// Vertices.
    pub vertex: VertexData,
    /// UVs relative to the original image.
    pub region_uvs: Vec<f64>,
    /// Triangle vertex indices; `None` when the JSON had none (then the
    /// runtime skips the mesh in `getBounds`).
    pub triangles: Option<Vec<f64>>,
    /// 2 × hull vertex count.
    pub hull_length: f64,
    /// Nonessential edges.
    pub edges: Option<Vec<f64>>,
    /// Nonessential width × scale.
    pub width: f64,
    /// Nonessential height × scale.
    pub height: f64,
    /// The source mesh (attachment index) of a linked mesh.
    pub source_mesh: Option<usize>,
    /// Regions and UVs.
    pub sequence: Sequence,
}

/// `PathAttachment`.
#[derive(Debug, Clone, PartialEq)]
pub struct PathAttachment {
    /// Vertices (3 per knot).
    pub vertex: VertexData,
    /// Closed path.
    pub closed: bool,
    /// Constant speed.
    pub constant_speed: bool,
    /// Curve lengths × scale.
    pub lengths: Vec<f64>,
    /// Nonessential color.
    pub color: Color,
}

/// `PointAttachment` (a `VertexAttachment` in 4.3.13, with no vertices).
#[derive(Debug, Clone, PartialEq)]
pub struct PointAttachment {
    /// Always empty; present because the runtime's class is a vertex
    /// attachment (so a `deform` timeline on a point loads).
    pub vertex: VertexData,
    /// X × scale.
    pub x: f64,
    /// Y × scale.
    pub y: f64,
    /// Rotation, degrees.
    pub rotation: f64,
    /// Nonessential color.
    pub color: Color,
}

/// `ClippingAttachment`.
#[derive(Debug, Clone, PartialEq)]
pub struct ClippingAttachment {
    /// Vertices.
    pub vertex: VertexData,
    /// Slot index where clipping ends (`None`: to the end of the draw order).
    pub end_slot: Option<usize>,
    /// Convex.
    pub convex: bool,
    /// Inverse.
    pub inverse: bool,
    /// Nonessential color.
    pub color: Color,
}

/// The type-specific part of an attachment.
#[derive(Debug, Clone, PartialEq)]
pub enum AttachmentKind {
    /// A textured quad.
    Region(RegionAttachment),
    /// A textured mesh (or linked mesh).
    Mesh(MeshAttachment),
    /// A bounding box polygon.
    BoundingBox {
        /// Vertices.
        vertex: VertexData,
        /// Nonessential color.
        color: Color,
    },
    /// A path.
    Path(PathAttachment),
    /// A point.
    Point(PointAttachment),
    /// A clipping polygon.
    Clipping(ClippingAttachment),
}

/// One attachment object.
#[derive(Debug, Clone, PartialEq)]
pub struct Attachment {
    /// The attachment's name (not the placeholder).
    pub name: String,
    /// The attachment whose deform/sequence timelines this one follows
    /// (itself, or a linked mesh's source).
    pub timeline_attachment: usize,
    /// Other slots whose timelines act on it (linked meshes in other slots).
    pub timeline_slots: Vec<usize>,
    /// Type-specific data.
    pub kind: AttachmentKind,
}

impl Attachment {
    /// `region`, `mesh`, `linkedmesh`, `boundingbox`, `path`, `point`, `clipping`.
    pub fn type_name(&self) -> &'static str {
        match &self.kind {
            AttachmentKind::Region(_) => "region",
            AttachmentKind::Mesh(m) if m.source_mesh.is_some() => "linkedmesh",
            AttachmentKind::Mesh(_) => "mesh",
            AttachmentKind::BoundingBox { .. } => "boundingbox",
            AttachmentKind::Path(_) => "path",
            AttachmentKind::Point(_) => "point",
            AttachmentKind::Clipping(_) => "clipping",
        }
    }

    /// The vertex data of a vertex attachment.
    pub fn vertex(&self) -> Option<&VertexData> {
        match &self.kind {
            AttachmentKind::Mesh(m) => Some(&m.vertex),
            AttachmentKind::BoundingBox { vertex, .. } => Some(vertex),
            AttachmentKind::Path(p) => Some(&p.vertex),
            AttachmentKind::Clipping(c) => Some(&c.vertex),
            AttachmentKind::Point(p) => Some(&p.vertex),
            AttachmentKind::Region(_) => None,
        }
    }
}

/// `RegionAttachment.computeUVs`: quad offsets (BL, TL, TR, BR) and UVs.
pub fn region_uvs(r: &RegionAttachment, region: &TexRegion) -> ([f64; 8], Vec<f32>) {
    let (x, y, sx, sy) = (r.x, r.y, r.scale_x, r.scale_y);
    let (width, height) = (r.width, r.height);
    let region_scale_x = width / region.original_width * sx;
    let region_scale_y = height / region.original_height * sy;
    let local_x = -width / 2.0 * sx + region.offset_x * region_scale_x;
    let local_y = -height / 2.0 * sy + region.offset_y * region_scale_y;
    let local_x2 = local_x + region.width * region_scale_x;
    let local_y2 = local_y + region.height * region_scale_y;
    let radians = r.rotation * DEG_RAD;
    let (c, s) = (cos(radians), sin(radians));
    let lxc = local_x * c + x;
    let lxs = local_x * s;
    let lyc = local_y * c + y;
    let lys = local_y * s;
    let lx2c = local_x2 * c + x;
    let lx2s = local_x2 * s;
    let ly2c = local_y2 * c + y;
    let ly2s = local_y2 * s;
    let offsets = [
        lxc - lys,
        lyc + lxs,
        lxc - ly2s,
        ly2c + lxs,
        lx2c - ly2s,
        ly2c + lx2s,
        lx2c - lys,
        lyc + lx2s,
    ];
    let uvs = if region.degrees == 90.0 {
        [
            region.u2, region.v2, region.u, region.v2, region.u, region.v, region.u2, region.v,
        ]
    } else {
        [
            region.u, region.v2, region.u, region.v, region.u2, region.v, region.u2, region.v2,
        ]
    };
    (offsets, uvs.iter().map(|&v| v as f32).collect())
}

/// `MeshAttachment.computeUVs` for an atlas region.
pub fn mesh_uvs(region: &TexRegion, region_uvs: &[f64]) -> Vec<f32> {
    let n = region_uvs.len();
    let mut uvs = vec![0f32; n];
    let (tw, th) = (region.page_width, region.page_height);
    let (mut u, mut v) = (region.u, region.v);
    let at = |i: usize| region_uvs.get(i).copied().unwrap_or(f64::NAN);
    let put = |i: usize, a: f64, b: f64, uvs: &mut Vec<f32>| {
        uvs[i] = a as f32;
        if i + 1 < n {
            uvs[i + 1] = b as f32;
        }
    };
    let (width, height);
    match region.degrees {
        90.0 => {
            u -= (region.original_height - region.offset_y - region.height) / tw;
            v -= (region.original_width - region.offset_x - region.width) / th;
            width = region.original_height / tw;
            height = region.original_width / th;
            for i in (0..n).step_by(2) {
                put(
                    i,
                    u + at(i + 1) * width,
                    v + (1.0 - at(i)) * height,
                    &mut uvs,
                );
            }
            return uvs;
        }
        180.0 => {
            u -= (region.original_width - region.offset_x - region.width) / tw;
            v -= region.offset_y / th;
            width = region.original_width / tw;
            height = region.original_height / th;
            for i in (0..n).step_by(2) {
                put(
                    i,
                    u + (1.0 - at(i)) * width,
                    v + (1.0 - at(i + 1)) * height,
                    &mut uvs,
                );
            }
            return uvs;
        }
        270.0 => {
            u -= region.offset_y / tw;
            v -= region.offset_x / th;
            width = region.original_height / tw;
            height = region.original_width / th;
            for i in (0..n).step_by(2) {
                put(
                    i,
                    u + (1.0 - at(i + 1)) * width,
                    v + at(i) * height,
                    &mut uvs,
                );
            }
            return uvs;
        }
        _ => {
            u -= region.offset_x / tw;
            v -= (region.original_height - region.offset_y - region.height) / th;
            width = region.original_width / tw;
            height = region.original_height / th;
        }
    }
    for i in (0..n).step_by(2) {
        put(i, u + at(i) * width, v + at(i + 1) * height, &mut uvs);
    }
    uvs
}
