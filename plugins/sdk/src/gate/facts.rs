//! This module owns the facts rules read (GATE.md §1.1, §1.6): the gate input plus
//! the views of it that several rules share — the skeleton text as plain JSON, the
//! atlas as the runtime reads it (`new TextureAtlas(atlasText)`), the skeleton as
//! our Spine 4.3 reader loads it against that atlas (the A00 round trip), and the
//! atlas pages' PNG files resolved against the atlas directory — each computed
//! once, on first use, and shared by every rule that asks.

use super::GateInput;
use crate::png_image::{self, DecodedPng, PngError, PngHeader};
use crate::spine::pose::Plans;
use crate::spine::{read_atlas, read_skeleton, Atlas, AtlasError, ReadError, ReadOutcome};
use std::path::{Component, Path, PathBuf};
use std::sync::OnceLock;

/// Why the round trip produced no skeleton (A00's FAIL).
#[derive(Debug, Clone, PartialEq)]
pub enum RoundTripError {
    /// `new TextureAtlas(atlasText)` threw; the skeleton was never read.
    Atlas(AtlasError),
    /// `JSON.parse` or `readSkeletonData` threw (or would not terminate).
    Skeleton(ReadError),
}

/// Why a page file could not be read from disk.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PageFileError {
    /// Nothing is at the path (A17's finding).
    Missing,
    /// Something is there and reading it failed (a directory, no permission…).
    Unreadable(String),
}

/// One atlas page's image file, resolved against the atlas directory: its path,
/// its bytes, and — each on first use — its PNG header and its decoded pixels.
#[derive(Debug)]
pub struct PageImage {
    /// `atlas_dir` joined with the page name, made absolute and lexically
    /// normalised (`a/../b` is `b`); the file need not exist.
    pub path: PathBuf,
    file: Result<Vec<u8>, PageFileError>,
    header: OnceLock<Result<PngHeader, PngError>>,
    decoded: OnceLock<Result<DecodedPng, PngError>>,
}

impl PageImage {
    /// Reads the page file named `name` relative to `dir` (now, once).
    pub fn read(dir: &Path, name: &str) -> PageImage {
        PageImage::at(absolute(&dir.join(name)))
    }

    /// Reads the page file at `path` (absolute).
    pub fn at(path: PathBuf) -> PageImage {
        let file = match std::fs::read(&path) {
            Ok(bytes) => Ok(bytes),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Err(PageFileError::Missing),
            Err(e) => Err(PageFileError::Unreadable(e.to_string())),
        };
        PageImage {
            path,
            file,
            header: OnceLock::new(),
            decoded: OnceLock::new(),
        }
    }

    /// Is something on disk at [`PageImage::path`]?
    pub fn exists(&self) -> bool {
        !matches!(self.file, Err(PageFileError::Missing))
    }

    /// The file's bytes, or why there are none.
    pub fn bytes(&self) -> Result<&[u8], &PageFileError> {
        self.file.as_deref()
    }

    /// The PNG header (`None` when the file could not be read at all).
    pub fn header(&self) -> Option<Result<&PngHeader, &PngError>> {
        let bytes = self.file.as_deref().ok()?;
        Some(
            self.header
                .get_or_init(|| png_image::read_header(bytes))
                .as_ref(),
        )
    }

    /// The whole image decoded to RGBA8 (`None` when the file could not be read).
    pub fn decoded(&self) -> Option<Result<&DecodedPng, &PngError>> {
        let bytes = self.file.as_deref().ok()?;
        Some(
            self.decoded
                .get_or_init(|| png_image::decode(bytes))
                .as_ref(),
        )
    }
}

/// `path` made absolute (against the current directory) and lexically normalised:
/// `.` dropped, `..` taken back where there is something to take back.
fn absolute(path: &Path) -> PathBuf {
    let full = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    let mut out = PathBuf::new();
    for c in full.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                if !out.pop() {
                    out.push(c);
                }
            }
            other => out.push(other),
        }
    }
    out
}

/// The gate input and its shared, lazily computed views.
pub struct Facts<'a> {
    /// What the gate was handed.
    pub input: &'a GateInput,
    raw: OnceLock<Result<serde_json::Value, String>>,
    atlas: OnceLock<Option<Result<Atlas, AtlasError>>>,
    loaded: OnceLock<Result<ReadOutcome, RoundTripError>>,
    plans: Plans,
    pages: OnceLock<Vec<OnceLock<PageImage>>>,
}

impl<'a> Facts<'a> {
    /// Facts over `input`.
    pub fn new(input: &'a GateInput) -> Self {
        Facts {
            input,
            raw: OnceLock::new(),
            atlas: OnceLock::new(),
            loaded: OnceLock::new(),
            plans: Plans::default(),
            pages: OnceLock::new(),
        }
    }

    /// The skeleton text parsed as plain JSON (`JSON.parse`), or the parse error.
    pub fn raw(&self) -> Result<&serde_json::Value, &str> {
        self.raw
            .get_or_init(|| {
                serde_json::from_str(&self.input.skeleton_text).map_err(|e| e.to_string())
            })
            .as_ref()
            .map_err(|e| e.as_str())
    }

    /// The rig info, when the gate has one.
    pub fn rig(&self) -> Option<&super::RigInfo> {
        self.input.rig.as_ref()
    }

    /// The atlas as `new TextureAtlas(atlasText)` reads it, or what it threw;
    /// `None` when the gate was handed no atlas text.
    pub fn atlas(&self) -> Option<Result<&Atlas, &AtlasError>> {
        self.atlas
            .get_or_init(|| self.input.atlas_text.as_deref().map(read_atlas))
            .as_ref()
            .map(Result::as_ref)
    }

    /// The A00 round trip: the skeleton text read by our Spine 4.3 reader against
    /// [`Facts::atlas`] (`readSkeletonData` with an `AtlasAttachmentLoader`). With
    /// no atlas text every region lookup answers a 1×1 stand-in; an atlas the
    /// runtime refuses stops the round trip before the skeleton is read.
    pub fn loaded(&self) -> Result<&ReadOutcome, &RoundTripError> {
        self.loaded
            .get_or_init(|| match self.atlas() {
                Some(Err(e)) => Err(RoundTripError::Atlas(e.clone())),
                Some(Ok(atlas)) => read_skeleton(&self.input.skeleton_text, Some(atlas))
                    .map_err(RoundTripError::Skeleton),
                None => {
                    read_skeleton(&self.input.skeleton_text, None).map_err(RoundTripError::Skeleton)
                }
            })
            .as_ref()
    }

    /// The animation plans every rule's skeletons of [`Facts::loaded`] share
    /// (`Skeleton::with_plans`): a rule posing many instants builds each
    /// animation's plan once, not once per skeleton.
    pub fn plans(&self) -> &Plans {
        &self.plans
    }

    /// The image file of the atlas page at `index` (of [`Facts::atlas`]'s pages),
    /// resolved against `input.atlas_dir` and read from disk once; `None` when
    /// there is no such page (or no atlas).
    pub fn page_image(&self, index: usize) -> Option<&PageImage> {
        let Some(Ok(atlas)) = self.atlas() else {
            return None;
        };
        let page = atlas.pages.get(index)?;
        let slots = self
            .pages
            .get_or_init(|| atlas.pages.iter().map(|_| OnceLock::new()).collect());
        Some(
            slots
                .get(index)?
                .get_or_init(|| match self.input.page_files.get(&page.name) {
                    Some(file) => PageImage::at(absolute(file)),
                    None => PageImage::read(&self.input.atlas_dir, &page.name),
                }),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gate::Profile;

    fn input(skeleton: &str, atlas: Option<&str>, dir: &Path) -> GateInput {
        GateInput {
            profile: Profile::Spine,
            skeleton_text: skeleton.into(),
            atlas_text: atlas.map(Into::into),
            atlas_dir: dir.to_path_buf(),
            rig: None,
            second: None,
            page_files: Default::default(),
        }
    }

    #[test]
    fn atlas_and_round_trip_are_shared_views() {
        let skeleton = r#"{"bones":[{"name":"root"}],"slots":[{"name":"s","bone":"root"}],
            "skins":[{"name":"default","attachments":{"s":{"r":{"width":2,"height":2}}}}]}"#;
        let dir = Path::new(".");
        let atlas = "p.png\nsize: 4, 4\nr\nbounds: 0, 0, 2, 2\n";
        let gi = input(skeleton, Some(atlas), dir);
        let facts = Facts::new(&gi);
        assert_eq!(
            facts.atlas().map(|a| a.map(|a| a.regions.len())),
            Some(Ok(1))
        );
        assert!(facts.loaded().is_ok());
        assert!(std::ptr::eq(
            facts.loaded().unwrap_or_else(|_| unreachable!()),
            facts.loaded().unwrap_or_else(|_| unreachable!())
        ));

        let gi = input(skeleton, Some("p.png\nsize: 4, 4\nq\n"), dir);
        let facts = Facts::new(&gi);
        match facts.loaded() {
            Err(RoundTripError::Skeleton(e)) => {
                assert_eq!(e.message, "Region not found in atlas: r (attachment: r)")
            }
            other => panic!("{other:?}"),
        }

        let gi = input(skeleton, Some("p\nr\n\thasOwnProperty: 1\n"), dir);
        assert!(matches!(
            Facts::new(&gi).loaded(),
            Err(RoundTripError::Atlas(_))
        ));

        let gi = input(skeleton, None, dir);
        let facts = Facts::new(&gi);
        assert!(facts.atlas().is_none() && facts.loaded().is_ok());
        assert!(facts.page_image(0).is_none());
    }

    #[test]
    fn page_images_resolve_against_the_atlas_dir() {
        let dir = std::env::temp_dir().join(format!("rigc-facts-{}", std::process::id()));
        let _ = std::fs::create_dir_all(dir.join("sub"));
        let png = png_image::encode_rgba(2, 1, &[0, 0, 0, 0, 9, 9, 9, 255]);
        assert!(std::fs::write(dir.join("a.png"), &png).is_ok());
        let atlas = "sub/../a.png\nsize: 2, 1\nr\nbounds: 0, 0, 1, 1\n\nb.png\nsize: 1, 1\nq\nbounds: 0, 0, 1, 1\n\nsub\nsize: 1, 1\nz\n";
        let gi = input("{}", Some(atlas), &dir);
        let facts = Facts::new(&gi);
        let a = facts.page_image(0).unwrap_or_else(|| unreachable!());
        assert_eq!(a.path, absolute(&dir.join("a.png")));
        assert!(a.exists());
        assert_eq!(a.header().map(|h| h.map(|h| h.width)), Some(Ok(2)));
        assert_eq!(
            a.decoded().map(|d| d.map(|d| d.transparent_pixels())),
            Some(Ok(1))
        );
        assert!(std::ptr::eq(
            a,
            facts.page_image(0).unwrap_or_else(|| unreachable!())
        ));
        let b = facts.page_image(1).unwrap_or_else(|| unreachable!());
        assert!(!b.exists() && b.header().is_none());
        assert_eq!(b.bytes().err(), Some(&PageFileError::Missing));
        let sub = facts.page_image(2).unwrap_or_else(|| unreachable!());
        assert!(sub.exists() && matches!(sub.bytes(), Err(PageFileError::Unreadable(_))));
        assert!(facts.page_image(3).is_none());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
