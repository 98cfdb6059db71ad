//! The motion spec's `physics` table (FORMAT.md §3.5, §3.17): what it emits
//! (only the fields that differ from the parser's defaults, rounded to six
//! decimals) and each of its shape refusals, with its place.

use super::{expect, parse_str, refused};
use rigc_sdk::model::PhysicsConstraint;

/// A motion spec whose `physics` table is `table` (it starts on line 2, column 12).
fn spec(table: &str) -> String {
    format!("{{\"spec\": \"rigc-motion/1\", \"archetype\": \"t\", \"easings\": {{}},\n\"physics\": {table},\n\"animations\": {{}}}}")
}

#[test]
fn only_fields_that_differ_from_the_parser_defaults_are_kept_rounded() {
    // look's whip (FIGURES.md): rotate 1, inertia 0.55, strength 55, damping 0.72,
    // mass 1 and mix 1 — mass and mix are the parser's defaults (1, 1).
    let m = parse_str(&spec(
        r#"{"whip": {"bone": "ahoge_whip", "rotate": 1, "inertia": 0.55, "strength": 55, "damping": 0.72, "mass": 1, "mix": 1, "x": 0, "fps": 60, "wind": 0.12345678, "note": "hair"}}"#,
    ))
    .expect("parses");
    assert_eq!(m.physics.len(), 1);
    assert_eq!(
        m.physics[0].constraint,
        PhysicsConstraint {
            name: "whip".into(),
            bone: "ahoge_whip".into(),
            rotate: Some(1.0),
            inertia: Some(0.55),
            strength: Some(55.0),
            damping: Some(0.72),
            wind: Some(0.123457),
            ..PhysicsConstraint::default()
        }
    );
    assert_eq!(m.rest().physics.len(), 1);
}

#[test]
fn table_not_an_object() {
    let d = refused(&spec("[]"));
    expect(&d, "motion.physics.shape", "`physics` is an array of 0; it is a table keyed by constraint name, `{ \"<name>\": { \"bone\": \"<bone>\", \"rotate\": 1, … } }`", "/physics", (2, 12));
}

#[test]
fn entry_not_an_object() {
    let d = refused(&spec(r#"{"h": 1}"#));
    expect(&d, "motion.physics.shape", "`physics.\"h\"` is 1; a physics constraint is an object, `{ \"bone\": \"<bone>\", \"rotate\": 1, … }`", "/physics/h", (2, 18));
}

#[test]
fn empty_name() {
    let d = refused(&spec(r#"{"": {"bone": "a", "x": 1}}"#));
    expect(&d, "motion.physics.empty-name", "a physics constraint has an empty name — the empty name is the key of the physics timelines that act on every constraint (`animations.<a>.physics.\"\"`), so no one constraint can be found by it", "/physics/", (2, 13));
}

#[test]
fn bone_is_a_non_empty_string() {
    let d = refused(&spec(r#"{"h": {"bone": "", "x": 1}}"#));
    expect(&d, "motion.physics.bone", "`physics.\"h\".bone` is the string \"\"; it names the bone the constraint moves, a non-empty string", "/physics/h/bone", (2, 27));
    let d = refused(&spec(r#"{"h": {"x": 1}}"#));
    expect(&d, "motion.physics.bone", "`physics.\"h\".bone` is absent; it names the bone the constraint moves, a non-empty string", "/physics/h", (2, 18));
}

#[test]
fn a_tuning_field_is_a_finite_number() {
    let d = refused(&spec(r#"{"h": {"bone": "a", "x": 1, "mass": "heavy"}}"#));
    expect(&d, "motion.physics.field", "`physics.\"h\".mass` is the string \"heavy\"; every tuning field of a physics constraint is a finite number — a non-number is rounded to `NaN` and emitted as `null`, which the runtime reads as zero", "/physics/h/mass", (2, 48));
}

#[test]
fn a_constraint_that_drives_no_component() {
    let d = refused(&spec(r#"{"h": {"bone": "a", "x": 0, "strength": 50}}"#));
    expect(&d, "motion.physics.no-component", "physics constraint \"h\" drives no component — set at least one of x/y/rotate/scaleX/shearX; every component defaults to 0, so the constraint parses and moves nothing", "/physics/h", (2, 13));
}

#[test]
fn an_unknown_key_is_refused_by_name() {
    let d = refused(&spec(r#"{"h": {"bone": "a", "rotat": 1}}"#));
    assert!(
        d.iter().any(|d| d.code == "spec.unknown-key"
            && d.message.contains("\"rotat\"")
            && d.help.as_deref().is_some_and(|h| h.contains("rotate"))),
        "{}",
        super::dump(&d)
    );
}
