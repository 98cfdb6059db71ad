//! This module owns what a rule author names: the [`Rule`] trait, the shared
//! SKIP reasons, the [`facts::Facts`] a rule reads, and — re-exported from
//! `rigc-abi`, since they cross the boundary — the gate's payload vocabulary:
//! profiles, rule kinds, the rig information ([`RigInfo`]) a build hands the
//! rules beside the emitted text (what the rig spec declared that the Spine
//! file cannot say: its slot table, its invariants, its declared durations, its
//! stage), and the [`Outcome`] a rule records, each failure with its
//! [`Subject`] where there is one.

pub mod facts;
pub mod pages;

pub use rigc_abi::gate::{
    ConsumerDrivenMix, DeclaredAnimation, Detached, Failure, GateInput, Invariants, Outcome,
    PageContent, PageFile, Profile, RigInfo, RuleKind, SecondCompile, Stroke, Subject, Target,
};

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
