//! This module owns the `"gate"` stage's payloads: what a rule plugin is
//! handed ([`GateInput`]: the emitted text, the atlas pages' bytes, what the
//! build knows beyond the file) and what it answers ([`GateReply`]: one
//! [`Outcome`] per rule, each failure with the [`Subject`] it is about where
//! there is one). Every value here crosses the boundary as JSON; none is a
//! path for a plugin to open.

use serde::{Deserialize, Serialize};

/// An axis-aligned box: `x, y, width, height` (y up).
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
pub struct Bounds {
    /// Left edge.
    pub x: f64,
    /// Bottom edge (y up).
    pub y: f64,
    /// Width.
    pub width: f64,
    /// Height.
    pub height: f64,
}

/// Which rules run (GATE.md §2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Profile {
    /// Validity rules only (the default).
    Spine,
    /// Every rule.
    SpineHtml,
}

impl Profile {
    /// The CLI name.
    pub fn name(self) -> &'static str {
        match self {
            Profile::Spine => "spine",
            Profile::SpineHtml => "spine-html",
        }
    }

    /// Parses a CLI name.
    pub fn from_name(name: &str) -> Option<Profile> {
        match name {
            "spine" => Some(Profile::Spine),
            "spine-html" => Some(Profile::SpineHtml),
            _ => None,
        }
    }

    /// Does this profile run rules of `kind`?
    pub fn runs(self, kind: RuleKind) -> bool {
        kind == RuleKind::Validity || self == Profile::SpineHtml
    }
}

/// A rule's kind (GATE.md §2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RuleKind {
    /// The file is wrong for any consumer.
    Validity,
    /// Valid Spine that rigc's renderer or frame budget refuses.
    Renderer,
    /// A rule about rigc's own formations; reads `RigInfo`.
    Archetype,
}

impl RuleKind {
    /// The word printed on PROF lines.
    pub fn word(self) -> &'static str {
        match self {
            RuleKind::Validity => "validity",
            RuleKind::Renderer => "renderer",
            RuleKind::Archetype => "archetype",
        }
    }
}

/// An animation the motion spec declares, with its declared duration.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DeclaredAnimation {
    /// Name.
    pub name: String,
    /// Seconds.
    pub duration: f64,
}

/// A `detached` invariant: `bone` must not be under `not_under`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Detached {
    /// The bone.
    pub bone: String,
    /// The bone it must not descend from.
    pub not_under: String,
    /// Why (optional).
    pub why: Option<String>,
}

/// A `consumerDrivenMix` declaration.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ConsumerDrivenMix {
    /// Constraint name.
    pub constraint: String,
    /// `ik` or `transform`.
    pub kind: String,
    /// Why.
    pub why: String,
}

/// The rig spec's `invariants` block, as the rules read it.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Invariants {
    /// `meshSlots`.
    pub mesh_slots: Option<u32>,
    /// `meshTriangles`.
    pub mesh_triangles: Option<u32>,
    /// `axisBone`.
    pub axis_bone: Option<String>,
    /// `massBone`.
    pub mass_bone: Option<String>,
    /// `detached` rules.
    pub detached: Vec<Detached>,
    /// `deformMayFold`: `(slot, why)`.
    pub deform_may_fold: Vec<(String, String)>,
    /// `consumerDrivenMix`.
    pub consumer_driven_mix: Vec<ConsumerDrivenMix>,
    /// `idleDrivesMeshes.why`, when declared.
    pub idle_drives_meshes: Option<String>,
}

/// What a build knows about the rig beyond the Spine file (GATE.md's `RigInfo`).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct RigInfo {
    /// The rig's `name`.
    pub name: String,
    /// The rig spec's slot table, in declaration order.
    pub slot_order: Vec<String>,
    /// Declared animations and durations (from the motion spec).
    pub animations: Vec<DeclaredAnimation>,
    /// The invariants block.
    pub invariants: Invariants,
    /// The rig's declared stage (`skeleton.x/y/width/height`), if any.
    pub stage: Option<Bounds>,
    /// Regions named as base plates (full-stage art that may be opaque).
    pub base_plates: Vec<String>,
    /// Mesh kind per slot (`ring`, `ribbon`, `contour`, `grid`, `segments`,
    /// `authored`; a slot not listed is `ring`).
    pub mesh_kinds: Vec<(String, String)>,
    /// Per slot, the bones its generated mesh declares (A20: each must be bound).
    #[serde(default)]
    pub mesh_declared_bones: Vec<(String, Vec<String>)>,
    /// Per slot, the soft bone of its generated mesh's soft region (A21).
    #[serde(default)]
    pub mesh_soft_bones: Vec<(String, String)>,
    /// The cut manifest's stroke facts (A29, A30); `None`: no manifest.
    #[serde(default)]
    pub stroke: Option<Stroke>,
}

/// A cut manifest's `stroke` block: how far the axis stroke may advance inward.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Stroke {
    /// `stroke.contact_depth`: where the two masses meet, px (A29).
    pub contact_depth: Option<f64>,
    /// `stroke.cap_containment_ceiling`: where the leading contour leaves the
    /// occluder's opaque footprint, px (A30).
    pub cap_containment_ceiling: Option<f64>,
    /// The inward unit vector the mass bone's translate keys are projected on.
    pub inward_unit: [f64; 2],
}

/// The emitted artifacts of a second, independent compile (A18).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct SecondCompile {
    /// Its `skeleton.json` text.
    pub skeleton_text: String,
    /// Its `skeleton.atlas` text.
    pub atlas_text: String,
}

/// Everything the gate is handed: the emitted text, the atlas pages' files,
/// and what the build knows beyond the file. Serialisable: it is what crosses
/// the plugin boundary. It carries bytes and values, never a path to open: the
/// host reads every file a rule needs.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GateInput {
    /// The profile the gate runs under.
    pub profile: Profile,
    /// The `skeleton.json` text.
    pub skeleton_text: String,
    /// The `skeleton.atlas` text (`None`: no atlas to check).
    pub atlas_text: Option<String>,
    /// Rig info, when the gate runs inside a build (or validate with specs).
    pub rig: Option<RigInfo>,
    /// The second compile, when there is one (build only).
    pub second: Option<SecondCompile>,
    /// The atlas's pages as the host found them, in the atlas's page order:
    /// each page's file read from where the atlas names it (the atlas file's
    /// directory) — or, under `--copy-images`, from the source a green build
    /// will copy it from.
    #[serde(default)]
    pub pages: Vec<PageFile>,
}

/// One atlas page's image file, as the host read it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PageFile {
    /// The page line (the atlas's name for it).
    pub name: String,
    /// Where the host looked: absolute and lexically normalised (`a/../b` is
    /// `b`), for messages only.
    pub path: String,
    /// What it found there.
    pub content: PageContent,
}

/// What the host found where a page's file should be.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PageContent {
    /// The file's bytes (base64 in the JSON).
    Bytes(#[serde(with = "crate::bytes")] Vec<u8>),
    /// Nothing is there.
    Missing,
    /// Something is there and reading it failed (a directory, no
    /// permission…): why.
    Unreadable(String),
}

/// The input of a `"gate"` call.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct GateCall {
    /// What the gate is handed.
    pub gate: GateInput,
    /// The plugin's configuration from `rigc.toml` (`null` when none).
    #[serde(default)]
    pub config: serde_json::Value,
}

/// What one rule found: failures (one line each, each about a subject where
/// there is one), or a skip reason, plus stats.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Outcome {
    /// One entry per finding; any failure makes the rule FAIL.
    pub failures: Vec<Failure>,
    /// Why there was nothing to measure (only meaningful with no failure).
    pub skip: Option<String>,
    /// `k=v` pairs for the stats line (values contain no spaces).
    pub stats: Vec<(String, String)>,
}

impl Outcome {
    /// Records a failure about the skeleton as a whole.
    pub fn fail(&mut self, detail: impl Into<String>) {
        self.failures.push(Failure {
            detail: detail.into(),
            subject: None,
        });
    }

    /// Records a failure about `subject` (an animation, a timeline, a key, a
    /// slot, an attachment…): the host points it at the spec that produced it.
    pub fn fail_at(&mut self, subject: Subject, detail: impl Into<String>) {
        self.failures.push(Failure {
            detail: detail.into(),
            subject: Some(subject),
        });
    }

    /// Records a skip.
    pub fn skip(&mut self, reason: impl Into<String>) {
        self.skip = Some(reason.into());
    }

    /// Adds a stats pair (spaces in the value are replaced by `_`).
    pub fn stat(&mut self, key: impl Into<String>, value: impl ToString) {
        self.stats
            .push((key.into(), value.to_string().replace(' ', "_")));
    }

    /// The failures' details, in order.
    pub fn details(&self) -> Vec<&str> {
        self.failures.iter().map(|f| f.detail.as_str()).collect()
    }
}

/// One finding of a rule. In JSON a failure with no subject is its detail
/// string alone (what plugins built before subjects existed send), and one
/// with a subject is `{ "detail", "subject" }`; both read back.
#[derive(Debug, Clone, PartialEq)]
pub struct Failure {
    /// The FAIL line's text.
    pub detail: String,
    /// What in the skeleton it is about, when it is about one thing.
    pub subject: Option<Subject>,
}

/// A failure about no subject.
impl From<String> for Failure {
    fn from(detail: String) -> Failure {
        Failure {
            detail,
            subject: None,
        }
    }
}

/// A failure about no subject.
impl From<&str> for Failure {
    fn from(detail: &str) -> Failure {
        Failure::from(detail.to_string())
    }
}

/// A failure reads as its detail.
impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.detail)
    }
}

/// A failure equals a text when its detail is that text (its subject aside).
impl PartialEq<str> for Failure {
    fn eq(&self, other: &str) -> bool {
        self.detail == other
    }
}

/// A failure equals a text when its detail is that text (its subject aside).
impl PartialEq<&str> for Failure {
    fn eq(&self, other: &&str) -> bool {
        self.detail == *other
    }
}

/// A failure equals a text when its detail is that text (its subject aside).
impl PartialEq<String> for Failure {
    fn eq(&self, other: &String) -> bool {
        self.detail == *other
    }
}

impl Serialize for Failure {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct Located<'a> {
            detail: &'a str,
            subject: &'a Subject,
        }
        match &self.subject {
            None => s.serialize_str(&self.detail),
            Some(subject) => Located {
                detail: &self.detail,
                subject,
            }
            .serialize(s),
        }
    }
}

impl<'de> Deserialize<'de> for Failure {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Form {
            Plain(String),
            Located {
                detail: String,
                #[serde(default)]
                subject: Option<Subject>,
            },
        }
        Ok(match Form::deserialize(d)? {
            Form::Plain(detail) => Failure {
                detail,
                subject: None,
            },
            Form::Located { detail, subject } => Failure { detail, subject },
        })
    }
}

/// What a finding is about, in the skeleton's own terms: an animation and,
/// within it, a timeline of a target and a key; or a thing of the setup (a
/// bone, a slot, an attachment, a constraint, an event, a page). The host
/// maps it back to the spec value that produced it. Fields a rule does not
/// know stay `None`; unknown fields are ignored on reading.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Subject {
    /// The animation, when the finding is in one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub animation: Option<String>,
    /// The bone, slot, attachment, constraint, event or page.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<Target>,
    /// The Spine timeline's name (`rotate`, `rgba`, `attachment`, `deform`,
    /// `drawOrder`, `events`, `mix`…), within the animation.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timeline: Option<String>,
    /// The key's index within that timeline (0-based, as emitted).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub key: Option<usize>,
}

/// The thing of the skeleton a subject names.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Target {
    /// A bone, by name.
    Bone(String),
    /// A slot, by name.
    Slot(String),
    /// An attachment: the skin, the slot and the attachment's name in it.
    Attachment {
        /// The skin (`default` for the default skin).
        skin: String,
        /// The slot.
        slot: String,
        /// The attachment's name in that skin and slot.
        name: String,
    },
    /// A constraint: its type (`ik`, `transform`, `path`, `physics`,
    /// `slider`) and name.
    Constraint {
        /// The constraint's type.
        kind: String,
        /// Its name.
        name: String,
    },
    /// An event, by name.
    Event(String),
    /// A skin, by name.
    Skin(String),
    /// An atlas page, by its page line.
    Page(String),
    /// An atlas region, by name.
    Region(String),
}

impl Subject {
    /// A subject in animation `name`.
    pub fn animation(name: impl Into<String>) -> Subject {
        Subject {
            animation: Some(name.into()),
            ..Subject::default()
        }
    }

    /// A subject of the setup: `target`.
    pub fn of(target: Target) -> Subject {
        Subject {
            target: Some(target),
            ..Subject::default()
        }
    }

    /// The bone `name`.
    pub fn bone(name: impl Into<String>) -> Subject {
        Subject::of(Target::Bone(name.into()))
    }

    /// The slot `name`.
    pub fn slot(name: impl Into<String>) -> Subject {
        Subject::of(Target::Slot(name.into()))
    }

    /// The attachment `name` of `slot` in `skin`.
    pub fn attachment(
        skin: impl Into<String>,
        slot: impl Into<String>,
        name: impl Into<String>,
    ) -> Subject {
        Subject::of(Target::Attachment {
            skin: skin.into(),
            slot: slot.into(),
            name: name.into(),
        })
    }

    /// The constraint `name` of type `kind`.
    pub fn constraint(kind: impl Into<String>, name: impl Into<String>) -> Subject {
        Subject::of(Target::Constraint {
            kind: kind.into(),
            name: name.into(),
        })
    }

    /// This subject, about `target`.
    pub fn on(mut self, target: Target) -> Subject {
        self.target = Some(target);
        self
    }

    /// This subject, in timeline `name` of its target.
    pub fn timeline(mut self, name: impl Into<String>) -> Subject {
        self.timeline = Some(name.into());
        self
    }

    /// This subject, at key `index` of its timeline.
    pub fn key(mut self, index: usize) -> Subject {
        self.key = Some(index);
        self
    }
}

/// One rule's result in a `"gate"` reply.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RuleOutcome {
    /// The assertion code.
    pub code: String,
    /// Left out by the profile (the body did not run).
    #[serde(default)]
    pub prof: bool,
    /// What the body found.
    #[serde(flatten)]
    pub outcome: Outcome,
}

/// The reply of a `"gate"` call.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GateReply {
    /// One outcome per declared rule, in the manifest's order.
    pub outcomes: Vec<RuleOutcome>,
}
