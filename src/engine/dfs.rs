//! Plain backtracking (stub being written).
