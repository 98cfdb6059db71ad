//! `rigc vote`: a ballot of two built walks (the reference, and walk rebuilt
//! with a changed hip motion), a result made here from the ballot's own
//! manifest recorded and its ledger line read back; a tampered result refused
//! by name; a repeat refused and `--again` taken; 1 or 5 candidates, a red
//! candidate, an animation only some have, refused; and, where Chromium and
//! the browser harness are installed, the ballot's two panes loaded by the
//! official player.

use crate::build::build_reference;
use crate::util::{self, Project};
use serde_json::{json, Value};
use std::path::Path;

/// The player linked from a URL, so the ballot is written whether or not the
/// player's package is installed (no test here opens it but the browser one).
const PLAYER_URL: &str = "https://player.invalid/spine-player/dist";

/// A project holding `out/` (walk as the reference builds it) and `out2/`
/// (walk with its hip's second key raised from 8 to 14 px).
fn two_walks() -> Project {
    let (p, run) = build_reference("rigc-gallery/walk", "rig.json", "motion.json", "spine");
    run.green();
    p.copy_dir(&util::shared().join("reference/rigc-gallery/walk"), "rig2");
    let mut motion: Value = serde_json::from_str(&p.read("rig2/motion.json")).expect("motion");
    let tracks = motion["animations"]["walk"]["tracks"]
        .as_array_mut()
        .expect("tracks");
    let hip = tracks
        .iter_mut()
        .find(|t| t["bone"] == "hip")
        .expect("a hip track");
    assert_eq!(hip["keys"][1]["v"], json!([3, 8]));
    hip["keys"][1]["v"] = json!([3, 14]);
    p.write("rig2/motion.json", motion.to_string());
    p.rigc(&[
        "build",
        "--rig",
        "rig2/rig.json",
        "--motion",
        "rig2/motion.json",
        "--out",
        "out2",
    ])
    .green();
    p
}

fn ballot(p: &Project, extra: &[&str]) -> util::Run {
    let mut args = vec![
        "vote",
        "--candidate",
        "out",
        "--candidate",
        "out2",
        "--player-url",
        PLAYER_URL,
    ];
    args.extend_from_slice(extra);
    p.rigc(&args)
}

/// The `{ballot, manifest}` element of a ballot page.
fn embedded(html: &str) -> Value {
    let open = "<script type=\"application/json\" id=\"rigc-ballot-manifest\">";
    let start = html.find(open).expect("the manifest element") + open.len();
    let len = html[start..].find("</script>").expect("closed");
    serde_json::from_str(&html[start..start + len]).expect("the manifest is JSON")
}

fn hex(bytes: &[u8]) -> String {
    blake3::hash(bytes).to_hex().to_string()
}

/// The result a ballot page saves for `answer`, made from the manifest.
fn result_for(e: &Value, answer: &str, reason: &str) -> Value {
    json!({
        "schema": "rigc-vote/1",
        "ballot": e["ballot"],
        "manifest": e["manifest"],
        "answer": answer,
        "reason": reason,
        "savedAt": "2026-12-02T17:00:00.000Z",
    })
}

#[test]
fn a_ballot_of_two_walks_and_a_recorded_vote() {
    let p = two_walks();
    let run = ballot(&p, &[]);
    run.green()
        .stdout_has("2 candidates, animation \"walk\"")
        .stdout_has("  ..    pane A   content ")
        .stdout_has("  ..    pane B   content ")
        .stdout_has("rigc: wrote ");
    let html = p.read("ballot.html");
    // Panes A and B in the player's page; no path of either candidate shown.
    assert!(html.contains("<h2>A</h2>") && html.contains("<h2>B</h2>"));
    assert!(html.contains("data-pane=\"1\"") && !html.contains("data-pane=\"2\""));
    assert!(html.contains("window.rigcPreview") && html.contains("window.rigcBallot"));
    let root = p.path().display().to_string();
    assert!(!html.contains(&root), "the ballot shows a path");
    assert!(
        !html.contains("out2"),
        "the ballot names a candidate's directory"
    );

    // The manifest: the id is its canonical text's short blake3, and each
    // pane's digests are those of the files on disk.
    let e = embedded(&html);
    let id = e["ballot"].as_str().expect("an id").to_string();
    let canonical = serde_json::to_string(&e["manifest"]).expect("text");
    assert_eq!(id, hex(canonical.as_bytes())[..16]);
    run.stdout_has(&format!("rigc vote: ballot {id}, "));
    assert_eq!(e["manifest"]["animation"], "walk");
    for (pane, (letter, dir)) in e["manifest"]["panes"]
        .as_array()
        .expect("panes")
        .iter()
        .zip([("A", "out"), ("B", "out2")])
    {
        assert_eq!(pane["letter"], letter);
        let file = |name: &str| std::fs::read(p.path().join(dir).join(name)).expect("read");
        assert_eq!(pane["skeleton"], hex(&file("skeleton.json")));
        assert_eq!(pane["atlas"], hex(&file("skeleton.atlas")));
        let pages = pane["pages"].as_array().expect("pages");
        assert_eq!(pages.len(), 15, "walk has 15 part pages");
        for page in pages {
            let name = page["name"].as_str().expect("a name");
            let bytes = std::fs::read(p.path().join(dir).join(name)).expect("page on disk");
            assert_eq!(page["digest"], hex(&bytes), "{name}");
        }
    }
    let (a, b) = (
        e["manifest"]["panes"][0]["content"].clone(),
        e["manifest"]["panes"][1]["content"].clone(),
    );
    assert_ne!(a, b);

    // The vote, as the page would save it: B wins on motion.
    let file = format!("vote-{id}.json");
    p.write(&file, result_for(&e, "B", "motion").to_string());
    let rec = p.rigc(&["vote", "--record", &file]);
    rec.green();
    for check in [
        "RESULT_PARSES",
        "RESULT_SCHEMA",
        "BALLOT_MANIFEST_INTACT",
        "RESULT_NAMES_THIS_BALLOT",
        "RESULT_DIGESTS_MATCH_BALLOT",
        "ANSWER_IS_A_CHOICE",
        "REASON_IS_KNOWN",
        "BALLOT_RECORDED_ONCE",
    ] {
        rec.stdout_has(&format!("  PASS  {check}\n"));
    }
    rec.stdout_has(&format!(
        "rigc: appended line 1 to {}",
        p.path().join("votes.jsonl").display()
    ));
    let ledger = p.read("votes.jsonl");
    assert_eq!(ledger.lines().count(), 1);
    let line: Value = serde_json::from_str(ledger.trim_end()).expect("a JSON line");
    assert_eq!(line["schema"], "rigc-vote-ledger/1");
    assert_eq!(line["ballot"], id.as_str());
    assert_eq!(line["answer"], "B");
    assert_eq!(line["winner"], b, "the winner is B's content digest");
    let mut coverage = vec![a.clone(), b.clone()];
    coverage.sort_by(|x, y| x.as_str().cmp(&y.as_str()));
    assert_eq!(line["coverage"], Value::Array(coverage));
    assert_eq!(line["reason"], "motion");
    assert_eq!(line["again"], false);
    let at = line["recordedAt"].as_str().expect("a time");
    assert!(
        at.len() == 20 && at.ends_with('Z') && at.as_bytes()[10] == b'T',
        "{at}"
    );

    // A tie is an answer with no winner.
    let tie = format!("tie-{id}.json");
    p.write(&tie, result_for(&e, "tie", "same").to_string());
    p.rigc(&["vote", "--record", &tie, "--ledger", "other.jsonl"])
        .green()
        .stdout_has("(no winner)");
    let line: Value = serde_json::from_str(p.read("other.jsonl").trim_end()).expect("JSON");
    assert_eq!(line["winner"], Value::Null);
}

#[test]
fn a_tampered_result_and_a_repeat_are_refused_and_again_is_taken() {
    let p = two_walks();
    ballot(&p, &["--out", "b.html"]).green();
    let e = embedded(&p.read("b.html"));
    let id = e["ballot"].as_str().expect("id").to_string();

    // One page digest of pane B changed: refused by name, nothing appended.
    let mut bad = result_for(&e, "A", "shape");
    bad["manifest"]["panes"][1]["pages"][3]["digest"] = json!(hex(b"not the page"));
    p.write("tampered.json", bad.to_string());
    let run = p.rigc(&["vote", "--record", "tampered.json", "--ballot", "b.html"]);
    run.code(1)
        .stdout_has("  FAIL  RESULT_DIGESTS_MATCH_BALLOT: pane B's page ")
        .stderr_has("rigc vote: RESULT_DIGESTS_MATCH_BALLOT: pane B's page ")
        .stderr_has("nothing appended");
    assert!(!p.exists("votes.jsonl"), "a refusal appended");

    // A result for another ballot, an answer the ballot has no pane for, a
    // reason outside the enumeration: each refused by its check's name.
    for (field, value, check) in [
        (
            "ballot",
            json!("0123456789abcdef"),
            "RESULT_NAMES_THIS_BALLOT",
        ),
        ("answer", json!("C"), "ANSWER_IS_A_CHOICE"),
        ("reason", json!("vibes"), "REASON_IS_KNOWN"),
    ] {
        let mut r = result_for(&e, "A", "shape");
        r[field] = value;
        p.write("r.json", r.to_string());
        p.rigc(&["vote", "--record", "r.json", "--ballot", "b.html"])
            .code(1)
            .stderr_has(&format!("rigc vote: {check}: "));
    }
    // The ballot itself changed after it was written.
    let html = p.read("b.html");
    p.write(
        "edited.html",
        html.replace("\"animation\":\"walk\"", "\"animation\":\"walkx\""),
    );
    p.write("ok.json", result_for(&e, "A", "shape").to_string());
    p.rigc(&["vote", "--record", "ok.json", "--ballot", "edited.html"])
        .code(1)
        .stderr_has("rigc vote: BALLOT_MANIFEST_INTACT: ");
    // Not JSON: located.
    p.write(
        "broken.json",
        "{\n  \"schema\": \"rigc-vote/1\",\n  \"ballot\": \n",
    );
    p.rigc(&["vote", "--record", "broken.json", "--ballot", "b.html"])
        .code(1)
        .stderr_has("broken.json:4:")
        .stderr_has("not JSON");
    assert!(!p.exists("votes.jsonl"), "a refusal appended");

    // Recorded once; the repeat refused; --again taken as line 2.
    p.rigc(&["vote", "--record", "ok.json", "--ballot", "b.html"])
        .green()
        .stdout_has("rigc: appended line 1 to ");
    p.rigc(&["vote", "--record", "ok.json", "--ballot", "b.html"])
        .code(1)
        .stderr_has(&format!(
            "BALLOT_RECORDED_ONCE: the ledger {} already holds 1 vote(s) on ballot {id}; record it again with --again",
            p.path().join("votes.jsonl").display()
        ));
    assert_eq!(p.read("votes.jsonl").lines().count(), 1);
    p.rigc(&[
        "vote", "--record", "ok.json", "--ballot", "b.html", "--again",
    ])
    .green()
    .stdout_has("  PASS  BALLOT_RECORDED_ONCE: vote 2 on this ballot, allowed by --again")
    .stdout_has("rigc: appended line 2 to ");
    let ledger = p.read("votes.jsonl");
    let second: Value = serde_json::from_str(ledger.lines().nth(1).expect("line 2")).expect("JSON");
    assert_eq!(second["again"], true);
}

#[test]
fn ballot_refusals_write_nothing() {
    let p = two_walks();
    // 1 and 5 candidates.
    p.rigc(&["vote", "--candidate", "out", "--player-url", PLAYER_URL])
        .code(2)
        .stderr_has(
            "rigc vote: a ballot compares 2 to 4 candidates, and --candidate was given 1 time(s)",
        );
    let mut five = vec!["vote", "--player-url", PLAYER_URL];
    for _ in 0..5 {
        five.extend(["--candidate", "out"]);
    }
    p.rigc(&five)
        .code(2)
        .stderr_has("--candidate was given 5 time(s)");
    // A red candidate: out2 rewritten as Spine 4.2 (A16 fails).
    util::copy_tree(&p.path().join("out2"), &p.path().join("red"));
    let text = p.read("red/skeleton.json");
    assert!(text.contains("\"spine\": \"4.3.13\"") || text.contains("\"spine\":\"4.3.13\""));
    p.write("red/skeleton.json", text.replacen("4.3.13", "4.2.11", 1));
    p.rigc(&[
        "vote",
        "--candidate",
        "out",
        "--candidate",
        "red",
        "--player-url",
        PLAYER_URL,
    ])
    .code(2)
    .stderr_has("rigc vote: candidate B (red) is red: 1 assertion(s) failed")
    .stderr_has("a ballot holds green builds only");
    // The same build twice.
    p.rigc(&[
        "vote",
        "--candidate",
        "out",
        "--candidate",
        "out",
        "--player-url",
        PLAYER_URL,
    ])
    .code(2)
    .stderr_has("candidates A and B are the same build");
    // An animation only some candidates have: B's walk renamed.
    util::copy_tree(&p.path().join("out2"), &p.path().join("stroll"));
    let mut v: Value = serde_json::from_str(&p.read("stroll/skeleton.json")).expect("JSON");
    let anims = v["animations"].as_object_mut().expect("animations");
    let walk = anims.remove("walk").expect("walk");
    anims.insert("stroll".into(), walk);
    p.write(
        "stroll/skeleton.json",
        serde_json::to_string_pretty(&v).expect("JSON"),
    );
    p.rigc(&[
        "vote",
        "--candidate",
        "out",
        "--candidate",
        "stroll",
        "--player-url",
        PLAYER_URL,
    ])
    .code(2)
    .stderr_has(
        "candidate A's first animation \"walk\" is not in every candidate: not in B (has: stroll)",
    );
    ballot(&p, &["--animation", "stroll"]).code(2).stderr_has(
        "--animation \"stroll\" is not in every candidate: not in A (has: walk), B (has: walk)",
    );
    // Flags of the other mode.
    p.rigc(&["vote", "--record", "v.json", "--candidate", "out"])
        .code(2)
        .stderr_has("--candidate makes a ballot and --record records a vote");
    ballot(&p, &["--again"])
        .code(2)
        .stderr_has("--again goes with --record");
    p.rigc(&["vote"]).code(2);
    assert!(!p.exists("ballot.html"), "a refusal wrote the ballot");
}

/// With Chromium and the browser harness installed (scripts/setup-browser.sh,
/// scripts/setup-player.sh), the ballot with the player embedded loads both
/// panes in the official player with no console error, both draw, and the
/// page's own form saves a result (through its download link) that
/// `--record` takes.
#[test]
fn the_ballot_plays_and_saves_a_vote_in_chromium_when_it_is_installed() {
    let ws = util::workspace();
    let player = ws.join(".player/node_modules/@esotericsoftware/spine-player");
    let (shoot, vote) = (
        ws.join("tests/browser/shoot.mjs"),
        ws.join("tests/browser/ballot.mjs"),
    );
    let driver = ws.join(".browser/node_modules/playwright-core");
    if !Path::new("/usr/bin/chromium").is_file() || !player.is_dir() || !driver.is_dir() {
        eprintln!("skipped: Chromium, the player or the browser driver is not installed");
        return;
    }
    let p = two_walks();
    p.rigc(&[
        "vote",
        "--candidate",
        "out",
        "--candidate",
        "out2",
        "--player",
        player.to_str().expect("utf-8"),
    ])
    .green();
    let page = p.path().join("ballot.html");
    let node = |script: &Path, args: &[&str]| -> Value {
        let out = std::process::Command::new("node")
            .arg(script)
            .args(args)
            .output()
            .expect("node runs");
        let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
        assert!(
            out.status.success(),
            "{} failed: {stdout}{}",
            script.display(),
            String::from_utf8_lossy(&out.stderr)
        );
        serde_json::from_str(&stdout).expect("the driver's JSON")
    };
    let page_arg = page.to_str().expect("utf-8");
    let report = node(&shoot, &["--page", page_arg]);
    assert_eq!(report["consoleErrors"], json!([]), "{report}");
    assert_eq!(report["pageErrors"], json!([]), "{report}");
    let panes = report["panes"].as_array().expect("panes");
    assert_eq!(panes.len(), 2, "{report}");
    for (i, pane) in panes.iter().enumerate() {
        assert_eq!(pane["loaded"], true, "{report}");
        assert_eq!(pane["animation"], "walk", "{report}");
        let drawn = report["shots"][i]["playing"][0]["drawn"]["pixels"]
            .as_u64()
            .unwrap_or(0);
        assert!(drawn > 10_000, "pane {i} draws {drawn} px: {report}");
    }

    // A person's vote, saved by the page itself, then recorded.
    let saved = p.path().join("saved.json");
    let report = node(
        &vote,
        &[
            "--page",
            page_arg,
            "--answer",
            "B",
            "--reason",
            "loop",
            "--save",
            saved.to_str().expect("utf-8"),
        ],
    );
    assert_eq!(report["consoleErrors"], json!([]), "{report}");
    let id = embedded(&p.read("ballot.html"))["ballot"]
        .as_str()
        .expect("id")
        .to_string();
    assert_eq!(report["download"], format!("vote-{id}.json"), "{report}");
    p.rigc(&["vote", "--record", "saved.json"])
        .green()
        .stdout_has("  PASS  RESULT_DIGESTS_MATCH_BALLOT\n")
        .stdout_has("rigc: appended line 1 to ");
    let line: Value = serde_json::from_str(p.read("votes.jsonl").trim_end()).expect("JSON");
    assert_eq!(
        (&line["answer"], &line["reason"]),
        (&json!("B"), &json!("loop"))
    );
    assert!(
        line["savedAt"].as_str().is_some_and(|t| t.ends_with('Z')),
        "{line}"
    );
}
