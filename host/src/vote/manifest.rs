//! This module owns a ballot's manifest: per pane its letter and the blake3
//! digests of its `skeleton.json`, its atlas and every page PNG (and the
//! content digest those make), the one canonical text of it, the ballot id
//! (the short blake3 of that text), and how the manifest travels inside the
//! ballot page (one `<script type="application/json">` element) and is read
//! back out of it.

use serde::{Deserialize, Serialize};

/// The manifest's schema name.
pub const SCHEMA: &str = "rigc-ballot/1";

/// How many hex digits of the manifest's blake3 make the ballot id.
pub const ID_LEN: usize = 16;

/// The `id` of the page element that carries the manifest.
const ELEMENT_ID: &str = "rigc-ballot-manifest";

/// The pane letters, in `--candidate` order.
pub const LETTERS: [&str; 4] = ["A", "B", "C", "D"];

/// A ballot's manifest.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Manifest {
    /// [`SCHEMA`].
    pub schema: String,
    /// The animation every pane plays.
    pub animation: String,
    /// The panes, A first.
    pub panes: Vec<PaneDigests>,
}

/// One pane's digests.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PaneDigests {
    /// `A`–`D`.
    pub letter: String,
    /// The digest of the build as a whole ([`content_digest`] of the rest).
    pub content: String,
    /// blake3 of `skeleton.json`'s bytes.
    pub skeleton: String,
    /// blake3 of the atlas's bytes.
    pub atlas: String,
    /// Every page PNG, in atlas order.
    pub pages: Vec<PageDigest>,
}

/// One page PNG's digest.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PageDigest {
    /// The page's name as the atlas writes it.
    pub name: String,
    /// blake3 of its bytes.
    pub digest: String,
}

/// blake3 of `bytes`, in hex.
pub fn digest(bytes: &[u8]) -> String {
    blake3::hash(bytes).to_hex().to_string()
}

/// A pane's digests from its files' bytes.
pub fn pane(
    letter: &str,
    skeleton: &[u8],
    atlas: &[u8],
    pages: &[(String, Vec<u8>)],
) -> PaneDigests {
    let pages: Vec<PageDigest> = pages
        .iter()
        .map(|(name, bytes)| PageDigest {
            name: name.clone(),
            digest: digest(bytes),
        })
        .collect();
    let (skeleton, atlas) = (digest(skeleton), digest(atlas));
    PaneDigests {
        letter: letter.to_string(),
        content: content_digest(&skeleton, &atlas, &pages),
        skeleton,
        atlas,
        pages,
    }
}

/// The digest of a build as a whole: blake3 of one line per file
/// (`skeleton <d>`, `atlas <d>`, `page <name> <d>` in atlas order).
pub fn content_digest(skeleton: &str, atlas: &str, pages: &[PageDigest]) -> String {
    let mut text = format!("skeleton {skeleton}\natlas {atlas}\n");
    for p in pages {
        text.push_str(&format!("page {} {}\n", p.name, p.digest));
    }
    digest(text.as_bytes())
}

impl Manifest {
    /// The canonical text: compact JSON, fields in declaration order.
    pub fn canonical(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// The ballot id: the first [`ID_LEN`] hex digits of the canonical
    /// text's blake3.
    pub fn id(&self) -> String {
        digest(self.canonical().as_bytes())[..ID_LEN].to_string()
    }

    /// The element that carries `{"ballot": id, "manifest": …}` in the page
    /// (every `<` written `\u003c`, so no text closes it).
    pub fn element(&self) -> String {
        let body = format!(
            "{{\"ballot\":{},\"manifest\":{}}}",
            serde_json::Value::String(self.id()),
            self.canonical()
        )
        .replace('<', "\\u003c");
        format!("<script type=\"application/json\" id=\"{ELEMENT_ID}\">{body}</script>")
    }
}

/// What a ballot page carries: the id it states and the manifest.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Embedded {
    /// The id the page states.
    pub ballot: String,
    /// The manifest.
    pub manifest: Manifest,
}

/// Reads the manifest element out of a ballot page.
pub fn read_embedded(html: &str) -> Result<Embedded, String> {
    let open = format!("<script type=\"application/json\" id=\"{ELEMENT_ID}\">");
    let start = html
        .find(&open)
        .map(|i| i + open.len())
        .ok_or_else(|| format!("it holds no ballot manifest (no element id=\"{ELEMENT_ID}\")"))?;
    let len = html[start..]
        .find("</script>")
        .ok_or("its ballot manifest element is not closed")?;
    serde_json::from_str(&html[start..start + len])
        .map_err(|e| format!("its ballot manifest is not one rigc wrote: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn manifest() -> Manifest {
        Manifest {
            schema: SCHEMA.into(),
            animation: "</script>walk".into(),
            panes: vec![
                pane("A", b"{}", b"a", &[("p.png".into(), vec![1, 2])]),
                pane("B", b"{ }", b"a", &[("p.png".into(), vec![1, 2])]),
            ],
        }
    }

    #[test]
    fn the_manifest_travels_in_the_page_and_comes_back_equal() {
        let m = manifest();
        let html = format!("<html>{}<script>x()</script></html>", m.element());
        let back = read_embedded(&html).expect("read back");
        assert_eq!(back.manifest, m);
        assert_eq!(back.ballot, m.id());
        assert_eq!(back.ballot.len(), ID_LEN);
        assert_eq!(back.manifest.canonical(), m.canonical());
    }

    #[test]
    fn every_digest_moves_the_content_and_the_id() {
        let m = manifest();
        assert_ne!(m.panes[0].content, m.panes[1].content);
        let mut other = m.clone();
        other.panes[1].pages[0].digest = digest(b"x");
        assert_ne!(other.id(), m.id());
        assert!(read_embedded("<html></html>").is_err());
    }
}
