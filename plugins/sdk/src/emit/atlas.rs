//! This module owns the `skeleton.atlas` writer (Spine text atlas, the layout of
//! rigc's `writeAtlasText`): pages separated by exactly one blank line, region names
//! never indented, a trailing newline, and an empty file for no pages.

use serde::{Deserialize, Serialize};

/// An atlas page as rigc lays it out.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct AtlasPage {
    /// The page line: the PNG path relative to the atlas file, `/`-separated.
    pub name: String,
    /// Page width in pixels.
    pub width: u32,
    /// Page height in pixels.
    pub height: u32,
    /// Regions on the page.
    pub regions: Vec<AtlasRegion>,
}

/// One region of a page (never rotated, never trimmed).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct AtlasRegion {
    /// Region name (the PNG basename for a loose part).
    pub name: String,
    /// Left edge on the page.
    pub x: u32,
    /// Top edge on the page.
    pub y: u32,
    /// Width.
    pub width: u32,
    /// Height.
    pub height: u32,
}

/// The atlas text for `pages`.
///
/// ```
/// use rigc_sdk::emit::atlas::{to_string, AtlasPage, AtlasRegion};
/// let page = AtlasPage { name: "../images/box.png".into(), width: 64, height: 48,
///     regions: vec![AtlasRegion { name: "box".into(), x: 0, y: 0, width: 64, height: 48 }] };
/// assert_eq!(to_string(&[page]), "../images/box.png\nsize: 64, 48\nfilter: Linear, Linear\npma: false\nbox\nbounds: 0, 0, 64, 48\noffsets: 0, 0, 64, 48\nrotate: 0\n");
/// ```
pub fn to_string(pages: &[AtlasPage]) -> String {
    if pages.is_empty() {
        return String::new();
    }
    let mut lines: Vec<String> = Vec::new();
    for (i, page) in pages.iter().enumerate() {
        if i > 0 {
            lines.push(String::new());
        }
        lines.push(page.name.clone());
        lines.push(format!("size: {}, {}", page.width, page.height));
        lines.push("filter: Linear, Linear".into());
        lines.push("pma: false".into());
        for r in &page.regions {
            lines.push(r.name.clone());
            lines.push(format!(
                "bounds: {}, {}, {}, {}",
                r.x, r.y, r.width, r.height
            ));
            lines.push(format!("offsets: 0, 0, {}, {}", r.width, r.height));
            lines.push("rotate: 0".into());
        }
    }
    let mut text = lines.join("\n");
    text.push('\n');
    text
}
