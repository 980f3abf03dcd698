//! A compressed file or a pipe spread over the workers: a decoder thread
//! writes the decoded bytes to a spool of unlinked temporary files, and the
//! workers read byte ranges of the spool in place, exactly as they read a
//! plain file (issue 12: "compressed input and stdin keep a streaming
//! splitter that uses the same boundary rule"). The boundary rule is the
//! reader's, checked by the writer, as for a plain file; the spool only
//! makes the decoded stream readable from the middle.
//!
//! Why files and not memory: the reader of a long game reads on past its
//! range while the dispatcher waits for room, so the bytes between the
//! oldest range still wanted and the newest byte decoded grow with the
//! longest game. On disk they cost no memory; in memory a 10 GB comment
//! would. The spool is cut into segments, each its own unlinked file, and a
//! segment is dropped (its disk space given back) once nobody can read it
//! again: nothing is left behind on any exit, even a kill.
//!
//! Who may still read a byte: the writer decides. Every range it has not
//! gone past may still be read (from the byte before it, where its
//! candidate is looked for), and so may the bytes from the lead before the
//! last game start it was handed; a worker of a range the writer has gone
//! past reads for nobody. So the spool keeps what follows the writer's
//! floor ([`Spool::writer_from`]). The decoder stays at most [`AHEAD`]
//! ranges ahead of the dispatcher unless a reader waits for bytes, so disk
//! use is bounded by the ranges in flight plus the longest game.

use std::collections::VecDeque;
use std::fs::File;
use std::io::{self, Read};
#[cfg(unix)]
use std::os::unix::fs::FileExt;
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};

/// Bytes per segment file at most, and ranges per segment: ranges are
/// 1 MiB (32 KiB when records are built), tests cut them to a few bytes so
/// that segments come and go in them too.
const SEGMENT_MAX: u64 = 4 << 20;
const RANGES_PER_SEGMENT: u64 = 4;

/// Ranges the decoder may run ahead of the dispatcher when no reader waits.
const AHEAD: u64 = 2;

/// Bytes decoded per write.
const CHUNK: usize = 256 * 1024;

/// The spool of one input, shared by its decoder, the dispatcher, the
/// workers and the writer.
pub(super) struct Spool {
    state: Mutex<State>,
    /// Signalled when bytes are written, the input ends, a reader waits or
    /// the run stops.
    changed: Condvar,
    range: u64,
    /// Bytes per segment.
    segment: u64,
}

struct State {
    /// Segments still held, oldest first; the first starts at `first_base`.
    segments: VecDeque<Arc<File>>,
    first_base: u64,
    /// Bytes decoded and written.
    written: u64,
    /// The input's end was reached, or reading it failed (the error).
    end: Option<Option<(io::ErrorKind, String)>>,
    /// The furthest byte a reader waits for.
    wanted: u64,
    /// The dispatcher's next range.
    next_range: u64,
    /// The writer's floor: nobody reads before it any more.
    writer_floor: u64,
    /// Nobody reads the spool any more.
    closed: bool,
}

impl Spool {
    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn wait<'a>(&self, st: MutexGuard<'a, State>) -> MutexGuard<'a, State> {
        self.changed
            .wait(st)
            .unwrap_or_else(PoisonError::into_inner)
    }

    /// Starts decoding `read` onto a spool cut in ranges of `range` bytes;
    /// `read` back when no temporary file can be made (the caller reads the
    /// input as one stream instead).
    pub(super) fn start(
        read: Box<dyn Read + Send>,
        range: u64,
    ) -> Result<SpoolHandle, Box<dyn Read + Send>> {
        let Ok(first) = tempfile::tempfile() else {
            return Err(read);
        };
        let spool = Arc::new(Spool {
            state: Mutex::new(State {
                segments: VecDeque::from([Arc::new(first)]),
                first_base: 0,
                written: 0,
                end: None,
                wanted: 0,
                next_range: 0,
                writer_floor: 0,
                closed: false,
            }),
            changed: Condvar::new(),
            range: range.max(1),
            segment: range
                .saturating_mul(RANGES_PER_SEGMENT)
                .clamp(1, SEGMENT_MAX),
        });
        let decoder = Arc::clone(&spool);
        // The decoder is not a scoped thread: it ends when the handle is
        // dropped (or at the stream's end), whichever comes first.
        std::thread::Builder::new()
            .name("xpgn-spool".into())
            .spawn(move || decoder.decode(read))
            .map_err(|_| -> Box<dyn Read + Send> { Box::new(io::empty()) })?;
        Ok(SpoolHandle(spool))
    }

    /// The decoder thread: writes the input to the segments as the readers
    /// need it.
    fn decode(&self, mut read: Box<dyn Read + Send>) {
        let mut buf = vec![0u8; CHUNK];
        loop {
            // Wait until bytes are wanted or the dispatcher is near.
            let (segment, at) = {
                let mut st = self.lock();
                loop {
                    if st.closed {
                        return;
                    }
                    let ahead = (st.next_range + AHEAD).saturating_mul(self.range);
                    if st.wanted > st.written || st.written < ahead {
                        break;
                    }
                    st = self.wait(st);
                }
                let last = st.first_base + self.segment * (st.segments.len() as u64 - 1);
                let at = st.written - last;
                let Some(segment) = st.segments.back().map(Arc::clone) else {
                    return;
                };
                (segment, at)
            };
            let room = usize::try_from(self.segment - at)
                .unwrap_or(CHUNK)
                .min(CHUNK);
            let got = loop {
                match read.read(&mut buf[..room]) {
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                    other => break other,
                }
            };
            let n = match got {
                Ok(0) => return self.finish(None),
                Ok(n) => n,
                Err(e) => return self.finish(Some((e.kind(), e.to_string()))),
            };
            if let Err(e) = write_at(&segment, &buf[..n], at) {
                return self.finish(Some((e.kind(), format!("temporary spool: {e}"))));
            }
            let mut st = self.lock();
            st.written += n as u64;
            if at + n as u64 == self.segment {
                match tempfile::tempfile() {
                    Ok(f) => st.segments.push_back(Arc::new(f)),
                    Err(e) => {
                        drop(st);
                        return self.finish(Some((e.kind(), format!("temporary spool: {e}"))));
                    }
                }
            }
            self.changed.notify_all();
        }
    }

    fn finish(&self, error: Option<(io::ErrorKind, String)>) {
        let mut st = self.lock();
        st.end = Some(error);
        self.changed.notify_all();
    }

    /// Whether range `index` has bytes, waiting until that is known; the
    /// dispatcher is about to hand it out. Range 0 always exists.
    pub(super) fn has_range(&self, index: u64) -> bool {
        let mut st = self.lock();
        st.next_range = index;
        self.changed.notify_all();
        let lo = index.saturating_mul(self.range);
        loop {
            if index == 0 || st.written > lo {
                return true;
            }
            if st.end.is_some() || st.closed {
                return false;
            }
            st = self.wait(st);
        }
    }

    /// The number of ranges, the writer being done with the input: the
    /// stream has ended (its reader met the end, or failed), and if it has
    /// not (a reader failed for another reason), it ends here.
    pub(super) fn final_count(&self) -> u64 {
        let mut st = self.lock();
        if st.end.is_none() {
            st.end = Some(Some((io::ErrorKind::Other, "reading stopped".into())));
            self.changed.notify_all();
        }
        st.written.div_ceil(self.range).max(1)
    }

    /// The number of ranges, once the input's end is known.
    pub(super) fn count(&self) -> Option<u64> {
        let st = self.lock();
        st.end
            .is_some()
            .then(|| st.written.div_ceil(self.range).max(1))
    }

    /// Nobody reads before `offset` any more: the segments wholly before
    /// it are dropped (the one being written is kept).
    pub(super) fn writer_from(&self, offset: u64) {
        let mut st = self.lock();
        if offset > st.writer_floor {
            st.writer_floor = offset;
            while st.segments.len() > 1 && st.first_base + self.segment <= offset {
                st.segments.pop_front();
                st.first_base += self.segment;
            }
        }
    }

    /// The segments held now (for tests).
    #[cfg(test)]
    pub(super) fn segments(&self) -> usize {
        self.lock().segments.len()
    }

    /// A reader of the spool from `offset`.
    pub(super) fn reader(self: &Arc<Self>, offset: u64) -> SpoolReader {
        SpoolReader {
            spool: Arc::clone(self),
            offset,
        }
    }
}

/// The spool as the dispatcher, the workers and the writer hold it; when the
/// last one lets go, the decoder stops.
pub(super) struct SpoolHandle(Arc<Spool>);

impl SpoolHandle {
    pub(super) fn spool(&self) -> &Arc<Spool> {
        &self.0
    }
}

impl std::fmt::Debug for SpoolHandle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("SpoolHandle")
    }
}

impl Drop for SpoolHandle {
    fn drop(&mut self) {
        let mut st = self.0.lock();
        st.closed = true;
        st.segments.clear();
        self.0.changed.notify_all();
    }
}

/// Reads the spool from an offset on, waiting for the decoder where needed.
pub(super) struct SpoolReader {
    spool: Arc<Spool>,
    offset: u64,
}

impl Read for SpoolReader {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if buf.is_empty() {
            return Ok(0);
        }
        let spool = &*self.spool;
        let (segment, at, n) = {
            let mut st = spool.lock();
            loop {
                if st.closed {
                    return Err(io::Error::other("the run has stopped"));
                }
                if self.offset < st.written {
                    break;
                }
                if let Some(end) = &st.end {
                    return match end {
                        None => Ok(0),
                        Some((kind, message)) => Err(io::Error::new(*kind, message.clone())),
                    };
                }
                st.wanted = st.wanted.max(self.offset + 1);
                spool.changed.notify_all();
                st = spool.wait(st);
            }
            if self.offset < st.first_base {
                return Err(io::Error::other(
                    "temporary spool: bytes read again after they were released",
                ));
            }
            let index = (self.offset - st.first_base) / spool.segment;
            let Some(segment) = usize::try_from(index)
                .ok()
                .and_then(|i| st.segments.get(i))
                .map(Arc::clone)
            else {
                return Err(io::Error::other("temporary spool: segment missing"));
            };
            let at = (self.offset - st.first_base) % spool.segment;
            let left = (st.written - self.offset).min(spool.segment - at);
            let n = usize::try_from(left).unwrap_or(buf.len()).min(buf.len());
            (segment, at, n)
        };
        let got = read_at(&segment, &mut buf[..n], at)?;
        self.offset += got as u64;
        Ok(got)
    }
}

#[cfg(unix)]
fn read_at(file: &File, buf: &mut [u8], at: u64) -> io::Result<usize> {
    file.read_at(buf, at)
}

#[cfg(windows)]
fn read_at(file: &File, buf: &mut [u8], at: u64) -> io::Result<usize> {
    use std::os::windows::fs::FileExt;
    file.seek_read(buf, at)
}

#[cfg(unix)]
fn write_at(file: &File, buf: &[u8], at: u64) -> io::Result<()> {
    file.write_all_at(buf, at)
}

#[cfg(windows)]
fn write_at(file: &File, mut buf: &[u8], mut at: u64) -> io::Result<()> {
    use std::os::windows::fs::FileExt;
    while !buf.is_empty() {
        match file.seek_write(buf, at) {
            Ok(0) => return Err(io::ErrorKind::WriteZero.into()),
            Ok(n) => {
                buf = &buf[n..];
                at += n as u64;
            }
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bytes(n: usize) -> Vec<u8> {
        (0..n).map(|i| (i * 7 % 251) as u8).collect()
    }

    #[test]
    fn a_reader_gets_every_byte_and_old_segments_are_dropped() {
        let data = bytes(300_000);
        let Ok(handle) = Spool::start(Box::new(io::Cursor::new(data.clone())), 1000) else {
            panic!("no temporary file");
        };
        let spool = Arc::clone(handle.spool());
        let mut reader = spool.reader(0);
        let mut got = Vec::new();
        let mut buf = [0u8; 777];
        let mut most = 0;
        loop {
            let n = reader.read(&mut buf).expect("read");
            if n == 0 {
                break;
            }
            got.extend_from_slice(&buf[..n]);
            // The writer follows the reader at a distance.
            spool.writer_from((got.len() as u64).saturating_sub(2000));
            most = most.max(spool.segments());
        }
        assert!(got == data, "the spool gave other bytes");
        // Segments of 4,000 bytes: the one read, the one before within
        // the writer's distance and the one being written, at most.
        assert!(most <= 3, "{most} segments held at once");
        assert_eq!(spool.count(), Some(300));
        // Reading before the writer's floor is an error, not other bytes.
        let mut early = spool.reader(0);
        assert!(early.read(&mut buf).is_err());
    }

    #[test]
    fn a_failing_stream_is_an_error_at_its_place() {
        struct Fails(usize);
        impl Read for Fails {
            fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
                if self.0 == 0 {
                    return Err(io::Error::new(io::ErrorKind::InvalidData, "corrupt"));
                }
                let n = buf.len().min(self.0);
                buf[..n].fill(b'x');
                self.0 -= n;
                Ok(n)
            }
        }
        let Ok(handle) = Spool::start(Box::new(Fails(5000)), 100) else {
            panic!("no temporary file");
        };
        let mut reader = handle.spool().reader(0);
        let mut all = Vec::new();
        let err = reader.read_to_end(&mut all).expect_err("the stream fails");
        assert_eq!(err.kind(), io::ErrorKind::InvalidData);
        assert_eq!(all.len(), 5000);
        assert_eq!(handle.spool().final_count(), 50);
    }
}
