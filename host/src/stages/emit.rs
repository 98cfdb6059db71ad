//! This module owns the emit stage, `emit:<emitter>`: the compiled model and
//! its atlas pages cross to the emitter plugin, which answers the files' texts
//! (`skeleton.json`, `skeleton.atlas`). Keyed by the call's bytes and the
//! plugin's identity and configuration; nothing is written here (the build
//! writes only when the gate is green).

use crate::plugins::Plugin;
use crate::stage::{Encoded, Stage};
use rigc_diag::{codes, Diagnostic};
use rigc_sdk::abi::EmitReply;
use rigc_sdk::emit::EmitCall;

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
