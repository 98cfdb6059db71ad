//! The `events` table.

use super::{edit, ok, refuses};

fn events(e: &str) -> String {
    edit(&[(
        "\"name\": \"t\",",
        &format!("\"name\": \"t\",\n  \"events\": {e},"),
    )])
}

#[test]
fn declared_order_and_payloads() {
    let r = ok(&events(
        r#"{ "zeta": {}, "alpha": { "int": -2, "float": 0, "string": "", "audio": "a.ogg", "volume": 0.8, "balance": 0 } }"#,
    ));
    let names: Vec<&str> = r.events.iter().map(|e| e.event.name.as_str()).collect();
    assert_eq!(names, ["zeta", "alpha"]);
    let z = &r.events[0].event;
    assert_eq!(
        (
            z.int,
            z.float,
            z.string.clone(),
            z.audio.clone(),
            z.volume,
            z.balance
        ),
        (None, None, None, None, None, None)
    );
    let a = &r.events[1].event;
    assert_eq!(
        (
            a.int,
            a.float,
            a.string.as_deref(),
            a.audio.as_deref(),
            a.volume,
            a.balance
        ),
        (
            Some(-2),
            Some(0.0),
            Some(""),
            Some("a.ogg"),
            Some(0.8),
            Some(0.0)
        )
    );
}

#[test]
fn events_as_an_array() {
    refuses(
        &events(r#"["step"]"#),
        "rig.events.not-an-object",
        "\"events\" is an object keyed by event name (`{ \"footstep\": {} }`), not an array — the format's own shape",
        "/events",
        "[\"step\"]",
    );
}

#[test]
fn empty_name() {
    refuses(
        &events(r#"{ "": {} }"#),
        "rig.event.empty-name",
        "an event has an empty name",
        "/events/",
        "\"\":",
    );
}

#[test]
fn not_an_object() {
    refuses(
        &events(r#"{ "step": null }"#),
        "rig.event.not-an-object",
        "event \"step\" must be an object of payload defaults (use {} for none)",
        "/events/step",
        "null",
    );
}

#[test]
fn int_not_an_integer() {
    refuses(
        &events(r#"{ "step": { "int": 1.5 } }"#),
        "rig.event.int-not-an-integer",
        "event \"step\" has int 1.5; the payload is an integer",
        "/events/step/int",
        "1.5",
    );
    // Whole, and beyond the int32 Spine stores the payload in.
    refuses(
        &events(r#"{ "step": { "int": 2147483648 } }"#),
        "rig.event.int-not-an-integer",
        "event \"step\" has int 2147483648; the payload is a 32-bit integer in Spine (-2147483648 to 2147483647)",
        "/events/step/int",
        "2147483648",
    );
}

#[test]
fn payload_types() {
    refuses(
        &events(r#"{ "step": { "int": "1" } }"#),
        "rig.event.payload-type",
        "event \"step\" has int \"1\", which is not a finite number",
        "/events/step/int",
        "\"1\"",
    );
    refuses(
        &events(r#"{ "step": { "float": "a" } }"#),
        "rig.event.payload-type",
        "event \"step\" has float \"a\", which is not a finite number",
        "/events/step/float",
        "\"a\"",
    );
    refuses(
        &events(r#"{ "step": { "string": 5 } }"#),
        "rig.event.payload-type",
        "event \"step\" has string 5, which is not a string",
        "/events/step/string",
        "5 }",
    );
    refuses(
        &events(r#"{ "step": { "audio": true } }"#),
        "rig.event.payload-type",
        "event \"step\" has audio true, which is not a string",
        "/events/step/audio",
        "true",
    );
    refuses(
        &events(r#"{ "step": { "audio": "a.ogg", "volume": [] } }"#),
        "rig.field.not-a-number",
        "event \"step\": volume is an array of 0, which is not a finite number",
        "/events/step/volume",
        "[]",
    );
}

#[test]
fn volume_without_audio() {
    refuses(
        &events(r#"{ "step": { "volume": 0.5 } }"#),
        "rig.event.payload-without-audio",
        "event \"step\" declares volume but no \"audio\"; the parser reads volume only when an audio path is set, so it would be dropped in silence",
        "/events/step/volume",
        "0.5",
    );
    refuses(
        &events(r#"{ "step": { "balance": -1 } }"#),
        "rig.event.payload-without-audio",
        "event \"step\" declares balance but no \"audio\"; the parser reads balance only when an audio path is set, so it would be dropped in silence",
        "/events/step/balance",
        "-1",
    );
}

#[test]
fn unknown_key() {
    refuses(
        &events(r#"{ "step": { "flaot": 1 } }"#),
        "spec.unknown-key",
        "unknown field \"flaot\" on event \"step\" — did you mean \"float\"?",
        "/events/step/flaot",
        "\"flaot\"",
    );
}
