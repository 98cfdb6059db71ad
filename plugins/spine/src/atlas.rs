//! The text atlas reader: a port of spine-core 4.3.13's `TextureAtlas`
//! constructor, quirks included — lines split on `\r\n|\r|\n`, header entries
//! skipped, region names kept untrimmed, every number read with `parseInt`
//! (so `2.9` is 2 and `abc` is `NaN`), at most four values per entry, and the
//! entry buffer shared between lines (a short entry sees the previous line's
//! leftover values, exactly as in the runtime). `scale:` is not a page field.
//!
//! The page and region fields are looked up in plain JavaScript objects, so a
//! field named like an `Object.prototype` member (`hasOwnProperty: 1`) makes
//! the runtime throw; [`read_atlas`] throws the same message.
//!
//! [`read_atlas_traced`] reads the same way and also says where each page,
//! region and entry is (what `rigc build --atlas-in` locates its refusals by).

/// A texture filter, as `TextureFilter` names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TextureFilter {
    /// `Nearest` (9728), the default.
    Nearest,
    /// `Linear` (9729).
    Linear,
    /// `MipMap` (9987, the same value as `MipMapLinearLinear`).
    MipMap,
    /// `MipMapNearestNearest` (9984).
    MipMapNearestNearest,
    /// `MipMapLinearNearest` (9985).
    MipMapLinearNearest,
    /// `MipMapNearestLinear` (9986).
    MipMapNearestLinear,
    /// `MipMapLinearLinear` (9987).
    MipMapLinearLinear,
}

impl TextureFilter {
    fn from_name(name: &str) -> Option<TextureFilter> {
        Some(match name {
            "Nearest" => TextureFilter::Nearest,
            "Linear" => TextureFilter::Linear,
            "MipMap" => TextureFilter::MipMap,
            "MipMapNearestNearest" => TextureFilter::MipMapNearestNearest,
            "MipMapLinearNearest" => TextureFilter::MipMapLinearNearest,
            "MipMapNearestLinear" => TextureFilter::MipMapNearestLinear,
            "MipMapLinearLinear" => TextureFilter::MipMapLinearLinear,
            _ => return None,
        })
    }
}

/// A texture wrap mode.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TextureWrap {
    /// Clamp (the default).
    ClampToEdge,
    /// Repeat (`repeat: x`, `y` or `xy`).
    Repeat,
}

/// One atlas page (one texture image).
#[derive(Debug, Clone, PartialEq)]
pub struct AtlasPage {
    /// The image file name (the trimmed page line).
    pub name: String,
    /// `filter` min; `None` when the name did not resolve (`Utils.enumValue`).
    pub min_filter: Option<TextureFilter>,
    /// `filter` mag; `None` when the name did not resolve.
    pub mag_filter: Option<TextureFilter>,
    /// Wrap along u.
    pub u_wrap: TextureWrap,
    /// Wrap along v.
    pub v_wrap: TextureWrap,
    /// `size` width (`parseInt`, may be `NaN`; 0 when absent).
    pub width: f64,
    /// `size` height.
    pub height: f64,
    /// `pma: true`.
    pub pma: bool,
}

/// One atlas region.
#[derive(Debug, Clone, PartialEq)]
pub struct AtlasRegion {
    /// Index of its page in [`Atlas::pages`].
    pub page: usize,
    /// The raw name line, not trimmed.
    pub name: String,
    /// Left edge on the page, pixels.
    pub x: f64,
    /// Top edge on the page, pixels.
    pub y: f64,
    /// Packed width (unrotated orientation).
    pub width: f64,
    /// Packed height (unrotated orientation).
    pub height: f64,
    /// Whitespace stripped at the left.
    pub offset_x: f64,
    /// Whitespace stripped at the bottom.
    pub offset_y: f64,
    /// Original image width.
    pub original_width: f64,
    /// Original image height.
    pub original_height: f64,
    /// `index:` (not used for lookup).
    pub index: f64,
    /// Rotation on the page: 0, 90 (`true`), or whatever `parseInt` gave.
    pub degrees: f64,
    /// Names of the other fields (`split`, `pad`, …), if any.
    pub names: Option<Vec<String>>,
    /// Their `parseInt` values.
    pub values: Option<Vec<Vec<f64>>>,
    /// Texture coordinates.
    pub u: f64,
    /// Texture coordinates.
    pub v: f64,
    /// Texture coordinates.
    pub u2: f64,
    /// Texture coordinates.
    pub v2: f64,
}

/// A parsed text atlas.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Atlas {
    /// Pages in file order.
    pub pages: Vec<AtlasPage>,
    /// Regions in file order.
    pub regions: Vec<AtlasRegion>,
}

impl Atlas {
    /// `findRegion`: the first region whose name equals `name` exactly.
    pub fn find_region(&self, name: &str) -> Option<&AtlasRegion> {
        self.regions.iter().find(|r| r.name == name)
    }
}

/// What the runtime throws while parsing an atlas.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{message}")]
pub struct AtlasError {
    /// spine-core's (JavaScript's) message.
    pub message: String,
}

fn err(message: impl Into<String>) -> AtlasError {
    AtlasError {
        message: message.into(),
    }
}

/// JavaScript's `String.prototype.trim` white space set.
fn is_js_space(c: char) -> bool {
    matches!(
        c,
        '\u{9}' | '\u{a}' | '\u{b}' | '\u{c}' | '\u{d}' | ' ' | '\u{a0}' | '\u{1680}' | '\u{2000}'
            ..='\u{200a}'
                | '\u{2028}'
                | '\u{2029}'
                | '\u{202f}'
                | '\u{205f}'
                | '\u{3000}'
                | '\u{feff}'
    )
}

/// `s.trim()` with JavaScript's white space.
pub fn js_trim(s: &str) -> &str {
    s.trim_matches(is_js_space)
}

/// JavaScript's `parseInt(s)` (radix 10, or 16 after `0x`); `None` is `undefined`.
pub fn parse_int(s: Option<&str>) -> f64 {
    let s = s.unwrap_or("undefined");
    let t = js_trim(s);
    let unsigned = t.strip_prefix(['-', '+']).unwrap_or(t);
    let radix = if unsigned.starts_with("0x") || unsigned.starts_with("0X") {
        16
    } else {
        10
    };
    parse_int_radix(s, radix)
}

/// JavaScript's `parseInt(s, radix)` for radix 10 or 16.
pub(crate) fn parse_int_radix(s: &str, radix: u32) -> f64 {
    let t = js_trim(s);
    let (neg, t) = match t.as_bytes().first() {
        Some(b'-') => (true, &t[1..]),
        Some(b'+') => (false, &t[1..]),
        _ => (false, t),
    };
    let t = if radix == 16 && (t.starts_with("0x") || t.starts_with("0X")) {
        &t[2..]
    } else {
        t
    };
    let mut v = 0.0f64;
    let mut any = false;
    for c in t.chars() {
        match c.to_digit(radix) {
            Some(d) => {
                v = v * f64::from(radix) + f64::from(d);
                any = true;
            }
            None => break,
        }
    }
    match (any, neg) {
        (false, _) => f64::NAN,
        (true, true) => -v,
        (true, false) => v,
    }
}

/// `TextureAtlasReader.readEntry`: fills `entry` (kept between calls) and
/// returns the number of values.
fn read_entry(entry: &mut [Option<String>; 5], line: Option<&str>) -> usize {
    let Some(line) = line else { return 0 };
    let line = js_trim(line);
    if line.is_empty() {
        return 0;
    }
    let Some(colon) = line.find(':') else {
        return 0;
    };
    entry[0] = Some(js_trim(&line[..colon]).to_string());
    let mut last = colon + 1;
    let mut i = 1;
    loop {
        match line[last..].find(',') {
            None => {
                entry[i] = Some(js_trim(&line[last..]).to_string());
                return i;
            }
            Some(off) => {
                entry[i] = Some(js_trim(&line[last..last + off]).to_string());
                last += off + 1;
                if i == 4 {
                    return 4;
                }
                i += 1;
            }
        }
    }
}

/// Calls that a field name reaching `Object.prototype` makes in the runtime.
fn prototype_field(name: &str) -> Result<bool, AtlasError> {
    match name {
        "constructor" | "toString" => Ok(true),
        "toLocaleString" => Err(err(
            "Object.prototype.toLocaleString called on null or undefined",
        )),
        "valueOf"
        | "hasOwnProperty"
        | "isPrototypeOf"
        | "propertyIsEnumerable"
        | "__defineGetter__"
        | "__defineSetter__"
        | "__lookupGetter__"
        | "__lookupSetter__" => Err(err("Cannot convert undefined or null to object")),
        "__proto__" => Err(err("field is not a function")),
        _ => Ok(false),
    }
}

/// `Utils.enumValue(TextureFilter, name)`.
fn filter_value(name: Option<&str>) -> Result<Option<TextureFilter>, AtlasError> {
    let Some(name) = name else {
        return Err(err("Cannot read properties of undefined (reading '0')"));
    };
    let mut chars = name.chars();
    let Some(first) = chars.next() else {
        return Err(err(
            "Cannot read properties of undefined (reading 'toUpperCase')",
        ));
    };
    let key: String = first.to_uppercase().chain(chars).collect();
    Ok(TextureFilter::from_name(&key))
}

/// Parses atlas text exactly as `new TextureAtlas(text)` does.
pub fn read_atlas(text: &str) -> Result<Atlas, AtlasError> {
    read_atlas_traced(text)
        .map(|(atlas, _)| atlas)
        .map_err(|(e, _)| e)
}

/// One `key: values` line as the reader took it: its line index (0-based,
/// lines split as the runtime splits them, [`atlas_lines`]), its key and the
/// values of this line (at most four).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TracedEntry {
    /// The line's index.
    pub line: usize,
    /// The key, trimmed.
    pub key: String,
    /// This line's values, trimmed.
    pub values: Vec<String>,
}

/// Where a page or a region is in the text: its name line and its entries.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct TracedBlock {
    /// The index of its name line.
    pub line: usize,
    /// Its `key: values` lines, in order.
    pub entries: Vec<TracedEntry>,
}

/// Where the reader found each part of an atlas: the header entries, each
/// page (parallel to [`Atlas::pages`]) and each region (parallel to
/// [`Atlas::regions`]).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct AtlasTrace {
    /// The header's entries.
    pub header: Vec<TracedEntry>,
    /// Each page.
    pub pages: Vec<TracedBlock>,
    /// Each region.
    pub regions: Vec<TracedBlock>,
}

/// The lines of an atlas text as the runtime splits them (`\r\n`, `\r` or
/// `\n`).
pub fn atlas_lines(text: &str) -> Vec<&str> {
    split_lines(text)
}

struct Lines<'a> {
    lines: Vec<&'a str>,
    next: usize,
}

impl<'a> Lines<'a> {
    fn read(&mut self) -> Option<&'a str> {
        let l = self.lines.get(self.next).copied();
        self.next += 1;
        l
    }
    /// The index of the line the last [`Lines::read`] returned.
    fn at(&self) -> usize {
        self.next.saturating_sub(1)
    }
}

fn traced(entry: &[Option<String>; 5], count: usize, line: usize) -> TracedEntry {
    TracedEntry {
        line,
        key: entry[0].clone().unwrap_or_default(),
        values: (1..=count.min(4))
            .map(|i| entry[i].clone().unwrap_or_default())
            .collect(),
    }
}

/// [`read_atlas`], and where it found each page, region and entry; a throw
/// comes with the index of the line being read.
pub fn read_atlas_traced(text: &str) -> Result<(Atlas, AtlasTrace), (AtlasError, usize)> {
    let mut ls = Lines {
        lines: split_lines(text),
        next: 0,
    };
    let mut trace = AtlasTrace::default();
    let mut entry: [Option<String>; 5] = Default::default();
    let mut atlas = Atlas::default();
    let mut line = ls.read();
    while matches!(line, Some(l) if !l.is_empty() && js_trim(l).is_empty()) {
        line = ls.read();
    }
    // Header entries.
    loop {
        match line {
            Some(l) if !l.is_empty() && !js_trim(l).is_empty() => {}
            _ => break,
        }
        let count = read_entry(&mut entry, line);
        if count == 0 {
            break;
        }
        trace.header.push(traced(&entry, count, ls.at()));
        line = ls.read();
    }
    let mut page: Option<usize> = None;
    let mut names: Option<Vec<String>> = None;
    let mut values: Option<Vec<Vec<f64>>> = None;
    while let Some(l) = line {
        if js_trim(l).is_empty() {
            page = None;
            line = ls.read();
        } else if let Some(p) = page {
            let mut region = new_region(p, l);
            let mut block = TracedBlock {
                line: ls.at(),
                entries: Vec::new(),
            };
            loop {
                line = ls.read();
                let count = read_entry(&mut entry, line);
                if count == 0 {
                    break;
                }
                block.entries.push(traced(&entry, count, ls.at()));
                let key = entry[0].clone().unwrap_or_default();
                if !region_field(&key, &entry, &mut region).map_err(|e| (e, ls.at()))? {
                    names.get_or_insert_with(Vec::new).push(key);
                    let v =
                        (0..count).map(|i| parse_int(entry.get(i + 1).and_then(|e| e.as_deref())));
                    values.get_or_insert_with(Vec::new).push(v.collect());
                }
            }
            trace.regions.push(block);
            if region.original_width == 0.0 && region.original_height == 0.0 {
                region.original_width = region.width;
                region.original_height = region.height;
            }
            if names.as_ref().is_some_and(|n| !n.is_empty())
                && values.as_ref().is_some_and(|v| !v.is_empty())
            {
                region.names = names.take();
                region.values = values.take();
            }
            let pg = &atlas.pages[p];
            region.u = region.x / pg.width;
            region.v = region.y / pg.height;
            if region.degrees == 90.0 {
                region.u2 = (region.x + region.height) / pg.width;
                region.v2 = (region.y + region.width) / pg.height;
            } else {
                region.u2 = (region.x + region.width) / pg.width;
                region.v2 = (region.y + region.height) / pg.height;
            }
            atlas.regions.push(region);
        } else {
            let mut pg = AtlasPage {
                name: js_trim(l).to_string(),
                min_filter: Some(TextureFilter::Nearest),
                mag_filter: Some(TextureFilter::Nearest),
                u_wrap: TextureWrap::ClampToEdge,
                v_wrap: TextureWrap::ClampToEdge,
                width: 0.0,
                height: 0.0,
                pma: false,
            };
            let mut block = TracedBlock {
                line: ls.at(),
                entries: Vec::new(),
            };
            loop {
                line = ls.read();
                let count = read_entry(&mut entry, line);
                if count == 0 {
                    break;
                }
                block.entries.push(traced(&entry, count, ls.at()));
                page_field(&entry, &mut pg).map_err(|e| (e, ls.at()))?;
            }
            trace.pages.push(block);
            atlas.pages.push(pg);
            page = Some(atlas.pages.len() - 1);
        }
    }
    Ok((atlas, trace))
}

fn split_lines(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let b = text.as_bytes();
    let mut start = 0;
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'\r' => {
                out.push(&text[start..i]);
                i += if b.get(i + 1) == Some(&b'\n') { 2 } else { 1 };
                start = i;
            }
            b'\n' => {
                out.push(&text[start..i]);
                i += 1;
                start = i;
            }
            _ => i += 1,
        }
    }
    out.push(&text[start..]);
    out
}

fn new_region(page: usize, name: &str) -> AtlasRegion {
    AtlasRegion {
        page,
        name: name.to_string(),
        x: 0.0,
        y: 0.0,
        width: 0.0,
        height: 0.0,
        offset_x: 0.0,
        offset_y: 0.0,
        original_width: 0.0,
        original_height: 0.0,
        index: 0.0,
        degrees: 0.0,
        names: None,
        values: None,
        u: 0.0,
        v: 0.0,
        u2: 0.0,
        v2: 0.0,
    }
}

fn page_field(entry: &[Option<String>; 5], page: &mut AtlasPage) -> Result<(), AtlasError> {
    let e = |i: usize| entry[i].as_deref();
    match e(0).unwrap_or_default() {
        "size" => {
            page.width = parse_int(e(1));
            page.height = parse_int(e(2));
        }
        "format" => {}
        "filter" => {
            page.min_filter = filter_value(e(1))?;
            page.mag_filter = filter_value(e(2))?;
        }
        "repeat" => {
            let v = e(1).unwrap_or_default();
            if v.contains('x') {
                page.u_wrap = TextureWrap::Repeat;
            }
            if v.contains('y') {
                page.v_wrap = TextureWrap::Repeat;
            }
        }
        "pma" => page.pma = e(1) == Some("true"),
        other => {
            prototype_field(other)?;
        }
    }
    Ok(())
}

/// Applies a known region field; `Ok(false)` for an unknown one.
fn region_field(
    key: &str,
    entry: &[Option<String>; 5],
    r: &mut AtlasRegion,
) -> Result<bool, AtlasError> {
    let n = |i: usize| parse_int(entry[i].as_deref());
    match key {
        "xy" => (r.x, r.y) = (n(1), n(2)),
        "size" => (r.width, r.height) = (n(1), n(2)),
        "bounds" => (r.x, r.y, r.width, r.height) = (n(1), n(2), n(3), n(4)),
        "offset" => (r.offset_x, r.offset_y) = (n(1), n(2)),
        "orig" => (r.original_width, r.original_height) = (n(1), n(2)),
        "offsets" => {
            (r.offset_x, r.offset_y, r.original_width, r.original_height) = (n(1), n(2), n(3), n(4))
        }
        "rotate" => match entry[1].as_deref() {
            Some("true") => r.degrees = 90.0,
            Some("false") => {}
            v => r.degrees = parse_int(v),
        },
        "index" => r.index = n(1),
        other => return prototype_field(other),
    }
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_spec_example() {
        let text = "page1.png\n\tsize: 64, 64\n\tfilter: Linear, Linear\n\tpma: true\nhead\n\tbounds: 2, 2, 40, 30\ntrimmed\n\tbounds: 44, 2, 10, 12\n\toffsets: 1, 2, 14, 16\n\trotate: 90\n\tsplit: 1, 2, 3, 4\n\npage2.png\n\tsize: 128, 64\ncloth\n\tbounds: 0, 0, 30, 20\n\trotate: true\n";
        let a = read_atlas(text).unwrap_or_default();
        assert_eq!(a.pages.len(), 2);
        assert_eq!(a.regions.len(), 3);
        let t = &a.regions[1];
        assert_eq!(t.degrees, 90.0);
        assert_eq!(t.u2, (44.0 + 12.0) / 64.0);
        assert_eq!(t.names.as_deref(), Some(&["split".to_string()][..]));
        assert_eq!(a.regions[0].original_width, 40.0);
        assert_eq!(a.pages[0].min_filter, Some(TextureFilter::Linear));
        assert_eq!(parse_int(Some(" 2.9")), 2.0);
        assert!(parse_int(Some("abc")).is_nan());
        assert_eq!(
            read_atlas("p\nr\n\thasOwnProperty: 1\n")
                .err()
                .map(|e| e.message),
            Some("Cannot convert undefined or null to object".into())
        );
    }
}
