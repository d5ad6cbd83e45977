//! The file format of one cache entry: the payload, then a trailer that says what the payload
//! is and for whom:
//!
//! ```text
//! payload | format u32 | key [32] | compiler (u16 length, bytes) | target (u16, bytes)
//! | payload length u64 | BLAKE3 of the payload [32] | trailer length u32 | magic "FLOWGATE"
//! ```
//!
//! (integers little-endian). The payload comes first so that it starts at offset 0: it begins
//! with the model's shared library, which ld.so then opens from the entry file itself (an ELF
//! reader ignores what follows), with no copy. A reader checks every field before it trusts a
//! byte of the payload: an entry of another build or target (foreign), of another key (stale),
//! shorter or longer than its trailer says (truncated), or whose payload does not hash to the
//! checksum (corrupted) is refused with the reason, and the model is compiled again.

/// The last bytes of every entry.
pub const MAGIC: &[u8; 8] = b"FLOWGATE";
/// The layout above; a reader refuses any other.
pub const FORMAT: u32 = 2;

pub type Digest = [u8; 32];

/// Who wrote an entry, for what, and which key it answers.
pub struct Stamp<'a> {
    pub key: &'a Digest,
    /// The compiler's identity (version, commit, build id): code of another build is foreign.
    pub compiler: &'a str,
    /// The target the code runs on.
    pub target: &'a str,
}

/// The entry's bytes: `payload`, then the trailer.
pub fn encode(stamp: &Stamp<'_>, payload: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(payload.len() + 160);
    out.extend_from_slice(payload);
    out.extend_from_slice(&FORMAT.to_le_bytes());
    out.extend_from_slice(stamp.key);
    for s in [stamp.compiler, stamp.target] {
        // Both are short identifiers; longer ones are cut (and so never match: foreign).
        let b = &s.as_bytes()[..s.len().min(u16::MAX as usize)];
        out.extend_from_slice(&(b.len() as u16).to_le_bytes());
        out.extend_from_slice(b);
    }
    out.extend_from_slice(&(payload.len() as u64).to_le_bytes());
    out.extend_from_slice(blake3::hash(payload).as_bytes());
    let trailer = out.len() - payload.len() + 4 + MAGIC.len();
    out.extend_from_slice(&(trailer as u32).to_le_bytes());
    out.extend_from_slice(MAGIC);
    out
}

/// The payload of `bytes` if its trailer matches `expected` in every field; else why not.
pub fn decode<'b>(bytes: &'b [u8], expected: &Stamp<'_>) -> Result<&'b [u8], String> {
    let tail = 4 + MAGIC.len();
    if bytes.len() < tail || &bytes[bytes.len() - MAGIC.len()..] != MAGIC {
        return Err("truncated, or not a Flowgate cache entry (no magic at its end)".into());
    }
    let n = u32::from_le_bytes(bytes[bytes.len() - tail..bytes.len() - MAGIC.len()].try_into().unwrap()) as usize;
    let Some(start) = bytes.len().checked_sub(n).filter(|_| n >= tail) else {
        return Err(format!("truncated (a {n}-byte trailer in {} bytes)", bytes.len()));
    };
    let mut r = Reader { bytes: &bytes[start..bytes.len() - tail], at: 0 };
    let bad = || "corrupted (a bad trailer)".to_string();
    let format = u32::from_le_bytes(r.array().ok_or_else(bad)?);
    if format != FORMAT {
        return Err(format!("foreign: format {format}, this build reads format {FORMAT}"));
    }
    let key: Digest = r.array().ok_or_else(bad)?;
    let compiler = r.string().ok_or_else(bad)?;
    if compiler != expected.compiler.as_bytes() {
        return Err(format!(
            "foreign: written by '{}', this is '{}'",
            String::from_utf8_lossy(compiler),
            expected.compiler
        ));
    }
    let target = r.string().ok_or_else(bad)?;
    if target != expected.target.as_bytes() {
        return Err(format!(
            "foreign: for target '{}', this is '{}'",
            String::from_utf8_lossy(target),
            expected.target
        ));
    }
    if &key != expected.key {
        return Err("stale: the entry's key is not the model's and options' key".into());
    }
    let len = u64::from_le_bytes(r.array().ok_or_else(bad)?);
    let checksum: Digest = r.array().ok_or_else(bad)?;
    if r.at != r.bytes.len() {
        return Err(bad());
    }
    if start as u64 != len {
        return Err(format!("truncated ({start} of {len} payload bytes)"));
    }
    let payload = &bytes[..start];
    if blake3::hash(payload).as_bytes() != &checksum {
        return Err("corrupted (the payload does not match its checksum)".into());
    }
    Ok(payload)
}

struct Reader<'b> {
    bytes: &'b [u8],
    at: usize,
}

impl<'b> Reader<'b> {
    fn take(&mut self, n: usize) -> Option<&'b [u8]> {
        let s = self.bytes.get(self.at..self.at.checked_add(n)?)?;
        self.at += n;
        Some(s)
    }

    fn array<const N: usize>(&mut self) -> Option<[u8; N]> {
        self.take(N).and_then(|s| s.try_into().ok())
    }

    fn string(&mut self) -> Option<&'b [u8]> {
        let n = u16::from_le_bytes(self.array()?);
        self.take(n as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const KEY: Digest = [7; 32];
    const STAMP: Stamp<'static> = Stamp { key: &KEY, compiler: "flowgate 1 build ab", target: "x86_64-linux" };

    #[test]
    fn a_whole_entry_reads_back() {
        let e = encode(&STAMP, b"payload");
        assert_eq!(decode(&e, &STAMP).unwrap(), b"payload");
    }

    #[test]
    fn every_damage_is_refused_with_its_reason() {
        let e = encode(&STAMP, b"some payload bytes");
        for cut in 0..e.len() {
            let err = decode(&e[..cut], &STAMP).unwrap_err();
            assert!(err.starts_with("truncated"), "{cut}: {err}");
        }
        for k in 0..e.len() {
            let mut bad = e.clone();
            bad[k] ^= 0x10;
            assert!(decode(&bad, &STAMP).is_err(), "a flipped byte at {k} was accepted");
        }
        let mut longer = e.clone();
        longer.push(0);
        assert!(decode(&longer, &STAMP).unwrap_err().starts_with("truncated"));
        let mut longer = e.clone();
        longer.insert(0, 0);
        assert!(decode(&longer, &STAMP).is_err());
        let other = Stamp { key: &[8; 32], ..STAMP };
        assert!(decode(&e, &other).unwrap_err().starts_with("stale"));
        let other = Stamp { compiler: "flowgate 2 build cd", ..STAMP };
        assert!(decode(&e, &other).unwrap_err().contains("written by 'flowgate 1 build ab'"));
        let other = Stamp { target: "aarch64-linux", ..STAMP };
        assert!(decode(&e, &other).unwrap_err().contains("for target 'x86_64-linux'"));
    }
}
