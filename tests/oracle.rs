//! Conformance with the official runtime: spine-core 4.3.13 (installed by
//! `scripts/setup-oracle.sh`) parses every skeleton rigc emits here and poses it;
//! the posed numbers are held to figures derived in this file from geometry and
//! from the runtime's documented curve sampling — never pasted from our output.

use crate::build::build_reference;
use crate::fixture;
use crate::util::{self, Project};
use serde_json::Value;
use std::path::Path;

fn roundtrip(dir: &Path) -> Value {
    let v = util::oracle(&[
        "--roundtrip",
        dir.join("skeleton.json").to_str().unwrap(),
        dir.join("skeleton.atlas").to_str().unwrap(),
    ])
    .unwrap_or_else(|e| panic!("spine-core refused {}: {e}", dir.display()));
    assert_eq!(v["ok"], true, "spine-core refused {}: {v}", dir.display());
    v
}

fn pose(dir: &Path, animation: &str, times: &str) -> Value {
    util::oracle(&[
        dir.join("skeleton.json").to_str().unwrap(),
        dir.join("skeleton.atlas").to_str().unwrap(),
        animation,
        times,
    ])
    .unwrap_or_else(|e| panic!("spine-core could not pose {animation}: {e}"))
}

fn bone<'a>(frame: &'a Value, name: &str) -> &'a Value {
    frame["bones"]
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["name"] == name)
        .unwrap_or_else(|| panic!("no bone {name}"))
}

fn num(v: &Value) -> f64 {
    v.as_f64().unwrap_or_else(|| panic!("not a number: {v}"))
}

fn close(a: f64, b: f64, tol: f64, what: &str) {
    assert!(
        (a - b).abs() <= tol,
        "{what}: spine-core {a}, expected {b} (|Δ| {} > {tol})",
        (a - b).abs()
    );
}

/// World rotation of a bone in degrees, from its matrix.
fn world_rotation(b: &Value) -> f64 {
    num(&b["c"]).atan2(num(&b["a"])).to_degrees()
}

/// Spine's Bezier sampling (CurveTimeline.setBezier + getBezierValue, SPINE43.md
/// §8.1), re-implemented here from the description, for one channel.
fn spine_bezier(
    (t1, v1): (f64, f64),
    (cx1, cy1): (f64, f64),
    (cx2, cy2): (f64, f64),
    (t2, v2): (f64, f64),
    time: f64,
) -> f64 {
    let f = |x: f64| x as f32 as f64;
    let tmpx = (t1 - cx1 * 2.0 + cx2) * 0.03;
    let tmpy = (v1 - cy1 * 2.0 + cy2) * 0.03;
    let dddx = ((cx1 - cx2) * 3.0 - t1 + t2) * 0.006;
    let dddy = ((cy1 - cy2) * 3.0 - v1 + v2) * 0.006;
    let (mut ddx, mut ddy) = (tmpx * 2.0 + dddx, tmpy * 2.0 + dddy);
    let mut dx = (cx1 - t1) * 0.3 + tmpx + dddx * 0.16666667;
    let mut dy = (cy1 - v1) * 0.3 + tmpy + dddy * 0.16666667;
    let (mut x, mut y) = (t1 + dx, v1 + dy);
    let mut samples = Vec::new();
    for _ in 0..9 {
        samples.push((f(x), f(y)));
        dx += ddx;
        dy += ddy;
        ddx += dddx;
        ddy += dddy;
        x += dx;
        y += dy;
    }
    let mut prev = (f(t1), f(v1));
    for s in samples
        .iter()
        .copied()
        .chain(std::iter::once((f(t2), f(v2))))
    {
        if s.0 >= time {
            return prev.1 + (time - prev.0) / (s.0 - prev.0) * (s.1 - prev.1);
        }
        prev = s;
    }
    f(v2)
}

#[test]
fn walk_keeps_the_planted_foot_and_bends_the_knee_outward() {
    let (p, run) = build_reference("rigc-gallery/walk", "rig.json", "motion.json", "spine");
    run.green();
    let out = p.path().join("out");
    roundtrip(&out);
    // foot_f = ground (352, 64) + (30, 4); its translate keys at 0 and 0.45 are
    // equal, so the eased hold is stepped and the foot does not move.
    let doc = pose(&out, "walk", "0:0.45:0.05");
    for frame in doc["frames"].as_array().unwrap() {
        let f = bone(frame, "foot_f");
        close(num(&f["worldX"]), 352.0 + 30.0, 1e-4, "foot_f worldX");
        close(num(&f["worldY"]), 64.0 + 4.0, 1e-4, "foot_f worldY");
    }
    // Two-bone IK at t = 0: thigh_f at hip (352, 190) + (30, 4), target foot_f,
    // thigh length 56 (shin_f's x), shin length 74. Law of cosines for the hip
    // angle; the knee sits 56·sin θ off the hip-foot line, outward.
    let hip = (352.0 + 30.0, 190.0 + 4.0);
    let d = hip.1 - 68.0;
    let (l1, l2): (f64, f64) = (56.0, 74.0);
    let theta = ((l1 * l1 + d * d - l2 * l2) / (2.0 * l1 * d)).acos();
    let frame0 = &pose(&out, "walk", "0")["frames"][0];
    let knee = bone(frame0, "shin_f");
    close(
        num(&knee["worldX"]),
        hip.0 + l1 * theta.sin(),
        1e-3,
        "front knee x",
    );
    close(
        num(&knee["worldY"]),
        hip.1 - l1 * theta.cos(),
        1e-3,
        "front knee y",
    );
    assert_eq!(format!("{:.1}", hip.0 + l1 * theta.sin()), "397.8");
    let back = bone(frame0, "shin_b");
    close(
        num(&back["worldX"]),
        352.0 - 30.0 - l1 * theta.sin(),
        1e-3,
        "back knee x",
    );
}

#[test]
fn buoy_bones_sit_at_their_keyed_values_at_the_key_times() {
    let (p, run) = build_reference("rigc-buoy", "buoy.rig.json", "buoy.motion.json", "spine");
    run.green();
    let out = p.path().join("out");
    let rt = roundtrip(&out);
    assert_eq!(rt["bones"], 4);
    assert_eq!(rt["animations"], 1);
    let doc = pose(&out, "bob", "0,0.5,1,1.5,2");
    let frames = doc["frames"].as_array().unwrap();
    // hull translatey keys: 0 → 0, 0.5 → 5, 1.5 → -5, 2 → 0 (hull sits at the root).
    for (i, want) in [(0, 0.0), (1, 5.0), (3, -5.0), (4, 0.0)] {
        close(
            num(&bone(&frames[i], "hull")["worldY"]),
            want,
            1e-4,
            "hull worldY",
        );
    }
    // mast rotate keys: 0 → -6, 1 → 6, 2 → -6; the hull does not rotate.
    for (i, want) in [(0, -6.0), (2, 6.0), (4, -6.0)] {
        close(
            world_rotation(bone(&frames[i], "mast")),
            want,
            1e-4,
            "mast world rotation",
        );
    }
    // Between keys the runtime samples the converted curve: swing = [0.42, 0, 0.58, 1]
    // from (0, -6) to (1, 6) becomes control points (0.42, -6), (0.58, 6).
    let mid = pose(&out, "bob", "0.25");
    let want = spine_bezier((0.0, -6.0), (0.42, -6.0), (0.58, 6.0), (1.0, 6.0), 0.25);
    close(
        world_rotation(bone(&mid["frames"][0], "mast")),
        want,
        1e-4,
        "mast at t=0.25",
    );
}

#[test]
fn tiny_rig_setup_pose_and_eased_rotation() {
    let p = Project::new();
    fixture::tiny(&p);
    fixture::build(&p, "out").green();
    let out = p.path().join("out");
    roundtrip(&out);
    let doc = pose(&out, "nod", "0,0.25,0.5");
    let frames = doc["frames"].as_array().unwrap();
    let head = bone(&frames[0], "head");
    close(num(&head["worldX"]), 100.0, 1e-4, "head x");
    close(num(&head["worldY"]), 20.0 + 40.0, 1e-4, "head y");
    close(world_rotation(head), 5.0, 1e-4, "head setup rotation");
    // soft = [0.25, 0, 0.75, 1] from (0, 0) to (0.5, 10): (0.125, 0), (0.375, 10).
    let want = 5.0 + spine_bezier((0.0, 0.0), (0.125, 0.0), (0.375, 10.0), (0.5, 10.0), 0.25);
    close(
        world_rotation(bone(&frames[1], "head")),
        want,
        1e-4,
        "head at 0.25",
    );
    close(
        world_rotation(bone(&frames[2], "head")),
        15.0,
        1e-4,
        "head at 0.5",
    );
    // The header's bounding box is the setup pose's drawn extent: the body part
    // (30x40 at body + (0, 20)) and the head part (24x20 rotated 5° at (100, 60)).
    let v = crate::build::skeleton(&out);
    let r = 5f64.to_radians();
    let (hw, hh) = (12.0, 10.0);
    let corners = [(-hw, -hh), (-hw, hh), (hw, hh), (hw, -hh)].map(|(x, y)| {
        (
            100.0 + x * r.cos() - y * r.sin(),
            60.0 + x * r.sin() + y * r.cos(),
        )
    });
    let min_x = corners.iter().map(|c| c.0).fold(85.0, f64::min);
    let max_x = corners.iter().map(|c| c.0).fold(115.0, f64::max);
    let min_y = corners.iter().map(|c| c.1).fold(20.0, f64::min);
    let max_y = corners.iter().map(|c| c.1).fold(60.0, f64::max);
    close(num(&v["skeleton"]["x"]), min_x, 1e-3, "header x");
    close(num(&v["skeleton"]["y"]), min_y, 1e-3, "header y");
    close(
        num(&v["skeleton"]["width"]),
        max_x - min_x,
        1e-3,
        "header width",
    );
    close(
        num(&v["skeleton"]["height"]),
        max_y - min_y,
        1e-3,
        "header height",
    );
}

#[test]
fn every_gallery_skeleton_loads_and_poses_in_spine_core() {
    for dir in util::gallery_rigs() {
        let tmp = tempfile::tempdir().unwrap();
        let out = tmp.path().join("out");
        util::build_gallery_rig(&dir, &out, &[]).green();
        let rt = roundtrip(&out);
        let skeleton = crate::build::skeleton(&out);
        for (name, _) in skeleton["animations"].as_object().unwrap() {
            let doc = pose(&out, name, "0,0.1,0.5,1");
            let duration = num(&doc["duration"]);
            assert!(duration.is_finite());
            for frame in doc["frames"].as_array().unwrap() {
                for b in frame["bones"].as_array().unwrap() {
                    if b["active"] == true {
                        for k in ["a", "b", "c", "d", "worldX", "worldY"] {
                            assert!(
                                b[k].is_number(),
                                "{name}: bone {} {k} = {}",
                                b["name"],
                                b[k]
                            );
                        }
                    }
                }
            }
        }
        assert!(
            rt["animations"].as_u64().unwrap() >= 1,
            "{}: a gallery rig animates",
            dir.display()
        );
    }
}

#[test]
fn an_audio_event_fired_without_balance_poses_the_declared_balance() {
    // spine-core 4.3.13 reads a firing's missing "balance" as the event's setup
    // volume; rigc states the balance the spec means on every audio firing.
    let p = Project::new();
    fixture::tiny(&p);
    p.write(
        "rig.json",
        fixture::RIG.replace(
            "\"skins\": {",
            "\"events\": { \"hit\": { \"audio\": \"hit.ogg\", \"volume\": 0.8, \"balance\": 0.4 } },\n  \"skins\": {",
        ),
    );
    p.write(
        "motion.json",
        fixture::MOTION.replace(
            "\"duration\": 1,",
            "\"duration\": 1,\n      \"events\": [ { \"t\": 0.5, \"name\": \"hit\" } ],",
        ),
    );
    fixture::build(&p, "out").green();
    let out = p.path().join("out");
    let doc = pose(&out, "nod", "0.75");
    let ev = &doc["frames"][0]["events"][0];
    assert_eq!(ev["name"], "hit");
    close(num(&ev["volume"]), 0.8, 1e-6, "volume");
    close(num(&ev["balance"]), 0.4, 1e-6, "balance");
}
