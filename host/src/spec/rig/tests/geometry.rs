//! Bounding-box geometry: vertexCount, vertices, weights, the raw run.

use super::{edit, ok, refuses};
use crate::spec::rig::{AttachmentKind, Geometry, NamedBinding};
use rigc_sdk::model::WeightedBinding;

const P: &str = "{ \"width\": 10, \"height\": 10 }";
const W: &str = "skin \"default\" slot \"s\" attachment \"p\"";
const PTR: &str = "/skins/default/s/p";

fn bbox(fields: &str) -> String {
    edit(&[(P, &format!("{{ \"type\": \"boundingbox\", {fields} }}"))])
}

fn geometry(fields: &str) -> (u32, Geometry) {
    let r = ok(&bbox(fields));
    let AttachmentKind::BoundingBox(b) = &r.skins[0].slots[0].entries[0].kind else {
        panic!("boundingbox")
    };
    (b.vertex_count, b.geometry.clone())
}

#[test]
fn unweighted() {
    let (n, g) = geometry(
        "\"vertexCount\": 3, \"vertices\": [0, 0, 10, 0, 0, 10], \"boneIndexing\": \"name\"",
    );
    assert_eq!(n, 3);
    assert!(matches!(g, Geometry::Unweighted(v) if v == [0.0, 0.0, 10.0, 0.0, 0.0, 10.0]));
}

#[test]
fn weights_by_name() {
    let (n, g) = geometry(
        r#""vertexCount": 3, "weights": [[{ "bone": "b", "x": 0, "y": 0, "weight": 1 }], [{ "bone": "root", "x": 1, "y": 2, "weight": 0.5 }, { "bone": "b", "x": 3, "y": 4, "weight": 0.5 }], [{ "bone": "b", "x": 5, "y": 6, "weight": 1 }]]"#,
    );
    assert_eq!(n, 3);
    let Geometry::ByName(v) = g else {
        panic!("by name")
    };
    assert_eq!(
        v[1][0],
        NamedBinding {
            bone: "root".into(),
            x: 1.0,
            y: 2.0,
            weight: 0.5
        }
    );
}

#[test]
fn raw_run() {
    let (n, g) = geometry("\"vertexCount\": 3, \"boneIndexing\": \"raw\", \"vertices\": [1, 1, 0, 0, 1, 1, 1, 10, 0, 1, 2, 0, 0, 10, 0.5, 1, 0, 10, 0.5]");
    assert_eq!(n, 3);
    let Geometry::Raw(v) = g else { panic!("raw") };
    assert_eq!(v.len(), 3);
    assert_eq!(
        v[2][1],
        WeightedBinding {
            bone: 1,
            x: 0.0,
            y: 10.0,
            weight: 0.5
        }
    );
}

#[test]
fn vertex_count_absent() {
    refuses(
        &bbox("\"vertices\": [0, 0, 10, 0, 0, 10]"),
        "rig.geometry.vertex-count-missing",
        &format!("{W}: vertexCount is undefined; a polygon needs at least 3 vertices, stated outright — the field has no parser default, and an absent one reads as 0 and takes the polygon with it"),
        PTR,
        "{ \"type\": \"boundingbox\"",
    );
}

#[test]
fn vertex_count_too_small_or_fractional() {
    for (v, shown) in [("2", "2"), ("3.5", "3.5"), ("\"3\"", "the string \"3\"")] {
        refuses(
            &bbox(&format!("\"vertexCount\": {v}, \"vertices\": [0, 0, 10, 0, 0, 10]")),
            "rig.geometry.vertex-count",
            &format!("{W}: vertexCount is {shown}; a polygon needs at least 3 vertices, as a whole number"),
            &format!("{PTR}/vertexCount"),
            &format!("{v}, \"vertices\""),
        );
    }
}

#[test]
fn vertices_and_weights() {
    refuses(
        &bbox("\"vertexCount\": 3, \"vertices\": [0, 0, 10, 0, 0, 10], \"weights\": []"),
        "rig.geometry.vertices-and-weights",
        &format!("{W}: geometry comes as \"vertices\" or as \"weights\", never both — \"weights\" is the by-name form of the same data"),
        &format!("{PTR}/weights"),
        "[] }",
    );
}

#[test]
fn no_geometry() {
    refuses(
        &bbox("\"vertexCount\": 3"),
        "rig.geometry.missing",
        &format!(
            "{W}: needs geometry — \"vertices\" (x, y per vertex) or \"weights\" (bound by name)"
        ),
        PTR,
        "{ \"type\": \"boundingbox\"",
    );
}

#[test]
fn raw_with_weights() {
    refuses(
        &bbox("\"vertexCount\": 3, \"boneIndexing\": \"raw\", \"weights\": []"),
        "rig.geometry.raw-with-weights",
        &format!("{W}: \"boneIndexing\": \"raw\" describes a \"vertices\" run; \"weights\" always binds by name"),
        &format!("{PTR}/boneIndexing"),
        "\"raw\"",
    );
}

#[test]
fn bone_indexing_unknown() {
    refuses(
        &bbox(
            "\"vertexCount\": 3, \"boneIndexing\": \"index\", \"vertices\": [0, 0, 10, 0, 0, 10]",
        ),
        "rig.geometry.bone-indexing",
        &format!("{W}: boneIndexing is the string \"index\"; known: name, raw"),
        &format!("{PTR}/boneIndexing"),
        "\"index\"",
    );
}

#[test]
fn vertices_length_reads_as_weighted() {
    refuses(
        &bbox("\"vertexCount\": 4, \"vertices\": [0, 0, 10, 0, 0, 10]"),
        "rig.geometry.vertices-length",
        &format!("{W}: vertexCount 4 wants 8 unweighted numbers and \"vertices\" holds 6. The parser reads that as a WEIGHTED run, whose bone indexes point into the emitted bone array — fix vertexCount, or say \"boneIndexing\": \"raw\" on this attachment to keep the index form deliberately."),
        &format!("{PTR}/vertices"),
        "[0, 0, 10, 0, 0, 10]",
    );
}

#[test]
fn vertices_not_an_array() {
    refuses(
        &bbox("\"vertexCount\": 3, \"vertices\": {}"),
        "rig.geometry.vertices-not-an-array",
        &format!("{W}: vertices is an object; it is an array of numbers"),
        &format!("{PTR}/vertices"),
        "{} }",
    );
}

#[test]
fn vertices_element_not_a_number() {
    refuses(
        &bbox("\"vertexCount\": 3, \"vertices\": [0, \"a\", 10, 0, 0, 10]"),
        "rig.field.not-a-number",
        &format!("{W}: vertices[1] is the string \"a\", which is not a finite number"),
        &format!("{PTR}/vertices/1"),
        "\"a\"",
    );
}

fn raw(vertices: &str) -> String {
    bbox(&format!(
        "\"vertexCount\": 3, \"boneIndexing\": \"raw\", \"vertices\": {vertices}"
    ))
}

#[test]
fn raw_that_reads_as_unweighted() {
    refuses(
        &raw("[1, 0, 0, 0, 1, 0]"),
        "rig.geometry.raw-reads-unweighted",
        &format!("{W}: \"boneIndexing\": \"raw\" says \"vertices\" is a weighted run, but it holds exactly vertexCount × 2 = 6 numbers, which the parser reads as unweighted x, y pairs"),
        &format!("{PTR}/vertices"),
        "[1, 0, 0, 0, 1, 0]",
    );
}

#[test]
fn raw_bone_count() {
    refuses(
        &raw("[1, 0, 0, 0, 1, 0.5, 1, 0, 0, 1]"),
        "rig.geometry.raw-bone-count",
        &format!("{W}: the raw weighted run has a bone count of 0.5 at index 5"),
        &format!("{PTR}/vertices"),
        "[1, 0, 0, 0, 1, 0.5",
    );
}

#[test]
fn raw_truncated() {
    refuses(
        &raw("[1, 0, 0, 0, 1, 2, 1, 0, 0, 1]"),
        "rig.geometry.raw-truncated",
        &format!("{W}: the raw weighted run is truncated — vertex 1 claims 2 bone(s) and the array ends first"),
        &format!("{PTR}/vertices"),
        "[1, 0, 0, 0, 1, 2",
    );
}

#[test]
fn raw_bone_index_out_of_range() {
    refuses(
        &raw("[1, 0, 0, 0, 1, 1, 2, 0, 0, 1, 1, 0, 0, 0, 1]"),
        "rig.geometry.raw-bone-index",
        &format!("{W}: the raw weighted run binds bone index 2 at index 6, and the rig declares 2 bone(s) (indexes 0..1)"),
        &format!("{PTR}/vertices"),
        "[1, 0, 0, 0, 1, 1, 2",
    );
}

#[test]
fn raw_vertex_count() {
    refuses(
        &raw("[1, 0, 0, 0, 1, 1, 1, 0, 0, 1]"),
        "rig.geometry.raw-vertex-count",
        &format!("{W}: the raw weighted run decodes to 2 vertices but vertexCount is 3"),
        &format!("{PTR}/vertices"),
        "[1, 0, 0, 0, 1, 1, 1",
    );
}

fn weights(w: &str) -> String {
    bbox(&format!("\"vertexCount\": 3, \"weights\": {w}"))
}

const ONE: &str = r#"[{ "bone": "b", "x": 0, "y": 0, "weight": 1 }]"#;

#[test]
fn weights_not_an_array() {
    refuses(
        &weights("{}"),
        "rig.geometry.weights-not-an-array",
        &format!("{W}: weights is an object; it is one entry per vertex, each a list of {{ \"bone\", \"x\", \"y\", \"weight\" }}"),
        &format!("{PTR}/weights"),
        "{} }",
    );
}

#[test]
fn weights_count() {
    refuses(
        &weights(&format!("[{ONE}, {ONE}]")),
        "rig.geometry.weights-count",
        &format!("{W}: weights cover 2 vertices but vertexCount is 3"),
        &format!("{PTR}/weights"),
        "[[{",
    );
}

#[test]
fn vertex_unbound() {
    refuses(
        &weights(&format!("[{ONE}, [], {ONE}]")),
        "rig.geometry.vertex-unbound",
        &format!("{W}: vertex 1 has no bone bindings; a weighted vertex names at least one bone"),
        &format!("{PTR}/weights/1"),
        "[],",
    );
}

#[test]
fn binding_not_an_object() {
    refuses(
        &weights(&format!("[{ONE}, [\"b\"], {ONE}]")),
        "rig.geometry.binding-not-an-object",
        &format!("{W} weights[1][0] is the string \"b\"; a binding is {{ \"bone\", \"x\", \"y\", \"weight\" }}"),
        &format!("{PTR}/weights/1/0"),
        "\"b\"]",
    );
}

#[test]
fn binding_incomplete() {
    refuses(
        &weights(&format!("[{ONE}, [{{ \"bone\": \"b\", \"x\": 0 }}], {ONE}]")),
        "rig.geometry.binding-incomplete",
        &format!("{W} weights[1][0] has no \"y\", \"weight\"; a binding states \"bone\", \"x\", \"y\" and \"weight\" (nothing is defaulted)"),
        &format!("{PTR}/weights/1/0"),
        "{ \"bone\": \"b\", \"x\": 0 }",
    );
}

#[test]
fn binding_unknown_key() {
    refuses(
        &weights(&format!(
            "[{ONE}, [{{ \"bone\": \"b\", \"x\": 0, \"y\": 0, \"wieght\": 1 }}], {ONE}]"
        )),
        "spec.unknown-key",
        &format!("unknown field \"wieght\" on {W} weights[1][0] — did you mean \"weight\"?"),
        &format!("{PTR}/weights/1/0/wieght"),
        "\"wieght\"",
    );
}

#[test]
fn binding_bone_undeclared() {
    refuses(
        &weights(&format!(
            "[{ONE}, [{{ \"bone\": \"bb\", \"x\": 0, \"y\": 0, \"weight\": 1 }}], {ONE}]"
        )),
        "rig.geometry.bone-undeclared",
        &format!("{W}: vertex 1 binds bone \"bb\", which the rig does not declare as a bone"),
        &format!("{PTR}/weights/1/0/bone"),
        "\"bb\"",
    );
}

#[test]
fn binding_weight_not_a_number() {
    refuses(
        &weights(&format!(
            "[{ONE}, [{{ \"bone\": \"b\", \"x\": 0, \"y\": 0, \"weight\": \"1\" }}], {ONE}]"
        )),
        "rig.field.not-a-number",
        &format!("{W} weights[1][0]: weight is the string \"1\", which is not a finite number"),
        &format!("{PTR}/weights/1/0/weight"),
        "\"1\"",
    );
}

#[test]
fn bbox_unknown_key() {
    refuses(
        &bbox("\"vertexCount\": 3, \"vertices\": [0, 0, 10, 0, 0, 10], \"closed\": true"),
        "spec.unknown-key",
        &format!("unknown field \"closed\" on boundingbox attachment ({W}); this compiler does not read it"),
        &format!("{PTR}/closed"),
        "\"closed\"",
    );
}
