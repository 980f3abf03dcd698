//! The owned record model (games, tags, move tree) used by conversion and JSON.
