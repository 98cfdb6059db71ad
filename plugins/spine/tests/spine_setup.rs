//! (a) Every oracle fixture reads without error and its setup pose — bone world
//! transforms, region and mesh world vertices and UVs, bounds — equals what
//! spine-core computes (`node pose.mjs … --setup`, run now), within 1e-4.

mod oracle;

use rigc_spine::data::AttachmentKind;
use rigc_spine::{read_atlas, read_skeleton, Skeleton};
use serde_json::Value;
use std::path::{Path, PathBuf};

const TOL: f64 = 1e-4;

#[derive(Default)]
struct Stats {
    numbers: usize,
    max_diff: f64,
    skipped_bones: usize,
}

impl Stats {
    fn check(&mut self, what: &str, ours: f64, theirs: &Value) {
        let t = match theirs {
            Value::Number(n) => n.as_f64().unwrap_or(f64::NAN),
            Value::String(s) if s == "NaN" => f64::NAN,
            other => panic!("{what}: oracle gave {other}"),
        };
        if t.is_nan() && ours.is_nan() {
            self.numbers += 1;
            return;
        }
        let d = (ours - t).abs();
        assert!(d <= TOL, "{what}: ours {ours} oracle {t} (|d| = {d})");
        self.numbers += 1;
        self.max_diff = self.max_diff.max(d);
    }
}

fn compare(json_path: &Path, atlas_path: Option<PathBuf>, skin: Option<&str>, stats: &mut Stats) {
    let fixture = json_path.display().to_string();
    let json = std::fs::read_to_string(json_path).expect("fixture json");
    let atlas = atlas_path
        .as_ref()
        .map(|p| read_atlas(&std::fs::read_to_string(p).expect("atlas")).expect("atlas parses"));
    let outcome = read_skeleton(&json, atlas.as_ref()).expect("fixture reads");
    let data = &outcome.data;
    let mut sk = Skeleton::new(data).expect("skeleton");
    if let Some(s) = skin {
        sk.set_skin(s).expect("skin");
    }
    sk.setup_pose();
    sk.update_world_transform().expect("pose");
    let unposed = sk.unposed_bones();

    let doc = oracle::setup(json_path, atlas_path.as_deref(), skin);
    let frame = &doc["frames"][0];
    let bones = frame["bones"].as_array().expect("bones");
    assert_eq!(bones.len(), data.bones.len(), "{fixture}: bone count");
    for (i, ob) in bones.iter().enumerate() {
        let name = &data.bones[i].name;
        assert_eq!(ob["name"].as_str(), Some(name.as_str()));
        assert_eq!(
            ob["active"].as_bool(),
            Some(sk.bones[i].active()),
            "{fixture}: {name} active"
        );
        if !sk.bones[i].active() {
            continue;
        }
        if unposed.contains(&i) {
            stats.skipped_bones += 1;
            continue;
        }
        let p = sk.bones[i].applied();
        for (key, v) in [
            ("a", p.a),
            ("b", p.b),
            ("c", p.c),
            ("d", p.d),
            ("worldX", p.world_x),
            ("worldY", p.world_y),
        ] {
            stats.check(
                &format!("{fixture}/{skin:?} bone {name}.{key}"),
                v,
                &ob[key],
            );
        }
    }
    let order: Vec<&str> = sk
        .draw_order
        .iter()
        .map(|&s| data.slots[s].name.as_str())
        .collect();
    let oracle_order: Vec<&str> = frame["drawOrder"]
        .as_array()
        .expect("order")
        .iter()
        .filter_map(|v| v.as_str())
        .collect();
    assert_eq!(order, oracle_order);
    let (mut min_x, mut min_y, mut max_x, mut max_y) = (
        f64::INFINITY,
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::NEG_INFINITY,
    );
    let mut drawn = Vec::new();
    for oa in frame["attachments"].as_array().expect("attachments") {
        let slot_name = oa["slot"].as_str().expect("slot");
        drawn.push(slot_name.to_string());
        let slot = data.find_slot(slot_name).expect("slot exists");
        let a = sk.slots[slot]
            .pose
            .attachment
            .expect("we have an attachment there too");
        assert_eq!(oa["name"].as_str(), Some(data.attachments[a].name.as_str()));
        let ty = oa["type"].as_str().expect("type");
        if !(ty == "region" || ty == "mesh") || unposed.contains(&sk.slots[slot].bone) {
            continue;
        }
        let verts = sk
            .world_vertices(slot)
            .expect("vertices")
            .expect("region or mesh");
        let theirs = oa["vertices"].as_array().expect("vertices");
        assert_eq!(
            verts.len(),
            theirs.len(),
            "{fixture}: {slot_name} vertex count"
        );
        for (k, (v, t)) in verts.iter().zip(theirs).enumerate() {
            stats.check(&format!("{fixture}/{skin:?} {slot_name} vertex {k}"), *v, t);
            if k % 2 == 0 {
                min_x = min_x.min(*v);
                max_x = max_x.max(*v);
            } else {
                min_y = min_y.min(*v);
                max_y = max_y.max(*v);
            }
        }
        let seq = match &data.attachments[a].kind {
            AttachmentKind::Region(r) => &r.sequence,
            AttachmentKind::Mesh(m) => &m.sequence,
            _ => unreachable!(),
        };
        let index = seq.resolve_index(sk.slots[slot].pose.sequence_index);
        stats.check(
            &format!("{fixture} {slot_name} sequenceIndex"),
            index,
            &oa["sequenceIndex"],
        );
        let uvs = &seq.uvs[index as usize];
        let theirs = oa["uvs"].as_array().expect("uvs");
        assert_eq!(uvs.len(), theirs.len());
        for (k, (v, t)) in uvs.iter().zip(theirs).enumerate() {
            stats.check(&format!("{fixture} {slot_name} uv {k}"), f64::from(*v), t);
        }
    }
    let ours_drawn: Vec<String> = sk
        .draw_order
        .iter()
        .filter(|&&s| sk.bones[sk.slots[s].bone].active() && sk.slots[s].pose.attachment.is_some())
        .map(|&s| data.slots[s].name.clone())
        .collect();
    assert_eq!(ours_drawn, drawn, "{fixture}: drawn slots");
    if min_x.is_finite() && unposed.is_empty() {
        let b = sk.bounds().expect("bounds");
        let theirs = serde_json::json!([min_x, min_y, max_x - min_x, max_y - min_y]);
        for (k, v) in [b.x, b.y, b.width, b.height].iter().enumerate() {
            stats.check(&format!("{fixture} bounds {k}"), *v, &theirs[k]);
        }
    }
}

/// Poses `json` (with `atlas`) with no skin and with every other skin.
fn compare_all_skins(json_path: &Path, atlas_path: Option<PathBuf>, stats: &mut Stats) -> usize {
    compare(json_path, atlas_path.clone(), None, stats);
    let json = std::fs::read_to_string(json_path).expect("json");
    let atlas = atlas_path
        .as_ref()
        .map(|p| read_atlas(&std::fs::read_to_string(p).expect("atlas")).expect("atlas"));
    let data = read_skeleton(&json, atlas.as_ref()).expect("reads").data;
    let mut runs = 1;
    for skin in data.skins.iter().filter(|s| s.name != "default") {
        compare(json_path, atlas_path.clone(), Some(&skin.name), stats);
        runs += 1;
    }
    runs
}

#[test]
fn fixtures_match_the_oracle_setup_pose() {
    if !oracle::available() {
        return;
    }
    let mut stats = Stats::default();
    let mut runs = 0;
    let mut names: Vec<PathBuf> = std::fs::read_dir(oracle::fixtures())
        .expect("fixtures dir")
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .collect();
    names.sort();
    assert!(
        names.len() >= 3,
        "expected the three oracle fixtures, found {names:?}"
    );
    for dir in &names {
        let atlas = dir.join("skeleton.atlas");
        runs += compare_all_skins(
            &dir.join("skeleton.json"),
            atlas.exists().then_some(atlas),
            &mut stats,
        );
    }
    eprintln!(
        "oracle fixtures vs oracle: {runs} poses, {} numbers compared, largest |difference| {:e}, {} bone(s) skipped (moved by path/slider constraints, not posed yet)",
        stats.numbers, stats.max_diff, stats.skipped_bones
    );
}

/// Our own skeletons that stress every inherit mode (with reflections and a
/// zero scale), every IK branch (one and two bones, softness, compress,
/// stretch, scale-Y modes, bend direction, non-uniform and negative parent
/// scale, mix) and every transform-constraint flag, plus weighted meshes and
/// skin-required bones and constraints.
#[test]
fn stress_skeletons_match_the_oracle_setup_pose() {
    if !oracle::available() {
        return;
    }
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let mut stats = Stats::default();
    let mut runs = 0;
    for name in ["pose-inherit.json", "pose-ik.json", "pose-transform.json"] {
        runs += compare_all_skins(&dir.join(name), None, &mut stats);
    }
    assert_eq!(stats.skipped_bones, 0);
    eprintln!(
        "stress skeletons vs oracle: {runs} poses, {} numbers compared, largest |difference| {:e}",
        stats.numbers, stats.max_diff
    );
}

/// `setupPose` looks the slots' setup attachments up once per skin: switching
/// skins (by `set_skin` or by the public field) gives what a fresh lookup gives.
#[test]
fn setup_attachments_follow_the_skin() {
    let json = r#"{"skeleton": {"spine": "4.3.13"}, "bones": [{"name": "root"}],
      "slots": [{"name": "a", "bone": "root", "attachment": "x"},
                {"name": "b", "bone": "root", "attachment": "y"},
                {"name": "c", "bone": "root"}],
      "skins": [
        {"name": "default", "attachments": {"a": {"x": {"type": "point"}}}},
        {"name": "one", "attachments": {"a": {"x": {"type": "point"}}, "b": {"y": {"type": "point"}}}},
        {"name": "two", "attachments": {"b": {"y": {"type": "point", "x": 3}}}}]}"#;
    let data = read_skeleton(json, None).expect("reads").data;
    let mut sk = Skeleton::new(&data).expect("skeleton");
    let fresh = |sk: &Skeleton<'_>| -> Vec<Option<usize>> {
        (0..data.slots.len())
            .map(|i| {
                data.slots[i]
                    .attachment_name
                    .as_deref()
                    .and_then(|n| sk.get_attachment(i, n))
            })
            .collect()
    };
    let attached = |sk: &Skeleton<'_>| -> Vec<Option<usize>> {
        sk.slots.iter().map(|s| s.pose.attachment).collect()
    };
    for step in 0..6 {
        match step {
            1 => sk.set_skin("one").expect("skin"),
            2 => sk.skin = data.find_skin("two"),
            3 => sk.skin = None,
            4 => sk.set_skin("two").expect("skin"),
            5 => sk.skin = data.find_skin("one"),
            _ => {}
        }
        sk.setup_pose();
        assert_eq!(attached(&sk), fresh(&sk), "step {step}");
    }
    assert!(attached(&sk)[1].is_some());
}

/// A skin that brings a constraint makes its bone's applied pose the
/// constrained one: the weighted vertices of a mesh on that bone follow it
/// (the decoded weights, which hold each influence's applied pose, are
/// decoded again when the skin rebuilds the update cache).
#[test]
fn weighted_vertices_follow_the_constraints_a_skin_brings() {
    let json = r#"{"skeleton": {"spine": "4.3.13"},
      "bones": [{"name": "root"}, {"name": "a", "parent": "root", "length": 50},
                {"name": "b", "parent": "a", "x": 50, "length": 40},
                {"name": "t", "parent": "root", "x": 60, "y": 70}],
      "slots": [{"name": "m", "bone": "root", "attachment": "mesh"}],
      "constraints": [{"type": "ik", "name": "ik", "bones": ["b"], "target": "t", "skin": true}],
      "skins": [
        {"name": "default", "attachments": {"m": {"mesh": {"type": "mesh", "hull": 3,
          "uvs": [0, 0, 1, 0, 0, 1], "triangles": [0, 1, 2],
          "vertices": [2, 1, 10, 5, 0.5, 2, 20, -5, 0.5,
                       1, 2, 30, 10, 1,
                       2, 1, 40, 0, 0.25, 2, 15, 15, 0.75]}}}},
        {"name": "s", "ik": ["ik"]}]}"#;
    let data = read_skeleton(json, None).expect("reads").data;
    let Some(AttachmentKind::Mesh(mesh)) = data.attachments.first().map(|a| &a.kind) else {
        panic!("a mesh");
    };
    let mut sk = Skeleton::new(&data).expect("skeleton");
    let pose = |sk: &mut Skeleton<'_>| -> Vec<f64> {
        sk.setup_pose();
        sk.update_world_transform().expect("poses");
        let mut out = Vec::new();
        let n = mesh.vertex.world_vertices_length as usize;
        sk.vertex_world_range(0, &mesh.vertex, 0, n, &mut out, 0)
            .expect("vertices");
        out
    };
    // The runtime's loop, over the bones' applied poses as they are now.
    let expected = |sk: &Skeleton<'_>| -> Vec<f64> {
        let (bones, v) = (
            mesh.vertex.bones.as_ref().expect("weighted"),
            &mesh.vertex.vertices,
        );
        let (mut i, mut k, mut out) = (0, 0, Vec::new());
        while i < bones.len() {
            let (mut wx, mut wy) = (0.0, 0.0);
            for _ in 0..bones[i] as usize {
                i += 1;
                let p = sk.bones[bones[i] as usize].applied();
                let [x, y, w] = [v[k], v[k + 1], v[k + 2]].map(f64::from);
                wx += (x * p.a + y * p.b + p.world_x) * w;
                wy += (x * p.c + y * p.d + p.world_y) * w;
                k += 3;
            }
            i += 1;
            out.extend([wx, wy]);
        }
        out
    };
    let before = pose(&mut sk);
    assert!(!sk.bones[2].constrained_applied());
    assert_eq!(before, expected(&sk));
    sk.set_skin("s").expect("skin");
    let after = pose(&mut sk);
    assert!(sk.bones[2].constrained_applied());
    assert_eq!(after, expected(&sk));
    assert_ne!(after, before, "the constraint moves bone b");
}
