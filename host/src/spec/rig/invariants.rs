//! This module owns the rig spec's `invariants` block (FORMAT.md §2.10): budgets
//! (`meshSlots`, `meshTriangles`), the archetype bones (`axisBone`, `massBone`),
//! `detached` rules, and the gate opt-outs (`deformMayFold`,
//! `consumerDrivenMix`, `idleDrivesMeshes`), each with its mandatory `why` and
//! every way an opt-out could exempt nothing refused. `editorRoundTrip` was
//! retired (FACE.md §8) and is refused by name.

use rigc_diag::codes;

use super::bones::Bones;
use super::constraints::Constraints;
use super::read::{absent_at, count, did_you_mean, key_loc, q, Diags};
use super::slots::Slots;
use rigc_diag::cursor::Node;
use rigc_diag::Diagnostic;
use rigc_sdk::gate::{ConsumerDrivenMix, Detached, Invariants};

/// The keys of `invariants` this compiler reads.
const KEYS: &[&str] = &[
    "meshSlots",
    "meshTriangles",
    "axisBone",
    "massBone",
    "detached",
    "deformMayFold",
    "consumerDrivenMix",
    "idleDrivesMeshes",
];

/// What `parse` checks names against.
pub(super) struct Context<'a> {
    /// The rig's name.
    pub rig: &'a str,
    /// The bones.
    pub bones: &'a Bones,
    /// The slots.
    pub slots: &'a Slots,
    /// The constraints.
    pub constraints: &'a Constraints,
    /// The slots a mesh attachment fills, in any skin.
    pub mesh_slots: Vec<String>,
}

/// Reads `invariants` of the rig `root`.
pub(super) fn parse(root: &Node, cx: &Context, d: &mut Diags) -> Invariants {
    let mut inv = Invariants::default();
    let Some(node) = root.get("invariants") else {
        return inv;
    };
    if !node.is_object() {
        d.push(
            node.err(
                codes::RIG_INVARIANTS_NOT_AN_OBJECT,
                format!(
                    "\"invariants\" is {}; it is an object of budgets and gate declarations",
                    node.describe()
                ),
            )
            .help("write \"invariants\": { … }, or leave it out"),
        );
        return inv;
    }
    let known: Vec<&str> = KEYS.iter().copied().chain(["editorRoundTrip"]).collect();
    d.extend(node.unknown_keys(&known, "\"invariants\""));
    if node.has("editorRoundTrip") {
        d.push(
            Diagnostic::new(
                codes::RIG_INVARIANTS_RETIRED,
                "invariants.editorRoundTrip was retired together with A41_PHYSICS_SURVIVES_EDITOR_ROUND_TRIP (issue #1196): A23 now refuses rotation, scaleX and shearX physics on a bone with no length, so the declaration can no longer move a verdict",
            )
            .at(key_loc(&node, "editorRoundTrip"))
            .help("remove \"editorRoundTrip\""),
        );
    }
    inv.mesh_slots = count(&node, "meshSlots", "invariants", d);
    inv.mesh_triangles = count(&node, "meshTriangles", "invariants", d);
    inv.axis_bone = bone(&node, "axisBone", "axis bone", cx, d);
    inv.mass_bone = bone(&node, "massBone", "mass bone", cx, d);
    inv.detached = detached(&node, d);
    inv.deform_may_fold = deform_may_fold(&node, cx, d);
    inv.consumer_driven_mix = consumer_driven_mix(&node, cx, d);
    if let Some(v) = node.get("idleDrivesMeshes") {
        inv.idle_drives_meshes = why_of(
            &v,
            "invariants.idleDrivesMeshes",
            "A15_IDLE_NO_MESH_BONE_KEYS off",
            d,
        );
    }
    inv
}

/// Reads `axisBone` / `massBone`: a declared bone.
fn bone(node: &Node, key: &str, role: &str, cx: &Context, d: &mut Diags) -> Option<String> {
    let v = node.get(key)?;
    let name = super::read::string(node, key, "invariants", d)?;
    if cx.bones.has(&name) {
        return Some(name);
    }
    if cx.bones.complete {
        d.push(
            v.err(
                codes::RIG_INVARIANTS_BONE_UNDECLARED,
                format!(
                    "rig {} names {} as its {role}, which it does not declare",
                    q(cx.rig),
                    q(&name)
                ),
            )
            .help(format!(
                "name a declared bone{}",
                did_you_mean(&name, &cx.bones.names())
            )),
        );
    }
    None
}

/// A non-empty `why` string of the object `v` (refused otherwise). `what` names
/// the declaration; `switches` says what it turns off.
fn why_of(v: &Node, what: &str, switches: &str, d: &mut Diags) -> Option<String> {
    if !object_entry(
        v,
        what,
        "{ \"why\": … }",
        "write { \"why\": \"<the reason, with a date or an issue>\" }",
        &["why"],
        d,
    ) {
        return None;
    }
    required_why(v, what, switches, d)
}

/// The elements of the array `invariants.<key>`; `None` when it is absent, or
/// refused as not an array of `shape` (`help` says how to write it).
fn array<'a>(
    node: &Node<'a>,
    key: &str,
    shape: &str,
    help: &str,
    d: &mut Diags,
) -> Option<Node<'a>> {
    let v = node.get(key)?;
    if !v.is_array() {
        d.push(
            v.err(
                codes::RIG_INVARIANTS_NOT_AN_ARRAY,
                format!(
                    "invariants.{key} is {}, expected an array of {shape}",
                    v.describe()
                ),
            )
            .help(help),
        );
        return None;
    }
    Some(v)
}

/// Whether the entry `e` (`what`) is an object of `keys` only; refused when it is
/// not an object (`shape` is what it should be, `help` says how to write it) or
/// has an unknown key.
fn object_entry(
    e: &Node,
    what: &str,
    shape: &str,
    help: &str,
    keys: &[&str],
    d: &mut Diags,
) -> bool {
    if !e.is_object() {
        d.push(
            e.err(
                codes::RIG_INVARIANTS_ENTRY_NOT_AN_OBJECT,
                format!("{what} is {}, expected {shape}", e.describe()),
            )
            .help(help),
        );
        return false;
    }
    let unknown = e.unknown_keys(keys, what);
    if !unknown.is_empty() {
        d.extend(unknown);
        return false;
    }
    true
}

/// The name at `key` of an entry `e` (`what`) of `invariants.<list>`, with its
/// node; refused when absent (`placeholder` is what the help writes for it) or not
/// a string.
fn required_name<'a>(
    e: &Node<'a>,
    list: &str,
    key: &str,
    placeholder: &str,
    what: &str,
    d: &mut Diags,
) -> Option<(String, Node<'a>)> {
    let Some(v) = e.get(key) else {
        d.push(
            absent_at(
                e,
                codes::RIG_INVARIANTS_ENTRY_INCOMPLETE,
                format!("every invariants.{list} entry needs a \"{key}\""),
            )
            .help(format!("add \"{key}\": \"{placeholder}\"")),
        );
        return None;
    };
    let Some(name) = v.as_str().map(str::to_string) else {
        d.push(super::read::not_a_string(&v, key, what));
        return None;
    };
    Some((name, v))
}

/// The non-blank `why` of the entry `e`; refused when missing or blank (`what`
/// names the declaration, `switches` says what it turns off).
fn required_why(e: &Node, what: &str, switches: &str, d: &mut Diags) -> Option<String> {
    let why = e
        .get("why")
        .and_then(|w| w.as_str().map(str::to_string))
        .filter(|w| !w.trim().is_empty());
    if why.is_none() {
        d.push(missing_why(e, what, switches));
    }
    why
}

/// The refusal of a missing or blank `why`.
fn missing_why(entry: &Node, what: &str, switches: &str) -> Diagnostic {
    let message = format!(
        "{what} needs a \"why\" — this field switches {switches}, and an exemption nobody can date or justify is how a defect ships as a decision"
    );
    match entry.get("why") {
        Some(w) => w.err(codes::RIG_INVARIANTS_WHY_MISSING, message),
        None => absent_at(entry, codes::RIG_INVARIANTS_WHY_MISSING, message),
    }
    .help("add \"why\": \"<the reason, with a date or an issue>\"")
}

/// Reads `detached`: `[{ bone, notUnder, why? }]`.
fn detached(node: &Node, d: &mut Diags) -> Vec<Detached> {
    let mut out = Vec::new();
    let Some(entries) = array(
        node,
        "detached",
        "{ \"bone\": …, \"notUnder\": …, \"why\"?: … }",
        "write \"detached\": [{ \"bone\": \"<bone>\", \"notUnder\": \"<bone>\" }]",
        d,
    ) else {
        return out;
    };
    for (i, e) in entries.elements().enumerate() {
        let what = format!("invariants.detached[{i}]");
        if !object_entry(
            &e,
            &what,
            "{ \"bone\": …, \"notUnder\": … }",
            "write the rule as an object",
            &["bone", "notUnder", "why"],
            d,
        ) {
            continue;
        }
        if !e.has("bone") || !e.has("notUnder") {
            let missing = if e.has("bone") { "notUnder" } else { "bone" };
            d.push(
                absent_at(
                    &e,
                    codes::RIG_INVARIANTS_ENTRY_INCOMPLETE,
                    format!("{what} needs a \"{missing}\""),
                )
                .help("a detached rule names the bone and the bone it must not hang under"),
            );
            continue;
        }
        let bone = super::read::string(&e, "bone", &what, d);
        let not_under = super::read::string(&e, "notUnder", &what, d);
        let why = super::read::string(&e, "why", &what, d);
        if let (Some(bone), Some(not_under)) = (bone, not_under) {
            out.push(Detached {
                bone,
                not_under,
                why,
            });
        }
    }
    out
}

/// Reads `deformMayFold`: `[{ slot, why }]`, each naming a slot a mesh
/// attachment fills (an exemption of a slot with no mesh switches nothing off,
/// and is refused).
fn deform_may_fold(node: &Node, cx: &Context, d: &mut Diags) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let Some(entries) = array(
        node,
        "deformMayFold",
        "{ \"slot\": …, \"why\": … }",
        "write \"deformMayFold\": [{ \"slot\": \"<slot>\", \"why\": \"<reason>\" }]",
        d,
    ) else {
        return out;
    };
    let mut seen: Vec<String> = Vec::new();
    for (i, e) in entries.elements().enumerate() {
        let what = format!("invariants.deformMayFold[{i}]");
        if !object_entry(
            &e,
            &what,
            "{ \"slot\": …, \"why\": … }",
            "write the entry as an object",
            &["slot", "why"],
            d,
        ) {
            continue;
        }
        let Some((name, slot_node)) =
            required_name(&e, "deformMayFold", "slot", "<slot>", &what, d)
        else {
            continue;
        };
        let Some(why) = required_why(
            &e,
            &format!("invariants.deformMayFold entry for slot {}", q(&name)),
            "A39_DEFORM_KEEPS_TRIANGLE_WINDING off for that slot",
            d,
        ) else {
            continue;
        };
        if !cx.slots.has(&name) {
            if cx.slots.complete {
                d.push(
                    slot_node
                        .err(
                            codes::RIG_INVARIANTS_SLOT_UNDECLARED,
                            format!(
                                "invariants.deformMayFold exempts slot {}, which this rig does not declare — a name that resolves to nothing exempts nothing, and reads like the exemption worked",
                                q(&name)
                            ),
                        )
                        .help(format!("name a declared slot{}", did_you_mean(&name, &cx.slots.names()))),
                );
            }
            continue;
        }
        if seen.contains(&name) {
            d.push(
                slot_node
                    .err(
                        codes::RIG_INVARIANTS_DUPLICATE,
                        format!("invariants.deformMayFold names slot {} twice", q(&name)),
                    )
                    .help("keep one entry per slot"),
            );
            continue;
        }
        seen.push(name.clone());
        if !cx.mesh_slots.contains(&name) {
            d.push(
                slot_node
                    .err(
                        codes::RIG_INVARIANTS_SLOT_HAS_NO_MESH,
                        format!(
                            "invariants.deformMayFold exempts slot {}, which carries no mesh in any skin — A39 reads only mesh triangles, so the exemption switches nothing off",
                            q(&name)
                        ),
                    )
                    .help("remove the entry, or name the slot whose mesh may fold"),
            );
            continue;
        }
        out.push((name, why));
    }
    out
}

/// Reads `consumerDrivenMix`: `[{ constraint, type: "ik" | "transform", why }]`.
fn consumer_driven_mix(node: &Node, cx: &Context, d: &mut Diags) -> Vec<ConsumerDrivenMix> {
    let mut out: Vec<ConsumerDrivenMix> = Vec::new();
    let Some(entries) = array(
        node,
        "consumerDrivenMix",
        "{ \"constraint\": …, \"type\": \"ik\" | \"transform\", \"why\": … }",
        "write \"consumerDrivenMix\": [{ \"constraint\": \"<name>\", \"type\": \"ik\", \"why\": \"<reason>\" }]",
        d,
    ) else {
        return out;
    };
    for (i, e) in entries.elements().enumerate() {
        let what = format!("invariants.consumerDrivenMix[{i}]");
        if !object_entry(
            &e,
            &what,
            "{ \"constraint\": …, \"type\": …, \"why\": … }",
            "write the entry as an object",
            &["constraint", "type", "why"],
            d,
        ) {
            continue;
        }
        let Some((name, c)) =
            required_name(&e, "consumerDrivenMix", "constraint", "<name>", &what, d)
        else {
            continue;
        };
        let kind = match e.get("type") {
            Some(t) if matches!(t.as_str(), Some("ik") | Some("transform")) => {
                t.as_str().unwrap_or("ik").to_string()
            }
            t => {
                let shown = t
                    .as_ref()
                    .map(|t| t.describe())
                    .unwrap_or_else(|| "absent".into());
                let m = format!(
                    "invariants.consumerDrivenMix entry for constraint {} has type {shown}; only \"ik\" and \"transform\" read this declaration (A47_IK_CONSTRAINT_NOT_MUTED_THROUGHOUT, A48_TRANSFORM_CONSTRAINT_NOT_MUTED_THROUGHOUT)",
                    q(&name)
                );
                let diag = match t {
                    Some(t) => t.err(codes::RIG_INVARIANTS_MIX_TYPE, m),
                    None => absent_at(&e, codes::RIG_INVARIANTS_MIX_TYPE, m),
                };
                d.push(diag.help("write \"type\": \"ik\" or \"type\": \"transform\""));
                continue;
            }
        };
        let rule = if kind == "ik" {
            "A47_IK_CONSTRAINT_NOT_MUTED_THROUGHOUT"
        } else {
            "A48_TRANSFORM_CONSTRAINT_NOT_MUTED_THROUGHOUT"
        };
        let Some(why) = required_why(
            &e,
            &format!(
                "invariants.consumerDrivenMix entry for {kind} constraint {}",
                q(&name)
            ),
            &format!("{rule} off for that constraint"),
            d,
        ) else {
            continue;
        };
        if !cx.constraints.has(&kind, &name) {
            if cx.constraints.complete {
                d.push(
                    c.err(
                        codes::RIG_INVARIANTS_CONSTRAINT_UNDECLARED,
                        format!(
                            "invariants.consumerDrivenMix names {kind} constraint {}, which this rig does not declare — a name that resolves to nothing exempts nothing",
                            q(&name)
                        ),
                    )
                    .help(format!("name a declared {kind} constraint")),
                );
            }
            continue;
        }
        if out.iter().any(|x| x.constraint == name && x.kind == kind) {
            d.push(
                c.err(
                    codes::RIG_INVARIANTS_DUPLICATE,
                    format!(
                        "invariants.consumerDrivenMix names {kind} constraint {} twice",
                        q(&name)
                    ),
                )
                .help("keep one entry per constraint"),
            );
            continue;
        }
        out.push(ConsumerDrivenMix {
            constraint: name,
            kind,
            why,
        });
    }
    out
}
