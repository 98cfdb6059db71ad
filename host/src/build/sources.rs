//! This module owns what a build reads, the only reads before its gate: the
//! two spec files (their text) and the part images the rig names (their
//! bytes), each resolved inside the project — and the refusals of what cannot
//! be read, located at the spec value that names it. It also owns the one rule
//! for where a rig's images are (`--images`, else the rig's `images`
//! directory, else the rig file's own directory), which `watch` follows too.

use crate::cache::{self, Hash};
use crate::project::{self, Canon, PathError, Project};
use crate::spec::{motion::MotionSpec, rig::RigSpec};
use crate::stages::measure::MeasureError;
use crate::stages::pack::Layout;
use crate::stages::parse::{self, RigSummary, SpecFile};
use rigc_diag::json::quote;
use rigc_diag::{codes, source::SourceFile, Diagnostic, Loc};
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

/// Everything one compile of a target reads, read once.
pub struct Sources {
    /// The rig spec.
    pub rig: SpecFile<RigSpec>,
    /// The motion spec.
    pub motion: SpecFile<MotionSpec>,
    /// The project the build runs in.
    pub project: Project,
    /// `--images`, absolute.
    pub images_override: Option<PathBuf>,
    /// `--out`, absolute and normalized (it need not exist).
    pub out_dir: PathBuf,
    /// `--copy-images`.
    pub copy_images: bool,
    /// One page per part, `--pack` or `--atlas-in` (set by
    /// [`Sources::with_layout`]).
    pub layout: Layout,
    /// Under `--atlas-in`: the atlas as read, its pages' bytes with it.
    pub atlas_in: Option<Arc<crate::atlas_in::Imported>>,
    images: OnceLock<Result<Arc<Images>, Vec<Diagnostic>>>,
}

/// One part image as read.
#[derive(Debug)]
pub struct Image {
    /// Where it resolved (canonical).
    pub path: PathBuf,
    /// The path the rig's `image` names (absolute, lexical).
    pub named: PathBuf,
    /// Its bytes.
    pub bytes: Vec<u8>,
    /// Their blake3.
    pub content: Hash,
}

/// Why a part image could not be read.
#[derive(Debug, Clone)]
pub enum Unread {
    /// Its path escapes the project, or nothing is there, or it cannot be
    /// resolved.
    Path(PathError),
    /// It resolved to `path` and could not be read.
    Io(PathBuf, String),
}

/// Each `image` value the rig names (in first-use order) and what reading it
/// gave.
pub type Images = Vec<(String, Result<Image, Unread>)>;

/// An image that could not be read (`Err`), or was read from a path and
/// could not be measured (`Ok`), by the `image` value that names it.
pub type Failed = Vec<(String, Result<(PathBuf, MeasureError), Unread>)>;

impl Sources {
    /// The sources of one build: its spec files (already read), where it runs,
    /// and its settings.
    pub fn new(
        rig: Arc<SourceFile>,
        motion: Arc<SourceFile>,
        project: Project,
        images_override: Option<PathBuf>,
        out_dir: PathBuf,
        copy_images: bool,
    ) -> Sources {
        Sources {
            rig: parse::rig_file(rig),
            motion: parse::motion_file(motion),
            project,
            images_override,
            out_dir,
            copy_images,
            layout: Layout::PerPart,
            atlas_in: None,
            images: OnceLock::new(),
        }
    }

    /// The same sources laid out by `layout`; under `--atlas-in`, the atlas
    /// and its pages read (or the refusals of what cannot be).
    pub fn with_layout(mut self, layout: Layout) -> Result<Sources, Vec<Diagnostic>> {
        if let Layout::AtlasIn(path) = &layout {
            self.atlas_in = Some(Arc::new(read_atlas_in(path)?));
        }
        self.layout = layout;
        Ok(self)
    }

    /// The same sources, parsed afresh and measured afresh (a second,
    /// independent compile), sharing the bytes already read.
    pub fn fresh(&self) -> Sources {
        let images = OnceLock::new();
        if let Some(read) = self.images.get() {
            let _ = images.set(read.clone());
        }
        Sources {
            rig: self.rig.fresh(),
            motion: self.motion.fresh(),
            project: self.project.clone(),
            images_override: self.images_override.clone(),
            out_dir: self.out_dir.clone(),
            copy_images: self.copy_images,
            layout: self.layout.clone(),
            atlas_in: self.atlas_in.clone(),
            images,
        }
    }

    /// The part images `rig` names, each read once (in the first call);
    /// refused when the rig's own `images` directory is outside the project.
    pub fn images(
        &self,
        rig: &RigSummary,
        canon: &mut Canon,
    ) -> Result<Arc<Images>, Vec<Diagnostic>> {
        if let Some(read) = self.images.get() {
            return read.clone();
        }
        let read = self.read_images(rig, canon, true).map(Arc::new);
        let _ = self.images.set(read.clone());
        read
    }

    /// The depth sheets and soft masks `rig` names, read beside the images
    /// (never paged: under `--atlas-in` they are still loose files).
    pub fn sheets(&self, rig: &RigSummary, canon: &mut Canon) -> Result<Images, Vec<Diagnostic>> {
        self.read_images(rig, canon, false)
    }

    fn read_images(
        &self,
        rig: &RigSummary,
        canon: &mut Canon,
        parts: bool,
    ) -> Result<Images, Vec<Diagnostic>> {
        let dir = images_dir(
            self.images_override.as_deref(),
            rig.images_dir.as_deref(),
            &self.rig.file.path,
        );
        if let (None, Some(written)) = (&self.images_override, &rig.images_dir) {
            if let Err(e) = self.project.resolve_existing_in(&dir, canon) {
                let r = self.rig.spec()?;
                let loc = r.images_dir().map(|(_, l)| l.clone());
                return Err(loc
                    .map(|l| {
                        vec![path_refusal(
                            "images directory",
                            written,
                            e,
                            &l,
                            &self.project,
                        )]
                    })
                    .unwrap_or_default());
            }
        }
        let mut out = Vec::new();
        let sheets = rig
            .sheet_refs
            .iter()
            .filter(|s| !parts || !rig.image_refs.contains(s));
        let parts = rig.image_refs.iter().filter(|_| parts);
        for image in parts.chain(sheets) {
            let named = project::absolute(Path::new(image), &dir);
            let read = match self.project.open_existing_in(&named, canon) {
                Err(e) => Err(Unread::Path(e)),
                Ok((path, file)) => match file.and_then(project::read_all) {
                    Err(e) => Err(Unread::Io(path, e.to_string())),
                    Ok(bytes) => Ok(Image {
                        content: cache::hash(&bytes),
                        path,
                        named,
                        bytes,
                    }),
                },
            };
            out.push((image.clone(), read));
        }
        Ok(out)
    }

    /// The refusals of images that could not be read (`Err(Unread)`) or
    /// measured (`Ok(error)`), located at the rig's references to them.
    pub fn image_refusals(&self, failed: Failed) -> Vec<Diagnostic> {
        let r = match self.rig.spec() {
            Ok(r) => r,
            Err(d) => return d,
        };
        let mut locs: std::collections::HashMap<String, (Loc, &str)> = r
            .sheet_refs()
            .into_iter()
            .map(|(i, l, what)| (i, (l, what)))
            .collect();
        locs.extend(r.image_refs().into_iter().map(|(i, l)| (i, (l, "image"))));
        let frames = r.sequence_frames();
        failed
            .into_iter()
            .filter_map(|(image, why)| {
                let (loc, what) = locs.get(&image)?;
                let (loc, what) = (loc, *what);
                let project = &self.project;
                let missing = match &why {
                    Err(Unread::Path(PathError::Missing(p))) => Some(p.clone()),
                    Ok((p, MeasureError::Missing)) => Some(p.clone()),
                    _ => None,
                };
                if let (Some(p), true) = (missing, frames.contains(&image)) {
                    return Some(frame_missing(&image, &p, loc));
                }
                Some(match why {
                    Err(Unread::Path(e)) => path_refusal(what, &image, e, loc, project),
                    Err(Unread::Io(p, e)) => {
                        image_refusal(&image, &p, MeasureError::Unreadable(e), loc, project)
                    }
                    Ok((p, e)) => image_refusal(&image, &p, e, loc, project),
                })
            })
            .collect()
    }
}

/// The directory a rig's `image` names resolve in: `--images` (absolute
/// already) over the rig's own `images` (relative to the rig file) over the
/// rig file's own directory.
pub fn images_dir(images_override: Option<&Path>, rig_images: Option<&str>, rig: &Path) -> PathBuf {
    if let Some(dir) = images_override {
        return dir.to_path_buf();
    }
    let rig_dir = rig.parent().map(Path::to_path_buf).unwrap_or_default();
    match rig_images {
        Some(dir) => project::absolute(Path::new(dir), &rig_dir),
        None => rig_dir,
    }
}

/// Where the part images of the rig spec `rig` are, as a build resolves them:
/// the images directory (`--images` over the rig's `images` over the rig's
/// own directory), and for each `image` it names the path it resolves to in
/// `project` — or, for one that is not there or cannot be read, where it was
/// looked for; a path outside the project is left out (the build refuses it).
/// `None` when the rig spec does not parse.
pub fn image_paths(
    rig: &Arc<SourceFile>,
    images_override: Option<&Path>,
    project: &Project,
) -> Option<(PathBuf, Vec<PathBuf>)> {
    let spec = parse::rig_file(rig.clone());
    let r = spec.spec().ok()?;
    let dir = images_dir(images_override, r.images_dir().map(|(d, _)| d), &rig.path);
    let sheets = r.sheet_refs().into_iter().map(|(i, l, _)| (i, l));
    let files = r
        .image_refs()
        .into_iter()
        .chain(sheets)
        .filter_map(|(image, _)| {
            match project.resolve_existing(&project::absolute(Path::new(&image), &dir)) {
                Ok(p) | Err(PathError::Missing(p) | PathError::Io(p, _)) => Some(p),
                Err(PathError::Escapes(_)) => None,
            }
        })
        .collect();
    Some((dir, files))
}

/// Reads a spec file as UTF-8 text (`path` relative to `cwd`): a directory, a
/// file that cannot be read and one that is not UTF-8 are refused by name, the
/// last at the line:column of its first bad byte.
pub fn read_spec(path: &Path, cwd: &Path) -> Result<Arc<SourceFile>, Diagnostic> {
    let abs = project::absolute(path, cwd);
    let display = path.display().to_string();
    if abs.is_dir() {
        return Err(Diagnostic::new(
            codes::SPEC_UNREADABLE,
            format!("cannot read {display}: it is a directory, not a spec file"),
        )
        .help("name the spec's JSON file itself (e.g. <dir>/rig.json)"));
    }
    match std::fs::read(&abs) {
        Ok(bytes) => SourceFile::from_bytes(display.clone(), &abs, bytes).map_err(|e| {
            Diagnostic::not_utf8(codes::SPEC_NOT_UTF8, &e, "save the spec as UTF-8 JSON")
        }),
        Err(e) => Err(Diagnostic::new(
            codes::SPEC_UNREADABLE,
            format!("cannot read {display}: {e}"),
        )
        .help("check the path; it is resolved against the working directory")),
    }
}

/// The refusal of an image that could not be measured.
pub fn image_refusal(
    image: &str,
    path: &Path,
    e: MeasureError,
    loc: &Loc,
    project: &Project,
) -> Diagnostic {
    match e {
        MeasureError::Missing => path_refusal(
            "image",
            image,
            PathError::Missing(path.to_path_buf()),
            loc,
            project,
        ),
        MeasureError::Unreadable(why) => Diagnostic::new(
            codes::IMAGE_UNREADABLE,
            format!(
                "image {} at {} cannot be read: {why}",
                quote(image),
                path.display()
            ),
        )
        .at(loc.clone())
        .help("check the file's permissions"),
        MeasureError::Png(e) => {
            let code = match e {
                rigc_sdk::png_image::PngError::NotPng => codes::IMAGE_NOT_PNG,
                rigc_sdk::png_image::PngError::Truncated(_) => codes::IMAGE_TRUNCATED,
                rigc_sdk::png_image::PngError::Corrupt(_) => codes::IMAGE_CORRUPT,
                rigc_sdk::png_image::PngError::TooLarge { .. } => codes::IMAGE_TOO_LARGE,
            };
            let help = match e {
                rigc_sdk::png_image::PngError::TooLarge { .. } => format!(
                    "export the part at most {0}×{0} pixels (scale it down, or split it into parts)",
                    rigc_sdk::png_image::MAX_SIDE
                ),
                _ => "export the part again as a PNG; rigc reads every PNG colour type and bit depth".to_string(),
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
            .help(help)
        }
    }
}

/// The refusal of a `sequence` frame that is not on disk (FORMAT.md §2.7.8).
fn frame_missing(image: &str, path: &Path, loc: &Loc) -> Diagnostic {
    Diagnostic::new(
        codes::IMAGE_SEQUENCE_FRAME_MISSING,
        format!(
            "sequence frame {} is not on disk at {} — every frame of a series is a PNG of its own, named <path or placeholder><number>.png",
            quote(image),
            path.display()
        ),
    )
    .at(loc.clone())
    .help("export the missing frame, or lower \"count\" (or change \"start\"/\"digits\") to the frames there are")
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

/// Reads the atlas `--atlas-in` names and every page PNG it names (FORMAT.md
/// §1.2.2): refused when the file cannot be read, does not parse, or names a
/// page that is not on disk (at its page line).
pub fn read_atlas_in(path: &Path) -> Result<crate::atlas_in::Imported, Vec<Diagnostic>> {
    let shown = path.display().to_string();
    let unreadable = |why: String| {
        vec![Diagnostic::new(
            codes::BUILD_ATLAS_IN_UNREADABLE,
            format!("--atlas-in {shown} cannot be read: {why}"),
        )
        .help("--atlas-in names a Spine text atlas, resolved against the working directory")]
    };
    let bytes = std::fs::read(path).map_err(|e| unreadable(e.to_string()))?;
    let file = SourceFile::from_bytes(shown.clone(), path, bytes)
        .map_err(|e| unreadable(format!("it is not UTF-8 text ({})", e.describe())))?;
    let dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
    let mut imported = crate::atlas_in::parse(file, &dir)?;
    let mut missing = Vec::new();
    for page in &mut imported.pages {
        match std::fs::read(&page.path) {
            Ok(b) => page.bytes = Some(b),
            Err(e) => missing.push(
                Diagnostic::new(
                    codes::BUILD_ATLAS_IN_PAGE_MISSING,
                    format!(
                        "--atlas-in {shown}: page {} is not readable at {}: {e}",
                        quote(&page.name),
                        page.path.display()
                    ),
                )
                .at(crate::atlas_in::loc(&imported.file, page.line, None))
                .help("a page line is relative to the atlas file: put the page PNG there, or fix the line"),
            ),
        }
    }
    if missing.is_empty() {
        Ok(imported)
    } else {
        Err(missing)
    }
}
