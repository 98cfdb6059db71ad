//! This module owns the host half of the gate (GATE.md §1.4–§1.5): it calls each
//! rule plugin once with the gate's input (the plugin runs its rules — a rule the
//! profile leaves out is PROF and its body never runs; a body that panics is that
//! rule's FAIL `threw: …`), checks each reply against the plugin's manifest, and
//! lays every verdict out as the report lines of GATE.md §1.5. A plugin whose call
//! panics or whose reply is malformed fails each rule it declares, by name, and the
//! build still finishes.

use crate::plugins::{Plugin, PluginCallError};
use crate::stage::{Encoded, Lazy, Stage};
use rigc_diag::Place;
use rigc_sdk::abi::{GateCall, GateReply};
use rigc_sdk::gate::facts::Facts;
use rigc_sdk::gate::{Failure, GateInput, Outcome, Profile, RuleKind, Subject};
use rigc_sdk::gate::{PageFile, SecondCompile};
use std::convert::Infallible;

/// One rule's verdict.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub enum Verdict {
    /// Ran and held.
    Pass,
    /// Nothing to measure.
    Skip(String),
    /// Left out by the profile.
    Prof,
    /// Ran and failed, one finding each.
    Fail(Vec<Finding>),
}

/// One finding of a failed rule: its detail, what it is about where the rule
/// named that, and where that is in the specs where the build could place it.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Finding {
    /// The FAIL line's text.
    pub detail: String,
    /// What in the skeleton it is about.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub subject: Option<Subject>,
    /// The spec value that produced it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<Place>,
}

impl From<Failure> for Finding {
    fn from(f: Failure) -> Finding {
        Finding {
            detail: f.detail,
            subject: f.subject,
            at: None,
        }
    }
}

impl From<&str> for Finding {
    fn from(detail: &str) -> Finding {
        Finding::from(Failure::from(detail))
    }
}

/// One rule's result.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct RuleResult {
    /// Assertion code.
    pub code: String,
    /// Kind.
    pub kind: RuleKind,
    /// Verdict.
    pub verdict: Verdict,
}

/// The gate's whole report.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct GateReport {
    /// The profile it ran under.
    pub profile: Profile,
    /// Results in run order.
    pub results: Vec<RuleResult>,
    /// The stats line's pairs, in order.
    pub stats: Vec<(String, String)>,
}

impl GateReport {
    /// How many results `f` picks.
    pub fn count(&self, f: impl Fn(&RuleResult) -> bool) -> usize {
        self.results.iter().filter(|r| f(r)).count()
    }

    /// Is every assertion PASS, SKIP or PROF?
    pub fn is_green(&self) -> bool {
        !self
            .results
            .iter()
            .any(|r| matches!(r.verdict, Verdict::Fail(_)))
    }

    /// How many findings the failed rules made (one FAIL line each).
    pub fn fail_count(&self) -> usize {
        self.results
            .iter()
            .map(|r| match &r.verdict {
                Verdict::Fail(f) => f.len(),
                _ => 0,
            })
            .sum()
    }
}

crate::stage::stage! {
    /// `gate:<plugin>`: one rule plugin's verdicts on the gate's input. The
    /// input is keyed without its pages and second compile, which are made
    /// only if some gate stage runs: the pages from the part images' bytes
    /// (keyed by their hashes), the second compile from the same sources.
    pub struct GateStage<'a> {
        /// The rule plugin.
        pub plugin: &'a Plugin,
        /// The emitted text, the rig info, the profile.
        pub input: &'a Encoded<GateInput>,
        /// The atlas pages' files.
        pub pages: &'a Lazy<'a, Vec<PageFile>, Infallible>,
        /// The second, independent compile A18 compares against.
        pub second: &'a Lazy<'a, Option<SecondCompile>, Infallible>,
    }
}

impl Stage for GateStage<'_> {
    type Output = GateReply;
    type Error = PluginCallError;
    const VERSION: u32 = 1;

    fn name(&self) -> String {
        format!("gate:{}", self.plugin.name())
    }

    fn compute(&self) -> Result<GateReply, PluginCallError> {
        let never = |e: Infallible| match e {};
        let mut input = self.input.value.clone();
        input.pages = self.pages.get().map_err(never)?.clone();
        input.second = self.second.get().map_err(never)?.clone();
        call_plugin(self.plugin, input)
    }
}

/// Calls one rule plugin's `"gate"` stage.
pub fn call_plugin(plugin: &Plugin, input: GateInput) -> Result<GateReply, PluginCallError> {
    plugin.call(
        "gate",
        &GateCall {
            gate: input,
            config: plugin.config.clone(),
        },
    )
}

/// The results of one plugin's reply, checked against its manifest: one result
/// per declared rule, in the manifest's order. A missing outcome, a failed call or
/// a malformed reply fails every rule it leaves unanswered, naming the plugin.
pub fn plugin_results(
    plugin: &Plugin,
    profile: Profile,
    reply: &Result<GateReply, PluginCallError>,
    stats: &mut Vec<(String, String)>,
) -> Vec<RuleResult> {
    let mut out = Vec::new();
    for decl in &plugin.manifest.rules {
        let kind = decl.kind;
        if !profile.runs(kind) {
            out.push(RuleResult {
                code: decl.code.clone(),
                kind,
                verdict: Verdict::Prof,
            });
            continue;
        }
        let verdict = match reply {
            Err(e) => Verdict::Fail(vec![threw(format!("threw: plugin {:?} {e}", plugin.name()))]),
            Ok(reply) => match reply.outcomes.iter().find(|o| o.code == decl.code) {
                None => Verdict::Fail(vec![threw(format!(
                    "threw: plugin {:?} returned no outcome for this rule, which its manifest declares",
                    plugin.name()
                ))]),
                Some(o) => {
                    for (k, v) in &o.outcome.stats {
                        match stats.iter_mut().find(|(key, _)| key == k) {
                            Some(slot) => slot.1 = v.clone(),
                            None => stats.push((k.clone(), v.clone())),
                        }
                    }
                    verdict_of(&o.outcome)
                }
            },
        };
        out.push(RuleResult {
            code: decl.code.clone(),
            kind,
            verdict,
        });
    }
    out
}

/// A failure about no subject: what a plugin that could not answer gets.
fn threw(detail: String) -> Finding {
    Finding::from(Failure::from(detail))
}

fn verdict_of(o: &Outcome) -> Verdict {
    if !o.failures.is_empty() {
        Verdict::Fail(o.failures.iter().cloned().map(Finding::from).collect())
    } else if let Some(reason) = &o.skip {
        Verdict::Skip(reason.clone())
    } else {
        Verdict::Pass
    }
}

/// Runs the gate through `plugins` (uncached): each rule plugin once, in order.
pub fn run_plugins<'a>(
    input: &GateInput,
    plugins: impl IntoIterator<Item = &'a Plugin>,
) -> GateReport {
    let replies: Vec<(&Plugin, Result<GateReply, PluginCallError>)> = plugins
        .into_iter()
        .map(|p| (p, call_plugin(p, input.clone())))
        .collect();
    assemble(input, &replies)
}

/// The report of a set of plugin replies over `input`.
pub fn assemble(
    input: &GateInput,
    replies: &[(&Plugin, Result<GateReply, PluginCallError>)],
) -> GateReport {
    let facts = Facts::new(input);
    let mut stats = base_stats(&facts);
    let mut results = Vec::new();
    for (plugin, reply) in replies {
        results.extend(plugin_results(plugin, input.profile, reply, &mut stats));
    }
    stats.push(("profile".into(), input.profile.name().into()));
    GateReport {
        profile: input.profile,
        results,
        stats,
    }
}

/// The stats line's opening pairs: what the atlas and skeleton hold
/// (`pages regions bones slots animations version regionAttachments
/// meshAttachments physicsConstraints rig`), from the facts the rules share.
fn base_stats(facts: &Facts<'_>) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let (pages, regions) = match facts.atlas() {
        Some(Ok(atlas)) => (atlas.pages.len(), atlas.regions.len()),
        _ => (0, 0),
    };
    out.push(("pages".into(), pages.to_string()));
    out.push(("regions".into(), regions.to_string()));
    let raw = facts.raw().ok();
    let len = |key: &str| -> usize {
        match raw.and_then(|r| r.get(key)) {
            Some(serde_json::Value::Array(a)) => a.len(),
            Some(serde_json::Value::Object(o)) => o.len(),
            _ => 0,
        }
    };
    out.push(("bones".into(), len("bones").to_string()));
    out.push(("slots".into(), len("slots").to_string()));
    out.push(("animations".into(), len("animations").to_string()));
    let version = raw
        .and_then(|r| r.get("skeleton"))
        .and_then(|s| s.get("spine"))
        .and_then(|v| v.as_str())
        .unwrap_or("absent");
    out.push(("version".into(), version.replace(' ', "_")));
    let (mut region, mut mesh) = (0, 0);
    if let Some(serde_json::Value::Array(skins)) = raw.and_then(|r| r.get("skins")) {
        for skin in skins {
            let Some(serde_json::Value::Object(slots)) = skin.get("attachments") else {
                continue;
            };
            for atts in slots.values() {
                let serde_json::Value::Object(atts) = atts else {
                    continue;
                };
                for a in atts.values() {
                    match a.get("type").and_then(|t| t.as_str()).unwrap_or("region") {
                        "region" => region += 1,
                        "mesh" | "linkedmesh" => mesh += 1,
                        _ => {}
                    }
                }
            }
        }
    }
    out.push(("regionAttachments".into(), region.to_string()));
    out.push(("meshAttachments".into(), mesh.to_string()));
    let physics = match raw.and_then(|r| r.get("constraints")) {
        Some(serde_json::Value::Array(cs)) => cs
            .iter()
            .filter(|c| c.get("type").and_then(|t| t.as_str()) == Some("physics"))
            .count(),
        _ => 0,
    };
    out.push(("physicsConstraints".into(), physics.to_string()));
    let rig = facts
        .rig()
        .map(|r| r.name.replace(' ', "_"))
        .unwrap_or_else(|| "absent".into());
    out.push(("rig".into(), rig));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use rigc_sdk::abi::{Manifest, ABI_VERSION};
    use rigc_sdk::gate::facts::Facts;
    use rigc_sdk::gate::Rule;
    use rigc_sdk::serve::gate as serve_gate;

    struct R(&'static str, RuleKind, fn(&mut Outcome));
    impl Rule for R {
        fn code(&self) -> &'static str {
            self.0
        }
        fn kind(&self) -> RuleKind {
            self.1
        }
        fn check(&self, _: &Facts<'_>, out: &mut Outcome) {
            (self.2)(out)
        }
    }

    static RULES: [R; 6] = [
        R("A01", RuleKind::Validity, |_| {}),
        R("A02", RuleKind::Validity, |o| {
            o.fail("one");
            o.fail("two")
        }),
        R("A03", RuleKind::Validity, |o| o.skip("nothing")),
        R("A11", RuleKind::Renderer, |_| {
            panic!("never runs under spine")
        }),
        R("A21", RuleKind::Archetype, |_| {}),
        R("A04", RuleKind::Validity, |_| panic!("boom")),
    ];

    fn rules() -> Vec<&'static dyn Rule> {
        RULES.iter().map(|r| r as &dyn Rule).collect()
    }

    struct Fake;
    impl rigc_sdk::abi::Plugin for Fake {
        fn manifest() -> Manifest {
            Manifest {
                name: "fake".into(),
                version: "1".into(),
                abi: ABI_VERSION,
                rules: rigc_sdk::serve::rule_decls(&rules()),
                deform_kinds: vec![],
                emitters: vec![],
                features: vec![],
            }
        }
        fn call(_: &str, input: &[u8]) -> Result<Vec<u8>, String> {
            serve_gate(&rules(), input)
        }
    }
    rigc_sdk::plugin_table!(Fake);

    fn input(profile: Profile) -> GateInput {
        GateInput {
            profile,
            skeleton_text: "{}".into(),
            atlas_text: None,
            rig: None,
            second: None,
            pages: Vec::new(),
        }
    }

    #[test]
    fn groups_counts_and_panics_through_the_abi() {
        let plugin = crate::plugins::linked(rigc_plugin_table()).expect("fake plugin");
        let report = run_plugins(&input(Profile::Spine), [&plugin]);
        let verdicts: Vec<(&str, &Verdict)> = report
            .results
            .iter()
            .map(|r| (r.code.as_str(), &r.verdict))
            .collect();
        assert_eq!(
            verdicts,
            [
                ("A01", &Verdict::Pass),
                ("A02", &Verdict::Fail(vec!["one".into(), "two".into()])),
                ("A03", &Verdict::Skip("nothing".into())),
                ("A11", &Verdict::Prof),
                ("A21", &Verdict::Prof),
                ("A04", &Verdict::Fail(vec!["threw: boom".into()])),
            ]
        );
        assert_eq!(report.fail_count(), 3);
        assert!(!report.is_green());
        let html = run_plugins(&input(Profile::SpineHtml), [&plugin]);
        assert_eq!(html.count(|r| r.verdict == Verdict::Prof), 0);
    }

    #[test]
    fn a_failed_call_fails_every_rule_it_declares() {
        let plugin = crate::plugins::linked(rigc_plugin_table()).expect("fake plugin");
        let mut stats = Vec::new();
        let results = plugin_results(
            &plugin,
            Profile::Spine,
            &Err(PluginCallError::Panicked("kaboom".into())),
            &mut stats,
        );
        let fails = results
            .iter()
            .filter(|r| matches!(r.verdict, Verdict::Fail(_)))
            .count();
        assert_eq!(fails, 4, "every validity rule fails; PROF rules stay PROF");
        assert_eq!(
            results[0].verdict,
            Verdict::Fail(vec![threw(
                "threw: plugin \"fake\" panicked: kaboom".into()
            )])
        );
    }
}
