//! rigc's software rasteriser (crate `rigc-render`): what a posed
//! `rigc_spine::Skeleton` looks like, as RGBA pixels.
