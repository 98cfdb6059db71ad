//! This module owns the setup stage: rig spec + motion `setup` table + measured
//! images → the setup skeleton, the part list and the rig info.
