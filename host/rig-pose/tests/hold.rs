//! Step 5, the stillness hold, end to end. The sequences are run with windows
//! of 1, so the cleaned positions the hold reads are the positions as read, and
//! every expected figure (the still frames, the span's median, the blends, the
//! seam's cross-fade) is computed here from the sequence.

use crate::util::*;
use serde_json::{json, Value};

const FLAT: [&str; 4] = ["--legs", "1", "--rest", "1"];

/// The frames on which a track is still: a position, and the 5-frame median
/// of its speed (movement from the frame before, in trunk lengths) under 0.015.
fn still_frames(t: &[Option<(f64, f64)>]) -> Vec<bool> {
    let n = t.len();
    let raw: Vec<Option<f64>> = (0..n)
        .map(|i| {
            let (a, b) = (t.get(i.wrapping_sub(1)).copied().flatten()?, t[i]?);
            Some((a.0 - b.0).hypot(a.1 - b.1) / TRUNK)
        })
        .collect();
    (0..n)
        .map(|i| {
            let v: Vec<f64> = (i.saturating_sub(2)..=(i + 2).min(n - 1))
                .filter_map(|f| raw[f])
                .collect();
            t[i].is_some() && !v.is_empty() && median(&v) < 0.015
        })
        .collect()
}

/// r_wrist arrives moving 15 px a frame in x, sits at `sit(i)` on frames
/// `from..=to`, and leaves the same way; every other joint stands still.
fn wrist_sits(n: usize, from: usize, to: usize, sit: impl Fn(usize) -> (f64, f64)) -> Value {
    standing(n, |j, i| {
        if j != "r_wrist" {
            return None;
        }
        Some(if i < from {
            at(150.0 - 15.0 * (from - i) as f64, 250.0)
        } else if i > to {
            let (x, y) = sit(to);
            at(x + 15.0 * (i - to) as f64, y)
        } else {
            let (x, y) = sit(i);
            at(x, y)
        })
    })
}

fn wrist_holds(rec: &Value) -> Vec<Value> {
    rec["holds"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|h| h["joint"] == "r_wrist")
        .cloned()
        .collect()
}

#[test]
fn a_still_span_is_held_at_its_median_and_blended_in_and_out_over_6_frames() {
    let doc = wrist_sits(70, 20, 49, |i| {
        (
            150.0 + 0.5 * noise(3 * i as u64),
            250.0 + 0.5 * noise(3 * i as u64 + 1),
        )
    });
    let read = track(&doc, "r_wrist");
    let still = still_frames(&read);
    let a = still.iter().position(|s| *s).unwrap();
    let b = a + still[a..].iter().take_while(|s| **s).count() - 1;
    assert_eq!((a, b), (21, 49), "the still run, read here");
    let xs: Vec<f64> = (a..=b).map(|i| read[i].unwrap().0).collect();
    let ys: Vec<f64> = (a..=b).map(|i| read[i].unwrap().1).collect();
    let m = (median(&xs), median(&ys));

    let run = clean(&doc, &FLAT).ok();
    let out = track(&run.output(), "r_wrist");
    for (i, p) in out.iter().enumerate().take(b + 1).skip(a) {
        assert_eq!(*p, Some(m), "held frame {i}");
    }
    for d in 1..=6usize {
        let w = (6 - d) as f64 / 6.0;
        for i in [a - d, b + d] {
            let p = read[i].unwrap();
            let q = out[i].unwrap();
            near(q.0, p.0 + w * (m.0 - p.0), 1e-9, &format!("blend x {i}"));
            near(q.1, p.1 + w * (m.1 - p.1), 1e-9, &format!("blend y {i}"));
        }
    }
    assert_eq!(out[a - 7], read[a - 7]);
    // The jitter inside the span, before (read here) and after (0).
    let before: Vec<f64> = (a + 1..b)
        .map(|i| (read[i - 1].unwrap().1 - 2.0 * read[i].unwrap().1 + read[i + 1].unwrap().1).abs())
        .collect();
    let before = before.iter().sum::<f64>() / before.len() as f64;
    let rec = run.record();
    let holds = wrist_holds(&rec);
    assert_eq!(holds.len(), 1);
    assert_eq!(holds[0]["frames"], json!([21, 49]));
    near(
        holds[0]["jitter"]["before"].as_f64().unwrap(),
        before,
        5.1e-5,
        "jitter before",
    );
    assert_eq!(holds[0]["jitter"]["after"], 0.0);
    assert!(holds[0].get("excursion").is_none());
    // Everything else stood still over the whole clip: one region, and the wrist
    // is named on both runs of it where it moved.
    let unheld: Vec<&Value> = rec["unheld"].as_array().unwrap().iter().collect();
    assert_eq!(
        unheld,
        vec![
            &json!({"joint": "r_wrist", "frames": [0, 20], "test": "speed", "value": 0.125}),
            &json!({"joint": "r_wrist", "frames": [50, 69], "test": "speed", "value": 0.125})
        ]
    );
    assert!(run.stdout.contains("HOLD r_wrist frames 21–49: speed ≤ "));
    assert!(run
        .stdout
        .contains("UNHELD r_wrist frames 0–20: speed 0.1250 ≥ 0.015"));
    assert_eq!(rec["seams"], json!([]));
    assert_eq!(
        rec["params"]["hold"],
        json!({"speed": 0.015, "reach": 0.03, "minSeconds": 0.5, "blend": 6})
    );
}

#[test]
fn a_seam_between_two_holds_is_cross_faded_over_6_plus_the_gap() {
    // g = 0: the wrist steps 5 px down on frame 41 and stays (the reach breaks,
    // the speed does not). g = 2: frames 41 and 42 stray 12 px first.
    for (g, away) in [(0usize, 0usize), (2, 2)] {
        let doc = wrist_sits(80, 20, 60, |i| {
            let dy = if i <= 40 {
                0.0
            } else if i <= 40 + away {
                12.0
            } else {
                5.0
            };
            (150.0, 250.0 + dy)
        });
        let run = clean(&doc, &FLAT).ok();
        let rec = run.record();
        let holds = wrist_holds(&rec);
        let second = 41 + g;
        assert_eq!(holds[0]["frames"], json!([21, 40]), "g {g}");
        assert_eq!(holds[1]["frames"], json!([second, 60]), "g {g}");
        // Frames k − 2 … k + 3 + g take (2j + 1)/(2(6 + g)) of the way from 250 to 255.
        let out = track(&run.output(), "r_wrist");
        let len = 6 + g;
        for j in 0..len {
            let want = 250.0 + 5.0 * (2 * j + 1) as f64 / (2 * len) as f64;
            near(
                out[38 + j].unwrap().1,
                want,
                1e-9,
                &format!("g {g} frame {}", 38 + j),
            );
        }
        assert_eq!(out[37], Some((150.0, 250.0)));
        assert_eq!(out[38 + len], Some((150.0, 255.0)));
        let seams: Vec<&Value> = rec["seams"].as_array().unwrap().iter().collect();
        assert_eq!(
            seams,
            vec![&json!({"joint": "r_wrist", "frame": second, "step": 0.0417, "gap": g})]
        );
        // The ramp's own curvature: a non-zero jitter after, printed as (ramp).
        assert!(holds[0]["jitter"]["after"].as_f64().unwrap() > 0.0);
        assert!(run.stdout.contains(&format!(
            "SEAM r_wrist frame {second}: step 0.0417 trunk lengths, gap {g}; cross-faded over frames 38–{}",
            37 + len
        )));
        assert!(
            run.stdout.contains("HOLD r_wrist frames 21–40: ") && run.stdout.contains("(ramp)")
        );
    }
}

#[test]
fn one_short_interior_excursion_stays_held_around() {
    // Still on 21..=37 (17 frames, 0.71 s), 8 px down on 27..=29: no piece lasts
    // 0.5 s alone, the 14 held frames do.
    let doc = wrist_sits(60, 20, 37, |i| {
        (150.0, if (27..=29).contains(&i) { 258.0 } else { 250.0 })
    });
    let run = clean(&doc, &FLAT).ok();
    let rec = run.record();
    let holds = wrist_holds(&rec);
    assert_eq!(holds.len(), 1, "{}", run.dump());
    assert_eq!(holds[0]["frames"], json!([21, 37]));
    assert_eq!(holds[0]["excursion"], json!([27, 29]));
    let out = track(&run.output(), "r_wrist");
    // Kept, blended toward the median (250) over 6 frames from either held side.
    near(out[27].unwrap().1, 258.0 + 5.0 / 6.0 * -8.0, 1e-9, "27");
    near(out[28].unwrap().1, 258.0 + 4.0 / 6.0 * -8.0, 1e-9, "28");
    near(out[29].unwrap().1, 258.0 + 5.0 / 6.0 * -8.0, 1e-9, "29");
    assert_eq!(out[26], Some((150.0, 250.0)));
    assert!(holds[0]["jitter"]["after"].as_f64().unwrap() > 0.0);
    assert!(run.stdout.contains("HOLD r_wrist frames 21–37: "));
    assert!(run.stdout.contains(", excursion 27–29 kept; jitter"));
    assert!(run.stdout.contains("(excursion)"));
}

#[test]
fn the_face_is_held_as_one_group() {
    // r_ear moves on frames 30..=40; the rest of the face is still throughout.
    let doc = standing(80, |j, i| {
        (j == "r_ear" && (30..=40).contains(&i)).then(|| at(187.0 + 15.0 * (i - 29) as f64, 100.0))
    });
    let run = clean(&doc, &FLAT).ok();
    let rec = run.record();
    let frames_of = |joint: &str| -> Vec<Value> {
        rec["holds"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|h| h["joint"] == joint)
            .map(|h| h["frames"].clone())
            .collect()
    };
    let ear = frames_of("r_ear");
    assert_eq!(ear.len(), 2, "{}", run.dump());
    for j in ["nose", "r_eye", "l_eye", "l_ear"] {
        assert_eq!(frames_of(j), ear, "{j}");
    }
    // The neck, not in the face, is held over the whole clip.
    assert_eq!(frames_of("neck"), vec![json!([0, 79])]);
    let unheld = rec["unheld"].as_array().unwrap();
    let test_of = |joint: &str| {
        unheld
            .iter()
            .find(|u| u["joint"] == joint)
            .map(|u| u["test"].as_str().unwrap().to_string())
    };
    assert_eq!(test_of("r_ear").as_deref(), Some("speed"));
    assert!(matches!(test_of("nose").as_deref(), Some("short" | "span")));
}

#[test]
fn hold_off_writes_no_holds() {
    let doc = standing(30, |_, _| None);
    let run = clean(&doc, &["--hold", "off"]).ok();
    let rec = run.record();
    assert_eq!(rec["hold"], "off");
    for k in ["holds", "seams", "unheld"] {
        assert!(rec.get(k).is_none(), "{k}");
    }
    assert!(rec["params"].get("hold").is_none());
    assert_eq!(run.lines("HOLD"), ["HOLD off (--hold off): no joint held"]);
}
