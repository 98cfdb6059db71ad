//! This module owns parsing `rigc-rig/1` (FORMAT.md §2) into a located [`RigSpec`].
