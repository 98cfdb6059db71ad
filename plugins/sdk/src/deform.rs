//! This module owns what a deform-kind author names: the [`DeformKind`] trait.
//! A kind is a transform model of a whole attachment (FORMAT.md §3.14.1: `yaw`,
//! `pitch`, `affine`, `wave`, `bend`, or a studio's own), evaluated once per
//! deform key over the attachment's setup geometry. A kind answers float64
//! offsets as it computes them; the host is the one owner of what a run is
//! written as: it refuses an answer of the wrong length or holding a number no
//! float32 holds, quantises every offset to 6 decimals with [`quantise`],
//! writes them as the key's vertex run, and gates them like any other (A35,
//! A39). A kind calls [`quantise`] only to foresee the run (rigc-core-deforms
//! refuses a model whose every offset would quantise to 0). Serve kinds with
//! [`crate::serve::deform`].

use crate::abi::{DeformCall, DeformRefusal};

/// One deform kind: a name, its parameters, and its offsets.
pub trait DeformKind: Send + Sync {
    /// The kind's name, as a key's `transform.kind` writes it.
    fn name(&self) -> &'static str;
    /// The parameter names it reads (for the manifest and `rigc plugins`).
    fn params(&self) -> &'static [&'static str];
    /// One `[dx, dy]` per vertex of `call.mesh` for `call.params`, or why not.
    /// Never panics on bad parameters: a refusal names what is wrong.
    fn offsets(&self, call: &DeformCall) -> Result<Vec<[f64; 2]>, DeformRefusal>;
}

/// `v` to the 6 decimals a deform run is written to (FORMAT.md §3.14.1): the
/// one quantiser, [`crate::num::quantise`].
pub use crate::num::quantise;
