//! `rigc diff`: a built walk against itself is n/n on every measure; a copy
//! with one bone renamed, one key removed, or its animation renamed (then
//! paired back with `--as`) moves exactly the measures that change; `--json`
//! carries the same figures; the refusals.

use crate::build::build_reference;
use crate::util::Project;
use serde_json::Value;
use std::collections::BTreeMap;

/// A measure's `(matched, of)`.
type Ratio = (usize, usize);

/// The report's measures, `bones.names` → `(matched, of)`.
fn measures(stdout: &str) -> BTreeMap<String, Ratio> {
    stdout
        .lines()
        .filter_map(|l| {
            let mut it = l.split_whitespace();
            let (name, ratio) = (it.next()?, it.next()?);
            if it.next().is_some() || !name.contains('.') {
                return None;
            }
            let (m, n) = ratio.split_once('/')?;
            Some((name.to_string(), (m.parse().ok()?, n.parse().ok()?)))
        })
        .collect()
}

/// The measures that differ between two reports, with both figures.
fn moved(
    a: &BTreeMap<String, Ratio>,
    b: &BTreeMap<String, Ratio>,
) -> BTreeMap<String, (Ratio, Ratio)> {
    assert_eq!(
        a.keys().collect::<Vec<_>>(),
        b.keys().collect::<Vec<_>>(),
        "both reports list the same measures"
    );
    a.iter()
        .filter(|(k, v)| b[*k] != **v)
        .map(|(k, v)| (k.clone(), (*v, b[k])))
        .collect()
}

/// A built walk and its skeleton's text.
fn walk() -> (Project, String) {
    let (p, run) = build_reference("rigc-gallery/walk", "rig.json", "motion.json", "spine");
    run.green();
    let text = p.read("out/skeleton.json");
    (p, text)
}

fn edit(text: &str, f: impl FnOnce(&mut Value)) -> String {
    let mut v: Value = serde_json::from_str(text).expect("skeleton JSON");
    f(&mut v);
    serde_json::to_string_pretty(&v).expect("JSON")
}

#[test]
fn identical_skeletons_score_every_measure_n_of_n() {
    let (p, _) = walk();
    let run = p.rigc(&["diff", "out/skeleton.json", "out/skeleton.json"]);
    run.green();
    let m = measures(&run.stdout);
    for section in [
        "bones",
        "slots",
        "attachments",
        "constraints",
        "animations",
        "events",
    ] {
        run.stdout_has(&format!("── {section} ──"));
        assert!(
            m.keys().any(|k| k.starts_with(&format!("{section}."))),
            "{section} has measures{}",
            run.dump()
        );
    }
    for (name, (matched, of)) in &m {
        assert_eq!(matched, of, "{name}{}", run.dump());
    }
    // walk's own figures (FIGURES.md: 21 bones, 15 slots, 15 regions, 2 ik).
    assert_eq!(m["bones.names"], (21, 21));
    assert_eq!(m["slots.names"], (15, 15));
    assert_eq!(m["attachments.type_counts"], (15, 15));
    assert_eq!(m["constraints.names"], (2, 2));
    assert_eq!(m["animations.duration"], (1, 1));
    // Nothing to compare says 0/0: walk has no mesh and no event.
    assert_eq!(m["attachments.mesh_weighted"], (0, 0));
    assert_eq!(m["events.keys"], (0, 0));
    // No combined score.
    assert!(
        !run.stdout.to_lowercase().contains("score") && !run.stdout.contains('%'),
        "{}",
        run.dump()
    );
}

#[test]
fn a_mutated_copy_moves_exactly_the_measures_it_should() {
    let (p, text) = walk();
    let base = measures(
        &p.rigc(&["diff", "out/skeleton.json", "out/skeleton.json"])
            .stdout,
    );

    // A bone renamed: the bone `face` carries only the slot `eyes`.
    assert_eq!(text.matches("\"face\"").count(), 2, "face is named twice");
    p.write("renamed.json", text.replace("\"face\"", "\"visage\""));
    let run = p.rigc(&["diff", "renamed.json", "out/skeleton.json"]);
    run.green();
    let got = moved(&base, &measures(&run.stdout));
    let want: BTreeMap<String, _> = [
        ("bones.names", ((21, 21), (20, 22))),
        ("bones.parent_by_name", ((21, 21), (20, 20))),
        ("bones.order", ((21, 21), (20, 20))),
        ("bones.length_present", ((21, 21), (20, 20))),
        ("bones.inherit_present", ((21, 21), (20, 20))),
        ("bones.setup", ((21, 21), (20, 20))),
        ("slots.bone_by_name", ((15, 15), (14, 15))),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_string(), v))
    .collect();
    assert_eq!(got, want, "{}", run.dump());

    // A key removed: the hip's translate loses its middle key (a Bézier key
    // among Bézier keys, not the last, so neither the curve kinds nor the
    // duration change).
    let cut = edit(&text, |v| {
        let keys = v["animations"]["walk"]["bones"]["hip"]["translate"]
            .as_array_mut()
            .expect("hip translate");
        assert_eq!(keys.len(), 5);
        keys.remove(2);
    });
    p.write("cut.json", cut);
    let run = p.rigc(&["diff", "cut.json", "out/skeleton.json"]);
    run.green();
    let got = moved(&base, &measures(&run.stdout));
    let want: BTreeMap<String, _> = [
        ("animations.key_counts", ((13, 13), (12, 13))),
        ("animations.key_times", ((13, 13), (12, 13))),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_string(), v))
    .collect();
    assert_eq!(got, want, "{}", run.dump());

    // The animation renamed: nothing pairs, until --as pairs it back.
    let stroll = edit(&text, |v| {
        let anims = v["animations"].as_object_mut().expect("animations");
        let walk = anims.remove("walk").expect("walk");
        anims.insert("stroll".into(), walk);
    });
    p.write("stroll.json", stroll);
    let run = p.rigc(&["diff", "stroll.json", "out/skeleton.json"]);
    run.green();
    let unpaired = measures(&run.stdout);
    let got = moved(&base, &unpaired);
    assert_eq!(got["animations.names"], ((1, 1), (0, 2)));
    for (k, (_, after)) in &got {
        assert!(
            k.starts_with("animations."),
            "{k} moved with an animation's name{}",
            run.dump()
        );
        if k != "animations.names" {
            assert_eq!(*after, (0, 0), "{k}: nothing paired to compare");
        }
    }
    let run = p.rigc(&[
        "diff",
        "stroll.json",
        "out/skeleton.json",
        "--as",
        "stroll=walk",
    ]);
    run.green().stdout_has("as stroll = walk");
    assert_eq!(measures(&run.stdout), base, "{}", run.dump());
}

#[test]
fn json_carries_the_printed_figures() {
    let (p, text) = walk();
    p.write("renamed.json", text.replace("\"face\"", "\"visage\""));
    let run = p.rigc(&[
        "diff",
        "renamed.json",
        "out/skeleton.json",
        "--json",
        "diff.json",
    ]);
    run.green().stdout_has("rigc: wrote ");
    let written = p.read("diff.json");
    assert!(written.ends_with("}\n") && written.contains("\n  \"candidatePath\""));
    let doc: Value = serde_json::from_str(&written).expect("diff.json is JSON");
    assert_eq!(
        doc["candidatePath"],
        p.path().join("renamed.json").display().to_string()
    );
    assert_eq!(
        doc["referencePath"],
        p.path().join("out/skeleton.json").display().to_string()
    );
    assert_eq!(doc["pairs"][0]["candidate"], "walk");
    let printed = measures(&run.stdout);
    let mut from_json = BTreeMap::new();
    let sections = doc["sections"].as_array().expect("sections");
    let names: Vec<&str> = sections
        .iter()
        .filter_map(|s| s["section"].as_str())
        .collect();
    assert_eq!(
        names,
        [
            "bones",
            "slots",
            "attachments",
            "constraints",
            "animations",
            "events"
        ]
    );
    for s in sections {
        for m in s["measures"].as_array().expect("measures") {
            let n = |k: &str| m[k].as_u64().expect("a count") as usize;
            from_json.insert(
                m["measure"].as_str().expect("name").to_string(),
                (n("matched"), n("of")),
            );
        }
    }
    assert_eq!(from_json, printed);
    assert_eq!(from_json["bones.names"], (20, 22));
}

#[test]
fn refusals_are_named_and_write_nothing() {
    let (p, text) = walk();
    // A file that is not there: exit 1.
    let run = p.rigc(&["diff", "nope.json", "out/skeleton.json", "--json", "d.json"]);
    run.code(1)
        .stderr_has("rigc diff: cannot read ")
        .stderr_has("nope.json");
    // A skeleton the runtime refuses: a slot on a bone that does not exist.
    let bad = edit(&text, |v| v["slots"][1]["bone"] = "nobody".into());
    p.write("bad.json", bad);
    let run = p.rigc(&["diff", "out/skeleton.json", "bad.json", "--json", "d.json"]);
    run.code(1)
        .stderr_has("rigc diff: the runtime refuses ")
        .stderr_has("bad.json: Couldn't find bone nobody");
    // Not JSON at all.
    p.write("text.json", "bones: []");
    p.rigc(&["diff", "text.json", "out/skeleton.json", "--json", "d.json"])
        .code(1)
        .stderr_has("rigc diff: the runtime refuses ");
    // A malformed --as, and one naming an animation a side lacks: usage errors.
    p.rigc(&[
        "diff",
        "out/skeleton.json",
        "out/skeleton.json",
        "--as",
        "walk",
        "--json",
        "d.json",
    ])
    .code(2)
    .stderr_has("rigc: --as \"walk\": write <candidate animation>=<reference animation>");
    p.rigc(&[
        "diff",
        "out/skeleton.json",
        "out/skeleton.json",
        "--as",
        "run=walk",
        "--json",
        "d.json",
    ])
    .code(2)
    .stderr_has("the candidate has no animation \"run\" (it has: walk)");
    p.rigc(&[
        "diff",
        "out/skeleton.json",
        "out/skeleton.json",
        "--as",
        "walk=run",
        "--json",
        "d.json",
    ])
    .code(2)
    .stderr_has("the reference has no animation \"run\" (it has: walk)");
    // One skeleton only: a usage error.
    p.rigc(&["diff", "out/skeleton.json"]).code(2);
    assert!(!p.exists("d.json"), "a refusal wrote --json");
}
