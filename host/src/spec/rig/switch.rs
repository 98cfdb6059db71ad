//! This module owns the skin switch (FORMAT.md §2.6): a skin's member lists and
//! a member's `"skin": true` are two halves of one switch, and either half alone
//! is refused. It also resolves every listed name to a declared bone or a
//! constraint of the listed kind. A bone or constraint listed by two skins is
//! allowed (DECISIONS.md).

use rigc_diag::codes;

use super::bones::Bones;
use super::constraints::Constraints;
use super::read::{did_you_mean, q, Diags};
use super::types::{At, SkinSpec};
use rigc_diag::Diagnostic;
use rigc_sdk::model::Constraint;
use std::collections::HashSet;

/// Checks every skin's member lists against the declarations.
pub(super) fn check(skins: &[SkinSpec], bones: &Bones, constraints: &Constraints, d: &mut Diags) {
    let mut active: HashSet<&str> = HashSet::new();
    let mut listed: HashSet<(&str, &str)> = HashSet::new();
    for s in skins {
        let label = format!("skin {}", q(&s.name));
        twice(&s.bones, &label, "bone", d);
        for b in &s.bones {
            let Some(spec) = bones.list.iter().find(|x| x.bone.name == b.value) else {
                if bones.complete {
                    d.push(
                        Diagnostic::new(
                            codes::RIG_SKIN_BONE_UNDECLARED,
                            format!(
                                "{label} activates bone {}, which this rig does not declare",
                                q(&b.value)
                            ),
                        )
                        .at(b.loc.clone())
                        .help(format!(
                            "name a declared bone{}",
                            did_you_mean(&b.value, &bones.names())
                        )),
                    );
                }
                continue;
            };
            if spec.bone.skin != Some(true) {
                d.push(
                    Diagnostic::new(
                        codes::RIG_SKIN_BONE_NOT_SKIN_REQUIRED,
                        format!(
                            "{label} activates bone {}, but that bone does not declare `\"skin\": true`. Skeleton.updateCache starts a bone active unless it is skinRequired, so this list changes nothing — the bone poses under every skin.",
                            q(&b.value)
                        ),
                    )
                    .at(b.loc.clone())
                    .help(format!("add \"skin\": true to bone {}, or remove it from this list", q(&b.value)))
                    .related("the bone", spec.loc.clone()),
                );
            }
            let mut walk = Some(spec);
            let mut guard = 0;
            while let Some(w) = walk {
                active.insert(w.bone.name.as_str());
                guard += 1;
                walk = w
                    .bone
                    .parent
                    .as_deref()
                    .and_then(|p| bones.list.iter().find(|x| x.bone.name == p));
                if guard > bones.list.len() {
                    break;
                }
            }
        }
        for (kind, list) in [
            ("ik", &s.ik),
            ("transform", &s.transform),
            ("physics", &s.physics),
            ("path", &s.path),
            ("slider", &s.slider),
        ] {
            twice(list, &label, &format!("{kind} constraint"), d);
            for c in list {
                listed.insert((kind, c.value.as_str()));
                member(&label, kind, c, constraints, d);
            }
        }
    }
    for b in &bones.list {
        if b.bone.skin == Some(true) && !active.contains(b.bone.name.as_str()) {
            let loc = b.skin_loc.clone().unwrap_or_else(|| b.loc.clone());
            d.push(
                Diagnostic::new(
                    codes::RIG_BONE_SKIN_NEVER_ACTIVATED,
                    format!(
                        "bone {} declares `\"skin\": true` but no skin activates it, so it is never active — list it in the skin it belongs to, or drop the flag",
                        q(&b.bone.name)
                    ),
                )
                .at(loc)
                .help(format!("add {} to a skin's \"bones\" list (long form), or remove \"skin\": true", q(&b.bone.name))),
            );
        }
    }
    for (c, skin_loc) in constraints.list.iter().zip(&constraints.skin_locs) {
        let (kind, name, skin) = match &c.constraint {
            Constraint::Ik(x) => ("ik", &x.name, x.skin),
            Constraint::Transform(x) => ("transform", &x.name, x.skin),
            Constraint::Slider(x) => ("slider", &x.name, x.skin),
            Constraint::Physics(x) => ("physics", &x.name, x.skin),
            Constraint::Path(x) => ("path", &x.name, x.skin),
        };
        if skin == Some(true) && !listed.contains(&(kind, name.as_str())) {
            d.push(
                Diagnostic::new(
                    codes::RIG_CONSTRAINT_SKIN_NEVER_ACTIVATED,
                    format!(
                        "{kind} constraint {} declares `\"skin\": true` but no skin activates it, so it never runs — list it in that skin's \"{kind}\" array, or drop the flag",
                        q(name)
                    ),
                )
                .at(skin_loc.clone().unwrap_or_else(|| c.loc.clone()))
                .help(format!("add {} to a skin's \"{kind}\" list (long form), or remove \"skin\": true", q(name))),
            );
        }
    }
}

/// Checks one listed constraint name against the declarations.
fn member(label: &str, kind: &str, c: &At<String>, constraints: &Constraints, d: &mut Diags) {
    if constraints.has(kind, &c.value) {
        let compiled = constraints
            .list
            .iter()
            .find(|x| x.constraint.type_name() == kind && x.constraint.name() == c.value);
        let skin = compiled.map(|x| match &x.constraint {
            Constraint::Ik(i) => i.skin,
            Constraint::Transform(t) => t.skin,
            Constraint::Slider(s) => s.skin,
            Constraint::Physics(p) => p.skin,
            Constraint::Path(p) => p.skin,
        });
        if let (Some(spec), Some(flag)) = (compiled, skin) {
            if flag != Some(true) {
                d.push(
                    Diagnostic::new(
                        codes::RIG_SKIN_CONSTRAINT_NOT_SKIN_REQUIRED,
                        format!(
                            "{label} activates {kind} constraint {}, but that constraint does not declare `\"skin\": true`. A constraint is active unless it is skinRequired, so this list changes nothing.",
                            q(&c.value)
                        ),
                    )
                    .at(c.loc.clone())
                    .help(format!("add \"skin\": true to {kind} constraint {}, or remove it from this list", q(&c.value)))
                    .related("the constraint", spec.loc.clone()),
                );
            }
        }
        return;
    }
    if let Some(other) = constraints.other_kind(kind, &c.value) {
        d.push(
            Diagnostic::new(
                codes::RIG_SKIN_CONSTRAINT_WRONG_TYPE,
                format!(
                    "{label} lists {} under \"{kind}\", but the rig declares it as a \"{other}\" constraint — a skin looks its constraints up by name AND type, so this one is a miss and the loader throws",
                    q(&c.value)
                ),
            )
            .at(c.loc.clone())
            .help(format!("move {} to this skin's \"{other}\" list", q(&c.value))),
        );
    } else if constraints.complete {
        let names: Vec<&str> = constraints
            .declared
            .iter()
            .filter(|(k, _)| k == kind)
            .map(|(_, n)| n.as_str())
            .collect();
        d.push(
            Diagnostic::new(
                codes::RIG_SKIN_CONSTRAINT_UNDECLARED,
                format!(
                    "{label} activates {kind} constraint {}, which this rig does not declare",
                    q(&c.value)
                ),
            )
            .at(c.loc.clone())
            .help(format!(
                "name a declared {kind} constraint{}",
                did_you_mean(&c.value, &names)
            )),
        );
    }
}

/// Refuses a name listed twice in one member list.
fn twice(list: &[At<String>], label: &str, what: &str, d: &mut Diags) {
    for (i, a) in list.iter().enumerate() {
        if let Some(first) = list[..i].iter().find(|b| b.value == a.value) {
            d.push(
                Diagnostic::new(
                    codes::RIG_SKIN_LISTED_TWICE,
                    format!("{label} lists {what} {} twice", q(&a.value)),
                )
                .at(a.loc.clone())
                .help("list it once")
                .related("the first listing", first.loc.clone()),
            );
        }
    }
}
