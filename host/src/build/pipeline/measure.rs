//! The `measure:<image>` stages of a target: where its part images are (the
//! `--images` override, the rig's `images` directory, or the rig's own
//! directory), each opened inside the project, hashed for the trace and
//! measured through the cache; refusals located at the rig's references.

use super::{parse_rig, Build, RigSummary, V_MEASURE};
use crate::build::trace::TracedImage;
use crate::cache::{self, Hash};
use crate::compile;
use crate::project::{self, Project};
use crate::stages::{self, measure::ImageInfo};
use rigc_diag::source::SourceFile;
use rigc_diag::Diagnostic;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// One measured part image.
pub(super) struct Measured {
    /// What the measure stage found.
    pub info: ImageInfo,
    /// The blake3 of the PNG's bytes (the gate reads the pixels).
    pub content: Hash,
    /// The hash of the measure stage's output (what the setup reads).
    pub measured: Hash,
}

impl Build<'_> {
    /// Every part image of the rig, measured; the refusals of all that fail.
    pub(super) fn measure(
        &mut self,
        rig: &RigSummary,
        rig_file: &Arc<SourceFile>,
        project: &Project,
    ) -> Result<std::collections::BTreeMap<String, Measured>, Vec<Diagnostic>> {
        let rig_dir = rig_file
            .path
            .parent()
            .map(Path::to_path_buf)
            .unwrap_or_default();
        let dir = match (&self.target.images, &rig.images_dir) {
            (Some(o), _) => project::absolute(o, &self.env.cwd),
            (None, Some(d)) => project::absolute(Path::new(d), &rig_dir),
            (None, None) => rig_dir,
        };
        let located = || parse_rig(rig_file);
        if let (None, Some(written)) = (&self.target.images, &rig.images_dir) {
            if let Err(e) = project.resolve_existing_in(&dir, &mut self.canon) {
                let r = located()?;
                let loc = r.images_dir().map(|(_, l)| l.clone());
                return Err(loc
                    .map(|l| {
                        vec![compile::path_refusal(
                            "images directory",
                            written,
                            e,
                            &l,
                            project,
                        )]
                    })
                    .unwrap_or_default());
            }
        }
        let mut out = std::collections::BTreeMap::new();
        let mut failed: Vec<(
            String,
            Result<PathBuf, crate::project::PathError>,
            Option<stages::measure::MeasureError>,
        )> = Vec::new();
        for image in &rig.image_refs {
            let named = project::absolute(Path::new(image), &dir);
            let (path, file) = match project.open_existing_in(&named, &mut self.canon) {
                Ok(opened) => opened,
                Err(e) => {
                    failed.push((image.clone(), Err(e), None));
                    continue;
                }
            };
            let bytes = match file.and_then(project::read_all) {
                Ok(b) => b,
                Err(e) => {
                    failed.push((
                        image.clone(),
                        Ok(path),
                        Some(stages::measure::MeasureError::Unreadable(e.to_string())),
                    ));
                    continue;
                }
            };
            let content = cache::hash(&bytes);
            self.traced.push(TracedImage {
                named: (named != path).then_some(named),
                path: path.clone(),
                content,
            });
            let name = format!("measure:{image}");
            let key = self
                .key(&name, V_MEASURE)
                .hash(&content)
                .text(&path.to_string_lossy())
                .finish();
            let mut error = None;
            let ran = self.stages.run::<ImageInfo, _>(&name, key, || {
                stages::measure::measure_bytes(&path, &bytes).map_err(|e| {
                    error = Some(e);
                    Vec::new()
                })
            });
            match ran {
                Ok((info, measured)) => {
                    out.insert(
                        image.clone(),
                        Measured {
                            info,
                            content,
                            measured,
                        },
                    );
                }
                Err(_) => failed.push((image.clone(), Ok(path), error)),
            }
        }
        if failed.is_empty() {
            return Ok(out);
        }
        let r = located()?;
        let locs: HashMap<String, rigc_diag::Loc> = r.image_refs().into_iter().collect();
        Err(failed
            .into_iter()
            .filter_map(|(image, path, error)| {
                let loc = locs.get(&image)?;
                Some(match (path, error) {
                    (Err(e), _) => compile::path_refusal("image", &image, e, loc, project),
                    (Ok(p), Some(e)) => compile::image_refusal(&image, &p, e, loc, project),
                    (Ok(p), None) => compile::path_refusal(
                        "image",
                        &image,
                        crate::project::PathError::Missing(p),
                        loc,
                        project,
                    ),
                })
            })
            .collect())
    }
}
