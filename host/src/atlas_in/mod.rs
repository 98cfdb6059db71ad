//! This module owns `--atlas-in` (FORMAT.md §1.2.2): an atlas packed
//! elsewhere, read with `rigc-spine`'s reader (the runtime's own reading of the
//! format, so there is one reader) and its trace of where each page, region and
//! entry is; the checks the runtime does not make, each refused at its line and
//! column in the atlas (a number that is not an integer, a page without a size,
//! a `scale:` that is not a positive number, a region whose rectangle runs off
//! its page); the join of a part to its region by name; and the re-emitted text:
//! the imported lines verbatim but for the page-name lines, re-anchored to
//! `--out`, with one blank line between pages.

pub mod join;
pub mod lift;

use rigc_diag::json::quote;
use rigc_diag::source::SourceFile;
use rigc_diag::source::Span;
use rigc_diag::{codes, Diagnostic, Loc};
use rigc_sdk::spine::atlas::{atlas_lines, read_atlas_traced, TracedEntry};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// One page of the imported atlas.
#[derive(Debug, Clone, PartialEq)]
pub struct Page {
    /// The page line as written (trimmed).
    pub name: String,
    /// The PNG: the atlas directory joined with the page line, lexically
    /// normalised.
    pub path: PathBuf,
    /// `size:`.
    pub width: u32,
    /// `size:`.
    pub height: u32,
    /// `scale:` (1 when absent).
    pub scale: f64,
    /// The index of its name line.
    pub line: usize,
    /// Its PNG's bytes, when read (`build/sources.rs` reads them).
    pub bytes: Option<Vec<u8>>,
}

/// One region of the imported atlas.
#[derive(Debug, Clone, PartialEq)]
pub struct Region {
    /// Its name.
    pub name: String,
    /// Its page's index.
    pub page: usize,
    /// Left edge on the page.
    pub x: u32,
    /// Top edge on the page.
    pub y: u32,
    /// Packed width (before rotation).
    pub width: u32,
    /// Packed height (before rotation).
    pub height: u32,
    /// Whitespace stripped at the left, in page texels (`offsets:` x).
    pub offset_x: u32,
    /// Whitespace stripped at the bottom, in page texels (`offsets:` y).
    pub offset_y: u32,
    /// The drawing's width before trimming, in page texels.
    pub original_width: u32,
    /// The drawing's height before trimming, in page texels.
    pub original_height: u32,
    /// `rotate:` in degrees (0, 90, 180 or 270).
    pub degrees: u32,
    /// The index of its name line.
    pub line: usize,
}

impl Region {
    /// What the region covers on its page: width and height, swapped for 90
    /// or 270 degrees.
    pub fn footprint(&self) -> (u32, u32) {
        if self.degrees == 90 || self.degrees == 270 {
            (self.height, self.width)
        } else {
            (self.width, self.height)
        }
    }
}

/// An atlas read for `--atlas-in`.
#[derive(Debug, Clone)]
pub struct Imported {
    /// The atlas text, for locating refusals and re-emitting it.
    pub file: Arc<SourceFile>,
    /// Its directory (page lines are relative to it).
    pub dir: PathBuf,
    /// The pages, in file order.
    pub pages: Vec<Page>,
    /// The regions, in file order.
    pub regions: Vec<Region>,
}

/// The byte span of line `line` of `text` (as the runtime splits lines), or of
/// `needle` inside it when given and found after the line's colon.
fn span_of(text: &str, line: usize, needle: Option<&str>) -> Span {
    let lines = atlas_lines(text);
    let Some(l) = lines.get(line) else {
        return Span {
            start: text.len(),
            end: text.len(),
        };
    };
    let start = l.as_ptr() as usize - text.as_ptr() as usize;
    let after = l.find(':').map_or(0, |c| c + 1);
    match needle
        .filter(|n| !n.is_empty())
        .and_then(|n| l[after..].find(n).map(|i| (after + i, n.len())))
    {
        Some((at, len)) => Span {
            start: start + at,
            end: start + at + len,
        },
        None => Span {
            start,
            end: start + l.len(),
        },
    }
}

/// Where line `line` (or `needle` on it) is in the atlas `file`.
pub fn loc(file: &Arc<SourceFile>, line: usize, needle: Option<&str>) -> Loc {
    Loc {
        file: file.clone(),
        pointer: String::new(),
        span: span_of(&file.text, line, needle),
    }
}

fn malformed(
    file: &Arc<SourceFile>,
    line: usize,
    needle: Option<&str>,
    what: String,
) -> Diagnostic {
    Diagnostic::new(
        codes::BUILD_ATLAS_IN_MALFORMED,
        format!("--atlas-in {}: {what}", file.display),
    )
    .at(loc(file, line, needle))
    .help("--atlas-in reads a Spine text atlas (pages, each with `size:`, then its regions with `bounds:` or `xy:`/`size:`); fix the line or export the atlas again")
}

/// `value` as a non-negative integer, or the refusal at it.
fn integer(file: &Arc<SourceFile>, e: &TracedEntry, i: usize) -> Result<u32, Diagnostic> {
    let v = e.values.get(i).map(String::as_str).unwrap_or("");
    v.parse::<u32>().map_err(|_| {
        malformed(
            file,
            e.line,
            Some(v),
            format!(
                "`{}:` value {} is not a non-negative integer",
                e.key,
                quote(v)
            ),
        )
    })
}

fn values<const N: usize>(file: &Arc<SourceFile>, e: &TracedEntry) -> Result<[u32; N], Diagnostic> {
    if e.values.len() < N {
        return Err(malformed(
            file,
            e.line,
            None,
            format!(
                "`{}:` needs {N} value(s), this line gives {}",
                e.key,
                e.values.len()
            ),
        ));
    }
    let mut out = [0; N];
    for (i, slot) in out.iter_mut().enumerate() {
        *slot = integer(file, e, i)?;
    }
    Ok(out)
}

/// Reads `file` (the atlas `--atlas-in` names; its directory `dir`) into
/// pages and regions, or the refusals of what does not read.
pub fn parse(file: Arc<SourceFile>, dir: &Path) -> Result<Imported, Vec<Diagnostic>> {
    let (atlas, trace) = read_atlas_traced(&file.text).map_err(|(e, line)| {
        vec![malformed(
            &file,
            line,
            None,
            format!("the runtime's reader throws: {e}"),
        )]
    })?;
    let mut diags = Vec::new();
    let mut pages = Vec::new();
    for (page, block) in atlas.pages.iter().zip(&trace.pages) {
        let mut size = None;
        let mut scale = 1.0;
        for e in &block.entries {
            match e.key.as_str() {
                "size" => match values::<2>(&file, e) {
                    Ok([w, h]) => size = Some((w, h)),
                    Err(d) => diags.push(d),
                },
                "scale" => {
                    let v = e.values.first().map(String::as_str).unwrap_or("");
                    match v.parse::<f64>() {
                        Ok(s) if s.is_finite() && s > 0.0 => scale = s,
                        _ => diags.push(malformed(
                            &file,
                            e.line,
                            Some(v),
                            format!("`scale:` value {} is not a positive number", quote(v)),
                        )),
                    }
                }
                _ => {}
            }
        }
        let (width, height) = match size {
            Some((w, h)) if w > 0 && h > 0 => (w, h),
            _ => {
                diags.push(malformed(
                    &file,
                    block.line,
                    None,
                    format!(
                        "page {} declares no `size:` of at least 1x1",
                        quote(&page.name)
                    ),
                ));
                (0, 0)
            }
        };
        pages.push(Page {
            name: page.name.clone(),
            path: crate::project::absolute(Path::new(&page.name), dir),
            width,
            height,
            scale,
            line: block.line,
            bytes: None,
        });
    }
    let mut regions = Vec::new();
    for (region, block) in atlas.regions.iter().zip(&trace.regions) {
        match parse_region(&file, region.name.clone(), region.page, block, &pages) {
            Ok(r) => regions.push(r),
            Err(d) => diags.extend(d),
        }
    }
    if !diags.is_empty() {
        return Err(diags);
    }
    Ok(Imported {
        file,
        dir: dir.to_path_buf(),
        pages,
        regions,
    })
}

fn parse_region(
    file: &Arc<SourceFile>,
    name: String,
    page: usize,
    block: &rigc_sdk::spine::atlas::TracedBlock,
    pages: &[Page],
) -> Result<Region, Vec<Diagnostic>> {
    let mut diags = Vec::new();
    let mut r = Region {
        name,
        page,
        x: 0,
        y: 0,
        width: 0,
        height: 0,
        offset_x: 0,
        offset_y: 0,
        original_width: 0,
        original_height: 0,
        degrees: 0,
        line: block.line,
    };
    let mut rect_line = block.line;
    let mut keep = |res: Result<(), Diagnostic>| {
        if let Err(d) = res {
            diags.push(d);
        }
    };
    for e in &block.entries {
        match e.key.as_str() {
            "bounds" => keep(values::<4>(file, e).map(|[x, y, w, h]| {
                (r.x, r.y, r.width, r.height) = (x, y, w, h);
                rect_line = e.line;
            })),
            "xy" => keep(values::<2>(file, e).map(|[x, y]| {
                (r.x, r.y) = (x, y);
                rect_line = e.line;
            })),
            "size" => keep(values::<2>(file, e).map(|[w, h]| (r.width, r.height) = (w, h))),
            "orig" => keep(
                values::<2>(file, e).map(|[w, h]| (r.original_width, r.original_height) = (w, h)),
            ),
            "offsets" => keep(values::<4>(file, e).map(|[x, y, w, h]| {
                (r.offset_x, r.offset_y) = (x, y);
                (r.original_width, r.original_height) = (w, h);
            })),
            "offset" => keep(values::<2>(file, e).map(|[x, y]| (r.offset_x, r.offset_y) = (x, y))),
            "rotate" => {
                let v = e.values.first().map(String::as_str).unwrap_or("");
                match v {
                    "true" => r.degrees = 90,
                    "false" => r.degrees = 0,
                    _ => keep(integer(file, e, 0).and_then(|d| match d {
                        0 | 90 | 180 | 270 => {
                            r.degrees = d;
                            Ok(())
                        }
                        _ => Err(malformed(
                            file,
                            e.line,
                            Some(v),
                            format!("`rotate:` {} is not 0, 90, 180 or 270", quote(v)),
                        )),
                    })),
                }
            }
            _ => {}
        }
    }
    if r.original_width == 0 && r.original_height == 0 {
        (r.original_width, r.original_height) = (r.width, r.height);
    }
    if !diags.is_empty() {
        return Err(diags);
    }
    if let Some(p) = pages.get(page) {
        let (fw, fh) = r.footprint();
        let (right, bottom) = (
            u64::from(r.x) + u64::from(fw),
            u64::from(r.y) + u64::from(fh),
        );
        if right > u64::from(p.width) || bottom > u64::from(p.height) {
            return Err(vec![Diagnostic::new(
                codes::BUILD_ATLAS_IN_OFF_PAGE,
                format!(
                    "--atlas-in {}: region {} occupies {},{} {fw}x{fh} of page {}, which is {}x{} — it runs off its page",
                    file.display,
                    quote(&r.name),
                    r.x,
                    r.y,
                    quote(&p.name),
                    p.width,
                    p.height
                ),
            )
            .at(loc(file, rect_line, None))
            .help("a region that runs off its page samples texels that are not there: pack the atlas again")]);
        }
    }
    Ok(r)
}

/// The atlas text to write into `out_dir`: every imported line as it is, but
/// each page's name line re-spelled relative to `out_dir`; blank lines
/// canonical (one between pages, none trailing), a final newline. A leading
/// empty line stays (one): the runtime reads the lines after it as a page,
/// where without it they would be header entries.
pub fn reanchor(imported: &Imported, out_dir: &Path) -> String {
    let lines = atlas_lines(&imported.file.text);
    let mut out: Vec<String> = Vec::with_capacity(lines.len());
    let mut leading = true;
    for (i, line) in lines.iter().enumerate() {
        let blank = rigc_sdk::spine::atlas::js_trim(line).is_empty();
        if blank {
            if leading {
                if line.is_empty() && out.is_empty() {
                    out.push(String::new());
                }
            } else if out.last().is_some_and(|l| !l.is_empty()) {
                out.push(String::new());
            }
            continue;
        }
        leading = false;
        match imported.pages.iter().find(|p| p.line == i) {
            Some(p) => out.push(crate::project::relative_slash(out_dir, &p.path)),
            None => out.push((*line).to_string()),
        }
    }
    while out.last().is_some_and(String::is_empty) {
        out.pop();
    }
    if out.is_empty() {
        return String::new();
    }
    let mut text = out.join("\n");
    text.push('\n');
    text
}

#[cfg(test)]
mod tests;
