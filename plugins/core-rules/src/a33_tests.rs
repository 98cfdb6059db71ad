//! Tests of A33_VERTEX_ATTACHMENT_GEOMETRY (GATE.md §4.8): paths, clipping ends,
//! polygons and their encoding, a mutant per FAIL clause, and the SKIPs.

use super::*;
use crate::testkit::*;
use rigc_sdk::gate::{skip_reasons, GateInput, Subject};
use serde_json::{json, Value};

const RULE: A33VertexAttachmentGeometry = A33VertexAttachmentGeometry;

fn on_box(name: &str, entry: Value) -> GateInput {
    let name = name.to_string();
    mutant(move |v| v["skins"][0]["attachments"]["box"][name] = entry)
}

fn path(count: u32, closed: bool, lengths: Value) -> GateInput {
    let vertices: Vec<u32> = (0..count * 2).collect();
    on_box(
        "line",
        json!({ "type": "path", "vertexCount": count, "vertices": vertices, "closed": closed, "lengths": lengths }),
    )
}

#[test]
fn passes_on_the_fixture_a_path_and_a_clip() {
    assert_pass(&RULE, &fixture());
    assert_pass(&RULE, &path(6, false, json!([5])));
    assert_pass(&RULE, &path(6, true, json!([5, 9])));
    assert_pass(
        &RULE,
        &on_box(
            "clip",
            json!({ "type": "clipping", "end": "s", "vertexCount": 3, "vertices": [0, 0, 1, 0, 1, 1] }),
        ),
    );
}

#[test]
fn fails_path_vertex_counts() {
    let line = || Some(Subject::attachment("default", "box", "line"));
    assert_fails_at(&RULE, &path(4, false, json!([1])), &[("path \"line\" on slot \"box\" has 4 vertices, which is not a multiple of 3 — a path is knots of three vertices (a handle, the point, a handle)", line())]);
    assert_fails(&RULE, &path(3, false, json!([])), &["path \"line\" on slot \"box\" has 3 vertices, which is not one whole curve — an open path needs two knots (6 vertices), a closed one a knot (3)"]);
}

#[test]
fn fails_the_first_length_that_does_not_rise() {
    assert_fails(&RULE, &path(9, false, json!([4, 4])), &["path \"line\" on slot \"box\" lengths[1] is 4, and the entry before it was 4. The array is the CUMULATIVE arc length of the path at the end of each curve, so it starts above 0 and rises with every curve"]);
    assert_fails(&RULE, &path(6, false, json!([0])), &["path \"line\" on slot \"box\" lengths[0] is 0, and the entry before it was 0. The array is the CUMULATIVE arc length of the path at the end of each curve, so it starts above 0 and rises with every curve"]);
}

#[test]
fn fails_a_clipping_end_that_is_not_a_slot() {
    let input = on_box(
        "clip",
        json!({ "type": "clipping", "end": "nowhere", "vertexCount": 3, "vertices": [0, 0, 1, 0, 1, 1] }),
    );
    assert_fails_at(&RULE, &input, &[("clipping attachment \"clip\" on slot \"box\" ends at \"nowhere\", which is not a slot of this skeleton — the clip would run to the bottom of the draw order", Some(Subject::attachment("default", "box", "clip")))]);
    let input = on_box(
        "clip",
        json!({ "type": "clipping", "vertexCount": 3, "vertices": [0, 0, 1, 0, 1, 1] }),
    );
    assert_fails(&RULE, &input, &["clipping attachment \"clip\" on slot \"box\" ends at undefined, which is not a slot of this skeleton — the clip would run to the bottom of the draw order"]);
}

#[test]
fn fails_a_polygon_of_fewer_than_3_vertices() {
    let input = mutant(|v| {
        let b = &mut v["skins"][0]["attachments"]["box"]["box"];
        if let Some(o) = b.as_object_mut() {
            o.remove("vertexCount");
        }
        b["vertices"] = json!([]);
        if let Some(a) = v["animations"]["a"]["attachments"]["default"].as_object_mut() {
            a.remove("box");
        }
    });
    assert_fails(&RULE, &input, &["boundingbox \"box\" on slot \"box\" loaded worldVerticesLength 0; a polygon is an even count of at least 6 (3 vertices). A missing \"vertexCount\" reads as 0 and takes the polygon with it"]);
}

#[test]
fn fails_the_encoding() {
    let weighted = |vertices: Value| {
        mutant(|v| v["skins"][0]["attachments"]["box"]["box"]["vertices"] = vertices)
    };
    assert_fails_at(
        &RULE,
        &weighted(json!([1, 0, 0, 0, 1, 1, 7, 4, 0, 1, 1, 0, 4, 4, 1])),
        &[("boundingbox \"box\" on slot \"box\" vertex 1 binds bone index 7, and the skeleton has 4 bone(s) — the runtime reads a bone that is not there", Some(Subject::attachment("default", "box", "box")))],
    );
    assert_fails(
        &RULE,
        &weighted(json!([1, 0, 0, 0, 1, 1, 0, 4, 0, 1])),
        &["boundingbox \"box\" on slot \"box\" has weights for 2 vertices and vertexCount says 3 — the vertices are neither 6 unweighted numbers nor that many weighted runs"],
    );
    assert_fails(
        &RULE,
        &weighted(json!([1, 0, 0, 0, 1, 3, 0, 4])),
        &["boundingbox \"box\" on slot \"box\" weighted vertex run does not decode: vertex 1 binds a bone index that is not a number — the runs read past the end of the array, or hold a value that is not a number"],
    );
}

#[test]
fn skips_without_polygons() {
    let input = mutant(|v| drop_attachment(v, "box", "box"));
    assert_skips(&RULE, &input, NO_POLYGON);
    assert_skips(&RULE, &not_json(), skip_reasons::NO_SKELETON);
}
