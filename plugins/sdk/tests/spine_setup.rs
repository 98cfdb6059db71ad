//! (a) Every oracle fixture reads without error and its setup pose — bone world
//! transforms, region and mesh world vertices and UVs, bounds — equals what
//! spine-core computes (`node pose.mjs … --setup`, run now), within 1e-4.

mod oracle;

use rigc_sdk::spine::data::AttachmentKind;
use rigc_sdk::spine::{read_atlas, read_skeleton, Skeleton};
use serde_json::Value;

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

fn compare(fixture: &str, skin: Option<&str>, stats: &mut Stats) {
    let dir = oracle::fixtures().join(fixture);
    let json_path = dir.join("skeleton.json");
    let atlas_path = dir.join("skeleton.atlas");
    let atlas_path = atlas_path.exists().then_some(atlas_path);
    let json = std::fs::read_to_string(&json_path).expect("fixture json");
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

    let doc = oracle::setup(&json_path, atlas_path.as_deref(), skin);
    let frame = &doc["frames"][0];
    let bones = frame["bones"].as_array().expect("bones");
    assert_eq!(bones.len(), data.bones.len(), "{fixture}: bone count");
    for (i, ob) in bones.iter().enumerate() {
        let name = &data.bones[i].name;
        assert_eq!(ob["name"].as_str(), Some(name.as_str()));
        assert_eq!(
            ob["active"].as_bool(),
            Some(sk.bones[i].active),
            "{fixture}: {name} active"
        );
        if !sk.bones[i].active {
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
        let index = seq.resolve_index(sk.slots[slot].sequence_index);
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
        .filter(|&&s| sk.bones[sk.slots[s].bone].active && sk.slots[s].attachment.is_some())
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

#[test]
fn fixtures_match_the_oracle_setup_pose() {
    if !oracle::available() {
        return;
    }
    let mut stats = Stats::default();
    let mut runs = 0;
    let mut names: Vec<String> = std::fs::read_dir(oracle::fixtures())
        .expect("fixtures dir")
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert!(
        names.len() >= 3,
        "expected the three oracle fixtures, found {names:?}"
    );
    for name in &names {
        compare(name, None, &mut stats);
        runs += 1;
        let json = std::fs::read_to_string(oracle::fixtures().join(name).join("skeleton.json"))
            .expect("json");
        let atlas_path = oracle::fixtures().join(name).join("skeleton.atlas");
        let atlas = atlas_path.exists().then(|| {
            read_atlas(&std::fs::read_to_string(&atlas_path).expect("atlas")).expect("atlas")
        });
        let data = read_skeleton(&json, atlas.as_ref()).expect("reads").data;
        for skin in data.skins.iter().filter(|s| s.name != "default") {
            compare(name, Some(&skin.name), &mut stats);
            runs += 1;
        }
    }
    eprintln!(
        "setup pose vs oracle: {runs} poses, {} numbers compared, largest |difference| {:e}, {} bone(s) skipped (moved by path/slider constraints, not posed yet)",
        stats.numbers, stats.max_diff, stats.skipped_bones
    );
}
