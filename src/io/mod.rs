//! Inputs (files, directories, stdin) and atomic output files.
