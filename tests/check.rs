//! `rigc check` (CLI.md §6, FACE.md §9.3): FACE.md §9.3's audit — portrait's
//! good turn rendered at 25 fps as the reference, then the good build, the
//! inverted band and the folded mesh (under `--profile spine`, where A39 is
//! PROF) checked against it: MAE 0 for the good build, 0 < inverted <
//! folded, and both defects worst at the frame the turn arrives on (derived
//! here from the motion's key time). And check's refusals, each named with
//! nothing written.

use crate::face_builds::{folded, inverted, portrait, run};
use crate::util::{Project, Run};
use serde_json::Value;

/// The `MAE mean … worst … at fNNNN` figures of a check's only set.
fn mae(r: &Run) -> (f64, f64, String) {
    let line = r
        .stdout
        .lines()
        .find(|l| l.starts_with("  MAE mean "))
        .unwrap_or_else(|| panic!("no MAE line{}", r.dump()));
    let w: Vec<&str> = line.split_whitespace().collect();
    let num = |i: usize| w[i].parse::<f64>().unwrap_or_else(|_| panic!("{line}"));
    (num(2), num(4), w[6].to_string())
}

/// A build of `p` under `profile`, rendered at 25 fps when `render`.
fn built(p: &Project, profile: &str, render: bool) {
    run(p, "build", Some(profile)).green();
    if render {
        p.rigc(&[
            "render",
            "--candidate",
            "out",
            "--fps",
            "25",
            "--max",
            "640",
            "--out",
            "render",
        ])
        .green();
    }
}

#[test]
fn face_md_9_3_the_audit_orders_the_defects_and_finds_the_frame() {
    let good = portrait(|_, _| {});
    built(&good, "spine-html", true);
    let frames = good.path().join("render/turn@25fps");
    let frames = frames.to_str().expect("a utf-8 path");
    let check = |candidate: &Project, json: &str| {
        let out = candidate.path().join("out");
        let r = good.rigc(&[
            "check",
            "--candidate",
            out.to_str().expect("utf-8"),
            "--frames",
            frames,
            "--json",
            json,
        ]);
        r.green();
        r
    };
    // The frame the turn arrives on: the first sample at or after key 1.
    let motion: Value = serde_json::from_str(&good.read("rig/motion.json")).expect("json");
    let head = motion["animations"]["turn"]["deform"]
        .as_array()
        .expect("deform tracks")
        .iter()
        .find(|t| t["slot"] == "head")
        .expect("the head's track");
    let arrives = head["keys"][1]["t"].as_f64().expect("key 1's time");
    let frame = format!("f{:04}", (arrives * 25.0 - 1e-9).ceil() as u32);
    assert_eq!(frame, "f0016", "FACE.md §9.3 names it");

    let same = check(&good, "good.json");
    let (mean, worst, _) = mae(&same);
    assert_eq!((mean, worst), (0.0, 0.0), "{}", same.dump());
    let duration = motion["animations"]["turn"]["duration"]
        .as_f64()
        .expect("turn's duration");
    let n = (duration * 25.0).round() as usize + 1;
    same.stdout_has(&format!(
        "  frames {n} on disk, candidate samples {n}, {n} compared\n"
    ))
    .stdout_has("  slot drift none (no frame differs)\n");
    let report: Value = serde_json::from_str(&good.read("good.json")).expect("the --json report");
    assert_eq!(report["spec"], "rigc-check/1");
    assert_eq!(
        report["sets"][0]["frames"].as_array().map(Vec::len),
        Some(n)
    );

    let a = inverted();
    built(&a, "spine-html", false);
    let b = folded();
    built(&b, "spine", false);
    let (inverted_mean, _, inverted_at) = mae(&check(&a, "a.json"));
    let folded_run = check(&b, "b.json");
    let (folded_mean, _, folded_at) = mae(&folded_run);
    println!("check MAE mean: good 0, inverted {inverted_mean:.3}, folded {folded_mean:.3}");
    assert!(
        0.0 < inverted_mean && inverted_mean < folded_mean,
        "0 < inverted {inverted_mean} < folded {folded_mean}"
    );
    assert_eq!(
        inverted_at, frame,
        "the inverted band is worst where the turn arrives"
    );
    assert_eq!(folded_at, frame, "the fold is worst where the turn arrives");
    // The drift line names a slot and the table lists the worst frame.
    folded_run
        .stdout_has("  slot drift worst ")
        .stdout_has(&format!("  {frame} "));
}

#[test]
fn check_refuses_by_name_and_writes_nothing() {
    let p = portrait(|_, _| {});
    built(&p, "spine", false);
    // A small render to hold against: walk-sized at 12 fps of turn.
    p.rigc(&[
        "render",
        "--candidate",
        "out",
        "--animation",
        "turn",
        "--max",
        "64",
        "--out",
        "render",
    ])
    .green();
    // Frames of mismatched sizes: one frame replaced by a picture of another size.
    let small = p.path().join("render/turn/f0003.png");
    let other = std::fs::read(p.path().join("render/turn/contact.png")).expect("a contact sheet");
    std::fs::write(&small, other).expect("write");
    let r = p.rigc(&[
        "check",
        "--candidate",
        "out",
        "--frames",
        "render",
        "--json",
        "r.json",
        "--out",
        "cmp",
    ]);
    r.code(1)
        .stderr_has("rigc check error: reference frame ")
        .stderr_has("f0003.png is ");
    assert!(
        !p.exists("r.json") && !p.exists("cmp"),
        "nothing written{}",
        r.dump()
    );
    // No frames.json where --frames points.
    p.rigc(&["check", "--candidate", "out", "--frames", "out"])
        .code(1)
        .stderr_has("no frames.json in it or in its parent");
    // --as with more than one set, and a candidate without the set's animation.
    std::fs::remove_dir_all(p.path().join("render")).expect("clean");
    p.rigc(&[
        "render",
        "--candidate",
        "out",
        "--max",
        "64",
        "--out",
        "render",
    ])
    .green();
    p.rigc(&[
        "check",
        "--candidate",
        "out",
        "--frames",
        "render",
        "--as",
        "turn",
    ])
    .code(2)
    .stderr_has("--as pairs one set");
    let turn = p.path().join("render/turn");
    p.rigc(&[
        "check",
        "--candidate",
        "out",
        "--frames",
        turn.to_str().expect("utf-8"),
        "--as",
        "nope",
    ])
    .code(1)
    .stderr_has("which the candidate does not have");
    // A candidate the runtime refuses.
    p.write(
        "bad/skeleton.json",
        r#"{"bones":[{"name":"a"}],"slots":[{"name":"s","bone":"zzz"}]}"#,
    );
    p.write("bad/skeleton.atlas", "");
    p.rigc(&["check", "--candidate", "bad", "--frames", "render"])
        .code(1)
        .stderr_has("rigc check error: the runtime refuses ");
    // A bad viewport is a flag error.
    p.rigc(&[
        "check",
        "--candidate",
        "out",
        "--frames",
        "render",
        "--viewport",
        "1,2,0,4",
    ])
    .code(2)
    .stderr_has("--viewport");
    // --out writes the triptychs and a sidecar when the comparison runs.
    p.rigc(&[
        "check",
        "--candidate",
        "out",
        "--frames",
        turn.to_str().expect("utf-8"),
        "--out",
        "cmp",
    ])
    .green()
    .stdout_has("  MAE mean 0.00 worst 0.00 at —");
    assert!(p.exists("cmp/turn/f0000.png") && p.exists("cmp/frames.json"));
}
