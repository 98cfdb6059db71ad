//! This module owns the shapes of a parsed rig spec: every construct of
//! `rigc-rig/1` the compiler builds, already checked, with the locations the
//! compile stages need to point a refusal at the author's text.
//!
//! Rule R1 is carried by the types: a field is `Some` exactly when the spec
//! declares it. Colours are already lowercase.

use rigc_diag::Loc;
use rigc_sdk::gate::Invariants;
use rigc_sdk::model::{Bone, Constraint, EventDef, PointAttachment, WeightedBinding};

/// A value and where it was written.
#[derive(Debug, Clone)]
pub struct At<T> {
    /// The value.
    pub value: T,
    /// Where it is.
    pub loc: Loc,
}

/// The stage the `skeleton` header declares (FORMAT.md §2.3).
#[derive(Debug, Clone, PartialEq)]
pub enum Stage {
    /// `width` and `height` given (x/y as declared).
    Declared {
        /// `x`, when declared.
        x: Option<f64>,
        /// `y`, when declared.
        y: Option<f64>,
        /// `width`.
        width: f64,
        /// `height`.
        height: f64,
    },
    /// `width: null, height: null`: the rig declares no stage on purpose.
    None,
    /// Neither given: the compile refuses ("no stage size") — there is no manifest.
    Missing,
}

/// The `skeleton` header as declared.
#[derive(Debug, Clone)]
pub struct HeaderSpec {
    /// The stage.
    pub stage: Stage,
    /// Where the `skeleton` object is (or the document, when it is absent).
    pub loc: Loc,
    /// `fps`.
    pub fps: Option<f64>,
    /// `referenceScale`.
    pub reference_scale: Option<f64>,
    /// `skeleton.images`, carried verbatim.
    pub images: Option<String>,
    /// `audio`: absent, `null`, or a path.
    pub audio: Option<Option<String>>,
}

/// One bone: the model bone (fields `Some` iff declared) and its locations.
#[derive(Debug, Clone)]
pub struct BoneSpec {
    /// The bone as it is emitted.
    pub bone: Bone,
    /// The bone's object.
    pub loc: Loc,
    /// Where `skin` is, when stated.
    pub skin_loc: Option<Loc>,
}

/// One slot as declared.
#[derive(Debug, Clone)]
pub struct SlotSpec {
    /// Name.
    pub name: String,
    /// The bone it hangs on.
    pub bone: String,
    /// `attachment`: absent (`None`), `null` (`Some(None)`), or a placeholder.
    pub attachment: Option<Option<String>>,
    /// Where `attachment` is, when stated.
    pub attachment_loc: Option<Loc>,
    /// `color`, lowercase `rrggbbaa`.
    pub color: Option<String>,
    /// Where `color` is, when stated.
    pub color_loc: Option<Loc>,
    /// `dark`, lowercase `rrggbb`.
    pub dark: Option<String>,
    /// `blend`, as written.
    pub blend: Option<String>,
    /// The slot's object.
    pub loc: Loc,
}

/// One skin, in either form.
#[derive(Debug, Clone)]
pub struct SkinSpec {
    /// Skin name.
    pub name: String,
    /// Where the skin's object is.
    pub loc: Loc,
    /// Skin-required bones it activates (long form).
    pub bones: Vec<At<String>>,
    /// IK constraints it activates (long form).
    pub ik: Vec<At<String>>,
    /// Transform constraints it activates (long form).
    pub transform: Vec<At<String>>,
    /// Physics constraints it activates (long form).
    pub physics: Vec<At<String>>,
    /// Path constraints it activates (long form).
    pub path: Vec<At<String>>,
    /// Sliders it activates (long form).
    pub slider: Vec<At<String>>,
    /// The slots it fills, in the skin's own key order.
    pub slots: Vec<SkinSlotSpec>,
}

/// The attachments one skin gives one slot.
#[derive(Debug, Clone)]
pub struct SkinSlotSpec {
    /// Slot name.
    pub slot: String,
    /// Where the slot key is.
    pub loc: Loc,
    /// The attachments, in declaration order.
    pub entries: Vec<AttachmentSpec>,
}

/// One attachment under its placeholder name.
#[derive(Debug, Clone)]
pub struct AttachmentSpec {
    /// The placeholder (the key inside the skin's slot table).
    pub placeholder: String,
    /// Where the attachment's object is.
    pub loc: Loc,
    /// What it is.
    pub kind: AttachmentKind,
    /// Its `sequence` block (region, mesh and linked mesh only), frames found.
    pub sequence: Option<SequenceSpec>,
}

/// The attachment types rigc compiles.
#[derive(Debug, Clone)]
pub enum AttachmentKind {
    /// `region` (the default type).
    Region(RegionSpec),
    /// `boundingbox`.
    BoundingBox(BoundingBoxSpec),
    /// `point`.
    Point(PointAttachment),
    /// `mesh` with authored geometry.
    Mesh(MeshSpec),
    /// `clipping`.
    Clipping(ClippingSpec),
    /// `linkedmesh` (or `mesh` with a `source`).
    LinkedMesh(LinkedMeshSpec),
    /// `path`.
    Path(PathSpec),
    /// `mesh` with a `generator` (FORMAT.md §2.7.3).
    Generated(Box<GeneratedSpec>),
}

/// A clipping attachment as declared (FORMAT.md §2.7.6).
#[derive(Debug, Clone)]
pub struct ClippingSpec {
    /// `vertexCount`.
    pub vertex_count: u32,
    /// The geometry, in the form it was given.
    pub geometry: Geometry,
    /// `end`: the last slot clipped, checked to be a declared slot.
    pub end: Option<At<String>>,
    /// `convex`.
    pub convex: Option<bool>,
    /// `inverse`.
    pub inverse: Option<bool>,
    /// `color`, lowercase `rrggbbaa`.
    pub color: Option<String>,
}

/// A linked mesh as declared (FORMAT.md §2.7.7): no geometry of its own, its
/// source checked to be a mesh of the rig.
#[derive(Debug, Clone)]
pub struct LinkedMeshSpec {
    /// `source`: the source mesh's placeholder.
    pub source: At<String>,
    /// `skin`: the skin holding the source (absent: the default skin).
    pub skin: Option<At<String>>,
    /// `slot`: the source's slot (absent: the link's own slot).
    pub slot: Option<At<String>>,
    /// `timelines`: plays the source's deform and sequence keys (absent: true).
    pub timelines: Option<bool>,
    /// `image`, as written, with its location.
    pub image: Option<At<String>>,
    /// `path`, when stated.
    pub path: Option<String>,
    /// `width`, when stated.
    pub width: Option<f64>,
    /// `height`, when stated.
    pub height: Option<f64>,
    /// `color`, lowercase `rrggbbaa`.
    pub color: Option<String>,
}

/// A `sequence` block (FORMAT.md §2.7.8), checked; its frames' images are
/// [`SequenceSpec::frames`].
#[derive(Debug, Clone)]
pub struct SequenceSpec {
    /// `count`: a whole number ≥ 1.
    pub count: u32,
    /// `start`, when stated.
    pub start: Option<u32>,
    /// `digits`, when stated.
    pub digits: Option<u32>,
    /// `setup`, when stated (below `count`).
    pub setup: Option<u32>,
    /// The frames' stem: the attachment's `path`, else its placeholder.
    pub stem: String,
    /// Where the block is.
    pub loc: Loc,
}

/// A path attachment as declared (FORMAT.md §2.7.6); its `lengths` are
/// measured by the setup stage.
#[derive(Debug, Clone)]
pub struct PathSpec {
    /// `closed`, when declared.
    pub closed: Option<bool>,
    /// `constantSpeed`, when declared.
    pub constant_speed: Option<bool>,
    /// `vertexCount` (a multiple of 3; at least 6 open, 3 closed).
    pub vertex_count: u32,
    /// The geometry, in the form it was given.
    pub geometry: Geometry,
    /// `color`, lowercase `rrggbbaa`.
    pub color: Option<String>,
}

/// An authored mesh attachment as declared (FORMAT.md §2.7.2), its topology
/// already derived from the triangles.
#[derive(Debug, Clone)]
pub struct MeshSpec {
    /// `image`, as written, with its location.
    pub image: Option<At<String>>,
    /// `uvs`: `u, v` per vertex (their count is the vertex count).
    pub uvs: Vec<f64>,
    /// `triangles`: vertex-index triples, each index checked in range.
    pub triangles: Vec<u32>,
    /// The geometry, in the form it was given (one entry per uv pair).
    pub geometry: Geometry,
    /// `hull`: derived from the triangles, or stated and checked.
    pub hull: u32,
    /// `edges`: stated (verbatim), or derived (outline loop, then interior).
    pub edges: Vec<u32>,
    /// `width`, when stated.
    pub width: Option<f64>,
    /// `height`, when stated.
    pub height: Option<f64>,
    /// `path`, when stated.
    pub path: Option<String>,
    /// `color`, lowercase `rrggbbaa`.
    pub color: Option<String>,
}

/// A region attachment as declared.
#[derive(Debug, Clone, Default)]
pub struct RegionSpec {
    /// `image`, as written, with its location.
    pub image: Option<At<String>>,
    /// `width`, when stated.
    pub width: Option<f64>,
    /// `height`, when stated.
    pub height: Option<f64>,
    /// `path`, when stated.
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

/// A bounding-box attachment as declared.
#[derive(Debug, Clone)]
pub struct BoundingBoxSpec {
    /// `vertexCount`.
    pub vertex_count: u32,
    /// The geometry, in the form it was given.
    pub geometry: Geometry,
    /// `color`, lowercase `rrggbbaa`.
    pub color: Option<String>,
}

/// Vertex geometry in the form the spec gave it.
#[derive(Debug, Clone)]
pub enum Geometry {
    /// `vertices`: `x, y` per vertex in the slot bone's space.
    Unweighted(Vec<f64>),
    /// `vertices` as a weighted run behind `"boneIndexing": "raw"`: bone
    /// indexes as written.
    Raw(Vec<Vec<WeightedBinding>>),
    /// `weights`: per vertex, its bindings by bone name (names checked).
    ByName(Vec<Vec<NamedBinding>>),
}

/// One binding of a `weights` vertex.
#[derive(Debug, Clone, PartialEq)]
pub struct NamedBinding {
    /// The bone's name.
    pub bone: String,
    /// Bind-pose x in that bone's space.
    pub x: f64,
    /// Bind-pose y.
    pub y: f64,
    /// Weight.
    pub weight: f64,
}

/// One rig constraint (ik or transform), as emitted, with its location.
#[derive(Debug, Clone)]
pub struct ConstraintSpec {
    /// The constraint.
    pub constraint: Constraint,
    /// Its object.
    pub loc: Loc,
}

/// One event definition, as emitted, with its location.
#[derive(Debug, Clone)]
pub struct EventSpec {
    /// The definition.
    pub event: EventDef,
    /// Its value (`{}` or the payload object).
    pub loc: Loc,
}

/// The whole rig spec.
#[derive(Debug, Clone)]
pub struct RigSpec {
    /// `name`.
    pub name: At<String>,
    /// The rig's own `images` directory, as written.
    pub images: Option<At<String>>,
    /// The `skeleton` header.
    pub header: HeaderSpec,
    /// Bones in declaration order (parents first).
    pub bones: Vec<BoneSpec>,
    /// Slots in declaration order (the setup draw order).
    pub slots: Vec<SlotSpec>,
    /// Skins in declaration order.
    pub skins: Vec<SkinSpec>,
    /// Constraints in declaration order.
    pub constraints: Vec<ConstraintSpec>,
    /// Events in declaration order.
    pub events: Vec<EventSpec>,
    /// The `invariants` block (all empty when absent).
    pub invariants: Invariants,
    /// Where each slider's values are (same order as the sliders of `constraints`).
    pub sliders: Vec<SliderPlaces>,
}

/// Where a slider's values are, for the pass that sees the motion spec.
#[derive(Debug, Clone)]
pub struct SliderPlaces {
    /// The slider's name.
    pub name: String,
    /// Where `animation` is.
    pub animation: Loc,
    /// Where `property` is, when stated.
    pub property: Option<Loc>,
    /// Where `local` is, when stated.
    pub local: Option<Loc>,
}

/// A generated mesh attachment as declared.
#[derive(Debug, Clone)]
pub struct GeneratedSpec {
    /// `image`: the part the mesh is built over (its window).
    pub image: At<String>,
    /// The generator.
    pub generator: GeneratorSpec,
    /// `path`, when stated.
    pub path: Option<String>,
    /// `color`, lowercase `rrggbbaa`.
    pub color: Option<String>,
}

/// A `generator` block.
#[derive(Debug, Clone)]
pub struct GeneratorSpec {
    /// Which generator, with its parameters.
    pub kind: GeneratorKind,
    /// `depth`, when stated.
    pub depth: Option<DepthSpec>,
    /// `soft`, when stated.
    pub soft: Option<SoftSpec>,
    /// The block's object.
    pub loc: Loc,
    /// Each stated key and where its value is (a generator's refusal names
    /// the key it concerns).
    pub fields: Vec<(String, Loc)>,
}

impl GeneratorSpec {
    /// Where a refusal concerning `field` goes: that key's value, else the
    /// block.
    pub fn loc_of(&self, field: Option<&str>) -> Loc {
        field
            .and_then(|f| self.fields.iter().find(|(k, _)| k == f))
            .map_or_else(|| self.loc.clone(), |(_, l)| l.clone())
    }
}

/// Which generator.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub enum GeneratorKind {
    /// `grid`.
    Grid(rigc_meshgen::grid::Lattice),
    /// `contour`.
    Contour(rigc_meshgen::contour::Params),
    /// `ring`.
    Ring(RingSpec),
    /// `ribbon`.
    Ribbon(rigc_meshgen::ribbon::Params),
    /// `segments`.
    Segments(rigc_meshgen::segments::Params),
}

/// A `ring` generator: its geometry and the bones that move its inside.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct RingSpec {
    /// `hull`, `center`, `inner`, `size`, `bias`.
    pub params: rigc_meshgen::ring::Params,
    /// `controls`, in the order written.
    pub controls: Vec<String>,
}

impl GeneratorKind {
    /// The kind's name, as the MESH line prints it.
    pub fn name(&self) -> &'static str {
        match self {
            GeneratorKind::Grid(_) => "grid",
            GeneratorKind::Contour(_) => "contour",
            GeneratorKind::Ring(_) => "ring",
            GeneratorKind::Ribbon(_) => "ribbon",
            GeneratorKind::Segments(_) => "segments",
        }
    }

    /// The bones a bone-driven kind names to move its vertices (a ring's
    /// `controls`, a ribbon's `chain`, a segments mesh's `bones`), in the order
    /// written; none for `grid` and `contour`, whose vertices the slot bone
    /// carries.
    pub fn bones(&self) -> &[String] {
        match self {
            GeneratorKind::Grid(_) | GeneratorKind::Contour(_) => &[],
            GeneratorKind::Ring(r) => &r.controls,
            GeneratorKind::Ribbon(p) => &p.chain,
            GeneratorKind::Segments(p) => &p.bones,
        }
    }
}

/// A `depth` block.
#[derive(Debug, Clone)]
pub struct DepthSpec {
    /// `image`: the sheet, relative to the rig's images directory.
    pub image: At<String>,
    /// `near`, `zScale` and the tone curve.
    pub params: rigc_meshgen::depth::Params,
}

/// A `soft` block.
#[derive(Debug, Clone)]
pub struct SoftSpec {
    /// `bone`: the bone the mask's white end follows.
    pub bone: At<String>,
    /// `mask`: the sheet, relative to the rig's images directory.
    pub mask: At<String>,
}
