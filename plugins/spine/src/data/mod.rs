//! The setup data of a Spine 4.3 skeleton as spine-core 4.3.13 holds it after
//! `SkeletonJson.readSkeletonData`: the header, bones, slots, constraints,
//! skins, attachments, events and animations. Values the runtime keeps in
//! `Float32Array`s are `f32` here; everything else is `f64`. A value the
//! runtime leaves `undefined` (an unresolved enum name, an absent header key)
//! is `None`.
//!
//! Everything is indexed: bones, slots, constraints, skins and animations by
//! their position in the runtime's arrays, attachments by their position in
//! [`SkeletonData::attachments`] (one entry per attachment object the runtime
//! creates), so that posing can be added on top without changing this model.

mod attachment;
mod constraint;
mod timeline;

pub(crate) use attachment::{mesh_uvs, region_uvs};
pub use attachment::{
    Attachment, AttachmentKind, ClippingAttachment, MeshAttachment, PathAttachment,
    PointAttachment, RegionAttachment, Sequence, TexRegion, VertexData,
};
pub use constraint::{
    ConstraintData, ConstraintKind, FromProperty, IkData, IkPose, PathData, PathPose, PhysicsData,
    PhysicsPose, PositionMode, Property, RotateMode, ScaleYMode, SliderData, SliderPose,
    SpacingMode, ToProperty, TransformData, TransformPose,
};
pub use timeline::{
    Animation, CurveType, Event, PhysicsValue, Timeline, TimelineKind, BEZIER_SIZE,
};

/// An RGBA color as `Utils.Color` (doubles; channels are not clamped).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Color {
    /// Red.
    pub r: f64,
    /// Green.
    pub g: f64,
    /// Blue.
    pub b: f64,
    /// Alpha.
    pub a: f64,
}

impl Color {
    /// Opaque white.
    pub const WHITE: Color = Color::new(1.0, 1.0, 1.0, 1.0);
    /// `new Color()`: all zero.
    pub const ZERO: Color = Color::new(0.0, 0.0, 0.0, 0.0);

    /// A color from channels.
    pub const fn new(r: f64, g: f64, b: f64, a: f64) -> Color {
        Color { r, g, b, a }
    }
}

/// How a bone inherits its parent's transform (`Inherit`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Inherit {
    /// Full inheritance.
    Normal,
    /// Only the parent's translation.
    OnlyTranslation,
    /// Parent rotation and reflection ignored.
    NoRotationOrReflection,
    /// Parent scale ignored.
    NoScale,
    /// Parent scale and reflection ignored.
    NoScaleOrReflection,
}

impl Inherit {
    /// The enum member named exactly `name`.
    pub fn from_name(name: &str) -> Option<Inherit> {
        Some(match name {
            "Normal" => Inherit::Normal,
            "OnlyTranslation" => Inherit::OnlyTranslation,
            "NoRotationOrReflection" => Inherit::NoRotationOrReflection,
            "NoScale" => Inherit::NoScale,
            "NoScaleOrReflection" => Inherit::NoScaleOrReflection,
            _ => return None,
        })
    }

    /// The runtime's enum name.
    pub fn name(self) -> &'static str {
        match self {
            Inherit::Normal => "Normal",
            Inherit::OnlyTranslation => "OnlyTranslation",
            Inherit::NoRotationOrReflection => "NoRotationOrReflection",
            Inherit::NoScale => "NoScale",
            Inherit::NoScaleOrReflection => "NoScaleOrReflection",
        }
    }
}

/// A slot blend mode (`BlendMode`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BlendMode {
    /// Normal.
    Normal,
    /// Additive.
    Additive,
    /// Multiply.
    Multiply,
    /// Screen.
    Screen,
}

impl BlendMode {
    /// The enum member named exactly `name`.
    pub fn from_name(name: &str) -> Option<BlendMode> {
        Some(match name {
            "Normal" => BlendMode::Normal,
            "Additive" => BlendMode::Additive,
            "Multiply" => BlendMode::Multiply,
            "Screen" => BlendMode::Screen,
            _ => return None,
        })
    }
}

/// A bone's local transform (`BonePose`, the setup values).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BoneLocal {
    /// X, × scale.
    pub x: f64,
    /// Y, × scale.
    pub y: f64,
    /// Degrees, counter-clockwise.
    pub rotation: f64,
    /// Scale X.
    pub scale_x: f64,
    /// Scale Y.
    pub scale_y: f64,
    /// Shear X, degrees.
    pub shear_x: f64,
    /// Shear Y, degrees.
    pub shear_y: f64,
    /// Inherit mode; `None` when the JSON string did not resolve.
    pub inherit: Option<Inherit>,
}

/// `BoneData`.
#[derive(Debug, Clone, PartialEq)]
pub struct BoneData {
    /// Position in [`SkeletonData::bones`].
    pub index: usize,
    /// Name (duplicates allowed; lookups find the first).
    pub name: String,
    /// Parent bone index; `None` for a root (also for an unknown parent).
    pub parent: Option<usize>,
    /// Length, × scale.
    pub length: f64,
    /// Setup pose.
    pub setup: BoneLocal,
    /// Active only when the skin lists it.
    pub skin_required: bool,
    /// Nonessential editor color.
    pub color: Color,
    /// Nonessential icon name.
    pub icon: Option<String>,
    /// Nonessential icon size.
    pub icon_size: f64,
    /// Nonessential icon rotation.
    pub icon_rotation: f64,
    /// Always false from JSON (the JSON reader does not read it).
    pub visible: bool,
}

/// `SlotData`.
#[derive(Debug, Clone, PartialEq)]
pub struct SlotData {
    /// Position in [`SkeletonData::slots`] (the setup draw order).
    pub index: usize,
    /// Name.
    pub name: String,
    /// Bone index.
    pub bone: usize,
    /// Setup light color.
    pub color: Color,
    /// Setup dark color; `Some` turns on two-color tint.
    pub dark_color: Option<Color>,
    /// Setup attachment placeholder name.
    pub attachment_name: Option<String>,
    /// Blend mode; `None` when the name did not resolve.
    pub blend_mode: Option<BlendMode>,
    /// Nonessential.
    pub visible: bool,
}

/// One attachment entry of a skin.
#[derive(Debug, Clone, PartialEq)]
pub struct SkinEntry {
    /// Placeholder name (the key slot `attachment` and timelines use).
    pub placeholder: String,
    /// Index into [`SkeletonData::attachments`].
    pub attachment: usize,
}

/// `Skin`.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Skin {
    /// Name.
    pub name: String,
    /// Per slot index, the entries in JavaScript object-key order.
    pub attachments: Vec<Vec<SkinEntry>>,
    /// Skin-required bones this skin activates.
    pub bones: Vec<usize>,
    /// Skin-required constraints this skin activates (constraint indices).
    pub constraints: Vec<usize>,
}

impl Skin {
    /// `getAttachment(slotIndex, placeholder)`.
    pub fn get_attachment(&self, slot: usize, placeholder: &str) -> Option<usize> {
        self.attachments
            .get(slot)?
            .iter()
            .find(|e| e.placeholder == placeholder)
            .map(|e| e.attachment)
    }

    /// `setAttachment`: replaces an existing placeholder in place; array-index
    /// keys sort before the others, as in a JavaScript object.
    pub fn set_attachment(&mut self, slot: usize, placeholder: &str, attachment: usize) {
        if self.attachments.len() <= slot {
            self.attachments.resize_with(slot + 1, Vec::new);
        }
        let list = &mut self.attachments[slot];
        if let Some(e) = list.iter_mut().find(|e| e.placeholder == placeholder) {
            e.attachment = attachment;
            return;
        }
        let entry = SkinEntry {
            placeholder: placeholder.to_string(),
            attachment,
        };
        match index_key(placeholder) {
            Some(i) => {
                let at = list
                    .iter()
                    .position(|e| index_key(&e.placeholder).is_none_or(|j| j > i))
                    .unwrap_or(list.len());
                list.insert(at, entry);
            }
            None => list.push(entry),
        }
    }

    /// `getAttachments()`: (slot index, entry) in the runtime's order.
    pub fn entries(&self) -> impl Iterator<Item = (usize, &SkinEntry)> {
        self.attachments
            .iter()
            .enumerate()
            .flat_map(|(i, l)| l.iter().map(move |e| (i, e)))
    }
}

fn index_key(k: &str) -> Option<u32> {
    if k.is_empty() || (k.len() > 1 && k.starts_with('0')) || !k.bytes().all(|b| b.is_ascii_digit())
    {
        return None;
    }
    k.parse::<u32>().ok().filter(|&i| i != u32::MAX)
}

/// `EventData` with its setup `Event` values.
#[derive(Debug, Clone, PartialEq)]
pub struct EventData {
    /// Name.
    pub name: String,
    /// Setup int value.
    pub int_value: f64,
    /// Setup float value.
    pub float_value: f64,
    /// Setup string value (`None`: an explicit `null`).
    pub string_value: Option<String>,
    /// Audio path (`None` for `null`/absent).
    pub audio_path: Option<String>,
    /// The raw audio value was truthy: setup and key volume/balance are read.
    pub has_audio: bool,
    /// Setup volume (0 unless given with audio).
    pub volume: f64,
    /// Setup balance (0 unless given with audio).
    pub balance: f64,
}

/// `SkeletonData`.
#[derive(Debug, Clone, PartialEq)]
pub struct SkeletonData {
    /// Header `x` (`None` = `undefined`: the key was absent from `skeleton`).
    pub x: Option<f64>,
    /// Header `y`.
    pub y: Option<f64>,
    /// Header `width`.
    pub width: Option<f64>,
    /// Header `height`.
    pub height: Option<f64>,
    /// Reference scale × scale (100 by default).
    pub reference_scale: f64,
    /// `spine` version string.
    pub version: Option<String>,
    /// `hash`.
    pub hash: Option<String>,
    /// Nonessential dopesheet fps (`None` when `skeleton` has no `fps`).
    pub fps: Option<f64>,
    /// `images` path.
    pub images_path: Option<String>,
    /// `audio` path.
    pub audio_path: Option<String>,
    /// Bones, parents first.
    pub bones: Vec<BoneData>,
    /// Slots in setup draw order.
    pub slots: Vec<SlotData>,
    /// Constraints in update order.
    pub constraints: Vec<ConstraintData>,
    /// Skins.
    pub skins: Vec<Skin>,
    /// Index of the skin named `default`, if any (the last one read).
    pub default_skin: Option<usize>,
    /// Every attachment object the reader created.
    pub attachments: Vec<Attachment>,
    /// Events.
    pub events: Vec<EventData>,
    /// Animations.
    pub animations: Vec<Animation>,
}

impl Default for SkeletonData {
    fn default() -> SkeletonData {
        SkeletonData {
            x: Some(0.0),
            y: Some(0.0),
            width: Some(0.0),
            height: Some(0.0),
            reference_scale: 100.0,
            version: None,
            hash: None,
            fps: Some(30.0),
            images_path: None,
            audio_path: None,
            bones: Vec::new(),
            slots: Vec::new(),
            constraints: Vec::new(),
            skins: Vec::new(),
            default_skin: None,
            attachments: Vec::new(),
            events: Vec::new(),
            animations: Vec::new(),
        }
    }
}

impl SkeletonData {
    /// `findBone`: the first bone with this name.
    pub fn find_bone(&self, name: &str) -> Option<usize> {
        self.bones.iter().position(|b| b.name == name)
    }

    /// `findSlot`: the first slot with this name.
    pub fn find_slot(&self, name: &str) -> Option<usize> {
        self.slots.iter().position(|s| s.name == name)
    }

    /// `findSkin`: the first skin with this name.
    pub fn find_skin(&self, name: &str) -> Option<usize> {
        self.skins.iter().position(|s| s.name == name)
    }

    /// `findAnimation`: the first animation with this name.
    pub fn find_animation(&self, name: &str) -> Option<usize> {
        self.animations.iter().position(|a| a.name == name)
    }

    /// `findEvent`: the first event with this name.
    pub fn find_event(&self, name: &str) -> Option<usize> {
        self.events.iter().position(|e| e.name == name)
    }
}
