//! This module owns compiling one target in memory: it reads the two spec files
//! and measures the part PNGs (the only IO), then runs the pure stages — parse,
//! setup, each animation, atlas, bounds — and emits the artifact texts. Nothing is
//! written to disk here; the caller gates the result and writes it.

use rigc_diag::codes;

use crate::project::{self, PathError, Project};
use crate::spec;
use crate::stages::{self, atlas::PagePart, measure::ImageInfo};
use rigc_diag::{json::quote, source::SourceFile};
use rigc_diag::{Diagnostic, Loc};
use rigc_sdk::gate::{DeclaredAnimation, RigInfo};
use rigc_sdk::model;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// What one build is asked to do.
#[derive(Debug, Clone)]
pub struct Target {
    /// How the report names it (the `--rig` path as typed, or the target name).
    pub label: String,
    /// The rig spec path (absolute or relative to `cwd`).
    pub rig: PathBuf,
    /// The motion spec path.
    pub motion: PathBuf,
    /// `--images`: overrides the rig's own `images` (relative to `cwd`).
    pub images: Option<PathBuf>,
    /// `--out`.
    pub out: PathBuf,
    /// `--copy-images`.
    pub copy_images: bool,
}

/// The inputs read from disk: everything the pure stages need.
#[derive(Debug, Clone)]
pub struct Inputs {
    /// The rig spec file.
    pub rig_file: Arc<SourceFile>,
    /// The motion spec file.
    pub motion_file: Arc<SourceFile>,
    /// The project the rig belongs to.
    pub project: Project,
    /// `--images`, absolute.
    pub images_override: Option<PathBuf>,
    /// `--out`, absolute and normalized (it need not exist).
    pub out_dir: PathBuf,
    /// `--copy-images`.
    pub copy_images: bool,
    /// Each `image` value as written → its measured PNG.
    pub images: HashMap<String, ImageInfo>,
}

/// A compiled target, not yet gated or written.
#[derive(Debug, Clone)]
pub struct Compiled {
    /// The model.
    pub skeleton: model::Skeleton,
    /// `skeleton.json` text.
    pub skeleton_text: String,
    /// `skeleton.atlas` text.
    pub atlas_text: String,
    /// The atlas layout (pages, copies).
    pub atlas: stages::atlas::AtlasPlan,
    /// The part pages, first-use order.
    pub parts: Vec<PagePart>,
    /// What the gate gets beside the text.
    pub rig_info: RigInfo,
}

/// Reads a spec file as UTF-8 text.
pub fn read_spec(path: &Path, cwd: &Path) -> Result<Arc<SourceFile>, Diagnostic> {
    let abs = project::absolute(path, cwd);
    match std::fs::read(&abs) {
        Ok(bytes) => match String::from_utf8(bytes) {
            Ok(text) => Ok(SourceFile::new(path.display().to_string(), &abs, text)),
            Err(e) => Err(Diagnostic::new(
                codes::SPEC_NOT_UTF8,
                format!(
                    "cannot read {}: it is not UTF-8 text (byte {} is not)",
                    path.display(),
                    e.utf8_error().valid_up_to()
                ),
            )
            .help("save the spec as UTF-8 JSON")),
        },
        Err(e) => Err(Diagnostic::new(
            codes::SPEC_UNREADABLE,
            format!("cannot read {}: {e}", path.display()),
        )
        .help("check the path; it is resolved against the working directory")),
    }
}

/// Reads the specs and measures every PNG the rig names. Refusals: an unreadable
/// spec, bad JSON, a spec that does not parse, an image outside the project, a
/// missing, non-PNG or truncated image.
pub fn read_inputs(target: &Target, cwd: &Path) -> Result<Inputs, Vec<Diagnostic>> {
    let rig_file = read_spec(&target.rig, cwd).map_err(|d| vec![d])?;
    let motion_file = read_spec(&target.motion, cwd).map_err(|d| vec![d])?;
    let project = Project::for_spec(&target.rig, cwd);
    let mut inputs = Inputs {
        rig_file,
        motion_file,
        project,
        images_override: target.images.as_ref().map(|p| project::absolute(p, cwd)),
        out_dir: project::canonical_or_self(&project::absolute(&target.out, cwd)),
        copy_images: target.copy_images,
        images: HashMap::new(),
    };
    let (rig, _motion) = parse(&inputs)?;
    inputs.images = measure_images(&inputs, &rig)?;
    Ok(inputs)
}

/// Parses both specs and checks that the motion spec names this rig.
pub fn parse(
    inputs: &Inputs,
) -> Result<(spec::rig::RigSpec, spec::motion::MotionSpec), Vec<Diagnostic>> {
    let mut diags = Vec::new();
    let rig = spec::parse_json(&inputs.rig_file)
        .map_err(|d| vec![d])
        .and_then(|j| spec::rig::parse(&inputs.rig_file, &j));
    let motion = spec::parse_json(&inputs.motion_file)
        .map_err(|d| vec![d])
        .and_then(|j| spec::motion::parse(&inputs.motion_file, &j));
    let (rig, motion) = match (rig, motion) {
        (Ok(r), Ok(m)) => (r, m),
        (r, m) => {
            if let Err(d) = r {
                diags.extend(d);
            }
            if let Err(d) = m {
                diags.extend(d);
            }
            return Err(diags);
        }
    };
    if motion.archetype != rig.name() {
        return Err(vec![Diagnostic::new(
            codes::MOTION_ARCHETYPE_MISMATCH,
            format!(
                "motion spec names archetype {} but the rig spec at {} is called {}",
                quote(&motion.archetype),
                inputs.rig_file.display,
                quote(rig.name())
            ),
        )
        .at(motion.archetype_loc.clone())
        .related("the rig's name", rig.name_loc().clone())
        .help(format!(
            "set \"archetype\" to {}, or build it against the rig it was written for",
            quote(rig.name())
        ))]);
    }
    Ok((rig, motion))
}

/// The directory the rig's `image` names resolve in: `--images` (relative to the
/// working directory) over the rig's own `images` (relative to the rig file) over
/// the rig file's own directory.
pub fn images_dir(inputs: &Inputs, rig: &spec::rig::RigSpec) -> PathBuf {
    if let Some(dir) = &inputs.images_override {
        return dir.clone();
    }
    let rig_dir = inputs
        .rig_file
        .path
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_default();
    match rig.images_dir() {
        Some((dir, _)) => project::absolute(Path::new(dir), &rig_dir),
        None => rig_dir,
    }
}

fn measure_images(
    inputs: &Inputs,
    rig: &spec::rig::RigSpec,
) -> Result<HashMap<String, ImageInfo>, Vec<Diagnostic>> {
    let dir = images_dir(inputs, rig);
    if let Some((written, loc)) = rig.images_dir() {
        if inputs.images_override.is_none() {
            if let Err(e) = inputs.project.resolve_existing(&dir) {
                return Err(vec![path_refusal(
                    "images directory",
                    written,
                    e,
                    loc,
                    &inputs.project,
                )]);
            }
        }
    }
    let mut diags = Vec::new();
    let mut out = HashMap::new();
    for (image, loc) in rig.image_refs() {
        let measured = resolve_image(&inputs.project, &dir, &image)
            .map_err(|e| path_refusal("image", &image, e, &loc, &inputs.project))
            .and_then(|path| {
                stages::measure::measure(&path)
                    .map_err(|e| image_refusal(&image, &path, e, &loc, &inputs.project))
            });
        match measured {
            Ok(info) => {
                out.insert(image, info);
            }
            Err(d) => diags.push(d),
        }
    }
    if diags.is_empty() {
        Ok(out)
    } else {
        Err(diags)
    }
}

/// Resolves an `image` value against the images directory, inside the project.
pub fn resolve_image(project: &Project, dir: &Path, image: &str) -> Result<PathBuf, PathError> {
    project.resolve_existing(&project::absolute(Path::new(image), dir))
}

/// The refusal of an image that could not be measured.
pub fn image_refusal(
    image: &str,
    path: &Path,
    e: stages::measure::MeasureError,
    loc: &Loc,
    project: &Project,
) -> Diagnostic {
    match e {
        stages::measure::MeasureError::Missing => path_refusal(
            "image",
            image,
            PathError::Missing(path.to_path_buf()),
            loc,
            project,
        ),
        stages::measure::MeasureError::Unreadable(why) => Diagnostic::new(
            codes::IMAGE_UNREADABLE,
            format!(
                "image {} at {} cannot be read: {why}",
                quote(image),
                path.display()
            ),
        )
        .at(loc.clone())
        .help("check the file's permissions"),
        stages::measure::MeasureError::Png(e) => {
            let code = match e {
                rigc_sdk::png_image::PngError::NotPng => codes::IMAGE_NOT_PNG,
                rigc_sdk::png_image::PngError::Truncated(_) => codes::IMAGE_TRUNCATED,
                rigc_sdk::png_image::PngError::Corrupt(_) => codes::IMAGE_CORRUPT,
            };
            Diagnostic::new(
                code,
                format!(
                    "image {} at {} cannot be measured: {e}",
                    quote(image),
                    path.display()
                ),
            )
            .at(loc.clone())
            .help("export the part again as a PNG; rigc reads every PNG colour type and bit depth")
        }
    }
}

/// The refusal of a path a spec names that is outside the project, missing or
/// unreadable.
pub fn path_refusal(
    what: &str,
    written: &str,
    e: PathError,
    loc: &Loc,
    project: &Project,
) -> Diagnostic {
    match e {
        PathError::Escapes(p) => Diagnostic::new(
            codes::PATH_ESCAPES_PROJECT,
            format!(
                "{what} {} resolves to {}, outside the project root {} — a spec may only name files inside its project",
                quote(written),
                p.display(),
                project.describe()
            ),
        )
        .at(loc.clone())
        .help("move the file into the project, or put a rigc.toml in a directory that holds both the spec and the file"),
        PathError::Missing(p) => Diagnostic::new(codes::PATH_MISSING, format!("{what} {} is not on disk at {}", quote(written), p.display()))
            .at(loc.clone())
            .help("check the spelling, the rig's \"images\" directory and --images"),
        PathError::Io(p, why) => Diagnostic::new(codes::PATH_UNREADABLE, format!("{what} {} at {} cannot be read: {why}", quote(written), p.display()))
            .at(loc.clone())
            .help("check the file's permissions"),
    }
}

/// Runs the pure stages over `inputs`. Called twice per build (A18).
pub fn compile(inputs: &Inputs) -> Result<Compiled, Vec<Diagnostic>> {
    let (rig, motion) = parse(inputs)?;
    let setup = stages::setup::assemble(&rig, &motion.setup, &inputs.images)?;
    let mut skeleton = setup.skeleton;
    let mut rig_info = setup.rig_info;
    let mut diags = Vec::new();
    let mut animations = Vec::new();
    for anim in &motion.animations {
        match stages::animation::compile(anim, &motion, &skeleton) {
            Ok(a) => animations.push(a),
            Err(d) => diags.extend(d),
        }
        rig_info.animations.push(DeclaredAnimation {
            name: anim.name.clone(),
            duration: anim.duration,
        });
    }
    if !diags.is_empty() {
        return Err(diags);
    }
    animations.sort_by(|a, b| rigc_sdk::num::natural_cmp(&a.name, &b.name));
    skeleton.animations = animations;

    let parts: Vec<PagePart> = setup
        .parts
        .iter()
        .map(|p| PagePart {
            region: p.region.clone(),
            path: p.image.path.clone(),
            width: p.image.width(),
            height: p.image.height(),
        })
        .collect();
    let atlas = stages::atlas::plan(&parts, &inputs.out_dir, inputs.copy_images);
    if inputs.copy_images || skeleton.header.images.is_none() {
        if let Some(images) = &atlas.images_path {
            skeleton.header.images = Some(images.clone());
        }
    }
    let atlas_text = rigc_sdk::emit::atlas::to_string(&atlas.pages);
    if rig_info.stage.is_some() {
        skeleton.header.bounds = Some(stages::bounds::setup_bounds(&skeleton, &atlas_text)?);
    }
    let skeleton_text = rigc_sdk::emit::spine_json::to_string(&skeleton);
    Ok(Compiled {
        skeleton,
        skeleton_text,
        atlas_text,
        atlas,
        parts,
        rig_info,
    })
}
