//! The manual (`docs/manual/`), compiled in: its chapters in every language of the window, made
//! into HTML pages that Help → Manual writes to the data folder and hands to the
//! system's browser (a local file: no network, and the same pages on every OS).
//!
//! ```
//! use xiangqi::manual::{self, Lang};
//!
//! let page = manual::html(Lang::Zh, "keys").unwrap();
//! assert!(page.contains("<title>按键</title>"));
//! // Links between chapters lead to their pages.
//! assert!(page.contains(r#"href="../en/keys.html""#));
//! assert!(manual::html(Lang::En, "nowhere").is_none());
//! ```

use std::io;
use std::path::{Path, PathBuf};

pub use table::i18n::Lang;

/// The languages the manual is written in, as [`CHAPTERS`] holds each chapter: the
/// folder of each in `docs/manual/`, and the language its pages are read in.
pub const WRITTEN: [(&str, Lang); 4] = [
    ("en", Lang::En),
    ("zh", Lang::Zh),
    ("zh-Hant", Lang::Hant),
    ("vi", Lang::Vi),
];

/// The chapters, by file name, in each language of [`WRITTEN`].
macro_rules! chapters {
    ($($name:literal),* $(,)?) => {
        /// Every chapter: its name and its Markdown in each language of [`WRITTEN`].
        pub const CHAPTERS: &[(&str, [&str; 4])] = &[$(
            ($name, [
                include_str!(concat!("../docs/manual/en/", $name, ".md")),
                include_str!(concat!("../docs/manual/zh/", $name, ".md")),
                include_str!(concat!("../docs/manual/zh-Hant/", $name, ".md")),
                include_str!(concat!("../docs/manual/vi/", $name, ".md")),
            ]),
        )*];
    };
}

chapters!(
    "README",
    "install",
    "playing",
    "keys",
    "files",
    "engine",
    "lessons",
    "families",
    "library",
    "go",
    "accessibility",
    "command-line",
);

/// The folder of `lang`'s pages (`en`, `zh`, `zh-Hant`, `vi`), as in `docs/manual/`.
#[must_use]
pub fn folder(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "en",
        Lang::Zh => "zh",
        Lang::Hant => "zh-Hant",
        Lang::Vi => "vi",
    }
}

/// The chapter `name` in `lang` as a whole HTML page, its links to other chapters
/// turned into links to their pages; `None` for a chapter the manual does not have.
#[must_use]
pub fn html(lang: Lang, name: &str) -> Option<String> {
    let (_, texts) = CHAPTERS.iter().find(|(n, _)| *n == name)?;
    let written = WRITTEN.iter().position(|(f, _)| *f == folder(lang))?;
    let text = texts[written];
    let title = text
        .lines()
        .find_map(|l| l.strip_prefix("# "))
        .unwrap_or(name);
    // GFM: the tables of keys and commands.
    let body = markdown::to_html_with_options(text, &markdown::Options::gfm())
        .unwrap_or_else(|_| markdown::to_html(text));
    let body = body.replace(".md\"", ".html\"").replace(".md#", ".html#");
    let lang_tag = match WRITTEN[written].1 {
        Lang::Zh => "zh-CN",
        Lang::Hant => "zh-TW",
        Lang::En => "en",
        Lang::Vi => "vi",
    };
    Some(format!(
        "<!DOCTYPE html>\n<html lang=\"{lang_tag}\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{title}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n{body}</body>\n</html>\n",
        title = escape(title),
    ))
}

/// A page's look: the board's wood and ink, readable at any width.
const STYLE: &str = "body{max-width:52em;margin:2em auto;padding:0 1em;font:17px/1.6 \
    sans-serif;color:#2b1d0e;background:#fbf5e9}h1,h2{color:#7a1f12}code{background:#efe3cc;\
    padding:0 .2em}pre{background:#efe3cc;padding:.6em;overflow-x:auto}table{border-collapse:\
    collapse}td,th{border:1px solid #d9c7a3;padding:.2em .5em;vertical-align:top}a{color:#7a1f12}";

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// Writes every page of every language under `dir` (`dir/en/keys.html`…, each
/// atomically, so links between them work) and returns the page of `name` in `lang`.
pub fn write(dir: &Path, lang: Lang, name: &str) -> io::Result<PathBuf> {
    for (folder, page_lang) in WRITTEN {
        let folder = dir.join(folder);
        std::fs::create_dir_all(&folder)?;
        for (chapter, _) in CHAPTERS {
            let page = html(page_lang, chapter).unwrap_or_default();
            crate::storage::atomic_write(&folder.join(format!("{chapter}.html")), page.as_bytes())?;
        }
    }
    let page = dir.join(folder(lang)).join(format!("{name}.html"));
    if page.is_file() {
        Ok(page)
    } else {
        Err(io::Error::new(
            io::ErrorKind::NotFound,
            format!("the manual has no chapter {name}"),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_chapter_of_docs_is_compiled_in() {
        for (lang, _) in WRITTEN {
            let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("docs/manual")
                .join(lang);
            let mut files: Vec<String> = std::fs::read_dir(dir)
                .unwrap()
                .filter_map(|e| {
                    let name = e.unwrap().file_name().to_string_lossy().into_owned();
                    name.strip_suffix(".md").map(str::to_owned)
                })
                .collect();
            files.sort();
            let mut compiled: Vec<String> = CHAPTERS.iter().map(|(n, _)| (*n).to_owned()).collect();
            compiled.sort();
            assert_eq!(files, compiled, "docs/manual/{lang}");
        }
    }

    #[test]
    fn pages_have_their_title_tables_and_links_to_pages() {
        let keys = html(Lang::En, "keys").unwrap();
        assert!(keys.contains("<title>Keys</title>"));
        assert!(keys.contains("<table>") && keys.contains("<code>Ctrl+Z</code>"));
        assert!(keys.contains(r#"href="README.html""#));
        assert!(!keys.contains(".md\""));
        let go = html(Lang::Zh, "go").unwrap();
        assert!(go.contains("<html lang=\"zh-CN\">") && go.contains("<h1>围棋</h1>"));
        let go = html(Lang::Hant, "go").unwrap();
        assert!(go.contains("<html lang=\"zh-TW\">") && go.contains("<h1>圍棋</h1>"));
        let go = html(Lang::Vi, "go").unwrap();
        assert!(go.contains("<html lang=\"vi\">") && go.contains("<h1>Cờ vây (围棋)</h1>"));
        // 繁體 pages are written in Traditional characters (a Simplified one is not in
        // Big5), apart from the links to the 简体 pages by their name and the code, which
        // quotes what a program reads or writes as it is.
        for (name, texts) in CHAPTERS {
            let prose: String = texts[2]
                .split("```")
                .step_by(2)
                .flat_map(|t| t.split('`').step_by(2))
                .collect();
            let simplified: String = prose
                .replace("简体中文", "")
                .chars()
                .filter(|c| ('\u{4e00}'..='\u{9fff}').contains(c) && !"俥傌".contains(*c))
                .filter(|c| encoding_rs::BIG5.encode(&c.to_string()).2)
                .collect();
            assert!(simplified.is_empty(), "zh-Hant/{name}.md: {simplified}");
        }
    }

    #[test]
    fn written_pages_link_to_pages_that_are_there() {
        let dir = std::env::temp_dir().join(format!("xiangqi-manual-{}", std::process::id()));
        let page = write(&dir, Lang::Zh, "playing").unwrap();
        assert_eq!(page, dir.join("zh/playing.html"));
        for (lang, _) in WRITTEN {
            for entry in std::fs::read_dir(dir.join(lang)).unwrap() {
                let path = entry.unwrap().path();
                let text = std::fs::read_to_string(&path).unwrap();
                for link in text.split("href=\"").skip(1) {
                    let target = link.split(['"', '#']).next().unwrap();
                    if target.contains("://") || target.is_empty() {
                        continue;
                    }
                    assert!(
                        path.parent().unwrap().join(target).is_file(),
                        "{}: {target}",
                        path.display()
                    );
                }
            }
        }
        assert!(write(&dir, Lang::En, "nowhere").is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
