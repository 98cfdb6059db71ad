//! The small rigs that make the rules no reference or gallery rig reaches
//! measure on a build (issue #16 item 8): A24 (`invariants.axisBone`), A25
//! (`invariants.detached`) and A43 (a slot `dark` colour, `rgba2` / `rgb2`
//! tracks). Each is the tiny rig with one construct added; each has a
//! positive control (green, the rule PASSes) and a build-level mutant (one
//! change of the rig or motion spec: the rule FAILs with its GATE.md message,
//! placed in the spec, exit 1, nothing written). `rule_audit` builds the green
//! ones among every other build. A42 measures on `sliders`' driven look; its
//! build-level mutant (a slider keying a constraint that updates first) is
//! here too.
//!
//! A43's mutant is an `rgba` track after the `rgba2` track on the same slot:
//! the emitter writes a slot's timelines in the motion spec's track order and
//! spine-core applies them in that order, so the one-colour timeline repaints
//! the light colour the two-colour key states. (With the `rgba` track first,
//! the `rgba2` keys repaint it and A43 PASSes: the file's order is the
//! runtime's.) A two-colour track on a slot with no `dark` cannot reach the
//! gate: the compiler refuses it (`motion.track.dark-without-slot-dark`).

use crate::fixture::{self, MOTION, RIG};
use crate::refusals::pos;
use crate::util::{Project, Run};
use crate::verdicts::{self, Gate, Verdict};

/// The tiny rig's skeleton block, where the fixtures add their `invariants`.
const SKELETON: &str = "\"skeleton\": { \"width\": 200, \"height\": 100 },";

/// The end of the tiny motion's one track, where the fixtures add theirs.
const LAST_KEY: &str = "{ \"t\": 1, \"v\": [0] } ] }";

/// The tiny rig with `add` after its skeleton block.
fn rig_with(add: &str) -> String {
    let rig = RIG.replacen(SKELETON, &format!("{SKELETON}\n  {add},"), 1);
    assert_ne!(rig, RIG);
    rig
}

/// The tiny motion with `tracks` after its one track.
fn motion_with(tracks: &[&str]) -> String {
    let mut add = String::from(LAST_KEY);
    for t in tracks {
        add.push_str(",\n        ");
        add.push_str(t);
    }
    let motion = MOTION.replacen(LAST_KEY, &add, 1);
    assert_ne!(motion, MOTION);
    motion
}

/// The tiny project with `rig` and `motion` for its specs.
fn project(rig: &str, motion: &str) -> Project {
    let p = Project::new();
    fixture::tiny(&p);
    p.write("rig.json", rig);
    p.write("motion.json", motion);
    p
}

/// Builds `p` into `out` under `profile`, its report beside the specs.
pub(crate) fn build(p: &Project, profile: &str) -> (Run, Gate) {
    let run = p.rigc(&fixture::args(
        "out",
        &["--profile", profile, "--report", "report.json"],
    ));
    let gate = verdicts::read(&p.path().join("report.json"), &run);
    (run, gate)
}

// ---- A24: the axis bone's subtree is keyed in axis space ----------------

/// `body` is the axis bone; `head` hangs under it.
const AXIS: &str = "\"invariants\": { \"axisBone\": \"body\" }";

/// A translate of the head along the axis: its `y` is 0.
const ALONG_THE_AXIS: &str = "{ \"bone\": \"head\", \"property\": \"translate\", \"keys\": [ { \"t\": 0, \"v\": [0, 0] }, { \"t\": 1, \"v\": [6, 0] } ] }";

/// The tiny rig with an axis bone, its subtree keyed along the axis (A24).
pub(crate) fn axis() -> Project {
    project(&rig_with(AXIS), &motion_with(&[ALONG_THE_AXIS]))
}

#[test]
fn a24_measures_an_axis_rig_and_fails_a_screen_y_key() {
    let p = axis();
    let code = "A24_AXIS_SPACE_STROKE";
    let (run, gate) = build(&p, "spine-html");
    run.green();
    assert_eq!(gate.of(code), &Verdict::Pass);
    // The mutant: the head's second key leaves the axis by 2 px of screen y.
    let (key, y) = ("{ \"t\": 1, \"v\": [6, 2] }", 2);
    let motion = motion_with(&[&ALONG_THE_AXIS.replace("{ \"t\": 1, \"v\": [6, 0] }", key)]);
    let p = project(&rig_with(AXIS), &motion);
    let (run, gate) = build(&p, "spine-html");
    let message = format!(
        "\"nod\" keys \"head\" translate y={y} at t=1; the axis bone carries the direction, so keys are translateX only"
    );
    let (line, col) = pos(&motion, key, 0);
    red_with(
        &p,
        &run,
        &gate,
        code,
        &message,
        ("motion.json", "/animations/nod/tracks/1/keys/1", line, col),
    );
}

// ---- A25: a detached bone never hangs under the bone it is detached from --

/// The shadow stays on the ground: it must not hang under the body.
const DETACHED: &str = "\"invariants\": { \"detached\": [ { \"bone\": \"shadow\", \"notUnder\": \"body\", \"why\": \"the shadow stays on the ground while the body moves\" } ] }";

/// The shadow bone, on the root.
const SHADOW: &str = "{ \"name\": \"shadow\", \"parent\": \"root\", \"y\": -4 }";

/// The tiny rig's last bone, after which the shadow is declared.
const HEAD_BONE: &str = "{ \"name\": \"head\", \"parent\": \"body\", \"y\": 40, \"rotation\": 5 }";

fn detached_rig(shadow: &str) -> String {
    let rig = rig_with(DETACHED);
    let out = rig.replacen(HEAD_BONE, &format!("{HEAD_BONE},\n    {shadow}"), 1);
    assert_ne!(out, rig);
    out
}

/// The tiny rig with a shadow bone declared detached from the body (A25).
pub(crate) fn detached() -> Project {
    project(&detached_rig(SHADOW), MOTION)
}

#[test]
fn a25_measures_a_detached_bone_and_fails_it_under_its_forbidden_parent() {
    let p = detached();
    let code = "A25_DETACHED_BONE_PARENTAGE";
    let (run, gate) = build(&p, "spine-html");
    run.green();
    assert_eq!(gate.of(code), &Verdict::Pass);
    // The mutant: the shadow hangs under the head, so under the body.
    let moved = SHADOW.replace("\"root\"", "\"head\"");
    let rig = detached_rig(&moved);
    let p = project(&rig, MOTION);
    let (run, gate) = build(&p, "spine-html");
    let message =
        "\"shadow\" is a descendant of \"body\"; it must not be dragged by that bone's motion";
    let (line, col) = pos(&rig, &moved, 0);
    red_with(
        &p,
        &run,
        &gate,
        code,
        message,
        ("rig.json", "/bones/3", line, col),
    );
}

// ---- A43: a two-colour tint loads and poses as written -------------------

/// The light and dark colours of each `rgba2` key on the head (r, g, b, a,
/// r2, g2, b2), at t = 0 and t = 1.
const HEAD_TINT: [[f64; 7]; 2] = [
    [1.0, 0.5, 0.25, 1.0, 0.1, 0.2, 0.3],
    [0.5, 0.5, 0.5, 1.0, 0.0, 0.0, 0.0],
];

/// One key of a track as the fixtures write it.
fn key_text(t: usize, v: &[f64]) -> String {
    let v: Vec<String> = v.iter().map(|x| x.to_string()).collect();
    format!("{{ \"t\": {t}, \"v\": [{}] }}", v.join(", "))
}

/// A track keying `property` of the head's slot at t = 0 and t = 1.
fn head_track(property: &str, values: [&[f64]; 2]) -> String {
    format!(
        "{{ \"slot\": \"head\", \"property\": \"{property}\", \"keys\": [ {}, {} ] }}",
        key_text(0, values[0]),
        key_text(1, values[1])
    )
}

/// The body's `rgb2` track (r, g, b, r2, g2, b2).
const BODY_TINT: &str = "{ \"slot\": \"body\", \"property\": \"rgb2\", \"keys\": [ { \"t\": 0, \"v\": [1, 1, 1, 0, 0, 0] }, { \"t\": 1, \"v\": [0.2, 0.4, 0.6, 0.6, 0.4, 0.2] } ] }";

/// Both slots of the tiny rig with a setup `dark`.
fn tint_rig() -> String {
    let mut rig = RIG.to_string();
    for (slot, dark) in [("body", "102030"), ("head", "203040")] {
        let from = format!("\"attachment\": \"{slot}\" }}");
        let to = format!("\"attachment\": \"{slot}\", \"dark\": \"{dark}\" }}");
        assert!(rig.contains(&from));
        rig = rig.replacen(&from, &to, 1);
    }
    rig
}

/// The tiny rig with dark colours on both slots, keyed by an `rgba2` and an
/// `rgb2` track (A43).
pub(crate) fn tint() -> Project {
    let head = head_track("rgba2", [&HEAD_TINT[0], &HEAD_TINT[1]]);
    project(&tint_rig(), &motion_with(&[&head, BODY_TINT]))
}

/// A channel as the runtime holds a stated hex pair: `round(v·255)/255`.
fn channel(v: f64) -> f64 {
    (v.clamp(0.0, 1.0) * 255.0).round() / 255.0
}

/// `(r, g, b, a)` as A43 prints a colour.
fn channels(v: &[f64]) -> String {
    let parts: Vec<String> = v.iter().map(|c| format!("{c:.4}")).collect();
    format!("({})", parts.join(", "))
}

#[test]
fn a43_measures_a_two_colour_tint_and_fails_it_repainted_by_an_rgba_track() {
    let p = tint();
    let code = "A43_TWO_COLOR_TINT_LOADS_AND_POSES_AS_WRITTEN";
    let (run, gate) = build(&p, "spine");
    run.green();
    assert_eq!(gate.of(code), &Verdict::Pass);
    for (stat, n) in [
        ("darkSlots", 2),
        ("rgba2Timelines", 1),
        ("rgb2Timelines", 1),
    ] {
        assert_eq!(
            gate.stats.get(stat).map(String::as_str),
            Some(&*n.to_string()),
            "{stat}"
        );
    }
    // The renderer ignores a dark colour (A12, spine-html): the same build is
    // red there by A12 alone, and A43 still PASSes.
    let (run, gate) = build(&p, "spine-html");
    run.code(1);
    assert_eq!(gate.of(code), &Verdict::Pass);
    let a12: Vec<&str> = gate
        .failures("A12_NO_DARK_COLOR")
        .iter()
        .map(|f| f.detail.as_str())
        .collect();
    assert!(
        a12.contains(&"slot \"head\" declares a dark colour; the renderer ignores it"),
        "{a12:?}"
    );
    let failed: Vec<&String> = gate
        .verdicts
        .iter()
        .filter(|(_, v)| matches!(v, Verdict::Fail(_)))
        .map(|(c, _)| c)
        .collect();
    assert_eq!(failed, ["A12_NO_DARK_COLOR"]);

    // The mutant: an rgba track after the rgba2 track repaints the head white.
    let white = [1.0, 1.0, 1.0, 1.0];
    let head = head_track("rgba2", [&HEAD_TINT[0], &HEAD_TINT[1]]);
    let motion = motion_with(&[&head, BODY_TINT, &head_track("rgba", [&white, &white])]);
    let p = project(&tint_rig(), &motion);
    let (run, gate) = build(&p, "spine");
    run.code(1);
    assert!(!p.exists("out"), "a red build wrote out/");
    let fails = gate.failures(code);
    assert_eq!(fails.len(), 2, "{fails:?}");
    for (k, (fail, stated)) in fails.iter().zip(HEAD_TINT).enumerate() {
        let light: Vec<f64> = stated[..4].iter().map(|&v| channel(v)).collect();
        let hex: String = light
            .iter()
            .map(|c| format!("{:02x}", (c * 255.0).round() as u8))
            .collect();
        assert_eq!(
            fail.detail,
            format!(
                "animation \"nod\" slot \"head\" rgba2 (t={k}): light posed {}, the key states \"{hex}\" = {}",
                channels(&white),
                channels(&light)
            )
        );
        // Placed at the rgba2 key of the motion spec (track 1, after the nod).
        let (line, col) = pos(&motion, &key_text(k, &stated), 0);
        assert_eq!(
            fail.at,
            Some((
                "motion.json".into(),
                format!("/animations/nod/tracks/1/keys/{k}"),
                line,
                col
            ))
        );
    }
    run.stdout_has(&format!("FAIL  {code}: {}", fails[0].detail));
}

/// Asserts the build of `p` is red by `code` alone, with exactly `message`
/// placed at `at` (`file`, `pointer`, line, column), on the FAIL line too,
/// and that nothing was written.
fn red_with(
    p: &Project,
    run: &Run,
    gate: &Gate,
    code: &str,
    message: &str,
    at: (&str, &str, u64, u64),
) {
    run.code(1)
        .stdout_has(&format!("  FAIL  {code}: {message}\n"))
        .stdout_has(&format!("--> {}:{}:{} at {}", at.0, at.2, at.3, at.1))
        .stderr_has("rigc: 1 assertion(s) failed");
    let fails = gate.failures(code);
    assert_eq!(fails.len(), 1, "{fails:?}");
    assert_eq!(fails[0].detail, message);
    assert_eq!(
        fails[0].at,
        Some((at.0.to_string(), at.1.to_string(), at.2, at.3))
    );
    let failed = gate
        .verdicts
        .values()
        .filter(|v| matches!(v, Verdict::Fail(_)))
        .count();
    assert_eq!(failed, 1, "{code} alone fails");
    assert!(!p.exists("out"), "a red build wrote out/");
}

// ---- A42, at build level: a slider keying a constraint that updates first --

/// `sliders`' driven look measures A42 and PASSes (turn, applied by yaw,
/// keys tilt's mix, later in `constraints`); the mutant has tilt's own
/// animation key yaw's mix too, and yaw updates first. (The emitted-text
/// mutants, the self form, are `sliders`'.)
#[test]
fn a42_fails_a_slider_keying_an_earlier_constraint_at_build_level() {
    let code = "A42_DRIVEN_CONSTRAINTS_UPDATE_AFTER_THEIR_DRIVER";
    let p = crate::sliders::driven_later();
    let (run, gate) = build(&p, "spine");
    run.green();
    assert_eq!(gate.of(code), &Verdict::Pass);
    let mut motion: serde_json::Value =
        serde_json::from_str(&p.read("motion.json")).expect("motion.json");
    let tracks = motion["animations"]["tilt"]["tracks"]
        .as_array_mut()
        .expect("tilt's tracks");
    let index = tracks.len();
    // 0.125 is a key time no other track of look states.
    tracks.push(serde_json::json!({ "slider": "yaw", "property": "mix", "keys": [ { "t": 0.125, "v": [1] } ] }));
    let text = serde_json::to_string_pretty(&motion).expect("text");
    assert_eq!(text.matches("0.125").count(), 1);
    p.write("motion.json", &text);
    std::fs::remove_dir_all(p.path().join("out")).expect("the control's out/");
    // The track's object opens at the second `{` before its one key's time.
    let time = text.find("0.125").unwrap_or(0);
    let open = text[..time]
        .rmatch_indices('{')
        .nth(1)
        .map_or(0, |(i, _)| i);
    let before = &text[..open];
    let line = before.matches('\n').count() as u64 + 1;
    let col = before.rsplit('\n').next().unwrap_or("").chars().count() as u64 + 1;
    let (run, gate) = build(&p, "spine");
    let message = "slider \"tilt\" (constraints[1]) keys the `mix` of slider constraint \"yaw\" (constraints[0]) in animation \"tilt\", and \"yaw\" updates FIRST. The `constraints` array is the update order, so \"yaw\" has already used its value for this frame when the slider writes it. Move \"tilt\" before \"yaw\" in `constraints`, or key `slider.yaw.mix` from a slider that already is";
    red_with(
        &p,
        &run,
        &gate,
        code,
        message,
        (
            "motion.json",
            &format!("/animations/tilt/tracks/{index}"),
            line,
            col,
        ),
    );
}
