//! A dynamic library with no `rigc_plugin_entry`: the host must refuse it by name.

/// Something to export, so the library is not empty.
#[no_mangle]
pub extern "C" fn not_a_rigc_plugin() -> i32 {
    42
}
