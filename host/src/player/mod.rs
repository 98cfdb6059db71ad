//! This module owns the official Spine Web Player
//! (`@esotericsoftware/spine-player` 4.3.13) in one self-contained HTML page:
//! where its script and CSS are found ([`assets`]) and the page that plays one
//! or more skeletons in it, one pane each ([`page`]), its text escaped
//! ([`html`]). `rigc preview` and the ballot of `rigc vote` are made with it;
//! it knows no command.

pub mod assets;
pub mod html;
pub mod page;
