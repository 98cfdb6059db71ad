//! This module owns A44_LINKED_MESH_STATES_NO_GEOMETRY_OF_ITS_OWN (validity;
//! GATE.md §3): a linked mesh — a `linkedmesh` record, or a `mesh` record with a
//! `source`, which the reader links all the same — states none of the geometry
//! fields `uvs`, `triangles`, `vertices`, `hull`, `edges`: the runtime takes all
//! of them from the source and never reads the record's own, so a stated field
//! is geometry that silently does not apply. One FAIL per record, naming every
//! field it states.
//!
//! Read on the raw skeleton JSON (the encoding side). SKIPs when the JSON does
//! not parse, or when no attachment takes its geometry from another one.

use crate::raw::{items, members, quoted_list, raw_or_skip, str_at, truthy};
use rigc_sdk::gate::facts::Facts;
use rigc_sdk::gate::{skip_reasons, Outcome, Rule, RuleKind, Subject};

/// A44_LINKED_MESH_STATES_NO_GEOMETRY_OF_ITS_OWN.
pub struct A44LinkedMeshStatesNoGeometryOfItsOwn;

/// The fields a linked mesh takes from its source.
const GEOMETRY: [&str; 5] = ["uvs", "triangles", "vertices", "hull", "edges"];

impl Rule for A44LinkedMeshStatesNoGeometryOfItsOwn {
    fn code(&self) -> &'static str {
        "A44_LINKED_MESH_STATES_NO_GEOMETRY_OF_ITS_OWN"
    }

    fn kind(&self) -> RuleKind {
        RuleKind::Validity
    }

    fn check(&self, facts: &Facts<'_>, out: &mut Outcome) {
        let Some(root) = raw_or_skip(facts, out) else {
            return;
        };
        let mut linked = 0usize;
        for skin in items(root.get("skins")) {
            let s = str_at(skin, "name").unwrap_or("");
            for (slot, entries) in members(skin.get("attachments")) {
                for (placeholder, entry) in members(Some(entries)) {
                    let kind = str_at(entry, "type");
                    let is_linked = kind == Some("linkedmesh")
                        || (kind == Some("mesh") && truthy(entry.get("source")));
                    if !is_linked {
                        continue;
                    }
                    linked += 1;
                    let stated: Vec<&str> = GEOMETRY
                        .into_iter()
                        .filter(|f| entry.get(*f).is_some())
                        .collect();
                    if stated.is_empty() {
                        continue;
                    }
                    let name = str_at(entry, "name").unwrap_or(placeholder);
                    let source = str_at(entry, "source").unwrap_or("");
                    out.fail_at(Subject::attachment(s, slot, placeholder), format!(
                        "skin \"{s}\" slot \"{slot}\" placeholder \"{placeholder}\": linked mesh \"{name}\" states {}, which the runtime never reads — a linked mesh takes its geometry from its source \"{source}\"; drop the field(s)",
                        quoted_list(stated)
                    ));
                }
            }
        }
        if linked == 0 {
            out.skip(skip_reasons::NO_LINKED);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::raw::NOT_JSON;
    use crate::testkit::*;
    use serde_json::json;

    const RULE: A44LinkedMeshStatesNoGeometryOfItsOwn = A44LinkedMeshStatesNoGeometryOfItsOwn;

    fn linked(entry: serde_json::Value) -> rigc_sdk::gate::GateInput {
        mutant(|v| v["skins"][0]["attachments"]["s"]["m2"] = entry)
    }

    #[test]
    fn passes_a_linked_mesh_with_no_geometry() {
        assert_pass(
            &RULE,
            &linked(json!({ "type": "linkedmesh", "source": "m", "slot": "m", "path": "r" })),
        );
    }

    #[test]
    fn fails_a_linked_mesh_stating_geometry() {
        let input = linked(
            json!({ "type": "linkedmesh", "source": "m", "slot": "m", "path": "r", "uvs": [0, 0], "hull": 3 }),
        );
        assert_fails(&RULE, &input, &["skin \"default\" slot \"s\" placeholder \"m2\": linked mesh \"m2\" states \"uvs\", \"hull\", which the runtime never reads — a linked mesh takes its geometry from its source \"m\"; drop the field(s)"]);
        let input = linked(
            json!({ "type": "mesh", "name": "twin", "source": "m", "slot": "m", "path": "r", "triangles": [0, 1, 2] }),
        );
        // The subject is the skin entry, by its placeholder, not the mesh's name.
        assert_fails_at(&RULE, &input, &[("skin \"default\" slot \"s\" placeholder \"m2\": linked mesh \"twin\" states \"triangles\", which the runtime never reads — a linked mesh takes its geometry from its source \"m\"; drop the field(s)", Some(Subject::attachment("default", "s", "m2")))]);
    }

    #[test]
    fn skips_without_a_linked_mesh() {
        assert_skips(&RULE, &fixture(), skip_reasons::NO_LINKED);
        assert_skips(&RULE, &not_json(), NOT_JSON);
    }
}
