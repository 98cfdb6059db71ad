//! Posing benchmark: a generated skeleton of 313 bones (12 chains of 25, 12
//! IK targets) with 12 two-bone IK, 12 transform, 2 path and 12 physics
//! constraints, 12 weighted meshes (48 vertices, 2 influences each) and an
//! animation keying every chain bone with Bezier curves; posed frame after
//! frame like a game does (`setupPose`, `Animation.apply`,
//! `updateWorldTransform(Physics.update)`, every mesh's world vertices).
//!
//! `cargo bench -p rigc-spine --bench pose [-- --frames N --runs R --write PATH --read PATH --phases]`
//! prints the median time per pose; `--write` saves the skeleton so that
//! `bench/pose_compare.sh` can pose the same one with spine-core; `--read`
//! poses a given skeleton (its first animation) instead of the generated one;
//! `--phases`
//! also times each of the four steps on its own (a clock read between steps,
//! so the total is a little above the plain run) and prints their medians.

use rigc_spine::data::AttachmentKind;
use rigc_spine::pose::{Physics, Plans};
use rigc_spine::{read_skeleton, Skeleton};
use serde_json::{json, Value};
use std::time::Instant;

const CHAINS: usize = 12;
const LINKS: usize = 25;

/// The benchmark skeleton (deterministic).
fn skeleton() -> Value {
    let mut bones = vec![json!({"name": "root"})];
    for c in 0..CHAINS {
        let angle = c as f64 * 360.0 / CHAINS as f64;
        for l in 0..LINKS {
            let parent = if l == 0 {
                "root".to_string()
            } else {
                format!("c{c}_{}", l - 1)
            };
            bones.push(json!({
                "name": format!("c{c}_{l}"), "parent": parent, "length": 12,
                "x": if l == 0 { 0.0 } else { 12.0 }, "rotation": if l == 0 { angle } else { 3.0 },
                "inherit": if l % 7 == 6 { "noScale" } else { "normal" },
            }));
        }
    }
    for c in 0..CHAINS {
        let a = (c as f64 * 30.0).to_radians();
        bones.push(json!({"name": format!("t{c}"), "parent": "root", "x": 150.0 * a.cos(), "y": 150.0 * a.sin()}));
    }
    let mut slots = Vec::new();
    let mut attachments = serde_json::Map::new();
    let mut constraints = Vec::new();
    for c in 0..CHAINS {
        slots.push(
            json!({"name": format!("m{c}"), "bone": format!("c{c}_0"), "attachment": "mesh"}),
        );
        let n = 48;
        let mut vertices = Vec::new();
        let mut uvs = Vec::new();
        for v in 0..n {
            let l = v * (LINKS - 1) / n;
            let side = if v % 2 == 0 { 4.0 } else { -4.0 };
            vertices.extend([2.0, (c * LINKS + l + 1) as f64, 6.0, side, 0.6]);
            vertices.extend([(c * LINKS + l + 2) as f64, -6.0, side, 0.4]);
            uvs.extend([v as f64 / n as f64, if v % 2 == 0 { 0.0 } else { 1.0 }]);
        }
        let triangles: Vec<usize> = (0..n - 2).flat_map(|i| [i, i + 1, i + 2]).collect();
        attachments.insert(
            format!("m{c}"),
            json!({"mesh": {"type": "mesh", "uvs": uvs, "triangles": triangles, "vertices": vertices, "hull": n}}),
        );
        constraints.push(json!({"type": "ik", "name": format!("ik{c}"), "bones": [format!("c{c}_3"), format!("c{c}_4")],
            "target": format!("t{c}"), "mix": 0.6, "softness": 2, "bendPositive": c % 2 == 0}));
        let other = (c + 1) % CHAINS;
        constraints.push(
            json!({"type": "transform", "name": format!("tc{c}"), "source": format!("c{other}_2"),
            "bones": [format!("c{c}_12")], "localTarget": c % 3 == 0,
            "properties": {"rotate": {"to": {"rotate": {"scale": 0.5}}}, "x": {"to": {"x": {}}}},
            "mixRotate": 0.5, "mixX": 0.3}),
        );
        constraints.push(json!({"type": "physics", "name": format!("ph{c}"), "bone": format!("c{c}_{}", LINKS - 1),
            "x": 0.5, "y": 0.5, "rotate": 1, "inertia": 0.5, "strength": 100, "damping": 0.85, "gravity": 10}));
    }
    for p in 0..2 {
        slots.push(json!({"name": format!("path{p}"), "bone": "root", "attachment": "path"}));
        attachments.insert(format!("path{p}"), json!({"path": {"type": "path", "closed": p == 1, "constantSpeed": true,
            "vertexCount": 9, "vertices": [-50, -50, 0, -60, 50, -70, 100, 0, 110, 50, 120, 100, 0, 150, -50, 150, -100, 100],
            "lengths": [200, 400, 600]}}));
        let c = p * 6;
        let bones: Vec<String> = (15..20).map(|l| format!("c{c}_{l}")).collect();
        constraints.push(json!({"type": "path", "name": format!("pc{p}"), "bones": bones, "slot": format!("path{p}"),
            "spacingMode": "length", "rotateMode": "chain", "position": 0.1, "mixRotate": 0.8, "mixX": 0.8}));
    }
    let mut anim_bones = serde_json::Map::new();
    for c in 0..CHAINS {
        for l in 0..LINKS {
            let amp = 10.0 + l as f64;
            anim_bones.insert(
                format!("c{c}_{l}"),
                json!({"rotate": [
                {"time": 0, "value": 0, "curve": [0.25, 0, 0.5, amp]},
                {"time": 0.5, "value": amp, "curve": [0.75, amp, 0.9, -amp]},
                {"time": 1, "value": -amp, "curve": "stepped"}, {"time": 2, "value": 0}]}),
            );
        }
        anim_bones.insert(format!("t{c}"), json!({"translate": [{"time": 0, "x": 0}, {"time": 1, "x": 30, "y": -20}, {"time": 2}]}));
    }
    json!({
        "skeleton": {"spine": "4.3.13", "hash": "bench", "referenceScale": 100},
        "bones": bones, "slots": slots, "constraints": constraints,
        "skins": [{"name": "default", "attachments": attachments}],
        "animations": {"run": {"bones": anim_bones}},
    })
}

fn arg(args: &[String], name: &str) -> Option<String> {
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1).cloned())
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let frames: usize = arg(&args, "--frames")
        .and_then(|v| v.parse().ok())
        .unwrap_or(600);
    let runs: usize = arg(&args, "--runs")
        .and_then(|v| v.parse().ok())
        .unwrap_or(15);
    // `--read PATH` poses that skeleton (its first animation) instead.
    let text = match arg(&args, "--read") {
        Some(path) => std::fs::read_to_string(&path).expect("read the skeleton"),
        None => serde_json::to_string(&skeleton()).expect("json"),
    };
    if let Some(path) = arg(&args, "--write") {
        std::fs::write(&path, &text).expect("write skeleton");
    }
    let data = read_skeleton(&text, None)
        .expect("the bench skeleton reads")
        .data;
    let phases = args.iter().any(|a| a == "--phases");
    let meshes: Vec<usize> = (0..data.slots.len()).collect();
    let mut phase_samples: [Vec<f64>; 4] = Default::default();
    let mut buf = Vec::new();
    let mut samples = Vec::new();
    let mut checksum = 0.0;
    // One game's many instances of one rig share its animation plans, as
    // spine-core's skeletons share their data.
    let plans = Plans::default();
    for _ in 0..runs + 1 {
        let mut sk = Skeleton::with_plans(&data, &plans).expect("skeleton");
        sk.setup_pose();
        let start = Instant::now();
        let mut last = -1.0;
        let mut phase = [0.0f64; 4];
        let mut clock = Instant::now();
        let mut lap = |k: usize| {
            if phases {
                let now = Instant::now();
                phase[k] += (now - clock).as_secs_f64();
                clock = now;
            }
        };
        for f in 0..frames {
            let t = f as f64 / 60.0;
            lap(3);
            sk.time = t;
            sk.setup_pose();
            lap(0);
            sk.apply_over_setup(0, last, t, true, None).expect("apply");
            lap(1);
            sk.update_world_transform_with(Physics::Update)
                .expect("pose");
            lap(2);
            for &s in &meshes {
                if let Some(a) = sk.slots[s].applied().attachment {
                    if let AttachmentKind::Mesh(m) = &data.attachments[a].kind {
                        let n = m.vertex.world_vertices_length as usize;
                        sk.vertex_world_range(s, &m.vertex, 0, n, &mut buf, 0)
                            .expect("vertices");
                        checksum += buf[0];
                    }
                }
            }
            last = t;
        }
        lap(3);
        samples.push(start.elapsed().as_secs_f64() / frames as f64);
        for (k, v) in phase.iter().enumerate() {
            phase_samples[k].push(v / frames as f64);
        }
    }
    samples.remove(0); // warm-up
    if phases {
        let names = ["setup", "animation", "world transforms", "mesh vertices"];
        let parts: Vec<String> = phase_samples
            .iter_mut()
            .zip(names)
            .map(|(v, name)| {
                v.remove(0);
                v.sort_by(f64::total_cmp);
                format!("{name} {:.2}", v[v.len() / 2] * 1e6)
            })
            .collect();
        eprintln!("rigc-spine phases (median us/pose): {}", parts.join(", "));
    }
    samples.sort_by(f64::total_cmp);
    let median = samples[samples.len() / 2];
    println!(
        "rigc-spine pose: {} bones, {} constraints, {frames} frames x {runs} runs: median {:.2} us/pose (checksum {checksum:.3})",
        data.bones.len(),
        data.constraints.len(),
        median * 1e6
    );
    println!("{{\"us_per_pose\": {}}}", median * 1e6);
}
