//! `rigc-core-rules`: rigc's own assertion rules (GATE.md §3), each a unit struct
//! implementing [`rigc_sdk::gate::Rule`], one module per rule.
//!
//! This crate owns every rule of the gate (A41 is retired, DECISIONS.md): the
//! rules over the raw text (the skeleton text as plain JSON, the atlas text, the
//! rig info, the second compile), the rules over the skeleton and atlas **as the
//! runtime loads them** — the A00 round trip through rigc's own Spine 4.3
//! reader, shared with every rule through
//! [`rigc_sdk::gate::facts::Facts::loaded`] — and over the atlas pages' PNG
//! headers and pixels ([`rigc_sdk::gate::facts::Facts::page_image`]), and the
//! seven rules that **pose** the loaded skeleton with `rigc_sdk::spine::pose`
//! (GATE.md §5 level Y: A10, A39, A40, A43, A45, A46, A50; the shared helpers are
//! `posing`, `tint` and `deform_survey`). It does not print verdicts: the host's
//! gate harness runs the bodies and lays out the report.
//!
//! Every body is total: it reads files it did not write (`rigc validate`), so any
//! JSON shape is an input, and no data can make it panic.
//!
//! ```
//! use rigc_sdk::gate::facts::Facts;
//! use rigc_sdk::gate::{GateInput, Outcome, Profile, Rule};
//!
//! let input = GateInput {
//!     profile: Profile::Spine,
//!     skeleton_text: r#"{ "skeleton": { "spine": "4.2.119" } }"#.into(),
//!     atlas_text: None,
//!     rig: None,
//!     second: None,
//!     pages: Vec::new(),
//! };
//! let mut out = Outcome::default();
//! rigc_core_rules::A16SkeletonVersion43.check(&Facts::new(&input), &mut out);
//! assert_eq!(out.failures, ["skeleton.spine is \"4.2.119\", expected 4.3, 4.3.<patch> or 4.3.<patch>-<suffix>"]);
//! ```
#![deny(missing_docs)]
#![cfg_attr(
    not(test),
    deny(
        clippy::unwrap_used,
        clippy::expect_used,
        clippy::panic,
        clippy::indexing_slicing
    )
)]

mod a00_roundtrip_parse;
mod a01_no_legacy_toplevel_constraint_arrays;
mod a02_no_bone_transform_key;
mod a03_region_width_height_finite;
mod a04_mesh_triangles_and_encoding;
mod a05_curve_array_length;
mod a06_atlas_page_size_matches_png;
mod a07_atlas_text_shape;
mod a08_region_names_match_attachments;
mod a09_animation_duration_matches_spec;
mod a10_no_nan_after_stepping;
mod a11_no_clipping_attachments;
mod a12_no_dark_color;
mod a13_mesh_budget;
mod a14_no_full_frame_mesh;
mod a15_idle_no_mesh_bone_keys;
mod a16_skeleton_version_4_3;
mod a17_atlas_page_files_exist;
mod a18_deterministic_emit;
mod a19_overlay_pngs_have_alpha;
mod a20_mesh_weights_coherent;
mod a21_mesh_rim_pinned;
mod a22_mesh_uvs_in_unit_range;
mod a23_physics_constraint_effective;
mod a24_axis_space_stroke;
mod a25_detached_bone_parentage;
mod a26_slot_draw_order;
mod a27_region_name_matches_page_filename;
mod a28_ribbon_rows_share_weights;
mod a29_stroke_within_contact_depth;
mod a30_stroke_within_cap_containment;
mod a31_draw_order_offsets_resolve;
mod a32_event_keys_resolve;
mod a33_vertex_attachment_geometry;
mod a34_constraint_timeline_targets;
mod a35_deform_keys_fit_the_attachment;
mod a36_path_constraint_effective;
mod a37_slider_constraint_effective;
mod a38_skin_members_are_skin_required;
mod a39_deform_keeps_triangle_winding;
mod a40_sliders_compose_on_a_shared_target;
mod a42_driven_constraints_update_after_their_driver;
mod a43_two_color_tint_loads_and_poses_as_written;
mod a44_linked_mesh_states_no_geometry_of_its_own;
mod a45_separable_color_timelines_own_their_channels_and_pose_as_written;
mod a46_sequence_attachments_show_the_frame_the_file_states;
mod a47_ik_constraint_not_muted_throughout;
mod a48_transform_constraint_not_muted_throughout;
mod a49_packed_footprints_do_not_overlap;
mod a50_stage_box_is_the_stage;
mod additive_probe;
pub mod deform_figures;
mod deform_survey;
mod footprints;
mod loaded;
mod posing;
mod raw;
mod regions;
mod stroke;
#[cfg(test)]
mod testkit;
mod tint;

pub use a00_roundtrip_parse::A00RoundtripParse;
pub use a01_no_legacy_toplevel_constraint_arrays::A01NoLegacyToplevelConstraintArrays;
pub use a02_no_bone_transform_key::A02NoBoneTransformKey;
pub use a03_region_width_height_finite::A03RegionWidthHeightFinite;
pub use a04_mesh_triangles_and_encoding::A04MeshTrianglesAndEncoding;
pub use a05_curve_array_length::A05CurveArrayLength;
pub use a06_atlas_page_size_matches_png::A06AtlasPageSizeMatchesPng;
pub use a07_atlas_text_shape::A07AtlasTextShape;
pub use a08_region_names_match_attachments::A08RegionNamesMatchAttachments;
pub use a09_animation_duration_matches_spec::A09AnimationDurationMatchesSpec;
pub use a10_no_nan_after_stepping::A10NoNanAfterStepping;
pub use a11_no_clipping_attachments::A11NoClippingAttachments;
pub use a12_no_dark_color::A12NoDarkColor;
pub use a13_mesh_budget::A13MeshBudget;
pub use a14_no_full_frame_mesh::A14NoFullFrameMesh;
pub use a15_idle_no_mesh_bone_keys::A15IdleNoMeshBoneKeys;
pub use a16_skeleton_version_4_3::A16SkeletonVersion43;
pub use a17_atlas_page_files_exist::A17AtlasPageFilesExist;
pub use a18_deterministic_emit::A18DeterministicEmit;
pub use a19_overlay_pngs_have_alpha::A19OverlayPngsHaveAlpha;
pub use a20_mesh_weights_coherent::A20MeshWeightsCoherent;
pub use a21_mesh_rim_pinned::A21MeshRimPinned;
pub use a22_mesh_uvs_in_unit_range::A22MeshUvsInUnitRange;
pub use a23_physics_constraint_effective::A23PhysicsConstraintEffective;
pub use a24_axis_space_stroke::A24AxisSpaceStroke;
pub use a25_detached_bone_parentage::A25DetachedBoneParentage;
pub use a26_slot_draw_order::A26SlotDrawOrder;
pub use a27_region_name_matches_page_filename::A27RegionNameMatchesPageFilename;
pub use a28_ribbon_rows_share_weights::A28RibbonRowsShareWeights;
pub use a29_stroke_within_contact_depth::A29StrokeWithinContactDepth;
pub use a30_stroke_within_cap_containment::A30StrokeWithinCapContainment;
pub use a31_draw_order_offsets_resolve::A31DrawOrderOffsetsResolve;
pub use a32_event_keys_resolve::A32EventKeysResolve;
pub use a33_vertex_attachment_geometry::A33VertexAttachmentGeometry;
pub use a34_constraint_timeline_targets::A34ConstraintTimelineTargets;
pub use a35_deform_keys_fit_the_attachment::A35DeformKeysFitTheAttachment;
pub use a36_path_constraint_effective::A36PathConstraintEffective;
pub use a37_slider_constraint_effective::A37SliderConstraintEffective;
pub use a38_skin_members_are_skin_required::A38SkinMembersAreSkinRequired;
pub use a39_deform_keeps_triangle_winding::A39DeformKeepsTriangleWinding;
pub use a40_sliders_compose_on_a_shared_target::A40SlidersComposeOnASharedTarget;
pub use a42_driven_constraints_update_after_their_driver::A42DrivenConstraintsUpdateAfterTheirDriver;
pub use a43_two_color_tint_loads_and_poses_as_written::A43TwoColorTintLoadsAndPosesAsWritten;
pub use a44_linked_mesh_states_no_geometry_of_its_own::A44LinkedMeshStatesNoGeometryOfItsOwn;
pub use a45_separable_color_timelines_own_their_channels_and_pose_as_written::A45SeparableColorTimelinesOwnTheirChannelsAndPoseAsWritten;
pub use a46_sequence_attachments_show_the_frame_the_file_states::A46SequenceAttachmentsShowTheFrameTheFileStates;
pub use a47_ik_constraint_not_muted_throughout::A47IkConstraintNotMutedThroughout;
pub use a48_transform_constraint_not_muted_throughout::A48TransformConstraintNotMutedThroughout;
pub use a49_packed_footprints_do_not_overlap::A49PackedFootprintsDoNotOverlap;
pub use a50_stage_box_is_the_stage::A50StageBoxIsTheStage;

use rigc_sdk::gate::Rule;

/// The rules of this crate, in **run order** (GATE.md §1.1, §6): the raw-text rules
/// that guard the round trip (A07, A31, A35, then A08), the round trip A00, then
/// A16, A01, A02, A05, then every other rule in numeric order.
pub fn rules() -> Vec<&'static dyn Rule> {
    vec![
        &A07AtlasTextShape,
        &A31DrawOrderOffsetsResolve,
        &A35DeformKeysFitTheAttachment,
        &A08RegionNamesMatchAttachments,
        &A00RoundtripParse,
        &A16SkeletonVersion43,
        &A01NoLegacyToplevelConstraintArrays,
        &A02NoBoneTransformKey,
        &A05CurveArrayLength,
        &A03RegionWidthHeightFinite,
        &A04MeshTrianglesAndEncoding,
        &A06AtlasPageSizeMatchesPng,
        &A09AnimationDurationMatchesSpec,
        &A10NoNanAfterStepping,
        &A11NoClippingAttachments,
        &A12NoDarkColor,
        &A13MeshBudget,
        &A14NoFullFrameMesh,
        &A15IdleNoMeshBoneKeys,
        &A17AtlasPageFilesExist,
        &A18DeterministicEmit,
        &A19OverlayPngsHaveAlpha,
        &A20MeshWeightsCoherent,
        &A21MeshRimPinned,
        &A22MeshUvsInUnitRange,
        &A23PhysicsConstraintEffective,
        &A24AxisSpaceStroke,
        &A25DetachedBoneParentage,
        &A26SlotDrawOrder,
        &A27RegionNameMatchesPageFilename,
        &A28RibbonRowsShareWeights,
        &A29StrokeWithinContactDepth,
        &A30StrokeWithinCapContainment,
        &A32EventKeysResolve,
        &A33VertexAttachmentGeometry,
        &A34ConstraintTimelineTargets,
        &A36PathConstraintEffective,
        &A37SliderConstraintEffective,
        &A38SkinMembersAreSkinRequired,
        &A39DeformKeepsTriangleWinding,
        &A40SlidersComposeOnASharedTarget,
        // A41 is retired.
        &A42DrivenConstraintsUpdateAfterTheirDriver,
        &A43TwoColorTintLoadsAndPosesAsWritten,
        &A44LinkedMeshStatesNoGeometryOfItsOwn,
        &A45SeparableColorTimelinesOwnTheirChannelsAndPoseAsWritten,
        &A46SequenceAttachmentsShowTheFrameTheFileStates,
        &A47IkConstraintNotMutedThroughout,
        &A48TransformConstraintNotMutedThroughout,
        &A49PackedFootprintsDoNotOverlap,
        &A50StageBoxIsTheStage,
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::{check, junk};
    use std::collections::HashSet;
    use std::panic::{catch_unwind, AssertUnwindSafe};

    /// The run order of GATE.md §1.1/§6: these first, in this order, then numeric.
    const FIRST: [&str; 9] = [
        "A07", "A31", "A35", "A08", "A00", "A16", "A01", "A02", "A05",
    ];

    fn rank(code: &str) -> (usize, u32) {
        let number = code
            .get(1..3)
            .and_then(|n| n.parse().ok())
            .unwrap_or(u32::MAX);
        match FIRST.iter().position(|f| code.starts_with(f)) {
            Some(i) => (i, 0),
            None => (FIRST.len(), number),
        }
    }

    #[test]
    fn codes_are_unique_and_in_run_order() {
        let codes: Vec<&str> = rules().iter().map(|r| r.code()).collect();
        let unique: HashSet<&str> = codes.iter().map(|c| c.get(..3).unwrap_or(c)).collect();
        assert_eq!(unique.len(), codes.len(), "duplicate codes: {codes:?}");
        let mut sorted = codes.clone();
        sorted.sort_by_key(|c| rank(c));
        assert_eq!(codes, sorted);
        assert_eq!(codes.len(), 50);
    }

    #[test]
    fn kinds_follow_the_kind_table() {
        use rigc_sdk::gate::RuleKind::*;
        for rule in rules() {
            let expected = match rule.code().get(..3) {
                Some("A11" | "A12" | "A13" | "A14" | "A15" | "A19" | "A27" | "A49") => Renderer,
                Some("A21" | "A24" | "A25" | "A26" | "A28" | "A29" | "A30" | "A39") => Archetype,
                _ => Validity,
            };
            assert_eq!(rule.kind(), expected, "{}", rule.code());
        }
    }

    #[test]
    fn no_rule_panics_on_junk() {
        let junk = junk();
        // Most junk must parse, or the rules would only ever SKIP it.
        let parsed = junk
            .iter()
            .filter(|i| rigc_sdk::gate::facts::Facts::new(i).raw().is_ok())
            .count();
        assert!(
            parsed + 1 >= junk.len(),
            "only {parsed} of {} junk inputs are JSON",
            junk.len()
        );
        for (i, input) in junk.iter().enumerate() {
            for rule in rules() {
                let ran = catch_unwind(AssertUnwindSafe(|| check(rule, input)));
                assert!(ran.is_ok(), "{} panicked on junk input {i}", rule.code());
            }
        }
    }

    /// The rules whose subject the minimal fixture does not carry, with the
    /// SKIP reason each gives there; every other rule must PASS on it.
    const FIXTURE_SKIPS: &[(&str, &str)] = &[
        ("A36", "the skeleton declares no path constraint"),
        ("A48", "the skeleton declares no transform constraint"),
        ("A38", crate::a38_skin_members_are_skin_required::NOTHING),
        (
            "A42",
            "no slider's animation keys a constraint property, so no update order is at stake",
        ),
        ("A44", rigc_sdk::gate::skip_reasons::NO_LINKED),
        ("A43", rigc_sdk::gate::skip_reasons::NO_DARK),
        ("A45", rigc_sdk::gate::skip_reasons::NO_SEPARABLE),
        ("A46", rigc_sdk::gate::skip_reasons::NO_SEQUENCE),
        ("A50", crate::a50_stage_box_is_the_stage::NO_STAGE_BOX),
        ("A40", crate::a40_sliders_compose_on_a_shared_target::FEW_SLIDERS),
        ("A29", crate::a29_stroke_within_contact_depth::NO_DEPTH),
        ("A49", crate::a49_packed_footprints_do_not_overlap::NO_PAIR),
        ("A30", crate::a30_stroke_within_cap_containment::NO_CEILING),
        (
            "A15",
            "the skeleton has no animation named \"idle\", so no idle frame recomputes a mesh",
        ),
        (
            "A21",
            "the skeleton carries no weighted mesh, so no rim is bound to hold",
        ),
        (
            "A28",
            "the rig \"tiny\" declares no ribbon mesh (it declares \"m\" authored), so no strip has rows to compare",
        ),
    ];

    #[test]
    fn no_rule_panics_on_hostile_data_that_loads() {
        let (_dir, junk) = crate::testkit::junk_loaded();
        let loaded = junk
            .iter()
            .filter(|i| rigc_sdk::gate::facts::Facts::new(i).loaded().is_ok())
            .count();
        assert!(
            loaded * 2 >= junk.len(),
            "only {loaded} of {} hostile inputs load",
            junk.len()
        );
        for (i, input) in junk.iter().enumerate() {
            for rule in rules() {
                let ran = catch_unwind(AssertUnwindSafe(|| check(rule, input)));
                assert!(ran.is_ok(), "{} panicked on hostile input {i}", rule.code());
            }
        }
    }

    #[test]
    fn every_rule_passes_the_fixture() {
        let input = crate::testkit::fixture();
        for rule in rules() {
            match FIXTURE_SKIPS
                .iter()
                .find(|(c, _)| rule.code().starts_with(c))
            {
                Some((_, reason)) => crate::testkit::assert_skips(rule, &input, reason),
                None => crate::testkit::assert_pass(rule, &input),
            }
        }
    }
}

/// rigc's core rules as a plugin: the manifest declares every rule of [`rules`] in
/// run order, and a `"gate"` call runs them all (one call per gate).
pub struct CoreRules;

impl rigc_sdk::abi::Plugin for CoreRules {
    fn manifest() -> rigc_sdk::abi::Manifest {
        rigc_sdk::abi::Manifest {
            name: "rigc-core-rules".into(),
            version: env!("CARGO_PKG_VERSION").into(),
            abi: rigc_sdk::abi::ABI_VERSION,
            rules: rigc_sdk::serve::rule_decls(&rules()),
            deform_kinds: Vec::new(),
            emitters: Vec::new(),
            features: Vec::new(),
        }
    }

    fn call(stage: &str, input: &[u8]) -> Result<Vec<u8>, String> {
        match stage {
            "gate" => rigc_sdk::serve::gate(&rules(), input),
            other => Err(format!(
                "rigc-core-rules answers the \"gate\" stage, not {other:?}"
            )),
        }
    }
}

rigc_sdk::plugin_table!(CoreRules);
