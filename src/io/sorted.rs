//! An external sort of small fixed-size records, for runs whose tables may
//! not fit in memory (`xpgn dedupe` on tens of millions of games).
//!
//! [`Sorter`] holds records in memory up to a byte budget; when the budget
//! is reached it sorts them and writes them out as a run to an anonymous
//! temporary file (removed by the system however the process ends). At the
//! end, [`Sorter::finish`] gives every record in order: straight from
//! memory when nothing was spilled, otherwise by merging the runs (at most
//! [`FAN_IN`] at a time, runs merged in rounds when there are more). Both
//! paths give the same sequence; a test checks it.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::fs::File;
use std::io::{self, BufReader, BufWriter, Read, Seek, SeekFrom, Write};

/// A record of fixed size, ordered as its bytes are (see [`Record::put`]).
pub trait Record: Copy + Ord {
    /// Bytes of one record on disk.
    const SIZE: usize;
    /// Writes the record into `out` (`SIZE` bytes).
    fn put(&self, out: &mut [u8]);
    /// Reads a record written by [`put`](Self::put).
    fn get(bytes: &[u8]) -> Self;
}

/// Runs merged at once: each has a read buffer of 64 KiB.
pub const FAN_IN: usize = 16;

/// The read and write buffer of one run.
const RUN_BUFFER: usize = 64 * 1024;

fn be_u64(bytes: &[u8]) -> u64 {
    let mut b = [0u8; 8];
    b.copy_from_slice(&bytes[..8]);
    u64::from_be_bytes(b)
}

fn be_u128(bytes: &[u8]) -> u128 {
    let mut b = [0u8; 16];
    b.copy_from_slice(&bytes[..16]);
    u128::from_be_bytes(b)
}

impl Record for (u128, u64) {
    const SIZE: usize = 24;
    fn put(&self, out: &mut [u8]) {
        out[..16].copy_from_slice(&self.0.to_be_bytes());
        out[16..24].copy_from_slice(&self.1.to_be_bytes());
    }
    fn get(bytes: &[u8]) -> Self {
        (be_u128(bytes), be_u64(&bytes[16..]))
    }
}

impl Record for (u64, u64) {
    const SIZE: usize = 16;
    fn put(&self, out: &mut [u8]) {
        out[..8].copy_from_slice(&self.0.to_be_bytes());
        out[8..16].copy_from_slice(&self.1.to_be_bytes());
    }
    fn get(bytes: &[u8]) -> Self {
        (be_u64(bytes), be_u64(&bytes[8..]))
    }
}

/// Collects records and gives them back sorted, within a memory budget.
#[derive(Debug)]
pub struct Sorter<T: Record> {
    memory: Vec<T>,
    /// Records held in memory at most.
    cap: usize,
    runs: Vec<File>,
}

impl<T: Record> Sorter<T> {
    /// A sorter that holds at most `budget` bytes of records in memory
    /// (at least one record).
    pub fn new(budget: usize) -> Sorter<T> {
        let cap = (budget / std::mem::size_of::<T>().max(1)).max(1);
        Sorter {
            memory: Vec::new(),
            cap,
            runs: Vec::new(),
        }
    }

    /// Adds a record, spilling a run when memory is full.
    ///
    /// # Errors
    ///
    /// The temporary file could not be created or written.
    pub fn push(&mut self, record: T) -> io::Result<()> {
        if self.memory.len() >= self.cap {
            self.spill()?;
        }
        self.memory.push(record);
        Ok(())
    }

    /// Runs written to disk so far.
    pub fn runs(&self) -> usize {
        self.runs.len()
    }

    fn spill(&mut self) -> io::Result<()> {
        self.memory.sort_unstable();
        let mut out = BufWriter::with_capacity(RUN_BUFFER, tempfile::tempfile()?);
        let mut bytes = vec![0u8; T::SIZE];
        for r in &self.memory {
            r.put(&mut bytes);
            out.write_all(&bytes)?;
        }
        self.memory.clear();
        let mut file = out.into_inner().map_err(|e| e.into_error())?;
        file.seek(SeekFrom::Start(0))?;
        self.runs.push(file);
        Ok(())
    }

    /// Every record pushed, in order.
    ///
    /// # Errors
    ///
    /// A run could not be written or merged.
    pub fn finish(mut self) -> io::Result<Sorted<T>> {
        if self.runs.is_empty() {
            self.memory.sort_unstable();
            return Ok(Sorted::Memory(self.memory.into_iter()));
        }
        if !self.memory.is_empty() {
            self.spill()?;
        }
        self.memory = Vec::new();
        let mut runs = self.runs;
        // Merge in rounds until one merge can take every run.
        while runs.len() > FAN_IN {
            let rest = runs.split_off(FAN_IN);
            let mut merged = Merge::<T>::new(runs)?;
            let mut out = BufWriter::with_capacity(RUN_BUFFER, tempfile::tempfile()?);
            let mut bytes = vec![0u8; T::SIZE];
            while let Some(r) = merged.next_record()? {
                r.put(&mut bytes);
                out.write_all(&bytes)?;
            }
            let mut file = out.into_inner().map_err(|e| e.into_error())?;
            file.seek(SeekFrom::Start(0))?;
            runs = rest;
            runs.push(file);
        }
        Ok(Sorted::Merge(Merge::new(runs)?))
    }
}

/// The records of a [`Sorter`], in order.
#[derive(Debug)]
pub enum Sorted<T: Record> {
    /// Nothing was spilled.
    Memory(std::vec::IntoIter<T>),
    /// Runs on disk, merged as they are read.
    Merge(Merge<T>),
}

impl<T: Record> Iterator for Sorted<T> {
    type Item = io::Result<T>;
    fn next(&mut self) -> Option<io::Result<T>> {
        match self {
            Sorted::Memory(it) => it.next().map(Ok),
            Sorted::Merge(m) => m.next_record().transpose(),
        }
    }
}

/// A k-way merge of sorted runs.
#[derive(Debug)]
pub struct Merge<T: Record> {
    runs: Vec<BufReader<File>>,
    heap: BinaryHeap<Reverse<(T, usize)>>,
    bytes: Vec<u8>,
}

impl<T: Record> Merge<T> {
    fn new(files: Vec<File>) -> io::Result<Merge<T>> {
        let mut m = Merge {
            runs: files
                .into_iter()
                .map(|f| BufReader::with_capacity(RUN_BUFFER, f))
                .collect(),
            heap: BinaryHeap::new(),
            bytes: vec![0u8; T::SIZE],
        };
        for i in 0..m.runs.len() {
            m.refill(i)?;
        }
        Ok(m)
    }

    /// Puts run `i`'s next record on the heap, if it has one.
    fn refill(&mut self, i: usize) -> io::Result<()> {
        let run = &mut self.runs[i];
        match run.read_exact(&mut self.bytes) {
            Ok(()) => {
                self.heap.push(Reverse((T::get(&self.bytes), i)));
                Ok(())
            }
            Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => Ok(()),
            Err(e) => Err(e),
        }
    }

    fn next_record(&mut self) -> io::Result<Option<T>> {
        let Some(Reverse((r, i))) = self.heap.pop() else {
            return Ok(None);
        };
        self.refill(i)?;
        Ok(Some(r))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sorted<T: Record + std::fmt::Debug>(budget: usize, items: &[T]) -> (Vec<T>, usize) {
        let mut s = Sorter::new(budget);
        for &r in items {
            s.push(r).expect("push");
        }
        let runs = s.runs();
        let out = s.finish().expect("finish").collect::<io::Result<Vec<T>>>();
        (out.expect("read"), runs)
    }

    #[test]
    fn spilled_runs_merge_to_the_in_memory_order() {
        // A pseudo-random sequence with repeats, 24-byte records.
        let mut x = 12345u64;
        let items: Vec<(u128, u64)> = (0..5000u64)
            .map(|i| {
                x = x
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                (u128::from(x % 700) << 100 | u128::from(x >> 40), i)
            })
            .collect();
        let (memory, runs) = sorted(1 << 20, &items);
        assert_eq!(runs, 0);
        let mut want = items.clone();
        want.sort();
        assert_eq!(memory, want);
        // 10 records a run: 500 runs, merged in rounds of FAN_IN.
        let (spilled, runs) = sorted(10 * 32, &items);
        assert!(runs > FAN_IN * FAN_IN, "{runs}");
        assert_eq!(spilled, want);
        // One record a run.
        let (tiny, _) = sorted(1, &items[..100]);
        assert_eq!(
            tiny,
            want.iter()
                .copied()
                .filter(|r| r.1 < 100)
                .collect::<Vec<_>>()
        );
    }

    #[test]
    fn records_read_back_as_written() {
        let r = (u128::MAX - 5, 7u64);
        let mut b = [0u8; 24];
        r.put(&mut b);
        assert_eq!(<(u128, u64)>::get(&b), r);
        let p = (3u64, u64::MAX);
        let mut b = [0u8; 16];
        p.put(&mut b);
        assert_eq!(<(u64, u64)>::get(&b), p);
        let (empty, _) = sorted::<(u64, u64)>(1, &[]);
        assert!(empty.is_empty());
    }
}
