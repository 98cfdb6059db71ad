//! Tests of A49_PACKED_FOOTPRINTS_DO_NOT_OVERLAP (GATE.md §4.15): rectangles that
//! only touch, rectangles that overlap, a mesh footprint that keeps clear of a
//! neighbour inside its rectangle and one that does not, and the SKIPs.

use super::*;
use crate::a07_atlas_text_shape::NO_ATLAS_TEXT;
use crate::testkit::*;
use rigc_sdk::gate::GateInput;

const RULE: A49PackedFootprintsDoNotOverlap = A49PackedFootprintsDoNotOverlap;
const TAIL: &str = "One drawing samples texels that are the other's: move one region clear of the other's footprint, or pack the page again";

fn atlas(q_bounds: &str) -> String {
    format!("p.png\nsize: 16, 16\nr\nbounds: 0, 0, 4, 4\nq\nbounds: {q_bounds}\n")
}

/// Only the mesh "m" (uvs (0,0) (1,0) (1,1): the triangle above the diagonal of
/// region "r") draws "r".
fn mesh_only(atlas: &str) -> GateInput {
    let mut input = mutant(|v| drop_attachment(v, "s", "r"));
    input.atlas_text = Some(atlas.into());
    input
}

#[test]
fn passes_touching_rectangles_and_a_footprint_clear_of_its_neighbour() {
    assert_pass(&RULE, &input_texts(SKELETON, &atlas("4, 0, 4, 4")));
    // "q" lies inside r's rectangle, below the mesh's diagonal.
    assert_pass(&RULE, &mesh_only(&atlas("0, 2, 2, 2")));
}

#[test]
fn fails_overlapping_rectangles() {
    assert_fails_at(
        &RULE,
        &input_texts(SKELETON, &atlas("2, 2, 4, 4")),
        &[(&format!("regions \"r\" (0,0 4x4) and \"q\" (2,2 4x4) overlap on page \"p.png\", and so do their footprints — \"r\" draws its whole rectangle, \"q\" draws its whole rectangle; the two rectangles share 2,2 2x2. {TAIL}"), Some(Subject::of(Target::Page("p.png".into()))))],
    );
}

#[test]
fn fails_a_mesh_footprint_that_covers_its_neighbour() {
    assert_fails(
        &RULE,
        &mesh_only(&atlas("2, 0, 2, 2")),
        &[&format!("regions \"r\" (0,0 4x4) and \"q\" (2,0 2x2) overlap on page \"p.png\", and so do their footprints — \"r\" draws mesh \"m\" (2 piece(s)), \"q\" draws its whole rectangle; what they draw overlaps by 4 texel(s) of area inside 2,0 2x2. {TAIL}")],
    );
}

#[test]
fn a_rotated_region_draws_its_whole_rectangle() {
    let text = atlas("0, 2, 2, 2").replace("bounds: 0, 0, 4, 4", "bounds: 0, 0, 4, 4\nrotate: 90");
    let out = check(&RULE, &mesh_only(&text));
    assert_eq!(out.failures.len(), 1, "{:?}", out.failures);
    assert!(out.failures[0]
        .detail
        .contains("\"r\" draws its whole rectangle"));
}

#[test]
fn skips_without_a_pair() {
    assert_skips(&RULE, &fixture(), NO_PAIR);
    assert_skips(&RULE, &input_texts(SKELETON, ""), skip_reasons::NO_PAGE);
    assert_skips(
        &RULE,
        &input_texts(SKELETON, "p.png\nsize: 4, 4\n"),
        skip_reasons::NO_ATLAS_REGION,
    );
    let mut input = fixture();
    input.atlas_text = None;
    assert_skips(&RULE, &input, NO_ATLAS_TEXT);
}
