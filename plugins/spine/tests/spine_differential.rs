//! Differential reading: structurally mutated skeletons (odd values put
//! anywhere, keys deleted) read by us and by spine-core (one `node` process
//! for all). The verdicts must agree — the same error message, or both
//! accepting — and accepted files must hold the same data field by field.
//! Inputs we refuse as "would hang" are not sent to the runtime (it would
//! abort); their count is reported.

mod oracle;

use oracle::model::{dump, same};
use rigc_spine::{read_atlas, read_skeleton, ReadErrorKind};
use serde_json::{json, Value};
use std::path::Path;
use std::time::Duration;

struct Gen(u64);

impl Gen {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

fn odd(g: &mut Gen) -> Value {
    let options = [
        json!(null),
        json!(true),
        json!(false),
        json!(0),
        json!(-1),
        json!(1e9),
        json!(0.5),
        json!(3),
        json!(""),
        json!("root"),
        json!("stepped"),
        json!("noScale"),
        json!("mesh"),
        json!("linkedmesh"),
        json!("default"),
        json!("x"),
        json!("rotate"),
        json!("abc"),
        json!("#ff00"),
        json!([]),
        json!({}),
        json!([1, 2, 3, 4]),
        json!([{ "time": 0 }, null]),
        json!({ "count": 2, "digits": 2 }),
        json!("s1"),
        json!("a"),
        json!("hit"),
        json!("region"),
        json!("path"),
        json!("clipping"),
        json!("point"),
        json!("boundingbox"),
    ];
    options[(g.next() % options.len() as u64) as usize].clone()
}

/// Replaces (or deletes from its object) the `target`-th node, pre-order.
fn mutate(v: &mut Value, target: &mut u64, value: &Value, delete: bool) -> bool {
    match v {
        Value::Object(map) => {
            let keys: Vec<String> = map.keys().cloned().collect();
            for k in keys {
                if *target == 0 {
                    if delete {
                        map.shift_remove(&k);
                    } else if let Some(slot) = map.get_mut(&k) {
                        *slot = value.clone();
                    }
                    return true;
                }
                *target -= 1;
                if map
                    .get_mut(&k)
                    .is_some_and(|c| mutate(c, target, value, delete))
                {
                    return true;
                }
            }
            false
        }
        Value::Array(items) => {
            for item in items.iter_mut() {
                if *target == 0 {
                    *item = value.clone();
                    return true;
                }
                *target -= 1;
                if mutate(item, target, value, delete) {
                    return true;
                }
            }
            false
        }
        _ => false,
    }
}

fn count_nodes(v: &Value) -> u64 {
    match v {
        Value::Object(m) => m.values().map(|c| 1 + count_nodes(c)).sum(),
        Value::Array(a) => a.iter().map(|c| 1 + count_nodes(c)).sum(),
        _ => 0,
    }
}

#[test]
fn mutated_skeletons_read_like_spine_core() {
    if !oracle::available() {
        return;
    }
    let data_dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let mut bases: Vec<(String, Option<String>)> = Vec::new();
    for f in ["tiny", "features", "constraints"] {
        let d = oracle::fixtures().join(f);
        bases.push((
            std::fs::read_to_string(d.join("skeleton.json")).expect("json"),
            std::fs::read_to_string(d.join("skeleton.atlas")).ok(),
        ));
    }
    for f in ["odd-values.json", "pose-transform.json"] {
        bases.push((
            std::fs::read_to_string(data_dir.join(f)).expect("json"),
            None,
        ));
    }
    let mut g = Gen(0x5EED_1234_ABCD_0001);
    let mut cases = Vec::new();
    let mut refused = 0;
    while cases.len() < 600 {
        let (json_text, atlas) = &bases[(g.next() % bases.len() as u64) as usize];
        let mut doc: Value = serde_json::from_str(json_text).expect("base is JSON");
        let nodes = count_nodes(&doc).max(1);
        for _ in 0..1 + g.next() % 3 {
            let mut t = g.next() % nodes;
            let value = odd(&mut g);
            let delete = g.next() & 3 == 0;
            mutate(&mut doc, &mut t, &value, delete);
        }
        let text = doc.to_string();
        let parsed_atlas = atlas
            .as_ref()
            .map(|a| read_atlas(a).expect("fixture atlas"));
        if let Err(e) = read_skeleton(&text, parsed_atlas.as_ref()) {
            if e.kind == ReadErrorKind::WouldHang {
                refused += 1;
                continue;
            }
        }
        cases.push(json!({ "json": text, "atlas": atlas, "pose": true }));
    }
    let dir = oracle::scratch("differential");
    let input = dir.join("cases.json");
    std::fs::write(&input, serde_json::to_string(&cases).expect("encode")).expect("write");
    let out = oracle::node(
        &[
            oracle::dump_script().into_os_string(),
            oracle::dir().into_os_string(),
            "--batch".into(),
            input.clone().into_os_string(),
        ],
        Duration::from_secs(120),
    );
    let theirs: Vec<Value> = serde_json::from_slice(&out).expect("node output");
    let (mut ok, mut err, mut numbers) = (0, 0, 0);
    let (mut posed, mut pose_numbers, mut coerced) = (0, 0, 0);
    for (case, t) in cases.iter().zip(&theirs) {
        let text = case["json"].as_str().expect("text");
        let atlas = case["atlas"]
            .as_str()
            .map(|a| read_atlas(a).expect("atlas"));
        let ours = read_skeleton(text, atlas.as_ref());
        match (&ours, t.get("error")) {
            (Err(e), Some(msg)) => {
                assert_eq!(Some(e.message.as_str()), msg.as_str(), "input {text}");
                err += 1;
            }
            (Ok(o), None) => {
                let ours = dump(&o.data);
                let checked = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    let mut n = 0;
                    same("mutated", &ours, &t["data"], &mut n);
                    n
                }));
                ok += 1;
                match checked {
                    Ok(n) => numbers += n,
                    Err(_) => fail(text, "data differs"),
                }
                // A value of the wrong JSON type is stored raw by the runtime
                // and coerced by us (a finding says so); JavaScript may then
                // treat it differently while posing (`false !== 0`,
                // `"5" + 1`), so such files are not pose-compared.
                if o.findings
                    .iter()
                    .any(|f| f.message.starts_with("expected "))
                {
                    coerced += 1;
                    continue;
                }
                match compare_pose(&o.data, t) {
                    Ok(n) => {
                        posed += usize::from(n > 0);
                        pose_numbers += n;
                    }
                    Err(what) => fail(text, &what),
                }
            }
            (Err(e), None) => fail(
                text,
                &format!("we reject ({}) what spine-core accepts", e.message),
            ),
            (Ok(_), Some(msg)) => fail(text, &format!("we accept what spine-core rejects ({msg})")),
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    eprintln!(
        "mutated skeletons vs spine-core: {} agree ({ok} accepted with {numbers} identical numbers, {err} rejected with the same message); {refused} refused as would-hang; {posed} setup poses agree ({pose_numbers} numbers; {coerced} files with coerced values not posed)",
        cases.len()
    );
}

/// Saves the failing input next to the system temp files and fails.
fn fail(text: &str, what: &str) -> ! {
    let path = std::env::temp_dir().join("rigc-differential-failure.json");
    let _ = std::fs::write(&path, text);
    panic!("{what}; input saved to {}", path.display())
}

fn close(a: f64, b: &Value) -> bool {
    let b = match b {
        Value::Number(n) => n.as_f64().unwrap_or(f64::NAN),
        Value::String(s) if s == "NaN" => f64::NAN,
        Value::String(s) if s == "Infinity" => f64::INFINITY,
        Value::String(s) if s == "-Infinity" => f64::NEG_INFINITY,
        _ => return false,
    };
    (a.is_nan() && b.is_nan()) || a == b || (a - b).abs() <= 1e-4 + 1e-6 * a.abs().max(b.abs())
}

/// Our setup pose against the oracle's snapshot (when it posed): bone world
/// transforms and region/mesh world vertices, skipping what path and slider
/// constraints move. Returns the count of numbers compared.
fn compare_pose(data: &rigc_spine::data::SkeletonData, theirs: &Value) -> Result<usize, String> {
    use rigc_spine::Skeleton;
    let ours = (|| {
        let mut sk = Skeleton::new(data)?;
        sk.setup_pose();
        sk.update_world_transform()?;
        Ok::<_, rigc_spine::PoseError>(sk)
    })();
    let frame = match (&ours, theirs.get("pose"), theirs.get("poseError")) {
        (Err(e), _, Some(msg)) => {
            return if msg.as_str().is_some_and(|m| m.contains(&e.message)) {
                Ok(0)
            } else {
                Err(format!("pose error {} vs {msg}", e.message))
            }
        }
        (Err(e), _, None) => {
            return Err(format!(
                "we fail to pose ({}) what spine-core poses",
                e.message
            ))
        }
        (Ok(_), _, Some(_)) => return Ok(0),
        (Ok(_), Some(f), None) => f,
        (Ok(_), None, None) => return Ok(0),
    };
    let sk = ours.map_err(|e| e.message)?;
    let unposed = sk.unposed_bones();
    let mut n = 0;
    for (i, b) in frame["bones"].as_array().into_iter().flatten().enumerate() {
        let active = b["active"].as_bool() == Some(true);
        if active != sk.bones[i].active() {
            return Err(format!("bone {i} active"));
        }
        if !active || unposed.contains(&i) {
            continue;
        }
        let p = sk.bones[i].applied();
        for (k, v) in [
            ("a", p.a),
            ("b", p.b),
            ("c", p.c),
            ("d", p.d),
            ("worldX", p.world_x),
            ("worldY", p.world_y),
        ] {
            if !close(v, &b[k]) {
                return Err(format!("bone {i} {k}: ours {v} theirs {}", b[k]));
            }
            n += 1;
        }
    }
    for a in frame["attachments"].as_array().into_iter().flatten() {
        let ty = a["type"].as_str().unwrap_or_default();
        if ty != "region" && ty != "mesh" {
            continue;
        }
        let Some(slot) = a["slot"].as_str().and_then(|s| data.find_slot(s)) else {
            continue;
        };
        if unposed.contains(&sk.slots[slot].bone) {
            continue;
        }
        // `new Array(worldVerticesLength)` in the oracle's snapshot is one
        // `undefined` when the length is not a number: nothing to compare.
        let wvl = sk.slots[slot].pose.attachment.and_then(|a| {
            data.attachments[a]
                .vertex()
                .map(|v| v.world_vertices_length)
        });
        if wvl.is_some_and(|l| !l.is_finite()) {
            continue;
        }
        let verts = sk
            .world_vertices(slot)
            .map_err(|e| format!("slot {slot}: {}", e.message))?
            .ok_or_else(|| format!("slot {slot}: no region or mesh on our side"))?;
        let theirs = a["vertices"].as_array().cloned().unwrap_or_default();
        if verts.len() != theirs.len() {
            return Err(format!(
                "slot {slot}: {} vertices vs {}",
                verts.len(),
                theirs.len()
            ));
        }
        for (k, (v, t)) in verts.iter().zip(&theirs).enumerate() {
            if !close(*v, t) {
                return Err(format!("slot {slot} vertex {k}: ours {v} theirs {t}"));
            }
            n += 1;
        }
    }
    Ok(n)
}
