//! This module owns reading a reference render for `check`: `--frames` is a
//! render's root (its `frames.json` and every set) or one set's directory
//! (the `frames.json` of its parent, that set alone), and each frame a PNG
//! of exactly the sidecar's pixel size — a frame of another size, a frame
//! missing, or a sidecar that does not parse is refused by name.

use super::CheckError;
use rigc_render::sidecar::{frame_file, Frames, Set, FILE};
use rigc_render::Image;
use std::path::{Path, PathBuf};

/// A reference render: its sidecar, its root, and the sets compared.
pub struct Reference {
    /// The directory `frames.json` is in.
    pub root: PathBuf,
    /// The sidecar.
    pub frames: Frames,
    /// The sets to compare (all of them, or the one `--frames` names).
    pub sets: Vec<Set>,
}

impl Reference {
    /// Reads the sidecar `--frames` points at.
    pub fn open(dir: &Path) -> Result<Reference, CheckError> {
        if !dir.is_dir() {
            return Err(CheckError(format!(
                "--frames {}: not a directory",
                dir.display()
            )));
        }
        let (root, one) = if dir.join(FILE).is_file() {
            (dir.to_path_buf(), None)
        } else {
            match (dir.parent(), dir.file_name()) {
                (Some(p), Some(name)) if p.join(FILE).is_file() => {
                    (p.to_path_buf(), Some(name.to_string_lossy().into_owned()))
                }
                _ => {
                    return Err(CheckError(format!(
                        "--frames {}: no {FILE} in it or in its parent — point it at a `rigc render` output",
                        dir.display()
                    )))
                }
            }
        };
        let path = root.join(FILE);
        let text = std::fs::read_to_string(&path)
            .map_err(|e| CheckError(format!("cannot read {}: {e}", path.display())))?;
        let frames =
            Frames::parse(&text).map_err(|e| CheckError(format!("{}: {e}", path.display())))?;
        let sets = match &one {
            None => frames.sets.clone(),
            Some(name) => {
                let set = frames.sets.iter().find(|s| &s.dir == name).ok_or_else(|| {
                    CheckError(format!(
                        "{} names no set {name:?} (its sets: {})",
                        path.display(),
                        frames
                            .sets
                            .iter()
                            .map(|s| s.dir.as_str())
                            .collect::<Vec<_>>()
                            .join(", ")
                    ))
                })?;
                vec![set.clone()]
            }
        };
        Ok(Reference { root, frames, sets })
    }

    /// Frame `k` of `set`, refused unless it is the sidecar's pixel size.
    pub fn frame(&self, set: &Set, k: u32) -> Result<Image, CheckError> {
        let path = self.root.join(&set.dir).join(frame_file(k));
        let bytes = std::fs::read(&path)
            .map_err(|e| CheckError(format!("reference frame {}: {e}", path.display())))?;
        let image = Image::decode_png(&bytes)
            .map_err(|e| CheckError(format!("reference frame {}: {e}", path.display())))?;
        let v = &self.frames.viewport;
        if (image.width, image.height) != (v.pixel_width, v.pixel_height) {
            return Err(CheckError(format!(
                "reference frame {} is {}×{} px, but {FILE} frames every set at {}×{} px — the frames do not belong to one render",
                path.display(),
                image.width,
                image.height,
                v.pixel_width,
                v.pixel_height
            )));
        }
        Ok(image)
    }
}
