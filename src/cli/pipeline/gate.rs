//! What bounds a run's memory: room for jobs in flight, and a budget for
//! the results that workers have handed out and the writer has not yet
//! taken (issue 14: tiny games make many results per byte, so bounding
//! the jobs alone did not bound memory).

use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};

/// Room for jobs in flight and for results waiting, shared by the
/// dispatcher, the workers and the writer: a job is sent once there is
/// room for it, and makes room again when the writer is done with it; jobs
/// the writer no longer wants are never sent. A worker hands out a part of
/// results only while the results waiting fit the budget, unless its job
/// is the one the writer is taking now (which must never wait for the jobs
/// after it).
pub(super) struct Gate {
    state: Mutex<GateState>,
    room: Condvar,
}

#[derive(Debug)]
struct GateState {
    /// Room left.
    free: usize,
    /// Jobs before this one have been sent (or skipped).
    sent: u64,
    /// The writer is done with the jobs before this one.
    done: u64,
    /// The job whose results the writer is taking now.
    current: u64,
    /// Items (games and diagnostics) handed out and not yet taken.
    items: usize,
    /// The most [`items`](Self::items) may reach.
    budget: usize,
    /// The writer has stopped.
    closed: bool,
}

/// Whether a worker may hand out a part.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Hand {
    /// Send it.
    Send,
    /// The writer is past this job: drop the job.
    Dropped,
    /// The writer has stopped.
    Closed,
}

impl Gate {
    pub(super) fn new(room: usize, budget: usize) -> Gate {
        Gate {
            state: Mutex::new(GateState {
                free: room,
                sent: 0,
                done: 0,
                current: 0,
                items: 0,
                budget,
                closed: false,
            }),
            room: Condvar::new(),
        }
    }

    fn lock(&self) -> MutexGuard<'_, GateState> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn wait<'a>(&self, st: MutexGuard<'a, GateState>) -> MutexGuard<'a, GateState> {
        self.room.wait(st).unwrap_or_else(PoisonError::into_inner)
    }

    /// Waits for room for job `seq` of the given weight: `Some(true)` to
    /// send it, `Some(false)` to skip it (the writer is past it), `None`
    /// when the writer has stopped.
    pub(super) fn admit(&self, seq: u64, weight: usize) -> Option<bool> {
        let mut st = self.lock();
        loop {
            if st.closed {
                return None;
            }
            if seq < st.done {
                st.sent = seq + 1;
                return Some(false);
            }
            if st.free >= weight {
                st.free -= weight;
                st.sent = seq + 1;
                return Some(true);
            }
            st = self.wait(st);
        }
    }

    /// Waits until a part of `items` results of job `seq` fits the budget
    /// (or `seq` is the writer's job, or nothing is waiting: a part is at
    /// least one game), and counts it as waiting.
    pub(super) fn hand_out(&self, seq: u64, items: usize) -> Hand {
        let mut st = self.lock();
        loop {
            if st.closed {
                return Hand::Closed;
            }
            if seq < st.done {
                return Hand::Dropped;
            }
            if seq == st.current || st.items == 0 || st.items + items <= st.budget {
                st.items += items;
                return Hand::Send;
            }
            st = self.wait(st);
        }
    }

    /// The writer took (or dropped) results of `items` games and diagnostics.
    pub(super) fn taken(&self, items: usize) {
        if items == 0 {
            return;
        }
        let mut st = self.lock();
        st.items = st.items.saturating_sub(items);
        self.room.notify_all();
    }

    /// The writer now takes the results of job `seq`.
    pub(super) fn taking(&self, seq: u64) {
        let mut st = self.lock();
        if st.current != seq {
            st.current = seq;
            self.room.notify_all();
        }
    }

    /// The writer is done with jobs `from..to` (each of weight 1).
    pub(super) fn finish(&self, from: u64, to: u64) {
        let mut st = self.lock();
        let sent = to.min(st.sent).saturating_sub(from);
        st.free += usize::try_from(sent).unwrap_or(0);
        st.done = st.done.max(to);
        self.room.notify_all();
    }

    /// Gives back `weight - 1` more for a job of that weight.
    pub(super) fn release(&self, extra: usize) {
        self.lock().free += extra;
        self.room.notify_all();
    }

    /// Whether the writer is past job `seq`.
    pub(super) fn dropped(&self, seq: u64) -> bool {
        seq < self.lock().done
    }

    /// Whether the writer has stopped.
    pub(super) fn closed(&self) -> bool {
        self.lock().closed
    }

    pub(super) fn close(&self) {
        self.lock().closed = true;
        self.room.notify_all();
    }
}
