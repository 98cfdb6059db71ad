//! `frames.json`, the sidecar of a render (CLI.md §4): what was drawn (the
//! skeleton, skin, slot selection, background), the one viewport every set
//! shares, and each set's directory, animation, rate and frame counts. `rigc
//! render` writes it; `rigc check` reads a reference render through it.
//!
//! The names a render gives its files are made here and nowhere else:
//! [`set_dir`] (`<anim>`, or `<anim>@<fps>fps` off the protocol rate),
//! [`frame_file`] (`f0000.png`), [`CONTACT_FILE`], [`GEOMETRY_FILE`].

use crate::Viewport;
use serde::{Deserialize, Serialize};

/// The `spec` of the document.
pub const SPEC: &str = "rigc-frames/1";
/// The sidecar's file name, at the render's root.
pub const FILE: &str = "frames.json";
/// The protocol rate (`PROTOCOL_FPS`): a set sampled at it carries no `@…fps`.
pub const PROTOCOL_FPS: f64 = 12.0;
/// The set directory of a skeleton with no animation: its setup pose.
pub const SETUP_POSE_DIR: &str = "@setup";
/// A set's contact sheet (written only when the set has more than one frame).
pub const CONTACT_FILE: &str = "contact.png";
/// A set's geometry (written only with `--geometry`).
pub const GEOMETRY_FILE: &str = "geometry.json";

/// The whole sidecar.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Frames {
    /// Always [`SPEC`].
    pub spec: String,
    /// The skeleton drawn (as given on the command line, made absolute).
    pub skeleton: String,
    /// The skin set before posing, when one was named.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub skin: Option<String>,
    /// `--slot`: only these slots were drawn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub slots: Option<Vec<String>>,
    /// `--hide`: these slots were not drawn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hidden: Option<Vec<String>>,
    /// The colour under the drawing, `#rrggbbaa` (straight alpha).
    pub background: String,
    /// The box every set is framed in.
    pub viewport: Viewport,
    /// One entry per set, in the order written.
    pub sets: Vec<Set>,
}

/// One set: one animation (or the setup pose) sampled at one rate.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Set {
    /// The set's directory, relative to the sidecar ([`set_dir`]).
    pub dir: String,
    /// The animation posed (`None`: the setup pose).
    pub animation: Option<String>,
    /// Samples per second.
    pub fps: f64,
    /// How many times were posed: `round(duration·fps) + 1`.
    pub sampled: u32,
    /// How many frames were written (`f0000.png …`).
    pub written: u32,
    /// Every `stride`-th sample was written.
    pub stride: u32,
    /// The animation's duration, seconds (0 for the setup pose).
    pub duration: f64,
}

/// The directory of a set: the animation's name, with `@<fps>fps` when the
/// rate is not [`PROTOCOL_FPS`]; [`SETUP_POSE_DIR`] for the setup pose.
pub fn set_dir(animation: Option<&str>, fps: f64) -> String {
    let base = animation.unwrap_or(SETUP_POSE_DIR);
    if fps == PROTOCOL_FPS || animation.is_none() {
        base.to_string()
    } else {
        format!("{base}@{}fps", rigc_spine::num::f64_text(fps))
    }
}

/// The file of frame `i` of a set: `f0000.png`, `f0001.png`, ….
pub fn frame_file(i: u32) -> String {
    format!("f{i:04}.png")
}

/// The frame label a report prints for frame `i` (`f0016`).
pub fn frame_label(i: u32) -> String {
    format!("f{i:04}")
}

/// A document as a render writes it (`frames.json`, `geometry.json`, `check
/// --json`): two-space JSON and a trailing newline.
pub fn json_text<T: Serialize>(doc: &T) -> String {
    let mut s = serde_json::to_string_pretty(doc).unwrap_or_default();
    s.push('\n');
    s
}

impl Frames {
    /// Reads a sidecar's text, refusing another spec by name.
    pub fn parse(text: &str) -> Result<Frames, String> {
        let frames: Frames = serde_json::from_str(text).map_err(|e| e.to_string())?;
        if frames.spec != SPEC {
            return Err(format!(
                "spec is {:?}; this reader knows {SPEC:?}",
                frames.spec
            ));
        }
        Ok(frames)
    }

    /// The sidecar as written (see [`json_text`]).
    pub fn to_text(&self) -> String {
        json_text(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_dirs_carry_the_rate_only_off_the_protocol_rate() {
        assert_eq!(set_dir(Some("walk"), 12.0), "walk");
        assert_eq!(set_dir(Some("walk"), 20.0), "walk@20fps");
        assert_eq!(set_dir(Some("turn"), 12.5), "turn@12.5fps");
        assert_eq!(set_dir(None, 25.0), SETUP_POSE_DIR);
        assert_eq!(frame_file(16), "f0016.png");
    }

    #[test]
    fn a_sidecar_reads_back_what_it_wrote_and_refuses_another_spec() {
        let f = Frames {
            spec: SPEC.into(),
            skeleton: "/p/build/skeleton.json".into(),
            skin: None,
            slots: None,
            hidden: Some(vec!["shadow".into()]),
            background: "#00000000".into(),
            viewport: Viewport {
                x: -1.0,
                y: 0.0,
                width: 2.0,
                height: 4.0,
                scale: 8.0,
                pixel_width: 16,
                pixel_height: 32,
            },
            sets: vec![Set {
                dir: "walk@20fps".into(),
                animation: Some("walk".into()),
                fps: 20.0,
                sampled: 19,
                written: 19,
                stride: 1,
                duration: 0.9,
            }],
        };
        let text = f.to_text();
        assert!(text.contains("\"pixelWidth\": 16"), "{text}");
        assert_eq!(Frames::parse(&text).unwrap(), f);
        let other = text.replace(SPEC, "rigc-frames/9");
        assert!(Frames::parse(&other).unwrap_err().contains("rigc-frames/9"));
    }
}
