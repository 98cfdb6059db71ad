//! This module owns the Spine 4.3 names of the JSON rigc writes and reads back:
//! the timeline names of each family an animation keys (bones, slots, an
//! attachment's timelines, the path, physics and slider constraints), each with
//! the value fields its keys carry; the mix channels of each constraint type,
//! which are both the constraint's setup fields and the value fields of its keys,
//! with their setup defaults where the format states one; the sequence modes in
//! the runtime's index order; the inherit modes a bone or an `inherit` key
//! names; and the groups of an animation.
//!
//! The compiler (`rigc`), the emitter ([`crate::emit`]) and the rules
//! (`rigc-core-rules`) all read these names from here, so each is spelled once.
//! The runtime port (`rigc_spine`, `plugins/spine`) keeps its own copy on
//! purpose: it mirrors spine-core's reader line for line, and it is the
//! independent reading this table is held to (see the tests below).
//!
//! Each table is a small enum: `ALL` in the table's order, `NAMES` the same
//! order spelled, [`index`](BoneTimeline::index) (the place in `ALL`),
//! [`name`](BoneTimeline::name) and [`from_name`](BoneTimeline::from_name)
//! (exact: the JSON's names are case-sensitive), and `Display` as the name.
//!
//! ```
//! use rigc_sdk::model::names::{field, BoneTimeline, SequenceMode};
//! assert_eq!(BoneTimeline::from_name("translatex"), Some(BoneTimeline::TranslateX));
//! assert_eq!(BoneTimeline::Translate.fields()[1].name, field::Y);
//! assert_eq!(BoneTimeline::Translate.curves(), Some(2));
//! assert_eq!(SequenceMode::from_name("pingpong").map(SequenceMode::index), Some(3));
//! ```

/// Declares one name table: the enum, `ALL`, `NAMES`, `name`, `from_name`,
/// `Display`.
macro_rules! names {
    (
        $(#[$meta:meta])*
        pub enum $ty:ident {
            $( $(#[$vmeta:meta])* $variant:ident = $name:literal ),+ $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum $ty {
            $( $(#[$vmeta])* $variant ),+
        }

        impl $ty {
            /// Every entry, in the table's order.
            pub const ALL: &'static [$ty] = &[$($ty::$variant),+];

            /// Every name, in the table's order.
            pub const NAMES: &'static [&'static str] = &[$($name),+];

            /// Its place in the table (in [`Self::ALL`]).
            pub const fn index(self) -> usize {
                self as usize
            }

            /// The name, as the JSON spells it.
            pub const fn name(self) -> &'static str {
                match self {
                    $($ty::$variant => $name),+
                }
            }

            /// The entry the JSON spells `name` (exactly).
            pub fn from_name(name: &str) -> Option<$ty> {
                match name {
                    $($name => Some($ty::$variant),)+
                    _ => None,
                }
            }
        }

        impl std::fmt::Display for $ty {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.name())
            }
        }
    };
}

/// The names of the value fields a timeline key carries beside `time` and
/// `curve`.
pub mod field {
    /// A one-number key's value (`rotate`, `translatex`, `alpha`, `position`, …).
    pub const VALUE: &str = "value";
    /// The first number of a two-number bone key (`translate`, `scale`, `shear`).
    pub const X: &str = "x";
    /// The second number of a two-number bone key.
    pub const Y: &str = "y";
    /// An `inherit` key's mode.
    pub const INHERIT: &str = "inherit";
    /// An `rgba` / `rgb` key's colour.
    pub const COLOR: &str = "color";
    /// An `rgba2` / `rgb2` key's light colour.
    pub const LIGHT: &str = "light";
    /// An `rgba2` / `rgb2` key's dark colour.
    pub const DARK: &str = "dark";
    /// An `attachment` key's attachment (`null` shows nothing).
    pub const NAME: &str = "name";
    /// A `deform` key's first vertex value.
    pub const OFFSET: &str = "offset";
    /// A `deform` key's vertex values.
    pub const VERTICES: &str = "vertices";
    /// A `sequence` key's mode ([`super::SequenceMode`]).
    pub const MODE: &str = "mode";
    /// A `sequence` key's frame.
    pub const INDEX: &str = "index";
    /// A `sequence` key's seconds per frame.
    pub const DELAY: &str = "delay";
}

/// What a value field holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A number.
    Num,
    /// `true` or `false`.
    Bool,
    /// A whole number.
    Int,
    /// An array of numbers.
    Nums,
    /// A string (a name or a mode); `null` where the key may clear it.
    Text,
    /// A colour as hex text of this many channels: `rrggbbaa` is 4, `rrggbb` 3.
    Hex(usize),
}

/// One value field of a key: its name and what it holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Field {
    /// The name, as the JSON spells it (one of [`field`]'s, or a mix channel's).
    pub name: &'static str,
    /// What it holds.
    pub kind: Kind,
}

impl Field {
    /// The value channels the field carries: 1 for a number, `n` for a hex
    /// colour of `n` channels, 0 for anything else.
    pub const fn channels(self) -> usize {
        match self.kind {
            Kind::Num => 1,
            Kind::Hex(n) => n,
            Kind::Bool | Kind::Int | Kind::Nums | Kind::Text => 0,
        }
    }
}

const fn num(name: &'static str) -> Field {
    Field {
        name,
        kind: Kind::Num,
    }
}

const fn hex(name: &'static str, channels: usize) -> Field {
    Field {
        name,
        kind: Kind::Hex(channels),
    }
}

const VALUE: [Field; 1] = [num(field::VALUE)];
const XY: [Field; 2] = [num(field::X), num(field::Y)];
const INHERIT: [Field; 1] = [Field {
    name: field::INHERIT,
    kind: Kind::Text,
}];
const RGBA: [Field; 1] = [hex(field::COLOR, 4)];
const RGB: [Field; 1] = [hex(field::COLOR, 3)];
const RGBA2: [Field; 2] = [hex(field::LIGHT, 4), hex(field::DARK, 3)];
const RGB2: [Field; 2] = [hex(field::LIGHT, 3), hex(field::DARK, 3)];
const ATTACHMENT: [Field; 1] = [Field {
    name: field::NAME,
    kind: Kind::Text,
}];
const DEFORM: [Field; 2] = [
    Field {
        name: field::OFFSET,
        kind: Kind::Int,
    },
    Field {
        name: field::VERTICES,
        kind: Kind::Nums,
    },
];
const SEQUENCE: [Field; 3] = [
    Field {
        name: field::MODE,
        kind: Kind::Text,
    },
    Field {
        name: field::INDEX,
        kind: Kind::Int,
    },
    num(field::DELAY),
];
const PATH_MIX: [Field; 3] = [
    num(PathMix::Rotate.name()),
    num(PathMix::X.name()),
    num(PathMix::Y.name()),
];

names! {
    /// A bone timeline, `animations.<a>.bones.<bone>.<name>`, in the order
    /// spine-core tests for them.
    pub enum BoneTimeline {
        /// `rotate`.
        Rotate = "rotate",
        /// `translate`.
        Translate = "translate",
        /// `translatex`.
        TranslateX = "translatex",
        /// `translatey`.
        TranslateY = "translatey",
        /// `scale`.
        Scale = "scale",
        /// `scalex`.
        ScaleX = "scalex",
        /// `scaley`.
        ScaleY = "scaley",
        /// `shear`.
        Shear = "shear",
        /// `shearx`.
        ShearX = "shearx",
        /// `sheary`.
        ShearY = "sheary",
        /// `inherit`.
        Inherit = "inherit",
    }
}

impl BoneTimeline {
    /// The value fields its keys carry, in emission order.
    pub const fn fields(self) -> &'static [Field] {
        match self {
            BoneTimeline::Translate | BoneTimeline::Scale | BoneTimeline::Shear => &XY,
            BoneTimeline::Inherit => &INHERIT,
            _ => &VALUE,
        }
    }

    /// The curve channels of its keys (a Bézier `curve` holds 4 numbers per
    /// channel); `None` for a timeline whose keys take no curve.
    pub const fn curves(self) -> Option<usize> {
        match self {
            BoneTimeline::Translate | BoneTimeline::Scale | BoneTimeline::Shear => Some(2),
            BoneTimeline::Inherit => None,
            _ => Some(1),
        }
    }
}

names! {
    /// A slot timeline, `animations.<a>.slots.<slot>.<name>`: the colour
    /// timelines, then `attachment` (the order rigc lists them in).
    pub enum SlotTimeline {
        /// `rgba`.
        Rgba = "rgba",
        /// `rgb`.
        Rgb = "rgb",
        /// `alpha`.
        Alpha = "alpha",
        /// `rgba2`: light `rrggbbaa` and dark `rrggbb`.
        Rgba2 = "rgba2",
        /// `rgb2`: light and dark `rrggbb`.
        Rgb2 = "rgb2",
        /// `attachment`.
        Attachment = "attachment",
    }
}

impl SlotTimeline {
    /// The value fields its keys carry, in emission order.
    pub const fn fields(self) -> &'static [Field] {
        match self {
            SlotTimeline::Rgba => &RGBA,
            SlotTimeline::Rgb => &RGB,
            SlotTimeline::Alpha => &VALUE,
            SlotTimeline::Rgba2 => &RGBA2,
            SlotTimeline::Rgb2 => &RGB2,
            SlotTimeline::Attachment => &ATTACHMENT,
        }
    }

    /// The curve channels of its keys; `None` for `attachment`.
    pub const fn curves(self) -> Option<usize> {
        match self {
            SlotTimeline::Rgba => Some(4),
            SlotTimeline::Rgb => Some(3),
            SlotTimeline::Alpha => Some(1),
            SlotTimeline::Rgba2 => Some(7),
            SlotTimeline::Rgb2 => Some(6),
            SlotTimeline::Attachment => None,
        }
    }
}

names! {
    /// An attachment's timeline,
    /// `animations.<a>.attachments.<skin>.<slot>.<attachment>.<name>`.
    pub enum AttachmentTimeline {
        /// `deform`.
        Deform = "deform",
        /// `sequence`.
        Sequence = "sequence",
    }
}

impl AttachmentTimeline {
    /// The value fields its keys carry, in emission order.
    pub const fn fields(self) -> &'static [Field] {
        match self {
            AttachmentTimeline::Deform => &DEFORM,
            AttachmentTimeline::Sequence => &SEQUENCE,
        }
    }

    /// The curve channels of its keys: one for `deform` (the blend between two
    /// keys' vertices); `None` for `sequence`.
    pub const fn curves(self) -> Option<usize> {
        match self {
            AttachmentTimeline::Deform => Some(1),
            AttachmentTimeline::Sequence => None,
        }
    }
}

names! {
    /// A path constraint's timeline, `animations.<a>.path.<constraint>.<name>`.
    pub enum PathTimeline {
        /// `position`.
        Position = "position",
        /// `spacing`.
        Spacing = "spacing",
        /// `mix`: the [`PathMix`] channels.
        Mix = "mix",
    }
}

impl PathTimeline {
    /// The value fields its keys carry, in emission order.
    pub const fn fields(self) -> &'static [Field] {
        match self {
            PathTimeline::Position | PathTimeline::Spacing => &VALUE,
            PathTimeline::Mix => &PATH_MIX,
        }
    }

    /// The curve channels of its keys.
    pub const fn curves(self) -> Option<usize> {
        match self {
            PathTimeline::Position | PathTimeline::Spacing => Some(1),
            PathTimeline::Mix => Some(PathMix::ALL.len()),
        }
    }
}

names! {
    /// A physics constraint's timeline,
    /// `animations.<a>.physics.<constraint or "">.<name>`: one per channel of
    /// the constraint's pose, then `reset`. Each but `reset` keys the setup
    /// field of the same name.
    pub enum PhysicsTimeline {
        /// `inertia`.
        Inertia = "inertia",
        /// `strength`.
        Strength = "strength",
        /// `damping`.
        Damping = "damping",
        /// `mass` (the pose holds its inverse).
        Mass = "mass",
        /// `wind`.
        Wind = "wind",
        /// `gravity`.
        Gravity = "gravity",
        /// `mix`.
        Mix = "mix",
        /// `reset`: keys with a time only.
        Reset = "reset",
    }
}

impl PhysicsTimeline {
    /// The value fields its keys carry: `value`, none for `reset`.
    pub const fn fields(self) -> &'static [Field] {
        match self {
            PhysicsTimeline::Reset => &[],
            _ => &VALUE,
        }
    }

    /// The curve channels of its keys; `None` for `reset`.
    pub const fn curves(self) -> Option<usize> {
        match self {
            PhysicsTimeline::Reset => None,
            _ => Some(1),
        }
    }

    /// What a physics constraint that leaves the setup field of this name out
    /// reads; `None` for `reset`, which is no field.
    pub const fn setup(self) -> Option<Setup> {
        Some(Setup::Num(match self {
            PhysicsTimeline::Inertia => 0.5,
            PhysicsTimeline::Strength => 100.0,
            PhysicsTimeline::Damping => 0.85,
            PhysicsTimeline::Mass => 1.0,
            PhysicsTimeline::Wind | PhysicsTimeline::Gravity => 0.0,
            PhysicsTimeline::Mix => 1.0,
            PhysicsTimeline::Reset => return None,
        }))
    }
}

names! {
    /// A slider's timeline, `animations.<a>.slider.<slider>.<name>`. Each keys
    /// the setup field of the same name.
    pub enum SliderTimeline {
        /// `time`.
        Time = "time",
        /// `mix`.
        Mix = "mix",
    }
}

impl SliderTimeline {
    /// The value fields its keys carry: `value`.
    pub const fn fields(self) -> &'static [Field] {
        &VALUE
    }

    /// The curve channels of its keys.
    pub const fn curves(self) -> Option<usize> {
        Some(1)
    }

    /// What a slider that leaves the setup field of this name out reads (`time`
    /// is read only when the slider names no bone).
    pub const fn setup(self) -> Setup {
        match self {
            SliderTimeline::Time => Setup::Num(0.0),
            SliderTimeline::Mix => Setup::Num(1.0),
        }
    }
}

/// What a constraint reads for a setup field the JSON leaves out.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Setup {
    /// This number.
    Num(f64),
    /// This boolean.
    Bool(bool),
    /// The value it reads for the channel of this name.
    As(&'static str),
}

names! {
    /// The mix channels of an ik constraint: its setup fields and the value
    /// fields of an `ik` key (`animations.<a>.ik.<constraint>`), in key order.
    /// The numbers (the first [`IkMix::CURVED`]) take curves; the booleans step.
    pub enum IkMix {
        /// `mix`.
        Mix = "mix",
        /// `softness`.
        Softness = "softness",
        /// `bendPositive`.
        BendPositive = "bendPositive",
        /// `compress`.
        Compress = "compress",
        /// `stretch`.
        Stretch = "stretch",
    }
}

impl IkMix {
    /// The channels an `ik` key's curve holds, in order.
    pub const CURVED: &'static [IkMix] = &[IkMix::Mix, IkMix::Softness];

    /// What the channel holds: a number or a boolean.
    pub const fn kind(self) -> Kind {
        match self {
            IkMix::Mix | IkMix::Softness => Kind::Num,
            IkMix::BendPositive | IkMix::Compress | IkMix::Stretch => Kind::Bool,
        }
    }

    /// What an ik constraint that leaves the field out reads.
    pub const fn setup(self) -> Setup {
        match self {
            IkMix::Mix => Setup::Num(1.0),
            IkMix::Softness => Setup::Num(0.0),
            IkMix::BendPositive => Setup::Bool(true),
            IkMix::Compress | IkMix::Stretch => Setup::Bool(false),
        }
    }
}

names! {
    /// The mix channels of a transform constraint: its setup fields and the
    /// value fields of a `transform` key
    /// (`animations.<a>.transform.<constraint>`), in key and curve-channel order.
    /// Channel `i` mixes the `i`-th property (rotate, x, y, scaleX, scaleY,
    /// shearY). A key that leaves `mixScaleY` out reads 1, not `mixScaleX` as
    /// the setup does.
    pub enum TransformMix {
        /// `mixRotate`.
        Rotate = "mixRotate",
        /// `mixX`.
        X = "mixX",
        /// `mixY`.
        Y = "mixY",
        /// `mixScaleX`.
        ScaleX = "mixScaleX",
        /// `mixScaleY`.
        ScaleY = "mixScaleY",
        /// `mixShearY`.
        ShearY = "mixShearY",
    }
}

impl TransformMix {
    /// What a transform constraint that leaves the field out reads (a mix the
    /// constraint's `properties` drive nothing with is not read at all).
    pub const fn setup(self) -> Setup {
        match self {
            TransformMix::Y => Setup::As(TransformMix::X.name()),
            TransformMix::ScaleY => Setup::As(TransformMix::ScaleX.name()),
            TransformMix::Rotate
            | TransformMix::X
            | TransformMix::ScaleX
            | TransformMix::ShearY => Setup::Num(1.0),
        }
    }
}

names! {
    /// The mix channels of a path constraint: its setup fields and the value
    /// fields of a path `mix` key, in key and curve-channel order.
    pub enum PathMix {
        /// `mixRotate`.
        Rotate = "mixRotate",
        /// `mixX`.
        X = "mixX",
        /// `mixY`.
        Y = "mixY",
    }
}

impl PathMix {
    /// What a path constraint that leaves the field out reads.
    pub const fn setup(self) -> Setup {
        match self {
            PathMix::Rotate | PathMix::X => Setup::Num(1.0),
            PathMix::Y => Setup::As(PathMix::X.name()),
        }
    }
}

names! {
    /// The mode of a `sequence` key, in the runtime's index order
    /// (`SequenceMode`: [`SequenceMode::index`] is the runtime's index); a key
    /// that states none holds.
    pub enum SequenceMode {
        /// `hold`: show `index`.
        Hold = "hold",
        /// `once`.
        Once = "once",
        /// `loop`.
        Loop = "loop",
        /// `pingpong`.
        Pingpong = "pingpong",
        /// `onceReverse`.
        OnceReverse = "onceReverse",
        /// `loopReverse`.
        LoopReverse = "loopReverse",
        /// `pingpongReverse`.
        PingpongReverse = "pingpongReverse",
    }
}

names! {
    /// An inherit mode, as a bone's `inherit` and an `inherit` key spell it (the
    /// runtime also reads the first letter in the other case).
    pub enum InheritMode {
        /// `normal`.
        Normal = "normal",
        /// `onlyTranslation`.
        OnlyTranslation = "onlyTranslation",
        /// `noRotationOrReflection`.
        NoRotationOrReflection = "noRotationOrReflection",
        /// `noScale`.
        NoScale = "noScale",
        /// `noScaleOrReflection`.
        NoScaleOrReflection = "noScaleOrReflection",
    }
}

names! {
    /// A group of an animation, `animations.<a>.<name>`, in the order rigc
    /// writes them: the target groups (bones and slots keyed by name, then
    /// `attachments` by skin, slot and attachment), the constraint groups, and
    /// the two timelines that are an animation's own, `drawOrder` and
    /// `events` — which a gate finding names as its timeline.
    pub enum AnimationGroup {
        /// Slot timelines.
        Slots = "slots",
        /// Bone timelines.
        Bones = "bones",
        /// IK constraint timelines.
        Ik = "ik",
        /// Transform constraint timelines.
        Transform = "transform",
        /// Path constraint timelines.
        Path = "path",
        /// Physics constraint timelines.
        Physics = "physics",
        /// Slider timelines.
        Slider = "slider",
        /// Attachment timelines (`deform`, `sequence`).
        Attachments = "attachments",
        /// The draw order timeline.
        DrawOrder = "drawOrder",
        /// The event timeline.
        Events = "events",
    }
}

#[cfg(test)]
mod tests;
