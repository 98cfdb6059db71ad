//! This module owns the `bend` model (FORMAT.md §3.14.1): each vertex moved
//! along `axis` by `amount · u^power`, `u = (along − from)/(to − from)` —
//! power 1 a shear, 2 (the default) a cantilever.

use crate::outcome::{finish, Stated};
use crate::params::{n, refuse, Params};
use crate::space::positions;
use rigc_sdk::abi::{DeformCall, DeformRefusal};
use rigc_sdk::deform::DeformKind;

/// The `bend` kind.
pub struct Bend;

const PARAMS: &[&str] = &["amount", "from", "to", "power", "along", "axis"];

impl DeformKind for Bend {
    fn name(&self) -> &'static str {
        "bend"
    }
    fn params(&self) -> &'static [&'static str] {
        PARAMS
    }
    fn offsets(&self, call: &DeformCall) -> Result<Vec<[f64; 2]>, DeformRefusal> {
        let p = Params::new("bend", &call.params, PARAMS)?;
        let amount = p.number("amount")?;
        let (from, to) = (p.number("from")?, p.number("to")?);
        let power = p.number_or("power", 2.0)?;
        let (along, axis) = p.along_axis()?;
        let span = to - from;
        if span == 0.0 || !span.is_finite() {
            return Err(refuse(
                "from-is-to",
                format!("transform bend runs from {} to {}, which spans {}; u = (along − from)/(to − from) needs a finite span other than 0", n(from), n(to), n(span)),
                Some("\"from\" is where the bend starts (u = 0) and \"to\" where it reaches \"amount\" (u = 1)".into()),
            ));
        }
        if power <= 0.0 {
            return Err(refuse(
                "power-not-positive",
                format!("transform bend has power {}; u^power with a power of 0 or less is not a bend (it moves the start as far as the end, or infinitely)", n(power)),
                Some("power 1 is a shear, 2 a cantilever".into()),
            ));
        }
        let at = positions("bend", &call.mesh)?;
        let mut raw = Vec::with_capacity(at.len());
        for (i, xy) in at.iter().enumerate() {
            let u = (along.of(*xy) - from) / span;
            if u < 0.0 && power.fract() != 0.0 {
                return Err(refuse(
                    "before-from",
                    format!(
                        "transform bend has power {}, and vertex {i} sits at {}={} before \"from\" ({}), where u = {} and u^{} has no value",
                        n(power),
                        along.name(),
                        n(along.of(*xy)),
                        n(from),
                        n(u),
                        n(power)
                    ),
                    Some("move \"from\" to the attachment's edge, or state a whole-number power".into()),
                ));
            }
            raw.push(axis.offset(amount * u.powf(power)));
        }
        let power_words = if power == 2.0 {
            String::new()
        } else {
            format!(" power={}", n(power))
        };
        finish(
            Stated {
                kind: "bend",
                params: format!(
                    "amount={} from={} to={}{power_words} along={} axis={}",
                    n(amount),
                    n(from),
                    n(to),
                    along.name(),
                    axis.name()
                ),
                identity: amount == 0.0,
                mesh: &call.mesh.name,
                nothing_detail: String::new(),
            },
            raw,
        )
    }
}
