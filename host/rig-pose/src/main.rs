//! The `rig-pose` binary: everything happens in [`rig_pose::main_entry`].

fn main() -> std::process::ExitCode {
    rig_pose::main_entry()
}
