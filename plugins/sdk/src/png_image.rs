//! This module owns reading part PNGs: the header facts rigc measures (size, colour
//! type, bit depth, `tRNS`) and a full decode to RGBA8, with named errors for a file
//! that is not a PNG, is truncated, or is corrupt. Every PNG colour type and bit
//! depth is accepted (the `png` crate expands palette, grey and 16-bit samples).
//!
//! Every read checks the size the header declares against [`MAX_SIDE`] before
//! anything is inflated or allocated for pixels, and a decode runs under
//! [`decoder_limits`]: a file cannot make rigc allocate more than the image it
//! is allowed to be.

use std::fmt;

/// The largest width or height, in pixels, of an image rigc reads: 16384, the
/// largest texture side desktop GPUs (and WebGL 2 on them) load and the largest
/// page Spine's texture packer writes. A part larger than that could never be
/// drawn from one page, and its RGBA decode alone would pass 1 GiB.
pub const MAX_SIDE: u32 = 16384;

/// What the `png` decoder may allocate for itself beyond the pixels (row
/// buffers, text and ICC chunks): 64 MiB, which a row of the widest allowed
/// image at 16 bits × 4 channels (128 KiB) fits many times over.
pub const DECODER_BYTES: usize = 64 << 20;

/// The [`png::Limits`] every decode runs under.
pub fn decoder_limits() -> png::Limits {
    png::Limits {
        bytes: DECODER_BYTES,
    }
}

/// The facts of a PNG's header.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct PngHeader {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// PNG colour type code: 0 grey, 2 RGB, 3 palette, 4 grey+alpha, 6 RGBA.
    pub color_type: u8,
    /// Bits per sample.
    pub bit_depth: u8,
    /// Whether a `tRNS` chunk is present.
    pub has_trns: bool,
}

impl PngHeader {
    /// Can any pixel of this image be transparent (an alpha channel or `tRNS`)?
    pub fn can_be_transparent(&self) -> bool {
        matches!(self.color_type, 4 | 6) || self.has_trns
    }

    /// The colour type's name, as the PNG specification calls it.
    pub fn color_type_name(&self) -> &'static str {
        color_type_name(self.color_type)
    }
}

/// The PNG specification's name of a colour type code.
pub fn color_type_name(code: u8) -> &'static str {
    match code {
        0 => "greyscale",
        2 => "truecolour",
        3 => "indexed-colour",
        4 => "greyscale with alpha",
        6 => "truecolour with alpha",
        _ => "unknown",
    }
}

/// A decoded PNG: its header and RGBA8 pixels, row-major, top row first.
#[derive(Debug, Clone)]
pub struct DecodedPng {
    /// The header.
    pub header: PngHeader,
    /// `width * height * 4` bytes.
    pub rgba: Vec<u8>,
}

impl DecodedPng {
    /// The alpha of pixel (x, y).
    pub fn alpha(&self, x: u32, y: u32) -> u8 {
        let i = ((y as usize) * (self.header.width as usize) + x as usize) * 4 + 3;
        self.rgba.get(i).copied().unwrap_or(0)
    }

    /// How many pixels have alpha < 255.
    pub fn transparent_pixels(&self) -> u64 {
        self.rgba.chunks_exact(4).filter(|p| p[3] < 255).count() as u64
    }
}

/// Why a file could not be read as a PNG.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PngError {
    /// The file does not start with the PNG signature.
    NotPng,
    /// The file ends before the image does.
    Truncated(String),
    /// The file is damaged or uses something the decoder refuses.
    Corrupt(String),
    /// The header declares a side larger than [`MAX_SIDE`].
    TooLarge {
        /// The declared width.
        width: u32,
        /// The declared height.
        height: u32,
    },
}

impl fmt::Display for PngError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PngError::NotPng => write!(
                f,
                "it does not start with the PNG signature, so it is not a PNG file"
            ),
            PngError::Truncated(why) => {
                write!(f, "the file ends before its image does (truncated: {why})")
            }
            PngError::Corrupt(why) => write!(f, "the PNG is damaged: {why}"),
            PngError::TooLarge { width, height } => write!(
                f,
                "its header declares {width}×{height} pixels, and rigc reads images of at most {MAX_SIDE} pixels a side (the largest texture GPUs load and Spine's packer writes)"
            ),
        }
    }
}

impl std::error::Error for PngError {}

const SIGNATURE: [u8; 8] = [0x89, b'P', b'N', b'G', 0x0d, 0x0a, 0x1a, 0x0a];

fn classify(e: png::DecodingError) -> PngError {
    match e {
        png::DecodingError::IoError(io) if io.kind() == std::io::ErrorKind::UnexpectedEof => {
            PngError::Truncated(io.to_string())
        }
        png::DecodingError::IoError(io) => PngError::Truncated(io.to_string()),
        other => {
            let text = other.to_string();
            if text.contains("EOF")
                || text.contains("eof")
                || text.contains("end of")
                || text.contains("No more data")
            {
                PngError::Truncated(text)
            } else {
                PngError::Corrupt(text)
            }
        }
    }
}

/// Refuses a declared size of zero or beyond [`MAX_SIDE`], before anything is
/// allocated for its pixels.
fn check_size(width: u32, height: u32) -> Result<(), PngError> {
    if width == 0 || height == 0 {
        return Err(PngError::Corrupt(format!(
            "IHDR gives a size of {width}x{height}"
        )));
    }
    if width > MAX_SIDE || height > MAX_SIDE {
        return Err(PngError::TooLarge { width, height });
    }
    Ok(())
}

/// The `png` decoder over `bytes`, under [`decoder_limits`], its header read
/// and its size checked.
fn reader(bytes: &[u8], normalize: bool) -> Result<png::Reader<&[u8]>, PngError> {
    if !bytes.starts_with(&SIGNATURE) {
        return Err(PngError::NotPng);
    }
    let mut decoder = png::Decoder::new_with_limits(bytes, decoder_limits());
    if normalize {
        decoder.set_transformations(png::Transformations::normalize_to_color8());
    }
    let info = decoder.read_header_info().map_err(classify)?;
    check_size(info.width, info.height)?;
    decoder.read_info().map_err(classify)
}

fn header_of(info: &png::Info) -> PngHeader {
    PngHeader {
        width: info.width,
        height: info.height,
        color_type: info.color_type as u8,
        bit_depth: info.bit_depth as u8,
        has_trns: info.trns.is_some(),
    }
}

/// Reads only the header facts (signature, IHDR, and whether `tRNS` precedes the
/// image data).
/// A size beyond [`MAX_SIDE`] is [`PngError::TooLarge`].
pub fn read_header(bytes: &[u8]) -> Result<PngHeader, PngError> {
    Ok(header_of(reader(bytes, false)?.info()))
}

/// Checks a PNG's structure without inflating its image data: the signature, an
/// `IHDR` first, every chunk whole with a matching CRC, at least one `IDAT`, and an
/// `IEND` before the file ends. A file cut short is [`PngError::Truncated`]; this
/// is what the measure stage needs (size, colour type, `tRNS`), at a fraction of a
/// decode's cost. Damaged compressed data inside whole chunks is found by a decode
/// ([`decode`]), which the gate's A06 performs. A size beyond [`MAX_SIDE`] is
/// refused as soon as `IHDR` is read ([`PngError::TooLarge`]).
pub fn check(bytes: &[u8]) -> Result<PngHeader, PngError> {
    if !bytes.starts_with(&SIGNATURE) {
        return Err(PngError::NotPng);
    }
    let mut at = SIGNATURE.len();
    let mut header: Option<PngHeader> = None;
    let (mut idat, mut trns) = (false, false);
    loop {
        let Some(head) = bytes.get(at..at + 8) else {
            return Err(PngError::Truncated(format!(
                "the file ends at byte {} inside a chunk header, before IEND",
                bytes.len()
            )));
        };
        let len = u32::from_be_bytes([head[0], head[1], head[2], head[3]]) as usize;
        let kind = [head[4], head[5], head[6], head[7]];
        let name = String::from_utf8_lossy(&kind).into_owned();
        let end = at.checked_add(12).and_then(|e| e.checked_add(len));
        let Some(chunk) = end.and_then(|e| bytes.get(at + 4..e)) else {
            return Err(PngError::Truncated(format!(
                "chunk {name} at byte {at} says it holds {len} bytes and the file ends at byte {}",
                bytes.len()
            )));
        };
        let (typed, crc) = chunk.split_at(chunk.len() - 4);
        if crc32fast::hash(typed).to_be_bytes() != [crc[0], crc[1], crc[2], crc[3]] {
            return Err(PngError::Corrupt(format!(
                "chunk {name} at byte {at} fails its CRC check"
            )));
        }
        let data = &typed[4..];
        match &kind {
            b"IHDR" if header.is_none() && at == SIGNATURE.len() && data.len() == 13 => {
                let w = u32::from_be_bytes([data[0], data[1], data[2], data[3]]);
                let h = u32::from_be_bytes([data[4], data[5], data[6], data[7]]);
                check_size(w, h)?;
                header = Some(PngHeader {
                    width: w,
                    height: h,
                    color_type: data[9],
                    bit_depth: data[8],
                    has_trns: false,
                });
            }
            _ if header.is_none() => {
                return Err(PngError::Corrupt(
                    "the first chunk is not a 13-byte IHDR".into(),
                ));
            }
            b"IDAT" => idat = true,
            b"tRNS" => trns = true,
            b"IEND" => {
                if !idat {
                    return Err(PngError::Corrupt(
                        "the file has no IDAT chunk, so it holds no image data".into(),
                    ));
                }
                let mut h = header.ok_or_else(|| PngError::Corrupt("no IHDR".into()))?;
                h.has_trns = trns;
                return Ok(h);
            }
            _ => {}
        }
        at = end.unwrap_or(bytes.len());
    }
}

/// Decodes the whole image to RGBA8 (every colour type and bit depth; `tRNS`
/// becomes alpha). A file that ends early is [`PngError::Truncated`]; a size
/// beyond [`MAX_SIDE`] is [`PngError::TooLarge`], refused from the header before
/// the pixel buffer is allocated, and the decoder itself runs under
/// [`decoder_limits`].
pub fn decode(bytes: &[u8]) -> Result<DecodedPng, PngError> {
    let mut reader = reader(bytes, true)?;
    let header = header_of(reader.info());
    let mut buf = vec![0; reader.output_buffer_size()];
    let out = reader.next_frame(&mut buf).map_err(classify)?;
    let (ct, _) = reader.output_color_type();
    let channels = match ct {
        png::ColorType::Grayscale => 1,
        png::ColorType::GrayscaleAlpha => 2,
        png::ColorType::Rgb => 3,
        png::ColorType::Rgba => 4,
        png::ColorType::Indexed => 1,
    };
    let (w, h) = (out.width as usize, out.height as usize);
    if channels == 4 && out.line_size == w * 4 && buf.len() >= w * h * 4 {
        // Already RGBA8, rows packed: the frame is the answer (no second
        // image-sized buffer).
        buf.truncate(w * h * 4);
        return Ok(DecodedPng { header, rgba: buf });
    }
    let mut rgba = Vec::with_capacity(w * h * 4);
    for row in 0..h {
        let line = buf
            .get(row * out.line_size..row * out.line_size + w * channels)
            .unwrap_or(&[]);
        for px in line.chunks_exact(channels) {
            match channels {
                1 => rgba.extend_from_slice(&[px[0], px[0], px[0], 255]),
                2 => rgba.extend_from_slice(&[px[0], px[0], px[0], px[1]]),
                3 => rgba.extend_from_slice(&[px[0], px[1], px[2], 255]),
                _ => rgba.extend_from_slice(&[px[0], px[1], px[2], px[3]]),
            }
        }
    }
    if rgba.len() != w * h * 4 {
        return Err(PngError::Corrupt(
            "the decoded pixel rows are shorter than the header says".into(),
        ));
    }
    Ok(DecodedPng { header, rgba })
}

/// Encodes RGBA8 pixels as a PNG (colour type 6, 8 bits). Used by tests and tools
/// that draw parts.
pub fn encode_rgba(width: u32, height: u32, rgba: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    {
        let mut enc = png::Encoder::new(&mut out, width, height);
        enc.set_color(png::ColorType::Rgba);
        enc.set_depth(png::BitDepth::Eight);
        if let Ok(mut w) = enc.write_header() {
            let _ = w.write_image_data(rgba);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_named_errors() {
        let px: Vec<u8> = (0..4 * 3 * 2)
            .map(|i| if i % 4 == 3 { 128 } else { 7 })
            .collect();
        let bytes = encode_rgba(3, 2, &px);
        let d = decode(&bytes).expect("decodes");
        assert_eq!(
            (d.header.width, d.header.height, d.header.color_type),
            (3, 2, 6)
        );
        assert_eq!(d.rgba, px);
        assert_eq!(d.transparent_pixels(), 6);
        assert_eq!(read_header(b"GIF89a"), Err(PngError::NotPng));
        assert!(matches!(
            decode(&bytes[..bytes.len() - 20]),
            Err(PngError::Truncated(_))
        ));
        assert!(decode(&bytes[..20]).is_err());
        assert_eq!(
            check(&bytes).map(|h| (h.width, h.height, h.color_type)),
            Ok((3, 2, 6))
        );
        for cut in 0..bytes.len() {
            assert!(check(&bytes[..cut]).is_err(), "a file cut at {cut} passes");
        }
        assert!(matches!(
            check(&bytes[..bytes.len() - 20]),
            Err(PngError::Truncated(_))
        ));
        let mut flipped = bytes.clone();
        let n = flipped.len();
        flipped[n - 18] ^= 0x40;
        assert!(matches!(check(&flipped), Err(PngError::Corrupt(_))));
    }

    /// A 1×1 PNG whose IHDR is rewritten to declare `w`×`h` (its CRC made
    /// good), the tiny IDAT left as it is.
    fn declaring(w: u32, h: u32) -> Vec<u8> {
        let mut bytes = encode_rgba(1, 1, &[1, 2, 3, 4]);
        bytes[16..20].copy_from_slice(&w.to_be_bytes());
        bytes[20..24].copy_from_slice(&h.to_be_bytes());
        let crc = crc32fast::hash(&bytes[12..29]);
        bytes[29..33].copy_from_slice(&crc.to_be_bytes());
        bytes
    }

    #[test]
    fn a_declared_size_beyond_the_limit_is_refused_from_the_header() {
        for (w, h) in [
            (100_000, 100_000),
            (MAX_SIDE + 1, 1),
            (1, MAX_SIDE + 1),
            (u32::MAX, u32::MAX),
        ] {
            let bytes = declaring(w, h);
            let too_large = Err(PngError::TooLarge {
                width: w,
                height: h,
            });
            assert_eq!(check(&bytes), too_large, "check {w}x{h}");
            assert_eq!(read_header(&bytes), too_large, "read_header {w}x{h}");
            assert_eq!(
                decode(&bytes).map(|d| d.header),
                too_large,
                "decode {w}x{h}"
            );
        }
        // At the limit the header is accepted; the one-pixel IDAT is then
        // too short for it, which a decode names without allocating beyond
        // the one image it may be.
        let bytes = declaring(MAX_SIDE, 1);
        assert_eq!(check(&bytes).map(|h| h.width), Ok(MAX_SIDE));
        assert!(matches!(
            decode(&bytes),
            Err(PngError::Truncated(_) | PngError::Corrupt(_))
        ));
        let text = PngError::TooLarge {
            width: 100_000,
            height: 100_000,
        }
        .to_string();
        assert!(
            text.contains("100000×100000") && text.contains("16384"),
            "{text}"
        );
    }
}
