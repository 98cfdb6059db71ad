//! This module owns the animation stage: one animation of the motion spec + the
//! setup skeleton → one compiled `rigc_sdk::model::Animation`.
