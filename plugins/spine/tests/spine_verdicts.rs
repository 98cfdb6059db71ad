//! (b) Parse verdicts: for malformed and odd skeletons and atlases, our verdict
//! (accepted, or rejected with a message) equals spine-core's
//! (`node pose.mjs --roundtrip`, run now). For accepted files the summary
//! counts (bones, slots, skins, constraints and attachments per type, names)
//! must match too.

mod oracle;

use rigc_spine::data::SkeletonData;
use rigc_spine::{read_atlas, read_skeleton, ReadErrorKind};
use serde_json::{json, Value};

const ATLAS: &str = "page.png\n\tsize: 64, 64\nr\n\tbounds: 0, 0, 10, 10\n";

fn base() -> Value {
    json!({
        "skeleton": { "spine": "4.3.13" },
        "bones": [ { "name": "root" }, { "name": "b", "parent": "root", "length": 10 } ],
        "slots": [ { "name": "s", "bone": "b", "attachment": "r" } ],
        "skins": [ { "name": "default", "attachments": { "s": { "r": { "width": 4, "height": 4 } } } } ]
    })
}

fn with(mut v: Value, path: &[&str], value: Value) -> Value {
    let mut cur = &mut v;
    for (i, key) in path.iter().enumerate() {
        if i == path.len() - 1 {
            cur[*key] = value;
            break;
        }
        cur = match key.parse::<usize>() {
            Ok(n) => &mut cur[n],
            Err(_) => &mut cur[*key],
        };
    }
    v
}

/// (name, skeleton text, atlas text or `None` for `-`).
fn cases() -> Vec<(&'static str, String, Option<String>)> {
    let tiny =
        std::fs::read_to_string(oracle::fixtures().join("tiny/skeleton.json")).expect("tiny");
    let tiny_atlas =
        std::fs::read_to_string(oracle::fixtures().join("tiny/skeleton.atlas")).expect("atlas");
    let b = base();
    let anim = |a: Value| with(base(), &["animations"], json!({ "a": a })).to_string();
    let s = |v: Value| v.to_string();
    vec![
        (
            "truncated JSON",
            tiny[..tiny.len() / 2].to_string(),
            Some(tiny_atlas.clone()),
        ),
        ("empty file", String::new(), None),
        (
            "trailing comma",
            "{\"bones\":[{\"name\":\"root\"},]}".into(),
            None,
        ),
        ("JSON null", "null".into(), None),
        (
            "number in a name position",
            "{\"bones\":[{\"name\":01}]}".into(),
            None,
        ),
        (
            "dangling slot bone",
            s(with(b.clone(), &["slots", "0", "bone"], json!("nope"))),
            None,
        ),
        (
            "bone without name",
            s(with(b.clone(), &["bones", "1", "name"], json!(""))),
            None,
        ),
        (
            "4.2 transform target",
            s(with(
                b.clone(),
                &["constraints"],
                json!([{"type":"transform","name":"t","target":"root","bones":["b"]}]),
            )),
            None,
        ),
        (
            "4.2 top-level ik array",
            s(with(
                b.clone(),
                &["ik"],
                json!([{"name":"k","bones":["b"],"target":"root","order":0}]),
            )),
            None,
        ),
        (
            "unknown constraint type",
            s(with(
                b.clone(),
                &["constraints"],
                json!([{"type":"spring","name":"x"}, {"name":"y"}]),
            )),
            None,
        ),
        (
            "invalid transform to-property",
            s(with(
                b.clone(),
                &["constraints"],
                json!([{"type":"transform","name":"t","source":"root","bones":["b"],"properties":{"x":{"to":{"foo":{}}}}}]),
            )),
            None,
        ),
        (
            "unknown parent is a root",
            s(with(b.clone(), &["bones", "1", "parent"], json!("ghost"))),
            None,
        ),
        (
            "lower-case enum",
            s(with(
                b.clone(),
                &["bones", "1", "inherit"],
                json!("noscale"),
            )),
            None,
        ),
        (
            "empty-string enum",
            s(with(b.clone(), &["bones", "1", "inherit"], json!(""))),
            None,
        ),
        (
            "3.x skins object",
            s(with(b.clone(), &["skins"], json!({"default": {}}))),
            None,
        ),
        (
            "region missing from atlas",
            s(with(
                b.clone(),
                &["skins", "0", "attachments", "s", "r", "path"],
                json!("missing"),
            )),
            Some(ATLAS.into()),
        ),
        (
            "region without width (NaN)",
            s(with(
                b.clone(),
                &["skins", "0", "attachments", "s", "r"],
                json!({"height": 4}),
            )),
            None,
        ),
        (
            "string where a number goes",
            s(with(b.clone(), &["bones", "1", "x"], json!("abc"))),
            None,
        ),
        (
            "mesh without uvs",
            s(with(
                b.clone(),
                &["skins", "0", "attachments", "s", "r"],
                json!({"type":"mesh","vertices":[0,0],"triangles":[]}),
            )),
            None,
        ),
        (
            "4.2 linked mesh parent",
            s(with(
                b.clone(),
                &["skins", "0", "attachments", "s", "m"],
                json!({"type":"linkedmesh","parent":"r"}),
            )),
            None,
        ),
        (
            "linked mesh source missing",
            s(with(
                b.clone(),
                &["skins", "0", "attachments", "s", "m"],
                json!({"type":"linkedmesh","source":"nope"}),
            )),
            None,
        ),
        (
            "unknown attachment type",
            s(with(
                b.clone(),
                &["skins", "0", "attachments", "s", "x"],
                json!({"type":"sprite"}),
            )),
            None,
        ),
        (
            "unknown bone timeline",
            anim(json!({"bones":{"b":{"translateX":[{"time":0}]}}})),
            None,
        ),
        (
            "unknown slot timeline",
            anim(json!({"slots":{"s":{"color":[{"time":0}]}}})),
            None,
        ),
        (
            "empty rgba timeline",
            anim(json!({"slots":{"s":{"rgba":[]}}})),
            None,
        ),
        (
            "empty attachment timeline (NaN duration)",
            anim(json!({"slots":{"s":{"attachment":[]}}})),
            None,
        ),
        (
            "3.x numeric curve",
            anim(json!({"bones":{"b":{"rotate":[{"curve":0.25,"c2":0.5},{"time":1,"value":90}]}}})),
            None,
        ),
        (
            "deform on a region",
            anim(json!({"attachments":{"default":{"s":{"r":{"deform":[{"time":0}]}}}}})),
            None,
        ),
        (
            "event not found",
            anim(json!({"events":[{"time":0,"name":"boom"}]})),
            None,
        ),
        (
            "draw order slot not found",
            anim(json!({"drawOrder":[{"time":0,"offsets":[{"slot":"zz","offset":1}]}]})),
            None,
        ),
        (
            "unknown sequence mode",
            anim(json!({"attachments":{"default":{"s":{"r":{"sequence":[{"mode":"Loop"}]}}}}})),
            None,
        ),
        (
            "slider animation not found",
            s(with(
                b.clone(),
                &["constraints"],
                json!([{"type":"slider","name":"sl","animation":"nope"}]),
            )),
            None,
        ),
        (
            "skin names an unknown bone",
            s(with(b.clone(), &["skins", "0", "bones"], json!(["nope"]))),
            None,
        ),
        (
            "atlas filter without value",
            s(b.clone()),
            Some("page.png\n\tfilter:\nr\n\tbounds: 0,0,1,1\n".into()),
        ),
        (
            "atlas prototype field name",
            s(b.clone()),
            Some("page.png\n\tsize: 8,8\nr\n\thasOwnProperty: 1\n".into()),
        ),
        (
            "atlas with decimals",
            s(b.clone()),
            Some("page.png\n\tsize: 64.9, 64\nr\n\tbounds: 2.9, 2, 10, 10\n".into()),
        ),
        ("tiny fixture", tiny.clone(), Some(tiny_atlas.clone())),
    ]
}

fn summary(d: &SkeletonData) -> Value {
    let mut constraints = serde_json::Map::new();
    for t in ["ik", "transform", "path", "physics", "slider"] {
        constraints.insert(
            t.into(),
            json!(d.constraints.iter().filter(|c| c.type_name() == t).count()),
        );
    }
    let mut attachments = serde_json::Map::new();
    for t in [
        "region",
        "mesh",
        "linkedmesh",
        "boundingbox",
        "path",
        "point",
        "clipping",
    ] {
        let n: usize = d
            .skins
            .iter()
            .flat_map(|s| s.entries())
            .filter(|(_, e)| d.attachments[e.attachment].type_name() == t)
            .count();
        attachments.insert(t.into(), json!(n));
    }
    json!({
        "ok": true, "version": d.version,
        "bones": d.bones.len(), "slots": d.slots.len(), "skins": d.skins.len(),
        "animations": d.animations.len(), "events": d.events.len(),
        "constraints": constraints, "attachments": attachments,
        "skinNames": d.skins.iter().map(|s| s.name.clone()).collect::<Vec<_>>(),
        "animationNames": d.animations.iter().map(|a| a.name.clone()).collect::<Vec<_>>(),
    })
}

fn ours(json_text: &str, atlas_text: Option<&str>) -> Value {
    let atlas = match atlas_text.map(read_atlas) {
        None => None,
        Some(Ok(a)) => Some(a),
        Some(Err(e)) => return json!({ "ok": false, "error": e.message }),
    };
    match read_skeleton(json_text, atlas.as_ref()) {
        Ok(o) => summary(&o.data),
        Err(e) => json!({ "ok": false, "error": e.message }),
    }
}

#[test]
fn verdicts_match_the_oracle() {
    if !oracle::available() {
        return;
    }
    let dir = oracle::scratch("verdicts");
    let cases = cases();
    assert!(cases.len() >= 15);
    let (mut rejected, mut accepted) = (0, 0);
    for (i, (name, text, atlas)) in cases.iter().enumerate() {
        let json_path = dir.join(format!("case{i}.json"));
        std::fs::write(&json_path, text).expect("write");
        let atlas_path = atlas.as_ref().map(|a| {
            let p = dir.join(format!("case{i}.atlas"));
            std::fs::write(&p, a).expect("write");
            p
        });
        let theirs = oracle::roundtrip(&json_path, atlas_path.as_deref());
        let mine = ours(text, atlas.as_deref());
        assert_eq!(mine, theirs, "case {name:?}");
        eprintln!(
            "  {name}: {}",
            theirs
                .get("error")
                .map_or("ok".to_string(), |e| e.to_string())
        );
        if theirs["ok"] == json!(true) {
            accepted += 1;
        } else {
            rejected += 1;
        }
    }
    eprintln!("verdicts vs oracle: {} cases agree ({accepted} accepted, {rejected} rejected with the same message)", cases.len());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn descending_draw_order_is_refused_not_hung() {
    let text = with(
        base(),
        &["slots"],
        json!([{"name":"s","bone":"b"},{"name":"t","bone":"b"}]),
    );
    let text = with(
        text,
        &["animations"],
        json!({"a":{"drawOrder":[{"time":0,"offsets":[{"slot":"t","offset":-1},{"slot":"s","offset":1}]}]}}),
    );
    let err = read_skeleton(&text.to_string(), None).expect_err("refused");
    assert_eq!(err.kind, ReadErrorKind::WouldHang);
    assert!(err.message.contains("ascending"), "{}", err.message);
}

#[test]
fn silent_oddities_are_findings() {
    let text = with(base(), &["bones", "1", "parent"], json!("ghost"));
    let text = with(text, &["bones", "1", "inherit"], json!("noscale"));
    let text = with(text, &["ik"], json!([]));
    let text = with(
        text,
        &["constraints"],
        json!([{"type":"spring","name":"x"}]),
    );
    let o = read_skeleton(&text.to_string(), None).expect("accepted");
    let paths: Vec<&str> = o.findings.iter().map(|f| f.path.as_str()).collect();
    for p in [
        "bones[1].parent",
        "bones[1].inherit",
        "ik",
        "constraints[0]",
    ] {
        assert!(paths.contains(&p), "missing finding at {p}: {paths:?}");
    }
    assert_eq!(o.data.bones[1].parent, None);
    assert_eq!(o.data.bones[1].setup.inherit, None);
}
