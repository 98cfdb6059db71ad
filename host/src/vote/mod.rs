//! This module owns `rigc vote`'s data: a ballot's manifest and id
//! ([`manifest`]), what the ballot page adds to the player's page
//! ([`ballot`]), the result file it saves and the checks that hold a result
//! to its ballot ([`result`]), and the ledger of recorded votes
//! ([`ledger`]). Reading candidates, gating them and writing files are the
//! command's (`crate::commands::vote`).

pub mod ballot;
pub mod ledger;
pub mod manifest;
pub mod result;
