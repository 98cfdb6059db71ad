//! This module owns A26_SLOT_DRAW_ORDER (archetype; GATE.md §3, newest form): the
//! emitted slots (the raw `slots` array, which is the setup draw order) are a
//! subsequence of the rig's slot table — scanned greedily, stopping at the first
//! slot that is not in the table or comes out of order — and every slot the table
//! declares is emitted (rigc emits every slot, filled or not).
//!
//! Zero emitted slots is deliberately not a SKIP: against a declared table it is a
//! FAIL (GATE.md §1.4). SKIPs with no rig info, or when the rig's table is empty.
//! Table positions in details count from 0.

use crate::raw::{items, quoted_list, raw_or_skip, rig_or_skip, str_at};
use rigc_sdk::gate::facts::Facts;
use rigc_sdk::gate::{Outcome, Rule, RuleKind, Subject};
use std::collections::HashSet;

/// A26_SLOT_DRAW_ORDER.
pub struct A26SlotDrawOrder;

impl Rule for A26SlotDrawOrder {
    fn code(&self) -> &'static str {
        "A26_SLOT_DRAW_ORDER"
    }

    fn kind(&self) -> RuleKind {
        RuleKind::Archetype
    }

    fn check(&self, facts: &Facts<'_>, out: &mut Outcome) {
        let Some(rig) = rig_or_skip(facts, out) else {
            return;
        };
        let table = &rig.slot_order;
        if table.is_empty() {
            out.skip(format!(
                "the rig \"{}\" declares no slot table to hold the draw order to",
                rig.name
            ));
            return;
        }
        let Some(root) = raw_or_skip(facts, out) else {
            return;
        };
        let emitted: Vec<&str> = items(root.get("slots"))
            .filter_map(|s| str_at(s, "name"))
            .collect();

        // Greedy subsequence scan: each slot must appear in the table after the
        // previous slot's position.
        let mut next = 0usize;
        let mut at: Option<usize> = None;
        for slot in &emitted {
            let ahead = table
                .iter()
                .skip(next)
                .position(|t| t == slot)
                .map(|k| k + next);
            match (ahead, table.iter().position(|t| t == slot)) {
                (Some(k), _) => {
                    at = Some(k);
                    next = k + 1;
                }
                (None, None) => {
                    out.fail_at(
                        Subject::slot(*slot),
                        format!("slot \"{slot}\" is not in the archetype's slot table"),
                    );
                    break;
                }
                (None, Some(k)) => {
                    let after = at.map_or_else(|| "none".into(), |a| a.to_string());
                    out.fail_at(Subject::slot(*slot), format!("slot \"{slot}\" is drawn out of order (table position {k}, after a slot at {after})"));
                    break;
                }
            }
        }

        let present: HashSet<&str> = emitted.iter().copied().collect();
        let mut seen = HashSet::new();
        let missing: Vec<&str> = table
            .iter()
            .map(String::as_str)
            .filter(|t| !present.contains(t) && seen.insert(*t))
            .collect();
        if !missing.is_empty() {
            let verb = if missing.len() == 1 { "is" } else { "are" };
            let detail = format!(
                "the rig \"{}\" declares {} slot(s) and the skeleton has {}: {} {verb} declared and not emitted. \
                 rigc emits every slot the rig declares, filled or not, so this skeleton is not what the rig compiles to",
                rig.name,
                table.len(),
                emitted.len(),
                quoted_list(missing.iter().copied())
            );
            // One slot missing is a finding about that slot; several, about
            // the skeleton's slot list as a whole.
            match missing.as_slice() {
                [only] => out.fail_at(Subject::slot(*only), detail),
                _ => out.fail(detail),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::raw::NOT_JSON;
    use crate::testkit::*;
    use rigc_sdk::gate::GateInput;
    use serde_json::json;

    const RULE: A26SlotDrawOrder = A26SlotDrawOrder;

    fn with_table(mut input: GateInput, table: &[&str]) -> GateInput {
        if let Some(rig) = input.rig.as_mut() {
            rig.slot_order = table.iter().map(|s| (*s).to_string()).collect();
        }
        input
    }

    #[test]
    fn passes_on_the_fixture() {
        assert_pass(&RULE, &fixture());
    }

    #[test]
    fn fails_on_a_slot_the_table_does_not_have() {
        let input = with_table(fixture(), &["s", "box"]);
        assert_fails_at(
            &RULE,
            &input,
            &[(
                "slot \"m\" is not in the archetype's slot table",
                Some(Subject::slot("m")),
            )],
        );
    }

    #[test]
    fn fails_on_a_slot_drawn_out_of_order() {
        let input = with_table(fixture(), &["m", "s", "box"]);
        assert_fails_at(
            &RULE,
            &input,
            &[(
                "slot \"m\" is drawn out of order (table position 0, after a slot at 1)",
                Some(Subject::slot("m")),
            )],
        );
    }

    #[test]
    fn fails_on_declared_slots_not_emitted() {
        let input = with_table(fixture(), &["s", "glow", "m", "box", "shadow"]);
        assert_fails_at(
            &RULE,
            &input,
            &[("the rig \"tiny\" declares 5 slot(s) and the skeleton has 3: \"glow\", \"shadow\" are declared and not emitted. \
               rigc emits every slot the rig declares, filled or not, so this skeleton is not what the rig compiles to", None)],
        );
    }

    #[test]
    fn zero_slots_is_a_fail_not_a_skip() {
        let input = mutant(|v| v["slots"] = json!([]));
        assert_fails(
            &RULE,
            &input,
            &["the rig \"tiny\" declares 3 slot(s) and the skeleton has 0: \"s\", \"m\", \"box\" are declared and not emitted. \
               rigc emits every slot the rig declares, filled or not, so this skeleton is not what the rig compiles to"],
        );
        let input = mutant(|v| {
            v["slots"] = json!([{ "name": "s", "bone": "b" }, { "name": "m", "bone": "b" }])
        });
        assert_fails_at(
            &RULE,
            &input,
            &[("the rig \"tiny\" declares 3 slot(s) and the skeleton has 2: \"box\" is declared and not emitted. \
               rigc emits every slot the rig declares, filled or not, so this skeleton is not what the rig compiles to", Some(Subject::slot("box")))],
        );
    }

    #[test]
    fn skips_without_rig_or_table() {
        assert_skips(&RULE, &no_rig(), skip_reasons::NO_RIG);
        assert_skips(
            &RULE,
            &with_table(fixture(), &[]),
            "the rig \"tiny\" declares no slot table to hold the draw order to",
        );
        assert_skips(&RULE, &not_json(), NOT_JSON);
    }
}
