//! End-to-end tests of rigc.
