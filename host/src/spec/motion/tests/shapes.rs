//! Shape refusals of the top level and its tables (FORMAT.md §3.1–§3.6, §3.17),
//! unknown keys, and the motion spec as a whole parsing into its typed form.

use super::{expect, motion, parse_str, refused};
use crate::spec::motion::check_archetype;
use rigc_diag::Class;

#[test]
fn parses_a_full_spec() {
    let text = r#"{
  "spec": "rigc-motion/1", "archetype": "t", "cut": "shot", "note": "n",
  "easings": { "soft": [0.25, 0, 0.75, 1] },
  "groups": { "pair": ["a", "b"] },
  "setup": { "lid_l": { "attachment": null }, "lid_r": { "attachment": "open", "color": [1, 0.5, 0, 1] }, "body": {} },
  "mix": { "default": 0.2, "pairs": [["idle", "walk", 0.1]] },
  "animations": {
    "idle": { "duration": 0, "tracks": [] },
    "walk": { "duration": 1, "loop": true, "note": "x", "tracks": [
      { "group": "pair", "property": "rotate", "lag": 0.1, "stagger": 0.05, "keys": [ { "t": 0, "v": [1], "ease": "soft" }, { "t": 0.5, "v": [2] } ] } ],
      "drawOrder": [ { "t": 0, "offsets": [ { "slot": "a", "offset": 1 } ] }, { "t": 0.5 } ],
      "events": [ { "t": 0, "name": "step", "int": 2, "float": 0.5, "string": "s", "volume": 1, "balance": 0 } ],
      "ik": [ { "constraint": "reach", "keys": [ { "t": 0, "mix": 0.5, "bendPositive": true } ] } ],
      "transform": [ { "constraint": "follow", "keys": [ { "t": 0, "mixX": 0.5, "curve": "stepped" } ] } ] }
  }
}"#;
    let spec = parse_str(text).unwrap_or_else(|d| panic!("{}", super::dump(&d)));
    assert_eq!(spec.archetype, "t");
    assert_eq!(spec.cut.as_ref().map(|c| c.name.as_str()), Some("shot"));
    assert_eq!(
        spec.easing("soft").map(|e| e.handles),
        Some([0.25, 0.0, 0.75, 1.0])
    );
    assert_eq!(spec.group("pair").map(|g| g.members.len()), Some(2));
    assert_eq!(spec.setup.len(), 3);
    assert_eq!(spec.setup[0].attachment, Some(None));
    assert_eq!(spec.setup[1].attachment, Some(Some("open".to_string())));
    assert_eq!(spec.setup[1].color, Some([1.0, 0.5, 0.0, 1.0]));
    assert_eq!(spec.setup[2].attachment, None);
    let mix = spec.mix.as_ref().expect("mix");
    assert_eq!((mix.default, mix.pairs.len()), (0.2, 1));
    let names: Vec<&str> = spec.animations.iter().map(|a| a.name.as_str()).collect();
    assert_eq!(names, ["idle", "walk"]);
    let walk = &spec.animations[1];
    assert_eq!((walk.duration, walk.looping), (1.0, Some(true)));
    let track = &walk.tracks[0];
    assert_eq!((track.lag, track.stagger, track.keys.len()), (0.1, 0.05, 2));
    assert_eq!(
        track.keys[0].ease.as_ref().map(|e| e.name.as_str()),
        Some("soft")
    );
    assert_eq!(walk.draw_order.as_ref().map(|d| d.keys.len()), Some(2));
    let ev = &walk.events.as_ref().expect("events").keys[0];
    assert_eq!(
        (ev.int, ev.float, ev.string.as_deref()),
        (Some(2), Some(0.5), Some("s"))
    );
    assert_eq!(walk.ik[0].keys[0].fields.len(), 2);
    assert!(walk.transform[0].keys[0].curve.is_some());
    assert!(check_archetype(&spec, "t", "rig.json").is_none());
}

#[test]
fn archetype_mismatch() {
    let spec = parse_str(&motion("")).expect("parses");
    let d = check_archetype(&spec, "walk", "rigs/walk.json")
        .into_iter()
        .collect::<Vec<_>>();
    expect(
        &d,
        "motion.archetype-mismatch",
        "motion spec names archetype \"t\" but the rig spec at rigs/walk.json is called \"walk\"",
        "/archetype",
        (1, 40),
    );
}

#[test]
fn file_not_an_object() {
    let d = refused("[1, 2]");
    expect(
        &d,
        "motion.not-object",
        "a motion spec must be a JSON object, and this file holds an array of 2",
        "",
        (1, 1),
    );
}

#[test]
fn spec_version() {
    let d =
        refused(r#"{"spec": "rigc-motion/2", "archetype": "t", "easings": {}, "animations": {}}"#);
    expect(
        &d,
        "motion.spec-version",
        "unknown motion spec version: \"rigc-motion/2\", expected \"rigc-motion/1\"",
        "/spec",
        (1, 10),
    );
    let d = refused(r#"{"archetype": "t", "easings": {}, "animations": {}}"#);
    expect(
        &d,
        "motion.spec-version",
        "unknown motion spec version: absent, expected \"rigc-motion/1\"",
        "",
        (1, 1),
    );
}

#[test]
fn archetype_shape() {
    let d =
        refused(r#"{"spec": "rigc-motion/1", "archetype": "", "easings": {}, "animations": {}}"#);
    expect(&d, "motion.archetype", "`archetype` is the string \"\"; it names the rig this motion animates — the rig spec's `name`, a non-empty string", "/archetype", (1, 40));
    let d = refused(r#"{"spec": "rigc-motion/1", "easings": {}, "animations": {}}"#);
    expect(&d, "motion.archetype", "`archetype` is absent; it names the rig this motion animates — the rig spec's `name`, a non-empty string", "", (1, 1));
}

#[test]
fn cut_shape() {
    let d = refused(
        r#"{"spec": "rigc-motion/1", "archetype": "t", "cut": 3, "easings": {}, "animations": {}}"#,
    );
    expect(
        &d,
        "motion.cut",
        "`cut` is 3; it is a label for the shot, a non-empty string",
        "/cut",
        (1, 52),
    );
}

#[test]
fn note_shape() {
    let d = refused(
        r#"{"spec": "rigc-motion/1", "archetype": "t", "note": ["x"], "easings": {}, "animations": {}}"#,
    );
    expect(
        &d,
        "motion.note",
        "`note` is an array of 1; a note is free text, a string",
        "/note",
        (1, 53),
    );
    let d = refused(&motion(r#""a": {"duration": 0, "tracks": [], "note": 1}"#));
    expect(
        &d,
        "motion.note",
        "`animations.\"a\".note` is 1; a note is free text, a string",
        "/animations/a/note",
        (4, 44),
    );
}

#[test]
fn unknown_keys_are_refused_with_the_nearest() {
    let d = refused(
        r#"{"spec": "rigc-motion/1", "archetype": "t", "easing": {}, "easings": {}, "animations": {}}"#,
    );
    expect(
        &d,
        "spec.unknown-key",
        "unknown field \"easing\" on the motion spec — did you mean \"easings\"?",
        "/easing",
        (1, 45),
    );
    let d = refused(&motion(
        r#""a": {"duration": 0, "tracks": [{"bone": "a", "property": "rotate", "keys": [{"t": 0, "v": [1], "easing": "soft"}]}]}"#,
    ));
    expect(
        &d,
        "spec.unknown-key",
        "unknown field \"easing\" on `animations.\"a\".tracks[0].keys[0]` — did you mean \"ease\"?",
        "/animations/a/tracks/0/keys/0/easing",
        (4, 97),
    );
    let d = refused(&motion(
        r#""a": {"duration": 0, "tracks": [], "durration": 1}"#,
    ));
    expect(
        &d,
        "spec.unknown-key",
        "unknown field \"durration\" on `animations.\"a\"` — did you mean \"duration\"?",
        "/animations/a/durration",
        (4, 36),
    );
}

#[test]
fn easings_table_shape() {
    let d = refused(r#"{"spec": "rigc-motion/1", "archetype": "t", "animations": {}}"#);
    expect(&d, "motion.easings.shape", "`easings` is absent; it is a table of named handles, `{ \"<name>\": [hx1, hy1, hx2, hy2] }` (write `{}` if this spec names none)", "", (1, 1));
    let d =
        refused(r#"{"spec": "rigc-motion/1", "archetype": "t", "easings": [], "animations": {}}"#);
    expect(&d, "motion.easings.shape", "`easings` is an array of 0; it is a table of named handles, `{ \"<name>\": [hx1, hy1, hx2, hy2] }` (write `{}` if this spec names none)", "/easings", (1, 56));
}

#[test]
fn easing_shape() {
    let d = refused(
        r#"{"spec": "rigc-motion/1", "archetype": "t", "easings": {"soft": [0.25, 0, 0.75]}, "animations": {}}"#,
    );
    expect(&d, "motion.easing.shape", "`easings.\"soft\"` is an array of 3; a named easing is FOUR finite numbers — the graph-view handles [hx1, hy1, hx2, hy2]. Nothing downstream counts them, so a short or non-numeric array reaches the artifact as a curve with a `null` in it", "/easings/soft", (1, 65));
    let d = refused(
        r#"{"spec": "rigc-motion/1", "archetype": "t", "easings": {"soft": [0.25, 0, "x", 1]}, "animations": {}}"#,
    );
    expect(&d, "motion.easing.shape", "`easings.\"soft\"[2]` is the string \"x\"; a named easing is FOUR finite numbers — the graph-view handles [hx1, hy1, hx2, hy2]. Nothing downstream counts them, so a short or non-numeric array reaches the artifact as a curve with a `null` in it", "/easings/soft/2", (1, 75));
}

#[test]
fn easing_redefining_stepped() {
    let d = refused(
        r#"{"spec": "rigc-motion/1", "archetype": "t", "easings": {"stepped": [0, 0, 1, 1]}, "animations": {}}"#,
    );
    expect(&d, "motion.easing.builtin-name", "`easings.\"stepped\"` redefines the built-in \"stepped\" (hold the value until the next key), so a key's `\"ease\": \"stepped\"` would mean two things", "/easings/stepped", (1, 57));
}

#[test]
fn groups_shapes() {
    let base = |groups: &str| {
        format!(
            r#"{{"spec": "rigc-motion/1", "archetype": "t", "easings": {{}}, "groups": {groups}, "animations": {{}}}}"#
        )
    };
    let d = refused(&base("[]"));
    expect(&d, "motion.groups.shape", "`groups` is an array of 0; it is a table keyed by group name, `{ \"<group>\": [\"<member>\", …] }`", "/groups", (1, 70));
    let d = refused(&base(r#"{"ears": "ear_l"}"#));
    expect(&d, "motion.group.shape", "`groups.\"ears\"` is the string \"ear_l\"; a group is an array of member names, `[\"<member>\", …]`, in the order stagger and value maps count them", "/groups/ears", (1, 79));
    let d = refused(&base(r#"{"ears": ["ear_l", 2]}"#));
    expect(
        &d,
        "motion.group.member-shape",
        "`groups.\"ears\"[1]` is 2; a group member names a bone or a slot, a non-empty string",
        "/groups/ears/1",
        (1, 89),
    );
    let d = refused(&base(r#"{"ears": ["ear_l", "ear_r", "ear_l"]}"#));
    expect(
        &d,
        "motion.group.duplicate-member",
        "group \"ears\" names member \"ear_l\" twice (at index 0 and 2)",
        "/groups/ears/2",
        (1, 98),
    );
    let d = refused(&base(r#"{"ears": []}"#));
    expect(
        &d,
        "motion.group.empty",
        "group \"ears\" declares no members",
        "/groups/ears",
        (1, 79),
    );
}

#[test]
fn setup_shapes() {
    let base = |setup: &str| {
        format!(
            r#"{{"spec": "rigc-motion/1", "archetype": "t", "easings": {{}}, "setup": {setup}, "animations": {{}}}}"#
        )
    };
    let d = refused(&base("[]"));
    expect(&d, "motion.setup.shape", "`setup` is an array of 0; it is a table keyed by slot name, `{ \"<slot>\": { \"attachment\": … } }`", "/setup", (1, 69));
    // FACE.md §10, verbatim.
    let d = refused(&base(r#"{"eye_l": null}"#));
    expect(&d, "motion.setup.entry-shape", "`setup.\"eye_l\"` is null; a setup entry is an object of `{ attachment?: string | null, color?: [r, g, b, a] }` — to show nothing there write `\"eye_l\": { \"attachment\": null }`, and to show an attachment write `\"eye_l\": { \"attachment\": \"<name>\" }`", "/setup/eye_l", (1, 79));
    let d = refused(&base(r#"{"lid_l": "plate"}"#));
    expect(&d, "motion.setup.entry-shape", "`setup.\"lid_l\"` is the string \"plate\"; a setup entry is an object of `{ attachment?: string | null, color?: [r, g, b, a] }` — to show nothing there write `\"lid_l\": { \"attachment\": null }`, and to show an attachment write `\"lid_l\": { \"attachment\": \"<name>\" }`", "/setup/lid_l", (1, 79));
    let d = refused(&base(r#"{"lid_l": {"attachment": 3}}"#));
    expect(
        &d,
        "motion.setup.attachment-shape",
        "`setup.\"lid_l\".attachment` is 3; it is an attachment name, or null for \"show nothing\"",
        "/setup/lid_l/attachment",
        (1, 94),
    );
    let d = refused(&base(r#"{"lid_l": {"color": [1, 1, 1]}}"#));
    expect(&d, "motion.setup.color-shape", "`setup.\"lid_l\".color` is an array of 3; a setup colour is [r, g, b, a], four finite numbers in 0..1 — a channel that is not one is clamped to `NaN` and written into the slot as the text \"NaN\"", "/setup/lid_l/color", (1, 89));
    let d = refused(&base(r#"{"lid_l": {"color": [1, 1, 1.5, 1]}}"#));
    expect(&d, "motion.setup.color-shape", "`setup.\"lid_l\".color[2]` is 1.5; a setup colour is [r, g, b, a], four finite numbers in 0..1 — a channel that is not one is clamped to `NaN` and written into the slot as the text \"NaN\"", "/setup/lid_l/color/2", (1, 96));
    let d = refused(&base(r#"{"lid_l": {"colour": [1, 1, 1, 1]}}"#));
    expect(
        &d,
        "spec.unknown-key",
        "unknown field \"colour\" on `setup.\"lid_l\"` — did you mean \"color\"?",
        "/setup/lid_l/colour",
        (1, 80),
    );
}

#[test]
fn mix_shapes() {
    let base = |mix: &str| {
        format!(
            r#"{{"spec": "rigc-motion/1", "archetype": "t", "easings": {{}}, "mix": {mix}, "animations": {{"idle": {{"duration": 0, "tracks": []}}}}}}"#
        )
    };
    let d = refused(&base("0.2"));
    expect(&d, "motion.mix.shape", "`mix` is 0.2; it is the player's mix table, `{ \"default\": <seconds>, \"pairs\": [[\"<from>\", \"<to>\", <seconds>], …] }`", "/mix", (1, 67));
    let d = refused(&base(r#"{"default": "fast"}"#));
    expect(&d, "motion.mix.default", "`mix.default` is the string \"fast\"; the default mix duration is a finite number of seconds", "/mix/default", (1, 79));
    let d = refused(&base(r#"{"default": -1}"#));
    expect(&d, "motion.mix.default", "`mix.default` is -1; the default mix duration is a finite number of seconds, and a duration is not negative", "/mix/default", (1, 79));
    let d = refused(&base(r#"{"default": 0.2, "pairs": {}}"#));
    expect(&d, "motion.mix.pairs", "`mix.pairs` is an object; it is an array of mix pairs, `[[\"<from animation>\", \"<to animation>\", <seconds>], …]`", "/mix/pairs", (1, 93));
    let d = refused(&base(r#"{"default": 0.2, "pairs": [["idle", "idle"]]}"#));
    expect(&d, "motion.mix.pair", "`mix.pairs[0]` is an array of 2; a mix pair is `[\"<from animation>\", \"<to animation>\", <seconds>]` — three entries, two names and a duration", "/mix/pairs/0", (1, 94));
    let d = refused(&base(
        r#"{"default": 0.2, "pairs": [["idle", "run", 0.1]]}"#,
    ));
    expect(&d, "motion.mix.pair-unknown-animation", "`mix.pairs[0]` names animation \"run\", which this motion spec does not declare (it declares: \"idle\")", "/mix/pairs/0/1", (1, 103));
    let d = refused(&base(
        r#"{"default": 0.2, "pairs": [["idle", "idle", 0.1], ["idle", "idle", 0.3]]}"#,
    ));
    expect(
        &d,
        "motion.mix.pair-duplicate",
        "`mix.pairs[1]` gives the mix from \"idle\" to \"idle\" a second time",
        "/mix/pairs/1",
        (1, 117),
    );
}

#[test]
fn animations_table_shape() {
    let d = refused(r#"{"spec": "rigc-motion/1", "archetype": "t", "easings": {}}"#);
    expect(&d, "motion.animations.shape", "`animations` is absent; it is a table keyed by animation name, `{ \"<name>\": { \"duration\": …, \"tracks\": [...] } }` (write `{}` for a static rig)", "", (1, 1));
    let d =
        refused(r#"{"spec": "rigc-motion/1", "archetype": "t", "easings": {}, "animations": []}"#);
    expect(&d, "motion.animations.shape", "`animations` is an array of 0; it is a table keyed by animation name, `{ \"<name>\": { \"duration\": …, \"tracks\": [...] } }` (write `{}` for a static rig)", "/animations", (1, 74));
    let d = refused(&motion(r#""": {"duration": 0, "tracks": []}"#));
    expect(
        &d,
        "motion.animation.empty-name",
        "an animation has an empty name",
        "/animations/",
        (4, 1),
    );
    let d = refused(&motion(r#""a": []"#));
    expect(&d, "motion.animation.shape", "`animations.\"a\"` is an array of 0; an animation is an object, `{ \"duration\": <seconds>, \"tracks\": [...] }`", "/animations/a", (4, 6));
}

#[test]
fn animation_fields() {
    let d = refused(&motion(r#""a": {"duration": "1s", "tracks": []}"#));
    expect(&d, "motion.animation.duration", "`animations.\"a\".duration` is the string \"1s\"; a duration is a finite number of seconds — it is checked against the compiled last key (rule R7), and a comparison against a non-number is silently false", "/animations/a/duration", (4, 19));
    let d = refused(&motion(r#""a": {"tracks": []}"#));
    expect(&d, "motion.animation.duration", "`animations.\"a\".duration` is absent; a duration is a finite number of seconds — it is checked against the compiled last key (rule R7), and a comparison against a non-number is silently false", "/animations/a", (4, 6));
    let d = refused(&motion(r#""a": {"duration": -1, "tracks": []}"#));
    expect(
        &d,
        "motion.animation.duration-negative",
        "`animations.\"a\".duration` is -1; a duration is a length of time, so it is not negative",
        "/animations/a/duration",
        (4, 19),
    );
    let d = refused(&motion(
        r#""a": {"duration": 0, "loop": "yes", "tracks": []}"#,
    ));
    expect(&d, "motion.animation.loop", "`animations.\"a\".loop` is the string \"yes\"; it is a player hint, so true or false (absent means the player decides)", "/animations/a/loop", (4, 30));
    let d = refused(&motion(r#""a": {"duration": 0}"#));
    expect(&d, "motion.animation.tracks", "`animations.\"a\".tracks` is absent; it is an array of tracks (write `[]` for an animation whose timelines are all in the families beside it)", "/animations/a", (4, 6));
    let d = refused(&motion(r#""a": {"duration": 0, "tracks": {}}"#));
    expect(&d, "motion.animation.tracks", "`animations.\"a\".tracks` is an object; it is an array of tracks (write `[]` for an animation whose timelines are all in the families beside it)", "/animations/a/tracks", (4, 32));
}

#[test]
fn the_gallery_deform_timelines_parse() {
    // squash states its deform keys as `transform: affine` models (FIGURES.md);
    // none of its timelines is refused by the parser any more.
    let path = super::reference("rigc-gallery/squash/motion.json");
    let text = std::fs::read_to_string(&path).expect("reference motion");
    let spec = parse_str(&text).unwrap_or_else(|d| panic!("{}", super::dump(&d)));
    let keys: usize = spec
        .animations
        .iter()
        .flat_map(|a| &a.deform)
        .map(|t| t.keys.len())
        .sum();
    assert!(keys > 0, "squash keys its ball's deform");
}

#[test]
fn every_gallery_motion_parses_or_is_refused_only_as_not_implemented() {
    for name in ["flex", "look", "nod", "portrait", "ride", "squash", "walk"] {
        let path = super::reference(&format!("rigc-gallery/{name}/motion.json"));
        let text = std::fs::read_to_string(&path).expect("reference motion");
        if let Err(d) = parse_str(&text) {
            let shape: Vec<_> = d
                .iter()
                .filter(|d| d.class != Class::NotImplemented)
                .collect();
            assert!(shape.is_empty(), "{name}:\n{}", super::dump(&d));
        }
    }
}
