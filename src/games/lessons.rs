//! What both games' courses share: the shape of a course file (stages of levels, each
//! stage with its id, title and intro in every language), read with each game's own
//! reader of a level.

use serde::Deserialize;
use serde::de::DeserializeOwned;
use table::learn::{Stage, Text};

/// A stage as the file has it; `R` is the game's own level.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawStage<R> {
    id: String,
    title: Said,
    intro: Said,
    levels: Vec<R>,
}

/// A sentence as the file writes it: 简体中文, English, 繁體中文, Tiếng Việt. A file
/// lacking one does not read.
pub(crate) type Said = (String, String, String, String);

/// A sentence of the file as the table shows it.
pub(crate) fn text((zh, en, hant, vi): Said) -> Text {
    Text::new(zh, en, hant, vi)
}

/// Reads a course file (RON), each level by `level` given its id (`stage-N`).
///
/// # Errors
/// The first thing that does not read, named by its stage and level.
pub(crate) fn parse<R: DeserializeOwned, L>(
    source: &str,
    level: impl Fn(&str, R) -> Result<L, String>,
) -> Result<Vec<Stage<L>>, String> {
    let raw: Vec<RawStage<R>> = ron::from_str(source).map_err(|e| e.to_string())?;
    raw.into_iter()
        .map(|s| {
            let levels = s
                .levels
                .into_iter()
                .enumerate()
                .map(|(i, l)| level(&format!("{}-{}", s.id, i + 1), l))
                .collect::<Result<_, _>>()?;
            Ok(Stage {
                id: s.id,
                title: text(s.title),
                intro: text(s.intro),
                levels,
            })
        })
        .collect()
}
