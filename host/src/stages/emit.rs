//! This module owns the emit stage, `emit:<emitter>`: the compiled model and
//! its atlas pages cross to the emitter plugin, which answers the files' texts
//! (`skeleton.json`, `skeleton.atlas`). Keyed by the call's bytes and the
//! plugin's identity and configuration; nothing is written here (the build
//! writes only when the gate is green). A compiled number that no float32 holds
//! (the specs' are all float32s, so only arithmetic of the compile can make
//! one) is refused before the call ([`check_numbers`]): JSON could carry it
//! to the emitter only as `null`.

use crate::plugins::Plugin;
use crate::stage::{Encoded, Stage};
use rigc_diag::{codes, Diagnostic};
use rigc_sdk::abi::EmitReply;
use rigc_sdk::emit::spine_json::{self, Unwritable};
use rigc_sdk::emit::EmitCall;
use rigc_sdk::model::Skeleton;

/// Refuses `skeleton` if it holds a number no float32 holds (not finite, or
/// beyond ±3.4028235e38), naming where `skeleton.json` would have held it.
fn check_numbers(skeleton: &Skeleton) -> Result<(), Vec<Diagnostic>> {
    spine_json::to_value(skeleton)
        .map(drop)
        .map_err(|e| vec![unwritable(&e)])
}

/// The refusal of a compiled number no float32 holds.
pub fn unwritable(e: &Unwritable) -> Diagnostic {
    Diagnostic::new(
        codes::COMPILE_NUMBER_BEYOND_FLOAT32,
        format!("the compiled skeleton cannot be written: {e}; every number of the specs is a float32, so the compile computed this one from them (a scale, a sum, a box)"),
    )
    .help("bring the numbers it is computed from nearer zero (bones' scales and positions, key values); if they are modest, this is a compiler defect — please report it")
}

crate::stage::stage! {
    /// `emit:<emitter>`: the model → the files' texts.
    pub struct EmitStage<'a> {
        /// The plugin providing the emitter.
        pub plugin: &'a Plugin,
        /// The call: the emitter's name, the model, the pages, the config.
        pub call: Encoded<EmitCall>,
    }
}

impl Stage for EmitStage<'_> {
    type Output = EmitReply;
    type Error = Vec<Diagnostic>;
    const VERSION: u32 = 1;

    fn name(&self) -> String {
        format!("emit:{}", self.call.value.emitter)
    }

    fn compute(&self) -> Result<EmitReply, Vec<Diagnostic>> {
        // Checked where the call is made, so a cached emit (the same bytes,
        // checked when they were first emitted) costs no second walk.
        check_numbers(&self.call.value.skeleton)?;
        self.plugin
            .call_bytes::<EmitReply>("emit", &self.call.bytes)
            .map_err(|e| {
                vec![Diagnostic::new(
                    codes::PLUGIN_EMIT_FAILED,
                    format!("emitter plugin {:?} {e}", self.plugin.name()),
                )
                .help("fix or remove the plugin")]
            })
    }
}
