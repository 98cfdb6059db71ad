//! The pose document's writer (`rigc_spine::sample::JsonWriter`) against the
//! oracle's own `stringify` (shared `oracle/pose.mjs`): random JSON values —
//! objects of 0 to 14 keys (the one-line limit is 10 plain values), arrays
//! of plain values, of containers and of both, empty containers, escaped and
//! non-ASCII strings, numbers from tiny to huge — written by both in the
//! indented and the compact layout must be the same text, byte for byte.
//! The writer is handed the text to its output between values, as the
//! document is between frames, and one value is large enough to cross many
//! such hand-overs while containers are still undecided.

mod oracle;

use rigc_spine::sample::{JsonWriter, Layout};
use serde_json::{json, Map, Value};
use std::io::Write;

/// splitmix64.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// A number read from a short decimal (its shortest spelling is that
/// decimal's, with no tie for either side to break).
fn number(r: &mut Rng) -> Value {
    let mantissa = r.below(2_000_001) as i64 - 1_000_000;
    let exponent = r.below(40) as i32 - 25;
    let text = format!("{mantissa}e{exponent}");
    let x: f64 = text.parse().unwrap_or(0.0);
    json!(x)
}

fn string(r: &mut Rng) -> Value {
    const PIECES: [&str; 10] = ["a", "bone", " ", "\"", "\\", "\n", "\t", "é", "→", "\u{1}"];
    let n = r.below(6);
    Value::String((0..n).map(|_| PIECES[r.below(10) as usize]).collect())
}

fn plain(r: &mut Rng) -> Value {
    match r.below(5) {
        0 => Value::Null,
        1 => json!(r.below(2) == 0),
        2 => string(r),
        _ => number(r),
    }
}

fn value(r: &mut Rng, depth: u32) -> Value {
    if depth == 0 || r.below(3) == 0 {
        return plain(r);
    }
    if r.below(2) == 0 {
        let n = r.below(15);
        let plain_only = r.below(2) == 0;
        let mut m = Map::new();
        for i in 0..n {
            let v = if plain_only {
                plain(r)
            } else {
                value(r, depth - 1)
            };
            m.insert(format!("k{i}"), v);
        }
        Value::Object(m)
    } else {
        let n = r.below(8);
        let v = match r.below(3) {
            0 => (0..n).map(|_| number(r)).collect(),
            1 => (0..n).map(|_| plain(r)).collect(),
            _ => (0..n).map(|_| value(r, depth - 1)).collect(),
        };
        Value::Array(v)
    }
}

/// Writes `v` value by value, handing the text over after each value (the
/// document does after each frame; here also inside undecided containers).
fn write<W: Write>(w: &mut JsonWriter<W>, v: &Value, flip: &mut bool) {
    match v {
        Value::Null => w.null(),
        Value::Bool(b) => w.bool(*b),
        Value::Number(n) => w.num(n.as_f64().unwrap_or(f64::NAN)),
        Value::String(s) => w.str(s),
        Value::Array(a) => {
            *flip = !*flip;
            if *flip && a.iter().all(Value::is_number) {
                w.nums(a.iter().map(|x| x.as_f64().unwrap_or(f64::NAN)));
            } else if *flip && a.iter().all(Value::is_string) {
                w.strs(a.iter().map(|x| x.as_str().unwrap_or_default()));
            } else {
                w.begin_array();
                for x in a {
                    write(w, x, flip);
                }
                w.end();
            }
        }
        Value::Object(o) => {
            w.begin_object();
            for (k, x) in o {
                w.key(k);
                write(w, x, flip);
            }
            w.end();
        }
    }
    w.flush_ready().expect("a Vec takes every write");
}

fn ours(v: &Value, layout: Layout) -> String {
    let mut w = JsonWriter::new(Vec::new(), layout);
    write(&mut w, v, &mut false);
    String::from_utf8(w.finish(b"").expect("a Vec takes every write")).expect("UTF-8")
}

const STRINGIFY: &str = r#"
const fs = require("fs");
const { pathToFileURL } = require("url");
import(pathToFileURL(process.argv[1]).href).then((pose) => {
  const values = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
  const both = (v) => [pose.stringify(v, false), pose.stringify(v, true)];
  const special = [NaN, Infinity, -Infinity, -0, 1e21, 1e-7, 5e-324, 1.7976931348623157e308];
  process.stdout.write(JSON.stringify({ values: values.map(both), special: both(special) }));
});
"#;

#[test]
fn the_writer_lays_out_values_as_the_oracle_stringify_does() {
    if !oracle::available() {
        return;
    }
    let mut r = Rng(0x5A3F_1E00_D0C5_0014);
    let mut values: Vec<Value> = (0..400).map(|_| value(&mut r, 4)).collect();
    values.extend([
        json!({}),
        json!([]),
        json!([[]]),
        json!({"a": {}}),
        json!([{}, 1]),
    ]);
    // Larger than many hand-overs: 3,000 frames of undecided objects.
    let frames: Vec<Value> = (0..3000)
        .map(|i| json!({"time": i, "bones": [{"name": "b", "local": {"x": 1, "y": [1, 2]}}], "events": []}))
        .collect();
    values.push(json!({"format": "f", "frames": frames}));
    let dir = oracle::scratch("writer");
    let file = dir.join("values.json");
    std::fs::write(&file, serde_json::to_string(&values).expect("json")).expect("write");
    let pose = oracle::dir().join("pose.mjs");
    let out = oracle::script(STRINGIFY, &[pose.as_os_str(), file.as_os_str()]);
    let theirs: Value = serde_json::from_slice(&out).expect("node prints JSON");
    let both = |v: &Value| {
        let s = |i: usize| v[i].as_str().expect("text").to_string();
        (s(0), s(1))
    };
    let theirs_special = both(&theirs["special"]);
    let theirs: Vec<(String, String)> = theirs["values"]
        .as_array()
        .expect("values")
        .iter()
        .map(both)
        .collect();
    assert_eq!(theirs.len(), values.len());
    let mut bytes = 0;
    for (v, (pretty, compact)) in values.iter().zip(&theirs) {
        assert_eq!(&ours(v, Layout::Pretty), pretty, "indented: {v}");
        assert_eq!(&ours(v, Layout::Compact), compact, "compact: {v}");
        bytes += pretty.len() + compact.len();
    }
    assert!(bytes > 1 << 20, "{bytes} bytes compared");
    // Non-finite numbers are the strings of the oracle's fix(); -0 is 0.
    let special = [
        f64::NAN,
        f64::INFINITY,
        f64::NEG_INFINITY,
        -0.0,
        1e21,
        1e-7,
        5e-324,
        f64::MAX,
    ];
    let nums = |layout| {
        let mut w = JsonWriter::new(Vec::new(), layout);
        w.nums(special);
        String::from_utf8(w.finish(b"").expect("a Vec takes every write")).expect("UTF-8")
    };
    assert_eq!(
        (nums(Layout::Pretty), nums(Layout::Compact)),
        theirs_special
    );
    let _ = std::fs::remove_file(&file);
}
