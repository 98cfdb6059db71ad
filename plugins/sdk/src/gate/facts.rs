//! This module owns the facts rules read (GATE.md §1.1, §1.6): the gate input plus
//! the views of it that several rules share — the skeleton text as plain JSON, the
//! atlas as the runtime reads it (`new TextureAtlas(atlasText)`), the skeleton as
//! our Spine 4.3 reader loads it against that atlas (the A00 round trip), and the
//! atlas pages' PNG files as the host read them (a rule opens no file) — each computed
//! once, on first use, and shared by every rule that asks.

use super::{GateInput, PageContent, PageFile};
use crate::png_image::{self, DecodedPng, PngError, PngHeader};
use crate::spine::pose::Plans;
use crate::spine::{read_atlas, read_skeleton, Atlas, AtlasError, ReadError, ReadOutcome};
use std::path::PathBuf;
use std::sync::OnceLock;

/// Why the round trip produced no skeleton (A00's FAIL).
#[derive(Debug, Clone, PartialEq)]
pub enum RoundTripError {
    /// `new TextureAtlas(atlasText)` threw; the skeleton was never read.
    Atlas(AtlasError),
    /// `JSON.parse` or `readSkeletonData` threw (or would not terminate).
    Skeleton(ReadError),
}

/// Why there are no bytes of a page's file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PageFileError {
    /// Nothing is at the path (A17's finding).
    Missing,
    /// Something is there and reading it failed (a directory, no permission…).
    Unreadable(String),
}

/// One atlas page's image file, as the host read it (the gate input's
/// [`PageFile`]): where it was looked for, its bytes, and — each on first
/// use — its PNG header and its decoded pixels.
#[derive(Debug)]
pub struct PageImage<'a> {
    /// Where the host looked: the atlas directory joined with the page name
    /// (or, under `--copy-images`, the source it will be copied from), absolute
    /// and lexically normalised (`a/../b` is `b`); the file need not exist.
    pub path: PathBuf,
    file: Result<&'a [u8], PageFileError>,
    header: OnceLock<Result<PngHeader, PngError>>,
    decoded: OnceLock<Result<DecodedPng, PngError>>,
}

impl<'a> PageImage<'a> {
    /// The page file the host read.
    pub fn of(page: &'a PageFile) -> PageImage<'a> {
        PageImage {
            path: PathBuf::from(&page.path),
            file: match &page.content {
                PageContent::Bytes(b) => Ok(b),
                PageContent::Missing => Err(PageFileError::Missing),
                PageContent::Unreadable(why) => Err(PageFileError::Unreadable(why.clone())),
            },
            header: OnceLock::new(),
            decoded: OnceLock::new(),
        }
    }

    /// A page the host did not hand over: nothing read, so nothing there.
    fn unread(name: &str) -> PageImage<'a> {
        PageImage {
            path: PathBuf::from(name),
            file: Err(PageFileError::Missing),
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

/// The gate input and its shared, lazily computed views.
pub struct Facts<'a> {
    /// What the gate was handed.
    pub input: &'a GateInput,
    raw: OnceLock<Result<serde_json::Value, String>>,
    atlas: OnceLock<Option<Result<Atlas, AtlasError>>>,
    loaded: OnceLock<Result<ReadOutcome, RoundTripError>>,
    plans: Plans,
    pages: OnceLock<Vec<OnceLock<PageImage<'a>>>>,
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

    /// The image file of the atlas page at `index` (of [`Facts::atlas`]'s
    /// pages), as the host read it (the input's page of that index, or of that
    /// name); `None` when there is no such page (or no atlas).
    pub fn page_image(&self, index: usize) -> Option<&PageImage<'a>> {
        let Some(Ok(atlas)) = self.atlas() else {
            return None;
        };
        let page = atlas.pages.get(index)?;
        let slots = self
            .pages
            .get_or_init(|| atlas.pages.iter().map(|_| OnceLock::new()).collect());
        let input = self.input;
        Some(slots.get(index)?.get_or_init(|| {
            let read = input
                .pages
                .get(index)
                .filter(|p| p.name == page.name)
                .or_else(|| input.pages.iter().find(|p| p.name == page.name));
            match read {
                Some(file) => PageImage::of(file),
                None => PageImage::unread(&page.name),
            }
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gate::Profile;

    fn input(skeleton: &str, atlas: Option<&str>, pages: Vec<PageFile>) -> GateInput {
        GateInput {
            profile: Profile::Spine,
            skeleton_text: skeleton.into(),
            atlas_text: atlas.map(Into::into),
            rig: None,
            second: None,
            pages,
        }
    }

    #[test]
    fn atlas_and_round_trip_are_shared_views() {
        let skeleton = r#"{"bones":[{"name":"root"}],"slots":[{"name":"s","bone":"root"}],
            "skins":[{"name":"default","attachments":{"s":{"r":{"width":2,"height":2}}}}]}"#;
        let atlas = "p.png\nsize: 4, 4\nr\nbounds: 0, 0, 2, 2\n";
        let gi = input(skeleton, Some(atlas), Vec::new());
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

        let gi = input(skeleton, Some("p.png\nsize: 4, 4\nq\n"), Vec::new());
        let facts = Facts::new(&gi);
        match facts.loaded() {
            Err(RoundTripError::Skeleton(e)) => {
                assert_eq!(e.message, "Region not found in atlas: r (attachment: r)")
            }
            other => panic!("{other:?}"),
        }

        let gi = input(skeleton, Some("p\nr\n\thasOwnProperty: 1\n"), Vec::new());
        assert!(matches!(
            Facts::new(&gi).loaded(),
            Err(RoundTripError::Atlas(_))
        ));

        let gi = input(skeleton, None, Vec::new());
        let facts = Facts::new(&gi);
        assert!(facts.atlas().is_none() && facts.loaded().is_ok());
        assert!(facts.page_image(0).is_none());
    }

    #[test]
    fn page_images_are_the_pages_the_host_read() {
        let png = png_image::encode_rgba(2, 1, &[0, 0, 0, 0, 9, 9, 9, 255]);
        let file = |name: &str, content| PageFile {
            name: name.into(),
            path: format!("/p/{name}"),
            content,
        };
        let atlas = "a.png\nsize: 2, 1\nr\nbounds: 0, 0, 1, 1\n\nb.png\nsize: 1, 1\nq\nbounds: 0, 0, 1, 1\n\nsub\nsize: 1, 1\nz\n\nc.png\nsize: 1, 1\ny\n";
        // Handed over out of order: a page is found by its name too.
        let pages = vec![
            file("b.png", PageContent::Missing),
            file("a.png", PageContent::Bytes(png)),
            file("sub", PageContent::Unreadable("a directory".into())),
        ];
        let gi = input("{}", Some(atlas), pages);
        let facts = Facts::new(&gi);
        let a = facts.page_image(0).unwrap_or_else(|| unreachable!());
        assert_eq!(a.path, PathBuf::from("/p/a.png"));
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
        // A page the host did not hand over was not found.
        let c = facts.page_image(3).unwrap_or_else(|| unreachable!());
        assert!(!c.exists() && c.path == std::path::Path::new("c.png"));
        assert!(facts.page_image(4).is_none());
    }
}
