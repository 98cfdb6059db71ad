//! A generator of random Spine 4.3 skeletons for differential posing: random
//! bone trees with every inherit mode, slots with regions (some with
//! sequences), unweighted and weighted meshes, bounding boxes, points,
//! clipping and path attachments, two-colour slots; IK (one and two bones),
//! transform (random `properties` mappings, local/additive/clamp, offsets),
//! path (every mode; some collapsed: constant speed, a zero-length chain,
//! spacing 0), physics and slider (time and bone driven) constraints; a
//! skin with skin-required bones; events; and animations with random keys
//! and curves (linear, stepped, Bezier) on every timeline kind.
//!
//! Deterministic from a seed (splitmix64), so a failing case is reproduced by
//! its seed alone.

#![allow(dead_code)]

use serde_json::{json, Map, Value};

mod motion;
use motion::{animation, bone_timelines};

/// splitmix64.
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `[lo, hi)`, rounded to 3 decimals.
    pub fn f(&mut self, lo: f64, hi: f64) -> f64 {
        let u = (self.next() >> 11) as f64 / (1u64 << 53) as f64;
        ((lo + u * (hi - lo)) * 1000.0).round() / 1000.0
    }

    /// Uniform in `0..n`.
    pub fn i(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next() % n as u64) as usize
        }
    }

    /// True with probability `p`.
    pub fn chance(&mut self, p: f64) -> bool {
        self.f(0.0, 1.0) < p
    }

    pub(crate) fn pick<'a, T>(&mut self, v: &'a [T]) -> &'a T {
        &v[self.i(v.len())]
    }

    pub(crate) fn hex(&mut self, n: usize) -> String {
        (0..n).map(|_| format!("{:02x}", self.i(256))).collect()
    }
}

/// What the generated skeleton holds, for choosing jobs.
pub struct Generated {
    /// The skeleton JSON.
    pub json: Value,
    /// Animation names.
    pub animations: Vec<String>,
    /// Skin names other than `default`.
    pub skins: Vec<String>,
    /// It has a physics constraint.
    pub physics: bool,
    /// Its collapsed path constraints: constant speed, a zero-length chain,
    /// spacing 0 (every space 0).
    pub collapsed_paths: usize,
}

pub(crate) struct Bone {
    pub(crate) name: String,
    pub(crate) parent: Option<usize>,
}

pub(crate) struct SlotInfo {
    pub(crate) name: String,
    pub(crate) bone: usize,
    pub(crate) dark: bool,
    /// (placeholder, kind, vertex count or influence count)
    pub(crate) attachments: Vec<(String, &'static str, usize)>,
}

fn descendants(bones: &[Bone], of: usize) -> Vec<bool> {
    let mut d = vec![false; bones.len()];
    d[of] = true;
    for i in 0..bones.len() {
        if let Some(p) = bones[i].parent {
            if d[p] {
                d[i] = true;
            }
        }
    }
    d
}

pub(crate) const INHERITS: [&str; 7] = [
    "normal",
    "normal",
    "onlyTranslation",
    "noRotationOrReflection",
    "noScale",
    "noScaleOrReflection",
    "Normal",
];
const PROPS: [&str; 6] = ["rotate", "x", "y", "scaleX", "scaleY", "shearY"];

/// Generates a skeleton.
#[allow(clippy::too_many_lines)]
pub fn skeleton(r: &mut Rng) -> Generated {
    // Bones.
    let n = 4 + r.i(11);
    let mut bones = vec![Bone {
        name: "root".into(),
        parent: None,
    }];
    let mut bones_json = vec![json!({"name": "root"})];
    for i in 1..n {
        let parent = r.i(i);
        let mut b = Map::new();
        b.insert("name".into(), json!(format!("b{i}")));
        b.insert("parent".into(), json!(bones[parent].name));
        b.insert(
            "length".into(),
            json!(if r.chance(0.2) { 0.0 } else { r.f(5.0, 80.0) }),
        );
        b.insert("x".into(), json!(r.f(-60.0, 60.0)));
        b.insert("y".into(), json!(r.f(-60.0, 60.0)));
        b.insert("rotation".into(), json!(r.f(-180.0, 180.0)));
        let sign = |r: &mut Rng| if r.chance(0.15) { -1.0 } else { 1.0 };
        if r.chance(0.6) {
            b.insert("scaleX".into(), json!(sign(r) * r.f(0.5, 1.5)));
            b.insert("scaleY".into(), json!(sign(r) * r.f(0.5, 1.5)));
        }
        if r.chance(0.3) {
            b.insert("shearX".into(), json!(r.f(-20.0, 20.0)));
            b.insert("shearY".into(), json!(r.f(-20.0, 20.0)));
        }
        if r.chance(0.5) {
            b.insert("inherit".into(), json!(r.pick(&INHERITS)));
        }
        if i > 2 && r.chance(0.08) {
            b.insert("skin".into(), json!(true));
        }
        bones_json.push(Value::Object(b));
        bones.push(Bone {
            name: format!("b{i}"),
            parent: Some(parent),
        });
    }
    let skin_bones: Vec<String> = bones_json
        .iter()
        .filter(|b| b["skin"] == true)
        .map(|b| b["name"].as_str().unwrap_or_default().to_string())
        .collect();

    // Slots and attachments.
    let mut slots: Vec<SlotInfo> = Vec::new();
    let mut slots_json = Vec::new();
    let mut skin = Map::new();
    let slot_count = 2 + r.i(n);
    for s in 0..slot_count {
        let bone = r.i(n);
        let name = format!("s{s}");
        let dark = r.chance(0.3);
        let mut sj = json!({"name": name, "bone": bones[bone].name});
        if r.chance(0.4) {
            sj["color"] = json!(r.hex(4));
        }
        if dark {
            sj["dark"] = json!(r.hex(3));
        }
        let mut atts = Map::new();
        let mut list = Vec::new();
        for k in 0..1 + r.i(2) {
            let ph = format!("a{s}_{k}");
            let (kind, count, att) = attachment(r, &bones, bone, s, slot_count);
            list.push((ph.clone(), kind, count));
            atts.insert(ph, att);
        }
        if r.chance(0.85) {
            sj["attachment"] = json!(list[0].0);
        }
        skin.insert(name.clone(), Value::Object(atts));
        slots_json.push(sj);
        slots.push(SlotInfo {
            name,
            bone,
            dark,
            attachments: list,
        });
    }

    // Constraints.
    let mut constraints = Vec::new();
    let mut physics = false;
    let mut collapsed_paths = 0;
    let mut slider_driven = Vec::new();
    let non_root: Vec<usize> = (1..n).collect();
    for c in 0..r.i(5) {
        let name = format!("c{c}");
        match r.i(5) {
            0 => {
                let b = *r.pick(&non_root);
                // Two bones only with a child that has a length: with l2 = 0 the
                // near and far solutions of apply2 coincide (minDist == maxDist)
                // and a last-bit difference flips the child by 180° (seeds
                // 1592598718 and 1592598735).
                let child_long = bones_json[b]["length"].as_f64().is_some_and(|l| l > 0.0);
                let two = bones[b].parent.is_some_and(|p| p > 0) && child_long && r.chance(0.6);
                let chain_top = if two { bones[b].parent.unwrap_or(b) } else { b };
                let d = descendants(&bones, chain_top);
                let free: Vec<usize> = (0..n).filter(|&i| !d[i]).collect();
                let target = *r.pick(&free);
                let list: Vec<&str> = if two {
                    vec![&bones[chain_top].name, &bones[b].name]
                } else {
                    vec![&bones[b].name]
                };
                constraints.push(json!({
                    "type": "ik", "name": name, "bones": list, "target": bones[target].name,
                    "mix": r.f(0.0, 1.0), "softness": if r.chance(0.3) { r.f(0.0, 20.0) } else { 0.0 },
                    "bendPositive": r.chance(0.5), "compress": r.chance(0.3), "stretch": r.chance(0.3),
                    "scaleY": r.pick(&["none", "uniform", "volume"]),
                }));
            }
            1 => {
                let b = *r.pick(&non_root);
                let d = descendants(&bones, b);
                let free: Vec<usize> = (0..n).filter(|&i| !d[i]).collect();
                let source = *r.pick(&free);
                let mut props = Map::new();
                for _ in 0..1 + r.i(3) {
                    let mut to = Map::new();
                    for _ in 0..1 + r.i(2) {
                        to.insert(
                            r.pick(&PROPS).to_string(),
                            json!({"offset": r.f(-5.0, 5.0), "max": r.f(-50.0, 50.0), "scale": r.f(-1.5, 1.5)}),
                        );
                    }
                    props.insert(
                        r.pick(&PROPS).to_string(),
                        json!({"offset": r.f(-5.0, 5.0), "to": to}),
                    );
                }
                constraints.push(json!({
                    "type": "transform", "name": name, "source": bones[source].name, "bones": [bones[b].name],
                    "localSource": r.chance(0.3), "localTarget": r.chance(0.3), "additive": r.chance(0.3),
                    "clamp": r.chance(0.3), "rotation": r.f(-30.0, 30.0), "x": r.f(-10.0, 10.0), "y": r.f(-10.0, 10.0),
                    "properties": props, "mixRotate": r.f(0.0, 1.0), "mixX": r.f(0.0, 1.0), "mixY": r.f(0.0, 1.0),
                    "mixScaleX": r.f(0.0, 1.0), "mixScaleY": r.f(0.0, 1.0), "mixShearY": r.f(0.0, 1.0),
                }));
            }
            2 => {
                let with_path: Vec<usize> = (0..slots.len())
                    .filter(|&s| slots[s].attachments.iter().any(|a| a.1 == "path"))
                    .collect();
                if with_path.is_empty() {
                    continue;
                }
                let s = *r.pick(&with_path);
                // A chain of 1..3 bones from a random bone down, away from the path's bone.
                let mut chain = vec![*r.pick(&non_root)];
                while chain.len() < 3 {
                    let last = chain[chain.len() - 1];
                    match (0..n).find(|&i| bones[i].parent == Some(last)) {
                        Some(c) => chain.push(c),
                        None => break,
                    }
                }
                if descendants(&bones, chain[0])[slots[s].bone] {
                    continue;
                }
                // A third of the paths are collapsed: every space is 0 (a
                // zero-length chain, spacing 0, at constant speed), where
                // each bone turns by the path's tangent (issue #14, item 13).
                let collapsed =
                    r.chance(0.35) && zero_lengths(&mut bones_json, &chain, &constraints);
                if collapsed {
                    constant_speed(&mut skin, &slots[s]);
                    collapsed_paths += 1;
                }
                let list: Vec<&str> = chain.iter().map(|&b| bones[b].name.as_str()).collect();
                let rotate_modes: &[&str] = if collapsed {
                    &["chain", "chainScale"]
                } else {
                    &["tangent", "chain", "chainScale"]
                };
                constraints.push(json!({
                    "type": "path", "name": name, "bones": list, "slot": slots[s].name,
                    "positionMode": r.pick(&["fixed", "percent"]),
                    "spacingMode": r.pick(&["length", "fixed", "percent", "proportional"]),
                    "rotateMode": r.pick(rotate_modes),
                    "rotation": if r.chance(0.5) { 0.0 } else { r.f(-45.0, 45.0) },
                    "position": r.f(0.0, 1.0), "spacing": if collapsed { 0.0 } else { r.f(0.0, 10.0) },
                    "mixRotate": r.f(0.0, 1.0), "mixX": r.f(0.0, 1.0), "mixY": r.f(0.0, 1.0),
                }));
            }
            3 => {
                // A bone with a length: on a zero-length bone at rest the
                // spring's direction is atan2(±0 or ±1 ulp, ±0), which flips by
                // up to π on a last-bit difference of sin/cos between V8 and
                // libm (seen: seed 1592598684 at t = 1.6).
                let long: Vec<usize> = non_root
                    .iter()
                    .copied()
                    .filter(|&b| bones_json[b]["length"].as_f64().is_some_and(|l| l > 0.0))
                    .collect();
                if long.is_empty() {
                    continue;
                }
                physics = true;
                let b = *r.pick(&long);
                constraints.push(json!({
                    "type": "physics", "name": name, "bone": bones[b].name,
                    "x": r.f(0.0, 1.0), "y": r.f(0.0, 1.0), "rotate": r.f(0.0, 1.0),
                    "scaleX": if r.chance(0.5) { r.f(0.0, 1.0) } else { 0.0 },
                    "shearX": if r.chance(0.3) { r.f(0.0, 1.0) } else { 0.0 },
                    "scaleY": r.pick(&["none", "uniform", "volume"]),
                    "inertia": r.f(0.1, 1.0), "strength": r.f(20.0, 200.0), "damping": r.f(0.5, 1.0),
                    "mass": r.f(0.5, 2.0), "wind": r.f(-5.0, 5.0), "gravity": r.f(-20.0, 20.0),
                    "fps": r.pick(&[30.0, 60.0, 120.0]), "mix": r.f(0.3, 1.0),
                    "inertiaGlobal": r.chance(0.5), "windGlobal": r.chance(0.5), "gravityGlobal": r.chance(0.5),
                    "mixGlobal": r.chance(0.5),
                }));
            }
            _ => {
                let driven = 1 + r.i(n - 1);
                slider_driven.push(driven);
                let mut sj = json!({
                    "type": "slider", "name": name, "animation": format!("slide{}", slider_driven.len() - 1),
                    "additive": r.chance(0.4), "loop": r.chance(0.5), "mix": r.f(0.2, 1.0),
                });
                let d = descendants(&bones, driven);
                let free: Vec<usize> = (0..n).filter(|&i| !d[i]).collect();
                if r.chance(0.5) {
                    let b = *r.pick(&free);
                    sj["bone"] = json!(bones[b].name);
                    sj["property"] = json!(r.pick(&PROPS));
                    sj["from"] = json!(r.f(-10.0, 10.0));
                    sj["to"] = json!(r.f(0.0, 1.0));
                    sj["scale"] = json!(r.f(0.001, 0.05));
                    sj["local"] = json!(r.chance(0.4));
                } else {
                    sj["time"] = json!(r.f(0.0, 1.5));
                }
                constraints.push(sj);
            }
        }
    }

    // Skins.
    let mut skins = vec![json!({"name": "default", "attachments": skin})];
    let mut skin_names = Vec::new();
    if !skin_bones.is_empty() || r.chance(0.3) {
        let mut extra = Map::new();
        for slot in &slots {
            if r.chance(0.3) {
                let ph = slot.attachments[0].0.clone();
                extra.insert(
                    slot.name.clone(),
                    json!({ ph: {"width": r.f(5.0, 40.0), "height": r.f(5.0, 40.0), "rotation": r.f(-90.0, 90.0)} }),
                );
            }
        }
        skins.push(json!({"name": "extra", "bones": skin_bones, "attachments": extra}));
        skin_names.push("extra".to_string());
    }

    let events = json!({
        "e0": {"int": 3, "float": 0.5, "string": "x"},
        "e1": {"audio": "a.ogg", "volume": 0.7, "balance": 0.2},
    });
    let mut animations = Map::new();
    let mut names = Vec::new();
    for a in 0..1 + r.i(2) {
        let anim = animation(r, &bones, &slots, &constraints, true);
        animations.insert(format!("a{a}"), anim);
        names.push(format!("a{a}"));
    }
    for (k, &driven) in slider_driven.iter().enumerate() {
        // Half the sliders pose a whole random animation (slots, deforms,
        // draw order, other constraints: the constrained slot, draw-order and
        // constraint poses), half only the driven bone.
        let mut anim = if r.chance(0.5) {
            animation(r, &bones, &slots, &constraints, true)
        } else {
            json!({"bones": {}})
        };
        let count = 1 + r.i(2);
        anim["bones"][bones[driven].name.as_str()] = bone_timelines(r, count);
        animations.insert(format!("slide{k}"), anim);
    }
    let json = json!({
        "skeleton": {"spine": "4.3.13", "hash": "random", "referenceScale": 100},
        "bones": bones_json, "slots": slots_json, "constraints": constraints, "skins": skins,
        "events": events, "animations": animations,
    });
    Generated {
        json,
        animations: names,
        skins: skin_names,
        physics,
        collapsed_paths,
    }
}

/// Gives every bone of `chain` length 0, unless an earlier IK or physics
/// constraint names one of them (those were chosen for their lengths);
/// whether it did.
fn zero_lengths(bones_json: &mut [Value], chain: &[usize], constraints: &[Value]) -> bool {
    let named = |c: &Value, bone: &str| {
        c["bone"] == bone
            || c["bones"]
                .as_array()
                .is_some_and(|list| list.iter().any(|b| b == bone))
    };
    let taken = chain.iter().any(|&b| {
        let bone = bones_json[b]["name"].as_str().unwrap_or_default();
        constraints
            .iter()
            .any(|c| (c["type"] == "ik" || c["type"] == "physics") && named(c, bone))
    });
    if taken {
        return false;
    }
    for &b in chain {
        bones_json[b]["length"] = json!(0.0);
    }
    true
}

/// Makes every path attachment of `slot` constant speed.
fn constant_speed(skin: &mut Map<String, Value>, slot: &SlotInfo) {
    for (placeholder, kind, _) in &slot.attachments {
        if *kind == "path" {
            skin[&slot.name][placeholder.as_str()]["constantSpeed"] = json!(true);
        }
    }
}

/// (kind, vertex count or influence count, JSON) of a random attachment.
fn attachment(
    r: &mut Rng,
    bones: &[Bone],
    bone: usize,
    s: usize,
    slot_count: usize,
) -> (&'static str, usize, Value) {
    match r.i(9) {
        0 | 1 => {
            let mut a = json!({
                "x": r.f(-20.0, 20.0), "y": r.f(-20.0, 20.0), "rotation": r.f(-180.0, 180.0),
                "scaleX": r.f(0.5, 1.5), "scaleY": r.f(0.5, 1.5), "width": r.f(4.0, 60.0), "height": r.f(4.0, 60.0),
            });
            if r.chance(0.3) {
                a["color"] = json!(r.hex(4));
            }
            if r.chance(0.3) {
                a["sequence"] =
                    json!({"count": 2 + r.i(3), "start": 1, "digits": 2, "setup": r.i(2)});
                return ("sequence", 0, a);
            }
            ("region", 0, a)
        }
        2 | 3 => {
            let v = 3 + r.i(5);
            let uvs: Vec<f64> = (0..2 * v).map(|_| r.f(0.0, 1.0)).collect();
            let triangles: Vec<usize> = (1..v - 1).flat_map(|i| [0, i, i + 1]).collect();
            if r.chance(0.5) {
                let verts: Vec<f64> = (0..2 * v).map(|_| r.f(-40.0, 40.0)).collect();
                let a = json!({"type": "mesh", "uvs": uvs, "triangles": triangles, "vertices": verts, "hull": v});
                return ("mesh", 2 * v, a);
            }
            let mut verts = Vec::new();
            let mut influences = 0;
            for _ in 0..v {
                let k = 1 + r.i(3);
                influences += k;
                verts.push(k as f64);
                let mut left = 1.0;
                for j in 0..k {
                    let w = if j + 1 == k { left } else { r.f(0.0, left) };
                    left -= w;
                    verts.push(r.i(bones.len()) as f64);
                    verts.push(r.f(-40.0, 40.0));
                    verts.push(r.f(-40.0, 40.0));
                    verts.push(w);
                }
            }
            let a = json!({"type": "mesh", "uvs": uvs, "triangles": triangles, "vertices": verts, "hull": v});
            ("weighted", 2 * influences, a)
        }
        4 => {
            let verts: Vec<f64> = (0..8).map(|_| r.f(-30.0, 30.0)).collect();
            (
                "other",
                8,
                json!({"type": "boundingbox", "vertexCount": 4, "vertices": verts}),
            )
        }
        5 => (
            "other",
            0,
            json!({"type": "point", "x": r.f(-20.0, 20.0), "y": r.f(-20.0, 20.0), "rotation": r.f(-180.0, 180.0)}),
        ),
        6 => {
            let verts: Vec<f64> = (0..6).map(|_| r.f(-30.0, 30.0)).collect();
            let end = format!("s{}", r.i(slot_count));
            let _ = (bone, s);
            (
                "other",
                6,
                json!({"type": "clipping", "end": end, "vertexCount": 3, "vertices": verts}),
            )
        }
        _ => {
            let knots = 2 + r.i(3);
            let closed = r.chance(0.3);
            let verts: Vec<f64> = (0..6 * knots).map(|_| r.f(-80.0, 80.0)).collect();
            let curves = if closed { knots } else { knots - 1 };
            let mut acc = 0.0;
            let lengths: Vec<f64> = (0..curves)
                .map(|_| {
                    acc += r.f(20.0, 120.0);
                    (acc * 1000.0_f64).round() / 1000.0
                })
                .collect();
            (
                "path",
                6 * knots,
                json!({"type": "path", "closed": closed, "constantSpeed": r.chance(0.5),
                       "vertexCount": 3 * knots, "vertices": verts, "lengths": lengths}),
            )
        }
    }
}
