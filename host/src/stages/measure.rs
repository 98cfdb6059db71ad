//! This module owns the measure stage: one part PNG in, its facts out (size,
//! colour type, `tRNS`). It is keyed per image file; a missing, non-PNG, truncated
//! or damaged file is a named refusal located at the spec value that names it.

use rigc_sdk::png_image::{self, PngError, PngHeader};
use std::path::{Path, PathBuf};

/// What the compiler knows about one part image.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct ImageInfo {
    /// The absolute path of the file.
    pub path: PathBuf,
    /// Its header facts.
    pub header: PngHeader,
}

impl ImageInfo {
    /// Width in pixels.
    pub fn width(&self) -> u32 {
        self.header.width
    }

    /// Height in pixels.
    pub fn height(&self) -> u32 {
        self.header.height
    }
}

/// Why an image could not be measured.
#[derive(Debug, Clone, PartialEq)]
pub enum MeasureError {
    /// No file there.
    Missing,
    /// The file could not be read.
    Unreadable(String),
    /// Not a PNG, truncated, or corrupt.
    Png(PngError),
}

/// Measures the PNG at `path` (decoding it whole, so truncation is caught).
pub fn measure(path: &Path) -> Result<ImageInfo, MeasureError> {
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Err(MeasureError::Missing),
        Err(e) => return Err(MeasureError::Unreadable(e.to_string())),
    };
    measure_bytes(path, &bytes)
}

/// Measures PNG bytes already read from `path`: its structure is checked whole
/// (every chunk present and intact through `IEND`), its image data is not
/// inflated — the gate's A06 decodes every page.
pub fn measure_bytes(path: &Path, bytes: &[u8]) -> Result<ImageInfo, MeasureError> {
    let header = png_image::check(bytes).map_err(MeasureError::Png)?;
    Ok(ImageInfo {
        path: path.to_path_buf(),
        header,
    })
}
