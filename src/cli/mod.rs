//! The command-line interface: argument definitions and one module per subcommand.
