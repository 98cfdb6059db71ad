//! This module owns parsing `rigc-rig/1` (FORMAT.md §2) into a located
//! [`RigSpec`]: every construct the compiler builds, checked for shape and for
//! every meaning the rig spec settles on its own (names resolve, parents come
//! first, the skin switch has both halves), with each refusal located at the
//! value it refuses. Unknown keys are refused at every level with the nearest
//! known key suggested (DECISIONS.md), before any required-key check.
//!
//! Submodules, one concept each: `read` (typed field readers), `header`
//! (`skeleton`), `bones`, `slots`, `skins` (both forms), `attachments` (one
//! attachment), `mesh` (an authored mesh), `clipping`, `linked` (a linked mesh and its
//! source), `sequence` (a series of frames), `geometry` (polygon vertices), `constraints`, `properties` (a transform's table), `switch` (skin
//! member lists vs `skin: true`), `events`, `invariants`; `types` holds the
//! parsed shapes.

use rigc_diag::codes;

mod attachments;
mod bones;
mod clipping;
mod constraints;
mod events;
mod generator;
mod geometry;
mod header;
mod invariants;
mod linked;
mod mesh;
mod path;
mod physics;
mod properties;
mod read;
mod sequence;
mod skins;
mod slider;
mod slots;
mod switch;
mod types;

#[cfg(test)]
pub(crate) mod tests;

#[cfg(test)]
pub(crate) use mesh::MESH_KEYS;
pub(crate) use physics::COMPONENTS as PHYSICS_COMPONENTS;
pub use types::*;

use read::{absent_at, Diags};
use rigc_diag::cursor::Node;
use rigc_diag::json::Json;
use rigc_diag::source::SourceFile;
use rigc_diag::{Diagnostic, Loc};
use std::sync::Arc;

/// The version string a rig spec declares.
pub const RIG_SPEC: &str = "rigc-rig/1";

/// The keys of the rig spec's top level.
const ROOT_KEYS: &[&str] = &[
    "spec",
    "name",
    "note",
    "skeleton",
    "images",
    "bones",
    "slots",
    "skins",
    "constraints",
    "events",
    "invariants",
];

/// Parses a rig spec document (already read as JSON from `file`), or refuses it
/// with every independent diagnostic found.
pub fn parse(file: &Arc<SourceFile>, json: &Json) -> Result<RigSpec, Vec<Diagnostic>> {
    let root = Node::root(json, file);
    if !root.is_object() {
        return Err(vec![root
            .err(codes::RIG_NOT_AN_OBJECT, "a rig spec must be a JSON object")
            .help(format!(
                "this file holds {}; a rig spec is {{ \"spec\": \"{RIG_SPEC}\", \"name\": …, \"bones\": […], … }}",
                root.describe()
            ))]);
    }
    let unknown = root.unknown_keys(ROOT_KEYS, "the rig spec");
    let quiet = !unknown.is_empty();
    match root.get("spec") {
        Some(s) if s.as_str() == Some(RIG_SPEC) => {}
        Some(s) => {
            return Err(vec![s
                .err(
                    codes::RIG_SPEC_VERSION,
                    format!(
                        "unknown rig spec version {}, expected \"{RIG_SPEC}\"",
                        s.text()
                    ),
                )
                .help(format!("this compiler reads \"spec\": \"{RIG_SPEC}\""))])
        }
        None if quiet => return Err(unknown),
        None => {
            return Err(vec![absent_at(
                &root,
                codes::RIG_SPEC_VERSION,
                format!("unknown rig spec version (absent), expected \"{RIG_SPEC}\""),
            )
            .help(format!(
                "add \"spec\": \"{RIG_SPEC}\" at the top of the file"
            ))])
        }
    }
    let mut d = Diags::new();
    d.extend(unknown);
    let name = name(&root, quiet, &mut d);
    read::string(&root, "note", "the rig spec", &mut d);
    let images = match root.get("images") {
        Some(v) => read::string(&root, "images", "the rig spec", &mut d).map(|value| At {
            value,
            loc: v.loc(),
        }),
        None => None,
    };
    let header = header::parse(&root, &mut d);
    let bones = bones::parse(&root, quiet, &mut d);
    let slots = slots::parse(&root, &bones, quiet, &mut d);
    let constraints = constraints::parse(&root, &bones, &mut d);
    let before_skins = d.len();
    let skins = skins::parse(&root, &bones, &slots, &mut d);
    path::check_slots(
        &constraints.path_slots,
        &slots,
        &skins,
        d.len() == before_skins,
        &mut d,
    );
    switch::check(&skins, &bones, &constraints, &mut d);
    clipping::check_ends(&skins, &slots.list, &mut d);
    linked::check_sources(&skins, &mut d);
    sequence::check_total(&skins, &mut d);
    let events = events::parse(&root, &mut d);
    let cx = invariants::Context {
        rig: name.as_ref().map(|n| n.value.as_str()).unwrap_or(""),
        bones: &bones,
        slots: &slots,
        constraints: &constraints,
        mesh_slots: skins
            .iter()
            .flat_map(|s| s.slots.iter())
            .filter(|s| {
                s.entries.iter().any(|e| {
                    matches!(
                        e.kind,
                        AttachmentKind::Mesh(_) | AttachmentKind::Generated(_)
                    )
                })
            })
            .map(|s| s.slot.clone())
            .collect(),
    };
    let invariants = invariants::parse(&root, &cx, &mut d);
    generator_budget(&skins, &cx, invariants.mesh_slots, &root, &mut d);
    match name {
        Some(name) if d.is_empty() => Ok(RigSpec {
            name,
            images,
            header,
            bones: bones.list,
            slots: slots.list,
            skins,
            constraints: constraints.list,
            events,
            invariants,
            sliders: constraints.sliders,
        }),
        _ => Err(d.into_vec()),
    }
}

/// FORMAT.md §2.7.3: a rig that invokes a generator must declare
/// `invariants.meshSlots` (undeclared is a budget of 0).
fn generator_budget(
    skins: &[SkinSpec],
    cx: &invariants::Context,
    declared: Option<u32>,
    root: &Node,
    d: &mut Diags,
) {
    let first = skins
        .iter()
        .flat_map(|s| s.slots.iter().flat_map(|x| x.entries.iter()))
        .find_map(|e| match &e.kind {
            AttachmentKind::Generated(g) => Some(g.generator.loc.clone()),
            _ => None,
        });
    let (Some(at), None) = (first, declared) else {
        return;
    };
    let n = cx.mesh_slots.len();
    d.push(
        Diagnostic::new(
            codes::RIG_GENERATOR_MESH_SLOTS,
            format!(
                "{n} mesh slot(s) emitted but the rig {} allows 0 — a mesh rigc GENERATED counts against `invariants.meshSlots`, and a rig that invokes a generator must declare it",
                rigc_diag::json::quote(cx.rig)
            ),
        )
        .at(at)
        .related("the rig's top level, where \"invariants\" goes", root.loc())
        .help(format!("add \"invariants\": {{ \"meshSlots\": {n} }} (and \"meshTriangles\", or A13 skips)")),
    );
}

/// Reads the rig's `name` (a non-empty string).
fn name(root: &Node, quiet: bool, d: &mut Diags) -> Option<At<String>> {
    let message = "a rig spec needs a \"name\" — a motion spec names it to pick this rig";
    let help = "add \"name\": \"<rig name>\"; the motion spec's \"archetype\" must equal it";
    match root.get("name") {
        Some(n) => match n.as_str() {
            Some(s) if !s.is_empty() => Some(At {
                value: s.to_string(),
                loc: n.loc(),
            }),
            _ => {
                d.push(n.err(codes::RIG_NAME_MISSING, message).help(help));
                None
            }
        },
        None => {
            if !quiet {
                d.push(absent_at(root, codes::RIG_NAME_MISSING, message.to_string()).help(help));
            }
            None
        }
    }
}

impl RigSpec {
    /// The rig's `name`.
    pub fn name(&self) -> &str {
        &self.name.value
    }

    /// Where the rig's `name` is.
    pub fn name_loc(&self) -> &Loc {
        &self.name.loc
    }

    /// The rig's own `images` directory, as written, and where it is.
    pub fn images_dir(&self) -> Option<(&str, &Loc)> {
        self.images.as_ref().map(|i| (i.value.as_str(), &i.loc))
    }

    /// Every distinct attachment `image` value, as written, in first-use order
    /// (skin declaration order → the skin's slot-key order → placeholder order),
    /// with the location of its first use; a `sequence`'s frames stand where
    /// its attachment's image would, located at the block.
    pub fn image_refs(&self) -> Vec<(String, Loc)> {
        let mut seen = std::collections::HashSet::new();
        let mut out: Vec<(String, Loc)> = Vec::new();
        let mut push = |value: String, loc: &Loc| {
            if seen.insert(value.clone()) {
                out.push((value, loc.clone()));
            }
        };
        for e in self.entries() {
            let image = match &e.kind {
                AttachmentKind::Region(r) => r.image.as_ref(),
                AttachmentKind::Mesh(m) => m.image.as_ref(),
                AttachmentKind::LinkedMesh(l) => l.image.as_ref(),
                AttachmentKind::Generated(g) => Some(&g.image),
                _ => None,
            };
            if let Some(i) = image {
                push(i.value.clone(), &i.loc);
            }
            if let Some(q) = &e.sequence {
                for f in q.frames() {
                    push(f, &q.loc);
                }
            }
        }
        out
    }

    /// Every skin entry, skins in declaration order, then slots, then placeholders.
    fn entries(&self) -> impl Iterator<Item = &AttachmentSpec> {
        self.skins
            .iter()
            .flat_map(|s| s.slots.iter())
            .flat_map(|s| s.entries.iter())
    }

    /// Every `sequence` frame's `image` value.
    pub fn sequence_frames(&self) -> std::collections::HashSet<String> {
        self.entries()
            .flat_map(|e| e.sequence.iter().flat_map(|q| q.frames()))
            .collect()
    }

    /// Every depth sheet and soft mask a generator names (FORMAT.md §2.7.4,
    /// §2.7.5), distinct, in first-use order, with the location of its first
    /// use and what it is (`the depth map`, `the soft mask`). They are read
    /// beside the part images and are no atlas page.
    pub fn sheet_refs(&self) -> Vec<(String, Loc, &'static str)> {
        let mut out: Vec<(String, Loc, &'static str)> = Vec::new();
        for slot in self.skins.iter().flat_map(|s| s.slots.iter()) {
            for e in &slot.entries {
                let AttachmentKind::Generated(g) = &e.kind else {
                    continue;
                };
                let depth = g
                    .generator
                    .depth
                    .as_ref()
                    .map(|d| (&d.image, "the depth map"));
                let soft = g
                    .generator
                    .soft
                    .as_ref()
                    .map(|s| (&s.mask, "the soft mask"));
                for (at, what) in depth.into_iter().chain(soft) {
                    if !out.iter().any(|(v, _, _)| *v == at.value) {
                        out.push((at.value.clone(), at.loc.clone(), what));
                    }
                }
            }
        }
        out
    }
}
