//! This module owns reading Spine 4.3 data back as the official runtime
//! (spine-core 4.3.13) reads it, and posing it.
