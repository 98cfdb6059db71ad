//! The `rigc` binary: everything happens in [`rigc::main_entry`].

fn main() -> std::process::ExitCode {
    rigc::main_entry()
}
