//! Shape refusals of tracks and their keys (FORMAT.md §3.7–§3.8, §3.17), and the
//! constructs refused by name as not implemented yet.

use super::{expect, motion, refused};
use rigc_diag::Class;

/// An animation `a` with the one track `track`.
fn track(track: &str) -> String {
    motion(&format!(
        "\"a\": {{\"duration\": 1, \"tracks\": [\n{track}\n]}}"
    ))
}

#[test]
fn track_not_an_object() {
    let d = refused(&track(r#""rotate""#));
    expect(&d, "motion.track.shape", "`animations.\"a\".tracks[0]` is the string \"rotate\"; a track is an object naming one target and a property, `{ \"bone\": \"<bone>\", \"property\": \"rotate\", \"keys\": [...] }`", "/animations/a/tracks/0", (5, 1));
}

#[test]
fn target_field_not_a_string() {
    let d = refused(&track(
        r#"{"bone": ["a"], "property": "rotate", "keys": []}"#,
    ));
    expect(
        &d,
        "motion.track.target-shape",
        "`animations.\"a\".tracks[0].bone` is an array of 1; it names the track's target, a string",
        "/animations/a/tracks/0/bone",
        (5, 10),
    );
}

#[test]
fn constraint_tracks_are_not_implemented() {
    for (field, property) in [("physics", "mix"), ("path", "position"), ("slider", "time")] {
        let d = refused(&track(&format!(
            r#"{{"{field}": "c", "property": "{property}", "keys": []}}"#
        )));
        let message = match field {
            "physics" => "`animations.\"a\".tracks[0].physics` keys a physics constraint, and this compiler does not compile physics timelines yet",
            "path" => "`animations.\"a\".tracks[0].path` keys a path constraint, and this compiler does not compile path timelines yet",
            _ => "`animations.\"a\".tracks[0].slider` keys a slider, and this compiler does not compile slider timelines yet",
        };
        let pointer = format!("/animations/a/tracks/0/{field}");
        expect(
            &d,
            "motion.track.constraint-not-implemented",
            message,
            &pointer,
            (5, 6 + field.len()),
        );
        assert_eq!(d[0].class, Class::NotImplemented);
    }
}

#[test]
fn physics_group_tracks_are_not_implemented() {
    let d = refused(&track(
        r#"{"group": "pair", "property": "reset", "keys": [{"t": 0, "v": null}]}"#,
    ));
    expect(&d, "motion.track.constraint-not-implemented", "`animations.\"a\".tracks[0]` keys \"reset\" on a group, which makes it a physics constraint timeline (a group of physics constraints), and this compiler does not compile physics timelines yet", "/animations/a/tracks/0/property", (5, 31));
    assert_eq!(d[0].class, Class::NotImplemented);
}

#[test]
fn property_shape() {
    let d = refused(&track(r#"{"bone": "a", "keys": []}"#));
    expect(&d, "motion.track.property-shape", "`animations.\"a\".tracks[0].property` is absent; a track states the property it keys — the table is AUTHORING §4.4", "/animations/a/tracks/0", (5, 1));
    let d = refused(&track(r#"{"bone": "a", "property": "", "keys": []}"#));
    expect(&d, "motion.track.property-shape", "`animations.\"a\".tracks[0].property` is the string \"\"; a track states the property it keys — the table is AUTHORING §4.4", "/animations/a/tracks/0/property", (5, 27));
}

#[test]
fn lag_and_stagger_shape() {
    let d = refused(&track(
        r#"{"bone": "a", "property": "rotate", "lag": "0.1", "keys": []}"#,
    ));
    expect(&d, "motion.track.lag", "`animations.\"a\".tracks[0].lag` is the string \"0.1\"; \"lag\" is seconds added to every key time of this track, so a finite number — a string is CONCATENATED onto each time and a boolean adds 1", "/animations/a/tracks/0/lag", (5, 44));
    let d = refused(&track(
        r#"{"group": "pair", "property": "rotate", "stagger": true, "keys": []}"#,
    ));
    expect(&d, "motion.track.stagger", "`animations.\"a\".tracks[0].stagger` is true; \"stagger\" is the extra per-member delay inside a group, in seconds, so a finite number", "/animations/a/tracks/0/stagger", (5, 52));
}

#[test]
fn keys_shape() {
    let d = refused(&track(r#"{"bone": "a", "property": "rotate"}"#));
    expect(&d, "motion.track.keys-shape", "`animations.\"a\".tracks[0].keys` is absent; a track's keys are an array, `[{ \"t\": <seconds>, \"v\": [...] }, …]`", "/animations/a/tracks/0", (5, 1));
    let d = refused(&track(
        r#"{"bone": "a", "property": "rotate", "keys": [0, 1]}"#,
    ));
    expect(&d, "motion.key.shape", "`animations.\"a\".tracks[0].keys[0]` is 0; a key is an object, `{ \"t\": <seconds>, \"v\": [...] }`", "/animations/a/tracks/0/keys/0", (5, 46));
}

#[test]
fn key_time_shape() {
    let d = refused(&track(
        r#"{"bone": "a", "property": "rotate", "keys": [{"v": [1]}]}"#,
    ));
    expect(&d, "motion.key.time-shape", "`animations.\"a\".tracks[0].keys[0].t` is absent; a key states its time in seconds, as a finite number", "/animations/a/tracks/0/keys/0", (5, 46));
    let d = refused(&track(
        r#"{"bone": "a", "property": "rotate", "keys": [{"t": "0", "v": [1]}]}"#,
    ));
    expect(&d, "motion.key.time-shape", "`animations.\"a\".tracks[0].keys[0].t` is the string \"0\"; a key states its time in seconds, as a finite number", "/animations/a/tracks/0/keys/0/t", (5, 52));
}

#[test]
fn key_ease_shape() {
    let d = refused(&track(
        r#"{"bone": "a", "property": "rotate", "keys": [{"t": 0, "v": [1], "ease": [0, 0, 1, 1]}]}"#,
    ));
    expect(&d, "motion.key.ease-shape", "`animations.\"a\".tracks[0].keys[0].ease` is an array of 4; it names an entry of this spec's `easings` table, or is \"stepped\"", "/animations/a/tracks/0/keys/0/ease", (5, 73));
}

#[test]
fn derive_is_not_implemented() {
    let d = refused(&track(
        r#"{"group": "pair", "property": "translatex", "keys": [{"t": 0, "derive": {"kind": "yaw", "degrees": 12}}]}"#,
    ));
    expect(&d, "motion.key.derive-not-implemented", "`animations.\"a\".tracks[0].keys[0].derive` asks the compiler to derive each member's value from a model, and this compiler does not evaluate derive models yet", "/animations/a/tracks/0/keys/0/derive", (5, 73));
    assert_eq!(d[0].class, Class::NotImplemented);
}
