//! tournament
