//! The oracle's `compare.mjs` in Rust: walks two pose documents in parallel;
//! numbers (and the strings `"NaN"`, `"Infinity"`, `"-Infinity"`) pass when
//! `|a − b| <= abs + rel·max(|a|, |b|)` (`NaN` only matches `NaN`); every other
//! value, array length and key set must match exactly. Keys `runtime` and
//! `apply` are ignored. One deliberate difference: equal non-finite values
//! pass here, where `compare.mjs`'s tolerance becomes `NaN` and fails them.

use serde_json::Value;

/// The outcome of a comparison.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Comparison {
    /// Numbers compared.
    pub numbers: usize,
    /// Largest `|a − b|` seen.
    pub max_abs: f64,
    /// Where the largest difference is, with both values.
    pub worst: String,
    /// Numbers over tolerance (path, a, b), the first 20.
    pub failures: Vec<String>,
    /// Count of numbers over tolerance.
    pub failed: usize,
    /// Structural differences (path and why), the first 20.
    pub structural: Vec<String>,
}

impl Comparison {
    /// Every number within tolerance and no structural difference.
    pub fn ok(&self) -> bool {
        self.failed == 0 && self.structural.is_empty()
    }

    /// A short report (like `compare.mjs`'s).
    pub fn report(&self) -> String {
        let mut s = format!(
            "compared {} numbers; largest |a-b| = {:e} at {}",
            self.numbers, self.max_abs, self.worst
        );
        for f in &self.structural {
            s.push_str(&format!("\n  structural: {f}"));
        }
        for f in &self.failures {
            s.push_str(&format!("\n  FAIL {f}"));
        }
        s
    }
}

fn as_number(v: &Value) -> Option<f64> {
    match v {
        Value::Number(n) => n.as_f64(),
        Value::String(s) if s == "NaN" => Some(f64::NAN),
        Value::String(s) if s == "Infinity" => Some(f64::INFINITY),
        Value::String(s) if s == "-Infinity" => Some(f64::NEG_INFINITY),
        _ => None,
    }
}

fn label(item: &Value, i: usize) -> String {
    if let Value::Object(o) = item {
        if let (Some(t), Some(Value::Array(_))) = (o.get("time"), o.get("bones")) {
            return format!("[{i}@t={t}]");
        }
        for k in ["name", "slot"] {
            if let Some(Value::String(s)) = o.get(k) {
                return format!("[{i}:{s}]");
            }
        }
    }
    format!("[{i}]")
}

/// Compares `a` with `b` (`abs`, `rel` as in `compare.mjs`).
pub fn compare(a: &Value, b: &Value, abs: f64, rel: f64) -> Comparison {
    let mut c = Comparison::default();
    walk(a, b, String::new(), abs, rel, &mut c);
    c
}

fn walk(x: &Value, y: &Value, path: String, abs: f64, rel: f64, c: &mut Comparison) {
    if let (Some(nx), Some(ny)) = (as_number(x), as_number(y)) {
        c.numbers += 1;
        let d = if nx.is_nan() || ny.is_nan() {
            if nx.is_nan() && ny.is_nan() {
                0.0
            } else {
                f64::INFINITY
            }
        } else if nx == ny {
            0.0
        } else {
            (nx - ny).abs()
        };
        // Equal values (NaN and NaN, equal infinities) always pass; compare.mjs
        // computes a NaN tolerance for them and fails them, against its README.
        let tol = if d == 0.0 {
            abs
        } else {
            abs + rel * nx.abs().max(ny.abs())
        };
        if d > c.max_abs || c.worst.is_empty() {
            c.max_abs = c.max_abs.max(d);
            c.worst = format!("{path} a={x} b={y}");
        }
        let within = d <= tol;
        if !within {
            c.failed += 1;
            if c.failures.len() < 20 {
                c.failures
                    .push(format!("{path} a={x} b={y} |a-b|={d:e} tol={tol:e}"));
            }
        }
        return;
    }
    let mut structural = |why: String| {
        if c.structural.len() < 20 {
            c.structural.push(format!("{path}: {why}"));
        }
    };
    match (x, y) {
        (Value::Array(xa), Value::Array(ya)) => {
            if xa.len() != ya.len() {
                structural(format!(
                    "array lengths differ: {} vs {}",
                    xa.len(),
                    ya.len()
                ));
            }
            for (i, (p, q)) in xa.iter().zip(ya).enumerate() {
                walk(p, q, format!("{path}{}", label(p, i)), abs, rel, c);
            }
        }
        (Value::Object(xo), Value::Object(yo)) => {
            for (k, v) in xo {
                if k == "runtime" || k == "apply" {
                    continue;
                }
                let p = if path.is_empty() {
                    k.clone()
                } else {
                    format!("{path}.{k}")
                };
                match yo.get(k) {
                    Some(w) => walk(v, w, p, abs, rel, c),
                    None => {
                        if c.structural.len() < 20 {
                            c.structural.push(format!("{p}: key only in a"));
                        }
                    }
                }
            }
            for k in yo.keys() {
                if k != "runtime" && k != "apply" && !xo.contains_key(k) && c.structural.len() < 20
                {
                    c.structural.push(format!("{path}.{k}: key only in b"));
                }
            }
        }
        (Value::Array(_), Value::Object(_)) | (Value::Object(_), Value::Array(_)) => {
            structural("types differ".into());
        }
        _ => {
            if x != y {
                structural(format!("values differ: a={x} b={y}"));
            }
        }
    }
}
