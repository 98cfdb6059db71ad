//! This module owns the plugin side of each stage call: decode the call, run
//! what the author wrote (rules over the gate's facts, deform kinds over a
//! mesh), encode the reply — and the manifest entries of both. A plugin's
//! [`abi::Plugin::call`](crate::abi::Plugin::call) dispatches its stages here.

use crate::abi::{
    panic_message, DeformCall, DeformKindDecl, DeformReply, GateCall, GateReply, RuleDecl,
    RuleOutcome,
};
use crate::deform::DeformKind;
use crate::gate::{facts::Facts, Outcome, Rule};

/// Runs `rules` over a `"gate"` call — the rule side of GATE.md §1.4's harness:
/// a rule the profile leaves out is PROF and its body does not run; each body runs
/// under `catch_unwind`, so one panicking rule becomes that rule's FAIL
/// (`threw: …`) and the others still run.
pub fn run_rules(rules: &[&dyn Rule], call: &GateCall) -> GateReply {
    use std::panic::{catch_unwind, AssertUnwindSafe};
    let facts = Facts::new(&call.gate);
    let outcomes = rules
        .iter()
        .map(|rule| {
            if !call.gate.profile.runs(rule.kind()) {
                return RuleOutcome {
                    code: rule.code().into(),
                    prof: true,
                    outcome: Outcome::default(),
                };
            }
            let mut out = Outcome::default();
            if let Err(panic) = catch_unwind(AssertUnwindSafe(|| rule.check(&facts, &mut out))) {
                out.fail(format!("threw: {}", panic_message(&*panic)));
            }
            RuleOutcome {
                code: rule.code().into(),
                prof: false,
                outcome: out,
            }
        })
        .collect();
    GateReply { outcomes }
}

/// Serves a `"gate"` call for a rule plugin: parses the input, runs `rules`,
/// serialises the reply.
pub fn gate(rules: &[&dyn Rule], input: &[u8]) -> Result<Vec<u8>, String> {
    let call: GateCall =
        serde_json::from_slice(input).map_err(|e| format!("the gate input is not valid: {e}"))?;
    serde_json::to_vec(&run_rules(rules, &call)).map_err(|e| e.to_string())
}

/// The manifest entries of `rules`.
pub fn rule_decls(rules: &[&dyn Rule]) -> Vec<RuleDecl> {
    rules
        .iter()
        .map(|r| RuleDecl {
            code: r.code().into(),
            kind: r.kind(),
        })
        .collect()
}

/// Serves a `"deform"` call: parses the input, finds the kind it names among
/// `kinds`, evaluates it (a panic in the kind is contained by the export
/// macro), checks it answered one offset per vertex, serialises the reply.
pub fn deform(kinds: &[&dyn DeformKind], input: &[u8]) -> Result<Vec<u8>, String> {
    let call: DeformCall =
        serde_json::from_slice(input).map_err(|e| format!("the deform input is not valid: {e}"))?;
    let kind = kinds
        .iter()
        .find(|k| k.name() == call.kind)
        .ok_or_else(|| {
            let names: Vec<&str> = kinds.iter().map(|k| k.name()).collect();
            format!(
                "this plugin provides no deform kind {:?} (it provides: {})",
                call.kind,
                names.join(", ")
            )
        })?;
    let reply = match kind.offsets(&call) {
        Ok(offsets) if offsets.len() != call.mesh.vertices.len() => {
            return Err(format!(
                "deform kind {:?} answered {} offsets for {} vertices",
                call.kind,
                offsets.len(),
                call.mesh.vertices.len()
            ))
        }
        Ok(offsets) => DeformReply::Offsets(offsets),
        Err(refusal) => DeformReply::Refused(refusal),
    };
    serde_json::to_vec(&reply).map_err(|e| e.to_string())
}

/// The manifest entries of `kinds`.
pub fn deform_decls(kinds: &[&dyn DeformKind]) -> Vec<DeformKindDecl> {
    kinds
        .iter()
        .map(|k| DeformKindDecl {
            name: k.name().into(),
            params: k.params().iter().map(|p| p.to_string()).collect(),
        })
        .collect()
}
