//! This module owns the motion spec's `physics` table in the setup skeleton
//! (FORMAT.md §2.8, §3.5, rule R3): each entry's bone must be a rig bone, and a
//! constraint is declared in the rig **or** in the table, never both; the
//! entries are appended after the rig's constraints, in table order.

use rigc_diag::codes;

use crate::spec::motion::PhysicsSpec;
use crate::spec::rig::RigSpec;
use rigc_diag::json::quote;
use rigc_diag::Diagnostic;
use rigc_sdk::model::Constraint;

/// The table's constraints, in table order, or every refusal.
pub(super) fn table(
    rig: &RigSpec,
    table: &[PhysicsSpec],
) -> Result<Vec<Constraint>, Vec<Diagnostic>> {
    let mut out = Vec::new();
    let mut d = rigc_diag::Diags::new();
    for p in table {
        let name = &p.name.name;
        let twin = rig.constraints.iter().find(|c| {
            matches!(c.constraint, Constraint::Physics(_)) && c.constraint.name() == name
        });
        if let Some(rig_side) = twin {
            d.push(
                Diagnostic::new(
                    codes::SETUP_PHYSICS_DECLARED_TWICE,
                    format!(
                        "constraint {} is declared in both the rig spec and the motion spec's physics table; a constraint has one author (rule R3)",
                        quote(name)
                    ),
                )
                .at(p.name.loc.clone())
                .related("the rig spec declares it here", rig_side.loc.clone())
                .help("keep one of the two declarations: the rig's `constraints` entry or this `physics` entry"),
            );
            continue;
        }
        if !rig.bones.iter().any(|b| b.bone.name == p.bone.name) {
            let names: Vec<&str> = rig.bones.iter().map(|b| b.bone.name.as_str()).collect();
            let help = match rigc_diag::cursor::nearest(&p.bone.name, &names) {
                Some(near) => format!("did you mean {}?", quote(near)),
                None => "name a bone the rig spec declares".to_string(),
            };
            d.push(
                Diagnostic::new(
                    codes::SETUP_PHYSICS_UNKNOWN_BONE,
                    format!(
                        "physics constraint {} targets unknown bone {}",
                        quote(name),
                        quote(&p.bone.name)
                    ),
                )
                .at(p.bone.loc.clone())
                .help(help),
            );
            continue;
        }
        out.push(Constraint::Physics(p.constraint.clone()));
    }
    if d.is_empty() {
        Ok(out)
    } else {
        Err(d.into_vec())
    }
}
