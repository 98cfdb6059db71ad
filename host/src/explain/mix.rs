//! This module owns the `mix table` section: the motion spec's `mix` — the
//! player's AnimationStateData table, never written into the skeleton.

use crate::spec::motion::MotionSpec;
use serde::Serialize;

/// The mix table.
#[derive(Debug, Serialize)]
pub struct MixTable {
    /// The motion spec states a `mix`.
    pub declared: bool,
    /// `default`, seconds (the runtime's `defaultMix`, 0, when not declared).
    pub default: f64,
    /// `pairs`: from, to, seconds.
    pub pairs: Vec<(String, String, f64)>,
}

impl MixTable {
    /// The mix table of `motion`.
    pub fn of(motion: Option<&MotionSpec>) -> MixTable {
        match motion.and_then(|m| m.mix.as_ref()) {
            Some(m) => MixTable {
                declared: true,
                default: m.default,
                pairs: m
                    .pairs
                    .iter()
                    .map(|p| (p.from.clone(), p.to.clone(), p.seconds))
                    .collect(),
            },
            None => MixTable {
                declared: false,
                default: 0.0,
                pairs: Vec::new(),
            },
        }
    }

    /// `mix table (player config, not skeleton JSON)` and `  default=… pairs=[…]`.
    pub fn lines(&self) -> Vec<String> {
        let num = rigc_sdk::spine::num::f64_text;
        let pairs: Vec<String> = self
            .pairs
            .iter()
            .map(|(f, t, s)| format!("{f}->{t} {}", num(*s)))
            .collect();
        let mut line = format!(
            "  default={} pairs={}",
            num(self.default),
            super::text::list(&pairs)
        );
        if !self.declared {
            line.push_str("  (the motion spec declares no mix: the runtime's defaultMix)");
        }
        vec![
            "mix table (player config, not skeleton JSON)".to_string(),
            line,
        ]
    }
}
