//! invariants
