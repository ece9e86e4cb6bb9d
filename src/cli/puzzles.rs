//! `xiangqi puzzles`: the collection, one puzzle a line; with `--from`, the forced mates
//! and decisive wins the engine finds in the games of files (any format `convert` reads).

use std::io::Write;
use std::path::Path;
use std::time::Duration;

use xiangqi::engine::{self, Engine};
use xiangqi::games::xiangqi::puzzles::{collection, solve};
use xiangqi::i18n::Lang;
use xiangqi::rules::Move;
use xiangqi::rules::read::read_games_bytes;

use super::{Failure, io};

fn moves_text(moves: &[Move]) -> String {
    let words: Vec<String> = moves.iter().map(ToString::to_string).collect();
    words.join(" ")
}

/// `ID SOURCE FEN SOLUTION` a line, tab-separated, the solution in ICCS.
pub(super) fn list(out: &mut impl Write) -> Result<(), Failure> {
    for p in collection() {
        writeln!(
            out,
            "{}\t{}\t{}\t{}",
            p.id,
            p.source,
            p.start.to_fen(),
            moves_text(&p.solution)
        )
        .map_err(io)?;
    }
    Ok(())
}

/// The day a game was played: what its tags say ([`solve::day_played`]), else the
/// file's last change.
fn game_day(record: &xiangqi::rules::record::GameRecord, path: &Path) -> String {
    if let Some(day) = solve::day_played(record) {
        return day;
    }
    std::fs::metadata(path)
        .and_then(|m| m.modified())
        .ok()
        .and_then(|t| jiff::Timestamp::try_from(t).ok())
        .map(|t| t.to_zoned(jiff::tz::TimeZone::system()).date().to_string())
        .unwrap_or_else(|| xiangqi::games::xiangqi::puzzles::UNKNOWN_DAY.to_owned())
}

/// The forced mates (in at most `most` moves) and decisive wins in every game of `files`,
/// as puzzles:
/// `ID SOURCE FEN SOLUTION`, the source saying which game and move.
pub(super) fn from_games(
    out: &mut impl Write,
    files: &[String],
    engine_path: Option<&Path>,
    depth: u32,
    most: i32,
) -> Result<(), Failure> {
    let path = engine::find(engine_path).ok_or_else(|| {
        Failure(format!(
            "no engine found: Fairy-Stockfish ({}), or name one with --engine PATH",
            engine::GET_FAIRY_STOCKFISH
        ))
    })?;
    let mut engine = Engine::start(&path, Duration::from_secs(30))
        .map_err(|e| Failure(format!("the engine {}: {e}", path.display())))?;
    for file in files {
        let bytes = std::fs::read(file).map_err(|e| Failure(format!("cannot read {file}: {e}")))?;
        let games =
            read_games_bytes(&bytes).map_err(|e| Failure(format!("cannot read {file}: {e}")))?;
        let stem = Path::new(file)
            .file_stem()
            .map_or_else(|| "game".to_owned(), |s| s.to_string_lossy().into_owned());
        for (n, game) in games.into_iter().enumerate() {
            let Ok(imported) = game else {
                eprintln!("xiangqi: warning: {file}, game {}: it does not read", n + 1);
                continue;
            };
            let record = &imported.record;
            let day = game_day(record, Path::new(file));
            let found = solve::find_in_game(&mut engine, &record.game, depth, most)
                .map_err(|e| Failure(format!("the engine: {e}")))?;
            for f in found {
                let number = f.ply / 2 + 1;
                writeln!(
                    out,
                    "{stem}-{}-{}\t{}{day}, move {number}\t{}\t{}",
                    n + 1,
                    f.ply,
                    xiangqi::games::xiangqi::puzzles::FROM_YOUR_GAME,
                    f.start.to_fen(),
                    moves_text(&f.solution)
                )
                .map_err(io)?;
            }
        }
    }
    Ok(())
}

/// `--sheet FILE.png`: a worksheet of the problems instead of the list.
#[derive(clap::Args)]
pub(super) struct Sheet {
    /// Draw a page of problems (PNG, A4 at 150 dpi) for a teacher to print, numbered.
    #[arg(long, value_name = "FILE.png")]
    pub sheet: Option<std::path::PathBuf>,
    /// How many problems on the page.
    #[arg(long, default_value_t = 12, value_parser = clap::value_parser!(u16).range(1..=30))]
    pub count: u16,
    /// The problem to start from (1: the first).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
    pub first: u32,
    /// The sheet's words (黑先活, 红先三步杀; Red to mate in 3).
    #[command(flatten)]
    pub words: crate::cli::Words,
}

impl Sheet {
    /// The slice of `all` the sheet shows.
    fn pick<'a, T>(&self, all: &'a [T]) -> Result<&'a [T], Failure> {
        let from = self.first as usize - 1;
        if from >= all.len() {
            return Err(Failure(format!(
                "--first {}: there are {} problems",
                self.first,
                all.len()
            )));
        }
        Ok(&all[from..(from + usize::from(self.count)).min(all.len())])
    }

    /// The page of `cells` under its title (in the columns of [`Lang::column`]),
    /// written where asked.
    fn draw(
        &self,
        out: &mut impl Write,
        titles: [&str; 4],
        cells: &[xiangqi::picture::sheet::Cell],
    ) -> Result<(), Failure> {
        let title = titles[self.words.lang().column()];
        let png = xiangqi::picture::sheet::page(title, cells, self.first as usize);
        let path = self.sheet.as_deref().expect("a sheet was asked for");
        xiangqi::storage::atomic_write(path, &png)
            .map_err(|e| Failure(format!("cannot write {}: {e}", path.display())))?;
        writeln!(out, "{} problems drawn on {}", cells.len(), path.display()).map_err(io)
    }
}

/// The Xiangqi puzzles' worksheet: whole boards, "Red to mate in 3" above each.
pub(super) fn xiangqi_sheet(out: &mut impl Write, sheet: &Sheet) -> Result<(), Failure> {
    use xiangqi::picture::{Options, Painter, sheet::Cell};
    let chosen = sheet.pick(collection())?;
    let mut painter = Painter::new(&Options {
        size: 600,
        theme: xiangqi::theme::Theme::Paper,
        ..Options::default()
    });
    let cells: Vec<Cell> = chosen
        .iter()
        .map(|p| {
            let moves = p.solution.len().div_ceil(2);
            let red = p.start.turn() == xiangqi::rules::Color::Red;
            // As the books count them: 一步杀, 两步杀, 三步杀…
            const ZH: [&str; 10] = ["一", "两", "三", "四", "五", "六", "七", "八", "九", "十"];
            let zh = ZH
                .get(moves.wrapping_sub(1))
                .map_or_else(|| moves.to_string(), |n| (*n).to_owned());
            let caption = match (sheet.words.lang(), red) {
                (Lang::Zh, true) => format!("红先{zh}步杀"),
                (Lang::Zh, false) => format!("黑先{zh}步杀"),
                (Lang::Hant, true) => format!("紅先{}步殺", zh.replace('两', "兩")),
                (Lang::Hant, false) => format!("黑先{}步殺", zh.replace('两', "兩")),
                (Lang::En, true) => format!("Red to mate in {moves}"),
                (Lang::En, false) => format!("Black to mate in {moves}"),
                (Lang::Vi, true) => format!("Đỏ đi trước, chiếu bí trong {moves} nước"),
                (Lang::Vi, false) => format!("Đen đi trước, chiếu bí trong {moves} nước"),
            };
            Cell {
                caption,
                picture: painter.draw(&p.start, None),
            }
        })
        .collect();
    sheet.draw(
        out,
        [
            "象棋杀局练习",
            "Xiangqi puzzles",
            "象棋殺局練習",
            "Bài tập chiếu bí cờ tướng",
        ],
        &cells,
    )
}

/// `xiangqi go problems`: the collection or a file's problems, listed, as JSON, or drawn
/// on a worksheet.
pub(super) fn go_problems(
    out: &mut impl Write,
    json: bool,
    level: Option<u8>,
    file: Option<&str>,
    sheet: &Sheet,
) -> Result<(), Failure> {
    use xiangqi::games::go::problems::{self, Problem};
    let owned;
    let all: Vec<&Problem> = match file {
        Some(path) => {
            let bytes =
                std::fs::read(path).map_err(|e| Failure(format!("cannot read {path}: {e}")))?;
            let stem = Path::new(path).file_stem().map_or_else(
                || "problem".to_owned(),
                |s| s.to_string_lossy().into_owned(),
            );
            owned = problems::read(&xiangqi::go::sgf::decode(&bytes), &stem)
                .map_err(|e| Failure(format!("{path}: {e}")))?;
            owned.iter().collect()
        }
        None => problems::collection().iter().collect(),
    };
    let all: Vec<&Problem> = all
        .into_iter()
        .filter(|p| level.is_none_or(|l| p.level == l))
        .collect();
    if sheet.sheet.is_some() {
        return go_sheet(out, &all, sheet);
    }
    let rows: Vec<serde_json::Value> = all.iter().map(|p| go_row(p)).collect();
    if json {
        let text = serde_json::to_string_pretty(&rows).map_err(|e| Failure(e.to_string()))?;
        return writeln!(out, "{text}").map_err(io);
    }
    for r in &rows {
        let words: Vec<String> = ["id", "level", "to_play", "goal", "right", "start", "source"]
            .iter()
            .map(|k| match &r[k] {
                serde_json::Value::String(s) => s.clone(),
                serde_json::Value::Array(a) => a
                    .iter()
                    .filter_map(|v| v.as_str())
                    .collect::<Vec<_>>()
                    .join(","),
                v => v.to_string(),
            })
            .collect();
        writeln!(out, "{}", words.join("\t")).map_err(io)?;
    }
    Ok(())
}

/// A problem as `--json` gives it.
fn go_row(p: &xiangqi::games::go::problems::Problem) -> serde_json::Value {
    use xiangqi::go::sgf::coordinates;
    let size = p.size();
    let board = p.start.board();
    let list = |c: xiangqi::go::Color| -> String {
        board
            .stones(c)
            .into_iter()
            .map(|s| format!("[{}]", coordinates(s)))
            .collect()
    };
    let mut start = format!(
        "(;GM[1]FF[4]SZ[{size}]PL[{}]",
        if p.to_play() == xiangqi::go::Color::Black {
            "B"
        } else {
            "W"
        }
    );
    for (tag, c) in [
        ("AB", xiangqi::go::Color::Black),
        ("AW", xiangqi::go::Color::White),
    ] {
        let stones = list(c);
        if !stones.is_empty() {
            start.push_str(tag);
            start.push_str(&stones);
        }
    }
    start.push(')');
    serde_json::json!({
        "id": p.id,
        "level": p.level,
        "to_play": p.to_play().name(),
        "goal": p.goal.name(),
        "right": p.right_first_moves().iter().map(|m| m.gtp(size)).collect::<Vec<_>>(),
        "start": start,
        "target": p.target.map(|t| t.gtp(size)),
        "source": p.source,
    })
}

fn go_sheet(
    out: &mut impl Write,
    all: &[&xiangqi::games::go::problems::Problem],
    sheet: &Sheet,
) -> Result<(), Failure> {
    use xiangqi::picture::sheet::{Cell, go_corner};
    let chosen = sheet.pick(all)?;
    let cells: Vec<Cell> = chosen
        .iter()
        .map(|p| {
            let (a, b) = p.area();
            Cell {
                caption: p.title().get(sheet.words.lang()).to_owned(),
                picture: go_corner(&p.start, a, b, &p.marked()),
            }
        })
        .collect();
    sheet.draw(
        out,
        [
            "围棋死活题",
            "Go problems",
            "圍棋死活題",
            "Bài tập sống chết cờ vây",
        ],
        &cells,
    )
}
