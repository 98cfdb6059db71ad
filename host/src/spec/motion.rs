//! This module owns parsing `rigc-motion/1` (FORMAT.md §3) into a located [`MotionSpec`].
//!
//! The parser checks the *shape* of the file — every refusal of FORMAT.md §3.17 and
//! the shape refusals of §3.1–§3.13, each `` `<key path>` is <what it is>; <the
//! spelling that works> `` — and refuses unknown keys at every level by name. What a
//! value *means* (does the bone exist, does the key's `v` fit the property, do the
//! times increase) is the animation stage's question (`stages::animation`), so a
//! key's `v` and `curve` are kept here as written ([`RawValue`]), located.
//!
//! The `physics` table is `physics`', a `path` track's shape is `path`'s.

use rigc_diag::codes;

mod animations;
mod deform;
mod derive;
mod families;
mod path;
mod physics;
mod shape;
mod tables;
#[cfg(test)]
pub(crate) mod tests;

pub use deform::{DeformKeySpec, DeformTrackSpec, KeyRun, Start, TransformSpec};
pub use derive::{Depth, DeriveKind, DeriveSpec};
pub use families::Family as ConstraintFamily;
pub use physics::PhysicsSpec;
pub use shape::secs;

use super::setup_entry::SetupEntry;
use rigc_diag::cursor::{Node, Seg};
use rigc_diag::json::Json;
use rigc_diag::source::SourceFile;
use rigc_diag::{Diagnostic, Loc};
use std::sync::Arc;

/// The only motion spec version this compiler reads.
pub const MOTION_SPEC_VERSION: &str = "rigc-motion/1";

/// A parsed, shape-checked motion spec.
#[derive(Debug, Clone)]
pub struct MotionSpec {
    /// `archetype`: the rig's `name`.
    pub archetype: String,
    /// Where `archetype` is.
    pub archetype_loc: Loc,
    /// `cut`: the shot's label, when stated.
    pub cut: Option<Named>,
    /// `note`, when stated.
    pub note: Option<String>,
    /// `easings`, in declaration order (the built-in `"stepped"` is not listed).
    pub easings: Vec<EasingSpec>,
    /// `groups`, in declaration order.
    pub groups: Vec<GroupSpec>,
    /// `setup` entries, in declaration order.
    pub setup: Vec<SetupEntry>,
    /// `mix`: the player's mix table (checked, never emitted).
    pub mix: Option<MixSpec>,
    /// `physics`, in table order.
    pub physics: Vec<PhysicsSpec>,
    /// `animations`, in declaration order (the emitter sorts them).
    pub animations: Vec<AnimationSpec>,
}

impl MotionSpec {
    /// The easing called `name`, if the spec declares one.
    pub fn easing(&self, name: &str) -> Option<&EasingSpec> {
        self.rest().easing(name)
    }

    /// The group called `name`, if the spec declares one.
    pub fn group(&self, name: &str) -> Option<&GroupSpec> {
        self.rest().group(name)
    }

    /// Everything but the animations: what one animation reads of the rest of
    /// the spec (its key covers the same, `parse:motion`'s `rest` hash).
    pub fn rest(&self) -> MotionRest<'_> {
        MotionRest {
            archetype: &self.archetype,
            easings: &self.easings,
            groups: &self.groups,
            setup: &self.setup,
            mix: self.mix.as_ref(),
            physics: &self.physics,
        }
    }
}

/// A motion spec without its animations (see [`MotionSpec::rest`]).
#[derive(Debug, Clone, Copy)]
pub struct MotionRest<'a> {
    /// `archetype`.
    pub archetype: &'a str,
    /// `easings`, in declaration order.
    pub easings: &'a [EasingSpec],
    /// `groups`, in declaration order.
    pub groups: &'a [GroupSpec],
    /// `setup` entries, in declaration order.
    pub setup: &'a [SetupEntry],
    /// `mix`.
    pub mix: Option<&'a MixSpec>,
    /// `physics`, in table order.
    pub physics: &'a [PhysicsSpec],
}

impl<'a> MotionRest<'a> {
    /// The easing called `name`, if the spec declares one.
    pub fn easing(&self, name: &str) -> Option<&'a EasingSpec> {
        self.easings.iter().find(|e| e.name == name)
    }

    /// The group called `name`, if the spec declares one.
    pub fn group(&self, name: &str) -> Option<&'a GroupSpec> {
        self.groups.iter().find(|g| g.name == name)
    }
}

/// A name as written, with where it is.
#[derive(Debug, Clone)]
pub struct Named {
    /// The name.
    pub name: String,
    /// Where the string is.
    pub loc: Loc,
}

/// A JSON value kept as written, with its place in the file, for a later stage to
/// interpret (a key's `v` and `curve`).
#[derive(Debug, Clone)]
pub struct RawValue {
    /// The value.
    pub json: Json,
    /// The file it is in.
    pub file: Arc<SourceFile>,
    /// Its path from the document root.
    pub path: Vec<Seg>,
}

impl RawValue {
    fn of(node: &Node) -> Self {
        RawValue {
            json: node.json.clone(),
            file: node.file.clone(),
            path: node.path.clone(),
        }
    }

    /// The value as a located [`Node`], for navigation and refusals.
    pub fn node(&self) -> Node<'_> {
        Node {
            json: &self.json,
            file: &self.file,
            path: self.path.clone(),
        }
    }
}

/// `easings."<name>": [hx1, hy1, hx2, hy2]`.
#[derive(Debug, Clone)]
pub struct EasingSpec {
    /// The easing's name.
    pub name: String,
    /// The normalised graph-view handles.
    pub handles: [f64; 4],
    /// Where the array is.
    pub loc: Loc,
}

/// `groups."<name>": [member, …]`.
#[derive(Debug, Clone)]
pub struct GroupSpec {
    /// The group's name.
    pub name: String,
    /// Where the array is.
    pub loc: Loc,
    /// Members, in order (stagger and value maps count them in this order).
    pub members: Vec<Named>,
}

/// `mix: { default, pairs? }` — the player's AnimationStateData table.
#[derive(Debug, Clone)]
pub struct MixSpec {
    /// `default` mix duration, seconds.
    pub default: f64,
    /// `pairs`, in order.
    pub pairs: Vec<MixPair>,
}

/// `mix.pairs[i]: ["<from>", "<to>", <seconds>]`.
#[derive(Debug, Clone)]
pub struct MixPair {
    /// The animation mixed from.
    pub from: String,
    /// The animation mixed to.
    pub to: String,
    /// The mix duration, seconds.
    pub seconds: f64,
    /// Where the triple is.
    pub loc: Loc,
}

/// One animation of `animations`.
#[derive(Debug, Clone)]
pub struct AnimationSpec {
    /// The animation's name (the table key).
    pub name: String,
    /// Where the animation's object is.
    pub loc: Loc,
    /// `duration`, seconds (finite, ≥ 0).
    pub duration: f64,
    /// Where `duration` is.
    pub duration_loc: Loc,
    /// `loop`: a player hint, never emitted.
    pub looping: Option<bool>,
    /// `note`, when stated.
    pub note: Option<String>,
    /// `tracks`, in order.
    pub tracks: Vec<TrackSpec>,
    /// `drawOrder`, when stated.
    pub draw_order: Option<FamilySpec<DrawOrderKeySpec>>,
    /// `events`, when stated.
    pub events: Option<FamilySpec<EventKeySpec>>,
    /// `ik` timelines, in order.
    pub ik: Vec<ConstraintTrackSpec>,
    /// `transform` timelines, in order.
    pub transform: Vec<ConstraintTrackSpec>,
    /// `deform` timelines, in order.
    pub deform: Vec<DeformTrackSpec>,
    /// The `path` tracks of `tracks`, in order (FORMAT.md §3.15).
    pub path: Vec<PathTrackSpec>,
}

/// One `path` track: a path constraint's `position`, `spacing` or `mix`.
#[derive(Debug, Clone)]
pub struct PathTrackSpec {
    /// Where the track's object is.
    pub loc: Loc,
    /// The path constraint it keys (`"path"`), where the name is.
    pub constraint: Named,
    /// The timeline (`"property"`).
    pub timeline: rigc_sdk::model::names::PathTimeline,
    /// Where `property` is.
    pub property_loc: Loc,
    /// `lag`, seconds (0 when absent).
    pub lag: f64,
    /// The keys, in order.
    pub keys: Vec<KeySpec>,
    /// Where the `keys` array is.
    pub keys_loc: Loc,
}

impl AnimationSpec {
    /// The deform kinds its `transform` keys name, sorted, each once.
    pub fn deform_kinds(&self) -> Vec<String> {
        let mut kinds: Vec<String> = self
            .deform
            .iter()
            .flat_map(|t| &t.keys)
            .filter_map(|k| match &k.run {
                KeyRun::Transform(tr) => Some(tr.kind.name.clone()),
                _ => None,
            })
            .collect();
        kinds.sort();
        kinds.dedup();
        kinds
    }
}

/// A key list that sits on the animation itself (`drawOrder`, `events`).
#[derive(Debug, Clone)]
pub struct FamilySpec<K> {
    /// Where the array is.
    pub loc: Loc,
    /// The keys, in order.
    pub keys: Vec<K>,
}

/// Which kind of target a track field names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TargetKind {
    /// `bone`.
    Bone,
    /// `slot`.
    Slot,
    /// `group`.
    Group,
    /// `slider`: a slider constraint's timeline (§3.15).
    Slider,
    /// `physics` (the empty name: every physics constraint, the global form).
    Physics,
}

impl TargetKind {
    /// The field name (`bone`, `slot`, `group`).
    pub fn field(self) -> &'static str {
        match self {
            TargetKind::Bone => "bone",
            TargetKind::Slot => "slot",
            TargetKind::Group => "group",
            TargetKind::Slider => "slider",
            TargetKind::Physics => "physics",
        }
    }
}

/// One target field of a track (`"bone": "hip"`).
#[derive(Debug, Clone)]
pub struct TrackTarget {
    /// Which field.
    pub kind: TargetKind,
    /// The name it gives, where it is.
    pub name: Named,
}

/// One element of `tracks`.
#[derive(Debug, Clone)]
pub struct TrackSpec {
    /// Where the track's object is.
    pub loc: Loc,
    /// Every target field the track states, in the order slot, group, bone,
    /// physics (a valid
    /// track states exactly one; the animation stage refuses the others).
    pub targets: Vec<TrackTarget>,
    /// `property`, as written.
    pub property: Named,
    /// `lag`, seconds (0 when absent).
    pub lag: f64,
    /// `stagger`, seconds per member index (0 when absent).
    pub stagger: f64,
    /// The keys, in order.
    pub keys: Vec<KeySpec>,
    /// Where the `keys` array is.
    pub keys_loc: Loc,
}

/// One key of a track.
#[derive(Debug, Clone)]
pub struct KeySpec {
    /// Where the key's object is.
    pub loc: Loc,
    /// `t`, seconds as authored (before lag/stagger).
    pub t: f64,
    /// Where `t` is.
    pub t_loc: Loc,
    /// `v` as written (its meaning depends on the property).
    pub v: Option<RawValue>,
    /// `derive`, shape-checked (the stage evaluates it per member).
    pub derive: Option<DeriveSpec>,
    /// `ease`, when stated.
    pub ease: Option<Named>,
    /// `curve` as written, when stated.
    pub curve: Option<RawValue>,
}

/// One key of `drawOrder`.
#[derive(Debug, Clone)]
pub struct DrawOrderKeySpec {
    /// Where the key's object is.
    pub loc: Loc,
    /// `t`, seconds.
    pub t: f64,
    /// Where `t` is.
    pub t_loc: Loc,
    /// `offsets` (absent = restore the setup order).
    pub offsets: Vec<OffsetSpec>,
}

/// One element of a draw-order key's `offsets`.
#[derive(Debug, Clone)]
pub struct OffsetSpec {
    /// `slot`.
    pub slot: Named,
    /// `offset`, as written (whole-number check is the stage's).
    pub offset: f64,
    /// Where `offset` is.
    pub offset_loc: Loc,
}

/// One key of `events`.
#[derive(Debug, Clone)]
pub struct EventKeySpec {
    /// Where the key's object is.
    pub loc: Loc,
    /// `t`, seconds.
    pub t: f64,
    /// Where `t` is.
    pub t_loc: Loc,
    /// `name`: the event fired.
    pub name: Named,
    /// `int` override.
    pub int: Option<i64>,
    /// `float` override.
    pub float: Option<f64>,
    /// `string` override.
    pub string: Option<String>,
    /// `volume` override, with where it is.
    pub volume: Option<(f64, Loc)>,
    /// `balance` override, with where it is.
    pub balance: Option<(f64, Loc)>,
}

/// One element of an animation's `ik` or `transform`.
#[derive(Debug, Clone)]
pub struct ConstraintTrackSpec {
    /// Where the timeline's object is.
    pub loc: Loc,
    /// `constraint`.
    pub constraint: Named,
    /// The keys, in order.
    pub keys: Vec<ConstraintKeySpec>,
    /// Where the `keys` array is.
    pub keys_loc: Loc,
}

/// One key of an `ik` or `transform` timeline.
#[derive(Debug, Clone)]
pub struct ConstraintKeySpec {
    /// Where the key's object is.
    pub loc: Loc,
    /// `t`, seconds.
    pub t: f64,
    /// Where `t` is.
    pub t_loc: Loc,
    /// The value fields the key states, in source order.
    pub fields: Vec<KeyField>,
    /// `ease`, when stated.
    pub ease: Option<Named>,
    /// `curve` as written, when stated.
    pub curve: Option<RawValue>,
}

impl ConstraintKeySpec {
    /// The stated field called `name`.
    pub fn field(&self, name: &str) -> Option<&KeyField> {
        self.fields.iter().find(|f| f.name == name)
    }
}

/// A stated value field of a constraint key (`mix`, `bendPositive`, …).
#[derive(Debug, Clone)]
pub struct KeyField {
    /// The field name as the runtime reads it.
    pub name: &'static str,
    /// The value.
    pub value: FieldValue,
    /// Where the value is.
    pub loc: Loc,
}

/// A constraint key field's value.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum FieldValue {
    /// A finite number.
    Num(f64),
    /// A boolean.
    Bool(bool),
}

/// Parses a motion spec, refusing every shape error at once.
pub fn parse(file: &Arc<SourceFile>, json: &Json) -> Result<MotionSpec, Vec<Diagnostic>> {
    let mut cx = shape::Cx::default();
    let root = Node::root(json, file);
    let spec = parse_root(&mut cx, &root);
    match spec {
        Some(spec) if cx.diags.is_empty() => Ok(spec),
        _ => Err(cx.diags.into_vec()),
    }
}

/// Refuses a motion spec whose `archetype` is not the rig's `name` (FORMAT.md §3.1).
pub fn check_archetype(motion: &MotionSpec, rig_name: &str, rig_path: &str) -> Option<Diagnostic> {
    (motion.archetype != rig_name).then(|| {
        Diagnostic::new(
            codes::MOTION_ARCHETYPE_MISMATCH,
            format!(
                "motion spec names archetype {} but the rig spec at {rig_path} is called {}",
                rigc_diag::json::quote(&motion.archetype),
                rigc_diag::json::quote(rig_name)
            ),
        )
        .at(motion.archetype_loc.clone())
        .help(format!(
            "set `archetype` to {} — a motion spec animates the rig it names",
            rigc_diag::json::quote(rig_name)
        ))
    })
}

const TOP_KEYS: &[&str] = &[
    "spec",
    "archetype",
    "cut",
    "note",
    "easings",
    "groups",
    "setup",
    "physics",
    "animations",
    "mix",
];

fn parse_root(cx: &mut shape::Cx, root: &Node) -> Option<MotionSpec> {
    if !root.is_object() {
        cx.push(
            root.err(
                codes::MOTION_NOT_OBJECT,
                format!("a motion spec must be a JSON object, and this file holds {}", root.describe()),
            )
            .help(format!("write the motion spec as an object: {{ \"spec\": \"{MOTION_SPEC_VERSION}\", \"archetype\": \"<rig name>\", \"easings\": {{}}, \"animations\": {{}} }}")),
        );
        return None;
    }
    cx.unknown(root, TOP_KEYS);
    check_version(cx, root);
    let archetype = cx.nonempty_str(
        root,
        "archetype",
        true,
        codes::MOTION_ARCHETYPE,
        "it names the rig this motion animates — the rig spec's `name`, a non-empty string",
    );
    let cut = cx.nonempty_str(
        root,
        "cut",
        false,
        codes::MOTION_CUT,
        "it is a label for the shot, a non-empty string",
    );
    let note = cx.note(root);
    let easings = tables::easings(cx, root);
    let groups = tables::groups(cx, root);
    let setup = tables::setup(cx, root);
    let physics = physics::table(cx, root);
    let animations = animations::animations(cx, root);
    let mix = tables::mix(cx, root, &animations);
    let (archetype, archetype_loc) = archetype?;
    Some(MotionSpec {
        archetype,
        archetype_loc,
        cut: cut.map(|(name, loc)| Named { name, loc }),
        note,
        easings,
        groups,
        setup,
        mix,
        physics,
        animations,
    })
}

fn check_version(cx: &mut shape::Cx, root: &Node) {
    let (found, loc) = match root.get("spec") {
        Some(s) if s.as_str() == Some(MOTION_SPEC_VERSION) => return,
        Some(s) => (s.text().to_string(), Some(s)),
        None => ("absent".to_string(), None),
    };
    let d = Diagnostic::new(
        codes::MOTION_SPEC_VERSION,
        format!("unknown motion spec version: {found}, expected \"{MOTION_SPEC_VERSION}\""),
    )
    .help(format!("write \"spec\": \"{MOTION_SPEC_VERSION}\""));
    cx.push(match loc {
        Some(node) => d.at(node.loc()),
        None => d.at_without_value(root.loc()),
    });
}
