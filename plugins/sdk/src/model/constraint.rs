//! This module owns the constraint types of the compiled model (4.3's single typed
//! `constraints` array, in update order).

use serde::{Deserialize, Serialize};

/// A constraint.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Constraint {
    /// `"type": "ik"`.
    Ik(IkConstraint),
    /// `"type": "transform"`.
    Transform(TransformConstraint),
    /// `"type": "slider"`.
    Slider(SliderConstraint),
    /// `"type": "physics"`.
    Physics(PhysicsConstraint),
    /// `"type": "path"`.
    Path(PathConstraint),
}

impl Constraint {
    /// The constraint's name.
    pub fn name(&self) -> &str {
        match self {
            Constraint::Ik(c) => &c.name,
            Constraint::Transform(c) => &c.name,
            Constraint::Slider(c) => &c.name,
            Constraint::Physics(c) => &c.name,
            Constraint::Path(c) => &c.name,
        }
    }

    /// The `type` string.
    pub fn type_name(&self) -> &'static str {
        match self {
            Constraint::Ik(_) => "ik",
            Constraint::Transform(_) => "transform",
            Constraint::Slider(_) => "slider",
            Constraint::Physics(_) => "physics",
            Constraint::Path(_) => "path",
        }
    }
}

/// An IK constraint; optional fields are `Some` when declared.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct IkConstraint {
    /// Name.
    pub name: String,
    /// Constrained bones (1 or 2).
    pub bones: Vec<String>,
    /// Target bone.
    pub target: String,
    /// `scaleY` mode, as written.
    pub scale_y: Option<String>,
    /// `mix`.
    pub mix: Option<f64>,
    /// `softness`.
    pub softness: Option<f64>,
    /// `bendPositive`.
    pub bend_positive: Option<bool>,
    /// `compress`.
    pub compress: Option<bool>,
    /// `stretch`.
    pub stretch: Option<bool>,
    /// `skin` (skinRequired).
    pub skin: Option<bool>,
}

/// A 4.3 transform constraint.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct TransformConstraint {
    /// Name.
    pub name: String,
    /// Constrained bones.
    pub bones: Vec<String>,
    /// Source bone.
    pub source: String,
    /// `properties`: from-property mappings, in declaration order.
    pub properties: Option<Vec<TransformFrom>>,
    /// `localSource`.
    pub local_source: Option<bool>,
    /// `localTarget`.
    pub local_target: Option<bool>,
    /// `additive`.
    pub additive: Option<bool>,
    /// `clamp`.
    pub clamp: Option<bool>,
    /// Offset `rotation`.
    pub rotation: Option<f64>,
    /// Offset `x`.
    pub x: Option<f64>,
    /// Offset `y`.
    pub y: Option<f64>,
    /// Offset `scaleX`.
    pub scale_x: Option<f64>,
    /// Offset `scaleY`.
    pub scale_y: Option<f64>,
    /// Offset `shearY`.
    pub shear_y: Option<f64>,
    /// `mixRotate`.
    pub mix_rotate: Option<f64>,
    /// `mixX`.
    pub mix_x: Option<f64>,
    /// `mixY`.
    pub mix_y: Option<f64>,
    /// `mixScaleX`.
    pub mix_scale_x: Option<f64>,
    /// `mixScaleY`.
    pub mix_scale_y: Option<f64>,
    /// `mixShearY`.
    pub mix_shear_y: Option<f64>,
    /// `skin` (skinRequired).
    pub skin: Option<bool>,
}

/// One from-property of a transform constraint.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct TransformFrom {
    /// `rotate`, `x`, `y`, `scaleX`, `scaleY` or `shearY`.
    pub name: String,
    /// `offset`.
    pub offset: Option<f64>,
    /// The to-properties, in declaration order.
    pub to: Vec<TransformTo>,
}

/// One to-property of a transform constraint.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct TransformTo {
    /// Property name.
    pub name: String,
    /// `offset`.
    pub offset: Option<f64>,
    /// `max`.
    pub max: Option<f64>,
    /// `scale`.
    pub scale: Option<f64>,
}

/// A 4.3 slider constraint (FORMAT.md §2.8 slider): it applies `animation` at a
/// time of its own (`time`, the bone-less model) or one read off a bone's
/// property (`time = to + (value − from) · scale`). Optional fields are `Some`
/// when declared; numbers are already rounded to 6 decimals.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct SliderConstraint {
    /// Name.
    pub name: String,
    /// The animation it applies (one the motion spec declares).
    pub animation: String,
    /// `additive`.
    pub additive: Option<bool>,
    /// `loop`.
    pub looping: Option<bool>,
    /// `mix`.
    pub mix: Option<f64>,
    /// The driving bone and how its property maps to time, when bone-driven.
    pub driven: Option<SliderDrive>,
    /// `time` (the bone-less model's setup time).
    pub time: Option<f64>,
    /// `skin` (skinRequired).
    pub skin: Option<bool>,
}

/// The bone-driven model of a slider.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct SliderDrive {
    /// `bone`.
    pub bone: String,
    /// `property`: `rotate`, `x`, `y`, `scaleX`, `scaleY` or `shearY`.
    pub property: String,
    /// `from`.
    pub from: Option<f64>,
    /// `to`.
    pub to: Option<f64>,
    /// `scale`.
    pub scale: Option<f64>,
    /// `max` (nonessential).
    pub max: Option<f64>,
    /// `local`.
    pub local: Option<bool>,
}

/// A physics constraint; optional fields are `Some` when declared (a rig's) or
/// when they differ from the parser's default (the motion spec's `physics`
/// table, FORMAT.md §3.5).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct PhysicsConstraint {
    /// Name.
    pub name: String,
    /// The bone it moves.
    pub bone: String,
    /// Component `x`.
    pub x: Option<f64>,
    /// Component `y`.
    pub y: Option<f64>,
    /// Component `rotate`.
    pub rotate: Option<f64>,
    /// Component `scaleX`.
    pub scale_x: Option<f64>,
    /// Component `shearX`.
    pub shear_x: Option<f64>,
    /// `scaleY` mode, as written.
    pub scale_y: Option<String>,
    /// `limit`.
    pub limit: Option<f64>,
    /// `fps`.
    pub fps: Option<f64>,
    /// `inertia`.
    pub inertia: Option<f64>,
    /// `strength`.
    pub strength: Option<f64>,
    /// `damping`.
    pub damping: Option<f64>,
    /// `mass`.
    pub mass: Option<f64>,
    /// `wind`.
    pub wind: Option<f64>,
    /// `gravity`.
    pub gravity: Option<f64>,
    /// `mix`.
    pub mix: Option<f64>,
    /// The `<value>Global` flags, in [`PHYSICS_GLOBALS`] order.
    pub globals: [Option<bool>; 7],
    /// `skin` (skinRequired).
    pub skin: Option<bool>,
}

/// The names of a physics constraint's `<value>Global` flags, in emission order.
pub const PHYSICS_GLOBALS: [&str; 7] = [
    "inertiaGlobal",
    "strengthGlobal",
    "dampingGlobal",
    "massGlobal",
    "windGlobal",
    "gravityGlobal",
    "mixGlobal",
];

impl PhysicsConstraint {
    /// The five components with their JSON names, in emission order.
    pub fn components(&self) -> [(&'static str, Option<f64>); 5] {
        [
            ("x", self.x),
            ("y", self.y),
            ("rotate", self.rotate),
            ("scaleX", self.scale_x),
            ("shearX", self.shear_x),
        ]
    }

    /// The numeric parameters after `scaleY`, with their JSON names, in
    /// emission order.
    pub fn parameters(&self) -> [(&'static str, Option<f64>); 9] {
        [
            ("limit", self.limit),
            ("fps", self.fps),
            ("inertia", self.inertia),
            ("strength", self.strength),
            ("damping", self.damping),
            ("mass", self.mass),
            ("wind", self.wind),
            ("gravity", self.gravity),
            ("mix", self.mix),
        ]
    }

    /// Is the `<value>Global` flag called `flag` (one of [`PHYSICS_GLOBALS`]) set?
    pub fn global(&self, flag: &str) -> bool {
        PHYSICS_GLOBALS
            .iter()
            .position(|g| *g == flag)
            .and_then(|i| self.globals[i])
            .unwrap_or(false)
    }
}

/// A path constraint (FORMAT.md §2.8 path); optional fields are `Some` when
/// declared, the modes spelled as written.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct PathConstraint {
    /// Name.
    pub name: String,
    /// Constrained bones, in riding order.
    pub bones: Vec<String>,
    /// The slot whose path attachment the bones follow.
    pub slot: String,
    /// `positionMode`.
    pub position_mode: Option<String>,
    /// `spacingMode`.
    pub spacing_mode: Option<String>,
    /// `rotateMode`.
    pub rotate_mode: Option<String>,
    /// `rotation`, degrees.
    pub rotation: Option<f64>,
    /// `position`.
    pub position: Option<f64>,
    /// `spacing`.
    pub spacing: Option<f64>,
    /// `mixRotate`.
    pub mix_rotate: Option<f64>,
    /// `mixX`.
    pub mix_x: Option<f64>,
    /// `mixY`.
    pub mix_y: Option<f64>,
    /// `skin` (skinRequired).
    pub skin: Option<bool>,
}
