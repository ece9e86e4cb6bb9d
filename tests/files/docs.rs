//! The front door and the manual: the README stays short, shows its two pictures (real
//! PNGs of the window, not blank), and keeps the two commands; the manual has the same
//! chapters in both languages; every link between them leads to a file that is there.

use std::path::{Path, PathBuf};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The targets of the Markdown links and images in `text`: `](target)`, without an
/// anchor, web addresses left out.
fn links(text: &str) -> Vec<String> {
    text.match_indices("](")
        .filter_map(|(i, _)| {
            let rest = &text[i + 2..];
            let target = &rest[..rest.find(')')?];
            let target = target.split('#').next()?;
            (!target.is_empty() && !target.contains("://")).then(|| target.to_owned())
        })
        .collect()
}

fn markdown_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    files.sort();
    files
}

#[test]
fn the_readme_is_short_and_holds_the_two_commands() {
    let readme = read(&root().join("README.md"));
    let lines = readme.lines().count();
    assert!(lines <= 250, "the README is {lines} lines");
    let commands: Vec<&str> = readme
        .lines()
        .filter(|l| {
            l.starts_with("sudo apt-get install -y ") || *l == "cargo test --release --no-fail-fast"
        })
        .collect();
    assert_eq!(commands.len(), 2, "{commands:?}");
    assert!(
        commands[0].ends_with("&& cargo run --release"),
        "{}",
        commands[0]
    );
    // The manual's install chapter gives the same two.
    for lang in ["en", "zh"] {
        let install = read(&root().join(format!("docs/manual/{lang}/install.md")));
        for command in &commands {
            assert!(
                install.contains(command),
                "{lang}/install.md lacks {command}"
            );
        }
    }
}

#[test]
fn the_readme_pictures_are_real_pictures_of_the_window() {
    let readme = read(&root().join("README.md"));
    let pictures: Vec<String> = links(&readme)
        .into_iter()
        .filter(|l| l.ends_with(".png"))
        .collect();
    assert_eq!(pictures.len(), 2, "{pictures:?}");
    for picture in pictures {
        let path = root().join(&picture);
        let file = std::fs::File::open(&path)
            .unwrap_or_else(|e| panic!("{picture}: {e} (docs/pictures/make.sh makes it)"));
        let mut reader = png::Decoder::new(std::io::BufReader::new(file))
            .read_info()
            .unwrap_or_else(|e| panic!("{picture}: not a PNG: {e}"));
        let mut pixels = vec![0; reader.output_buffer_size().unwrap()];
        let info = reader.next_frame(&mut pixels).unwrap();
        assert!(
            info.width >= 800 && info.height >= 600,
            "{picture}: {}×{}",
            info.width,
            info.height
        );
        assert_eq!(info.color_type, png::ColorType::Rgb, "{picture}");
        // A window with a board and a panel: many colours, light and dark.
        let mut colours: Vec<&[u8]> = pixels[..info.buffer_size()].chunks(3).collect();
        let luma = |p: &[u8]| (u32::from(p[0]) * 3 + u32::from(p[1]) * 6 + u32::from(p[2])) / 10;
        let darkest = colours.iter().map(|p| luma(p)).min().unwrap();
        let lightest = colours.iter().map(|p| luma(p)).max().unwrap();
        colours.sort_unstable();
        colours.dedup();
        assert!(
            colours.len() >= 500 && lightest - darkest >= 150,
            "{picture} looks blank: {} colours, brightness {darkest}–{lightest}",
            colours.len()
        );
    }
}

#[test]
fn the_manual_has_the_same_chapters_in_both_languages() {
    let names = |lang: &str| -> Vec<String> {
        markdown_files(&root().join("docs/manual").join(lang))
            .iter()
            .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
            .collect()
    };
    let en = names("en");
    assert!(en.len() >= 11, "{en:?}");
    assert_eq!(en, names("zh"));
}

#[test]
fn every_link_of_the_readme_and_the_manual_leads_to_a_file() {
    let mut files = vec![root().join("README.md"), root().join("docs/DEVELOPERS.md")];
    for lang in ["en", "zh"] {
        files.extend(markdown_files(&root().join("docs/manual").join(lang)));
    }
    let mut broken = Vec::new();
    for file in &files {
        let dir = file.parent().unwrap();
        for link in links(&read(file)) {
            if !dir.join(&link).exists() {
                broken.push(format!("{}: {link}", file.display()));
            }
        }
    }
    assert!(
        broken.is_empty(),
        "links to nothing:\n{}",
        broken.join("\n")
    );
}
