//! This module owns the print-out of one deform key stated as a `transform`
//! model (FORMAT.md §3.14.1, for `explain`): the key's place in the deform
//! array and its curve, the model and its parameters, the model's formula and
//! the figures it is evaluated with (the one table of formulas, per kind), and
//! the offsets it produced, four vertices a line. It renders from data — the
//! key as compiled and the model as written — and computes nothing but the
//! figures the formula names.

use rigc_sdk::model::Curve;
use rigc_sdk::num::f64_text;

/// A deform key's model, as the motion spec states it.
#[derive(Debug, Clone, Copy)]
pub struct Model<'a> {
    /// `kind`.
    pub kind: &'a str,
    /// The other fields, in source order.
    pub params: &'a serde_json::Map<String, serde_json::Value>,
}

/// One compiled deform key and the model it was evaluated from.
#[derive(Debug, Clone, Copy)]
pub struct TransformKey<'a> {
    /// The key's time, seconds.
    pub time: f64,
    /// Where the run starts in the deform array.
    pub start: usize,
    /// The run, `x, y` pairs.
    pub run: &'a [f64],
    /// The curve to the next key (`None`: linear).
    pub curve: Option<&'a Curve>,
    /// The model.
    pub model: Model<'a>,
}

/// A figure as the print-out spells it: 6 decimals, the shortest text.
fn fig(x: f64) -> String {
    f64_text(rigc_sdk::deform::quantise(x))
}

fn param(p: &serde_json::Map<String, serde_json::Value>, name: &str) -> Option<f64> {
    p.get(name).and_then(serde_json::Value::as_f64)
}

/// A parameter's value as written (`170`, `[1.2, 0.74]`, `y`, `true`).
fn value(v: &serde_json::Value) -> String {
    match v {
        serde_json::Value::Number(n) => n.as_f64().map_or_else(|| n.to_string(), f64_text),
        serde_json::Value::String(s) => s.clone(),
        serde_json::Value::Array(items) => {
            format!(
                "[{}]",
                items.iter().map(value).collect::<Vec<_>>().join(", ")
            )
        }
        other => other.to_string(),
    }
}

/// The formula and the figures of `model` (indented by the caller).
fn formula(model: Model<'_>) -> (String, Vec<String>) {
    let p = model.params;
    match model.kind {
        "yaw" | "pitch" => {
            let (d, c) = if model.kind == "yaw" {
                ("dx", "x")
            } else {
                ("dy", "y")
            };
            let z = if p.get("depth") == Some(&serde_json::Value::Bool(true)) {
                "z off the generator's depth map".to_string()
            } else {
                format!("z = √(radius² − ({c}−about)²)")
            };
            let mut figures = Vec::new();
            if let Some(deg) = param(p, "degrees") {
                let t = deg.to_radians();
                figures.push(format!("t = {} rad", fig(t)));
                figures.push(format!("cos t − 1 = {}", fig(t.cos() - 1.0)));
                figures.push(format!("sin t = {}", fig(t.sin())));
                if let Some(r) = param(p, "radius") {
                    figures.push(format!(
                        "centre shift = −radius·sin t = {}",
                        fig(-r * t.sin())
                    ));
                }
            }
            (
                format!("{d} = ({c}−about)·(cos t − 1) − z·sin t,   {z}"),
                figures,
            )
        }
        "affine" => {
            let scale = p.get("scale").and_then(|s| s.as_array()).map(|s| {
                s.iter()
                    .filter_map(serde_json::Value::as_f64)
                    .collect::<Vec<_>>()
            });
            let figures = match scale.as_deref() {
                Some([sx, sy]) => vec![format!("det = sx·sy = {} > 0", fig(sx * sy))],
                _ => Vec::new(),
            };
            (
                "dx = (sx−1)·(x−ax),   dy = (sy−1)·(y−ay)".to_string(),
                figures,
            )
        }
        "wave" => {
            let figures = param(p, "wavelength")
                .map(|w| {
                    vec![format!(
                        "2π/wavelength = {}",
                        fig(std::f64::consts::TAU / w)
                    )]
                })
                .unwrap_or_default();
            (
                "d = amplitude · sin(2π·along/wavelength + phase)".to_string(),
                figures,
            )
        }
        "bend" => (
            "d = amount · u^power,   u = (along − from)/(to − from)".to_string(),
            Vec::new(),
        ),
        other => (
            format!("(the {other} kind's own model, evaluated by its plugin)"),
            Vec::new(),
        ),
    }
}

/// The lines of one transform key.
pub fn transform_key(key: &TransformKey<'_>) -> Vec<String> {
    let pairs = key.run.len() / 2;
    let curve = match key.curve {
        None => "linear".to_string(),
        Some(Curve::Stepped) => "stepped".to_string(),
        Some(Curve::Bezier(points)) => format!("bezier[{}]", points.len()),
    };
    let mut lines = vec![format!(
        "      {:<10}{:<47}{curve}",
        format!("t={}", crate::spec::motion::secs(key.time)),
        format!(
            "deform[{}..{}]  {pairs} pair(s)",
            key.start,
            key.start + key.run.len()
        ),
    )];
    let params: Vec<String> = key
        .model
        .params
        .iter()
        .map(|(k, v)| format!("{k}={}", value(v)))
        .collect();
    lines.push(format!(
        "               transform {}  {}",
        key.model.kind,
        params.join(" ")
    ));
    let (formula, figures) = formula(key.model);
    lines.push(format!("               {formula}"));
    lines.extend(figures.into_iter().map(|f| format!("                 {f}")));
    let offsets: Vec<(f64, f64)> = key
        .run
        .chunks(2)
        .map(|c| (c[0], c.get(1).copied().unwrap_or(0.0)))
        .collect();
    let mut largest = (0.0_f64, 0_usize);
    for (i, (x, y)) in offsets.iter().enumerate() {
        let m = x.hypot(*y);
        if m > largest.0 {
            largest = (m, i);
        }
    }
    lines.push(format!(
        "               {pairs} vertices, largest offset {}px at vertex {}",
        fig(largest.0),
        largest.1
    ));
    for (row, chunk) in offsets.chunks(4).enumerate() {
        let cells: Vec<String> = chunk
            .iter()
            .enumerate()
            .map(|(j, (x, y))| format!("v {:>2} ({}, {})", row * 4 + j, f64_text(*x), f64_text(*y)))
            .collect();
        lines.push(format!("                 {}", cells.join("  ")));
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    /// FORMAT.md §3.14.1's example, for portrait's 12° yaw key (its first
    /// lines; the document elides the rest of the vertex lines).
    const EXAMPLE: &str = "      t=0.62    deform[0..50]  25 pair(s)                      bezier[4]
               transform yaw  radius=170 degrees=12
               dx = (x−about)·(cos t − 1) − z·sin t,   z = √(radius² − (x−about)²)
                 t = 0.20944 rad
                 cos t − 1 = -0.021852
                 sin t = 0.207912
                 centre shift = −radius·sin t = -35.344987
               25 vertices, largest offset 35.344987px at vertex 2
                 v  0 (-7.17493, 0)  v  1 (-22.413595, 0)  v  2 (-35.344987, 0)  v  3 (-27.658171, 0)";

    #[test]
    fn portrait_yaw_key_matches_the_format_example() {
        // portrait's head grid (FIGURES.md), the columns row after row; the run
        // is the yaw's closed form at each vertex, quantised as the host writes it.
        let (r, t) = (170.0_f64, 12.0_f64.to_radians());
        let cols = [-162.0, -120.0, 0.0, 120.0, 162.0];
        let run: Vec<f64> = (0..5)
            .flat_map(|_| cols)
            .flat_map(|x: f64| {
                [
                    rigc_sdk::deform::quantise(
                        x * (t.cos() - 1.0) - (r * r - x * x).sqrt() * t.sin(),
                    ),
                    0.0,
                ]
            })
            .collect();
        let params = serde_json::json!({ "radius": 170, "degrees": 12 });
        let curve = Curve::Bezier(vec![0.0; 4]);
        let lines = transform_key(&TransformKey {
            time: 0.62,
            start: 0,
            run: &run,
            curve: Some(&curve),
            model: Model {
                kind: "yaw",
                params: params.as_object().unwrap(),
            },
        });
        let want: Vec<&str> = EXAMPLE.lines().collect();
        assert_eq!(&lines[..want.len()], want.as_slice());
        // 25 vertices, four a line: seven vertex lines in all.
        assert_eq!(lines.len(), want.len() - 1 + 7);
        assert_eq!(
            lines.last().unwrap(),
            "                 v 24 (-14.255108, 0)"
        );
    }

    #[test]
    fn affine_names_its_determinant() {
        let params = serde_json::json!({ "scale": [1.2, 0.74], "about": [0, -110] });
        let lines = transform_key(&TransformKey {
            time: 0.4,
            start: 0,
            run: &[22.0, -28.6],
            curve: None,
            model: Model {
                kind: "affine",
                params: params.as_object().unwrap(),
            },
        });
        assert_eq!(
            lines[1],
            "               transform affine  scale=[1.2, 0.74] about=[0, -110]"
        );
        // FIGURES.md, squash: `det = sx·sy = 0.888 > 0`.
        assert_eq!(lines[3], "                 det = sx·sy = 0.888 > 0");
    }
}
