//! This module owns the unsafe half of the plugin boundary: opening a library
//! with `libloading`, finding its entry symbol, checking the table's prefix
//! (ABI version, size) before anything else is touched, and calling through the
//! table. Every `unsafe` block of the host is here, each with its `SAFETY` case.

use rigc_sdk::abi::{
    Buffer, EntryFn, PluginTable, ABI_VERSION, ENTRY_SYMBOL, STATUS_OK, STATUS_PANIC,
};
use std::path::Path;
use std::sync::Arc;

/// A plugin's table and the library that keeps it alive (none for a plugin linked
/// into this binary).
#[derive(Clone)]
pub struct Handle {
    table: &'static PluginTable,
    _library: Option<Arc<libloading::Library>>,
}

impl std::fmt::Debug for Handle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Handle")
            .field("loaded", &self._library.is_some())
            .finish()
    }
}

/// Why a library is not a usable plugin (the caller names the path).
#[derive(Debug, Clone, PartialEq)]
pub enum LoadError {
    /// The dynamic loader refused the file.
    NotALibrary(String),
    /// No `rigc_plugin_entry` symbol.
    NoEntry,
    /// The entry returned a null table.
    NullTable,
    /// The table speaks another ABI version.
    AbiMismatch(u32),
    /// The table is shorter than this host's table.
    TableTooSmall(u32),
}

/// How a call ended, when it did not end in a reply.
#[derive(Debug, Clone, PartialEq)]
pub enum CallError {
    /// The plugin refused (its message).
    Refused(String),
    /// The plugin panicked (the panic's message).
    Panicked(String),
}

impl Handle {
    /// The handle of a plugin linked into this binary.
    pub fn linked(table: &'static PluginTable) -> Handle {
        Handle {
            table,
            _library: None,
        }
    }

    /// Opens the library at `path` and checks its table's prefix.
    pub fn open(path: &Path) -> Result<Handle, LoadError> {
        // SAFETY: loading a library runs its initialisers. rigc loads only the
        // libraries the project file names, which the user vouches for like any
        // build tool's plugins. The file is a private copy in the cache that the
        // caller has just hashed to the named library's own blake3
        // (`plugins::copies`) and found to be a whole ELF file (`plugins::elf`),
        // so the loader maps no page past its end; what the library then does in
        // this process (an initialiser that aborts, a write through a wild
        // pointer) no in-process host can stop, and the docs say so.
        let library = unsafe { libloading::Library::new(path) }
            .map_err(|e| LoadError::NotALibrary(e.to_string()))?;
        // SAFETY: the symbol is looked up by the ABI's name and typed as the ABI's
        // entry signature (`extern "C" fn() -> *const PluginTable`); a library that
        // exports that name with another type breaks the ABI's one rule, and the
        // version/size prefix check below is the first use of what it returns.
        let entry: EntryFn = unsafe {
            let symbol: libloading::Symbol<'_, EntryFn> = library
                .get(ENTRY_SYMBOL.as_bytes())
                .map_err(|_| LoadError::NoEntry)?;
            *symbol
        };
        // SAFETY: `entry` is the plugin's entry function (see above); it takes no
        // arguments and returns a pointer to a table with static lifetime inside
        // the library, which `library` (kept in the handle) keeps mapped.
        let table = unsafe { entry() };
        if table.is_null() {
            return Err(LoadError::NullTable);
        }
        // SAFETY: the two u32 prefix fields are present in every version of the
        // table (a prefix type); read them before assuming anything else.
        let (abi, size) = unsafe { ((*table).abi_version, (*table).table_size) };
        if abi != ABI_VERSION {
            return Err(LoadError::AbiMismatch(abi));
        }
        if (size as usize) < std::mem::size_of::<PluginTable>() {
            return Err(LoadError::TableTooSmall(size));
        }
        // SAFETY: the prefix says this is an ABI-1 table at least as long as ours,
        // living as long as the library, which the handle owns.
        let table: &'static PluginTable = unsafe { &*table };
        Ok(Handle {
            table,
            _library: Some(Arc::new(library)),
        })
    }

    fn take(&self, buffer: Buffer) -> Vec<u8> {
        if buffer.ptr.is_null() {
            return Vec::new();
        }
        // SAFETY: the plugin returned this buffer; it holds `len` initialised bytes
        // until we hand it back to the plugin's own `free`, exactly once, below.
        let bytes = unsafe { std::slice::from_raw_parts(buffer.ptr, buffer.len) }.to_vec();
        // SAFETY: `free` is the plugin's deallocator for buffers it made.
        unsafe { (self.table.free)(buffer) };
        bytes
    }

    /// The manifest's JSON bytes.
    pub fn manifest(&self) -> Vec<u8> {
        // SAFETY: `manifest` takes no arguments and returns a buffer the plugin owns.
        let buffer = unsafe { (self.table.manifest)() };
        self.take(buffer)
    }

    /// One stage call.
    pub fn call(&self, stage: &str, input: &[u8]) -> Result<Vec<u8>, CallError> {
        let mut out = Buffer::EMPTY;
        // SAFETY: `stage` and `input` are valid for their lengths for the whole call;
        // `out` is a live Buffer the plugin writes its reply into.
        let status = unsafe {
            (self.table.call)(
                stage.as_ptr(),
                stage.len(),
                input.as_ptr(),
                input.len(),
                &mut out,
            )
        };
        let reply = self.take(out);
        match status {
            STATUS_OK => Ok(reply),
            STATUS_PANIC => Err(CallError::Panicked(
                String::from_utf8_lossy(&reply).into_owned(),
            )),
            _ => Err(CallError::Refused(
                String::from_utf8_lossy(&reply).into_owned(),
            )),
        }
    }
}

// SAFETY: a plugin table is a set of `extern "C"` functions the ABI requires to be
// callable from any thread (plugins are stateless; configuration arrives with
// each call), and the library is only unloaded when the last handle is dropped.
unsafe impl Send for Handle {}
// SAFETY: see `Send`: calls through the table take `&self` and share no state.
unsafe impl Sync for Handle {}
