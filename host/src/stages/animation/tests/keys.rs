//! Key values, easings, curves and times (FORMAT.md §3.7–§3.9, §5.4): every
//! refusal, and the curves and values that come out.

use super::tracks::anim;
use super::{bezier, close, field, ok, refused, timeline};
use crate::spec::motion::tests::expect;
use rigc_sdk::model::{Curve, KeyValue};

/// One track on bone `a` keying `property` with `keys`.
fn bone(property: &str, keys: &str) -> String {
    anim(&format!(
        r#"{{"bone": "a", "property": "{property}", "keys": [{keys}]}}"#
    ))
}

/// One track on slot `lid_l` keying `property` with `keys`.
fn slot(property: &str, keys: &str) -> String {
    anim(&format!(
        r#"{{"slot": "lid_l", "property": "{property}", "keys": [{keys}]}}"#
    ))
}

#[test]
fn number_value_shape() {
    let d = refused(&bone(
        "translate",
        r#"{"t": 0, "v": [1]}, {"t": 1, "v": [1, 2]}"#,
    ));
    expect(
        &d,
        "motion.key.value-shape",
        "animation \"a\" bone \"a\" translate: key value must be an array of 2 number(s)",
        "/animations/a/tracks/0/keys/0/v",
        (5, 63),
    );
    let d = refused(&bone("rotate", r#"{"t": 0}, {"t": 1, "v": [1]}"#));
    expect(
        &d,
        "motion.key.value-shape",
        "animation \"a\" bone \"a\" rotate: key value must be an array of 1 number(s)",
        "/animations/a/tracks/0/keys/0",
        (5, 46),
    );
}

#[test]
fn colour_value_shape() {
    let d = refused(&slot(
        "rgba",
        r#"{"t": 0, "v": "ff0000ff"}, {"t": 1, "v": [1, 1, 1, 1]}"#,
    ));
    expect(
        &d,
        "motion.key.value-shape",
        "animation \"a\" slot \"lid_l\" rgba: rgba key value must be [r,g,b,a]",
        "/animations/a/tracks/0/keys/0/v",
        (5, 62),
    );
    let d = refused(&slot(
        "rgba",
        r#"{"t": 0, "v": [1, 1, 1]}, {"t": 1, "v": [1, 1, 1, 1]}"#,
    ));
    expect(
        &d,
        "motion.key.value-shape",
        "animation \"a\" slot \"lid_l\" rgba: rgba value needs 4 channels, got 3",
        "/animations/a/tracks/0/keys/0/v",
        (5, 62),
    );
    let d = refused(&slot("rgb2", r#"{"t": 0, "v": [1, 1, 1, 0, 0, "x"]}"#));
    expect(
        &d,
        "motion.key.value-shape",
        "animation \"a\" slot \"lid_l\" rgb2: rgb2 key value must be [r,g,b,r2,g2,b2]",
        "/animations/a/tracks/0/keys/0/v/5",
        (5, 78),
    );
}

#[test]
fn colour_channel_range() {
    let d = refused(&slot(
        "rgba",
        r#"{"t": 0, "v": [1, 1.5, 0, 1]}, {"t": 1, "v": [1, 1, 1, 1]}"#,
    ));
    expect(
        &d,
        "motion.key.channel-range",
        "animation \"a\" slot \"lid_l\" rgba (t=0): channel \"g\" is 1.5, outside 0..1",
        "/animations/a/tracks/0/keys/0/v/1",
        (5, 66),
    );
}

#[test]
fn colours_are_hex_and_curve_on_channel_values() {
    let a = ok(&slot(
        "rgba",
        r#"{"t": 0, "v": [1, 0.5, 0, 1], "ease": "soft"}, {"t": 1, "v": [0, 0.5, 1, 0.2]}"#,
    ));
    let k = timeline(&a.slots, "lid_l", "rgba");
    assert_eq!(field(&k[0], "color"), &KeyValue::Str("ff8000ff".into()));
    assert_eq!(field(&k[1], "color"), &KeyValue::Str("0080ff33".into()));
    close(
        bezier(&k[0]),
        &[
            0.25, 1.0, 0.75, 0.0, 0.25, 0.5, 0.75, 0.5, 0.25, 0.0, 0.75, 1.0, 0.25, 1.0, 0.75, 0.2,
        ],
    );
    let a = ok(&slot(
        "rgb",
        r#"{"t": 0, "v": [1, 0.5, 0]}, {"t": 1, "v": [0, 0, 0]}"#,
    ));
    assert_eq!(
        timeline(&a.slots, "lid_l", "rgb")[0].fields,
        vec![("color".to_string(), KeyValue::Str("ff8000".into()))]
    );
    let a = ok(&slot(
        "alpha",
        r#"{"t": 0, "v": [0.25], "ease": "soft"}, {"t": 1, "v": [1]}"#,
    ));
    let k = timeline(&a.slots, "lid_l", "alpha");
    assert_eq!(
        k[0].fields,
        vec![("value".to_string(), KeyValue::Num(0.25))]
    );
    close(bezier(&k[0]), &[0.25, 0.25, 0.75, 1.0]);
    // A hold as emitted: 0.5 and 0.501 are both the byte 0x80, so "soft" is stepped.
    let a = ok(&slot(
        "rgb",
        r#"{"t": 0, "v": [0.5, 0, 0], "ease": "soft"}, {"t": 1, "v": [0.501, 0, 0]}"#,
    ));
    assert_eq!(
        timeline(&a.slots, "lid_l", "rgb")[0].curve,
        Some(Curve::Stepped)
    );
}

#[test]
fn attachment_value_shape() {
    let d = refused(&slot("attachment", r#"{"t": 0, "v": 3}"#));
    expect(
        &d,
        "motion.key.value-shape",
        "animation \"a\" slot \"lid_l\" attachment: attachment key value must be a string or null",
        "/animations/a/tracks/0/keys/0/v",
        (5, 68),
    );
}

#[test]
fn attachment_must_be_a_placeholder_of_the_slot() {
    let d = refused(&slot("attachment", r#"{"t": 0, "v": "shutt"}"#));
    expect(&d, "motion.key.attachment-unknown", "animation \"a\" slot \"lid_l\" attachment (t=0): attachment \"shutt\" is not in slot \"lid_l\"; its placeholders: \"open\", \"shut\"", "/animations/a/tracks/0/keys/0/v", (5, 68));
    assert_eq!(
        d[0].help.as_deref(),
        Some("did you mean \"shut\"? (or null to show nothing)")
    );
    let d = refused(&anim(
        r#"{"slot": "bare", "property": "attachment", "keys": [{"t": 0, "v": "x"}]}"#,
    ));
    expect(&d, "motion.key.attachment-unknown", "animation \"a\" slot \"bare\" attachment (t=0): attachment \"x\" is not in slot \"bare\"; no skin gives slot \"bare\" an attachment", "/animations/a/tracks/0/keys/0/v", (5, 67));
}

#[test]
fn inherit_keys() {
    let a = ok(&bone(
        "inherit",
        r#"{"t": 0, "v": "NoScale"}, {"t": 1, "v": "normal"}"#,
    ));
    let k = timeline(&a.bones, "a", "inherit");
    assert_eq!(
        k[0].fields,
        vec![("inherit".to_string(), KeyValue::Str("NoScale".into()))]
    );
    assert_eq!((k[0].curve.as_ref(), k[1].time), (None, 1.0));
    let d = refused(&bone(
        "inherit",
        r#"{"t": 0, "v": "noscale"}, {"t": 1, "v": "normal"}"#,
    ));
    expect(&d, "motion.key.inherit-unknown", "animation \"a\" bone \"a\" inherit (t=0): \"noscale\" is not an inherit mode; the modes are normal, onlyTranslation, noRotationOrReflection, noScale, noScaleOrReflection, and only the first letter's case is free", "/animations/a/tracks/0/keys/0/v", (5, 61));
    let d = refused(&bone(
        "inherit",
        r#"{"t": 0, "v": 1}, {"t": 1, "v": "normal"}"#,
    ));
    expect(
        &d,
        "motion.key.value-shape",
        "animation \"a\" bone \"a\" inherit: inherit key value must be a mode name, a string",
        "/animations/a/tracks/0/keys/0/v",
        (5, 61),
    );
}

#[test]
fn instant_keys_take_no_easing() {
    let d = refused(&slot(
        "attachment",
        r#"{"t": 0, "v": "open", "ease": "soft"}, {"t": 1, "v": "shut"}"#,
    ));
    expect(
        &d,
        "motion.key.instant-eased",
        "animation \"a\" slot \"lid_l\" attachment: attachment keys cannot carry an easing",
        "/animations/a/tracks/0/keys/0/ease",
        (5, 84),
    );
    let d = refused(&bone(
        "inherit",
        r#"{"t": 0, "v": "normal", "curve": "stepped"}, {"t": 1, "v": "noScale"}"#,
    ));
    expect(
        &d,
        "motion.key.instant-eased",
        "animation \"a\" bone \"a\" inherit: inherit keys cannot carry an easing",
        "/animations/a/tracks/0/keys/0/curve",
        (5, 80),
    );
}

#[test]
fn ease_and_curve() {
    let d = refused(&bone(
        "rotate",
        r#"{"t": 0, "v": [0], "ease": "soft", "curve": "stepped"}, {"t": 1, "v": [1]}"#,
    ));
    expect(&d, "motion.key.ease-and-curve", "animation \"a\" bone \"a\" rotate: a key carries both a named easing and a raw curve; pick one", "/animations/a/tracks/0/keys/0/curve", (5, 90));
}

#[test]
fn last_key_eased() {
    let d = refused(&bone(
        "rotate",
        r#"{"t": 0, "v": [0]}, {"t": 1, "v": [1], "ease": "soft"}"#,
    ));
    expect(
        &d,
        "motion.key.last-eased",
        "animation \"a\" bone \"a\" rotate: last key carries an easing but has nothing to ease to",
        "/animations/a/tracks/0/keys/1/ease",
        (5, 93),
    );
    let d = refused(&bone(
        "rotate",
        r#"{"t": 0, "v": [0]}, {"t": 1, "v": [1], "curve": [0, 0, 1, 1]}"#,
    ));
    expect(
        &d,
        "motion.key.last-eased",
        "animation \"a\" bone \"a\" rotate: last key carries a curve but has nothing to ease to",
        "/animations/a/tracks/0/keys/1/curve",
        (5, 94),
    );
}

#[test]
fn unknown_easing() {
    let d = refused(&bone(
        "rotate",
        r#"{"t": 0, "v": [0], "ease": "sfot"}, {"t": 1, "v": [1]}"#,
    ));
    expect(
        &d,
        "motion.key.unknown-easing",
        "animation \"a\" bone \"a\" rotate: unknown easing \"sfot\"",
        "/animations/a/tracks/0/keys/0/ease",
        (5, 73),
    );
    assert_eq!(
        d[0].help.as_deref(),
        Some("did you mean \"soft\"? Or declare \"sfot\" in `easings`")
    );
}

#[test]
fn raw_curves() {
    let d = refused(&bone(
        "rotate",
        r#"{"t": 0, "v": [0], "curve": 3}, {"t": 1, "v": [1]}"#,
    ));
    expect(
        &d,
        "motion.key.curve-shape",
        "animation \"a\" bone \"a\" rotate (t=0): curve must be an array or \"stepped\"",
        "/animations/a/tracks/0/keys/0/curve",
        (5, 74),
    );
    let d = refused(&bone(
        "rotate",
        r#"{"t": 0, "v": [0], "curve": [0.2, 0, "x", 1]}, {"t": 1, "v": [1]}"#,
    ));
    expect(
        &d,
        "motion.key.curve-value",
        "animation \"a\" bone \"a\" rotate (t=0): raw curve holds a non-finite value \"x\"",
        "/animations/a/tracks/0/keys/0/curve/2",
        (5, 83),
    );
    let d = refused(&bone(
        "translate",
        r#"{"t": 0, "v": [0, 0], "curve": [0.2, 0, 0.8, 1]}, {"t": 1, "v": [1, 1]}"#,
    ));
    expect(&d, "motion.key.curve-length", "animation \"a\" bone \"a\" translate (t=0): raw curve has 4 numbers, this timeline needs 2 channel(s) x 4 = 8", "/animations/a/tracks/0/keys/0/curve", (5, 80));
    let d = refused(&bone(
        "rotate",
        r#"{"t": 0, "v": [0], "curve": [0.2, 0, 1.8, 1]}, {"t": 1, "v": [1]}"#,
    ));
    expect(&d, "motion.key.curve-time-outside", "animation \"a\" bone \"a\" rotate (t=0): raw curve entry 2 is the time 1.8, outside this key's span 0..1 — a raw curve's x values are absolute times between this key and the next as emitted (lag and stagger shift the keys, never a raw curve)", "/animations/a/tracks/0/keys/0/curve", (5, 74));
    // A raw curve is copied as written, even over a hold; "stepped" both ways.
    let a = ok(&bone(
        "rotate",
        r#"{"t": 0, "v": [0], "curve": [0.1, 0, 0.2, 0]}, {"t": 0.3, "v": [0], "curve": "stepped"}, {"t": 0.6, "v": [5], "ease": "stepped"}, {"t": 1, "v": [0]}"#,
    ));
    let k = timeline(&a.bones, "a", "rotate");
    assert_eq!(k[0].curve, Some(Curve::Bezier(vec![0.1, 0.0, 0.2, 0.0])));
    assert_eq!(
        (k[1].curve.clone(), k[2].curve.clone(), k[3].curve.clone()),
        (Some(Curve::Stepped), Some(Curve::Stepped), None)
    );
}

#[test]
fn times_strictly_increase() {
    let d = refused(&bone(
        "rotate",
        r#"{"t": 0, "v": [0]}, {"t": 0.5, "v": [1]}, {"t": 0.5, "v": [2]}, {"t": 1, "v": [0]}"#,
    ));
    expect(
        &d,
        "motion.key.time-order",
        "animation \"a\" bone \"a\" rotate: key times must strictly increase (at t=0.5)",
        "/animations/a/tracks/0/keys/2/t",
        (5, 94),
    );
}

#[test]
fn times_that_collide_as_float32() {
    let d = refused(&bone(
        "rotate",
        r#"{"t": 0, "v": [0]}, {"t": 0.1, "v": [1]}, {"t": 0.100000001, "v": [2]}, {"t": 1, "v": [0]}"#,
    ));
    expect(&d, "motion.key.time-float32", "animation \"a\" bone \"a\" rotate: keys at t=0.1 and t=0.100000001 differ only below float32 precision — the runtime stores both times as 0.1, so they do not strictly increase in the skeleton", "/animations/a/tracks/0/keys/2/t", (5, 94));
}

#[test]
fn key_past_duration() {
    let d = refused(&bone(
        "rotate",
        r#"{"t": 0, "v": [0]}, {"t": 1.5, "v": [1]}"#,
    ));
    expect(&d, "motion.key.past-duration", "animation \"a\" bone \"a\" rotate: key at 1.5s is 0.5s past the declared duration 1s — nothing that plays this animation for the duration it declares ever reaches it. Move the key to 1, or declare the duration you meant.", "/animations/a/tracks/0/keys/1/t", (5, 72));
    let d = refused(&anim(
        r#"{"group": "pair", "property": "rotate", "stagger": 0.3, "keys": [{"t": 0, "v": [0]}, {"t": 0.8, "v": [1]}]}"#,
    ));
    expect(&d, "motion.key.past-duration", "animation \"a\" group \"pair\" rotate (member \"b\"): key at t=0.8, 1.1s after lag/stagger, is 0.1s past the declared duration 1s — nothing that plays this animation for the duration it declares ever reaches it. Move the key to 1, or declare the duration you meant.", "/animations/a/tracks/0/keys/1/t", (5, 92));
}

#[test]
fn last_key_must_meet_the_duration() {
    let d = refused(&bone(
        "rotate",
        r#"{"t": 0, "v": [0]}, {"t": 0.5, "v": [1]}"#,
    ));
    expect(
        &d,
        "motion.animation.duration-mismatch",
        "animation \"a\" declares duration 1s but its last key is at 0.5s",
        "/animations/a/duration",
        (4, 19),
    );
    // Within a frame is fine; an empty animation of duration 0 is fine.
    ok(&bone(
        "rotate",
        r#"{"t": 0, "v": [0]}, {"t": 0.99, "v": [1]}"#,
    ));
    let a = ok(r#""a": {"duration": 0, "tracks": []}"#);
    assert!(a.bones.is_empty() && a.slots.is_empty());
}

#[test]
fn lag_and_stagger_shift_times_and_named_curves() {
    let a = ok(&anim(
        r#"{"group": "pair", "property": "translatey", "lag": 0.1, "stagger": 0.2, "keys": [{"t": 0, "v": [0], "ease": "soft"}, {"t": 0.7, "v": [4]}]}"#,
    ));
    let ka = timeline(&a.bones, "a", "translatey");
    let kb = timeline(&a.bones, "b", "translatey");
    close(
        &[ka[0].time, ka[1].time, kb[0].time, kb[1].time],
        &[0.1, 0.8, 0.3, 1.0],
    );
    close(
        bezier(&ka[0]),
        &[0.1 + 0.7 * 0.25, 0.0, 0.1 + 0.7 * 0.75, 4.0],
    );
    close(
        bezier(&kb[0]),
        &[0.3 + 0.7 * 0.25, 0.0, 0.3 + 0.7 * 0.75, 4.0],
    );
}

#[test]
fn every_value_field_is_written() {
    let a = ok(&bone(
        "scale",
        r#"{"t": 0, "v": [1, 1], "ease": "soft"}, {"t": 1, "v": [1, 1]}"#,
    ));
    let k = timeline(&a.bones, "a", "scale");
    assert_eq!(
        k[0].fields,
        vec![
            ("x".to_string(), KeyValue::Num(1.0)),
            ("y".to_string(), KeyValue::Num(1.0))
        ]
    );
    assert_eq!(k[0].curve, Some(Curve::Stepped));
}

#[test]
fn per_member_value_maps() {
    let a = ok(&anim(
        r#"{"group": "pair", "property": "rotate", "keys": [{"t": 0, "v": {"b": [2], "a": [1]}, "ease": "soft"}, {"t": 1, "v": [0]}]}"#,
    ));
    assert_eq!(
        timeline(&a.bones, "a", "rotate")[0].fields[0].1,
        KeyValue::Num(1.0)
    );
    assert_eq!(
        timeline(&a.bones, "b", "rotate")[0].fields[0].1,
        KeyValue::Num(2.0)
    );
    close(
        bezier(&timeline(&a.bones, "b", "rotate")[0]),
        &[0.25, 2.0, 0.75, 0.0],
    );
    let d = refused(&bone(
        "rotate",
        r#"{"t": 0, "v": {"a": [1]}}, {"t": 1, "v": [0]}"#,
    ));
    expect(&d, "motion.key.value-map-single-target", "animation \"a\" bone \"a\" rotate: a per-member \"v\" map names members, and a bone track has one target", "/animations/a/tracks/0/keys/0/v", (5, 60));
    let d = refused(&anim(
        r#"{"group": "pair", "property": "rotate", "keys": [{"t": 0, "v": {"a": [1], "b": [2], "c": [3]}}, {"t": 1, "v": [0]}]}"#,
    ));
    expect(&d, "motion.key.value-map-unknown-member", "animation \"a\" group \"pair\" rotate (t=0): the value map names \"c\", which group \"pair\" does not declare", "/animations/a/tracks/0/keys/0/v/c", (5, 85));
    let d = refused(&anim(
        r#"{"group": "pair", "property": "rotate", "keys": [{"t": 0, "v": {"a": [1]}}, {"t": 1, "v": [0]}]}"#,
    ));
    expect(&d, "motion.key.value-map-missing-member", "animation \"a\" group \"pair\" rotate (t=0): the value map states no value for member \"b\"", "/animations/a/tracks/0/keys/0/v", (5, 64));
}
