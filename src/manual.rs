//! The manual (`docs/manual/`), compiled in: its chapters in English and Chinese, made
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

/// The chapters, by file name, in each language: English, then Chinese.
macro_rules! chapters {
    ($($name:literal),* $(,)?) => {
        /// Every chapter: its name and its Markdown in English and in Chinese.
        pub const CHAPTERS: &[(&str, [&str; 2])] = &[$(
            ($name, [
                include_str!(concat!("../docs/manual/en/", $name, ".md")),
                include_str!(concat!("../docs/manual/zh/", $name, ".md")),
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

/// The folder of `lang`'s pages (`en`, `zh`), as in `docs/manual/`.
#[must_use]
pub fn folder(lang: Lang) -> &'static str {
    // The manual is not yet written in 繁體中文 and Tiếng Việt (issue 75): until it is,
    // those open the Chinese and the English.
    match lang {
        Lang::En | Lang::Vi => "en",
        Lang::Zh | Lang::Hant => "zh",
    }
}

/// The chapter `name` in `lang` as a whole HTML page, its links to other chapters
/// turned into links to their pages; `None` for a chapter the manual does not have.
#[must_use]
pub fn html(lang: Lang, name: &str) -> Option<String> {
    let (_, texts) = CHAPTERS.iter().find(|(n, _)| *n == name)?;
    let text = texts[usize::from(lang.is_chinese())];
    let title = text
        .lines()
        .find_map(|l| l.strip_prefix("# "))
        .unwrap_or(name);
    // GFM: the tables of keys and commands.
    let body = markdown::to_html_with_options(text, &markdown::Options::gfm())
        .unwrap_or_else(|_| markdown::to_html(text));
    let body = body.replace(".md\"", ".html\"").replace(".md#", ".html#");
    let lang_tag = match lang {
        Lang::En | Lang::Vi => "en",
        Lang::Zh | Lang::Hant => "zh-CN",
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

/// Writes every page of both languages under `dir` (`dir/en/keys.html`…, each
/// atomically, so links between them work) and returns the page of `name` in `lang`.
pub fn write(dir: &Path, lang: Lang, name: &str) -> io::Result<PathBuf> {
    for page_lang in [Lang::En, Lang::Zh] {
        let folder = dir.join(folder(page_lang));
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
        for lang in ["en", "zh"] {
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
    }

    #[test]
    fn written_pages_link_to_pages_that_are_there() {
        let dir = std::env::temp_dir().join(format!("xiangqi-manual-{}", std::process::id()));
        let page = write(&dir, Lang::Zh, "playing").unwrap();
        assert_eq!(page, dir.join("zh/playing.html"));
        for lang in ["en", "zh"] {
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
