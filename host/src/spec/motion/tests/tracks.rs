//! Shape refusals of tracks and their keys (FORMAT.md §3.7–§3.8, §3.17), and the
//! constructs refused by name as not implemented yet.

use super::{expect, motion, refused};

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

/// `(5, column)` of `needle` in the one-track motion `tr` makes (the track is line 5).
fn col(tr: &str, needle: &str) -> (usize, usize) {
    (
        5,
        tr.find(needle)
            .unwrap_or_else(|| panic!("{needle} not in {tr}"))
            + 1,
    )
}

/// A track on group `pair` whose one key states the `derive` text.
fn derived(derive: &str) -> String {
    format!(
        r#"{{"group": "pair", "property": "translatex", "keys": [{{"t": 0, "derive": {derive}}}]}}"#
    )
}

#[test]
fn derive_shape() {
    let tr = derived("[12]");
    let d = refused(&track(&tr));
    expect(&d, "motion.key.derive-shape", "`animations.\"a\".tracks[0].keys[0].derive` is an array of 1; a derive model is an object, `{ \"kind\": \"yaw\", \"degrees\": <angle>, \"depth\": { \"<member>\": <z>, … } }`", "/animations/a/tracks/0/keys/0/derive", col(&tr, "[12]"));
    let tr = derived(r#"{"kind": "roll", "degrees": 12, "depth": 1}"#);
    let d = refused(&track(&tr));
    expect(&d, "motion.key.derive-kind", "`animations.\"a\".tracks[0].keys[0].derive.kind` is the string \"roll\"; it names the turn the model evaluates, \"yaw\" or \"pitch\" (yaw reads each member's setup x, pitch its setup y)", "/animations/a/tracks/0/keys/0/derive/kind", col(&tr, "\"roll\""));
    let tr = derived(r#"{"kind": "yaw", "depth": 1}"#);
    let d = refused(&track(&tr));
    expect(&d, "motion.key.derive-number", "`animations.\"a\".tracks[0].keys[0].derive.degrees` is absent; it is the turn angle in degrees, a finite number", "/animations/a/tracks/0/keys/0/derive", col(&tr, "{\"kind\""));
    let tr = derived(r#"{"kind": "yaw", "degrees": 12, "carried": "170", "depth": 1}"#);
    let d = refused(&track(&tr));
    expect(&d, "motion.key.derive-number", "`animations.\"a\".tracks[0].keys[0].derive.carried` is the string \"170\"; it is the depth whose shift a parent bone already applies, a finite number (absent means 0)", "/animations/a/tracks/0/keys/0/derive/carried", col(&tr, "\"170\""));
    let tr = derived(r#"{"kind": "yaw", "degrees": 12, "about": null, "depth": 1}"#);
    let d = refused(&track(&tr));
    expect(&d, "motion.key.derive-number", "`animations.\"a\".tracks[0].keys[0].derive.about` is null; it is where the turn's axis crosses the members' coordinate, a finite number (absent means 0)", "/animations/a/tracks/0/keys/0/derive/about", col(&tr, "null"));
    let tr = derived(r#"{"kind": "yaw", "degrees": 12}"#);
    let d = refused(&track(&tr));
    expect(&d, "motion.key.derive-depth", "`animations.\"a\".tracks[0].keys[0].derive.depth` is absent; it is how near the viewer each member sits (larger = nearer, negative = behind the axis): `{ \"<member>\": <z>, … }` on a group track, one finite number on a bone track", "/animations/a/tracks/0/keys/0/derive", col(&tr, "{\"kind\""));
    let tr = derived(r#"{"kind": "yaw", "degrees": 12, "depth": [150]}"#);
    let d = refused(&track(&tr));
    expect(&d, "motion.key.derive-depth", "`animations.\"a\".tracks[0].keys[0].derive.depth` is an array of 1; it is how near the viewer each member sits (larger = nearer, negative = behind the axis): `{ \"<member>\": <z>, … }` on a group track, one finite number on a bone track", "/animations/a/tracks/0/keys/0/derive/depth", col(&tr, "[150]"));
    let tr = derived(r#"{"kind": "yaw", "degrees": 12, "depth": {"a": 1, "b": true}}"#);
    let d = refused(&track(&tr));
    expect(&d, "motion.key.derive-depth", "`animations.\"a\".tracks[0].keys[0].derive.depth.\"b\"` is true; a member's depth is a finite number: how near the viewer it sits (larger = nearer, negative = behind the axis)", "/animations/a/tracks/0/keys/0/derive/depth/b", col(&tr, "true"));
    let tr = derived(r#"{"kind": "yaw", "degrees": 12, "depth": 1, "radius": 170}"#);
    let d = refused(&track(&tr));
    assert!(
        d.iter()
            .any(|d| d.code == "spec.unknown-key" && d.message.contains("\"radius\"")),
        "{}",
        super::dump(&d)
    );
}
