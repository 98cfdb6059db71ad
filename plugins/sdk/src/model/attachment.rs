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
