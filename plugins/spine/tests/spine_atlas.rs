//! The atlas reader against spine-core's `TextureAtlas`, page by page and
//! region by region, over generated atlas texts (legacy fields, leftover
//! entry values, header entries, CR/LF mixes, indented names, odd numbers and
//! filters). All texts go through one `node` process.

mod oracle;

use rigc_spine::atlas::{read_atlas, TextureFilter, TextureWrap};
use serde_json::{json, Value};

struct Gen(u64);

impl Gen {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[(self.next() % items.len() as u64) as usize]
    }
}

fn samples() -> Vec<String> {
    let lines = [
        "page.png",
        "page2.png",
        "",
        "  ",
        "size: 64, 64",
        "size: 128,32",
        "size: 7",
        "format: RGBA8888",
        "filter: Linear, Linear",
        "filter: linear,nearest",
        "filter: MipMap",
        "filter: Bogus, Linear",
        "repeat: xy",
        "repeat: x",
        "repeat: none",
        "pma: true",
        "pma: false",
        "scale: 0.5",
        "head",
        "  indented",
        "r1",
        "r2",
        "bounds: 2, 2, 40, 30",
        "bounds: 2.9, -1, 0x10, abc",
        "offsets: 1, 2, 44, 36",
        "rotate: true",
        "rotate: 90",
        "rotate: false",
        "rotate: 180",
        "index: 3",
        "index: -1",
        "split: 1, 2, 3, 4",
        "pad: 1,2",
        "xy: 5, 6",
        "size: 10, 12",
        "orig: 20, 22",
        "offset: 3, 4",
        "a: 1,2,3,4,5,6",
        "x:",
        ":",
        "name with: colon",
    ];
    let seps = ["\n", "\r\n", "\r", "\n\t"];
    let mut g = Gen(0xDEAD_BEEF_CAFE_F00D);
    let mut out = vec![
        std::fs::read_to_string(oracle::fixtures().join("tiny/skeleton.atlas")).unwrap_or_default(),
        std::fs::read_to_string(oracle::fixtures().join("features/skeleton.atlas"))
            .unwrap_or_default(),
    ];
    for _ in 0..1500 {
        let n = 1 + (g.next() % 14) as usize;
        let mut s = String::new();
        for _ in 0..n {
            s.push_str(g.pick(&lines));
            s.push_str(g.pick(&seps));
        }
        out.push(s);
    }
    out
}

fn filter(f: Option<TextureFilter>) -> Value {
    json!(f.map(|f| match f {
        TextureFilter::Nearest => 9728,
        TextureFilter::Linear => 9729,
        TextureFilter::MipMap | TextureFilter::MipMapLinearLinear => 9987,
        TextureFilter::MipMapNearestNearest => 9984,
        TextureFilter::MipMapLinearNearest => 9985,
        TextureFilter::MipMapNearestLinear => 9986,
    }))
}

fn num(x: f64) -> Value {
    if x.is_finite() {
        json!(x)
    } else {
        json!(x.to_string().replace("inf", "Infinity"))
    }
}

fn ours(text: &str) -> Value {
    match read_atlas(text) {
        Err(e) => json!({ "error": e.message }),
        Ok(a) => json!({
            "pages": a.pages.iter().map(|p| json!([p.name, filter(p.min_filter), filter(p.mag_filter),
                matches!(p.u_wrap, TextureWrap::Repeat), matches!(p.v_wrap, TextureWrap::Repeat), num(p.width), num(p.height), p.pma])).collect::<Vec<_>>(),
            "regions": a.regions.iter().map(|r| json!([r.page, r.name, num(r.x), num(r.y), num(r.width), num(r.height),
                num(r.offset_x), num(r.offset_y), num(r.original_width), num(r.original_height), num(r.index), num(r.degrees),
                r.names, r.values.as_ref().map(|v| v.iter().map(|x| x.iter().map(|&y| num(y)).collect::<Vec<_>>()).collect::<Vec<_>>()),
                num(r.u), num(r.v), num(r.u2), num(r.v2)])).collect::<Vec<_>>(),
        }),
    }
}

const SCRIPT: &str = r#"
const path = require('path'); const fs = require('fs'); const { pathToFileURL } = require('url');
(async () => {
  const core = await import(pathToFileURL(path.join(process.argv[1], 'node_modules/@esotericsoftware/spine-core/dist/index.js')).href);
  const texts = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
  const num = (x) => Number.isFinite(x) ? x : String(x);
  const out = texts.map((t) => {
    let a;
    try { a = new core.TextureAtlas(t); } catch (e) { return { error: e.message }; }
    const wrap = (w) => w === core.TextureWrap.Repeat;
    const f = (x) => (typeof x === 'number' ? x : null);
    return {
      pages: a.pages.map((p) => [p.name, f(p.minFilter), f(p.magFilter), wrap(p.uWrap), wrap(p.vWrap), num(p.width), num(p.height), p.pma]),
      regions: a.regions.map((r) => [a.pages.indexOf(r.page), r.name, num(r.x), num(r.y), num(r.width), num(r.height),
        num(r.offsetX), num(r.offsetY), num(r.originalWidth), num(r.originalHeight), num(r.index), num(r.degrees),
        r.names, r.values ? r.values.map((v) => v.map(num)) : null, num(r.u), num(r.v), num(r.u2), num(r.v2)]),
    };
  });
  process.stdout.write(JSON.stringify(out));
})();
"#;

/// Every number as an `f64`, so 64 and 64.0 compare equal.
fn norm(v: &Value) -> Value {
    match v {
        Value::Number(n) => n
            .as_f64()
            .and_then(serde_json::Number::from_f64)
            .map_or(Value::Null, Value::Number),
        Value::Array(a) => Value::Array(a.iter().map(norm).collect()),
        Value::Object(o) => Value::Object(o.iter().map(|(k, v)| (k.clone(), norm(v))).collect()),
        other => other.clone(),
    }
}

#[test]
fn atlas_reader_matches_texture_atlas() {
    if !oracle::available() {
        return;
    }
    let samples = samples();
    let dir = oracle::scratch("atlas");
    let input = dir.join("atlases.json");
    std::fs::write(&input, serde_json::to_string(&samples).expect("encode")).expect("write");
    let out = oracle::script(
        SCRIPT,
        &[
            oracle::dir().into_os_string(),
            input.clone().into_os_string(),
        ],
    );
    let theirs: Vec<Value> = serde_json::from_slice(&out).expect("node output");
    let mut regions = 0;
    let mut errors = 0;
    for (text, t) in samples.iter().zip(&theirs) {
        assert_eq!(norm(&ours(text)), norm(t), "atlas {text:?}");
        regions += t["regions"].as_array().map_or(0, |r| r.len());
        errors += usize::from(t.get("error").is_some());
    }
    let _ = std::fs::remove_dir_all(&dir);
    eprintln!("atlas vs TextureAtlas: {} texts agree ({regions} regions, {errors} rejected with the same message)", samples.len());
}
