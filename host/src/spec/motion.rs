//! This module owns parsing `rigc-motion/1` (FORMAT.md §3) into a located [`MotionSpec`].
