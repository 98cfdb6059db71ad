//! `drawOrder` (FORMAT.md §3.10) and `events` (§3.11): every refusal, the sorted
//! offsets, the restore key, payload overrides, and both counting toward R7.

use super::{ok, refused};
use crate::spec::motion::tests::expect;
use rigc_sdk::model::{DrawOrderKey, DrawOrderOffset, EventKey};

/// An animation `a` (duration 1) with no tracks and the field text `families`
/// (starting on line 5).
fn anim(families: &str) -> String {
    format!("\"a\": {{\"duration\": 1, \"tracks\": [],\n{families}\n}}")
}

#[test]
fn draw_order_offsets_are_sorted_and_restored() {
    // Setup order: lid_l 0, lid_r 1, body 2, bare 3.
    let a = ok(&anim(
        r#""drawOrder": [{"t": 0, "offsets": [{"slot": "bare", "offset": -3}, {"slot": "lid_l", "offset": 1}]}, {"t": 1, "offsets": []}]"#,
    ));
    let off = |slot: &str, offset: i64| DrawOrderOffset {
        slot: slot.into(),
        offset,
    };
    assert_eq!(
        a.draw_order,
        Some(vec![
            DrawOrderKey {
                time: 0.0,
                offsets: Some(vec![off("lid_l", 1), off("bare", -3)])
            },
            DrawOrderKey {
                time: 1.0,
                offsets: None
            },
        ])
    );
}

#[test]
fn draw_order_refusals() {
    let d = refused(&anim(r#""drawOrder": []"#));
    expect(
        &d,
        "motion.draw-order.no-keys",
        "animation \"a\" drawOrder: no keys",
        "/animations/a/drawOrder",
        (5, 14),
    );
    let d = refused(&anim(
        r#""drawOrder": [{"t": 1, "offsets": [{"slot": "eye", "offset": 1}]}]"#,
    ));
    expect(
        &d,
        "motion.draw-order.unknown-slot",
        "animation \"a\" drawOrder at t=1: slot \"eye\" is not one this rig emits",
        "/animations/a/drawOrder/0/offsets/0/slot",
        (5, 45),
    );
    let d = refused(&anim(
        r#""drawOrder": [{"t": 1, "offsets": [{"slot": "body", "offset": 1}, {"slot": "body", "offset": -1}]}]"#,
    ));
    expect(
        &d,
        "motion.draw-order.slot-twice",
        "animation \"a\" drawOrder at t=1: slot \"body\" is offset twice in one key",
        "/animations/a/drawOrder/0/offsets/1/slot",
        (5, 76),
    );
    let d = refused(&anim(
        r#""drawOrder": [{"t": 1, "offsets": [{"slot": "body", "offset": 1.5}]}]"#,
    ));
    expect(
        &d,
        "motion.draw-order.offset-not-whole",
        "animation \"a\" drawOrder at t=1: slot \"body\" offset 1.5 is not a whole number",
        "/animations/a/drawOrder/0/offsets/0/offset",
        (5, 63),
    );
    let d = refused(&anim(
        r#""drawOrder": [{"t": 1, "offsets": [{"slot": "lid_l", "offset": 4}]}]"#,
    ));
    expect(&d, "motion.draw-order.out-of-range", "animation \"a\" drawOrder at t=1: slot \"lid_l\" is at index 0 and offset 4 puts it at 4, outside the 4 emitted slots", "/animations/a/drawOrder/0/offsets/0/offset", (5, 64));
    let d = refused(&anim(
        r#""drawOrder": [{"t": 1, "offsets": [{"slot": "lid_l", "offset": 2}, {"slot": "lid_r", "offset": 1}]}]"#,
    ));
    expect(&d, "motion.draw-order.collision", "animation \"a\" drawOrder at t=1: slot \"lid_l\" and slot \"lid_r\" both land at index 2; a draw order holds one slot per place", "/animations/a/drawOrder/0/offsets/1/offset", (5, 96));
    let d = refused(&anim(r#""drawOrder": [{"t": 1}, {"t": 0.5}]"#));
    expect(
        &d,
        "motion.key.time-order",
        "animation \"a\" drawOrder: key times must strictly increase (at t=0.5)",
        "/animations/a/drawOrder/1/t",
        (5, 31),
    );
    let d = refused(&anim(r#""drawOrder": [{"t": 0.5}]"#));
    expect(
        &d,
        "motion.animation.duration-mismatch",
        "animation \"a\" declares duration 1s but its last key is at 0.5s",
        "/animations/a/duration",
        (4, 19),
    );
}

#[test]
fn events_fire_with_overrides() {
    let a = ok(&anim(
        r#""events": [{"t": 0, "name": "step"}, {"t": 0, "name": "thud", "volume": 0.5, "balance": -1}, {"t": 1, "name": "step", "int": 3, "float": 2.5, "string": "x"}]"#,
    ));
    let events = a.events.expect("events");
    assert_eq!(events.len(), 3);
    assert_eq!(
        events[0],
        EventKey {
            time: 0.0,
            name: "step".into(),
            ..EventKey::default()
        }
    );
    assert_eq!(
        (events[1].volume, events[1].balance),
        (Some(0.5), Some(-1.0))
    );
    assert_eq!(
        (events[2].int, events[2].float, events[2].string.as_deref()),
        (Some(3), Some(2.5), Some("x"))
    );
}

#[test]
fn audio_firings_always_state_their_balance() {
    // spine-core reads a firing's missing balance as the event's setup volume, so
    // rigc writes the balance the spec means: the declared one, else 0.
    let a = ok(&anim(
        r#""events": [{"t": 0, "name": "thud"}, {"t": 0.5, "name": "step"}, {"t": 1, "name": "thud", "balance": 0.25}]"#,
    ));
    let events = a.events.expect("events");
    assert_eq!(
        events[0].balance,
        Some(0.0),
        "thud declares no balance: the default 0 is written"
    );
    assert_eq!(
        events[1].balance, None,
        "step has no audio: nothing is written"
    );
    assert_eq!(events[2].balance, Some(0.25));
}

#[test]
fn event_refusals() {
    let d = refused(&anim(r#""events": []"#));
    expect(
        &d,
        "motion.event.no-keys",
        "animation \"a\" events: no keys",
        "/animations/a/events",
        (5, 11),
    );
    let d = refused(&anim(r#""events": [{"t": 1, "name": "stepp"}]"#));
    expect(&d, "motion.event.undeclared", "animation \"a\" events at t=1: event \"stepp\" is not declared in the rig spec's \"events\" block; declared: step, thud", "/animations/a/events/0/name", (5, 29));
    let d = refused(&anim(
        r#""events": [{"t": 1, "name": "step", "volume": 0.5}]"#,
    ));
    expect(&d, "motion.event.audio-less", "animation \"a\" events at t=1: volume is set but event \"step\" declares no \"audio\"; the parser reads volume only for an event with an audio path, so it would be dropped in silence", "/animations/a/events/0/volume", (5, 47));
    let d = refused(&anim(
        r#""events": [{"t": 0.5, "name": "step"}, {"t": 0.25, "name": "step"}, {"t": 1, "name": "step"}]"#,
    ));
    expect(&d, "motion.key.time-order", "animation \"a\" events: key times must not go backwards (at t=0.25, after t=0.5) — the parser writes frames in array order and never sorts them", "/animations/a/events/1/t", (5, 46));
    let d = refused(&anim(r#""events": [{"t": 1.5, "name": "step"}]"#));
    expect(&d, "motion.key.past-duration", "animation \"a\" events: key at 1.5s is 0.5s past the declared duration 1s — nothing that plays this animation for the duration it declares ever reaches it. Move the key to 1, or declare the duration you meant.", "/animations/a/events/0/t", (5, 18));
}
