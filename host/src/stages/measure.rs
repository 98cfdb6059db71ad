//! This module owns the measure stage: one part PNG's bytes in, its facts out
//! (size, colour type, `tRNS`). It is keyed per image file; a non-PNG,
//! truncated, damaged or oversized (beyond `png_image::MAX_SIDE` a side) file is
//! a named refusal located at the spec value that names it (the build reads the bytes; a missing file is refused there).

use rigc_sdk::png_image::{self, PngError, PngHeader};
use std::path::{Path, PathBuf};

/// What the compiler knows about one part image.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct ImageInfo {
    /// The absolute path of the file.
    #[serde(with = "crate::stage::paths::serde_path")]
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

crate::stage::stage! {
    /// `measure:<image>`: one part PNG's bytes → its facts, keyed by the bytes
    /// and the path they were read from.
    pub struct Measure<'a> {
        /// The `image` value as the rig writes it (names the stage).
        pub image: &'a str,
        /// Where it was read from (canonical).
        pub path: &'a Path,
        /// Its bytes.
        pub bytes: crate::stage::Content<'a>,
    }
}

impl crate::stage::Stage for Measure<'_> {
    type Output = ImageInfo;
    type Error = MeasureError;
    // 2: a size beyond png_image::MAX_SIDE is refused.
    const VERSION: u32 = 2;

    fn name(&self) -> String {
        format!("measure:{}", self.image)
    }

    fn compute(&self) -> Result<ImageInfo, MeasureError> {
        measure_bytes(self.path, self.bytes.bytes)
    }
}
