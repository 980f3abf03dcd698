//! Writers for positions, records, timelines and statistics.
