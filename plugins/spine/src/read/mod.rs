//! The skeleton reader: `JSON.parse` followed by a port of spine-core 4.3.13's
//! `SkeletonJson.readSkeletonData` with an `AtlasAttachmentLoader`.
//!
//! Where the runtime throws, [`read_skeleton`] returns a [`ReadError`] carrying
//! the runtime's own message (including JavaScript's `TypeError`s such as
//! `Cannot read properties of undefined (reading 'length')`). Where the runtime
//! silently accepts something odd — an unknown parent, an enum name that does
//! not resolve, an unknown constraint type, 4.2 top-level constraint arrays, a
//! value of the wrong JSON type it coerces — the data is loaded as the runtime
//! loads it and a [`Finding`] names the place. Input on which the runtime would
//! hang or exhaust memory (descending draw-order offsets, absurd counts) is
//! detected and refused with [`ReadErrorKind::WouldHang`]. The reader never
//! panics and always terminates.
//!
//! Known, deliberate differences (each is rare and named by a finding or an
//! error of our own):
//! - A value of the wrong JSON type that the runtime stores raw (a string
//!   `rotation`, a boolean `scaleX`) is stored here as its `ToNumber`, with a
//!   finding; the runtime may later treat the raw value differently (`"5" + 0`
//!   concatenates, `false !== 0`). Where such raw values reach arithmetic
//!   while reading (Bezier handles and key values in `setBezier`, a sequence
//!   `start`, a deform `offset`), the runtime's exact JavaScript semantics are
//!   reproduced.
//! - Names that are numbers or booleans are kept as their string; lookups by
//!   the same number or boolean still find them.
//! - JSON nesting deeper than [`super::json::MAX_DEPTH`] is refused (V8 parses
//!   it); lone UTF-16 surrogates from `\u` escapes become U+FFFD.
//! - A skin placeholder named `__proto__` (which would replace the prototype of
//!   the runtime's dictionary object) is stored as an ordinary name.

mod animation;
mod attachment_timelines;
mod constraint_timelines;
mod constraints;
mod draw_order;
mod geometry;
mod keys;
mod skeleton;
mod skin;
mod values;

use super::atlas::Atlas;
use super::data::SkeletonData;
use super::json::{self, Js, TypeError};

/// Something spine-core accepts silently that a gate may want to name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    /// Where: a JSON path such as `bones[3].parent`.
    pub path: String,
    /// What the runtime does with it.
    pub message: String,
}

/// A successful read.
#[derive(Debug, Clone, PartialEq)]
pub struct ReadOutcome {
    /// The data as spine-core holds it.
    pub data: SkeletonData,
    /// Silent oddities, in reading order.
    pub findings: Vec<Finding>,
}

/// Why the runtime rejects a file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum ReadErrorKind {
    /// `JSON.parse` threw a `SyntaxError`.
    Syntax,
    /// The reader threw an `Error` (`Couldn't find bone …`).
    Thrown,
    /// JavaScript threw a `TypeError` or `RangeError` while reading.
    TypeError,
    /// The runtime would not terminate (or would exhaust memory); we stop.
    WouldHang,
}

/// A rejected file: spine-core's message.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct ReadError {
    /// The message, as spine-core (or JavaScript) words it.
    pub message: String,
    /// The kind of failure.
    pub kind: ReadErrorKind,
}

impl ReadError {
    pub(crate) fn thrown(message: impl Into<String>) -> ReadError {
        ReadError {
            message: message.into(),
            kind: ReadErrorKind::Thrown,
        }
    }

    pub(crate) fn type_error(message: impl Into<String>) -> ReadError {
        ReadError {
            message: message.into(),
            kind: ReadErrorKind::TypeError,
        }
    }

    pub(crate) fn hang(message: impl Into<String>) -> ReadError {
        ReadError {
            message: message.into(),
            kind: ReadErrorKind::WouldHang,
        }
    }
}

impl From<TypeError> for ReadError {
    fn from(e: TypeError) -> ReadError {
        ReadError::type_error(e.0)
    }
}

pub(crate) type R<T> = Result<T, ReadError>;

/// Reads a Spine 4.3 JSON skeleton exactly as
/// `new SkeletonJson(new AtlasAttachmentLoader(atlas)).readSkeletonData(text)`
/// does (scale 1). With `atlas = None`, every region and sequence frame name
/// answers a 1×1 region on a 1×1 page, like the oracle's `-` atlas.
pub fn read_skeleton(json_text: &str, atlas: Option<&Atlas>) -> Result<ReadOutcome, ReadError> {
    let root = json::parse(json_text).map_err(|message| ReadError {
        message,
        kind: ReadErrorKind::Syntax,
    })?;
    let mut cx = Cx {
        atlas,
        scale: 1.0,
        findings: Vec::new(),
        data: SkeletonData::default(),
        linked: Vec::new(),
        entries: Vec::new(),
    };
    cx.read(Js::of(&root))?;
    Ok(ReadOutcome {
        data: cx.data,
        findings: cx.findings,
    })
}

/// A linked mesh waiting for its source (`LinkedMesh`).
struct Linked {
    mesh: usize,
    skin: Option<String>,
    skin_truthy: bool,
    skin_text: String,
    slot: usize,
    source_slot: usize,
    source: String,
    inherit_timelines: bool,
    path: String,
}

/// The reader's state.
struct Cx<'a> {
    atlas: Option<&'a Atlas>,
    scale: f64,
    findings: Vec<Finding>,
    data: SkeletonData,
    linked: Vec<Linked>,
    /// (index in the JSON `constraints` array, constraint index) of each
    /// constraint read: a slider whose name is an array or object is found
    /// again by identity (`===` on the same object).
    entries: Vec<(usize, usize)>,
}

impl Cx<'_> {
    fn finding(&mut self, path: impl Into<String>, message: impl Into<String>) {
        self.findings.push(Finding {
            path: path.into(),
            message: message.into(),
        });
    }

    fn read(&mut self, root: Js<'_>) -> R<()> {
        if !matches!(root, Js::Val(json::Json::Obj(_))) {
            self.finding(
                "",
                format!(
                    "the document is {}, not an object; nothing is read",
                    root.type_name()
                ),
            );
        }
        self.read_header(root)?;
        self.read_bones(root)?;
        self.read_slots(root)?;
        self.read_constraints(root)?;
        for old in ["ik", "transform", "path", "physics"] {
            if !root.get(old)?.is_undef() {
                self.finding(old, "a 4.2 top-level constraint array: spine-core 4.3 ignores it (constraints go in `constraints`)");
            }
        }
        self.read_skins(root)?;
        self.resolve_linked_meshes()?;
        self.read_events(root)?;
        let animations = root.get("animations")?;
        if animations.truthy() {
            for (name, map) in animations.for_in() {
                self.read_animation(map, &name)?;
            }
        }
        self.resolve_slider_animations(root)
    }
}
