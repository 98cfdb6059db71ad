//! fuzz
