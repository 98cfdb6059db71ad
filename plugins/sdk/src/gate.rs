//! This module owns the gate's shared vocabulary: profiles, rule kinds, and the
//! rig information (`RigInfo`) a build hands the rules beside the emitted text —
//! what the rig spec declared that the Spine file cannot say (its slot table, its
//! invariants, its declared durations, its stage).

use crate::model::Bounds;
use serde::{Deserialize, Serialize};

/// Which rules run (GATE.md §2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Profile {
    /// Validity rules only (the default).
    Spine,
    /// Every rule.
    SpineHtml,
}

impl Profile {
    /// The CLI name.
    pub fn name(self) -> &'static str {
        match self {
            Profile::Spine => "spine",
            Profile::SpineHtml => "spine-html",
        }
    }

    /// Parses a CLI name.
    pub fn from_name(name: &str) -> Option<Profile> {
        match name {
            "spine" => Some(Profile::Spine),
            "spine-html" => Some(Profile::SpineHtml),
            _ => None,
        }
    }

    /// Does this profile run rules of `kind`?
    pub fn runs(self, kind: RuleKind) -> bool {
        kind == RuleKind::Validity || self == Profile::SpineHtml
    }
}

/// A rule's kind (GATE.md §2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RuleKind {
    /// The file is wrong for any consumer.
    Validity,
    /// Valid Spine that rigc's renderer or frame budget refuses.
    Renderer,
    /// A rule about rigc's own formations; reads `RigInfo`.
    Archetype,
}

impl RuleKind {
    /// The word printed on PROF lines.
    pub fn word(self) -> &'static str {
        match self {
            RuleKind::Validity => "validity",
            RuleKind::Renderer => "renderer",
            RuleKind::Archetype => "archetype",
        }
    }
}

/// An animation the motion spec declares, with its declared duration.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DeclaredAnimation {
    /// Name.
    pub name: String,
    /// Seconds.
    pub duration: f64,
}

/// A `detached` invariant: `bone` must not be under `not_under`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Detached {
    /// The bone.
    pub bone: String,
    /// The bone it must not descend from.
    pub not_under: String,
    /// Why (optional).
    pub why: Option<String>,
}

/// A `consumerDrivenMix` declaration.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ConsumerDrivenMix {
    /// Constraint name.
    pub constraint: String,
    /// `ik` or `transform`.
    pub kind: String,
    /// Why.
    pub why: String,
}

/// The rig spec's `invariants` block, as the rules read it.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Invariants {
    /// `meshSlots`.
    pub mesh_slots: Option<u32>,
    /// `meshTriangles`.
    pub mesh_triangles: Option<u32>,
    /// `axisBone`.
    pub axis_bone: Option<String>,
    /// `massBone`.
    pub mass_bone: Option<String>,
    /// `detached` rules.
    pub detached: Vec<Detached>,
    /// `deformMayFold`: `(slot, why)`.
    pub deform_may_fold: Vec<(String, String)>,
    /// `consumerDrivenMix`.
    pub consumer_driven_mix: Vec<ConsumerDrivenMix>,
    /// `idleDrivesMeshes.why`, when declared.
    pub idle_drives_meshes: Option<String>,
}

/// What a build knows about the rig beyond the Spine file (GATE.md's `RigInfo`).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct RigInfo {
    /// The rig's `name`.
    pub name: String,
    /// The rig spec's slot table, in declaration order.
    pub slot_order: Vec<String>,
    /// Declared animations and durations (from the motion spec).
    pub animations: Vec<DeclaredAnimation>,
    /// The invariants block.
    pub invariants: Invariants,
    /// The rig's declared stage (`skeleton.x/y/width/height`), if any.
    pub stage: Option<Bounds>,
    /// Regions named as base plates (full-stage art that may be opaque).
    pub base_plates: Vec<String>,
    /// Mesh kind per slot (`ring`, `ribbon`, `contour`, `grid`, `authored`).
    pub mesh_kinds: Vec<(String, String)>,
}
