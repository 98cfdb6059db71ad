//! `rigc-core-rules`: rigc's own assertion rules.
#![deny(missing_docs)]
