//! A fuzz-ish loop: valid motion specs mutated at random (values swapped for other
//! types and edge numbers, members deleted, duplicated and added, text cut) go
//! through the parser and the stage; every outcome is a value or diagnostics,
//! never a panic.

use super::{compile_all, setup};
use crate::spec::motion::tests::{motion, parse_str, reference};
use serde_json::{json, Value};

/// A motion that reaches every family the stage compiles, with a `physics`
/// table (the parser's) and physics tracks: one constraint's `mix`, the
/// empty-name global `reset`.
fn rich() -> String {
    with_physics_table(motion(
        r#""a": {"duration": 1, "loop": true, "note": "n", "tracks": [
  {"group": "pair", "property": "translate", "lag": 0.1, "stagger": 0.05, "keys": [{"t": 0, "v": {"a": [0, 1], "b": [2, 3]}, "ease": "soft"}, {"t": 0.5, "v": [1, 1], "curve": [0.7, 0, 0.8, 1, 0.7, 0, 0.8, 1]}, {"t": 0.85, "v": [0, 0]}]},
  {"bone": "c", "property": "inherit", "keys": [{"t": 0, "v": "noScale"}, {"t": 1, "v": "normal"}]},
  {"slot": "body", "property": "rgba2", "keys": [{"t": 0, "v": [1, 1, 1, 1, 0, 0, 0], "ease": "stepped"}, {"t": 1, "v": [0, 0, 0, 1, 1, 1, 1]}]},
  {"group": "lids", "property": "attachment", "keys": [{"t": 0, "v": "open"}, {"t": 0.5, "v": null}]},
  {"slot": "lid_l", "property": "rgba", "keys": [{"t": 0, "v": [1, 0, 0, 1]}, {"t": 1, "v": [0, 1, 0, 1]}]},
  {"slider": "knob", "property": "mix", "keys": [{"t": 0, "v": [0], "ease": "soft"}, {"t": 1, "v": [1]}]},
  {"physics": "jig", "property": "mix", "keys": [{"t": 0, "v": [0], "ease": "soft"}, {"t": 1, "v": [1]}]},
  {"physics": "", "property": "reset", "keys": [{"t": 0.5, "v": null}]}
 ],
 "drawOrder": [{"t": 0, "offsets": [{"slot": "bare", "offset": -2}]}, {"t": 1}],
 "events": [{"t": 0, "name": "thud", "volume": 1}, {"t": 1, "name": "step", "int": 2}],
 "ik": [{"constraint": "reach", "keys": [{"t": 0, "mix": 0.5, "softness": 1, "ease": "soft"}, {"t": 1, "mix": 1, "softness": 0}]}],
 "transform": [{"constraint": "follow", "keys": [{"t": 0, "mixRotate": 0.5}, {"t": 1, "mixRotate": 1}]}]
}"#,
    ))
}

/// `text` with a `physics` table before its `animations`.
fn with_physics_table(text: String) -> String {
    text.replacen(
        "\"animations\": {",
        "\"physics\": {\"tab\": {\"bone\": \"a\", \"rotate\": 1, \"mass\": 2, \"note\": \"n\"}},\n\"animations\": {",
        1,
    )
}

/// [`setup`] with physics constraint `jig` on bone `c` (its mix global).
fn physics_setup() -> rigc_sdk::model::Skeleton {
    let mut s = setup();
    let mut jig = rigc_sdk::model::PhysicsConstraint {
        name: "jig".into(),
        bone: "c".into(),
        rotate: Some(1.0),
        ..Default::default()
    };
    jig.globals[6] = Some(true);
    s.constraints
        .push(rigc_sdk::model::Constraint::Physics(jig));
    s
}

/// xorshift64*: deterministic, no dependency.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

fn pointers(v: &Value, here: String, out: &mut Vec<String>) {
    out.push(here.clone());
    match v {
        Value::Array(a) => {
            for (i, e) in a.iter().enumerate() {
                pointers(e, format!("{here}/{i}"), out);
            }
        }
        Value::Object(m) => {
            for (k, e) in m {
                pointers(
                    e,
                    format!("{here}/{}", k.replace('~', "~0").replace('/', "~1")),
                    out,
                );
            }
        }
        _ => {}
    }
}

fn random_value(rng: &mut Rng) -> Value {
    let pool = [
        json!(null),
        json!(true),
        json!(0),
        json!(-1),
        json!(1.5),
        json!(1e300),
        json!(-1e-300),
        json!(0.1000000001),
        json!(""),
        json!("stepped"),
        json!("soft"),
        json!("a"),
        json!("lid_l"),
        json!("noScale"),
        json!("jig"),
        json!([]),
        json!({}),
        json!([1]),
        json!([0, 1]),
        json!([0.5, 0.5, 0.5, 0.5]),
        json!({"a": [1], "b": [2]}),
        json!({"t": 0}),
        json!([{"t": 0, "v": [1]}]),
        json!([{"slot": "body", "offset": 3}]),
    ];
    pool[rng.below(pool.len())].clone()
}

fn mutate(v: &mut Value, rng: &mut Rng) {
    let mut ps = Vec::new();
    pointers(v, String::new(), &mut ps);
    let p = ps[rng.below(ps.len())].clone();
    let (parent, last) = match p.rfind('/') {
        Some(i) => (
            p[..i].to_string(),
            p[i + 1..].replace("~1", "/").replace("~0", "~"),
        ),
        None => (String::new(), String::new()),
    };
    match rng.below(6) {
        0 | 1 => {
            if let Some(n) = v.pointer_mut(&p) {
                *n = random_value(rng);
            }
        }
        2 => match v.pointer_mut(&parent) {
            Some(Value::Object(m)) => {
                m.remove(&last);
            }
            Some(Value::Array(a)) => {
                if let Ok(i) = last.parse::<usize>() {
                    if i < a.len() {
                        a.remove(i);
                    }
                }
            }
            _ => {}
        },
        3 => {
            if let Some(Value::Array(a)) = v.pointer_mut(&parent) {
                if let Some(e) = last.parse::<usize>().ok().and_then(|i| a.get(i).cloned()) {
                    a.push(e);
                }
            }
        }
        4 => {
            let keys = [
                "t", "v", "ease", "curve", "lag", "stagger", "group", "bone", "slot", "offsets",
                "mix", "name", "easing", "slider", "property", "physics", "reset",
            ];
            let key = keys[rng.below(keys.len())];
            let value = random_value(rng);
            if let Some(Value::Object(m)) = v.pointer_mut(&p) {
                m.insert(key.to_string(), value);
            }
        }
        _ => {
            if let Some(Value::Number(n)) = v.pointer(&p).cloned() {
                let x = n.as_f64().unwrap_or(0.0);
                let nudged = [x + 1e-9, x * 1000.0, -x, x + 1.0 / 60.0, x - 1e-7][rng.below(5)];
                if let (Some(slot), Some(num)) =
                    (v.pointer_mut(&p), serde_json::Number::from_f64(nudged))
                {
                    *slot = Value::Number(num);
                }
            }
        }
    }
}

fn run(text: &str) {
    if let Ok(spec) = parse_str(text) {
        let _ = compile_all(&spec, &physics_setup());
    }
}

#[test]
fn mutated_motions_never_panic() {
    let mut sources = vec![rich()];
    for path in [
        "rigc-gallery/walk/motion.json",
        "rigc-buoy/buoy.motion.json",
    ] {
        sources.push(std::fs::read_to_string(reference(path)).expect("reference motion"));
    }
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for source in &sources {
        run(source);
        let base: Value = serde_json::from_str(source).expect("valid JSON");
        for _ in 0..1500 {
            let mut v = base.clone();
            for _ in 0..1 + rng.below(3) {
                mutate(&mut v, &mut rng);
            }
            run(&v.to_string());
        }
        for _ in 0..200 {
            let bytes = source.as_bytes();
            let cut = rng.below(bytes.len());
            run(&String::from_utf8_lossy(&bytes[..cut]));
        }
    }
    // The rich spec compiles as written.
    let spec = parse_str(&rich()).expect("parses");
    assert_eq!(spec.physics.len(), 1);
    let done = compile_all(&spec, &physics_setup())
        .unwrap_or_else(|d| panic!("{}", crate::spec::motion::tests::dump(&d)));
    let physics: Vec<(&str, &str)> = done[0]
        .physics
        .iter()
        .flat_map(|t| {
            t.timelines
                .iter()
                .map(|l| (t.target.as_str(), l.name.as_str()))
        })
        .collect();
    assert_eq!(physics, [("jig", "mix"), ("", "reset")]);
}
