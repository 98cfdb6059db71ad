//! Random animations for the random skeletons: keys at random times with
//! random curves (none, stepped, Bezier) on every timeline kind.

use super::{Bone, Rng, SlotInfo, INHERITS};
use serde_json::{json, Map, Value};

/// Key times: 1..4 ascending times in 0..1.5 (the first sometimes after 0).
fn times(r: &mut Rng) -> Vec<f64> {
    let k = 1 + r.i(4);
    let mut t: Vec<f64> = (0..k).map(|_| r.f(0.0, 1.5)).collect();
    if r.chance(0.6) {
        t[0] = 0.0;
    }
    t.sort_by(f64::total_cmp);
    t.dedup();
    t
}

/// Keys at random times; `value` fills each key's fields; a random curve
/// (none, stepped, or Bezier with `channels` × 4 numbers in `range`) on all
/// but the last.
fn keys(
    r: &mut Rng,
    channels: usize,
    range: (f64, f64),
    mut value: impl FnMut(&mut Rng) -> Map<String, Value>,
) -> Value {
    let t = times(r);
    let mut out = Vec::new();
    for (i, &time) in t.iter().enumerate() {
        let mut k = value(r);
        k.insert("time".into(), json!(time));
        if let Some(&next) = t.get(i + 1) {
            match r.i(3) {
                0 => {}
                1 => {
                    k.insert("curve".into(), json!("stepped"));
                }
                _ => {
                    let c: Vec<f64> = (0..channels)
                        .flat_map(|_| {
                            let cx1 = r.f(time, next);
                            let cy1 = r.f(range.0, range.1);
                            let cx2 = r.f(time, next);
                            let cy2 = r.f(range.0, range.1);
                            [cx1, cy1, cx2, cy2]
                        })
                        .collect();
                    k.insert("curve".into(), json!(c));
                }
            }
        }
        out.push(Value::Object(k));
    }
    Value::Array(out)
}

fn m(pairs: &[(&str, Value)]) -> Map<String, Value> {
    pairs
        .iter()
        .map(|(k, v)| ((*k).to_string(), v.clone()))
        .collect()
}

pub(crate) fn bone_timelines(r: &mut Rng, count: usize) -> Value {
    let mut t = Map::new();
    for _ in 0..count {
        let (name, v) = match r.i(11) {
            0 => (
                "rotate",
                keys(r, 1, (-180.0, 180.0), |r| {
                    m(&[("value", json!(r.f(-180.0, 180.0)))])
                }),
            ),
            1 => (
                "translate",
                keys(r, 2, (-40.0, 40.0), |r| {
                    m(&[
                        ("x", json!(r.f(-40.0, 40.0))),
                        ("y", json!(r.f(-40.0, 40.0))),
                    ])
                }),
            ),
            2 => (
                "translatex",
                keys(r, 1, (-40.0, 40.0), |r| {
                    m(&[("value", json!(r.f(-40.0, 40.0)))])
                }),
            ),
            3 => (
                "translatey",
                keys(r, 1, (-40.0, 40.0), |r| {
                    m(&[("value", json!(r.f(-40.0, 40.0)))])
                }),
            ),
            4 => (
                "scale",
                keys(r, 2, (-1.5, 2.0), |r| {
                    m(&[("x", json!(r.f(-1.5, 2.0))), ("y", json!(r.f(0.3, 2.0)))])
                }),
            ),
            5 => (
                "scalex",
                keys(r, 1, (0.3, 2.0), |r| m(&[("value", json!(r.f(0.3, 2.0)))])),
            ),
            6 => (
                "scaley",
                keys(r, 1, (-2.0, 2.0), |r| {
                    m(&[("value", json!(r.f(-2.0, 2.0)))])
                }),
            ),
            7 => (
                "shear",
                keys(r, 2, (-30.0, 30.0), |r| {
                    m(&[
                        ("x", json!(r.f(-30.0, 30.0))),
                        ("y", json!(r.f(-30.0, 30.0))),
                    ])
                }),
            ),
            8 => (
                "shearx",
                keys(r, 1, (-30.0, 30.0), |r| {
                    m(&[("value", json!(r.f(-30.0, 30.0)))])
                }),
            ),
            9 => (
                "sheary",
                keys(r, 1, (-30.0, 30.0), |r| {
                    m(&[("value", json!(r.f(-30.0, 30.0)))])
                }),
            ),
            _ => {
                let t = times(r);
                let k: Vec<Value> = t
                    .iter()
                    .map(|&time| json!({"time": time, "inherit": r.pick(&INHERITS)}))
                    .collect();
                ("inherit", Value::Array(k))
            }
        };
        t.insert(name.into(), v);
    }
    Value::Object(t)
}

fn color_keys(r: &mut Rng, light: usize, dark: bool) -> Value {
    let channels = light + if dark { 3 } else { 0 };
    keys(r, channels, (0.0, 1.0), |r| {
        let l = r.hex(light);
        if dark {
            m(&[("light", json!(l)), ("dark", json!(r.hex(3)))])
        } else {
            m(&[("color", json!(l))])
        }
    })
}

fn names_of(constraints: &[Value], ty: &str) -> Vec<String> {
    constraints
        .iter()
        .filter(|c| c["type"] == ty)
        .filter_map(|c| c["name"].as_str().map(String::from))
        .collect()
}

#[allow(clippy::too_many_lines)]
pub(crate) fn animation(
    r: &mut Rng,
    bones: &[Bone],
    slots: &[SlotInfo],
    constraints: &[Value],
    full: bool,
) -> Value {
    let mut a = Map::new();
    let mut bm = Map::new();
    for _ in 0..1 + r.i(bones.len()) {
        let b = r.i(bones.len());
        let k = 1 + r.i(3);
        bm.insert(bones[b].name.clone(), bone_timelines(r, k));
    }
    a.insert("bones".into(), Value::Object(bm));
    if !full {
        return Value::Object(a);
    }
    let mut sm = Map::new();
    let mut deform = Map::new();
    for s in slots {
        if !r.chance(0.5) {
            continue;
        }
        let mut t = Map::new();
        match r.i(6) {
            0 => {
                t.insert("rgba".into(), color_keys(r, 4, false));
            }
            1 => {
                t.insert("rgb".into(), color_keys(r, 3, false));
            }
            2 => {
                t.insert(
                    "alpha".into(),
                    keys(r, 1, (0.0, 1.0), |r| m(&[("value", json!(r.f(-0.2, 1.2)))])),
                );
            }
            3 if s.dark => {
                t.insert("rgba2".into(), color_keys(r, 4, true));
            }
            4 if s.dark => {
                t.insert("rgb2".into(), color_keys(r, 3, true));
            }
            _ => {}
        }
        if r.chance(0.5) {
            let opts: Vec<Value> = s
                .attachments
                .iter()
                .map(|x| json!(x.0))
                .chain([Value::Null])
                .collect();
            let k: Vec<Value> = times(r)
                .iter()
                .map(|&time| json!({"time": time, "name": r.pick(&opts)}))
                .collect();
            t.insert("attachment".into(), Value::Array(k));
        }
        if !t.is_empty() {
            sm.insert(s.name.clone(), Value::Object(t));
        }
        let mut per = Map::new();
        for (ph, kind, count) in &s.attachments {
            if (*kind == "mesh" || *kind == "weighted") && r.chance(0.6) {
                let count = *count;
                let k = keys(r, 1, (0.0, 1.0), |r| {
                    if r.chance(0.2) {
                        return Map::new();
                    }
                    let off = 2 * r.i(count / 4 + 1);
                    let len = count - off;
                    let v: Vec<f64> = (0..len).map(|_| r.f(-8.0, 8.0)).collect();
                    m(&[("offset", json!(off)), ("vertices", json!(v))])
                });
                per.insert(ph.clone(), json!({"deform": k}));
            } else if *kind == "sequence" && r.chance(0.7) {
                let k: Vec<Value> = times(r)
                    .iter()
                    .map(|&time| {
                        json!({"time": time, "mode": r.pick(&["hold", "once", "loop", "pingpong", "onceReverse", "loopReverse", "pingpongReverse"]),
                               "index": r.i(3), "delay": r.f(0.05, 0.3)})
                    })
                    .collect();
                per.insert(ph.clone(), json!({"sequence": k}));
            }
        }
        if !per.is_empty() {
            deform.insert(s.name.clone(), Value::Object(per));
        }
    }
    a.insert("slots".into(), Value::Object(sm));
    if !deform.is_empty() {
        a.insert("attachments".into(), json!({"default": deform}));
    }
    let mut ik = Map::new();
    for c in names_of(constraints, "ik") {
        if r.chance(0.6) {
            ik.insert(
                c,
                keys(r, 2, (0.0, 1.0), |r| {
                    m(&[
                        ("mix", json!(r.f(0.0, 1.0))),
                        ("softness", json!(r.f(0.0, 10.0))),
                        ("bendPositive", json!(r.chance(0.5))),
                        ("compress", json!(r.chance(0.5))),
                        ("stretch", json!(r.chance(0.5))),
                    ])
                }),
            );
        }
    }
    a.insert("ik".into(), Value::Object(ik));
    let mut tc = Map::new();
    for c in names_of(constraints, "transform") {
        if r.chance(0.6) {
            tc.insert(
                c,
                keys(r, 6, (0.0, 1.0), |r| {
                    m(&[
                        ("mixRotate", json!(r.f(0.0, 1.0))),
                        ("mixX", json!(r.f(0.0, 1.0))),
                        ("mixY", json!(r.f(0.0, 1.0))),
                        ("mixScaleX", json!(r.f(0.0, 1.0))),
                        ("mixScaleY", json!(r.f(0.0, 1.0))),
                        ("mixShearY", json!(r.f(0.0, 1.0))),
                    ])
                }),
            );
        }
    }
    a.insert("transform".into(), Value::Object(tc));
    let mut pc = Map::new();
    for c in names_of(constraints, "path") {
        let mut t = Map::new();
        if r.chance(0.6) {
            t.insert(
                "position".into(),
                keys(r, 1, (0.0, 1.0), |r| m(&[("value", json!(r.f(0.0, 1.0)))])),
            );
        }
        if r.chance(0.4) {
            t.insert(
                "spacing".into(),
                // Some keys at 0: a collapsed chain's spaces change to 0
                // and back on a skeleton posed frame after frame.
                keys(r, 1, (0.0, 10.0), |r| {
                    let v = if r.chance(0.3) { 0.0 } else { r.f(0.0, 10.0) };
                    m(&[("value", json!(v))])
                }),
            );
        }
        if r.chance(0.4) {
            t.insert(
                "mix".into(),
                keys(r, 3, (0.0, 1.0), |r| {
                    m(&[
                        ("mixRotate", json!(r.f(0.0, 1.0))),
                        ("mixX", json!(r.f(0.0, 1.0))),
                        ("mixY", json!(r.f(0.0, 1.0))),
                    ])
                }),
            );
        }
        pc.insert(c, Value::Object(t));
    }
    a.insert("path".into(), Value::Object(pc));
    let mut ph = Map::new();
    let mut targets = names_of(constraints, "physics");
    if !targets.is_empty() {
        targets.push(String::new());
    }
    for c in targets {
        let mut t = Map::new();
        for (name, lo, hi) in [
            ("inertia", 0.1, 1.0),
            ("strength", 20.0, 200.0),
            ("damping", 0.5, 1.0),
            ("mass", 0.5, 2.0),
            ("wind", -5.0, 5.0),
            ("gravity", -20.0, 20.0),
            ("mix", 0.0, 1.0),
        ] {
            if r.chance(0.25) {
                t.insert(
                    name.into(),
                    keys(r, 1, (lo, hi), |r| m(&[("value", json!(r.f(lo, hi)))])),
                );
            }
        }
        if r.chance(0.3) {
            let k: Vec<Value> = times(r).iter().map(|&time| json!({"time": time})).collect();
            t.insert("reset".into(), Value::Array(k));
        }
        ph.insert(c, Value::Object(t));
    }
    a.insert("physics".into(), Value::Object(ph));
    let mut sl = Map::new();
    for c in names_of(constraints, "slider") {
        let mut t = Map::new();
        if r.chance(0.5) {
            t.insert(
                "time".into(),
                keys(r, 1, (0.0, 1.5), |r| m(&[("value", json!(r.f(0.0, 1.5)))])),
            );
        }
        if r.chance(0.4) {
            t.insert(
                "mix".into(),
                keys(r, 1, (0.0, 1.0), |r| m(&[("value", json!(r.f(0.0, 1.0)))])),
            );
        }
        sl.insert(c, Value::Object(t));
    }
    a.insert("slider".into(), Value::Object(sl));
    if r.chance(0.5) {
        let n = slots.len();
        let k: Vec<Value> = times(r)
            .iter()
            .map(|&time| {
                if r.chance(0.2) {
                    return json!({"time": time});
                }
                let mut from: Vec<usize> = (0..n).filter(|_| r.chance(0.4)).collect();
                let mut to: Vec<usize> = (0..n).collect();
                while to.len() > from.len() {
                    let i = r.i(to.len());
                    to.remove(i);
                }
                from.sort_unstable();
                let offsets: Vec<Value> = from
                    .iter()
                    .zip(&to)
                    .map(|(&f, &t)| json!({"slot": slots[f].name, "offset": t as i64 - f as i64}))
                    .collect();
                json!({"time": time, "offsets": offsets})
            })
            .collect();
        a.insert("drawOrder".into(), Value::Array(k));
    }
    if r.chance(0.5) {
        let k: Vec<Value> = times(r)
            .iter()
            .map(|&time| {
                if r.chance(0.5) {
                    json!({"time": time, "name": "e0", "int": r.i(9), "string": "hit"})
                } else {
                    json!({"time": time, "name": "e1", "volume": r.f(0.0, 1.0)})
                }
            })
            .collect();
        a.insert("events".into(), Value::Array(k));
    }
    Value::Object(a)
}
