//! Authored meshes (FORMAT.md §2.7.2): every field read, and one test per
//! refusal class (code, message, pointer, line:column).

use super::{check, edit, ok, refused, refuses, render};
use crate::spec::rig::{AttachmentKind, Geometry, MeshSpec, NamedBinding};

const P: &str = "{ \"width\": 10, \"height\": 10 }";
const W: &str = "skin \"default\" slot \"s\" attachment \"p\"";
const PTR: &str = "/skins/default/s/p";

/// A unit quad: four vertices walked round, two triangles sharing 0–2.
const QUAD: &str = "\"uvs\": [0, 0, 1, 0, 1, 1, 0, 1], \"triangles\": [0, 1, 2, 0, 2, 3]";
const XY: &str = "\"vertices\": [0, 0, 10, 0, 10, 10, 0, 10]";

fn mesh_text(fields: &str) -> String {
    edit(&[(P, &format!("{{ \"type\": \"mesh\", {fields} }}"))])
}

fn mesh(fields: &str) -> MeshSpec {
    let r = ok(&mesh_text(fields));
    let AttachmentKind::Mesh(m) = &r.skins[0].slots[0].entries[0].kind else {
        panic!("mesh")
    };
    m.clone()
}

#[test]
fn every_field_is_read_and_the_topology_derived() {
    let m = mesh(&format!(
        "{QUAD}, {XY}, \"width\": 20, \"height\": 30, \"path\": \"leaf\", \"image\": \"leaf.png\", \"color\": \"FFAA00CC\""
    ));
    assert_eq!(m.uvs, [0.0, 0.0, 1.0, 0.0, 1.0, 1.0, 0.0, 1.0]);
    assert_eq!(m.triangles, [0, 1, 2, 0, 2, 3]);
    assert!(matches!(&m.geometry, Geometry::Unweighted(v) if v.len() == 8));
    // The outline 0 → 1 → 2 → 3 is every vertex; the one interior edge is 0–2,
    // named `2 0` by triangle 0 (its `c a` side): ×2 each (FORMAT.md §2.7.2).
    assert_eq!(m.hull, 4);
    assert_eq!(m.edges, [0, 2, 2, 4, 4, 6, 6, 0, 4, 0]);
    assert_eq!((m.width, m.height), (Some(20.0), Some(30.0)));
    assert_eq!(m.path.as_deref(), Some("leaf"));
    assert_eq!(m.image.as_ref().map(|i| i.value.as_str()), Some("leaf.png"));
    assert_eq!(m.color.as_deref(), Some("ffaa00cc"));
}

#[test]
fn a_stated_hull_that_agrees_and_stated_edges_pass() {
    let m = mesh(&format!(
        "{QUAD}, {XY}, \"hull\": 4, \"edges\": [0, 2, 6, 0], \"image\": \"leaf.png\""
    ));
    assert_eq!(m.hull, 4);
    assert_eq!(m.edges, [0, 2, 6, 0], "stated edges pass through verbatim");
    assert_eq!((m.width, m.height), (None, None));
}

#[test]
fn weights_by_name_and_the_raw_run() {
    let b = r#"[{ "bone": "b", "x": 0, "y": 0, "weight": 1 }]"#;
    let m = mesh(&format!(
        "{QUAD}, \"weights\": [{b}, [{{ \"bone\": \"root\", \"x\": 1, \"y\": 2, \"weight\": 0.5 }}, {{ \"bone\": \"b\", \"x\": 3, \"y\": 4, \"weight\": 0.5 }}], {b}, {b}], \"width\": 1, \"height\": 1"
    ));
    let Geometry::ByName(v) = &m.geometry else {
        panic!("by name")
    };
    assert_eq!(v.len(), 4);
    assert_eq!(
        v[1][0],
        NamedBinding {
            bone: "root".into(),
            x: 1.0,
            y: 2.0,
            weight: 0.5
        }
    );
    let m = mesh(&format!(
        "{QUAD}, \"boneIndexing\": \"raw\", \"vertices\": [1, 1, 0, 0, 1, 1, 1, 10, 0, 1, 1, 1, 10, 10, 1, 2, 0, 0, 10, 0.5, 1, 0, 10, 0.5], \"width\": 1, \"height\": 1"
    ));
    let Geometry::Raw(v) = &m.geometry else {
        panic!("raw")
    };
    assert_eq!(v.iter().map(Vec::len).collect::<Vec<_>>(), [1, 1, 1, 2]);
}

#[test]
fn generator_beside_geometry() {
    let t = mesh_text(&format!(
        "{QUAD}, {XY}, \"image\": \"a.png\", \"generator\": {{ \"kind\": \"grid\" }}"
    ));
    refuses(
        &t,
        "rig.mesh.generator-and-geometry",
        &format!("{W}: a mesh is either authored geometry or a generator, never both"),
        &format!("{PTR}/generator"),
        "{ \"kind\"",
    );
}

#[test]
fn a_sequence_beside_an_image_is_refused() {
    let t = mesh_text(&format!(
        "{QUAD}, {XY}, \"image\": \"a.png\", \"sequence\": {{ \"count\": 2 }}"
    ));
    refuses(&t, "rig.sequence.with-image", &format!("{W}: \"image\" beside a \"sequence\" — a series draws its frames, each a PNG of its own named after the attachment's path or placeholder, so one image has no place in it"), &format!("{PTR}/image"), "\"a.png\"");
}

#[test]
fn missing_pieces() {
    let msg = format!(
        "{W}: an authored mesh needs uvs, triangles and vertices or weights (or a \"generator\")"
    );
    for fields in [
        format!("\"triangles\": [0, 1, 2], {XY}, \"image\": \"a.png\""),
        format!("\"uvs\": [0, 0, 1, 0, 1, 1], {XY}, \"image\": \"a.png\""),
        format!("{QUAD}, \"image\": \"a.png\""),
    ] {
        let t = mesh_text(&fields);
        refuses(&t, "rig.mesh.incomplete", &msg, PTR, "{ \"type\": \"mesh\"");
    }
}

#[test]
fn vertices_and_weights() {
    let t = mesh_text(&format!(
        "{QUAD}, {XY}, \"weights\": [], \"image\": \"a.png\""
    ));
    refuses(&t, "rig.mesh.vertices-and-weights", &format!("{W}: a mesh gives geometry as \"vertices\" or as \"weights\", never both — \"weights\" is the by-name form of the same data"), &format!("{PTR}/weights"), "[], \"image\"");
}

#[test]
fn raw_beside_weights() {
    let t = mesh_text(&format!(
        "{QUAD}, \"boneIndexing\": \"raw\", \"weights\": [], \"image\": \"a.png\""
    ));
    refuses(&t, "rig.geometry.raw-with-weights", &format!("{W}: \"boneIndexing\": \"raw\" describes a \"vertices\" run; \"weights\" always binds by name"), &format!("{PTR}/boneIndexing"), "\"raw\"");
}

#[test]
fn weighted_vertices_without_raw() {
    let t = mesh_text(&format!("{QUAD}, \"vertices\": [1, 1, 0, 0, 1, 1, 1, 10, 0, 1, 1, 1, 10, 10, 1, 1, 0, 0, 10, 1], \"image\": \"a.png\""));
    refuses(&t, "rig.mesh.weighted-run", &format!("{W}: this mesh's \"vertices\" is a weighted run, whose bone INDEXES point into the emitted bone array — a list the spec never writes, so inserting a bone rebinds every vertex in silence. Give the bindings by name as \"weights\": [[{{ \"bone\": …, \"x\": …, \"y\": …, \"weight\": … }}, …], …], or say \"boneIndexing\": \"raw\" on this attachment to keep the index form deliberately."), &format!("{PTR}/vertices"), "[1, 1, 0, 0, 1, 1, 1, 10");
}

#[test]
fn raw_run_that_reads_unweighted() {
    let t = mesh_text(&format!(
        "{QUAD}, \"boneIndexing\": \"raw\", {XY}, \"image\": \"a.png\""
    ));
    refuses(&t, "rig.geometry.raw-reads-unweighted", &format!("{W}: \"boneIndexing\": \"raw\" says \"vertices\" is a weighted run, but it holds exactly the uv pair count × 2 = 8 numbers, which the parser reads as unweighted x, y pairs"), &format!("{PTR}/vertices"), "[0, 0, 10, 0, 10, 10, 0, 10]");
}

#[test]
fn weights_refusals() {
    let b = r#"[{ "bone": "b", "x": 0, "y": 0, "weight": 1 }]"#;
    let t = mesh_text(&format!(
        "{QUAD}, \"weights\": [{b}, {b}], \"image\": \"a.png\""
    ));
    refuses(
        &t,
        "rig.mesh.weights-count",
        &format!("{W}: weights cover 2 vertices but there are 4 uv pairs"),
        &format!("{PTR}/weights"),
        "[[{ \"bone\"",
    );
    let t = mesh_text(&format!(
        "{QUAD}, \"weights\": [{b}, [], {b}, {b}], \"image\": \"a.png\""
    ));
    refuses(
        &t,
        "rig.geometry.vertex-unbound",
        &format!("{W}: vertex 1 has no bone bindings; a weighted vertex names at least one bone"),
        &format!("{PTR}/weights/1"),
        "[], [{",
    );
    let t = mesh_text(&format!("{QUAD}, \"weights\": [{b}, {b}, [{{ \"bone\": \"bb\", \"x\": 0, \"y\": 0, \"weight\": 1 }}], {b}], \"image\": \"a.png\""));
    refuses(
        &t,
        "rig.geometry.bone-undeclared",
        &format!("{W}: vertex 2 binds bone \"bb\", which the rig does not declare as a bone"),
        &format!("{PTR}/weights/2/0/bone"),
        "\"bb\"",
    );
}

#[test]
fn size_rule() {
    let msg = format!("{W}: a mesh needs width and height — give them, or give an \"image\" and rigc will measure the PNG");
    for size in ["", ", \"width\": 10"] {
        let t = mesh_text(&format!("{QUAD}, {XY}{size}"));
        refuses(&t, "rig.mesh.size", &msg, PTR, "{ \"type\": \"mesh\"");
    }
    let m = mesh(&format!(
        "{QUAD}, {XY}, \"width\": 10, \"image\": \"a.png\""
    ));
    assert_eq!(
        (m.width, m.height),
        (Some(10.0), None),
        "one side stated, the other measured"
    );
}

#[test]
fn uvs_refusals() {
    let t = mesh_text(&format!(
        "\"uvs\": [0, 0, 1], \"triangles\": [0, 1, 2], {XY}, \"image\": \"a.png\""
    ));
    refuses(
        &t,
        "rig.mesh.uvs",
        &format!("{W}: uvs holds 3 numbers; it is u, v per vertex, so its length is even"),
        &format!("{PTR}/uvs"),
        "[0, 0, 1]",
    );
    let t = mesh_text(&format!(
        "\"uvs\": [0, \"a\"], \"triangles\": [0, 1, 2], {XY}, \"image\": \"a.png\""
    ));
    refuses(
        &t,
        "rig.mesh.uvs",
        &format!("{W}: uvs[1] is the string \"a\", which is not a finite number"),
        &format!("{PTR}/uvs/1"),
        "\"a\"]",
    );
    let t = mesh_text(&format!(
        "\"uvs\": {{}}, \"triangles\": [0, 1, 2], {XY}, \"image\": \"a.png\""
    ));
    refuses(
        &t,
        "rig.mesh.uvs",
        &format!("{W}: uvs is an object; it is an array of numbers, u, v per vertex"),
        &format!("{PTR}/uvs"),
        "{}, \"tri",
    );
}

#[test]
fn triangle_indices() {
    let msg = |i: usize, what: &str| {
        format!("{W}: triangles[{i}] is {what}; a triangle index is a whole number from 0 to 3 (the uvs give 4 vertices)")
    };
    for (tris, i, what, needle) in [
        ("[0, 1, -2, 0, 2, 3]", 2, "-2", "-2"),
        ("[0, 1, 2, 0, 2.5, 3]", 4, "2.5", "2.5"),
        ("[0, 1, 2, 0, 2, 4]", 5, "4", "4]"),
        ("[0, 1, \"2\"]", 2, "the string \"2\"", "\"2\""),
    ] {
        let t = mesh_text(&format!(
            "\"uvs\": [0, 0, 1, 0, 1, 1, 0, 1], \"triangles\": {tris}, {XY}, \"image\": \"a.png\""
        ));
        refuses(
            &t,
            "rig.mesh.triangle-index",
            &msg(i, what),
            &format!("{PTR}/triangles/{i}"),
            needle,
        );
    }
    let t = mesh_text(&format!(
        "\"uvs\": [0, 0, 1, 0, 1, 1, 0, 1], \"triangles\": 3, {XY}, \"image\": \"a.png\""
    ));
    refuses(
        &t,
        "rig.mesh.triangles-not-an-array",
        &format!("{W}: triangles is 3; it is an array of vertex-index triples"),
        &format!("{PTR}/triangles"),
        "3, \"vert",
    );
}

#[test]
fn topology_refusals_are_located() {
    // A stated hull that disagrees is refused at `hull`, with the walk.
    let t = mesh_text(&format!("{QUAD}, {XY}, \"hull\": 5, \"image\": \"a.png\""));
    refuses(&t, "rig.mesh.topology", &format!("{W}: hull 5 disagrees with the triangles, whose outline has 4 vertices (0 → 1 → 2 → …). Delete \"hull\" and rigc derives it, or state 4"), &format!("{PTR}/hull"), "5, \"image\"");
    // The walk in the wrong order is refused at `triangles`.
    let t = mesh_text(&format!("\"uvs\": [0, 0, 1, 0, 0, 1, 1, 1], \"triangles\": [0, 1, 3, 0, 3, 2], {XY}, \"image\": \"a.png\""));
    let d = refused(&t);
    assert_eq!(d.len(), 1, "{}", render(&d));
    assert!(d[0].message.starts_with(&format!("{W}: hull vertices must trace the outline in order; the triangles' outline runs 0 → 1 → 3 → 2")), "{}", d[0].message);
    assert_eq!(
        d[0].loc.as_ref().map(|l| l.pointer.as_str()),
        Some("/skins/default/s/p/triangles")
    );
    let t = mesh_text(&format!("\"uvs\": [0, 0, 1, 0, 1, 1, 0, 1], \"triangles\": [0, 1, 2, 0], {XY}, \"image\": \"a.png\""));
    refuses(
        &t,
        "rig.mesh.topology",
        &format!(
            "{W}: triangles has 4 indices — not a whole number of triangles (a multiple of 3)"
        ),
        &format!("{PTR}/triangles"),
        "[0, 1, 2, 0]",
    );
}

#[test]
fn hull_and_edges_refusals() {
    let t = mesh_text(&format!(
        "{QUAD}, {XY}, \"hull\": 3.5, \"image\": \"a.png\""
    ));
    refuses(
        &t,
        "rig.field.not-a-count",
        &format!("{W}: hull is 3.5; it is a count, a whole number ≥ 0"),
        &format!("{PTR}/hull"),
        "3.5",
    );
    let t = mesh_text(&format!(
        "{QUAD}, {XY}, \"edges\": [0, 3], \"image\": \"a.png\""
    ));
    refuses(&t, "rig.mesh.edges", &format!("{W}: edges[1] is 3; an edge end is a vertex index ×2 (an even whole number from 0 to 6)"), &format!("{PTR}/edges/1"), "3], \"image\"");
    let t = mesh_text(&format!(
        "{QUAD}, {XY}, \"edges\": [0, 8], \"image\": \"a.png\""
    ));
    refuses(&t, "rig.mesh.edges", &format!("{W}: edges[1] is 8; an edge end is a vertex index ×2 (an even whole number from 0 to 6)"), &format!("{PTR}/edges/1"), "8], \"image\"");
    let t = mesh_text(&format!(
        "{QUAD}, {XY}, \"edges\": [0, 2, 4], \"image\": \"a.png\""
    ));
    refuses(
        &t,
        "rig.mesh.edges",
        &format!("{W}: edges holds 3 numbers; it is pairs of vertex ends, so its length is even"),
        &format!("{PTR}/edges"),
        "[0, 2, 4]",
    );
}

#[test]
fn unknown_keys_and_bad_fields() {
    let t = mesh_text(&format!("{QUAD}, {XY}, \"image\": \"a.png\", \"hul\": 4"));
    let d = refused(&t);
    assert_eq!(d.len(), 1, "{}", render(&d));
    assert_eq!(d[0].code, "spec.unknown-key");
    assert!(
        d[0].message.contains("did you mean \"hull\""),
        "{}",
        d[0].message
    );
    let t = mesh_text(&format!(
        "{QUAD}, {XY}, \"image\": \"a.png\", \"width\": \"10\""
    ));
    refuses(
        &t,
        "rig.field.not-a-number",
        &format!("{W}: width is the string \"10\", which is not a finite number"),
        &format!("{PTR}/width"),
        "\"10\"",
    );
    let t = mesh_text(&format!(
        "{QUAD}, {XY}, \"image\": \"a.png\", \"color\": \"#ffffff\""
    ));
    let d = refused(&t);
    check(&d[0], &t, "rig.field.bad-color", &format!("{W}: color is the string \"#ffffff\"; a colour here is \"rrggbbaa\", 8 hex digits — drop the leading \"#\""), &format!("{PTR}/color"), "\"#ffffff\"");
    let t = mesh_text(&format!(
        "{QUAD}, \"vertices\": [0, 0, 10, 0, 10, 10, 0, null], \"image\": \"a.png\""
    ));
    refuses(
        &t,
        "rig.field.not-a-number",
        &format!("{W}: vertices[7] is null, which is not a finite number"),
        &format!("{PTR}/vertices/7"),
        "null]",
    );
}

#[test]
fn deform_may_fold_names_a_mesh_slot() {
    let t = edit(&[
        (P, &format!("{{ \"type\": \"mesh\", {QUAD}, {XY}, \"image\": \"a.png\" }}")),
        ("\"name\": \"t\",", "\"name\": \"t\",\n  \"invariants\": { \"deformMayFold\": [{ \"slot\": \"s\", \"why\": \"the lid folds shut on purpose\" }] },"),
    ]);
    let r = ok(&t);
    assert_eq!(
        r.invariants.deform_may_fold,
        [("s".to_string(), "the lid folds shut on purpose".to_string())]
    );
}

#[test]
fn a_mesh_image_is_an_image_ref() {
    let r = ok(&mesh_text(&format!(
        "{QUAD}, {XY}, \"image\": \"leaf.png\""
    )));
    let refs: Vec<String> = r.image_refs().into_iter().map(|(v, _)| v).collect();
    assert_eq!(refs, ["leaf.png"]);
}
