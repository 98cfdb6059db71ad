//! The reference rig `ride` (a path attachment and a path constraint, keyed
//! by a `position` timeline), read from `../shared/reference`, never copied
//! into the repository: it builds green under both profiles with A33's path
//! clause and A36 measured; spine-core reads back the `lengths` FIGURES.md
//! states and poses the trolley at its stated world positions, turned by the
//! knot tangents computed here from the rail's control points; `explain`
//! prints the `curve:` line. Then one test per refusal class of path
//! attachments, path constraints and path tracks: message, location, exit
//! code, nothing written.

use crate::refusals::pos;
use crate::util::{self, Project, Run};
use serde_json::Value;

/// A project holding ride's rig, motion and parts at its root, the rig and
/// the motion passed through `rig` and `motion`; returns the texts written.
fn ride(rig: impl Fn(&mut Value), motion: impl Fn(&mut Value)) -> (Project, String, String) {
    let p = Project::new();
    p.copy_dir(&util::shared().join("reference/rigc-gallery/ride"), "");
    let mut r: Value = serde_json::from_str(&p.read("rig.json")).unwrap();
    let mut m: Value = serde_json::from_str(&p.read("motion.json")).unwrap();
    rig(&mut r);
    motion(&mut m);
    let (r, m) = (
        serde_json::to_string_pretty(&r).unwrap(),
        serde_json::to_string_pretty(&m).unwrap(),
    );
    p.write("rig.json", &r);
    p.write("motion.json", &m);
    (p, r, m)
}

fn build(p: &Project, extra: &[&str]) -> Run {
    p.rigc(&crate::fixture::args("out", extra))
}

/// The rail's control points, `x, y` per vertex, as the rig states them.
fn rail(rig: &Value) -> Vec<f64> {
    rig["skins"]["default"]["track"]["track"]["vertices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_f64().unwrap())
        .collect()
}

fn num(v: &Value) -> f64 {
    v.as_f64().unwrap_or_else(|| panic!("not a number: {v}"))
}

#[test]
fn ride_builds_green_under_both_profiles_with_its_path_rules_measured() {
    let (p, _, _) = ride(|_| {}, |_| {});
    for profile in ["spine", "spine-html"] {
        let run = build(&p, &["--profile", profile]);
        run.green()
            .stdout_has("  PASS  A33_VERTEX_ATTACHMENT_GEOMETRY")
            .stdout_has("  PASS  A36_PATH_CONSTRAINT_EFFECTIVE")
            .stdout_has("  PASS  A34_CONSTRAINT_TIMELINE_TARGETS")
            .stdout_lacks("FAIL");
    }
    // FIGURES.md: 17 bones, 18 slots, 2 animations, 18 regions, no meshes.
    build(&p, &[]).green().stdout_has(
        "pages=18 regions=18 bones=17 slots=18 animations=2 version=4.3.13 regionAttachments=18 meshAttachments=0",
    );
    let skeleton: Value = serde_json::from_str(&p.read("out/skeleton.json")).unwrap();
    let track = &skeleton["skins"][0]["attachments"]["track"]["track"];
    let keys: Vec<&str> = track
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    // FORMAT.md §5.3: type, closed?, constantSpeed?, vertexCount, vertices, lengths, color?
    assert_eq!(
        keys,
        ["type", "vertexCount", "vertices", "lengths", "color"]
    );
    let ride = &skeleton["animations"]["ride"]["path"]["ride"]["position"];
    assert_eq!(ride.as_array().map(Vec::len), Some(3), "{ride}");
}

/// FIGURES.md ride: the loaded `lengths` are `[430.83893, 838.0142,
/// 1127.7358, 0]` (vertexCount / 3 entries, the last 0), spine-core's own
/// read of our file.
#[test]
fn spine_core_reads_back_the_measured_lengths() {
    let (p, _, _) = ride(|_| {}, |_| {});
    build(&p, &[]).green();
    let out = p.path().join("out");
    let posed = util::oracle(&[
        out.join("skeleton.json").to_str().unwrap(),
        out.join("skeleton.atlas").to_str().unwrap(),
        "coast",
        "0",
    ])
    .unwrap_or_else(|e| panic!("spine-core: {e}"));
    let track = posed["frames"][0]["attachments"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["type"] == "path")
        .expect("the path attachment is shown");
    let lengths: Vec<f64> = track["lengths"]
        .as_array()
        .unwrap()
        .iter()
        .map(num)
        .collect();
    assert_eq!(lengths, [430.83893, 838.0142, 1127.7358, 0.0]);
    assert_eq!(
        (&track["closed"], &track["constantSpeed"]),
        (&Value::Bool(false), &Value::Bool(true))
    );
}

/// FIGURES.md ride: spine-core poses `coast`'s trolley (bone `cart`, the
/// constrained bone) at (150, 360) at t=0, (642.680, 197.574) at t=1 and
/// (1150, 230) at t=2; at both ends its world rotation is the knot's tangent,
/// computed here from the rail's first and last knots and their handles.
#[test]
fn spine_core_rides_the_trolley_along_the_rail() {
    let (p, rig, _) = ride(|_| {}, |_| {});
    build(&p, &[]).green();
    let out = p.path().join("out");
    let posed = util::oracle(&[
        out.join("skeleton.json").to_str().unwrap(),
        out.join("skeleton.atlas").to_str().unwrap(),
        "coast",
        "0,1,2",
    ])
    .unwrap_or_else(|e| panic!("spine-core: {e}"));
    let cart = |i: usize| {
        posed["frames"][i]["bones"]
            .as_array()
            .unwrap()
            .iter()
            .find(|b| b["name"] == "cart")
            .cloned()
            .expect("cart")
    };
    let v = rail(&serde_json::from_str(&rig).unwrap());
    let n = v.len();
    // Open path: vertex 0 is the first knot's in-handle, 1 the knot, 2 its
    // out-handle; the last knot is vertex n/2 - 2, its in-handle n/2 - 3.
    let start_tangent = (v[5] - v[3]).atan2(v[4] - v[2]).to_degrees();
    let end_tangent = (v[n - 3] - v[n - 5])
        .atan2(v[n - 4] - v[n - 6])
        .to_degrees();
    for (i, (x, y), turn) in [
        (0, (150.0, 360.0), Some(start_tangent)),
        (1, (642.680, 197.574), None),
        (2, (1150.0, 230.0), Some(end_tangent)),
    ] {
        let b = cart(i);
        let (wx, wy) = (num(&b["worldX"]), num(&b["worldY"]));
        assert!(
            (wx - x).abs() < 5e-4 && (wy - y).abs() < 5e-4,
            "t={i}: cart at ({wx}, {wy}), FIGURES.md says ({x}, {y})"
        );
        if let Some(turn) = turn {
            let r = num(&b["c"]).atan2(num(&b["a"])).to_degrees();
            assert!(
                (r - turn).abs() < 1e-4,
                "t={i}: cart turned {r}°, the knot tangent is {turn}°"
            );
        }
    }
    // The knots are where the trolley starts and ends.
    assert_eq!((v[2], v[3]), (150.0, 360.0));
    assert_eq!((v[n - 4], v[n - 3]), (1150.0, 230.0));
}

#[test]
fn explain_prints_the_path_constraint_and_its_curve() {
    let (p, _, _) = ride(|_| {}, |_| {});
    p.rigc(&[
        "explain",
        "--rig",
        "rig.json",
        "--motion",
        "motion.json",
        "--out",
        "out",
    ])
    .code(0)
    .stdout_has("path constraints\n  ride         target=track bones=[cart] modes=percent/percent/tangent\n    curve: 3 curve(s), 1127.7358 long, open, constantSpeed=true\n")
    .stdout_has("    path.ride.position  3 key(s)");
    assert!(!p.exists("out/skeleton.json"), "explain writes nothing");
}

/// One refusal: exit 1, the diagnostic with `code` and `message` placed at
/// `file` `pointer` `at`, and no `--out`.
fn refused(p: &Project, code: &str, message: &str, file: &str, pointer: &str, at: (u64, u64)) {
    let run = build(p, &["--message-format", "json"]);
    run.code(1);
    let d = run
        .json_diagnostics()
        .into_iter()
        .find(|d| d["code"] == code)
        .unwrap_or_else(|| panic!("no {code} among:\n{}", run.stderr));
    assert_eq!(d["message"], format!("{file}: {message}"), "{d}");
    assert_eq!(
        (d["file"].as_str(), d["pointer"].as_str()),
        (Some(file), Some(pointer)),
        "{d}"
    );
    assert_eq!(
        (
            d["line"].as_u64().unwrap_or(0),
            d["column"].as_u64().unwrap_or(0)
        ),
        at,
        "{d}"
    );
    assert!(!p.exists("out"), "a refused build created --out");
}

/// [`pos`] of the first `needle` after each of `anchors` in turn.
fn pos_after(text: &str, anchors: &[&str], needle: &str, skip: usize) -> (u64, u64) {
    let mut at = 0;
    for a in anchors.iter().chain([&needle]) {
        at += text[at..]
            .find(a)
            .unwrap_or_else(|| panic!("{a:?} not in the text"));
    }
    let before = &text[..at];
    let line = before.matches('\n').count() as u64 + 1;
    let col = before.rsplit('\n').next().unwrap_or("").chars().count() as u64 + 1;
    (line, col + skip as u64)
}

const TRACK: &str = "/skins/default/track/track";

fn track(r: &mut Value) -> &mut Value {
    &mut r["skins"]["default"]["track"]["track"]
}

fn constraint(r: &mut Value) -> &mut Value {
    &mut r["constraints"][0]
}

#[test]
fn a_vertex_count_not_a_multiple_of_3_is_refused() {
    let (p, rig, _) = ride(
        |r| {
            let t = track(r);
            t["vertexCount"] = 11.into();
            t["vertices"].as_array_mut().unwrap().truncate(22);
        },
        |_| {},
    );
    refused(
        &p,
        "rig.path.vertex-count",
        "skin \"default\" slot \"track\" attachment \"track\": vertexCount is 11, which is not a multiple of 3. A path's vertices are knots of three (a handle, the point, a handle), and the runtime reads vertexCount / 3 curve lengths",
        "rig.json",
        &format!("{TRACK}/vertexCount"),
        pos(&rig, "\"vertexCount\": 11", 15),
    );
}

#[test]
fn an_open_path_of_one_knot_is_refused() {
    let (p, rig, _) = ride(
        |r| {
            let t = track(r);
            t["vertexCount"] = 3.into();
            t["vertices"].as_array_mut().unwrap().truncate(6);
        },
        |_| {},
    );
    refused(
        &p,
        "rig.path.vertex-count",
        "skin \"default\" slot \"track\" attachment \"track\": vertexCount is 3 and an open path needs at least 6 — two knots make its one curve",
        "rig.json",
        &format!("{TRACK}/vertexCount"),
        pos(&rig, "\"vertexCount\": 3", 15),
    );
}

#[test]
fn authored_lengths_are_refused() {
    let (p, rig, _) = ride(
        |r| track(r)["lengths"] = serde_json::json!([1, 2, 3]),
        |_| {},
    );
    refused(
        &p,
        "rig.path.lengths-authored",
        "skin \"default\" slot \"track\" attachment \"track\": \"lengths\" is not authored — rigc measures the setup arc length of each curve off the geometry, the same way it measures a region's size off its PNG. A table written by hand goes stale the moment a vertex moves, and the runtime trusts it for every bone it places on a path that is not constant speed.",
        "rig.json",
        &format!("{TRACK}/lengths"),
        pos(&rig, "\"lengths\": [", 11),
    );
}

#[test]
fn a_path_of_zero_length_is_refused() {
    let (p, rig, _) = ride(
        |r| {
            for v in track(r)["vertices"].as_array_mut().unwrap() {
                *v = 5.into();
            }
        },
        |_| {},
    );
    refused(
        &p,
        "setup.path-zero-length",
        "skin \"default\" slot \"track\" attachment \"track\": the geometry measures 3 curve(s) of total length 0; a path of zero length divides by zero the first time a bone is placed on it",
        "rig.json",
        TRACK,
        pos(&rig, "\"track\": {\n          \"type\": \"path\"", 9),
    );
}

#[test]
fn a_mode_in_the_wrong_case_is_refused() {
    let (p, rig, _) = ride(
        |r| constraint(r)["rotateMode"] = "CHAINSCALE".into(),
        |_| {},
    );
    refused(
        &p,
        "rig.path.mode-unknown",
        "rig constraint \"ride\": rotateMode is \"CHAINSCALE\"; known: Tangent, Chain, ChainScale (only the first letter's case is free — the runtime folds the case of the first letter and of nothing else, and an unknown mode throws when the skeleton loads)",
        "rig.json",
        "/constraints/0/rotateMode",
        pos(&rig, "\"CHAINSCALE\"", 0),
    );
}

#[test]
fn a_path_constraint_without_a_slot_is_refused() {
    let (p, rig, _) = ride(
        |r| {
            constraint(r).as_object_mut().unwrap().remove("slot");
        },
        |_| {},
    );
    refused(
        &p,
        "rig.path.slot-missing",
        "rig constraint \"ride\": a path constraint needs a \"slot\" — the slot whose path attachment its bones follow",
        "rig.json",
        "/constraints/0",
        pos(&rig, "{\n      \"name\": \"ride\",\n      \"type\": \"path\"", 0),
    );
}

#[test]
fn a_path_constraint_on_an_undeclared_slot_is_refused() {
    let (p, rig, _) = ride(|r| constraint(r)["slot"] = "trak".into(), |_| {});
    refused(
        &p,
        "rig.path.slot-undeclared",
        "rig constraint \"ride\": slot names \"trak\", which the rig does not declare as a slot",
        "rig.json",
        "/constraints/0/slot",
        pos(&rig, "\"trak\"", 0),
    );
}

#[test]
fn a_path_constraint_on_a_slot_with_no_path_is_refused() {
    let (p, rig, _) = ride(|r| constraint(r)["slot"] = "rail".into(), |_| {});
    refused(
        &p,
        "rig.path.slot-has-no-path",
        "rig constraint \"ride\": slot \"rail\" has no path attachment in any skin, so the constraint has no curve to follow — the runtime loads it and it does nothing. Give that slot an attachment with \"type\": \"path\".",
        "rig.json",
        "/constraints/0/slot",
        pos(&rig, "\"slot\": \"rail\"", 8),
    );
}

/// The first track of animation `coast` (its `position` track).
fn coast_track(m: &mut Value) -> &mut Value {
    &mut m["animations"]["coast"]["tracks"][0]
}

#[test]
fn a_path_property_that_is_no_timeline_is_refused() {
    let (p, _, motion) = ride(|_| {}, |m| coast_track(m)["property"] = "speed".into());
    refused(
        &p,
        "motion.path.property-unknown",
        "`animations.\"coast\".tracks[0]`: a path constraint's timelines are position, spacing, mix; \"speed\" is not one of them",
        "motion.json",
        "/animations/coast/tracks/0/property",
        pos(&motion, "\"speed\"", 0),
    );
}

#[test]
fn a_path_value_of_the_wrong_width_is_refused() {
    let (p, _, motion) = ride(
        |_| {},
        |m| coast_track(m)["keys"][1]["v"] = serde_json::json!([1, 1]),
    );
    refused(
        &p,
        "motion.path.value-shape",
        "animation \"coast\" path constraint \"ride\" position (t=2): v is an array of 2; a path position key's v is an array of 1 number(s): [value]",
        "motion.json",
        "/animations/coast/tracks/0/keys/1/v",
        pos_after(&motion, &["\"coast\"", "\"t\": 2"], "\"v\": [", 5),
    );
}

#[test]
fn a_path_track_with_a_second_target_is_refused() {
    let (p, _, motion) = ride(|_| {}, |m| coast_track(m)["stagger"] = 0.1.into());
    refused(
        &p,
        "motion.path.track-shape",
        "`animations.\"coast\".tracks[0].stagger`: a path track keys one path constraint, named by \"path\", and states \"stagger\" too — a track has one target, and a path timeline has no members to stagger",
        "motion.json",
        "/animations/coast/tracks/0/stagger",
        pos_after(&motion, &["\"coast\""], "\"stagger\": 0.1", 11),
    );
}

#[test]
fn a_path_track_on_an_unknown_constraint_is_refused() {
    let (p, _, motion) = ride(|_| {}, |m| coast_track(m)["path"] = "rid".into());
    refused(
        &p,
        "motion.constraint.unknown",
        "animation \"coast\" keys unknown path constraint \"rid\"; the rig declares path constraint(s): ride",
        "motion.json",
        "/animations/coast/tracks/0/path",
        pos(&motion, "\"rid\"", 0),
    );
}

/// A deform timeline on the path attachment moves the curve the constraint's
/// bones follow: the rail's first knot (vertex 1) is keyed by (12, −20) all
/// through `coast`, so spine-core starts the trolley at the moved knot,
/// turned along the new knot → out-handle tangent, and ends it at the last
/// knot, which no key moves. A35 measures the timeline against the rail's
/// vertex array.
#[test]
fn a_deform_timeline_on_a_path_moves_the_curve_the_trolley_rides() {
    let (dx, dy) = (12.0, -20.0);
    let (p, rig, _) = ride(
        |_| {},
        |m| {
            m["animations"]["coast"]["deform"] = serde_json::json!([{
                "slot": "track", "attachment": "track",
                "keys": [{ "t": 0, "fromVertex": 1, "vertices": [dx, dy] }, { "t": 2, "fromVertex": 1, "vertices": [dx, dy] }]
            }]);
        },
    );
    build(&p, &[])
        .green()
        .stdout_has("PASS  A35_DEFORM_KEYS_FIT_THE_ATTACHMENT");
    let skeleton: Value = serde_json::from_str(&p.read("out/skeleton.json")).unwrap();
    let keys =
        &skeleton["animations"]["coast"]["attachments"]["default"]["track"]["track"]["deform"];
    assert_eq!(keys[0]["offset"], 2, "{keys}");
    let out = p.path().join("out");
    let posed = util::oracle(&[
        out.join("skeleton.json").to_str().unwrap(),
        out.join("skeleton.atlas").to_str().unwrap(),
        "coast",
        "0,2",
    ])
    .unwrap_or_else(|e| panic!("spine-core: {e}"));
    let cart = |i: usize| {
        posed["frames"][i]["bones"]
            .as_array()
            .unwrap()
            .iter()
            .find(|b| b["name"] == "cart")
            .cloned()
            .expect("cart")
    };
    let v = rail(&serde_json::from_str(&rig).unwrap());
    let n = v.len();
    // The track's slot is on root, at the origin and unturned: the deform
    // offsets are world offsets.
    let (kx, ky) = (v[2] + dx, v[3] + dy);
    let start_tangent = (v[5] - ky).atan2(v[4] - kx).to_degrees();
    for (i, (x, y)) in [(0, (kx, ky)), (1, (v[n - 4], v[n - 3]))] {
        let b = cart(i);
        let (wx, wy) = (num(&b["worldX"]), num(&b["worldY"]));
        assert!(
            (wx - x).abs() < 5e-4 && (wy - y).abs() < 5e-4,
            "frame {i}: cart at ({wx}, {wy}), the deformed rail puts it at ({x}, {y})"
        );
    }
    let b = cart(0);
    let r = num(&b["c"]).atan2(num(&b["a"])).to_degrees();
    assert!(
        (r - start_tangent).abs() < 1e-4,
        "cart turned {r}°, the moved knot's tangent is {start_tangent}°"
    );
    // A run past the rail's array is refused before it is written.
    let (p, _, _) = ride(
        |_| {},
        |m| {
            m["animations"]["coast"]["deform"] = serde_json::json!([{
                "slot": "track", "attachment": "track",
                "keys": [{ "t": 0, "fromVertex": (n / 2), "vertices": [1, 1] }]
            }]);
        },
    );
    let run = build(&p, &["--message-format", "json"]);
    run.code(1);
    assert!(!p.exists("out"));
    let d = run
        .json_diagnostics()
        .into_iter()
        .find(|d| {
            d["pointer"]
                .as_str()
                .is_some_and(|s| s.starts_with("/animations/coast/deform/0"))
        })
        .unwrap_or_else(|| panic!("no refusal at the deform among:\n{}", run.stderr));
    assert_eq!(d["file"], "motion.json", "{d}");
}

/// FORMAT.md §3.15 and §5.4: a path `mix` key writes all three channels and
/// its named easing as one 4-number Bézier per channel (12 in all); a
/// `spacing` key writes `value`. Each curve point is computed here from the
/// motion's `glide` handles.
#[test]
fn mix_and_spacing_timelines_are_written_at_path_constraint_timeline() {
    let (p, _, motion) = ride(
        |_| {},
        |m| {
            let tracks = m["animations"]["coast"]["tracks"].as_array_mut().unwrap();
            tracks.push(
                serde_json::json!({ "path": "ride", "property": "mix", "keys": [
                { "t": 0, "v": [0, 0.5, 0.25], "ease": "glide" }, { "t": 2, "v": [1, 1, 1] } ] }),
            );
            tracks.push(
                serde_json::json!({ "path": "ride", "property": "spacing", "keys": [
                { "t": 0, "v": [0] }, { "t": 2, "v": [3] } ] }),
            );
        },
    );
    build(&p, &[]).green();
    let skeleton: Value = serde_json::from_str(&p.read("out/skeleton.json")).unwrap();
    let ride = &skeleton["animations"]["coast"]["path"]["ride"];
    let timelines: Vec<&str> = ride
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(timelines, ["position", "mix", "spacing"]);
    let glide: Vec<f64> = serde_json::from_str::<Value>(&motion).unwrap()["easings"]["glide"]
        .as_array()
        .unwrap()
        .iter()
        .map(num)
        .collect();
    let (t1, t2) = (0.0, 2.0);
    let mut curve = Vec::new();
    for (v1, v2) in [(0.0, 1.0), (0.5, 1.0), (0.25, 1.0)] {
        curve.extend([
            t1 + (t2 - t1) * glide[0],
            v1 + (v2 - v1) * glide[1],
            t1 + (t2 - t1) * glide[2],
            v1 + (v2 - v1) * glide[3],
        ]);
    }
    let first = &ride["mix"][0];
    let keys: Vec<&str> = first
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(keys, ["time", "mixRotate", "mixX", "mixY", "curve"]);
    let written: Vec<f64> = first["curve"].as_array().unwrap().iter().map(num).collect();
    assert_eq!(written.len(), 12);
    for (w, c) in written.iter().zip(&curve) {
        assert!(
            (w - c).abs() < 1e-6,
            "curve {written:?}, expected {curve:?}"
        );
    }
    assert_eq!(
        [&first["mixRotate"], &first["mixX"], &first["mixY"]].map(num),
        [0.0, 0.5, 0.25]
    );
    assert_eq!(
        ride["mix"][1],
        serde_json::json!({ "time": 2, "mixRotate": 1, "mixX": 1, "mixY": 1 })
    );
    assert_eq!(
        ride["spacing"][1],
        serde_json::json!({ "time": 2, "value": 3 })
    );
}
