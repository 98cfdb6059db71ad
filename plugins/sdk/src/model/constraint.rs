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
    /// `"type": "path"`.
    Path(PathConstraint),
}

impl Constraint {
    /// The constraint's name.
    pub fn name(&self) -> &str {
        match self {
            Constraint::Ik(c) => &c.name,
            Constraint::Transform(c) => &c.name,
            Constraint::Path(c) => &c.name,
        }
    }

    /// The `type` string.
    pub fn type_name(&self) -> &'static str {
        match self {
            Constraint::Ik(_) => "ik",
            Constraint::Transform(_) => "transform",
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
