//! This module owns the check a plugin library passes before the dynamic loader
//! sees it: on a platform whose libraries are ELF, the file must be ELF, and its
//! header, program header table, section header table, segments and sections
//! must all end within the file. The loader maps segments by what the headers
//! claim, and touching a page past a file's end raises SIGBUS, which no host can
//! turn into a message — so a library cut short (an interrupted build or copy)
//! is refused by name instead. Only the header and the two tables are read
//! (with `object`), never the whole file. Elsewhere nothing is checked.

use std::path::Path;

/// Why a library is not a whole ELF file.
#[derive(Debug, Clone, PartialEq)]
pub enum Fault {
    /// Not ELF at all (it does not start with the ELF magic).
    NotElf,
    /// ELF, but its headers cannot be read (what the reader said).
    Malformed(String),
    /// Something the headers place ends past the file's end.
    Truncated {
        /// What ends there ("loadable segment 2", "section header table", …).
        what: String,
        /// The byte it ends at.
        end: u64,
        /// The file's length.
        len: u64,
    },
    /// The file cannot be read.
    Unreadable(String),
}

/// Checks the library at `path` (see the module's doc).
#[cfg(all(unix, not(target_vendor = "apple")))]
pub fn check(path: &Path) -> Result<(), Fault> {
    use object::elf::{FileClass, FileHeader32, FileHeader64, ELFCLASS32, ELFCLASS64, ELFMAG};
    use object::{Endianness, ReadRef};
    let file = std::fs::File::open(path).map_err(|e| Fault::Unreadable(e.to_string()))?;
    let len = file
        .metadata()
        .map_err(|e| Fault::Unreadable(e.to_string()))?
        .len();
    let data = object::ReadCache::new(file);
    let ident = (&data).read_bytes_at(0, 5).map_err(|_| Fault::NotElf)?;
    if ident[..4] != ELFMAG {
        return Err(Fault::NotElf);
    }
    match FileClass(ident[4]) {
        ELFCLASS64 => check_as::<FileHeader64<Endianness>>(&data, len),
        ELFCLASS32 => check_as::<FileHeader32<Endianness>>(&data, len),
        FileClass(class) => Err(Fault::Malformed(format!("unknown ELF class {class}"))),
    }
}

/// Checks nothing: this platform's libraries are not ELF.
#[cfg(not(all(unix, not(target_vendor = "apple"))))]
pub fn check(_path: &Path) -> Result<(), Fault> {
    Ok(())
}

#[cfg(all(unix, not(target_vendor = "apple")))]
fn check_as<H: object::read::elf::FileHeader<Endian = object::Endianness>>(
    data: &object::ReadCache<std::fs::File>,
    len: u64,
) -> Result<(), Fault> {
    use object::read::elf::{ProgramHeader, SectionHeader};
    let malformed = |e: object::read::Error| Fault::Malformed(e.to_string());
    let within = |what: String, start: u64, size: Option<u64>| {
        let end = size
            .and_then(|s| start.checked_add(s))
            .ok_or_else(|| Fault::Malformed(format!("{what} ends past 2^64")))?;
        if end > len {
            return Err(Fault::Truncated { what, end, len });
        }
        Ok(())
    };
    let header_size = std::mem::size_of::<H>() as u64;
    within("ELF header".into(), 0, Some(header_size))?;
    let header = H::parse(data).map_err(malformed)?;
    let endian = header.endian().map_err(malformed)?;

    let shoff: u64 = header.e_shoff(endian).into();
    let shentsize = u64::from(header.e_shentsize(endian));
    if shoff != 0 {
        // The first entry may hold the real count, so it is checked first.
        within("section header table".into(), shoff, Some(shentsize))?;
        let shnum = u64::from(header.shnum(endian, data).map_err(malformed)?);
        within(
            "section header table".into(),
            shoff,
            shnum.checked_mul(shentsize),
        )?;
    }
    let phoff: u64 = header.e_phoff(endian).into();
    if phoff != 0 {
        let phnum = u64::from(header.phnum(endian, data).map_err(malformed)?);
        let phentsize = u64::from(header.e_phentsize(endian));
        within(
            "program header table".into(),
            phoff,
            phnum.checked_mul(phentsize),
        )?;
    }
    for (i, ph) in header
        .program_headers(endian, data)
        .map_err(malformed)?
        .iter()
        .enumerate()
    {
        let what = if ph.p_type(endian) == object::elf::PT_LOAD {
            format!("loadable segment {i}")
        } else {
            format!("segment {i}")
        };
        within(
            what,
            ph.p_offset(endian).into(),
            Some(ph.p_filesz(endian).into()),
        )?;
    }
    for (i, sh) in header
        .section_headers(endian, data)
        .map_err(malformed)?
        .iter()
        .enumerate()
    {
        if let Some((offset, size)) = sh.file_range(endian) {
            within(format!("section {i}"), offset, Some(size))?;
        }
    }
    Ok(())
}

#[cfg(all(test, unix, not(target_vendor = "apple")))]
mod tests {
    use super::*;

    /// This test binary: an ELF file of the platform, whole.
    fn whole() -> Vec<u8> {
        std::fs::read(std::env::current_exe().unwrap()).unwrap()
    }

    fn check_bytes(bytes: &[u8]) -> Result<(), Fault> {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("lib.so");
        std::fs::write(&path, bytes).unwrap();
        check(&path)
    }

    #[test]
    fn a_whole_elf_file_passes_and_every_cut_is_refused() {
        let bytes = whole();
        assert_eq!(check_bytes(&bytes), Ok(()));
        let n = bytes.len() as u64;
        // Cuts through the sections, the segments, the tables and the header,
        // each made by shortening one copy (longest first).
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("lib.so");
        std::fs::write(&path, &bytes).unwrap();
        let file = std::fs::OpenOptions::new().write(true).open(&path).unwrap();
        for cut in [n - 1, n / 2, n / 3, 4096, 200, 64, 63, 20, 3, 0] {
            file.set_len(cut).unwrap();
            match check(&path) {
                Err(Fault::NotElf) => assert!(cut < 5, "cut {cut}"),
                Err(Fault::Truncated { end, len, .. }) => {
                    assert_eq!(len, cut, "cut {cut}");
                    assert!(end > len, "cut {cut}");
                }
                other => panic!("cut at {cut} of {n}: {other:?}"),
            }
        }
    }

    #[test]
    fn what_is_not_elf_or_has_bad_headers_is_named() {
        assert_eq!(check_bytes(b"not an ELF file"), Err(Fault::NotElf));
        let mut bytes = whole();
        bytes[4] = 9;
        assert!(matches!(check_bytes(&bytes), Err(Fault::Malformed(m)) if m.contains("class 9")));
        // A section header table moved past the end.
        let mut bytes = whole();
        let shoff = bytes.len() as u64;
        if bytes[4] == object::elf::ELFCLASS64.0 && bytes[5] == object::elf::ELFDATA2LSB.0 {
            bytes[0x28..0x30].copy_from_slice(&shoff.to_le_bytes());
            assert!(matches!(
                check_bytes(&bytes),
                Err(Fault::Truncated { what, .. }) if what == "section header table"
            ));
        }
    }
}
