//! This module owns the command-line rules both binaries share (CLI.md §0)
//! that clap words differently or not at all: the pre-check of raw arguments
//! (a value flag with no value, a flag given twice), what a clap failure
//! becomes (help and version printed, anything else one usage line), and the
//! `--message-format` choice.

/// Diagnostic output format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum MessageFormat {
    /// Compiler-style text.
    Human,
    /// One JSON object per diagnostic line.
    Json,
}

/// Checks raw arguments, `switches` being the flags that take no value: a value
/// flag followed by nothing or by another `--flag` → `--<flag> needs a value`; a
/// flag given twice → `--<name> was given more than once ("a" then "b"); this
/// command takes it once`. Shared with `rig-pose`, whose command line follows
/// the same rules.
pub fn precheck_flags(args: &[String], switches: &[&str]) -> Result<(), String> {
    precheck_flags_repeatable(args, switches, &[])
}

/// [`precheck_flags`], where `repeatable` lists the `(command, flag)` pairs that
/// may be given more than once (CLI.md §0: `vote --candidate`, `preview
/// --candidate`, `diff --as`); the command is the first positional argument.
pub fn precheck_flags_repeatable(
    args: &[String],
    switches: &[&str],
    repeatable: &[(&str, &str)],
) -> Result<(), String> {
    let mut seen: Vec<(String, String)> = Vec::new();
    let mut command: Option<&str> = None;
    let mut i = 0;
    while i < args.len() {
        let arg = &args[i];
        i += 1;
        if arg == "--" {
            break;
        }
        let Some(flag) = arg.strip_prefix("--") else {
            command.get_or_insert(arg.as_str());
            continue;
        };
        let (name, value) = match flag.split_once('=') {
            Some((n, v)) => (n.to_string(), Some(v.to_string())),
            None => (flag.to_string(), None),
        };
        let value = if switches.contains(&name.as_str()) {
            "true".to_string()
        } else {
            match value {
                Some(v) => v,
                None => match args.get(i) {
                    Some(next) if !next.starts_with("--") => {
                        i += 1;
                        next.clone()
                    }
                    _ => return Err(format!("--{name} needs a value")),
                },
            }
        };
        let many = command.is_some_and(|c| repeatable.contains(&(c, name.as_str())));
        if many {
            continue;
        }
        if let Some((_, first)) = seen.iter().find(|(n, _)| *n == name) {
            return Err(format!(
                "--{name} was given more than once ({first:?} then {value:?}); this command takes it once"
            ));
        }
        seen.push((name, value));
    }
    Ok(())
}

/// What a clap parse failure becomes: help and version are printed here and end
/// the program (`Ok` with its exit code: 0, or 2 for help shown because nothing
/// was given); anything else is a usage error, returned as its one-line message
/// without clap's `error: ` head, for the caller to print with its usage line.
/// "The following required arguments were not provided:" names them on the
/// same line.
pub fn clap_failure(e: clap::Error) -> Result<std::process::ExitCode, String> {
    use clap::error::ErrorKind;
    use std::process::ExitCode;
    match e.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            let _ = e.print();
            Ok(ExitCode::SUCCESS)
        }
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let _ = e.print();
            Ok(ExitCode::from(2))
        }
        _ => {
            let text = e.render().to_string();
            let mut lines = text.lines();
            let mut first = lines
                .next()
                .unwrap_or("")
                .trim_start_matches("error: ")
                .to_string();
            if first.ends_with(':') {
                let named: Vec<&str> = lines
                    .take_while(|l| l.starts_with("  "))
                    .map(str::trim)
                    .collect();
                first = format!("{first} {}", named.join(", "));
            }
            Err(first)
        }
    }
}
