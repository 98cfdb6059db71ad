//! This module owns the deform kinds one animation calls (FORMAT.md §3.14.1):
//! each kind its `transform` keys name, found by name among the build's
//! plugins (built-ins and `rigc.toml` libraries; the registry refuses two
//! plugins claiming one kind), and the call itself through the plugin ABI. The
//! host trusts nothing a kind answers: a panic, a refusal of the call, a reply
//! that is not the stage's JSON, the wrong number of offsets, or a number no
//! float32 holds is a named refusal, and the build goes on. The host is the one
//! owner of the run's 6 decimals (`rigc_sdk::deform::quantise`).
//!
//! [`DeformKinds`] is a field of the animation stage: each used kind's plugin
//! enters the stage's key by its identity and configuration, so a rebuilt kind
//! plugin re-runs exactly the animations that call it.

use crate::plugins::{Plugin, PluginCallError, Registry};
use crate::stage::{KeyBuilder, KeyPart};
use rigc_sdk::abi::{DeformCall, DeformRefusal, DeformReply};

/// The kinds one animation names, with the plugin providing each.
#[derive(Debug, Clone, Default)]
pub struct DeformKinds<'a> {
    /// Each kind named (sorted, once), and its plugin (`None`: no plugin of
    /// this build provides it).
    pub used: Vec<(String, Option<&'a Plugin>)>,
    /// Every kind the build provides, for the refusal of an unknown one
    /// (listed only when some used kind is unknown, so adding a kind re-runs
    /// no animation that already compiled).
    pub known: Vec<String>,
}

impl<'a> DeformKinds<'a> {
    /// The plugins of `names` in `registry`.
    pub fn resolve(names: &[String], registry: &'a Registry) -> Self {
        let used: Vec<(String, Option<&'a Plugin>)> = names
            .iter()
            .map(|n| (n.clone(), registry.deform_kind(n)))
            .collect();
        let known = if used.iter().any(|(_, p)| p.is_none()) {
            registry.deform_kind_names()
        } else {
            Vec::new()
        };
        DeformKinds { used, known }
    }

    /// The plugin providing `kind`, if this animation's resolution found one.
    pub(super) fn plugin(&self, kind: &str) -> Option<&'a Plugin> {
        self.used
            .iter()
            .find(|(n, _)| n == kind)
            .and_then(|(_, p)| *p)
    }
}

impl KeyPart for DeformKinds<'_> {
    fn feed(&self, key: &mut KeyBuilder) {
        key.count(self.used.len());
        for (name, plugin) in &self.used {
            key.text(name);
            match plugin {
                Some(p) => {
                    key.text("plugin");
                    p.feed(key);
                }
                None => {
                    key.text("unknown");
                }
            }
        }
        self.known.as_slice().feed(key);
    }
}

/// Why a kind gave no run.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum KindError {
    /// The kind refused the key's parameters over this geometry, by name.
    Refused(DeformRefusal),
    /// The plugin failed: what it did, in words (`panicked: …`).
    Failed(String),
}

/// Calls `plugin`'s kind with `call` and checks the answer: one finite,
/// float32-bounded `[dx, dy]` per vertex, returned quantised to 6 decimals.
pub(super) fn evaluate(plugin: &Plugin, call: &DeformCall) -> Result<Vec<[f64; 2]>, KindError> {
    let reply = plugin
        .call::<DeformReply>("deform", call)
        .map_err(|e| KindError::Failed(failure(&e)))?;
    let offsets = match reply {
        DeformReply::Refused(r) => return Err(KindError::Refused(r)),
        DeformReply::Offsets(o) => o,
    };
    let want = call.mesh.vertices.len();
    if offsets.len() != want {
        return Err(KindError::Failed(format!(
            "answered {} offset(s) for the {want} vertices of {} — a kind answers one [dx, dy] per vertex",
            offsets.len(),
            call.mesh.name
        )));
    }
    for (i, d) in offsets.iter().enumerate() {
        if d.iter()
            .any(|c| !c.is_finite() || c.abs() > f64::from(f32::MAX))
        {
            return Err(KindError::Failed(format!(
                "answered the offset ({}, {}) for vertex {i}, which no float32 holds — the runtime reads a deform run as float32",
                rigc_sdk::num::f64_text(d[0]),
                rigc_sdk::num::f64_text(d[1])
            )));
        }
    }
    let q = rigc_sdk::deform::quantise;
    Ok(offsets.into_iter().map(|[x, y]| [q(x), q(y)]).collect())
}

fn failure(e: &PluginCallError) -> String {
    e.to_string()
}
