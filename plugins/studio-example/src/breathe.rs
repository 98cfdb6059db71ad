//! This module owns the studio's deform kind `breathe`: a radial swell about a
//! point, the rise of a chest or a belly on an in-breath. Its closed form, for
//! a vertex `p` at distance `r = |p − about|` from the centre:
//!
//! ```text
//! d = (amount / radius) · (1 − r² / radius²) · (p − about)    when r < radius
//! d = 0                                                      otherwise
//! ```
//!
//! so the centre stays put, the rim (`r = radius`) stays put, and a vertex at
//! distance `r` moves radially by `amount · (r/radius) · (1 − r²/radius²)`
//! (the most, `0.385·amount`, at `r = radius/√3`). Parameters: `amount`
//! (pixels, required; negative breathes out), `radius` (pixels, > 0,
//! required), `about` (`[x, y]`, default `[0, 0]`), read in the attachment's
//! own space (unweighted, or every vertex on one bone).
//!
//! The radial map `r ↦ r + amount·(r/radius)·(1 − r²/radius²)` keeps its order
//! (no triangle turns over) exactly while its slope `1 + (amount/radius)·(1 −
//! 3r²/radius²)` stays positive over `0 ≤ r ≤ radius`: `−radius < amount <
//! radius/2`. An amount outside that is refused, with the distance at which the
//! swell would fold.

use rigc_sdk::abi::{DeformCall, DeformRefusal};
use rigc_sdk::deform::DeformKind;

/// The `breathe` kind.
pub struct Breathe;

const PARAMS: &[&str] = &["amount", "radius", "about"];

fn refuse(code: &str, message: String, help: &str) -> DeformRefusal {
    DeformRefusal {
        code: code.into(),
        message,
        help: Some(help.into()),
    }
}

fn number(call: &DeformCall, name: &str) -> Result<f64, DeformRefusal> {
    match call.params.get(name) {
        Some(v) => v.as_f64().filter(|x| x.is_finite()).ok_or_else(|| {
            refuse(
                "not-a-number",
                format!("transform breathe has {name} {v}, which is not a finite number"),
                &format!("write \"{name}\" as a number of pixels"),
            )
        }),
        None => Err(refuse(
            "missing",
            format!("transform breathe states no \"{name}\""),
            "write \"amount\" (pixels the swell lifts) and \"radius\" (pixels it reaches)",
        )),
    }
}

impl DeformKind for Breathe {
    fn name(&self) -> &'static str {
        "breathe"
    }

    fn params(&self) -> &'static [&'static str] {
        PARAMS
    }

    fn offsets(&self, call: &DeformCall) -> Result<Vec<[f64; 2]>, DeformRefusal> {
        if let Some(map) = call.params.as_object() {
            if let Some(k) = map.keys().find(|k| !PARAMS.contains(&k.as_str())) {
                return Err(refuse(
                    "unknown-parameter",
                    format!("transform breathe has no parameter {k:?} (it reads: amount, radius, about)"),
                    "remove it, or spell one of amount, radius, about",
                ));
            }
        }
        let amount = number(call, "amount")?;
        let radius = number(call, "radius")?;
        if radius <= 0.0 {
            return Err(refuse(
                "radius-not-positive",
                format!("transform breathe has radius {radius}; the swell's reach is a length greater than 0"),
                "write \"radius\" as the distance in pixels the swell reaches",
            ));
        }
        let about = match call.params.get("about") {
            None => [0.0, 0.0],
            Some(v) => match v
                .as_array()
                .map(|a| a.iter().map(|x| x.as_f64()).collect::<Vec<_>>())
            {
                Some(xy) if xy.len() == 2 && xy.iter().all(|x| x.is_some_and(f64::is_finite)) => {
                    [xy[0].unwrap_or(0.0), xy[1].unwrap_or(0.0)]
                }
                _ => {
                    return Err(refuse(
                        "about-shape",
                        format!("transform breathe has about {v}, which is not [x, y]"),
                        "write \"about\": [x, y], the centre of the swell",
                    ))
                }
            },
        };
        if amount <= -radius || amount >= radius / 2.0 {
            // The slope 1 + (amount/radius)(1 − 3u²), u = r/radius, is least at
            // u = 1 (amount > 0) or u = 0 (amount < 0); it is 0 at u² = (1 + radius/amount)/3.
            let u2 = (1.0 + radius / amount) / 3.0;
            return Err(refuse(
                "folds",
                format!(
                    "transform breathe has amount {amount} on radius {radius}, and the swell folds at r={} from about — it keeps its order only while −radius < amount < radius/2",
                    (u2.clamp(0.0, 1.0).sqrt() * radius * 1e3).round() / 1e3
                ),
                "state a smaller amount, or a larger radius",
            ));
        }
        let mut out = Vec::with_capacity(call.mesh.vertices.len());
        for (i, v) in call.mesh.vertices.iter().enumerate() {
            if v.bones.len() > 1 {
                return Err(refuse(
                    "no-single-space",
                    format!("transform breathe on {}: this attachment has no single space to evaluate it in — vertex {i} has {} bone influences on it", call.mesh.name, v.bones.len()),
                    "key this attachment with a \"vertices\" run instead",
                ));
            }
            let (px, py) = (v.x - about[0], v.y - about[1]);
            let r2 = px * px + py * py;
            let s = if r2 < radius * radius {
                (amount / radius) * (1.0 - r2 / (radius * radius))
            } else {
                0.0
            };
            out.push([s * px, s * py]);
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rigc_sdk::abi::{MeshGeometry, MeshVertex};

    fn call(params: serde_json::Value, points: &[(f64, f64)]) -> DeformCall {
        DeformCall {
            kind: "breathe".into(),
            mesh: MeshGeometry {
                name: "default/chest/chest".into(),
                vertices: points
                    .iter()
                    .map(|&(x, y)| MeshVertex {
                        x,
                        y,
                        ..Default::default()
                    })
                    .collect(),
                ..Default::default()
            },
            params,
            time: 0.5,
            config: serde_json::Value::Null,
        }
    }

    #[test]
    fn the_closed_form() {
        let (amount, radius, about) = (3.0_f64, 40.0_f64, (10.0, -5.0));
        let points = [
            (10.0, -5.0),
            (30.0, -5.0),
            (10.0, 35.0),
            (-20.0, 20.0),
            (60.0, 0.0),
        ];
        let got = Breathe
            .offsets(&call(
                serde_json::json!({ "amount": amount, "radius": radius, "about": [10, -5] }),
                &points,
            ))
            .unwrap();
        for (&(x, y), d) in points.iter().zip(&got) {
            let (px, py) = (x - about.0, y - about.1);
            let r = (px * px + py * py).sqrt();
            // Radially, by amount · (r/R) · (1 − r²/R²) inside the reach; nothing outside.
            let lift = if r < radius {
                amount * (r / radius) * (1.0 - (r / radius).powi(2))
            } else {
                0.0
            };
            let moved = (d[0] * d[0] + d[1] * d[1]).sqrt();
            assert!(
                (moved - lift).abs() < 1e-12,
                "({x}, {y}): {moved} vs {lift}"
            );
            assert!((d[0] * py - d[1] * px).abs() < 1e-9, "radial");
        }
        assert_eq!(got[0], [0.0, 0.0], "the centre stays");
        assert_eq!(got[2], [0.0, 0.0], "the rim stays");
        assert_eq!(got[4], [0.0, 0.0], "past the reach nothing moves");
        // 20 px out on 40: 3 · 0.5 · 0.75 = 1.125 px along +x.
        assert_eq!(got[1], [1.125, 0.0]);
    }

    #[test]
    fn refusals() {
        let r = |p: serde_json::Value| Breathe.offsets(&call(p, &[(0.0, 0.0)])).unwrap_err();
        assert_eq!(
            r(serde_json::json!({ "amount": 20, "radius": 40 })).code,
            "folds"
        );
        assert_eq!(
            r(serde_json::json!({ "amount": -40, "radius": 40 })).code,
            "folds"
        );
        assert_eq!(
            r(serde_json::json!({ "amount": 1, "radius": 0 })).code,
            "radius-not-positive"
        );
        assert_eq!(r(serde_json::json!({ "radius": 4 })).code, "missing");
        assert_eq!(
            r(serde_json::json!({ "amount": 1, "radius": 4, "about": [1] })).code,
            "about-shape"
        );
        assert_eq!(
            r(serde_json::json!({ "amount": 1, "radius": 4, "centre": [0, 0] })).code,
            "unknown-parameter"
        );
        // At amount = R/2 the slope at the rim is 1 − 2·amount/R = 0: r = R.
        let m = r(serde_json::json!({ "amount": 20, "radius": 40 })).message;
        assert!(m.contains("folds at r=40 from about"), "{m}");
        // Below it, green.
        assert!(Breathe
            .offsets(&call(
                serde_json::json!({ "amount": 19.9, "radius": 40 }),
                &[(0.0, 0.0)]
            ))
            .is_ok());
    }
}
