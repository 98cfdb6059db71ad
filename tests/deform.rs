//! Deform timelines end to end (FORMAT.md §3.14, §3.14.1): the tiny rig with a
//! bounding box on its head, keyed by `vertices` runs and by `transform` models
//! that the kind plugins evaluate through the ABI — what is emitted, what
//! spine-core poses from it, every refusal class by name with its place and
//! nothing written, a kind plugin that misbehaves (the host survives it), two
//! plugins claiming one kind, a rebuilt kind plugin re-running exactly the
//! animations that call it, and A35 on a compiled rig (a mutant and its
//! positive control).

use crate::fixture;
use crate::util::{self, Project};
use serde_json::Value;

/// The tiny rig plus a slot `hit` on bone `head` holding a 4-vertex bounding
/// box (the square 0..10 in the head bone's space).
fn rig() -> String {
    fixture::RIG
        .replace(
            "{ \"name\": \"head\", \"bone\": \"head\", \"attachment\": \"head\" }",
            "{ \"name\": \"head\", \"bone\": \"head\", \"attachment\": \"head\" },\n    { \"name\": \"hit\", \"bone\": \"head\", \"attachment\": \"hit\" }",
        )
        .replace(
            "\"head\": { \"head\": { \"image\": \"head.png\" } }",
            "\"head\": { \"head\": { \"image\": \"head.png\" } },\n      \"hit\": { \"hit\": { \"type\": \"boundingbox\", \"vertexCount\": 4, \"vertices\": [0, 0, 10, 0, 10, 10, 0, 10] } }",
        )
}

/// The box's setup vertices, in the head bone's space.
const BOX: [(f64, f64); 4] = [(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0)];

/// The tiny motion plus an animation `squeeze` (1 s) whose deform keys are `keys`.
fn motion(keys: &str) -> String {
    motion_with(&format!(
        "{{ \"slot\": \"hit\", \"attachment\": \"hit\", \"keys\": [\n        {keys} ] }}"
    ))
}

/// The tiny motion plus an animation `squeeze` (1 s) whose deform timelines are
/// `tracks`.
fn motion_with(tracks: &str) -> String {
    fixture::MOTION.replace(
        "  \"animations\": {\n",
        &format!(
            "  \"animations\": {{\n    \"squeeze\": {{\n      \"duration\": 1,\n      \"tracks\": [],\n      \"deform\": [ {tracks} ]\n    }},\n"
        ),
    )
}

/// A project of the tiny rig with the box, `keys` on it, and `toml` as its
/// rigc.toml (none when empty).
fn project(keys: &str, toml: &str) -> Project {
    let p = Project::new();
    fixture::tiny(&p);
    p.write("rig.json", rig());
    p.write("motion.json", motion(keys));
    if !toml.is_empty() {
        p.write("rigc.toml", toml);
    }
    p
}

/// `file:line:column` of `needle` in `text`.
fn place(file: &str, text: &str, needle: &str) -> String {
    let at = text.find(needle).expect("the needle is in the spec");
    let line = text[..at].matches('\n').count() + 1;
    let column = text[..at]
        .rsplit('\n')
        .next()
        .map_or(0, |l| l.chars().count())
        + 1;
    format!("{file}:{line}:{column}")
}

fn deform_keys(p: &Project, out: &str) -> Vec<Value> {
    let s: Value = serde_json::from_str(&p.read(&format!("{out}/skeleton.json"))).unwrap();
    s["animations"]["squeeze"]["attachments"]["default"]["hit"]["hit"]["deform"]
        .as_array()
        .expect("the deform timeline")
        .clone()
}

fn nums(v: &Value) -> Vec<f64> {
    util::numbers(v)
}

#[test]
fn an_affine_key_is_emitted_as_its_closed_form_and_spine_core_poses_it() {
    let keys = r#"{ "t": 0 }, { "t": 0.4, "transform": { "kind": "affine", "scale": [1.5, 0.5], "about": [5, 0] }, "ease": "soft" }, { "t": 1, "fromVertex": 2, "vertices": [1, 2, 3, 4] }"#;
    let p = project(keys, "");
    fixture::build(&p, "out").green();
    let keys = deform_keys(&p, "out");
    assert_eq!(keys[0], serde_json::json!({ "time": 0 }));
    // dx = (sx−1)·(x−ax), dy = (sy−1)·(y−ay) over every vertex, from index 0.
    let (sx, sy, ax, ay) = (1.5, 0.5, 5.0, 0.0);
    let want: Vec<f64> = BOX
        .iter()
        .flat_map(|&(x, y)| [(sx - 1.0) * (x - ax), (sy - 1.0) * (y - ay)])
        .collect();
    assert_eq!(keys[1]["time"].as_f64(), Some(0.4));
    assert!(keys[1].get("offset").is_none(), "offset 0 is not written");
    assert_eq!(nums(&keys[1]["vertices"]), want);
    // One curve channel, the blend 0→1 under `soft` [0.25, 0, 0.75, 1].
    let curve = nums(&keys[1]["curve"]);
    let (t1, t2) = (0.4, 1.0);
    let expect = [t1 + (t2 - t1) * 0.25, 0.0, t1 + (t2 - t1) * 0.75, 1.0];
    assert_eq!(curve.len(), 4);
    for (g, w) in curve.iter().zip(expect) {
        assert!((g - w).abs() < 1e-6, "{curve:?}");
    }
    // fromVertex 2 of an unweighted box is deform index 4.
    assert_eq!(keys[2]["offset"], 4);
    assert_eq!(nums(&keys[2]["vertices"]), [1.0, 2.0, 3.0, 4.0]);

    // spine-core at t=0.4: each world vertex is the head bone's transform of
    // (x + dx, y + dy).
    let posed = util::oracle(&[
        p.path().join("out/skeleton.json").to_str().unwrap(),
        p.path().join("out/skeleton.atlas").to_str().unwrap(),
        "squeeze",
        "0.4",
    ])
    .expect("spine-core poses it");
    let frame = &posed["frames"][0];
    let head = frame["bones"]
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["name"] == "head")
        .unwrap();
    let f = |k: &str| head[k].as_f64().unwrap();
    let hit = frame["attachments"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["slot"] == "hit")
        .expect("the box is shown");
    let world = nums(&hit["vertices"]);
    for (v, &(x, y)) in BOX.iter().enumerate() {
        let (lx, ly) = (x + want[2 * v], y + want[2 * v + 1]);
        let wx = f("a") * lx + f("b") * ly + f("worldX");
        let wy = f("c") * lx + f("d") * ly + f("worldY");
        assert!(
            (world[2 * v] - wx).abs() < 1e-3,
            "v{v} x {} vs {wx}",
            world[2 * v]
        );
        assert!(
            (world[2 * v + 1] - wy).abs() < 1e-3,
            "v{v} y {} vs {wy}",
            world[2 * v + 1]
        );
    }
}

#[test]
fn timeline_refusals_are_named_placed_and_write_nothing() {
    const AT: &str = "animation \"squeeze\" deform";
    for (tracks, needle, message) in [
        (
            r#"{ "skin": "winter", "slot": "hit", "attachment": "hit", "keys": [{ "t": 1 }] }"#,
            "\"winter\"",
            format!("{AT} winter/hit/hit: this rig emits no skin called \"winter\" (it emits: default)"),
        ),
        (
            r#"{ "slot": "hut", "attachment": "hit", "keys": [{ "t": 1 }] }"#,
            "\"hut\"",
            format!("{AT} default/hut/hit: skin \"default\" gives slot \"hut\" no attachments, and this rig does not declare that slot at all"),
        ),
        (
            r#"{ "slot": "hit", "attachment": "hat", "keys": [{ "t": 1 }] }"#,
            "\"hat\"",
            format!("{AT} default/hit/hat: slot \"hit\" in skin \"default\" has no attachment \"hat\" (it has: hit)"),
        ),
        (
            r#"{ "slot": "head", "attachment": "head", "keys": [{ "t": 1 }] }"#,
            "\"head\", \"keys\"",
            format!("{AT} default/head/head: a deform timeline keys the vertices of an attachment, and this one is a \"region\" — it has no vertex array to deform."),
        ),
        (
            r#"{ "slot": "hit", "attachment": "hit", "keys": [] }"#,
            "[] }",
            format!("{AT} default/hit/hit: no keys"),
        ),
        (
            r#"{ "slot": "hit", "attachment": "hit", "keys": [{ "t": 1 }] }, { "attachment": "hit", "slot": "hit", "keys": [{ "t": 1 }] }"#,
            "\"hit\", \"slot\"",
            format!("{AT} default/hit/hit: two deform timelines on one attachment; merge them into one"),
        ),
    ] {
        let p = Project::new();
        fixture::tiny(&p);
        p.write("rig.json", rig());
        p.write("motion.json", motion_with(tracks));
        let run = fixture::build(&p, "out");
        let at = place("motion.json", &p.read("motion.json"), needle);
        run.code(1).stderr_has(&message).stderr_has(&format!("--> {at}"));
        assert!(!p.exists("out"), "a refused build wrote its output");
    }
}

#[test]
fn key_refusals_are_named_placed_and_write_nothing() {
    // Each class of key: shape refusals of the parser, compile refusals of the
    // stage, a kind's own refusal, an unknown kind.
    for (keys, needle, message) in [
        (
            r#"{ "t": 0, "offset": 3, "vertices": [1, 2] }, { "t": 1 }"#,
            "3, \"vertices",
            "animation \"squeeze\" deform default/hit/hit (t=0): offset 3 is odd. The deform array is x, y pairs, so an odd start puts every x of this run on a y",
        ),
        (
            r#"{ "t": 0, "offset": 2, "fromVertex": 1, "vertices": [1, 2] }, { "t": 1 }"#,
            "2, \"fromVertex",
            "animation \"squeeze\" deform default/hit/hit (t=0): a key gives its start as \"offset\" (an index into the deform array) or as \"fromVertex\" (a vertex index rigc translates), never both",
        ),
        (
            r#"{ "t": 0, "fromVertex": 1 }, { "t": 1 }"#,
            "1 }, { \"t\": 1",
            "animation \"squeeze\" deform default/hit/hit (t=0): the key has no \"vertices\", which is the format's way of saying \"back to the setup pose\"",
        ),
        (
            r#"{ "t": 0, "fromVertex": 3, "vertices": [1, 2, 3, 4] }, { "t": 1 }"#,
            "3, \"vertices",
            "animation \"squeeze\" deform default/hit/hit (t=0): fromVertex 3 plus 2 vertex offset(s) runs to vertex 4, and the attachment has 4",
        ),
        (
            r#"{ "t": 0, "vertices": [1, 2], "transform": { "kind": "affine", "scale": [2, 2] } }, { "t": 1 }"#,
            "{ \"kind\": \"affine\"",
            "animation \"squeeze\" deform default/hit/hit (t=0): the key carries both a \"transform\" and a \"vertices\" run, and they are two answers to one question",
        ),
        (
            r#"{ "t": 0, "fromVertex": 0, "transform": { "kind": "affine", "scale": [2, 2] } }, { "t": 1 }"#,
            "0, \"transform",
            "animation \"squeeze\" deform default/hit/hit (t=0): the key states a \"transform\" and a start index. A transform is a model of the whole attachment and is evaluated over all 4 of its vertices, so it always starts at deform index 0",
        ),
        (
            r#"{ "t": 0, "transform": { "kind": "yaw", "depth": true, "degrees": 12 } }, { "t": 1 }"#,
            "{ \"kind\": \"yaw\"",
            "animation \"squeeze\" deform default/hit/hit (t=0): transform yaw states \"depth\": true, and default/hit/hit has no depth map",
        ),
        (
            r#"{ "t": 0, "transform": { "kind": "wave", "amplitude": 2, "wavelength": 20, "along": "x", "axis": "x" } }, { "t": 1 }"#,
            "{ \"kind\": \"wave\"",
            "animation \"squeeze\" deform default/hit/hit (t=0): transform wave",
        ),
        (
            r#"{ "t": 0, "vertices": [1, 2, 3] }, { "t": 1 }"#,
            "[1, 2, 3]",
            "animation \"squeeze\" deform default/hit/hit (t=0): \"vertices\" holds 3 numbers; the deform array is x, y PAIRS",
        ),
        (
            r#"{ "t": 0, "offset": 4, "vertices": [1, 2, 3, 4, 5, 6] }, { "t": 1 }"#,
            "[1, 2, 3, 4, 5, 6]",
            "animation \"squeeze\" deform default/hit/hit (t=0): the run starts at deform index 4 and is 6 long, which ends at 10; this attachment's deform array is 8 long (4 vertices).",
        ),
        (
            r#"{ "t": 0, "transform": { "kind": "affine", "scale": [1, -1] } }, { "t": 1 }"#,
            "{ \"kind\": \"affine\"",
            "animation \"squeeze\" deform default/hit/hit (t=0): transform affine has scale [1, -1], whose determinant is -1",
        ),
        (
            r#"{ "t": 0, "transform": { "kind": "squish" } }, { "t": 1 }"#,
            "\"squish\"",
            "animation \"squeeze\" deform default/hit/hit (t=0): no plugin of this build provides the deform kind \"squish\" (the kinds: yaw, pitch, affine, wave, bend)",
        ),
        (
            r#"{ "t": 0.5 }, { "t": 0.5 }, { "t": 1 }"#,
            "0.5 }, { \"t\": 1",
            "animation \"squeeze\" deform default/hit/hit: key times must strictly increase (at t=0.5)",
        ),
        (
            r#"{ "t": 0 }, { "t": 1.5 }"#,
            "1.5",
            "animation \"squeeze\" deform default/hit/hit: key at 1.5s is 0.5s past the declared duration 1s",
        ),
    ] {
        let p = project(keys, "");
        let run = fixture::build(&p, "out");
        run.code(1)
            .stderr_has(message)
            .stderr_has(&format!("--> {}", place("motion.json", &p.read("motion.json"), needle)));
        assert!(!p.exists("out"), "a refused build wrote its output");
    }
}

fn misbehave_toml() -> String {
    "[project]\nplugins = [\"plugins/libmisbehave.so\"]\n".to_string()
}

fn with_misbehave(keys: &str) -> Project {
    let p = project(keys, &misbehave_toml());
    let lib = util::plugin_library("rigc-test-misbehave");
    p.write("plugins/libmisbehave.so", std::fs::read(lib).unwrap());
    p
}

const SHIFT: &str =
    r#"{ "t": 0, "transform": { "kind": "shift", "dx": 2, "dy": -3 } }, { "t": 1 }"#;

#[test]
fn a_kind_plugin_that_misbehaves_is_refused_by_name_and_the_host_survives() {
    let p = with_misbehave(SHIFT);
    let args = fixture::build_args("out");
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    // Well behaved, the kind runs from rigc.toml's library.
    util::run_env(p.path(), &args, &[("RIGC_TEST_PLUGIN", "")]).green();
    assert_eq!(
        nums(&deform_keys(&p, "out")[0]["vertices"]),
        [2.0, -3.0].repeat(4)
    );
    for (mode, what) in [
        ("deform-panic", "deform kind \"shift\" of plugin \"misbehave\" panicked: the shift kind was asked to panic"),
        ("deform-short", "deform kind \"shift\" of plugin \"misbehave\" answered 3 offset(s) for the 4 vertices of default/hit/hit"),
        ("deform-huge", "deform kind \"shift\" of plugin \"misbehave\" answered the offset (1e+39, 0) for vertex 0, which no float32 holds"),
    ] {
        // A fresh project each time: a kind's answer is cached like any stage's.
        let p = with_misbehave(SHIFT);
        let run = util::run_env(p.path(), &args, &[("RIGC_TEST_PLUGIN", mode)]);
        run.code(1)
            .stderr_has(what)
            .stderr_has(&format!("--> {}", place("motion.json", &p.read("motion.json"), "\"shift\"")));
        assert!(!p.exists("out"), "{mode}: a refused build wrote its output");
    }
}

#[test]
fn two_plugins_claiming_one_kind_are_refused_in_rigc_toml() {
    let p = project(SHIFT, "[project]\nplugins = [\"plugins/libdeforms.so\"]\n");
    let lib = util::plugin_library("rigc-core-deforms-dylib");
    p.write("plugins/libdeforms.so", std::fs::read(lib).unwrap());
    fixture::build(&p, "out")
        .code(1)
        .stderr_has("both provide deform kind \"yaw\"; one deform kind, one author")
        .stderr_has("rigc.toml:2:");
    assert!(!p.exists("out"));
}

#[test]
fn a_rebuilt_kind_plugin_reruns_exactly_the_animations_that_call_it() {
    let p = with_misbehave(SHIFT);
    let report = |p: &Project| -> Vec<String> {
        let args = fixture::args("out", &["--report", "r.json"]);
        util::run_env(p.path(), &args, &[("RIGC_TEST_PLUGIN", "")]).green();
        let r: Value = serde_json::from_str(&p.read("r.json")).unwrap();
        r["targets"][0]["stages"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|s| s["ran"] == true)
            .map(|s| s["stage"].as_str().unwrap().to_string())
            .collect()
    };
    report(&p);
    assert!(report(&p).is_empty(), "a second build runs nothing");
    // Other bytes, same behaviour: a trailing byte the loader ignores.
    let path = p.path().join("plugins/libmisbehave.so");
    let mut bytes = std::fs::read(&path).unwrap();
    bytes.push(0);
    std::fs::write(&path, bytes).unwrap();
    let ran = report(&p);
    assert!(ran.contains(&"animation:squeeze".to_string()), "{ran:?}");
    assert!(!ran.contains(&"animation:nod".to_string()), "{ran:?}");
    // The same answer: nothing downstream of the animation ran again.
    assert!(!ran.iter().any(|s| s.starts_with("emit:")), "{ran:?}");
}

#[test]
fn a35_holds_on_a_compiled_deform_and_fails_its_mutant() {
    let p = project(
        r#"{ "t": 0, "fromVertex": 2, "vertices": [1, 2, 3, 4] }, { "t": 1 }"#,
        "",
    );
    fixture::build(&p, "out")
        .green()
        .stdout_has("PASS  A35_DEFORM_KEYS_FIT_THE_ATTACHMENT");
    p.rigc(&["validate", "out"])
        .green()
        .stdout_has("PASS  A35_DEFORM_KEYS_FIT_THE_ATTACHMENT");
    // The mutant: the run moved two places on, past the 8-long array.
    let text = p.read("out/skeleton.json");
    let mutant = text.replacen("\"offset\": 4", "\"offset\": 6", 1);
    assert_ne!(mutant, text, "the emitted run states its offset");
    p.write("out/skeleton.json", mutant);
    p.rigc(&["validate", "out"])
        .code(1)
        .stdout_has("FAIL  A35_DEFORM_KEYS_FIT_THE_ATTACHMENT");
}

#[test]
fn the_studio_kind_from_rigc_toml_is_posed_by_spine_core() {
    // rigc-studio-example's `breathe` (its crate doc): for r = |p − about| < radius,
    // d = (amount/radius)·(1 − r²/radius²)·(p − about).
    let keys = r#"{ "t": 0 }, { "t": 0.5, "transform": { "kind": "breathe", "amount": 3, "radius": 12, "about": [4, 5] } }, { "t": 1 }"#;
    let p = project(keys, "[project]\nplugins = [\"plugins/libstudio.so\"]\n");
    let lib = util::plugin_library("rigc-studio-example");
    p.write("plugins/libstudio.so", std::fs::read(lib).unwrap());
    fixture::build(&p, "out").green();
    let (amount, radius, about) = (3.0_f64, 12.0_f64, (4.0, 5.0));
    let want: Vec<f64> = BOX
        .iter()
        .flat_map(|&(x, y)| {
            let (px, py) = (x - about.0, y - about.1);
            let r2 = px * px + py * py;
            let s = (amount / radius) * (1.0 - r2 / (radius * radius));
            [s * px, s * py]
        })
        .collect();
    let emitted = nums(&deform_keys(&p, "out")[1]["vertices"]);
    for (g, w) in emitted.iter().zip(&want) {
        assert!((g - w).abs() <= 5e-7, "{emitted:?} vs {want:?}");
    }
    // spine-core halfway between the swell (t=0.5) and the setup (t=1): the
    // linear blend is half the run.
    let posed = util::oracle(&[
        p.path().join("out/skeleton.json").to_str().unwrap(),
        p.path().join("out/skeleton.atlas").to_str().unwrap(),
        "squeeze",
        "0.75",
    ])
    .expect("spine-core poses it");
    let frame = &posed["frames"][0];
    let head = frame["bones"]
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["name"] == "head")
        .unwrap();
    let f = |k: &str| head[k].as_f64().unwrap();
    let hit = frame["attachments"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["slot"] == "hit")
        .expect("the box is shown");
    let world = nums(&hit["vertices"]);
    for (v, &(x, y)) in BOX.iter().enumerate() {
        let (lx, ly) = (x + 0.5 * want[2 * v], y + 0.5 * want[2 * v + 1]);
        let wx = f("a") * lx + f("b") * ly + f("worldX");
        let wy = f("c") * lx + f("d") * ly + f("worldY");
        assert!(
            (world[2 * v] - wx).abs() < 1e-3,
            "v{v} x {} vs {wx}",
            world[2 * v]
        );
        assert!(
            (world[2 * v + 1] - wy).abs() < 1e-3,
            "v{v} y {} vs {wy}",
            world[2 * v + 1]
        );
    }
}
