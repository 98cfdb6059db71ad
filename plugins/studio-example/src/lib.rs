//! `rigc-studio-example`: the rules a studio adds to rigc's gate, built as a
//! dynamic library and loaded from `rigc.toml` — the template for writing your own.
//!
//! It provides two rules, configured in `rigc.toml` under `[plugin.studio-example]`:
//!
//! ```toml
//! [project]
//! plugins = ["target/release/librigc_studio_example.so"]
//!
//! [plugin.studio-example]
//! max_animation_seconds = 4.0   # STUDIO01: no animation longer than this
//! names = "snake_case"          # STUDIO02: bone, slot, skin, animation and event names
//! ```
//!
//! - `STUDIO01_ANIMATION_WITHIN_MAX_LENGTH` (validity): every animation's duration,
//!   as the runtime loads it, is at most `max_animation_seconds`. SKIPs when the
//!   setting is absent or the skeleton has no animation.
//! - `STUDIO02_NAMES_FOLLOW_CONVENTION` (validity): every bone, slot, skin,
//!   animation and event name follows `names` (`snake_case`, `camelCase` or
//!   `kebab-case`). SKIPs when the setting is absent.
//!
//! It also provides a deform kind, `breathe` ([`Breathe`]): a radial swell about
//! a point, keyed in a motion spec's deform timeline like rigc's own kinds —
//!
//! ```json
//! { "t": 0.5, "transform": { "kind": "breathe", "amount": 3, "radius": 40, "about": [0, 10] } }
//! ```
//!
//! — with the closed form `d = (amount/radius)·(1 − r²/radius²)·(p − about)` for
//! `r = |p − about| < radius` (else 0), refused where the swell would fold
//! (`−radius < amount < radius/2` holds its order). The host calls it through the
//! ABI with the attachment's setup geometry and writes what it answers (quantised
//! to 6 decimals by the host) as the key's run.
//!
//! A plugin is stateless: its configuration arrives with each call, and a `"gate"`
//! call runs all its rules at once (`rigc_sdk::serve::run_rules`). Each finding
//! names what it is about (`Outcome::fail_at` with a `Subject`: an animation, a
//! bone…), so the host prints the FAIL with the place in the spec that made it.
#![deny(missing_docs)]

mod breathe;

pub use breathe::Breathe;

use rigc_sdk::abi::{Manifest, Plugin, ABI_VERSION};
use rigc_sdk::gate::facts::Facts;
use rigc_sdk::gate::{Outcome, Rule, RuleKind, Subject, Target};

/// The plugin's configuration (`[plugin.studio-example]` in `rigc.toml`).
#[derive(Debug, Default, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Config {
    /// The longest an animation may be, in seconds.
    pub max_animation_seconds: Option<f64>,
    /// The naming convention: `snake_case`, `camelCase` or `kebab-case`.
    pub names: Option<String>,
}

/// STUDIO01: animations are at most `max_animation_seconds` long.
pub struct MaxAnimationLength(pub Option<f64>);

impl Rule for MaxAnimationLength {
    fn code(&self) -> &'static str {
        "STUDIO01_ANIMATION_WITHIN_MAX_LENGTH"
    }
    fn kind(&self) -> RuleKind {
        RuleKind::Validity
    }
    fn check(&self, facts: &Facts<'_>, out: &mut Outcome) {
        let Some(max) = self.0 else {
            out.skip("the project sets no [plugin.studio-example] max_animation_seconds");
            return;
        };
        let Ok(loaded) = facts.loaded() else {
            out.skip(rigc_sdk::gate::skip_reasons::NO_SKELETON);
            return;
        };
        if loaded.data.animations.is_empty() {
            out.skip(rigc_sdk::gate::skip_reasons::NO_ANIMATION);
            return;
        }
        for a in &loaded.data.animations {
            if a.duration > max {
                out.fail_at(Subject::animation(&a.name), format!(
                    "animation {:?} lasts {}s and the studio allows at most {max}s (max_animation_seconds in rigc.toml) — split it, or raise the limit",
                    a.name,
                    rigc_sdk::num::f64_text(a.duration)
                ));
            }
        }
    }
}

/// A kind of name STUDIO02 checks: how findings call it, the skeleton's list
/// of them, and the subject a finding about one is.
type Named = (&'static str, &'static str, fn(String) -> Subject);

/// STUDIO02: names follow the studio's convention.
pub struct NamingConvention(pub Option<String>);

fn follows(convention: &str, name: &str) -> bool {
    let mut chars = name.chars();
    let first_ok = chars.next().is_some_and(|c| c.is_ascii_lowercase());
    let rest_ok = |allowed: &dyn Fn(char) -> bool| name.chars().skip(1).all(allowed);
    match convention {
        "snake_case" => {
            first_ok
                && rest_ok(&|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
                && !name.contains("__")
                && !name.ends_with('_')
        }
        "kebab-case" => {
            first_ok
                && rest_ok(&|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
                && !name.contains("--")
                && !name.ends_with('-')
        }
        "camelCase" => first_ok && rest_ok(&|c| c.is_ascii_alphanumeric()),
        _ => true,
    }
}

impl Rule for NamingConvention {
    fn code(&self) -> &'static str {
        "STUDIO02_NAMES_FOLLOW_CONVENTION"
    }
    fn kind(&self) -> RuleKind {
        RuleKind::Validity
    }
    fn check(&self, facts: &Facts<'_>, out: &mut Outcome) {
        let Some(convention) = &self.0 else {
            out.skip("the project sets no [plugin.studio-example] names convention");
            return;
        };
        if !matches!(
            convention.as_str(),
            "snake_case" | "camelCase" | "kebab-case"
        ) {
            out.fail(format!("names = {convention:?} in rigc.toml is not a convention this rule knows; write snake_case, camelCase or kebab-case"));
            return;
        }
        let Ok(raw) = facts.raw() else {
            out.skip("the skeleton JSON did not parse (A00 owns that failure)");
            return;
        };
        let names = |key: &str| -> Vec<String> {
            match raw.get(key) {
                Some(serde_json::Value::Array(a)) => a
                    .iter()
                    .filter_map(|v| v.get("name")?.as_str().map(String::from))
                    .collect(),
                Some(serde_json::Value::Object(o)) => o.keys().cloned().collect(),
                _ => Vec::new(),
            }
        };
        // Each finding names its subject: the host points it at the spec.
        let subjects: [Named; 5] = [
            ("bone", "bones", Subject::bone),
            ("slot", "slots", Subject::slot),
            ("skin", "skins", |n| Subject::of(Target::Skin(n))),
            ("animation", "animations", Subject::animation),
            ("event", "events", |n| Subject::of(Target::Event(n))),
        ];
        for (what, key, subject) in subjects {
            for name in names(key) {
                if !follows(convention, &name) {
                    let detail = format!("{what} {name:?} is not {convention} — the studio's naming convention (names in rigc.toml)");
                    out.fail_at(subject(name), detail);
                }
            }
        }
    }
}

/// The plugin.
pub struct StudioExample;

fn rules_for(config: &Config) -> (MaxAnimationLength, NamingConvention) {
    (
        MaxAnimationLength(config.max_animation_seconds),
        NamingConvention(config.names.clone()),
    )
}

impl Plugin for StudioExample {
    fn manifest() -> Manifest {
        let (a, b) = rules_for(&Config::default());
        Manifest {
            name: "studio-example".into(),
            version: env!("CARGO_PKG_VERSION").into(),
            abi: ABI_VERSION,
            rules: rigc_sdk::serve::rule_decls(&[&a, &b]),
            deform_kinds: rigc_sdk::serve::deform_decls(&[&Breathe]),
            emitters: Vec::new(),
            features: Vec::new(),
        }
    }

    fn call(stage: &str, input: &[u8]) -> Result<Vec<u8>, String> {
        if stage == "deform" {
            return rigc_sdk::serve::deform(&[&Breathe], input);
        }
        if stage != "gate" {
            return Err(format!(
                "studio-example answers the \"gate\" and \"deform\" stages, not {stage:?}"
            ));
        }
        let call: rigc_sdk::abi::GateCall = serde_json::from_slice(input)
            .map_err(|e| format!("the gate input is not valid: {e}"))?;
        let config: Config = if call.config.is_null() {
            Config::default()
        } else {
            serde_json::from_value(call.config.clone())
                .map_err(|e| format!("[plugin.studio-example] in rigc.toml: {e}"))?
        };
        let (a, b) = rules_for(&config);
        serde_json::to_vec(&rigc_sdk::serve::run_rules(&[&a, &b], &call)).map_err(|e| e.to_string())
    }
}

rigc_sdk::export_plugin!(StudioExample);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conventions() {
        assert!(follows("snake_case", "eye_l2"));
        assert!(!follows("snake_case", "EyeL"));
        assert!(!follows("snake_case", "eye__l"));
        assert!(follows("camelCase", "eyeLeft"));
        assert!(!follows("camelCase", "eye_left"));
        assert!(follows("kebab-case", "eye-left"));
        assert!(!follows("kebab-case", "eye_left"));
    }
}
