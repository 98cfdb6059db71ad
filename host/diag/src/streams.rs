//! This module owns writing to stdout and stderr with the quiet end of a
//! closed pipe (`rigc … | head` is not an error).

use std::io::Write;

/// Stdout and stderr with the quiet end of a closed pipe: once a write finds
/// either closed, nothing more is written and the program ends with 0 (a
/// `rigc … | head` is not an error). Both binaries write through one.
#[derive(Debug, Default)]
pub struct Streams {
    broken: bool,
}

impl Streams {
    /// Writes `text` to stderr when `err`, else to stdout.
    pub fn write(&mut self, err: bool, text: &str) {
        if self.broken {
            return;
        }
        let result = if err {
            std::io::stderr().lock().write_all(text.as_bytes())
        } else {
            std::io::stdout().lock().write_all(text.as_bytes())
        };
        if result.is_err_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe) {
            self.broken = true;
        }
    }

    /// Did a write find stdout or stderr closed?
    pub fn is_broken(&self) -> bool {
        self.broken
    }
}
