//! The motion spec's `physics` table in the setup skeleton: appended after the
//! rig's constraints in table order; refused when the rig declares the same
//! constraint or the bone is unknown; a skin's `physics` list emitted.

use super::{assembled, render};
use crate::spec::motion::tests::parse_str;
use crate::spec::rig::tests::ok;
use crate::stages::setup::physics::table;
use rigc_sdk::model::Constraint;
use std::collections::HashMap;

/// A rig with bones `root`, `b`, `c` and the rig-declared physics `p` (skin-required,
/// activated by skin `hat`).
const RIG: &str = r#"{
  "spec": "rigc-rig/1",
  "name": "t",
  "skeleton": { "width": 100, "height": 80 },
  "bones": [ { "name": "root" }, { "name": "b", "parent": "root" }, { "name": "c", "parent": "b" } ],
  "slots": [ { "name": "s", "bone": "b", "attachment": "p" } ],
  "skins": {
    "default": { "s": { "p": { "width": 10, "height": 10 } } },
    "hat": { "physics": ["p"], "attachments": {} }
  },
  "constraints": [ { "name": "p", "type": "physics", "bone": "b", "x": 1, "skin": true } ]
}"#;

fn motion(table: &str) -> crate::spec::motion::MotionSpec {
    parse_str(&format!(
        "{{\"spec\": \"rigc-motion/1\", \"archetype\": \"t\", \"easings\": {{}},\n\"physics\": {table},\n\"animations\": {{}}}}"
    ))
    .unwrap_or_else(|d| panic!("{}", crate::spec::motion::tests::dump(&d)))
}

#[test]
fn table_entries_follow_the_rig_constraints_in_table_order() {
    let rig = ok(RIG);
    let m = motion(r#"{"z": {"bone": "c", "y": 1}, "a": {"bone": "b", "rotate": 1}}"#);
    let extra = table(&rig, &m.physics).unwrap_or_else(|d| panic!("{}", render(&d)));
    let names: Vec<&str> = extra.iter().map(Constraint::name).collect();
    assert_eq!(names, ["z", "a"]);
    let s = assembled(&rig, "{}", &HashMap::new());
    let hat = s
        .skeleton
        .skins
        .iter()
        .find(|k| k.name == "hat")
        .expect("hat");
    assert_eq!(hat.physics, ["p"]);
}

#[test]
fn a_constraint_of_both_specs_and_an_unknown_bone_are_refused() {
    let rig = ok(RIG);
    let m = motion(r#"{"p": {"bone": "b", "x": 1}, "q": {"bone": "nope", "x": 1}}"#);
    let d = table(&rig, &m.physics).expect_err("refused");
    let got: Vec<(&str, &str, &str)> = d
        .iter()
        .map(|d| {
            (
                d.code.as_str(),
                d.message.as_str(),
                d.loc.as_ref().map_or("", |l| l.pointer.as_str()),
            )
        })
        .collect();
    assert_eq!(
        got,
        [
            (
                "setup.physics.declared-twice",
                "constraint \"p\" is declared in both the rig spec and the motion spec's physics table; a constraint has one author (rule R3)",
                "/physics/p"
            ),
            (
                "setup.physics.unknown-bone",
                "physics constraint \"q\" targets unknown bone \"nope\"",
                "/physics/q/bone"
            ),
        ]
    );
}
