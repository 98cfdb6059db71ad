//! This module owns the page: one HTML document that plays each [`Pane`]'s
//! skeleton in its own Spine Web Player, the skeleton, atlas and page PNGs
//! embedded as data URIs (the player's `rawDataURIs`), under a header of
//! lines. The page reports on itself through `window.rigcPreview` — `panes`
//! (`{loaded, error, animation}` each, set from the player's `success` and
//! `error` callbacks), `players` (the `spine.SpinePlayer`s) and `settled` (a
//! Promise that resolves when every pane has loaded or failed) — so a browser
//! test can wait on it. Canvases keep their drawing buffer
//! (`preserveDrawingBuffer`) and are transparent, so a test reads the
//! player's own pixels.
//!
//! [`build_served`] makes the same page for skeletons a server hands out
//! (`rigc watch --serve`): its panes start only when the page's own script
//! calls `window.rigcPreview.start(i, {skeleton, atlas})` with the URLs to
//! load, and play the skeleton's first animation.

use super::assets::Player;
pub use super::html::escape;
use base64::Engine as _;
use serde_json::json;

/// One skeleton in the page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pane {
    /// The pane's heading.
    pub title: String,
    /// Lines under the heading (the gate summary, the files), shown as they are.
    pub header_lines: Vec<String>,
    /// The `skeleton.json` text.
    pub skeleton_json: String,
    /// The `.atlas` text.
    pub atlas_text: String,
    /// Each page image: its file name as the atlas names it, and its PNG bytes.
    pub pages: Vec<(String, Vec<u8>)>,
    /// The animation to play; `None` shows the setup pose.
    pub animation: Option<String>,
}

/// The key the skeleton is loaded under (it must end in `.json` for the
/// player to read it as JSON).
pub const SKELETON_KEY: &str = "skeleton.json";

/// The key the atlas is loaded under; its pages resolve beside it, so a
/// page's key is its name as the atlas writes it.
pub const ATLAS_KEY: &str = "skeleton.atlas";

/// The page's HTML: `title`, then `extra_html` (placed as it is, before the
/// panes), then one `<section data-pane="i">` per pane with its heading,
/// header lines and player.
pub fn build(title: &str, player: &Player, panes: &[Pane], extra_html: &str) -> String {
    let configs: Vec<serde_json::Value> = panes
        .iter()
        .map(|p| {
            let mut raw = serde_json::Map::new();
            raw.insert(
                SKELETON_KEY.into(),
                data_uri("application/json", ascii_json(&p.skeleton_json).as_bytes()).into(),
            );
            raw.insert(
                ATLAS_KEY.into(),
                data_uri("text/plain", p.atlas_text.as_bytes()).into(),
            );
            for (name, png) in &p.pages {
                raw.insert(name.clone(), data_uri("image/png", png).into());
            }
            json!({ "raw": raw, "animation": p.animation })
        })
        .collect();
    let heads: Vec<(&str, &[String])> = panes
        .iter()
        .map(|p| (p.title.as_str(), p.header_lines.as_slice()))
        .collect();
    document(title, player, &heads, configs, extra_html, "")
}

/// One pane of a served page: its heading and header lines; its files come
/// from the URLs the page's script starts it with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Served {
    /// The pane's heading.
    pub title: String,
    /// Lines under the heading, shown as they are.
    pub header_lines: Vec<String>,
}

/// The page of [`build`] for panes a server feeds: each waits for
/// `window.rigcPreview.start(i, {skeleton, atlas})`, which `script` (placed
/// after the page's own script, as it is) calls.
pub fn build_served(
    title: &str,
    player: &Player,
    panes: &[Served],
    extra_html: &str,
    script: &str,
) -> String {
    let configs = panes
        .iter()
        .map(|_| json!({ "deferred": true, "animation": null }))
        .collect();
    let heads: Vec<(&str, &[String])> = panes
        .iter()
        .map(|p| (p.title.as_str(), p.header_lines.as_slice()))
        .collect();
    document(title, player, &heads, configs, extra_html, script)
}

/// The document: `title`, `extra_html`, one section per `(heading, lines)`,
/// the panes' configs, the boot script, then `script`.
fn document(
    title: &str,
    player: &Player,
    heads: &[(&str, &[String])],
    configs: Vec<serde_json::Value>,
    extra_html: &str,
    script: &str,
) -> String {
    let configs = script_json(&serde_json::Value::Array(configs));
    let mut sections = String::new();
    for (i, (heading, lines)) in heads.iter().enumerate() {
        sections.push_str(&format!(
            "<section class=\"rigc-pane\" data-pane=\"{i}\">\n<h2>{}</h2>\n<pre class=\"rigc-header\">{}</pre>\n<div class=\"rigc-player\" id=\"rigc-player-{i}\"></div>\n</section>\n",
            escape(heading),
            escape(&lines.join("\n"))
        ));
    }
    let script = if script.is_empty() {
        String::new()
    } else {
        format!("<script>\n{script}</script>\n")
    };
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{title}</title>\n{head}\n<style>\n{STYLE}</style>\n</head>\n<body>\n<h1>{title}</h1>\n{extra_html}\n<main class=\"rigc-panes\">\n{sections}</main>\n<script>\nconst RIGC_PANES = {configs};\n{BOOT}</script>\n{script}</body>\n</html>\n",
        title = escape(title),
        head = player.head_html(),
    )
}

/// The page's own layout: panes side by side, wrapping, each player a fixed
/// square over a neutral backdrop (the canvas itself is transparent).
const STYLE: &str =
    "body { font-family: system-ui, sans-serif; margin: 16px; background: #1e1e1e; color: #ddd; }
h1 { font-size: 18px; margin: 0 0 12px; }
h2 { font-size: 15px; margin: 0 0 6px; }
.rigc-panes { display: flex; flex-wrap: wrap; gap: 16px; }
.rigc-pane { width: 480px; }
.rigc-header { font-size: 11px; white-space: pre-wrap; margin: 0 0 6px; color: #bbb; }
.rigc-player { width: 480px; height: 480px; background: #3a3a3a; }
";

/// Starts one player per pane (a deferred pane when `rigcPreview.start(i,
/// files)` is called) and keeps `window.rigcPreview` up to date. Each pane
/// has its own downloader, whose text data URIs are read as UTF-8 (the
/// player's own reads them as Latin-1). A pane given no animation plays the
/// skeleton's first, if it has one.
const BOOT: &str = r#"(function () {
  const panes = RIGC_PANES.map(p => ({ loaded: false, error: null, animation: p.animation }));
  const players = [];
  let left = panes.length;
  let settle;
  const settled = new Promise(resolve => { settle = resolve; });
  const done = () => { left -= 1; if (left === 0) settle(panes); };
  const started = [];
  const noPlayer = typeof spine === "undefined" || !spine.SpinePlayer;
  function start(i, files) {
    if (started[i] || !RIGC_PANES[i]) return;
    started[i] = true;
    const p = RIGC_PANES[i];
    let finished = false;
    const finish = () => { if (!finished) { finished = true; done(); } };
    if (noPlayer) { panes[i].error = "the Spine Web Player script did not load"; finish(); return; }
    const config = {
      skeleton: files && files.skeleton || "skeleton.json",
      atlas: files && files.atlas || "skeleton.atlas",
      rawDataURIs: files && files.raw || p.raw,
      downloader: new Utf8Downloader(),
      preserveDrawingBuffer: true,
      alpha: true,
      backgroundColor: "00000000",
      viewport: { transitionTime: 0 },
      success: player => {
        const anims = player.skeleton.data.animations;
        if (!player.config.animation && anims.length) player.config.animation = anims[0].name;
        panes[i].animation = player.config.animation || null;
        panes[i].loaded = true;
        finish();
      },
      error: (_, msg) => { panes[i].error = String(msg); finish(); },
    };
    if (p.animation !== null) config.animation = p.animation;
    try {
      players[i] = new spine.SpinePlayer("rigc-player-" + i, config);
    } catch (e) {
      panes[i].error = String(e && e.message || e);
      finish();
    }
  }
  window.rigcPreview = { panes, players, settled, start };
  if (left === 0) { settle(panes); return; }
  if (noPlayer) {
    console.error("rigc: the Spine Web Player script did not load");
    panes.forEach(p => { p.error = "the Spine Web Player script did not load"; });
    settle(panes);
    return;
  }
  class Utf8Downloader extends spine.Downloader {
    dataUriToString(uri) { return new TextDecoder().decode(this.dataUriToUint8Array(uri)); }
  }
  RIGC_PANES.forEach((p, i) => { if (!p.deferred) start(i); });
})();
"#;

/// `bytes` as a base64 data URI of type `mime`.
fn data_uri(mime: &str, bytes: &[u8]) -> String {
    format!(
        "data:{mime};base64,{}",
        base64::engine::general_purpose::STANDARD.encode(bytes)
    )
}

/// JSON text with every character outside ASCII written as a `\u` escape —
/// the same document, whatever decodes its bytes. (Outside ASCII can only be
/// inside a JSON string, where the escape means the same character.)
fn ascii_json(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_ascii() {
            out.push(c);
        } else {
            let mut units = [0u16; 2];
            for u in c.encode_utf16(&mut units) {
                out.push_str(&format!("\\u{u:04x}"));
            }
        }
    }
    out
}

/// A JSON value as text safe inside a `<script>` element: `<` only ever
/// appears in JSON strings, where `\u003c` means the same.
pub fn script_json(value: &serde_json::Value) -> String {
    value.to_string().replace('<', "\\u003c")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pane(title: &str) -> Pane {
        Pane {
            title: title.into(),
            header_lines: vec!["  ..    gate     3 assertions: <ok>".into()],
            skeleton_json: r#"{"skeleton":{"spine":"4.3.13"},"bones":[{"name":"rööt"}]}"#.into(),
            atlas_text: "page.png\nsize: 2,2\n".into(),
            pages: vec![("page.png".into(), vec![0x89, b'P', b'N', b'G'])],
            animation: Some("walk".into()),
        }
    }

    #[test]
    fn every_pane_is_a_section_with_its_header_and_its_data() {
        let player = Player::url("https://example.test/dist");
        let html = build(
            "a <b>",
            &player,
            &[pane("one"), pane("two")],
            "<p id=x></p>",
        );
        assert!(html.contains("<title>a &lt;b&gt;</title>"), "{html}");
        assert!(html.contains("<section class=\"rigc-pane\" data-pane=\"0\">"));
        assert!(html.contains("<section class=\"rigc-pane\" data-pane=\"1\">"));
        assert!(html.contains("3 assertions: &lt;ok&gt;"));
        assert!(html.contains("<p id=x></p>"));
        assert!(
            html.contains("\"page.png\":\"data:image/png;base64,iVBORw==\""),
            "{html}"
        );
        assert!(html.contains("\"animation\":\"walk\""));
        assert!(html.contains("window.rigcPreview"));
        assert!(html.contains("preserveDrawingBuffer: true"));
    }

    #[test]
    fn the_skeleton_travels_as_ascii_and_means_the_same() {
        let text = r#"{"n":"rööt 😀"}"#;
        let ascii = ascii_json(text);
        assert!(ascii.is_ascii());
        let a: serde_json::Value = serde_json::from_str(text).expect("json");
        let b: serde_json::Value = serde_json::from_str(&ascii).expect("json");
        assert_eq!(a, b);
    }

    #[test]
    fn no_name_can_close_the_script() {
        let mut p = pane("x");
        p.animation = Some("</script><script>alert(1)</script>".into());
        let html = build("t", &Player::url("u"), &[p], "");
        let tail = html.split("const RIGC_PANES").nth(1).expect("the configs");
        assert_eq!(tail.matches("</script>").count(), 1, "{tail}");
    }
}
