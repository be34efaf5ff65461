//! The standings picture: drawn by [`crate::render::table_png`], with the
//! board pictures' drawing code and font.

/// Renders `title` above a table of `headers` and `rows` as PNG bytes
/// (empty if encoding fails).
pub(crate) fn render<const N: usize>(
    title: &str,
    headers: &[&str; N],
    rows: &[[String; N]],
) -> Vec<u8> {
    crate::render::table_png(title, headers, rows)
}

/// [`render`] with any number of columns (the crosstable).
pub(crate) fn render_rows(title: &str, headers: &[&str], rows: &[Vec<String>]) -> Vec<u8> {
    crate::render::table_png_rows(title, headers, rows)
}
