//! Slider timelines (FORMAT.md §3.15): `time` and `mix` keyed on a slider of
//! the setup, one `value` per key, and the refusals of an unknown slider, a
//! constraint of another type, an unknown timeline and a second track.

use super::{ok, refused, timeline};
use crate::spec::motion::tests::{expect, motion};
use crate::spec::rig::tests::position;
use rigc_sdk::model::{Curve, KeyValue};

/// `expect`, the line and column found at `needle` in the whole motion text.
#[track_caller]
fn expect_at(animations: &str, code: &str, message: &str, pointer: &str, needle: &str) {
    let d = refused(animations);
    expect(
        &d,
        code,
        message,
        pointer,
        position(&motion(animations), needle),
    );
}

#[test]
fn time_and_mix_keys_are_emitted_under_the_slider() {
    let a = ok(r#""a": {"duration": 1, "tracks": [
  {"slider": "knob", "property": "time", "keys": [{"t": 0, "v": [0]}, {"t": 1, "v": [0.75]}]},
  {"slider": "knob", "property": "mix", "keys": [{"t": 0, "v": [0], "ease": "stepped"}, {"t": 0.5, "v": [1]}, {"t": 1, "v": [1]}]}
]}"#);
    let time = timeline(&a.slider, "knob", "time");
    assert_eq!(
        time.iter()
            .map(|k| (k.time, k.fields.clone()))
            .collect::<Vec<_>>(),
        [
            (0.0, vec![("value".to_string(), KeyValue::Num(0.0))]),
            (1.0, vec![("value".to_string(), KeyValue::Num(0.75))]),
        ]
    );
    assert_eq!(time[0].curve, None);
    let mix = timeline(&a.slider, "knob", "mix");
    assert_eq!(mix[0].curve, Some(Curve::Stepped));
    assert_eq!(mix.len(), 3);
    assert_eq!(
        a.slider[0]
            .timelines
            .iter()
            .map(|t| t.name.as_str())
            .collect::<Vec<_>>(),
        ["time", "mix"]
    );
}

#[test]
fn an_unknown_slider_or_another_type() {
    expect_at(
        r#""a": {"duration": 1, "tracks": [
  {"slider": "nob", "property": "time", "keys": [{"t": 0, "v": [0]}, {"t": 1, "v": [1]}]}
]}"#,
        "motion.slider.undeclared",
        "animation \"a\" keys unknown slider \"nob\"; the rig declares slider constraint(s): knob",
        "/animations/a/tracks/0/slider",
        "\"nob\"",
    );
    expect_at(
        r#""a": {"duration": 1, "tracks": [
  {"slider": "reach", "property": "time", "keys": [{"t": 0, "v": [0]}, {"t": 1, "v": [1]}]}
]}"#,
        "motion.slider.undeclared",
        "animation \"a\" keys \"reach\" as a slider, but the rig declares it as a \"ik\" constraint — the parser looks a timeline's target up by name AND type, misses, and throws",
        "/animations/a/tracks/0/slider",
        "\"reach\"",
    );
}

#[test]
fn an_unknown_timeline() {
    expect_at(
        r#""a": {"duration": 1, "tracks": [
  {"slider": "knob", "property": "Time", "keys": [{"t": 0, "v": [0]}, {"t": 1, "v": [1]}]}
]}"#,
        "motion.slider.property-unknown",
        "animation \"a\": slider \"knob\" has no timeline \"Time\"; a slider keys time or mix (the parser ignores any other name, so the keys would be dropped in silence)",
        "/animations/a/tracks/0/property",
        "\"Time\"",
    );
}

#[test]
fn two_tracks_on_one_timeline_and_a_bad_value() {
    expect_at(
        r#""a": {"duration": 1, "tracks": [
  {"slider": "knob", "property": "mix", "keys": [{"t": 0, "v": [0]}, {"t": 1, "v": [1]}]},
  {"slider": "knob", "property": "mix", "keys": [{"t": 0, "v": [0]}, {"t": 0.9, "v": [1]}]}
]}"#,
        "motion.track.duplicate",
        "animation \"a\" has two tracks on slider \"knob\".mix; merge them into one track",
        "/animations/a/tracks/1/slider",
        "\"knob\", \"property\": \"mix\", \"keys\": [{\"t\": 0, \"v\": [0]}, {\"t\": 0.9",
    );
    expect_at(
        r#""a": {"duration": 1, "tracks": [
  {"slider": "knob", "property": "mix", "keys": [{"t": 0, "v": [0, 1]}, {"t": 1, "v": [1]}]}
]}"#,
        "motion.key.value-shape",
        "animation \"a\" slider \"knob\" mix: key value must be an array of 1 number(s)",
        "/animations/a/tracks/0/keys/0/v",
        "[0, 1]",
    );
}
