//! This module owns the picture a render produces: [`Image`], straight
//! (not premultiplied) RGBA8 pixels, top row first, and its PNG encoding and
//! decoding. Decoding any PNG colour type gives RGBA8; a PNG past
//! [`MAX_PIXELS`] or cut short is refused, never allocated or half-read.

use std::io::Cursor;

/// The most pixels a decoded PNG may hold (a 16384 × 16384 page): more is
/// refused before any buffer is allocated.
pub const MAX_PIXELS: u64 = 1 << 28;

/// Straight RGBA8 pixels, row-major, top row first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Image {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// `width · height · 4` bytes: r, g, b, a.
    pub rgba: Vec<u8>,
}

impl Image {
    /// A transparent image.
    pub fn new(width: u32, height: u32) -> Image {
        Image {
            width,
            height,
            rgba: vec![0; width as usize * height as usize * 4],
        }
    }

    /// The pixel at column `x`, row `y` (transparent outside the image).
    pub fn pixel(&self, x: u32, y: u32) -> [u8; 4] {
        if x >= self.width || y >= self.height {
            return [0; 4];
        }
        let i = (y as usize * self.width as usize + x as usize) * 4;
        [
            self.rgba[i],
            self.rgba[i + 1],
            self.rgba[i + 2],
            self.rgba[i + 3],
        ]
    }

    /// The image as an 8-bit RGBA PNG.
    pub fn encode_png(&self) -> Vec<u8> {
        let mut bytes = Vec::new();
        {
            let mut encoder = png::Encoder::new(&mut bytes, self.width, self.height);
            encoder.set_color(png::ColorType::Rgba);
            encoder.set_depth(png::BitDepth::Eight);
            // Writing into a Vec fails only on a size the encoder refuses (zero
            // width or height), which then yields the empty Vec below.
            if let Ok(mut writer) = encoder.write_header() {
                if writer.write_image_data(&self.rgba).is_err() {
                    return Vec::new();
                }
            }
        }
        bytes
    }

    /// Decodes a PNG of any colour type and bit depth into RGBA8.
    pub fn decode_png(bytes: &[u8]) -> Result<Image, String> {
        let mut decoder = png::Decoder::new_with_limits(
            Cursor::new(bytes),
            png::Limits {
                bytes: (MAX_PIXELS * 4) as usize,
            },
        );
        decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
        let mut reader = decoder.read_info().map_err(|e| format!("not a PNG: {e}"))?;
        let (width, height) = (reader.info().width, reader.info().height);
        if u64::from(width) * u64::from(height) > MAX_PIXELS {
            return Err(format!("{width}×{height} is more than {MAX_PIXELS} pixels"));
        }
        let mut buf = vec![0; reader.output_buffer_size()];
        let frame = reader
            .next_frame(&mut buf)
            .map_err(|e| format!("the PNG is cut short or damaged: {e}"))?;
        let data = &buf[..frame.buffer_size()];
        let n = width as usize * height as usize;
        let rgba = match frame.color_type {
            png::ColorType::Rgba => data.to_vec(),
            png::ColorType::Rgb => data
                .chunks_exact(3)
                .flat_map(|p| [p[0], p[1], p[2], 255])
                .collect(),
            png::ColorType::Grayscale => data.iter().flat_map(|&g| [g, g, g, 255]).collect(),
            png::ColorType::GrayscaleAlpha => data
                .chunks_exact(2)
                .flat_map(|p| [p[0], p[0], p[0], p[1]])
                .collect(),
            png::ColorType::Indexed => {
                return Err("an indexed PNG the decoder did not expand".into())
            }
        };
        if rgba.len() != n * 4 {
            return Err(format!(
                "the PNG decodes to {} bytes where {width}×{height} RGBA needs {}",
                rgba.len(),
                n * 4
            ));
        }
        Ok(Image {
            width,
            height,
            rgba,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_png_round_trips_and_a_cut_one_is_refused() {
        let mut img = Image::new(3, 2);
        img.rgba[4..8].copy_from_slice(&[10, 20, 30, 40]);
        let png = img.encode_png();
        let back = Image::decode_png(&png).expect("decodes");
        assert_eq!(back, img);
        assert_eq!(back.pixel(1, 0), [10, 20, 30, 40]);
        assert_eq!(back.pixel(9, 9), [0; 4]);
        let cut = Image::decode_png(&png[..png.len() - 20]).unwrap_err();
        assert!(
            cut.contains("cut short") || cut.contains("not a PNG"),
            "{cut}"
        );
        assert!(Image::decode_png(b"hello")
            .unwrap_err()
            .starts_with("not a PNG"));
    }
}
