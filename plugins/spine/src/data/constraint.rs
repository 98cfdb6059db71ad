//! Constraint setup data of all five 4.3 kinds (`IkConstraintData`,
//! `TransformConstraintData` with its `properties` mapping, `PathConstraintData`,
//! `PhysicsConstraintData`, `SliderData`), with the runtime's defaults.

/// `ScaleYMode` of IK and physics constraints.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ScaleYMode {
    /// Scale Y is left alone.
    None,
    /// Scale Y follows scale X.
    Uniform,
    /// Scale Y keeps the area.
    Volume,
}

impl ScaleYMode {
    /// The enum member named exactly `name`.
    pub fn from_name(name: &str) -> Option<ScaleYMode> {
        Some(match name {
            "None" => ScaleYMode::None,
            "Uniform" => ScaleYMode::Uniform,
            "Volume" => ScaleYMode::Volume,
            _ => return None,
        })
    }
}

/// A transform-constraint or slider property.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Property {
    /// `rotate`.
    Rotate,
    /// `x`.
    X,
    /// `y`.
    Y,
    /// `scaleX`.
    ScaleX,
    /// `scaleY`.
    ScaleY,
    /// `shearY`.
    ShearY,
}

impl Property {
    /// The property named exactly `name`.
    pub fn from_name(name: &str) -> Option<Property> {
        Some(match name {
            "rotate" => Property::Rotate,
            "x" => Property::X,
            "y" => Property::Y,
            "scaleX" => Property::ScaleX,
            "scaleY" => Property::ScaleY,
            "shearY" => Property::ShearY,
            _ => return None,
        })
    }
}

/// A "to" entry of a transform constraint property.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ToProperty {
    /// Which bone property it sets.
    pub property: Property,
    /// Offset (× scale for x/y).
    pub offset: f64,
    /// Clamp bound (× scale for x/y).
    pub max: f64,
    /// `scale × toScale / fromScale`.
    pub scale: f64,
}

/// A "from" entry of a transform constraint property (also a slider's input).
#[derive(Debug, Clone, PartialEq)]
pub struct FromProperty {
    /// Which source property it reads.
    pub property: Property,
    /// Offset subtracted from the value (× scale for x/y).
    pub offset: f64,
    /// Targets; never empty for a transform constraint (empty ones are dropped).
    pub to: Vec<ToProperty>,
}

/// `IkConstraintPose`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct IkPose {
    /// Mix.
    pub mix: f64,
    /// Softness, × scale.
    pub softness: f64,
    /// +1 or −1.
    pub bend_direction: f64,
    /// Compress.
    pub compress: bool,
    /// Stretch.
    pub stretch: bool,
}

/// `IkConstraintData`.
#[derive(Debug, Clone, PartialEq)]
pub struct IkData {
    /// Constrained bones (1 or 2 act; other counts load and do nothing).
    pub bones: Vec<usize>,
    /// Target bone.
    pub target: usize,
    /// Scale Y mode; `None` when the name did not resolve.
    pub scale_y_mode: Option<ScaleYMode>,
    /// Setup pose.
    pub setup: IkPose,
}

/// `TransformConstraintPose`.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct TransformPose {
    /// Rotate mix.
    pub mix_rotate: f64,
    /// X mix.
    pub mix_x: f64,
    /// Y mix.
    pub mix_y: f64,
    /// Scale X mix.
    pub mix_scale_x: f64,
    /// Scale Y mix.
    pub mix_scale_y: f64,
    /// Shear Y mix.
    pub mix_shear_y: f64,
}

impl TransformPose {
    /// The six mixes in the order timelines key them: rotate, x, y, scale x,
    /// scale y, shear y.
    pub fn mixes(&self) -> [f64; 6] {
        [
            self.mix_rotate,
            self.mix_x,
            self.mix_y,
            self.mix_scale_x,
            self.mix_scale_y,
            self.mix_shear_y,
        ]
    }

    /// Sets the six mixes from [`TransformPose::mixes`]' order.
    pub fn set_mixes(&mut self, m: [f64; 6]) {
        [
            self.mix_rotate,
            self.mix_x,
            self.mix_y,
            self.mix_scale_x,
            self.mix_scale_y,
            self.mix_shear_y,
        ] = m;
    }
}

/// `TransformConstraintData` (4.3).
#[derive(Debug, Clone, PartialEq)]
pub struct TransformData {
    /// Constrained bones.
    pub bones: Vec<usize>,
    /// Source bone.
    pub source: usize,
    /// Offsets: rotation, x, y, scaleX, scaleY, shearY (x/y × scale).
    pub offsets: [f64; 6],
    /// Read the source's local values.
    pub local_source: bool,
    /// Write the bones' local values.
    pub local_target: bool,
    /// Add instead of replace.
    pub additive: bool,
    /// Clamp each result between offset and max.
    pub clamp: bool,
    /// The property mapping.
    pub properties: Vec<FromProperty>,
    /// Setup mixes (only those of mapped to-properties are read; others 0).
    pub setup: TransformPose,
}

/// `PositionMode`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PositionMode {
    /// Fixed.
    Fixed,
    /// Percent.
    Percent,
}

/// `SpacingMode`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SpacingMode {
    /// Length.
    Length,
    /// Fixed.
    Fixed,
    /// Percent.
    Percent,
    /// Proportional.
    Proportional,
}

/// `RotateMode`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RotateMode {
    /// Tangent.
    Tangent,
    /// Chain.
    Chain,
    /// ChainScale.
    ChainScale,
}

/// `PathConstraintPose`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PathPose {
    /// Position (× scale when fixed).
    pub position: f64,
    /// Spacing (× scale for length/fixed).
    pub spacing: f64,
    /// Rotate mix.
    pub mix_rotate: f64,
    /// X mix.
    pub mix_x: f64,
    /// Y mix.
    pub mix_y: f64,
}

/// `PathConstraintData`.
#[derive(Debug, Clone, PartialEq)]
pub struct PathData {
    /// Constrained bones.
    pub bones: Vec<usize>,
    /// Slot holding the path attachment.
    pub slot: usize,
    /// Position mode (`None`: unresolved name).
    pub position_mode: Option<PositionMode>,
    /// Spacing mode (`None`: unresolved name).
    pub spacing_mode: Option<SpacingMode>,
    /// Rotate mode (`None`: unresolved name).
    pub rotate_mode: Option<RotateMode>,
    /// Offset rotation, degrees.
    pub offset_rotation: f64,
    /// Setup pose.
    pub setup: PathPose,
}

/// `PhysicsConstraintPose`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PhysicsPose {
    /// Inertia.
    pub inertia: f64,
    /// Strength.
    pub strength: f64,
    /// Damping.
    pub damping: f64,
    /// 1 / mass.
    pub mass_inverse: f64,
    /// Wind.
    pub wind: f64,
    /// Gravity.
    pub gravity: f64,
    /// Mix.
    pub mix: f64,
}

/// `PhysicsConstraintData`.
#[derive(Debug, Clone, PartialEq)]
pub struct PhysicsData {
    /// The simulated bone.
    pub bone: usize,
    /// Influence on x.
    pub x: f64,
    /// Influence on y.
    pub y: f64,
    /// Influence on rotation.
    pub rotate: f64,
    /// Influence on scale X.
    pub scale_x: f64,
    /// Influence on shear X.
    pub shear_x: f64,
    /// Scale Y mode (`None`: unresolved name).
    pub scale_y_mode: Option<ScaleYMode>,
    /// Limit × scale.
    pub limit: f64,
    /// 1 / fps.
    pub step: f64,
    /// Which pose values physics timelines keyed `""` act on:
    /// inertia, strength, damping, mass, wind, gravity, mix.
    pub globals: [bool; 7],
    /// Setup pose.
    pub setup: PhysicsPose,
}

/// `SliderPose`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SliderPose {
    /// Animation time.
    pub time: f64,
    /// Mix.
    pub mix: f64,
}

/// `SliderData`.
#[derive(Debug, Clone, PartialEq)]
pub struct SliderData {
    /// The animation applied (resolved after all animations are read).
    pub animation: Option<usize>,
    /// Apply additively.
    pub additive: bool,
    /// Loop the animation.
    pub looped: bool,
    /// Driving bone, if any.
    pub bone: Option<usize>,
    /// The bone property read, with `from` as its offset (`to` is empty).
    pub property: Option<FromProperty>,
    /// Time per property unit (`scale / propertyScale`; 0 without a bone).
    pub scale: f64,
    /// Time offset (`to`).
    pub offset: f64,
    /// Read the bone's local value.
    pub local: bool,
    /// Nonessential max.
    pub max: f64,
    /// Setup pose.
    pub setup: SliderPose,
}

/// One constraint of any kind, with the fields every kind has.
#[derive(Debug, Clone, PartialEq)]
pub struct ConstraintData {
    /// Name.
    pub name: String,
    /// Active only when the skin lists it.
    pub skin_required: bool,
    /// The kind-specific data.
    pub kind: ConstraintKind,
}

/// The kind-specific part of a [`ConstraintData`].
#[derive(Debug, Clone, PartialEq)]
pub enum ConstraintKind {
    /// IK.
    Ik(IkData),
    /// Transform.
    Transform(TransformData),
    /// Path.
    Path(PathData),
    /// Physics.
    Physics(PhysicsData),
    /// Slider.
    Slider(SliderData),
}

impl ConstraintData {
    /// `ik`, `transform`, `path`, `physics` or `slider`.
    pub fn type_name(&self) -> &'static str {
        match self.kind {
            ConstraintKind::Ik(_) => "ik",
            ConstraintKind::Transform(_) => "transform",
            ConstraintKind::Path(_) => "path",
            ConstraintKind::Physics(_) => "physics",
            ConstraintKind::Slider(_) => "slider",
        }
    }
}
