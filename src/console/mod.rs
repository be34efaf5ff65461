//! The offline front end: the same bot in a terminal.

/// `tawlbot console`.
pub fn main(_args: Vec<String>) -> crate::cli::Exit {
    crate::cli::Exit::Usage("not yet".into())
}
