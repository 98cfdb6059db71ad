//! Shape refusals of `drawOrder`, `events`, `ik` and `transform` (FORMAT.md
//! §3.10–§3.13, §3.17).

use super::{expect, motion, refused};

/// An animation `a` with no tracks and the extra field text `families`.
fn anim(families: &str) -> String {
    motion(&format!(
        "\"a\": {{\"duration\": 1, \"tracks\": [],\n{families}\n}}"
    ))
}

#[test]
fn family_not_an_array() {
    let d = refused(&anim(r#""drawOrder": {}"#));
    expect(&d, "motion.draw-order.shape", "`animations.\"a\".drawOrder` is an object; it is an array of draw-order keys, `[{ \"t\": <seconds>, \"offsets\": [{ \"slot\": \"<slot>\", \"offset\": <places> }] }]`", "/animations/a/drawOrder", (5, 14));
    let d = refused(&anim(r#""events": "step""#));
    expect(&d, "motion.events.shape", "`animations.\"a\".events` is the string \"step\"; it is an array of event keys, `[{ \"t\": <seconds>, \"name\": \"<event>\" }]`", "/animations/a/events", (5, 11));
    let d = refused(&anim(r#""ik": {"reach": []}"#));
    expect(&d, "motion.constraint-track.shape", "`animations.\"a\".ik` is an object; it is an array of ik timelines, `[{ \"constraint\": \"<ik constraint>\", \"keys\": [...] }]`", "/animations/a/ik", (5, 7));
    let d = refused(&anim(r#""transform": 1"#));
    expect(&d, "motion.constraint-track.shape", "`animations.\"a\".transform` is 1; it is an array of transform timelines, `[{ \"constraint\": \"<transform constraint>\", \"keys\": [...] }]`", "/animations/a/transform", (5, 14));
}

#[test]
fn draw_order_key_shapes() {
    let d = refused(&anim(r#""drawOrder": [1]"#));
    expect(&d, "motion.draw-order.key-shape", "`animations.\"a\".drawOrder[0]` is 1; a draw-order key is an object, `{ \"t\": <seconds>, \"offsets\": [...] }`", "/animations/a/drawOrder/0", (5, 15));
    let d = refused(&anim(
        r#""drawOrder": [{"t": 0, "offsets": {"slot": "a", "offset": 1}}]"#,
    ));
    expect(&d, "motion.draw-order.offsets-shape", "`animations.\"a\".drawOrder[0].offsets` is an object; it is an array of `{ \"slot\": \"<slot>\", \"offset\": <places> }`. Omit the field entirely to restore the setup draw order — a malformed one used to BE that restore key, silently", "/animations/a/drawOrder/0/offsets", (5, 35));
    let d = refused(&anim(
        r#""drawOrder": [{"t": 0, "offsets": [{"slot": "a", "offset": "1"}]}]"#,
    ));
    expect(&d, "motion.draw-order.offset-shape", "`animations.\"a\".drawOrder[0].offsets[0].offset` is the string \"1\"; an offset is `{ \"slot\": \"<slot>\", \"offset\": <places> }`", "/animations/a/drawOrder/0/offsets/0/offset", (5, 60));
    let d = refused(&anim(r#""drawOrder": [{"t": 0, "offsets": ["a"]}]"#));
    expect(&d, "motion.draw-order.offset-shape", "`animations.\"a\".drawOrder[0].offsets[0]` is the string \"a\"; an offset is `{ \"slot\": \"<slot>\", \"offset\": <places> }`", "/animations/a/drawOrder/0/offsets/0", (5, 36));
    let d = refused(&anim(r#""drawOrder": [{"t": 0, "ease": "soft"}]"#));
    expect(
        &d,
        "spec.unknown-key",
        "unknown field \"ease\" on `animations.\"a\".drawOrder[0]`; this compiler does not read it",
        "/animations/a/drawOrder/0/ease",
        (5, 24),
    );
}

#[test]
fn event_key_shapes() {
    let d = refused(&anim(r#""events": [{"t": 0}]"#));
    expect(
        &d,
        "motion.event.no-name",
        "animation \"a\" events: key 0 has no \"name\"; an event key fires an event by name",
        "/animations/a/events/0",
        (5, 12),
    );
    let d = refused(&anim(r#""events": [{"t": 0, "name": "step", "int": 1.5}]"#));
    expect(
        &d,
        "motion.event.key-shape",
        "animation \"a\" events at t=0: int 1.5 is not an integer",
        "/animations/a/events/0/int",
        (5, 44),
    );
    let d = refused(&anim(
        r#""events": [{"t": 0, "name": "step", "int": -2147483649}]"#,
    ));
    expect(
        &d,
        "motion.event.key-shape",
        "animation \"a\" events at t=0: int -2147483649 is not a 32-bit integer (-2147483648 to 2147483647), as Spine stores the int payload",
        "/animations/a/events/0/int",
        (5, 44),
    );
    let d = refused(&anim(
        r#""events": [{"t": 0.25, "name": "step", "float": "x"}]"#,
    ));
    expect(
        &d,
        "motion.event.key-shape",
        "animation \"a\" events at t=0.25: float \"x\" is not a finite number",
        "/animations/a/events/0/float",
        (5, 49),
    );
    let d = refused(&anim(
        r#""events": [{"t": 0, "name": "step", "string": 5}]"#,
    ));
    expect(
        &d,
        "motion.event.key-shape",
        "animation \"a\" events at t=0: string 5 is not a string",
        "/animations/a/events/0/string",
        (5, 47),
    );
    let d = refused(&anim(r#""events": [{"t": 0, "name": 5}]"#));
    expect(
        &d,
        "motion.event.key-shape",
        "`animations.\"a\".events[0].name` is 5; an event key fires an event by name, a string",
        "/animations/a/events/0/name",
        (5, 29),
    );
}

#[test]
fn constraint_track_shapes() {
    let d = refused(&anim(r#""ik": ["reach"]"#));
    expect(&d, "motion.constraint-track.shape", "`animations.\"a\".ik[0]` is the string \"reach\"; an ik timeline is `{ \"constraint\": \"<ik constraint>\", \"keys\": [...] }`", "/animations/a/ik/0", (5, 8));
    let d = refused(&anim(r#""ik": [{"constraint": "", "keys": []}]"#));
    expect(&d, "motion.constraint-track.constraint", "`animations.\"a\".ik[0].constraint` is the string \"\"; 4.3 writes this group as `ik.<constraint>`, so the constraint name is the only target there is", "/animations/a/ik/0/constraint", (5, 23));
    let d = refused(&anim(r#""transform": [{"constraint": "follow"}]"#));
    expect(&d, "motion.constraint-track.keys-shape", "`animations.\"a\".transform[0].keys` is absent; a timeline's keys are an array, `[{ \"t\": <seconds>, … }, …]`", "/animations/a/transform/0", (5, 15));
}

#[test]
fn constraint_key_shapes() {
    let d = refused(&anim(
        r#""ik": [{"constraint": "reach", "keys": [{"t": 0.5, "mix": "full"}]}]"#,
    ));
    expect(
        &d,
        "motion.constraint-key.field-shape",
        "animation \"a\" ik constraint \"reach\" (t=0.5): mix is \"full\", not a finite number",
        "/animations/a/ik/0/keys/0/mix",
        (5, 59),
    );
    let d = refused(&anim(
        r#""ik": [{"constraint": "reach", "keys": [{"t": 0, "bendPositive": 1}]}]"#,
    ));
    expect(
        &d,
        "motion.constraint-key.field-shape",
        "animation \"a\" ik constraint \"reach\" (t=0): bendPositive is 1, not true or false",
        "/animations/a/ik/0/keys/0/bendPositive",
        (5, 66),
    );
    let d = refused(&anim(
        r#""transform": [{"constraint": "follow", "keys": [{"t": 0, "mixRotat": 1}]}]"#,
    ));
    expect(&d, "spec.unknown-key", "unknown field \"mixRotat\" on `animations.\"a\".transform[0].keys[0]` — did you mean \"mixRotate\"?", "/animations/a/transform/0/keys/0/mixRotat", (5, 58));
    let d = refused(&anim(
        r#""transform": [{"constraint": "follow", "keys": [{"t": 0, "ease": 1}]}]"#,
    ));
    expect(&d, "motion.key.ease-shape", "`animations.\"a\".transform[0].keys[0].ease` is 1; it names an entry of this spec's `easings` table, or is \"stepped\"", "/animations/a/transform/0/keys/0/ease", (5, 66));
}
