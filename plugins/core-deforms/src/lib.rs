//! `rigc-core-deforms`: rigc's own deform kinds (FORMAT.md §3.14.1), each a
//! [`rigc_sdk::deform::DeformKind`], one module per model — [`Affine`],
//! [`Wave`], [`Bend`], and the turns [`YAW`] and [`PITCH`] — with the
//! parameter reading (`params`), the one coordinate space (`space`) and the
//! finite, "evaluates to nothing"-checked run (`outcome`) they share.
//!
//! Every kind evaluates in float64 over the attachment's setup geometry and
//! answers one `[dx, dy]` per vertex as computed (the host quantises them to
//! 6 decimals, [`quantise`]), or a named refusal; no parameters and no
//! geometry make it panic.
//!
//! ```
//! use rigc_sdk::abi::{DeformCall, MeshGeometry, MeshVertex};
//! use rigc_sdk::deform::DeformKind;
//!
//! let vertex = |x: f64, y: f64| MeshVertex { x, y, ..Default::default() };
//! let call = DeformCall {
//!     kind: "affine".into(),
//!     mesh: MeshGeometry { vertices: vec![vertex(10.0, 4.0)], ..Default::default() },
//!     params: serde_json::json!({ "scale": [1.5, 0.5] }),
//!     time: 0.0,
//!     config: serde_json::Value::Null,
//! };
//! assert_eq!(rigc_core_deforms::Affine.offsets(&call), Ok(vec![[5.0, -2.0]]));
//! ```
#![deny(missing_docs)]
#![cfg_attr(
    not(test),
    deny(
        clippy::unwrap_used,
        clippy::expect_used,
        clippy::panic,
        clippy::indexing_slicing
    )
)]

mod affine;
mod bend;
mod outcome;
mod params;
mod space;
mod turn;
mod wave;

pub use affine::Affine;
pub use bend::Bend;
pub use rigc_sdk::deform::quantise;
pub use turn::{Turn, PITCH, YAW};
pub use wave::Wave;

use rigc_sdk::deform::DeformKind;

/// Every kind this crate provides, in the order `rigc plugins` lists them.
pub fn kinds() -> [&'static dyn DeformKind; 5] {
    [&YAW, &PITCH, &Affine, &Wave, &Bend]
}

/// The plugin: the five kinds, served on the `"deform"` stage.
pub struct CoreDeforms;

impl rigc_sdk::abi::Plugin for CoreDeforms {
    fn manifest() -> rigc_sdk::abi::Manifest {
        rigc_sdk::abi::Manifest {
            name: "rigc-core-deforms".into(),
            version: env!("CARGO_PKG_VERSION").into(),
            abi: rigc_sdk::abi::ABI_VERSION,
            rules: Vec::new(),
            deform_kinds: rigc_sdk::serve::deform_decls(&kinds()),
            emitters: Vec::new(),
            features: Vec::new(),
        }
    }

    fn call(stage: &str, input: &[u8]) -> Result<Vec<u8>, String> {
        match stage {
            "deform" => rigc_sdk::serve::deform(&kinds(), input),
            other => Err(format!(
                "rigc-core-deforms answers the \"deform\" stage, not {other:?}"
            )),
        }
    }
}

rigc_sdk::plugin_table!(CoreDeforms);
