//! This module owns A04_MESH_TRIANGLES_AND_ENCODING (validity; GATE.md §3): every
//! mesh has triangles, their index count is a multiple of 3, and every index lies
//! in `[0, worldVerticesLength/2)` (only the first bad index is reported). The
//! encoding clause: a mesh whose `vertices` length differs from its `uvs` length
//! is read as weighted runs, and those runs must decode cleanly (whole influence
//! counts, runs that end where the array ends) — else the vertices disagree with
//! the uvs.
//!
//! Measured on the loaded meshes; a linked mesh shares its source's geometry and
//! is measured there. SKIPs with no mesh, or when the round trip produced no
//! skeleton.

use crate::loaded::{bindings, own_meshes_or_skip};
use crate::raw::num;
use rigc_sdk::gate::facts::Facts;
use rigc_sdk::gate::{Outcome, Rule, RuleKind};

/// A04_MESH_TRIANGLES_AND_ENCODING.
pub struct A04MeshTrianglesAndEncoding;

impl Rule for A04MeshTrianglesAndEncoding {
    fn code(&self) -> &'static str {
        "A04_MESH_TRIANGLES_AND_ENCODING"
    }

    fn kind(&self) -> RuleKind {
        RuleKind::Validity
    }

    fn check(&self, facts: &Facts<'_>, out: &mut Outcome) {
        let Some((_, own)) = own_meshes_or_skip(facts, out) else {
            return;
        };
        for (p, mesh) in own {
            let name = &p.attachment.name;
            let subject = p.subject();
            let vertices = mesh.vertex.world_vertices_length / 2.0;
            match mesh.triangles.as_deref() {
                None | Some([]) => {
                    out.fail_at(subject.clone(), format!("mesh \"{name}\" has no triangles"))
                }
                Some(t) if t.len() % 3 != 0 => out.fail_at(
                    subject.clone(),
                    format!("mesh \"{name}\" triangle count is not a multiple of 3"),
                ),
                Some(t) => {
                    if let Some(bad) = t
                        .iter()
                        .find(|&&i| !(i >= 0.0 && i.fract() == 0.0 && i < vertices))
                    {
                        out.fail_at(
                            subject.clone(),
                            format!(
                                "mesh \"{name}\" index {} is outside 0..{}",
                                num(*bad),
                                num(vertices - 1.0)
                            ),
                        );
                    }
                }
            }
            if let Err(why) = bindings(&mesh.vertex) {
                out.fail_at(subject, format!(
                    "mesh \"{name}\" unweighted vertices disagree with uvs: its {} uv values are not its vertices' length, and read as weighted runs the vertices do not decode either ({why})",
                    mesh.region_uvs.len()
                ));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::*;
    use rigc_sdk::gate::Subject;
    use serde_json::json;

    const RULE: A04MeshTrianglesAndEncoding = A04MeshTrianglesAndEncoding;

    fn mesh(edit: impl FnOnce(&mut serde_json::Value)) -> rigc_sdk::gate::GateInput {
        mutant(|v| edit(&mut v["skins"][0]["attachments"]["m"]["m"]))
    }

    #[test]
    fn passes_on_the_fixture_and_a_weighted_mesh() {
        assert_pass(&RULE, &fixture());
        let input = mesh(|m| {
            m["vertices"] = json!([1, 0, 0, 0, 1, 1, 2, 4, 0, 1, 2, 0, 4, 4, 0.5, 2, 4, 4, 0.5])
        });
        assert_pass(&RULE, &input);
    }

    #[test]
    fn fails_on_missing_or_ragged_triangles() {
        assert_fails_at(
            &RULE,
            &mesh(|m| m["triangles"] = json!([])),
            &[(
                "mesh \"m\" has no triangles",
                Some(Subject::attachment("default", "m", "m")),
            )],
        );
        assert_fails(
            &RULE,
            &mesh(|m| {
                if let Some(o) = m.as_object_mut() {
                    o.remove("triangles");
                }
            }),
            &["mesh \"m\" has no triangles"],
        );
        assert_fails(
            &RULE,
            &mesh(|m| m["triangles"] = json!([0, 1, 2, 0])),
            &["mesh \"m\" triangle count is not a multiple of 3"],
        );
    }

    #[test]
    fn fails_on_the_first_index_out_of_range() {
        assert_fails_at(
            &RULE,
            &mesh(|m| m["triangles"] = json!([0, 1, 3, 0, 1, -1])),
            &[(
                "mesh \"m\" index 3 is outside 0..2",
                Some(Subject::attachment("default", "m", "m")),
            )],
        );
    }

    #[test]
    fn fails_on_vertices_that_are_neither_unweighted_nor_weighted() {
        let input = mesh(|m| m["vertices"] = json!([0, 0, 4, 0]));
        assert_fails(
            &RULE,
            &input,
            &["mesh \"m\" unweighted vertices disagree with uvs: its 6 uv values are not its vertices' length, and read as weighted runs the vertices do not decode either (vertex 2 binds a bone index that is not a number — the runs read past the end of the array, or hold a value that is not a number)"],
        );
    }

    #[test]
    fn skips_without_a_mesh() {
        let input = mutant(|v| drop_attachment(v, "m", "m"));
        assert_skips(&RULE, &input, skip_reasons::NO_MESH);
        assert_skips(&RULE, &not_json(), skip_reasons::NO_SKELETON);
    }
}
