//! One test per physics refusal class (FORMAT.md §2.8, §3.5, §3.7, §3.16): each
//! breaks one thing of `physics`' rig or motion spec and asserts the message,
//! the place (file, JSON pointer, line:column computed from the text), exit 1
//! and that nothing was written.

use crate::physics::{project, MOTION, RIG};
use crate::refusals::{pos, refused, Expect};

/// `text` with `from` replaced by `to` (which must occur).
fn edit(text: &str, from: &str, to: &str) -> String {
    assert!(text.contains(from), "{from:?} not in the text");
    text.replacen(from, to, 1)
}

fn rig_refused(rig: &str, message: &str, pointer: &str, at: (u64, u64)) {
    refused(
        &project(rig, MOTION),
        Expect {
            file: "rig.json",
            message,
            pointer,
            at,
        },
    );
}

fn motion_refused(motion: &str, message: &str, pointer: &str, at: (u64, u64)) {
    refused(
        &project(RIG, motion),
        Expect {
            file: "motion.json",
            message,
            pointer,
            at,
        },
    );
}

#[test]
fn a_rig_constraint_that_drives_no_component() {
    let rig = edit(RIG, r#""x": 1, "rotate": 0.5,"#, r#""x": 0,"#);
    let at = pos(&rig, r#"{ "name": "sway""#, 0);
    rig_refused(&rig, "rig constraint \"sway\": physics constraint \"sway\" drives no component — set at least one of x/y/rotate/scaleX/shearX; every component defaults to 0, so the constraint parses and moves nothing", "/constraints/0", at);
}

#[test]
fn a_table_entry_that_is_not_an_object() {
    let m = edit(
        MOTION,
        r#""whip": { "bone": "whip", "rotate": 1, "inertia": 0.55, "strength": 55, "damping": 0.72, "mass": 1, "mix": 1 }"#,
        r#""whip": 5"#,
    );
    let at = pos(&m, r#""whip": 5"#, 8);
    motion_refused(
        &m,
        "`physics.\"whip\"` is 5; a physics constraint is an object",
        "/physics/whip",
        at,
    );
}

#[test]
fn a_table_entry_with_an_empty_name() {
    let m = edit(MOTION, r#""whip": { "bone""#, r#""": { "bone""#);
    let at = pos(&m, r#""": { "bone""#, 0);
    motion_refused(
        &m,
        "a physics constraint has an empty name",
        "/physics/",
        at,
    );
}

#[test]
fn a_table_bone_that_is_not_a_name() {
    let m = edit(
        MOTION,
        r#""bone": "whip", "rotate""#,
        r#""bone": 7, "rotate""#,
    );
    let at = pos(&m, r#""bone": 7"#, 8);
    motion_refused(
        &m,
        "`physics.\"whip\".bone` is 7; it names the bone the constraint moves, a non-empty string",
        "/physics/whip/bone",
        at,
    );
}

#[test]
fn a_tuning_field_that_is_not_a_number() {
    let m = edit(MOTION, r#""mass": 1"#, r#""mass": "heavy""#);
    let at = pos(&m, r#""mass": "heavy""#, 8);
    motion_refused(&m, "`physics.\"whip\".mass` is the string \"heavy\"; every tuning field of a physics constraint is a finite number", "/physics/whip/mass", at);
}

#[test]
fn a_table_entry_that_drives_no_component() {
    let m = edit(
        MOTION,
        r#""rotate": 1, "inertia""#,
        r#""rotate": 0, "inertia""#,
    );
    let at = pos(&m, r#""whip": { "bone""#, 0);
    motion_refused(&m, "physics constraint \"whip\" drives no component — set at least one of x/y/rotate/scaleX/shearX", "/physics/whip", at);
}

#[test]
fn a_constraint_declared_in_the_rig_and_the_table() {
    let m = edit(MOTION, r#""whip": { "bone""#, r#""sway": { "bone""#);
    let at = pos(&m, r#""sway": { "bone""#, 0);
    motion_refused(
        &m,
        "constraint \"sway\" is declared in both the rig spec and the motion spec's physics table",
        "/physics/sway",
        at,
    );
}

#[test]
fn a_table_bone_the_rig_does_not_declare() {
    let m = edit(
        MOTION,
        r#""bone": "whip", "rotate""#,
        r#""bone": "wihp", "rotate""#,
    );
    let at = pos(&m, r#""wihp""#, 0);
    motion_refused(
        &m,
        "physics constraint \"whip\" targets unknown bone \"wihp\"",
        "/physics/whip/bone",
        at,
    );
}

#[test]
fn a_physics_timeline_a_motion_spec_cannot_key() {
    let m = edit(
        MOTION,
        r#""physics": "whip", "property": "mix""#,
        r#""physics": "whip", "property": "wind""#,
    );
    let at = pos(&m, r#""wind""#, 0);
    motion_refused(&m, "animation \"swing\": physics constraint \"whip\" has no timeline \"wind\" (it has: mix, reset)", "/animations/swing/tracks/1/property", at);
}

#[test]
fn an_unknown_physics_constraint() {
    let m = edit(
        MOTION,
        r#""physics": "whip", "property": "mix""#,
        r#""physics": "wihp", "property": "mix""#,
    );
    let at = pos(&m, r#""wihp""#, 0);
    motion_refused(&m, "animation \"swing\" keys unknown physics constraint \"wihp\" (the skeleton declares: sway, whip)", "/animations/swing/tracks/1/physics", at);
}

#[test]
fn a_global_track_that_reaches_no_constraint() {
    let rig = edit(RIG, r#", "mixGlobal": true"#, "");
    let at = pos(MOTION, r#""physics": """#, 11);
    refused(
        &project(&rig, MOTION),
        Expect {
            file: "motion.json",
            message: "animation \"fade\": a physics track with the empty name keys mix on every physics constraint declaring \"mixGlobal\": true, and none of \"sway\", \"whip\" declares \"mixGlobal\": true, so it moves nothing",
            pointer: "/animations/fade/tracks/1/physics",
            at,
        },
    );
}

#[test]
fn a_reset_key_with_a_value() {
    let m = edit(MOTION, r#""t": 0.75, "v": null"#, r#""t": 0.75, "v": 1"#);
    let at = pos(&m, r#""t": 0.75, "v": 1"#, 16);
    motion_refused(&m, "animation \"swing\" group \"jiggles\" reset (t=0.75): a reset key is an event and takes no value; use null", "/animations/swing/tracks/2/keys/0/v", at);
}

#[test]
fn a_physics_key_with_per_member_values() {
    let m = edit(
        MOTION,
        r#"{ "t": 0.5, "v": [1] }"#,
        r#"{ "t": 0.5, "v": { "whip": [1] } }"#,
    );
    let at = pos(&m, r#"{ "whip": [1] }"#, 0);
    motion_refused(&m, "animation \"swing\" physics constraint \"whip\" mix (t=0.5): a physics key states one value for every constraint it keys", "/animations/swing/tracks/1/keys/1/v", at);
}
