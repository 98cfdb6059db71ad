//! `cargo bench -p rigc`: a cold, gated build of the walk reference rig, in
//! process — read both specs, measure every PNG, compile twice (A18), run the gate —
//! repeated, with the median and spread printed. Nothing is written to disk.
//!
//! The reference rig is read from `../shared/reference` (or `RIGC_SHARED`).

use rigc::{compile_uncached, read_spec, Project, Registry, Sources, TargetSpec};
use rigc_sdk::gate::{GateInput, Profile, SecondCompile};
use std::path::PathBuf;
use std::time::{Duration, Instant};

fn shared() -> PathBuf {
    std::env::var_os("RIGC_SHARED")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared"))
}

fn gated_build(target: &TargetSpec, cwd: &std::path::Path) -> bool {
    let registry = &Registry::new(rigc::builtins()).expect("built-in plugins");
    let rig = read_spec(&target.rig, cwd).expect("walk's rig spec reads");
    let motion = read_spec(&target.motion, cwd).expect("walk's motion spec reads");
    let sources = Sources::new(
        rig,
        motion,
        Project::of_spec_alone(&target.rig),
        None,
        cwd.join(&target.out),
        false,
    );
    let first = compile_uncached(&sources, registry).expect("walk compiles");
    let second = compile_uncached(&sources.fresh(), registry).expect("walk compiles again");
    let input = GateInput {
        profile: Profile::Spine,
        pages: rigc_sdk::gate::pages::read(
            &first.atlas_text,
            &sources.out_dir,
            &Default::default(),
        ),
        skeleton_text: first.skeleton_text,
        atlas_text: Some(first.atlas_text),
        rig: Some(first.rig_info),
        second: Some(SecondCompile {
            skeleton_text: second.skeleton_text,
            atlas_text: second.atlas_text,
        }),
    };
    let report = rigc::run_plugins(&input, registry.rule_plugins());
    if std::env::var_os("BENCH_DEBUG").is_some() {
        eprintln!("{report:#?}");
    }
    report.is_green()
}

fn main() {
    let walk = shared().join("reference/rigc-gallery/walk");
    let walk = walk.canonicalize().unwrap_or(walk);
    if !walk.is_dir() {
        eprintln!(
            "bench: no walk reference rig at {} (set RIGC_SHARED)",
            walk.display()
        );
        std::process::exit(1);
    }
    let cwd = walk.clone();
    let target = TargetSpec {
        name: "walk".into(),
        label: "walk".into(),
        rig: walk.join("rig.json"),
        motion: walk.join("motion.json"),
        images: None,
        out: walk.join("bench-out-never-written"),
        profile: Profile::Spine,
        copy_images: false,
        out_in_project: false,
        layout: Default::default(),
    };
    assert!(gated_build(&target, &cwd), "walk is green");
    let mut samples: Vec<Duration> = Vec::new();
    let deadline = Instant::now() + Duration::from_secs(5);
    while samples.len() < 20 || (Instant::now() < deadline && samples.len() < 500) {
        let t = Instant::now();
        std::hint::black_box(gated_build(&target, &cwd));
        samples.push(t.elapsed());
    }
    samples.sort();
    let median = samples[samples.len() / 2];
    let p10 = samples[samples.len() / 10];
    let p90 = samples[samples.len() * 9 / 10];
    println!(
        "cold gated build of walk (read, measure 15 PNGs, compile x2, gate): median {:.3} ms  (p10 {:.3}, p90 {:.3}, n={})",
        median.as_secs_f64() * 1e3,
        p10.as_secs_f64() * 1e3,
        p90.as_secs_f64() * 1e3,
        samples.len()
    );
}
