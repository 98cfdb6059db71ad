//! This module owns checking a model's raw float64 offsets before they are
//! answered (FORMAT.md §3.14.1): every offset finite and within float32, and
//! a model whose parameters are not the identity but whose every offset the
//! host would quantise to 0 refused as "evaluates to nothing", with the
//! figures that say why. The offsets are answered as computed: the host
//! quantises them (`rigc_sdk::deform`).

use crate::params::{n, refuse};
use rigc_sdk::abi::DeformRefusal;
use rigc_sdk::num::quantise;

/// What a kind says about its own evaluation, for [`finish`].
pub(crate) struct Stated<'a> {
    /// The kind's name.
    pub kind: &'static str,
    /// Its parameters in words (`radius=170 degrees=12`).
    pub params: String,
    /// Whether the parameters state the identity (`degrees: 0`,
    /// `amplitude: 0`…): all zeros is then the answer, not a refusal.
    pub identity: bool,
    /// The attachment, for messages.
    pub mesh: &'a str,
    /// More figures for the "evaluates to nothing" message (a wave's closest
    /// coordinates and wavelength ratio), or empty.
    pub nothing_detail: String,
}

/// `raw`, checked finite and within float32; refused when it quantises to all
/// zeros and the parameters are not the identity.
pub(crate) fn finish(
    stated: Stated<'_>,
    raw: Vec<[f64; 2]>,
) -> Result<Vec<[f64; 2]>, DeformRefusal> {
    let mut largest = (0.0_f64, 0_usize);
    for (i, d) in raw.iter().enumerate() {
        for c in d {
            if !c.is_finite() {
                return Err(refuse(
                    "non-finite-offset",
                    format!(
                        "transform {} states {} on {}, and vertex {i} evaluates to the offset ({}, {}); an offset is finite",
                        stated.kind, stated.params, stated.mesh, n(d[0]), n(d[1])
                    ),
                    Some("the parameters are too large for this geometry; state smaller ones".into()),
                ));
            }
            if c.abs() > f64::from(f32::MAX) {
                return Err(refuse(
                    "offset-past-float32",
                    format!(
                        "transform {} states {} on {}, and vertex {i} evaluates to the offset ({}, {}); the runtime reads a deform run as float32, whose largest is {}, so it would load as infinity",
                        stated.kind, stated.params, stated.mesh, n(d[0]), n(d[1]), n(f64::from(f32::MAX))
                    ),
                    Some("the parameters are too large for this geometry; state smaller ones".into()),
                ));
            }
            if c.abs() > largest.0 {
                largest = (c.abs(), i);
            }
        }
    }
    let nothing = raw
        .iter()
        .all(|d| quantise(d[0]) == 0.0 && quantise(d[1]) == 0.0);
    if !stated.identity && !raw.is_empty() && nothing {
        let largest = if largest.0 == 0.0 {
            "the largest before quantising is exactly 0".to_string()
        } else {
            format!(
                "the largest before quantising is {} (vertex {}), which rounds to 0 at the 6 decimals the run is written to",
                n(largest.0),
                largest.1
            )
        };
        return Err(refuse(
            "evaluates-to-nothing",
            format!(
                "transform {} states {}, and every one of this attachment's {} vertices evaluates to an offset of 0 — {largest}{}",
                stated.kind,
                stated.params,
                raw.len(),
                stated.nothing_detail
            ),
            Some("a key that moves nothing is a key with no run: drop the transform (back to the setup pose), or state parameters that move this geometry".into()),
        ));
    }
    Ok(raw)
}
