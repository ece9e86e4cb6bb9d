//! Writes the app icon into `assets/`: the SVG, a PNG per size for the desktop's icon
//! theme, and the Windows `.ico`. Drawn by the game's own picture code from the theme's
//! red general, so the icon looks like the pieces. Run after changing the theme:
//! `cargo run --no-default-features --example make-icons`; a test checks the files
//! still match.

use std::path::Path;

use xiangqi::picture::{ICON_SIZES, icon_ico, icon_png, icon_svg};

fn main() -> std::io::Result<()> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/icons");
    std::fs::create_dir_all(&dir)?;
    std::fs::write(dir.join("org.xiangqi.Xiangqi.svg"), icon_svg())?;
    for size in ICON_SIZES {
        std::fs::write(dir.join(format!("{size}.png")), icon_png(size))?;
    }
    std::fs::write(dir.join("org.xiangqi.Xiangqi.ico"), icon_ico())?;
    println!("wrote {}", dir.display());
    Ok(())
}
