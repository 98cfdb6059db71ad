//! This module owns the `"deform"` stage's payloads: a deform kind (a
//! transform model such as `yaw` or `wave`, FORMAT.md §3.14.1) is called once
//! per deform key with the attachment's setup geometry, the key's parameters
//! and its time ([`DeformCall`]), and answers one offset per vertex or a named
//! refusal ([`DeformReply`]). The geometry is values only: the plugin opens no
//! file (a depth map arrives sampled, one depth per vertex).

use serde::{Deserialize, Serialize};

/// The input of a `"deform"` call.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DeformCall {
    /// Which of the plugin's kinds (`yaw`, `wave`, …).
    pub kind: String,
    /// The attachment's setup geometry, in the one space the model is
    /// evaluated in.
    pub mesh: MeshGeometry,
    /// The key's model as written, without its `kind` (`{ "radius": 170,
    /// "degrees": 12 }`): the plugin checks and reads its own parameters.
    pub params: serde_json::Value,
    /// The key's time, in seconds.
    pub time: f64,
    /// The plugin's configuration from `rigc.toml` (`null` when none).
    #[serde(default)]
    pub config: serde_json::Value,
}

/// An attachment's setup geometry as a deform kind sees it.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct MeshGeometry {
    /// The attachment (`skin/slot/attachment`), for messages.
    pub name: String,
    /// Each vertex, in vertex order.
    pub vertices: Vec<MeshVertex>,
    /// The triangles, as vertex indices, in emitted order.
    pub triangles: Vec<[u32; 3]>,
    /// How many of the first vertices are the hull (the perimeter, in order).
    pub hull: u32,
    /// The part image's size in pixels (`width`, `height`).
    pub size: [f64; 2],
}

/// One vertex of a [`MeshGeometry`].
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct MeshVertex {
    /// Its setup position in the space the model is evaluated in: the
    /// slot's bone space for an unweighted attachment, the one bone's bind
    /// space for a weighted one whose vertices all sit on one bone.
    pub x: f64,
    /// See [`MeshVertex::x`].
    pub y: f64,
    /// Its texture coordinates (0..1).
    pub uv: [f64; 2],
    /// Its bone influences, for a weighted attachment (empty otherwise).
    #[serde(default)]
    pub bones: Vec<Influence>,
    /// Its depth off the generator's depth map, when the mesh has one.
    #[serde(default)]
    pub depth: Option<f64>,
}

/// One bone's influence on a weighted vertex.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Influence {
    /// The bone.
    pub bone: String,
    /// The vertex in that bone's bind space.
    pub x: f64,
    /// See [`Influence::x`].
    pub y: f64,
    /// The weight.
    pub weight: f64,
}

/// The reply of a `"deform"` call.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum DeformReply {
    /// One `[dx, dy]` per vertex, in vertex order, in the evaluation space.
    Offsets(Vec<[f64; 2]>),
    /// The kind will not evaluate these parameters over this geometry.
    Refused(DeformRefusal),
}

/// Why a deform kind refused a key, named (the host prints it as a compile
/// error located at the key's `transform`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DeformRefusal {
    /// A stable name for the refusal within the kind (`radius-and-depth`).
    pub code: String,
    /// What is wrong, in words.
    pub message: String,
    /// The fix, when there is one.
    #[serde(default)]
    pub help: Option<String>,
}
