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
mod tests {
    //! The tables against the runtime port, which spells every name on its own.
    use super::*;
    use rigc_spine::data::{ConstraintKind, TimelineKind};
    use rigc_spine::read_skeleton;
    use serde_json::{json, Value};

    /// A skeleton with bone `b`, slot `s` (dark colour, region `r` with a
    /// 3-frame series), an ik, a transform driving every property, a path, a
    /// physics constraint and a bone-less slider, and animation `a`.
    fn skeleton(animation: Value) -> Value {
        json!({
            "bones": [{ "name": "b" }, { "name": "t" }],
            "slots": [{ "name": "s", "bone": "b", "dark": "000000" }],
            "skins": [{ "name": "default", "attachments": { "s": {
                "r": { "width": 1, "height": 1, "sequence": { "count": 3 } },
                "p": { "type": "path", "vertexCount": 3, "vertices": [0, 0, 1, 1, 2, 2], "lengths": [3] }
            } } }],
            "constraints": [
                { "type": "ik", "name": "k", "bones": ["b"], "target": "t" },
                { "type": "transform", "name": "tc", "bones": ["b"], "source": "t", "properties": {
                    "rotate": { "to": { "rotate": {}, "x": {}, "y": {}, "scaleX": {}, "scaleY": {}, "shearY": {} } }
                } },
                { "type": "path", "name": "pc", "bones": ["b"], "slot": "s" },
                { "type": "physics", "name": "ph", "bone": "b", "x": 1 },
                { "type": "slider", "name": "sl", "animation": "a" }
            ],
            "animations": { "a": animation }
        })
    }

    fn read(animation: Value) -> rigc_spine::ReadOutcome {
        let text = skeleton(animation).to_string();
        match read_skeleton(&text, None) {
            Ok(r) => r,
            Err(e) => panic!("the port refuses {text}: {}", e.message),
        }
    }

    fn timelines(animation: Value) -> Vec<TimelineKind> {
        let r = read(animation);
        assert!(r.findings.is_empty(), "{:?}", r.findings);
        r.data.animations[0]
            .timelines
            .iter()
            .map(|t| t.kind.clone())
            .collect()
    }

    /// A key stating every value field, of the right kind.
    fn key(fields: &[Field]) -> Value {
        let mut k = json!({ "time": 0 });
        for f in fields {
            k[f.name] = match f.kind {
                Kind::Num => json!(1),
                Kind::Bool => json!(true),
                Kind::Int => json!(0),
                Kind::Nums => json!([0]),
                Kind::Text if f.name == field::INHERIT => json!("normal"),
                Kind::Text if f.name == field::MODE => json!("hold"),
                Kind::Text => json!("r"),
                Kind::Hex(n) => json!("ff".repeat(n)),
            };
        }
        k
    }

    #[test]
    fn every_bone_and_slot_timeline_is_one_the_port_reads() {
        for t in BoneTimeline::ALL {
            let tls = timelines(json!({ "bones": { "b": { t.name(): [key(t.fields())] } } }));
            assert_eq!(tls.len(), 1, "{t}");
        }
        for t in SlotTimeline::ALL {
            let tls = timelines(json!({ "slots": { "s": { t.name(): [key(t.fields())] } } }));
            assert_eq!(tls.len(), 1, "{t}");
        }
        let refused = skeleton(json!({ "bones": { "b": { "translateX": [{}] } } }));
        assert!(read_skeleton(&refused.to_string(), None).is_err());
    }

    #[test]
    fn every_constraint_and_attachment_timeline_is_one_the_port_reads() {
        let ik = json!([key(&IkMix::ALL
            .iter()
            .map(|c| Field {
                name: c.name(),
                kind: c.kind()
            })
            .collect::<Vec<_>>())]);
        let tc = json!([key(&TransformMix::ALL
            .iter()
            .map(|c| num(c.name()))
            .collect::<Vec<_>>())]);
        assert_eq!(timelines(json!({ "ik": { "k": ik } })).len(), 1);
        assert_eq!(timelines(json!({ "transform": { "tc": tc } })).len(), 1);
        for t in PathTimeline::ALL {
            let tls = timelines(json!({ "path": { "pc": { t.name(): [key(t.fields())] } } }));
            assert_eq!(tls.len(), 1, "{t}");
        }
        for t in PhysicsTimeline::ALL {
            let tls = timelines(json!({ "physics": { "ph": { t.name(): [key(t.fields())] } } }));
            assert_eq!(tls.len(), 1, "{t}");
        }
        for t in SliderTimeline::ALL {
            let tls = timelines(json!({ "slider": { "sl": { t.name(): [key(t.fields())] } } }));
            assert_eq!(tls.len(), 1, "{t}");
        }
        for t in AttachmentTimeline::ALL {
            // A deform needs vertices (the path); a sequence, a series (the region).
            let att = match t {
                AttachmentTimeline::Deform => "p",
                AttachmentTimeline::Sequence => "r",
            };
            let at = json!({ "default": { "s": { att: { t.name(): [key(t.fields())] } } } });
            let tls = timelines(json!({ "attachments": at }));
            assert_eq!(tls.len(), 1, "{t}");
        }
    }

    #[test]
    fn curve_channels_are_the_channels_of_the_value_fields() {
        let sum = |fields: &[Field]| {
            let n: usize = fields.iter().map(|f| f.channels()).sum();
            (n > 0).then_some(n)
        };
        for t in BoneTimeline::ALL {
            assert_eq!(t.curves(), sum(t.fields()), "{t}");
        }
        for t in SlotTimeline::ALL {
            assert_eq!(t.curves(), sum(t.fields()), "{t}");
        }
        for t in PathTimeline::ALL {
            assert_eq!(t.curves(), sum(t.fields()), "{t}");
        }
        for t in PhysicsTimeline::ALL {
            assert_eq!(t.curves(), sum(t.fields()), "{t}");
        }
        for t in SliderTimeline::ALL {
            assert_eq!(t.curves(), sum(t.fields()), "{t}");
        }
        let ik: Vec<IkMix> = IkMix::ALL
            .iter()
            .copied()
            .filter(|c| c.kind() == Kind::Num)
            .collect();
        assert_eq!(ik, IkMix::CURVED);
    }

    #[test]
    fn sequence_modes_are_in_the_runtime_index_order() {
        let keys: Vec<Value> = SequenceMode::ALL
            .iter()
            .enumerate()
            .map(|(i, m)| json!({ "time": i, "mode": m.name(), "delay": 0.1 }))
            .collect();
        let at = json!({ "default": { "s": { "r": { "sequence": keys } } } });
        let tls = timelines(json!({ "attachments": at }));
        let Some(TimelineKind::Sequence { modes, .. }) = tls.first() else {
            panic!("no sequence timeline: {tls:?}");
        };
        let want: Vec<Option<u8>> = SequenceMode::ALL
            .iter()
            .map(|m| Some(m.index() as u8))
            .collect();
        assert_eq!(*modes, want);
        assert_eq!(SequenceMode::Hold.index(), 0);
    }

    #[test]
    fn inherit_modes_are_the_ones_the_port_reads() {
        for m in InheritMode::ALL {
            let text = json!({ "bones": [{ "name": "b", "inherit": m.name() }] }).to_string();
            let r = read_skeleton(&text, None).expect("reads");
            assert!(r.findings.is_empty(), "{m}: {:?}", r.findings);
        }
    }

    #[test]
    fn setup_defaults_are_what_the_port_reads() {
        let r = read(json!({}));
        let mut seen = 0;
        let value = |s: Setup, other: &dyn Fn(&str) -> f64| match s {
            Setup::Num(x) => x,
            Setup::Bool(b) => f64::from(u8::from(b)),
            Setup::As(name) => other(name),
        };
        for c in &r.data.constraints {
            match &c.kind {
                ConstraintKind::Ik(k) => {
                    let p = &k.setup;
                    let read = |m: IkMix| match m {
                        IkMix::Mix => p.mix,
                        IkMix::Softness => p.softness,
                        IkMix::BendPositive => f64::from(u8::from(p.bend_direction == 1.0)),
                        IkMix::Compress => f64::from(u8::from(p.compress)),
                        IkMix::Stretch => f64::from(u8::from(p.stretch)),
                    };
                    for m in IkMix::ALL {
                        assert_eq!(read(*m), value(m.setup(), &|_| f64::NAN), "{m}");
                    }
                }
                ConstraintKind::Transform(t) => {
                    let p = &t.setup;
                    let read = |m: TransformMix| match m {
                        TransformMix::Rotate => p.mix_rotate,
                        TransformMix::X => p.mix_x,
                        TransformMix::Y => p.mix_y,
                        TransformMix::ScaleX => p.mix_scale_x,
                        TransformMix::ScaleY => p.mix_scale_y,
                        TransformMix::ShearY => p.mix_shear_y,
                    };
                    let other = |n: &str| TransformMix::from_name(n).map_or(f64::NAN, read);
                    for m in TransformMix::ALL {
                        assert_eq!(read(*m), value(m.setup(), &other), "{m}");
                    }
                }
                ConstraintKind::Path(pd) => {
                    let p = &pd.setup;
                    let read = |m: PathMix| match m {
                        PathMix::Rotate => p.mix_rotate,
                        PathMix::X => p.mix_x,
                        PathMix::Y => p.mix_y,
                    };
                    let other = |n: &str| PathMix::from_name(n).map_or(f64::NAN, read);
                    for m in PathMix::ALL {
                        assert_eq!(read(*m), value(m.setup(), &other), "{m}");
                    }
                }
                ConstraintKind::Physics(ph) => {
                    let p = &ph.setup;
                    for t in PhysicsTimeline::ALL {
                        let got = match t {
                            PhysicsTimeline::Inertia => p.inertia,
                            PhysicsTimeline::Strength => p.strength,
                            PhysicsTimeline::Damping => p.damping,
                            PhysicsTimeline::Mass => 1.0 / p.mass_inverse,
                            PhysicsTimeline::Wind => p.wind,
                            PhysicsTimeline::Gravity => p.gravity,
                            PhysicsTimeline::Mix => p.mix,
                            PhysicsTimeline::Reset => continue,
                        };
                        let want = t.setup().map(|s| value(s, &|_| f64::NAN));
                        assert_eq!(Some(got), want, "{t}");
                    }
                }
                ConstraintKind::Slider(s) => {
                    assert_eq!(Setup::Num(s.setup.time), SliderTimeline::Time.setup());
                    assert_eq!(Setup::Num(s.setup.mix), SliderTimeline::Mix.setup());
                }
            }
            seen += 1;
        }
        assert_eq!(seen, 5);
    }
}
