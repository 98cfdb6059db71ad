//! Tests of A21_MESH_RIM_PINNED (GATE.md §4.6): the ring hull path, the ribbon
//! entry row and the soft region, a mutant per FAIL clause, and the SKIPs.

use super::*;
use crate::testkit::*;
use rigc_sdk::gate::{GateInput, Subject};
use serde_json::{json, Value};

const RULE: A21MeshRimPinned = A21MeshRimPinned;

/// A 4-vertex quad mesh on slot "m" (slot bone "b" = index 2), hull 3 unless
/// `hull` says otherwise, weighted by `vertices`, of kind `kind`.
fn quad(kind: &str, uvs: Value, vertices: Value, hull: u32) -> GateInput {
    let mut input = mutant(|v| {
        let m = &mut v["skins"][0]["attachments"]["m"]["m"];
        m["uvs"] = uvs;
        m["vertices"] = vertices;
        m["triangles"] = json!([0, 1, 2, 0, 2, 3]);
        m["hull"] = json!(hull);
        if let Some(a) = v["animations"]["a"]["attachments"]["default"]["m"].as_object_mut() {
            a.remove("m");
        }
    });
    if let Some(rig) = input.rig.as_mut() {
        rig.mesh_kinds = vec![("m".into(), kind.into())];
    }
    input
}

/// Every vertex bound once at weight 1 to bone `b` (by index).
fn pinned_to(bones: [u32; 4]) -> Value {
    let mut v = Vec::new();
    for (i, b) in bones.iter().enumerate() {
        v.extend([json!(1), json!(b), json!(i), json!(0), json!(1)]);
    }
    Value::Array(v)
}

const SQUARE: [f64; 8] = [0.0, 0.0, 1.0, 0.0, 1.0, 1.0, 0.0, 1.0];

/// The quad's mesh, as a subject.
fn mesh() -> Option<Subject> {
    Some(Subject::attachment("default", "m", "m"))
}

#[test]
fn passes_a_ring_with_its_rim_pinned() {
    assert_pass(
        &RULE,
        &quad("ring", json!(SQUARE), pinned_to([2, 2, 2, 2]), 4),
    );
}

#[test]
fn fails_rim_vertices_not_pinned_or_pinned_elsewhere() {
    let vertices =
        json!([1, 2, 0, 0, 1, 1, 3, 1, 0, 1, 2, 2, 1, 1, 0.5, 3, 1, 1, 0.5, 1, 2, 0, 1, 1]);
    assert_fails_at(
        &RULE,
        &quad("ring", json!(SQUARE), vertices, 4),
        &[
            (
                "mesh \"m\" rim vertex 1 is pinned to \"t\", not the slot bone \"b\"",
                mesh(),
            ),
            ("mesh \"m\" rim vertex 2 is not pinned (0.5+0.5)", mesh()),
            (
                "mesh \"m\" vertex 1 is on the region border but not pinned",
                mesh(),
            ),
        ],
    );
}

#[test]
fn fails_a_border_vertex_off_the_hull() {
    let uvs = json!([0, 0, 1, 0, 1, 1, 0.5, 0]);
    let vertices = json!([1, 2, 0, 0, 1, 1, 2, 1, 0, 1, 1, 2, 1, 1, 1, 1, 3, 0.5, 0, 1]);
    assert_fails(
        &RULE,
        &quad("contour", uvs, vertices, 3),
        &["mesh \"m\" vertex 3 is on the region border but not pinned"],
    );
}

#[test]
fn fails_a_hull_that_is_not_a_ring() {
    assert_fails(
        &RULE,
        &quad("grid", json!(SQUARE), pinned_to([2; 4]), 2),
        &["mesh \"m\" declares hull 2; the rim must be a real ring"],
    );
    assert_fails(
        &RULE,
        &quad("ring", json!(SQUARE), pinned_to([2; 4]), 5),
        &["mesh \"m\" hull is 5 of 4 vertices"],
    );
}

#[test]
fn ribbon_entry_row() {
    let uvs = json!([0, 0, 1, 0, 1, 1, 0, 1]);
    assert_pass(
        &RULE,
        &quad("ribbon", uvs.clone(), pinned_to([2, 2, 3, 3]), 4),
    );
    assert_fails_at(
        &RULE,
        &quad("ribbon", uvs, pinned_to([2, 3, 3, 3]), 4),
        &[(
            "ribbon \"m\" entry vertex 1 is pinned to \"t\", not the anchor bone \"b\"",
            mesh(),
        )],
    );
    let one_entry = json!([0, 0, 1, 0.5, 1, 1, 0, 1]);
    let vertices =
        json!([1, 2, 0, 0, 1, 2, 2, 1, 0, 0.5, 3, 1, 0, 0.5, 1, 3, 1, 1, 1, 1, 3, 0, 1, 1]);
    assert_fails(
        &RULE,
        &quad("ribbon", one_entry, vertices, 4),
        &["ribbon \"m\" has 1 vertices on its entry edge; a strip needs two"],
    );
    let uvs = json!([0, 0, 1, 0, 1, 1, 0, 1]);
    let vertices =
        json!([1, 2, 0, 0, 1, 2, 2, 1, 0, 0.5, 3, 1, 0, 0.5, 1, 3, 1, 1, 1, 1, 3, 0, 1, 1]);
    assert_fails(
        &RULE,
        &quad("ribbon", uvs, vertices, 4),
        &["ribbon \"m\" entry vertex 1 is not pinned (0.5+0.5)"],
    );
}

fn soft(vertices: Value) -> GateInput {
    let uvs = json!([0, 0, 1, 0, 1, 1, 0.5, 0.5]);
    let mut input = quad("ring", uvs, vertices, 3);
    if let Some(rig) = input.rig.as_mut() {
        rig.mesh_soft_bones = vec![("m".into(), "t".into())];
    }
    input
}

#[test]
fn soft_region() {
    assert_pass(&RULE, &soft(pinned_to([2, 2, 2, 3])));
    // A soft mask may carry rim vertices: the soft clause replaces the rim's.
    assert_pass(&RULE, &soft(pinned_to([3, 2, 2, 3])));
    let vertices =
        json!([1, 2, 0, 0, 1, 1, 2, 1, 0, 1, 1, 2, 1, 1, 1, 2, 1, 0.5, 0, 0.5, 3, 0.5, 0, 0.25]);
    assert_fails_at(
        &RULE,
        &soft(vertices),
        &[
            ("mesh \"m\" declares a soft region on \"t\" and vertex 3 binds \"axis\", which is neither the slot bone \"b\" nor the soft bone", mesh()),
            ("mesh \"m\" declares a soft region on \"t\" and vertex 3 weights sum to 0.7500", mesh()),
            ("mesh \"m\" declares a soft region on \"t\" and no vertex is fully carried by it", mesh()),
        ],
    );
}

#[test]
fn skips_without_rig_weighted_or_generated_mesh() {
    assert_skips(&RULE, &no_rig(), skip_reasons::NO_RIG);
    assert_skips(
        &RULE,
        &fixture(),
        "the skeleton carries no weighted mesh, so no rim is bound to hold",
    );
    assert_skips(
        &RULE,
        &quad("segments", json!(SQUARE), pinned_to([2; 4]), 4),
        "every weighted mesh here is authored, linked or a segments lattice (\"m\"), so no generated rim is there to hold",
    );
    assert_skips(&RULE, &not_json(), skip_reasons::NO_SKELETON);
}
