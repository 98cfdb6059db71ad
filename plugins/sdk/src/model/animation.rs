//! This module owns the animation types of the compiled model: timelines grouped as
//! Spine 4.3 groups them, keys with their value fields in emission order.

use serde::{Deserialize, Serialize};

/// One animation. Every group is in emission order; empty groups are not written.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Animation {
    /// Animation name.
    pub name: String,
    /// `slots`: per slot, its timelines.
    pub slots: Vec<TargetTimelines>,
    /// `bones`: per bone, its timelines.
    pub bones: Vec<TargetTimelines>,
    /// `ik`: per constraint, one key list.
    pub ik: Vec<(String, Vec<Key>)>,
    /// `transform`: per constraint, one key list.
    pub transform: Vec<(String, Vec<Key>)>,
    /// `path`: per constraint, its timelines.
    pub path: Vec<TargetTimelines>,
    /// `physics`: per constraint, its timelines.
    pub physics: Vec<TargetTimelines>,
    /// `slider`: per slider, its timelines.
    pub slider: Vec<TargetTimelines>,
    /// `attachments`: deform timelines.
    pub deform: Vec<DeformAttachment>,
    /// `drawOrder` keys, when the animation has a draw-order timeline.
    pub draw_order: Option<Vec<DrawOrderKey>>,
    /// `events` keys, when the animation fires events.
    pub events: Option<Vec<EventKey>>,
}

/// The timelines of one target (a bone, a slot, a constraint).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct TargetTimelines {
    /// The target's name.
    pub target: String,
    /// Its timelines, in first-appearance order.
    pub timelines: Vec<Timeline>,
}

/// One named timeline (`rotate`, `translate`, `rgba`, `attachment`, …).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Timeline {
    /// The Spine timeline name (lowercase, as the runtime reads it: one of
    /// [`names`](super::names)' timeline tables).
    pub name: String,
    /// Keys in time order.
    pub keys: Vec<Key>,
}

/// One key: `time`, its value fields in emission order, then its curve.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Key {
    /// Seconds.
    pub time: f64,
    /// `(field name, value)` in emission order.
    pub fields: Vec<(String, KeyValue)>,
    /// The curve to the next key; `None` = linear.
    pub curve: Option<Curve>,
}

/// A key field's value.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum KeyValue {
    /// A float (written as float32 text).
    Num(f64),
    /// An integer.
    Int(i64),
    /// A boolean.
    Bool(bool),
    /// A string (colour hex, attachment name, inherit mode).
    Str(String),
    /// JSON `null` (an attachment key that clears the slot).
    Null,
    /// A number array (deform `vertices`).
    Nums(Vec<f64>),
}

/// The interpolation from a key to the next.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Curve {
    /// Hold the value until the next key.
    Stepped,
    /// Bezier control points, 4 per value channel, absolute time and value.
    Bezier(Vec<f64>),
}

/// Deform timelines of one attachment.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct DeformAttachment {
    /// Skin name.
    pub skin: String,
    /// Slot name.
    pub slot: String,
    /// Attachment placeholder.
    pub attachment: String,
    /// Deform keys.
    pub keys: Vec<Key>,
}

/// One draw-order key.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct DrawOrderKey {
    /// Seconds.
    pub time: f64,
    /// Offsets in ascending slot-index order; `None` restores the setup order.
    pub offsets: Option<Vec<DrawOrderOffset>>,
}

/// One slot moved by a draw-order key.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct DrawOrderOffset {
    /// Slot name.
    pub slot: String,
    /// Places later (negative: earlier) than its setup index.
    pub offset: i64,
}

/// One event firing.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct EventKey {
    /// Seconds.
    pub time: f64,
    /// Event name.
    pub name: String,
    /// `int` override.
    pub int: Option<i64>,
    /// `float` override.
    pub float: Option<f64>,
    /// `string` override.
    pub string: Option<String>,
    /// `volume` override.
    pub volume: Option<f64>,
    /// `balance` override.
    pub balance: Option<f64>,
}
