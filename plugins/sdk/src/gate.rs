//! This module owns the gate's shared vocabulary: profiles, rule kinds, and the
//! rig information (`RigInfo`) a build hands the rules beside the emitted text —
//! what the rig spec declared that the Spine file cannot say (its slot table, its
//! invariants, its declared durations, its stage).

pub mod facts;

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
    /// Mesh kind per slot (`ring`, `ribbon`, `contour`, `grid`, `segments`,
    /// `authored`; a slot not listed is `ring`).
    pub mesh_kinds: Vec<(String, String)>,
    /// Per slot, the bones its generated mesh declares (A20: each must be bound).
    #[serde(default)]
    pub mesh_declared_bones: Vec<(String, Vec<String>)>,
    /// Per slot, the soft bone of its generated mesh's soft region (A21).
    #[serde(default)]
    pub mesh_soft_bones: Vec<(String, String)>,
    /// The cut manifest's stroke facts (A29, A30); `None`: no manifest.
    #[serde(default)]
    pub stroke: Option<Stroke>,
}

/// A cut manifest's `stroke` block: how far the axis stroke may advance inward.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Stroke {
    /// `stroke.contact_depth`: where the two masses meet, px (A29).
    pub contact_depth: Option<f64>,
    /// `stroke.cap_containment_ceiling`: where the leading contour leaves the
    /// occluder's opaque footprint, px (A30).
    pub cap_containment_ceiling: Option<f64>,
    /// The inward unit vector the mass bone's translate keys are projected on.
    pub inward_unit: [f64; 2],
}

/// The emitted artifacts of a second, independent compile (A18).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct SecondCompile {
    /// Its `skeleton.json` text.
    pub skeleton_text: String,
    /// Its `skeleton.atlas` text.
    pub atlas_text: String,
}

/// Everything the gate is handed: the emitted text, where the atlas pages resolve,
/// and what the build knows beyond the file. Serialisable: it is what crosses the
/// plugin boundary.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GateInput {
    /// The profile the gate runs under.
    pub profile: Profile,
    /// The `skeleton.json` text.
    pub skeleton_text: String,
    /// The `skeleton.atlas` text (`None`: no atlas to check).
    pub atlas_text: Option<String>,
    /// The directory atlas page names resolve against (the atlas file's directory).
    pub atlas_dir: std::path::PathBuf,
    /// Rig info, when the gate runs inside a build (or validate with specs).
    pub rig: Option<RigInfo>,
    /// The second compile, when there is one (build only).
    pub second: Option<SecondCompile>,
    /// Where a page's file is now, for pages not yet at `atlas_dir/<page name>`:
    /// under `--copy-images` the atlas names the copies a green build will make,
    /// and the gate reads the sources they will be copied from.
    #[serde(default)]
    pub page_files: std::collections::BTreeMap<String, std::path::PathBuf>,
}

/// What one rule found: failures (one line each), or a skip reason, plus stats.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Outcome {
    /// One detail per finding; any failure makes the rule FAIL.
    pub failures: Vec<String>,
    /// Why there was nothing to measure (only meaningful with no failure).
    pub skip: Option<String>,
    /// `k=v` pairs for the stats line (values contain no spaces).
    pub stats: Vec<(String, String)>,
}

impl Outcome {
    /// Records a failure.
    pub fn fail(&mut self, detail: impl Into<String>) {
        self.failures.push(detail.into());
    }

    /// Records a skip.
    pub fn skip(&mut self, reason: impl Into<String>) {
        self.skip = Some(reason.into());
    }

    /// Adds a stats pair (spaces in the value are replaced by `_`).
    pub fn stat(&mut self, key: impl Into<String>, value: impl ToString) {
        self.stats
            .push((key.into(), value.to_string().replace(' ', "_")));
    }
}

/// The shared SKIP reasons of GATE.md §1.4 (exact strings).
pub mod skip_reasons {
    /// No region attachment.
    pub const NO_REGION: &str = "the skeleton carries no region attachment";
    /// No mesh attachment.
    pub const NO_MESH: &str = "the skeleton carries no mesh attachment";
    /// No animation.
    pub const NO_ANIMATION: &str = "the skeleton carries no animation";
    /// No timeline anywhere.
    pub const NO_TIMELINE: &str = "no animation here carries a timeline";
    /// No physics constraint.
    pub const NO_PHYSICS: &str = "the skeleton declares no physics constraint";
    /// No atlas page.
    pub const NO_PAGE: &str = "the atlas declares no page";
    /// No atlas region.
    pub const NO_ATLAS_REGION: &str = "the atlas declares no region";
    /// No attachment-to-region join.
    pub const NO_JOIN: &str = "no attachment names a region and the atlas declares none, so there is no attachment-to-region join to hold";
    /// No dark colour.
    pub const NO_DARK: &str = "no slot declares a \"dark\" colour and no animation keys an \"rgba2\" or \"rgb2\" timeline, so there is no two-colour tint to read back";
    /// No separable colour timeline.
    pub const NO_SEPARABLE: &str = "no animation keys an \"rgb\" or \"alpha\" timeline, so there is no separable slot colour to read back";
    /// No linked mesh.
    pub const NO_LINKED: &str =
        "no attachment in this skeleton takes its geometry from another one";
    /// No sequence.
    pub const NO_SEQUENCE: &str = "no attachment carries a \"sequence\" block and no animation keys a \"sequence\" timeline, so there is no numbered series to read back";
    /// A static rig.
    pub const STATIC_RIG: &str = "the motion spec declares no animations and the skeleton has none — a static rig has no duration to compare";
    /// The round trip produced no skeleton.
    pub const NO_SKELETON: &str =
        "the round trip did not produce a skeleton to measure (A00 owns that failure)";
    /// The round trip produced no atlas.
    pub const NO_ATLAS: &str =
        "the round trip did not produce an atlas to measure (A00 owns that failure)";
    /// No rig info.
    pub const NO_RIG: &str = "no rig info (validating a bare directory), so there is no rig spec to hold the skeleton to";
    /// No second compile.
    pub const NO_SECOND: &str =
        "no second compile to compare against (re-gating artifacts on disk)";
}

/// One assertion rule: a code, a kind, and a body over the gate's facts.
///
/// A body records failures and skips on `out`; it never panics on bad input
/// (the host still contains a panic and turns it into a FAIL `threw: …`).
pub trait Rule: Send + Sync {
    /// The assertion code, e.g. `A07_ATLAS_TEXT_SHAPE`.
    fn code(&self) -> &'static str;
    /// The rule's kind (decides whether a profile runs it).
    fn kind(&self) -> RuleKind;
    /// Runs the rule.
    fn check(&self, facts: &facts::Facts<'_>, out: &mut Outcome);
}
