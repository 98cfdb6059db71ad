//! (d) Curve tables: the stored 9-point Bezier table reproduces the runtime's
//! value through its linear lookup (SPINE43.md §8.1), and animation durations
//! equal spine-core's (run now through the oracle).

mod oracle;

use rigc_spine::data::{CurveType, TimelineKind, BEZIER_SIZE};
use rigc_spine::{read_atlas, read_skeleton};

#[test]
fn bezier_table_reproduces_the_closed_example() {
    let json = r#"{"bones":[{"name":"root"}],"animations":{"a":{"bones":{"root":{"rotate":[
        {"curve":[0.25,0,0.75,90]},{"time":1,"value":90}]}}}}}"#;
    let data = read_skeleton(json, None).expect("reads").data;
    let t = &data.animations[0].timelines[0];
    assert!(matches!(t.kind, TimelineKind::Rotate(0)));
    assert_eq!(t.frames, vec![0.0, 0.0, 1.0, 90.0]);
    // One curve type per frame, then one Bezier of 18 floats.
    assert_eq!(t.curves.len(), 2 + BEZIER_SIZE);
    let Some(CurveType::Bezier(i)) = t.curve_type(0) else {
        panic!("frame 0 is a Bezier")
    };
    assert_eq!(i, 2);
    assert_eq!(t.curve_type(1), Some(CurveType::Stepped));
    let v = t.bezier_value(0.25, 0, 1, i);
    assert!((v - 16.601941).abs() < 1e-5, "{v}");
    assert!((t.bezier_value(0.5, 0, 1, i) - 45.0).abs() < 1e-4);
    // The same linear lookup done by hand over the stored samples.
    let xs: Vec<f64> = (0..9).map(|k| f64::from(t.curves[i + 2 * k])).collect();
    let ys: Vec<f64> = (0..9).map(|k| f64::from(t.curves[i + 2 * k + 1])).collect();
    let k = xs
        .iter()
        .position(|&x| x >= 0.25)
        .expect("a sample past 0.25");
    let (x0, y0) = if k == 0 {
        (0.0, 0.0)
    } else {
        (xs[k - 1], ys[k - 1])
    };
    let by_hand = y0 + (0.25 - x0) / (xs[k] - x0) * (ys[k] - y0);
    assert!((by_hand - 16.601941).abs() < 1e-5, "{by_hand}");
}

#[test]
fn durations_match_the_oracle() {
    if !oracle::available() {
        return;
    }
    let mut compared = 0;
    for name in ["tiny", "features", "constraints"] {
        let dir = oracle::fixtures().join(name);
        let json_path = dir.join("skeleton.json");
        let atlas_path = dir.join("skeleton.atlas");
        let atlas_path = atlas_path.exists().then_some(atlas_path);
        let atlas = atlas_path
            .as_ref()
            .map(|p| read_atlas(&std::fs::read_to_string(p).expect("atlas")).expect("atlas"));
        let json = std::fs::read_to_string(&json_path).expect("json");
        let data = read_skeleton(&json, atlas.as_ref()).expect("reads").data;
        for anim in &data.animations {
            let atlas_arg = atlas_path
                .as_ref()
                .map_or("-".into(), |p| p.to_string_lossy().into_owned());
            let doc = oracle::run(&[
                &json_path.to_string_lossy(),
                &atlas_arg,
                &anim.name,
                "0",
                "--compact",
            ]);
            let theirs = doc["duration"].as_f64().expect("duration");
            assert!(
                (anim.duration - theirs).abs() < 1e-9,
                "{name}/{}: {} vs {theirs}",
                anim.name,
                anim.duration
            );
            compared += 1;
        }
    }
    // An empty attachment timeline: spine-core's duration is NaN.
    let nan = r#"{"bones":[{"name":"root"}],"slots":[{"name":"s","bone":"root"}],
        "animations":{"a":{"slots":{"s":{"attachment":[]}}}}}"#;
    let dir = oracle::scratch("durations");
    let path = dir.join("nan.json");
    std::fs::write(&path, nan).expect("write");
    let doc = oracle::run(&[&path.to_string_lossy(), "-", "a", "0", "--compact"]);
    assert_eq!(doc["duration"].as_str(), Some("NaN"));
    let ours = read_skeleton(nan, None).expect("reads");
    assert!(ours.data.animations[0].duration.is_nan());
    assert!(ours.findings.iter().any(|f| f.message.contains("NaN")));
    let _ = std::fs::remove_dir_all(&dir);
    eprintln!(
        "durations vs oracle: {} animations agree, plus the NaN case",
        compared
    );
}
