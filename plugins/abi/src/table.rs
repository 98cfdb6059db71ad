//! This module owns the entry table: the ABI version, the entry symbol, the
//! call statuses, the owned byte [`Buffer`] and the [`PluginTable`] a plugin's
//! entry returns (a prefix type: fields are only ever appended).

/// The ABI major version this crate speaks.
pub const ABI_VERSION: u32 = 1;

/// The symbol every plugin library exports.
pub const ENTRY_SYMBOL: &str = "rigc_plugin_entry";

/// Call succeeded; the reply is the stage's JSON answer.
pub const STATUS_OK: i32 = 0;
/// The plugin refused the call; the reply is a message.
pub const STATUS_ERROR: i32 = 1;
/// The plugin panicked; the reply is the panic's message.
pub const STATUS_PANIC: i32 = 2;

/// An owned byte buffer crossing the boundary (`ptr`, `len`, `cap` of a `Vec<u8>`
/// allocated by the side that made it, freed by that side's `free`).
#[repr(C)]
#[derive(Debug)]
pub struct Buffer {
    /// Start of the bytes (null for an empty buffer).
    pub ptr: *mut u8,
    /// Number of bytes.
    pub len: usize,
    /// Allocated capacity.
    pub cap: usize,
}

impl Buffer {
    /// An empty buffer.
    pub const EMPTY: Buffer = Buffer {
        ptr: std::ptr::null_mut(),
        len: 0,
        cap: 0,
    };

    /// Hands a vector's allocation over to a buffer (reclaimed by [`Buffer::into_vec`]
    /// on the same side of the boundary).
    pub fn from_vec(v: Vec<u8>) -> Buffer {
        let mut v = std::mem::ManuallyDrop::new(v);
        Buffer {
            ptr: v.as_mut_ptr(),
            len: v.len(),
            cap: v.capacity(),
        }
    }

    /// Takes the allocation back into a vector.
    ///
    /// # Safety
    /// `self` must come from [`Buffer::from_vec`] in this same library (same
    /// allocator), and must not be used again.
    pub unsafe fn into_vec(self) -> Vec<u8> {
        if self.ptr.is_null() {
            return Vec::new();
        }
        // SAFETY: the caller guarantees ptr/len/cap are exactly a Vec<u8>'s parts
        // made by `from_vec` with this library's allocator, reclaimed once.
        unsafe { Vec::from_raw_parts(self.ptr, self.len, self.cap) }
    }
}

/// The table a plugin's entry symbol returns (a prefix type: append-only).
#[repr(C)]
pub struct PluginTable {
    /// [`ABI_VERSION`] of the SDK the plugin was built with.
    pub abi_version: u32,
    /// `size_of::<PluginTable>()` as the plugin saw it.
    pub table_size: u32,
    /// The manifest, as JSON.
    pub manifest: unsafe extern "C" fn() -> Buffer,
    /// One stage call: `stage` and `input` are UTF-8 bytes valid for the call;
    /// the reply is written to `out`; returns a `STATUS_*`.
    pub call: unsafe extern "C" fn(
        stage: *const u8,
        stage_len: usize,
        input: *const u8,
        input_len: usize,
        out: *mut Buffer,
    ) -> i32,
    /// Frees a buffer this plugin returned.
    pub free: unsafe extern "C" fn(buffer: Buffer),
}

/// The signature of [`ENTRY_SYMBOL`].
pub type EntryFn = unsafe extern "C" fn() -> *const PluginTable;
