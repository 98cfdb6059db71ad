//! The viewport: the world box a render frames (x right, y up, as Spine's
//! world) and the pixel grid it is drawn on (x right, y down, origin at the
//! top-left corner of the box). One world unit is `scale` pixels.

use serde::{Deserialize, Serialize};

/// A world box and its pixel grid, as `frames.json` records it.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Viewport {
    /// Left edge of the box, world units.
    pub x: f64,
    /// Bottom edge of the box, world units (y up).
    pub y: f64,
    /// Width of the box, world units.
    pub width: f64,
    /// Height of the box, world units.
    pub height: f64,
    /// Pixels per world unit.
    pub scale: f64,
    /// Width of the picture, pixels.
    pub pixel_width: u32,
    /// Height of the picture, pixels.
    pub pixel_height: u32,
}

impl Viewport {
    /// Where the world point `(wx, wy)` lands on the pixel grid (y down).
    pub fn to_pixel(&self, wx: f64, wy: f64) -> (f64, f64) {
        (
            (wx - self.x) * self.scale,
            (self.y + self.height - wy) * self.scale,
        )
    }

    /// The world point under the pixel-grid point `(px, py)`.
    pub fn to_world(&self, px: f64, py: f64) -> (f64, f64) {
        (
            self.x + px / self.scale,
            self.y + self.height - py / self.scale,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_box_corners_land_on_the_grid_corners_and_back() {
        let v = Viewport {
            x: -10.0,
            y: 5.0,
            width: 40.0,
            height: 20.0,
            scale: 2.0,
            pixel_width: 80,
            pixel_height: 40,
        };
        assert_eq!(v.to_pixel(-10.0, 25.0), (0.0, 0.0));
        assert_eq!(v.to_pixel(30.0, 5.0), (80.0, 40.0));
        assert_eq!(v.to_world(80.0, 40.0), (30.0, 5.0));
        assert_eq!(v.to_world(20.0, 10.0), (0.0, 20.0));
    }
}
