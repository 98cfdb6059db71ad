//! This module owns the plugin side of the boundary: the [`Plugin`] trait a
//! plugin implements, and the macros that turn it into an entry table whose
//! every function runs under `catch_unwind` (Rust aborts a process whose
//! panic unwinds out of an `extern "C"` function; caught, it becomes
//! [`STATUS_PANIC`](crate::STATUS_PANIC) and its message).

use crate::Manifest;

/// What a plugin implements; the export macros turn it into a
/// [`PluginTable`](crate::PluginTable).
/// Implementations are stateless (configuration arrives with each call) and must
/// be callable from several threads at once.
pub trait Plugin {
    /// The manifest.
    fn manifest() -> Manifest;
    /// One stage call: the reply's JSON bytes, or a message.
    fn call(stage: &str, input: &[u8]) -> Result<Vec<u8>, String>;
}

/// The message of a caught panic payload.
pub fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap_or_else(|| "a panic with no message".into())
}

/// Builds the [`PluginTable`](crate::PluginTable) of `$ty` (a type implementing
/// [`Plugin`](crate::Plugin)) as a static, and a function `rigc_plugin_table()`
/// returning it — for a plugin linked statically into a host, which then calls
/// it through the same table as a loaded library. Every entry point runs under
/// `catch_unwind`.
#[macro_export]
macro_rules! plugin_table {
    ($ty:ty) => {
        unsafe extern "C" fn __rigc_manifest() -> $crate::Buffer {
            let made = ::std::panic::catch_unwind(|| {
                $crate::__serde_json::to_vec(&<$ty as $crate::Plugin>::manifest())
                    .unwrap_or_default()
            });
            $crate::Buffer::from_vec(made.unwrap_or_default())
        }

        unsafe extern "C" fn __rigc_call(
            stage: *const u8,
            stage_len: usize,
            input: *const u8,
            input_len: usize,
            out: *mut $crate::Buffer,
        ) -> i32 {
            if out.is_null() {
                return $crate::STATUS_ERROR;
            }
            // SAFETY: the host passes `stage`/`input` pointing at `*_len` readable
            // bytes that stay alive for the whole call (or null with length 0).
            let (stage, input) = unsafe {
                (
                    if stage.is_null() {
                        &[][..]
                    } else {
                        ::std::slice::from_raw_parts(stage, stage_len)
                    },
                    if input.is_null() {
                        &[][..]
                    } else {
                        ::std::slice::from_raw_parts(input, input_len)
                    },
                )
            };
            let result = ::std::panic::catch_unwind(|| {
                let stage = ::std::str::from_utf8(stage)
                    .map_err(|e| format!("the stage name is not UTF-8: {e}"))?;
                <$ty as $crate::Plugin>::call(stage, input)
            });
            let (status, bytes) = match result {
                Ok(Ok(reply)) => ($crate::STATUS_OK, reply),
                Ok(Err(message)) => ($crate::STATUS_ERROR, message.into_bytes()),
                Err(panic) => (
                    $crate::STATUS_PANIC,
                    $crate::panic_message(&*panic).into_bytes(),
                ),
            };
            // SAFETY: `out` is non-null (checked above) and points at a Buffer the
            // host owns for the duration of the call.
            unsafe { out.write($crate::Buffer::from_vec(bytes)) };
            status
        }

        unsafe extern "C" fn __rigc_free(buffer: $crate::Buffer) {
            // SAFETY: the host hands back only buffers this library's
            // `__rigc_manifest`/`__rigc_call` made with `Buffer::from_vec`, once.
            drop(unsafe { buffer.into_vec() });
        }

        static __RIGC_TABLE: $crate::PluginTable = $crate::PluginTable {
            abi_version: $crate::ABI_VERSION,
            table_size: ::std::mem::size_of::<$crate::PluginTable>() as u32,
            manifest: __rigc_manifest,
            call: __rigc_call,
            free: __rigc_free,
        };

        /// This plugin's ABI table (for linking it statically into a host).
        pub fn rigc_plugin_table() -> &'static $crate::PluginTable {
            &__RIGC_TABLE
        }
    };
}

/// [`crate::plugin_table!`] plus the exported entry symbol `rigc_plugin_entry`,
/// for a plugin built as a dynamic library (`crate-type = ["cdylib"]`). A crate
/// linked into a host uses `plugin_table!` alone, so two plugins never define the
/// same symbol in one binary.
#[macro_export]
macro_rules! export_plugin {
    ($ty:ty) => {
        $crate::plugin_table!($ty);

        /// The plugin library's entry point (`rigc_abi::ENTRY_SYMBOL`).
        #[no_mangle]
        pub extern "C" fn rigc_plugin_entry() -> *const $crate::PluginTable {
            rigc_plugin_table()
        }
    };
}
