//! Rendering diagnostics for people (compiler style) and machines (JSON lines).
