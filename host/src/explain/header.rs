//! This module owns the report's opening: `rigc explain <label>` with the
//! spec paths, and the `stage` line (the rig's declared stage, and the Spine
//! version the skeleton states).

use super::{text, Input};
use crate::build::TargetResult;
use serde::Serialize;

/// `rigc explain <label>`, the rig and motion paths.
#[derive(Debug, Serialize)]
pub struct Header {
    /// The target's label.
    pub label: String,
    /// The rig spec, as read.
    pub rig: Option<String>,
    /// The motion spec, as read.
    pub motion: Option<String>,
    /// The `--atlas-in` file, as read, when the rig is explained against one.
    pub atlas_in: Option<String>,
    /// Under `--atlas-in`, each part's region, size and where the atlas
    /// holds it (the build's part-page lines).
    pub parts: Vec<(String, u32, u32, String)>,
}

impl Header {
    /// The header of `result`.
    pub fn of(result: &TargetResult) -> Header {
        let shown = |p: &Option<std::path::PathBuf>| p.as_ref().map(|p| p.display().to_string());
        Header {
            label: result.label.clone(),
            rig: shown(&result.rig_path),
            motion: shown(&result.motion_path),
            atlas_in: shown(&result.atlas_in),
            parts: match result.atlas_in {
                Some(_) => result.parts.clone(),
                None => Vec::new(),
            },
        }
    }

    /// Its lines.
    pub fn lines(&self) -> Vec<String> {
        let mut out = vec![format!("rigc explain {}", self.label)];
        if let Some(r) = &self.rig {
            out.push(format!("  ..    rig    {r}"));
        }
        if let Some(m) = &self.motion {
            out.push(format!("  ..    motion {m}"));
        }
        if let Some(a) = &self.atlas_in {
            out.push(format!("  ..    atlas-in {a}"));
            out.push(format!("  ..    {} part page(s):", self.parts.len()));
            for (region, w, h, at) in &self.parts {
                out.push(format!("  ..      {region:<24} {w}x{h}  <- {at}"));
            }
        }
        out
    }
}

/// The declared stage and the skeleton's Spine version.
#[derive(Debug, Serialize)]
pub struct Stage {
    /// `[x, y, width, height]`, when the rig declares a stage.
    pub declared: Option<[f64; 4]>,
    /// `skeleton.spine`.
    pub spine: String,
}

impl Stage {
    /// The stage of the compiled rig.
    pub fn of(input: &Input<'_>) -> Stage {
        Stage {
            declared: input
                .rig_info
                .stage
                .as_ref()
                .map(|b| [b.x, b.y, b.width, b.height]),
            spine: input
                .skeleton
                .get("skeleton")
                .map_or_else(String::new, |s| text::field(s, "spine", "")),
        }
    }

    /// `stage  W x H  (spine 4.3.13)`, or `stage  none declared`.
    pub fn lines(&self) -> Vec<String> {
        vec![match self.declared {
            Some([_, _, w, h]) => format!(
                "stage  {} x {}  (spine {})",
                rigc_sdk::spine::num::f64_text(w),
                rigc_sdk::spine::num::f64_text(h),
                self.spine
            ),
            None => format!("stage  none declared  (spine {})", self.spine),
        }]
    }
}
