//! This module owns the motion spec's top-level tables other than `animations`:
//! `easings` (§3.2), `groups` (§3.3), `setup` (§3.4) and `mix` (§3.5).

use rigc_diag::codes;

use super::shape::{absent, wrong, Cx};
use super::{AnimationSpec, EasingSpec, GroupSpec, MixPair, MixSpec, Named};
use crate::spec::setup_entry::SetupEntry;
use rigc_diag::cursor::Node;
use rigc_diag::json::quote;

const EASING_HINT: &str = "a named easing is FOUR finite numbers — the graph-view handles [hx1, hy1, hx2, hy2]. Nothing downstream counts them, so a short or non-numeric array reaches the artifact as a curve with a `null` in it";

/// `easings` (required, may be `{}`).
pub(super) fn easings(cx: &mut Cx, root: &Node) -> Vec<EasingSpec> {
    let hint = "it is a table of named handles, `{ \"<name>\": [hx1, hy1, hx2, hy2] }` (write `{}` if this spec names none)";
    let Some(table) = root.get("easings") else {
        cx.push(absent(root, "easings", codes::MOTION_EASINGS_SHAPE, hint));
        return Vec::new();
    };
    if !cx.object(&table, codes::MOTION_EASINGS_SHAPE, hint) {
        return Vec::new();
    }
    let mut out = Vec::new();
    for (name, node) in table.entries() {
        if name == "stepped" {
            let loc = table.key_loc(&name).unwrap_or_else(|| node.loc());
            cx.push(
                rigc_diag::Diagnostic::new(
                    codes::MOTION_EASING_BUILTIN_NAME,
                    "`easings.\"stepped\"` redefines the built-in \"stepped\" (hold the value until the next key), so a key's `\"ease\": \"stepped\"` would mean two things",
                )
                .at(loc)
                .help("give this easing another name, and use it by that name"),
            );
            continue;
        }
        let elements = node.elements();
        if elements.len() != 4 || !node.is_array() {
            cx.push(wrong(&node, codes::MOTION_EASING_SHAPE, EASING_HINT));
            continue;
        }
        let mut handles = [0.0; 4];
        let mut ok = true;
        for (i, e) in elements.enumerate() {
            match e.as_f64() {
                Some(x) if x.is_finite() => handles[i] = x,
                _ => {
                    cx.push(wrong(&e, codes::MOTION_EASING_SHAPE, EASING_HINT));
                    ok = false;
                }
            }
        }
        if ok {
            out.push(EasingSpec {
                name,
                handles,
                loc: node.loc(),
            });
        }
    }
    out
}

/// `groups` (optional).
pub(super) fn groups(cx: &mut Cx, root: &Node) -> Vec<GroupSpec> {
    let Some(table) = root.get("groups") else {
        return Vec::new();
    };
    if !cx.object(
        &table,
        codes::MOTION_GROUPS_SHAPE,
        "it is a table keyed by group name, `{ \"<group>\": [\"<member>\", …] }`",
    ) {
        return Vec::new();
    }
    let mut out = Vec::new();
    for (name, node) in table.entries() {
        if !node.is_array() {
            cx.push(wrong(
                &node,
                codes::MOTION_GROUP_SHAPE,
                "a group is an array of member names, `[\"<member>\", …]`, in the order stagger and value maps count them",
            ));
            continue;
        }
        let mut members: Vec<Named> = Vec::new();
        for (i, m) in node.elements().enumerate() {
            let Some(s) = m.as_str().filter(|s| !s.is_empty()) else {
                cx.push(wrong(
                    &m,
                    codes::MOTION_GROUP_MEMBER_SHAPE,
                    "a group member names a bone or a slot, a non-empty string",
                ));
                continue;
            };
            if let Some(j) = node.elements().take(i).position(|e| e.as_str() == Some(s)) {
                let first = node.element(j).map(|e| e.loc());
                let mut d = m
                    .err(
                        codes::MOTION_GROUP_DUPLICATE_MEMBER,
                        format!(
                            "group {} names member {} twice (at index {j} and {i})",
                            quote(&name),
                            quote(s)
                        ),
                    )
                    .help(
                        "list each member once; a member's index is its place in the stagger order",
                    );
                if let Some(first) = first {
                    d = d.related("first listed here", first);
                }
                cx.push(d);
                continue;
            }
            members.push(Named {
                name: s.to_string(),
                loc: m.loc(),
            });
        }
        if node.array_len() == Some(0) {
            cx.push(
                node.err(
                    codes::MOTION_GROUP_EMPTY,
                    format!("group {} declares no members", quote(&name)),
                )
                .help("list the group's members, or remove the group"),
            );
            continue;
        }
        out.push(GroupSpec {
            name,
            loc: node.loc(),
            members,
        });
    }
    out
}

const SETUP_ENTRY_KEYS: &[&str] = &["attachment", "color"];
const COLOR_HINT: &str = "a setup colour is [r, g, b, a], four finite numbers in 0..1 — a channel that is not one is clamped to `NaN` and written into the slot as the text \"NaN\"";

/// `setup` (optional): `slot → { attachment?, color? }`.
pub(super) fn setup(cx: &mut Cx, root: &Node) -> Vec<SetupEntry> {
    let Some(table) = root.get("setup") else {
        return Vec::new();
    };
    if !cx.object(
        &table,
        codes::MOTION_SETUP_SHAPE,
        "it is a table keyed by slot name, `{ \"<slot>\": { \"attachment\": … } }`",
    ) {
        return Vec::new();
    }
    let mut out = Vec::new();
    for (slot, node) in table.entries() {
        if !node.is_object() {
            let q = quote(&slot);
            cx.push(
                node.err(
                    codes::MOTION_SETUP_ENTRY_SHAPE,
                    format!(
                        "`{}` is {}; a setup entry is an object of `{{ attachment?: string | null, color?: [r, g, b, a] }}` — to show nothing there write `{q}: {{ \"attachment\": null }}`, and to show an attachment write `{q}: {{ \"attachment\": \"<name>\" }}`",
                        node.key_path(),
                        node.describe()
                    ),
                )
                .help(format!("write `{q}: {{ \"attachment\": null }}` to show nothing, or `{q}: {{ \"attachment\": \"<name>\" }}`")),
            );
            continue;
        }
        cx.unknown(&node, SETUP_ENTRY_KEYS);
        let mut attachment = None;
        let mut attachment_loc = None;
        if let Some(a) = node.get("attachment") {
            if a.is_null() {
                attachment = Some(None);
                attachment_loc = Some(a.loc());
            } else if let Some(s) = a.as_str() {
                attachment = Some(Some(s.to_string()));
                attachment_loc = Some(a.loc());
            } else {
                cx.push(wrong(
                    &a,
                    codes::MOTION_SETUP_ATTACHMENT_SHAPE,
                    "it is an attachment name, or null for \"show nothing\"",
                ));
            }
        }
        let mut color = None;
        let mut color_loc = None;
        if let Some(c) = node.get("color") {
            if let Some(channels) = setup_color(cx, &c) {
                color = Some(channels);
                color_loc = Some(c.loc());
            }
        }
        out.push(SetupEntry {
            slot,
            loc: node.loc(),
            attachment,
            attachment_loc,
            color,
            color_loc,
        });
    }
    out
}

fn setup_color(cx: &mut Cx, c: &Node) -> Option<[f64; 4]> {
    if c.array_len() != Some(4) {
        cx.push(wrong(c, codes::MOTION_SETUP_COLOR_SHAPE, COLOR_HINT));
        return None;
    }
    let mut out = [0.0; 4];
    let mut ok = true;
    for (i, e) in c.elements().enumerate() {
        match e.as_f64() {
            Some(x) if (0.0..=1.0).contains(&x) => out[i] = x,
            _ => {
                cx.push(wrong(&e, codes::MOTION_SETUP_COLOR_SHAPE, COLOR_HINT));
                ok = false;
            }
        }
    }
    ok.then_some(out)
}

const MIX_KEYS: &[&str] = &["default", "pairs"];

/// `mix` (optional): the player's mix table. Checked, never emitted.
pub(super) fn mix(cx: &mut Cx, root: &Node, animations: &[AnimationSpec]) -> Option<MixSpec> {
    let table = root.get("mix")?;
    if !cx.object(
        &table,
        codes::MOTION_MIX_SHAPE,
        "it is the player's mix table, `{ \"default\": <seconds>, \"pairs\": [[\"<from>\", \"<to>\", <seconds>], …] }`",
    ) {
        return None;
    }
    cx.unknown(&table, MIX_KEYS);
    let default = cx.number(
        &table,
        "default",
        true,
        codes::MOTION_MIX_DEFAULT,
        "the default mix duration is a finite number of seconds",
    );
    if let Some((d, loc)) = &default {
        if *d < 0.0 {
            cx.push(
                rigc_diag::Diagnostic::new(
                    codes::MOTION_MIX_DEFAULT,
                    format!("`mix.default` is {}; the default mix duration is a finite number of seconds, and a duration is not negative", super::secs(*d)),
                )
                .at(loc.clone())
                .help("write a mix duration of 0 or more seconds"),
            );
        }
    }
    let pairs = cx.array(
        &table,
        "pairs",
        false,
        codes::MOTION_MIX_PAIRS,
        "it is an array of mix pairs, `[[\"<from animation>\", \"<to animation>\", <seconds>], …]`",
    );
    let mut out = Vec::new();
    for p in pairs.iter().flat_map(|p| p.elements()) {
        if let Some(pair) = mix_pair(cx, &p, animations, &out) {
            out.push(pair);
        }
    }
    Some(MixSpec {
        default: default?.0,
        pairs: out,
    })
}

fn mix_pair(
    cx: &mut Cx,
    p: &Node,
    animations: &[AnimationSpec],
    seen: &[MixPair],
) -> Option<MixPair> {
    const HINT: &str = "a mix pair is `[\"<from animation>\", \"<to animation>\", <seconds>]` — three entries, two names and a duration";
    let e: Vec<Node> = p.elements().take(4).collect();
    let (Some(from), Some(to), Some(seconds), Some(3)) = (
        e.first().and_then(|n| n.as_str()),
        e.get(1).and_then(|n| n.as_str()),
        e.get(2).and_then(|n| n.as_f64()).filter(|s| *s >= 0.0),
        p.array_len(),
    ) else {
        cx.push(wrong(p, codes::MOTION_MIX_PAIR, HINT));
        return None;
    };
    let mut ok = true;
    for (i, name) in [(0usize, from), (1, to)] {
        if animations.iter().any(|a| a.name == name) {
            continue;
        }
        ok = false;
        let declared: Vec<String> = animations.iter().map(|a| quote(&a.name)).collect();
        let Some(node) = e.get(i) else { continue };
        cx.push(
            node.err(
                codes::MOTION_MIX_PAIR_UNKNOWN_ANIMATION,
                format!(
                    "`{}` names animation {}, which this motion spec does not declare ({})",
                    p.key_path(),
                    quote(name),
                    if declared.is_empty() {
                        "it declares none".to_string()
                    } else {
                        format!("it declares: {}", declared.join(", "))
                    }
                ),
            )
            .help("name an animation of this spec's `animations` table"),
        );
    }
    if let Some(first) = seen.iter().find(|q| q.from == from && q.to == to) {
        ok = false;
        cx.push(
            p.err(
                codes::MOTION_MIX_PAIR_DUPLICATE,
                format!(
                    "`{}` gives the mix from {} to {} a second time",
                    p.key_path(),
                    quote(from),
                    quote(to)
                ),
            )
            .related("first given here", first.loc.clone())
            .help("keep one pair per (from, to); the player keeps only the last"),
        );
    }
    ok.then(|| MixPair {
        from: from.to_string(),
        to: to.to_string(),
        seconds,
        loc: p.loc(),
    })
}
