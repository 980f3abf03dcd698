//! Compressed inputs read transparently: `.gz`, `.bz2` and `.zst` are
//! recognised by their magic bytes, whatever the file is called, so `-`
//! works too.

use std::io::{self, BufRead, BufReader, Read};

/// A compression format xpgn reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Compression {
    /// Not compressed.
    None,
    /// gzip (several members allowed, as `cat a.gz b.gz` makes).
    Gzip,
    /// bzip2 (several streams allowed).
    Bzip2,
    /// Zstandard (several frames allowed).
    Zstd,
    /// A compressed or archive format xpgn does not read, named for the
    /// error: its bytes would otherwise be read as binary garbage.
    Unsupported(&'static str),
}

impl Compression {
    /// The format whose magic bytes `head` starts with.
    pub fn sniff(head: &[u8]) -> Compression {
        match head {
            [0x1f, 0x8b, ..] => Compression::Gzip,
            [b'B', b'Z', b'h', b'1'..=b'9', ..] => Compression::Bzip2,
            [0x28, 0xb5, 0x2f, 0xfd, ..] => Compression::Zstd,
            [0xfd, b'7', b'z', b'X', b'Z', 0x00, ..] => Compression::Unsupported("xz"),
            [0x5d, 0x00, 0x00, ..] => Compression::Unsupported("lzma"),
            [0x04, 0x22, 0x4d, 0x18, ..] => Compression::Unsupported("lz4"),
            [b'7', b'z', 0xbc, 0xaf, 0x27, 0x1c, ..] => Compression::Unsupported("7z"),
            [b'P', b'K', 0x03, 0x04, ..] => Compression::Unsupported("zip"),
            _ => Compression::None,
        }
    }
}

/// Wraps `read` in the decoder its first bytes call for.
///
/// # Errors
///
/// Reading the first bytes failed, or the zstd decoder could not be set up.
pub fn decode(read: Box<dyn Read + Send>) -> io::Result<Box<dyn Read + Send>> {
    let mut buf = BufReader::with_capacity(64 * 1024, read);
    // fill_buf may return fewer than 6 bytes from a pipe; read until it has
    // them or the input ends.
    let mut head = Vec::with_capacity(4);
    let kind = loop {
        let got = buf.fill_buf()?;
        if got.len() >= 6 || got.is_empty() {
            break Compression::sniff(got);
        }
        // Rare: a pipe delivering 1-5 bytes first. Take them and go on.
        head.extend_from_slice(got);
        let n = got.len();
        buf.consume(n);
        if head.len() >= 6 {
            break Compression::sniff(&head);
        }
    };
    // A decoder reads from the buffer (and the bytes taken from it while sniffing).
    let buffered = |buf: BufReader<Box<dyn Read + Send>>, head: Vec<u8>| -> Box<dyn Read + Send> {
        if head.is_empty() {
            Box::new(buf)
        } else {
            Box::new(io::Cursor::new(head).chain(buf))
        }
    };
    Ok(match kind {
        Compression::None => {
            // Plain text: hand over what is buffered, then read the source
            // directly, so that each byte is copied once, not twice.
            head.extend_from_slice(buf.buffer());
            Box::new(io::Cursor::new(head).chain(buf.into_inner()))
        }
        Compression::Gzip => Box::new(Decoded::new(flate2::read::MultiGzDecoder::new(buffered(
            buf, head,
        )))),
        Compression::Bzip2 => Box::new(Decoded::new(bzip2::read::MultiBzDecoder::new(buffered(
            buf, head,
        )))),
        Compression::Zstd => Box::new(Decoded::new(zstd::stream::read::Decoder::new(buffered(
            buf, head,
        ))?)),
        Compression::Unsupported(name) => {
            return Err(io::Error::new(
                io::ErrorKind::InvalidData,
                format!(
                    "{name}-compressed input is not supported (xpgn reads plain text, .gz, .bz2 and .zst): decompress it first"
                ),
            ));
        }
    })
}

/// Bytes asked of a decoder at once.
const DECODED_CHUNK: usize = 256 * 1024;

/// A decoder read in chunks of [`DECODED_CHUNK`] bytes, whose error comes
/// only after every byte decoded before it. How much of a damaged stream
/// (a truncated download) comes out before the error depends on how it is
/// read; read this one way by every path, one worker or the spool of many
/// (`cli::pipeline`), a damaged archive gives the same games whatever
/// `--jobs` is, and none decoded is lost to a read that also failed.
struct Decoded<R> {
    inner: R,
    buf: Vec<u8>,
    at: usize,
    len: usize,
    error: Option<io::Error>,
    ended: bool,
}

impl<R: Read> Decoded<R> {
    fn new(inner: R) -> Decoded<R> {
        Decoded {
            inner,
            buf: Vec::new(),
            at: 0,
            len: 0,
            error: None,
            ended: false,
        }
    }
}

impl<R: Read> Read for Decoded<R> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        if self.at == self.len {
            if let Some(e) = self.error.take() {
                self.ended = true;
                return Err(e);
            }
            if self.ended {
                return Ok(0);
            }
            if self.buf.is_empty() {
                self.buf = vec![0; DECODED_CHUNK];
            }
            self.at = 0;
            self.len = 0;
            loop {
                match self.inner.read(&mut self.buf) {
                    Ok(0) => {
                        self.ended = true;
                        return Ok(0);
                    }
                    Ok(n) => {
                        self.len = n;
                        break;
                    }
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                    Err(e) => {
                        self.ended = true;
                        return Err(e);
                    }
                }
            }
        }
        let n = out.len().min(self.len - self.at);
        out[..n].copy_from_slice(&self.buf[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use std::io::Write;

    use super::*;

    const TEXT: &[u8] = b"[Event \"x\"]\n\n1. e4 *\n";

    fn roundtrip(data: Vec<u8>) -> Vec<u8> {
        let mut out = Vec::new();
        decode(Box::new(io::Cursor::new(data)))
            .expect("decoder")
            .read_to_end(&mut out)
            .expect("decodes");
        out
    }

    #[test]
    fn xz_lz4_7z_and_zip_are_named_errors_not_garbage() {
        for (head, name) in [
            (&b"\xfd7zXZ\x00\x00\x04"[..], "xz"),
            (&b"\x04\x22\x4d\x18\x64\x40"[..], "lz4"),
            (&b"7z\xbc\xaf\x27\x1c\x00\x04"[..], "7z"),
            (&b"PK\x03\x04\x14\x00"[..], "zip"),
        ] {
            let Err(err) = decode(Box::new(io::Cursor::new(head.to_vec()))) else {
                panic!("{name} read as text");
            };
            assert_eq!(err.kind(), io::ErrorKind::InvalidData);
            assert!(err.to_string().starts_with(name), "{err}");
        }
        // Text that merely starts like a zip member name is still text.
        assert_eq!(roundtrip(b"PK 1. e4".to_vec()), b"PK 1. e4");
    }

    #[test]
    fn plain_gzip_bzip2_and_zstd_all_read_the_same() {
        assert_eq!(roundtrip(TEXT.to_vec()), TEXT);
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        gz.write_all(TEXT).expect("gz");
        let gz = gz.finish().expect("gz");
        // Two members, as concatenated files have.
        assert_eq!(roundtrip([gz.clone(), gz].concat()), [TEXT, TEXT].concat());
        let mut bz = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::fast());
        bz.write_all(TEXT).expect("bz2");
        assert_eq!(roundtrip(bz.finish().expect("bz2")), TEXT);
        let zst = zstd::stream::encode_all(TEXT, 1).expect("zstd");
        assert_eq!(roundtrip(zst), TEXT);
    }

    /// A reader that hands out at most `step` bytes per call, like a pipe.
    struct Trickle(io::Cursor<Vec<u8>>, usize);

    impl Read for Trickle {
        fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
            let n = out.len().min(self.1);
            self.0.read(&mut out[..n])
        }
    }

    #[test]
    fn plain_text_longer_than_the_sniffing_buffer_reads_whole_in_small_and_large_reads() {
        let text: Vec<u8> = TEXT.iter().copied().cycle().take(200_000).collect();
        for step in [1, 3, 4096, 1 << 20] {
            let mut out = Vec::new();
            decode(Box::new(Trickle(io::Cursor::new(text.clone()), step)))
                .expect("decoder")
                .read_to_end(&mut out)
                .expect("reads");
            assert_eq!(out, text, "step {step}");
        }
    }

    #[test]
    fn short_and_empty_inputs_pass_through() {
        assert_eq!(roundtrip(b"1.".to_vec()), b"1.");
        assert_eq!(roundtrip(Vec::new()), b"");
    }

    #[test]
    fn corrupt_compressed_data_is_a_read_error() {
        let mut out = Vec::new();
        let r = decode(Box::new(io::Cursor::new(vec![0x1f, 0x8b, 0, 0, 1, 2, 3])))
            .expect("decoder")
            .read_to_end(&mut out);
        assert!(r.is_err());
    }
}
