//! Tests of the rig spec parser.
