//! Tests of the setup stage.
