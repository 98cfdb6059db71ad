//! This module owns the `wave` model (FORMAT.md §3.14.1): each vertex moved
//! along `axis` by `amplitude · sin(2π·along/wavelength + phase)`, `along`
//! the coordinate read. A wave that samples every vertex at a zero names the
//! closest two coordinates it read and their spacing against the wavelength.

use crate::outcome::{finish, Stated};
use crate::params::{n, refuse, Axis, Params};
use crate::space::positions;
use rigc_sdk::abi::{DeformCall, DeformRefusal};
use rigc_sdk::deform::DeformKind;
use std::f64::consts::TAU;

/// The `wave` kind.
pub struct Wave;

const PARAMS: &[&str] = &["amplitude", "wavelength", "phase", "along", "axis"];

impl DeformKind for Wave {
    fn name(&self) -> &'static str {
        "wave"
    }
    fn params(&self) -> &'static [&'static str] {
        PARAMS
    }
    fn offsets(&self, call: &DeformCall) -> Result<Vec<[f64; 2]>, DeformRefusal> {
        let p = Params::new("wave", &call.params, PARAMS)?;
        let amplitude = p.number("amplitude")?;
        let wavelength = p.number("wavelength")?;
        if wavelength <= 0.0 {
            return Err(refuse(
                "wavelength-not-positive",
                format!(
                    "transform wave has wavelength {}; a wavelength is a length greater than 0",
                    n(wavelength)
                ),
                Some(
                    "to run the wave the other way, negate \"amplitude\" or add π to \"phase\""
                        .into(),
                ),
            ));
        }
        let phase = p.number_or("phase", 0.0)?;
        let (along, axis) = p.along_axis()?;
        let at = positions("wave", &call.mesh)?;
        let raw = at
            .iter()
            .map(|xy| axis.offset(amplitude * (TAU * along.of(*xy) / wavelength + phase).sin()))
            .collect();
        let phase_words = if phase == 0.0 {
            String::new()
        } else {
            format!(" phase={}", n(phase))
        };
        finish(
            Stated {
                kind: "wave",
                params: format!(
                    "amplitude={} wavelength={}{phase_words} along={} axis={}",
                    n(amplitude),
                    n(wavelength),
                    along.name(),
                    axis.name()
                ),
                identity: amplitude == 0.0,
                mesh: &call.mesh.name,
                nothing_detail: closest(&at, along, wavelength),
            },
            raw,
        )
    }
}

/// `; the closest two distinct x are 0 and 20, 20 apart, 0.5 of the
/// wavelength` — why a wave can sample only zeros.
fn closest(at: &[[f64; 2]], along: Axis, wavelength: f64) -> String {
    let mut cs: Vec<f64> = at.iter().map(|xy| along.of(*xy)).collect();
    cs.sort_by(f64::total_cmp);
    cs.dedup();
    let c = along.name();
    let best = cs
        .windows(2)
        .filter_map(|w| match w {
            [a, b] => Some((*a, *b)),
            _ => None,
        })
        .min_by(|p, q| (p.1 - p.0).total_cmp(&(q.1 - q.0)));
    match (best, cs.first()) {
        (Some((a, b)), _) => format!(
            "; the closest two distinct {c} are {} and {}, {} apart, {} of the wavelength {}",
            n(a),
            n(b),
            n(b - a),
            n((b - a) / wavelength),
            n(wavelength)
        ),
        (None, Some(only)) => format!(
            "; every vertex has {c}={}, so the wave reads one point of itself",
            n(*only)
        ),
        (None, None) => String::new(),
    }
}
