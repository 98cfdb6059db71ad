//! The reference rig `look` (sliders driving a depth-mapped face, a soft
//! mask carried by a physics spring), read from `../shared/reference`,
//! never copied into the repository.
//!
//! The rig in this set predates the change FIGURES.md's ⚠️ note quotes from
//! the project's CHANGELOG 2.14.0 ("gallery/look's whip gets its measured
//! length, 66"): its `ahoge_whip` has no `length`, and A23 refuses a
//! rotation-driving physics constraint on a bone with no length (GATE.md).
//! So the rig as it stands is red with exactly that FAIL and writes nothing,
//! and with the CHANGELOG's one change it is green under both profiles, with
//! the gate measuring as many rules as FIGURES.md says ran, and spine-core
//! posing it as rigc's runtime does.

use crate::sample::every_animation_agrees;
use crate::util::{self, Project, Run};
use serde_json::Value;

/// look in a fresh project, its whip bone given `length` when `Some`.
pub(crate) fn look(length: Option<f64>) -> Project {
    let p = Project::new();
    p.copy_dir(&util::shared().join("reference/rigc-gallery/look"), "");
    if let Some(len) = length {
        let mut r: Value = serde_json::from_str(&p.read("rig.json")).unwrap();
        let bones = r["bones"].as_array_mut().unwrap();
        let whip = bones
            .iter_mut()
            .find(|b| b["name"] == "ahoge_whip")
            .expect("look declares ahoge_whip");
        assert!(
            whip.get("length").is_none(),
            "the reference now states a length"
        );
        whip["length"] = len.into();
        p.write("rig.json", serde_json::to_string_pretty(&r).unwrap());
    }
    p
}

fn build(p: &Project, profile: &str) -> Run {
    p.rigc(&crate::fixture::args("out", &["--profile", profile]))
}

#[test]
fn look_as_it_stands_is_refused_by_a23_alone() {
    let p = look(None);
    for profile in ["spine", "spine-html"] {
        let run = build(&p, profile);
        assert_eq!(run.code, 1, "{}", run.stdout);
        let fails: Vec<&str> = run
            .stdout
            .lines()
            .filter(|l| l.contains("FAIL  "))
            .collect();
        assert_eq!(fails.len(), 1, "{}", run.stdout);
        assert!(
            fails[0].starts_with("  FAIL  A23_PHYSICS_CONSTRAINT_EFFECTIVE: physics \"whip\" drives rotate on bone \"ahoge_whip\", which has length 0"),
            "{}",
            fails[0]
        );
        assert!(!p.path().join("out").exists(), "a red build wrote out/");
    }
}

#[test]
fn look_with_its_measured_whip_length_is_green_and_poses_as_spine_core_does() {
    let p = look(Some(66.0));
    // FIGURES.md: "Gate: spine 20 ran / 7 skipped; spine-html 29 ran / 13
    // skipped" — the measured counts; the skipped ones differ because rigc
    // registers 50 rules.
    for (profile, ran) in [("spine", 20), ("spine-html", 29)] {
        build(&p, profile)
            .green()
            .stdout_lacks("FAIL")
            .stdout_has(&format!(
                "50 assertions: {ran} measured ({ran} passed, 0 failed)"
            ))
            .stdout_has("        turn ceiling  yaw +19.32° / -19.32°   pitch +22.92° / -26.94°\n")
            .stdout_has("        soft \"ahoge_soft.png\" b51d0ed788f2a040 -> ahoge_whip, 10 carried / 10 in the falloff\n");
    }
    // turn, tilt and sweep, with the whip's spring simulated.
    assert_eq!(every_animation_agrees(&p.path().join("out")), 3);
}
