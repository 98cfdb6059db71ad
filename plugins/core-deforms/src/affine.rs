//! This module owns the `affine` model (FORMAT.md §3.14.1): a scale by
//! `[sx, sy]` about `[ax, ay]` — `dx = (sx−1)·(x−ax)`, `dy = (sy−1)·(y−ay)`.
//! A determinant `sx·sy ≤ 0` mirrors or collapses the attachment and is
//! refused; above 0 it proves no triangle reverses.

use crate::outcome::{finish, Stated};
use crate::params::{n, refuse, Params};
use crate::space::positions;
use rigc_sdk::abi::{DeformCall, DeformRefusal};
use rigc_sdk::deform::DeformKind;

/// The `affine` kind.
pub struct Affine;

const PARAMS: &[&str] = &["scale", "about"];

impl DeformKind for Affine {
    fn name(&self) -> &'static str {
        "affine"
    }
    fn params(&self) -> &'static [&'static str] {
        PARAMS
    }
    fn offsets(&self, call: &DeformCall) -> Result<Vec<[f64; 2]>, DeformRefusal> {
        let p = Params::new("affine", &call.params, PARAMS)?;
        let [sx, sy] = p.pair("scale", None)?;
        let [ax, ay] = p.pair("about", Some([0.0, 0.0]))?;
        let det = sx * sy;
        if det <= 0.0 || !det.is_finite() {
            return Err(refuse(
                "determinant-not-positive",
                format!(
                    "transform affine has scale [{}, {}], whose determinant is {}",
                    n(sx),
                    n(sy),
                    n(det)
                ),
                Some(if !det.is_finite() {
                    "the determinant overflows a float64; state scales whose product is finite"
                        .into()
                } else if det == 0.0 {
                    "a determinant of 0 collapses the attachment onto a line; state both scales above 0".into()
                } else {
                    "a determinant below 0 mirrors the attachment, reversing every triangle; state both scales above 0 (a mirror is a bone's scale, not a deform)".into()
                }),
            ));
        }
        let at = positions("affine", &call.mesh)?;
        let raw = at
            .iter()
            .map(|[x, y]| [(sx - 1.0) * (x - ax), (sy - 1.0) * (y - ay)])
            .collect();
        let about = if [ax, ay] == [0.0, 0.0] {
            String::new()
        } else {
            format!(" about=[{}, {}]", n(ax), n(ay))
        };
        finish(
            Stated {
                kind: "affine",
                params: format!("scale=[{}, {}]{about}", n(sx), n(sy)),
                identity: sx == 1.0 && sy == 1.0,
                mesh: &call.mesh.name,
                nothing_detail: String::new(),
            },
            raw,
        )
    }
}
