//! Helpers shared by the commands.
