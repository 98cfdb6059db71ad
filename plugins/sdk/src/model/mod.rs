//! This module owns the compiled model: the Spine 4.3 skeleton rigc compiled, held
//! as typed values in emission order, before any emitter turns it into bytes.
//!
//! Rule R1 is carried by the types: every optional field of a rig object is an
//! `Option`, `Some` exactly when the spec declared it, so an emitter writes what was
//! declared and never a default it invented. Numbers are kept as the author's f64;
//! emitters decide their spelling (`skeleton.json` writes float32 shortest text).
//!
//! The model is `serde`-serialisable because it crosses the plugin boundary as JSON.
//!
//! [`names`] holds the Spine 4.3 names the model's strings take (timeline names
//! with their key fields, mix channels, sequence and inherit modes), the one
//! spelling the compiler, the emitter and the rules share.

mod animation;
mod attachment;
mod constraint;
pub mod names;

pub use animation::{
    Animation, Curve, DeformAttachment, DrawOrderKey, DrawOrderOffset, EventKey, Key, KeyValue,
    TargetTimelines, Timeline,
};
pub use attachment::{
    Attachment, BoundingBoxAttachment, MeshAttachment, PathAttachment, PointAttachment,
    RegionAttachment, Vertices, WeightedBinding,
};
pub use attachment::{ClippingAttachment, LinkedMeshAttachment, Sequence};
pub use constraint::{
    Constraint, IkConstraint, PathConstraint, TransformConstraint, TransformFrom, TransformTo,
};
pub use constraint::{PhysicsConstraint, SliderConstraint, SliderDrive, PHYSICS_GLOBALS};

/// An axis-aligned box: `x, y, width, height` (the gate payload's, so the
/// header's box and the rig's declared stage are one type).
pub use rigc_abi::gate::Bounds;
use serde::{Deserialize, Serialize};

/// The label rigc writes into `skeleton.spine`: the spine-core release it is held to.
pub const SPINE_VERSION: &str = "4.3.13";

/// A whole compiled skeleton, every list already in emission order.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Skeleton {
    /// The `skeleton` header object.
    pub header: Header,
    /// Bones, parents before children (the rig's declaration order).
    pub bones: Vec<Bone>,
    /// Slots; the order is the setup draw order (R4).
    pub slots: Vec<Slot>,
    /// Skins, `default` first.
    pub skins: Vec<Skin>,
    /// Event definitions in the rig's declaration order.
    pub events: Vec<EventDef>,
    /// Animations in natural, case-insensitive order of their names.
    pub animations: Vec<Animation>,
    /// Constraints in update order.
    pub constraints: Vec<Constraint>,
}

/// The `skeleton` header.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Header {
    /// `skeleton.spine`.
    pub spine: String,
    /// Setup-pose bounding box; `None` only for a rig that declares no stage.
    pub bounds: Option<Bounds>,
    /// `fps`, when declared.
    pub fps: Option<f64>,
    /// `referenceScale`, when declared.
    pub reference_scale: Option<f64>,
    /// `images`: the editor's import path to the part PNGs.
    pub images: Option<String>,
    /// `audio`: absent, `null`, or a path.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        with = "double_option"
    )]
    pub audio: Option<Option<String>>,
}

/// One bone; every field but the name is `Some` exactly when declared.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Bone {
    /// Unique name.
    pub name: String,
    /// Parent bone (declared earlier); `None` for a root.
    pub parent: Option<String>,
    /// `length`.
    pub length: Option<f64>,
    /// `x`.
    pub x: Option<f64>,
    /// `y`.
    pub y: Option<f64>,
    /// `rotation` in degrees.
    pub rotation: Option<f64>,
    /// `scaleX`.
    pub scale_x: Option<f64>,
    /// `scaleY`.
    pub scale_y: Option<f64>,
    /// `shearX`.
    pub shear_x: Option<f64>,
    /// `shearY`.
    pub shear_y: Option<f64>,
    /// `inherit`, spelled as the author wrote it.
    pub inherit: Option<String>,
    /// `skin` (skinRequired).
    pub skin: Option<bool>,
    /// `color`, lowercase `rrggbbaa`.
    pub color: Option<String>,
    /// `icon`, copied verbatim.
    pub icon: Option<String>,
}

/// One slot.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Slot {
    /// Unique name.
    pub name: String,
    /// The bone it hangs on.
    pub bone: String,
    /// Setup attachment placeholder; `None` = shows nothing (key omitted).
    pub attachment: Option<String>,
    /// `color`, lowercase `rrggbbaa`.
    pub color: Option<String>,
    /// `dark`, lowercase `rrggbb`.
    pub dark: Option<String>,
    /// `blend`, as written.
    pub blend: Option<String>,
}

/// One skin.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Skin {
    /// Skin name.
    pub name: String,
    /// Skin-required bones this skin activates.
    pub bones: Vec<String>,
    /// IK constraints this skin activates.
    pub ik: Vec<String>,
    /// Transform constraints this skin activates.
    pub transform: Vec<String>,
    /// Path constraints this skin activates.
    pub path: Vec<String>,
    /// Physics constraints this skin activates.
    pub physics: Vec<String>,
    /// Sliders this skin activates.
    pub slider: Vec<String>,
    /// Attachments per slot (rig slot order), placeholders in declaration order.
    pub attachments: Vec<SkinSlot>,
}

/// The attachments one skin gives one slot.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct SkinSlot {
    /// Slot name.
    pub slot: String,
    /// `(placeholder, attachment)` in declaration order.
    pub entries: Vec<(String, Attachment)>,
}

/// An event definition with its declared payload defaults.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct EventDef {
    /// Event name.
    pub name: String,
    /// `int`.
    pub int: Option<i64>,
    /// `float`.
    pub float: Option<f64>,
    /// `string`.
    pub string: Option<String>,
    /// `audio`.
    pub audio: Option<String>,
    /// `volume`.
    pub volume: Option<f64>,
    /// `balance`.
    pub balance: Option<f64>,
}

/// Serde for `Option<Option<T>>` that keeps "absent" (`None`, the key is not
/// written) apart from "null" (`Some(None)`).
mod double_option {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    pub fn serialize<T: Serialize, S: Serializer>(
        v: &Option<Option<T>>,
        s: S,
    ) -> Result<S::Ok, S::Error> {
        match v {
            Some(inner) => inner.serialize(s),
            None => s.serialize_none(),
        }
    }

    pub fn deserialize<'de, T: Deserialize<'de>, D: Deserializer<'de>>(
        d: D,
    ) -> Result<Option<Option<T>>, D::Error> {
        Option::<T>::deserialize(d).map(Some)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn header_audio_round_trips_absent_null_and_a_path() {
        for audio in [None, Some(None), Some(Some("a.ogg".to_string()))] {
            let h = Header {
                audio: audio.clone(),
                ..Header::default()
            };
            let text = serde_json::to_string(&h).expect("serialises");
            let back: Header = serde_json::from_str(&text).expect("reads back");
            assert_eq!(back.audio, audio);
        }
    }
}
