//! PGN for Xiangqi: tag pairs, `[FEN]`, `[Format "Chinese" | "ICCS" | "WXF"]` (Chinese
//! when absent), move numbers, `{comments}`, `(variations)` nested to
//! [`MAX_NESTING`], glyphs (`$1`, `!?`) and results: all read and written back.
//!
//! Reading takes text; [`record::decode`](super::record::decode) turns GBK or UTF-8 file
//! bytes into text first. A file may hold many games ([`split`], [`read_all`]); a game
//! ends at its result, and what follows it before the next game's tags (a download
//! site's signature) is not read.

use std::fmt::Write as _;

use std::collections::BTreeMap;

use super::record::{
    Format, GameRecord, ImportError, ImportErrorKind, Imported, MAX_NESTING, Nags, Variation,
    play_text,
};
use super::tree::Nag;
use super::{Color, Game, Notation, Outcome, Position, Termination};

/// The tags written first, in this order; the record's other tags follow.
const ROSTER: [&str; 10] = [
    "Game", "Event", "Site", "Date", "Round", "Red", "Black", "Result", "FEN", "Format",
];

/// `12.` or `3...` in front of a move, possibly glued to it (`1.炮二平五`).
pub(crate) fn strip_move_number(word: &str) -> &str {
    let digits = word.len() - word.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let rest = &word[digits..];
    let dots = rest.len() - rest.trim_start_matches(['.', '。', '．']).len();
    if digits > 0 && dots > 0 {
        &rest[dots..]
    } else {
        word
    }
}

const RESULTS: [&str; 5] = ["1-0", "0-1", "1/2-1/2", "½-½", "*"];

enum Token<'a> {
    /// A move, with the glyph written after it (`!?`), if any.
    Word(&'a str, Option<Nag>),
    Comment(String),
    Result(&'a str),
    /// `$n`.
    Nag(u8),
    /// `(`: a variation of the move before.
    Open,
    /// `)`.
    Close,
}

/// Splits movetext into moves, comments, glyphs, variations' brackets and results.
///
/// The game ends at its result outside any variation: a comment right after it
/// (`1-0 {红胜}`) is kept, and whatever follows (a site's signature, notes) is not read.
fn tokens(text: &str, first_line: usize) -> Result<Vec<(usize, Token<'_>)>, ImportError> {
    let syntax = |line, what: &str| {
        ImportError::new(
            Format::Pgn(Notation::Chinese),
            ImportErrorKind::Syntax(what.into()),
        )
        .at_line(line)
    };
    let mut out = Vec::new();
    let mut line = first_line;
    let mut ended = false;
    // Open variations, with the line each was opened on.
    let mut open: Vec<usize> = Vec::new();
    let mut chars = text.char_indices().peekable();
    while let Some(&(i, c)) = chars.peek() {
        match c {
            '\n' => {
                line += 1;
                chars.next();
            }
            c if c.is_whitespace() => {
                chars.next();
            }
            '{' => {
                let start = line;
                chars.next();
                let mut comment = String::new();
                loop {
                    match chars.next() {
                        // After the result, an unclosed brace is just more trailing text.
                        None if ended => return Ok(out),
                        None => {
                            return Err(syntax(start, "a comment opened with '{' is never closed"));
                        }
                        Some((_, '}')) => break,
                        Some((_, ch)) => {
                            line += usize::from(ch == '\n');
                            comment.push(ch);
                        }
                    }
                }
                out.push((start, Token::Comment(comment.trim().to_owned())));
                if ended {
                    return Ok(out);
                }
            }
            _ if ended => return Ok(out),
            ';' => {
                let start = line;
                let comment: String = chars
                    .by_ref()
                    .skip(1)
                    .map(|(_, ch)| ch)
                    .take_while(|&ch| ch != '\n')
                    .collect();
                line += 1;
                out.push((start, Token::Comment(comment.trim().to_owned())));
            }
            '(' => {
                chars.next();
                open.push(line);
                out.push((line, Token::Open));
            }
            ')' => {
                chars.next();
                if open.pop().is_none() {
                    return Err(syntax(line, "a ')' closes no variation"));
                }
                out.push((line, Token::Close));
            }
            '}' => return Err(syntax(line, "a '}' closes no comment")),
            _ => {
                // `c` is none of the delimiters, so the word holds at least it.
                let end = text[i + c.len_utf8()..]
                    .find(|ch: char| ch.is_whitespace() || "{}();".contains(ch))
                    .map_or(text.len(), |n| i + c.len_utf8() + n);
                let word = &text[i..end];
                while chars.peek().is_some_and(|&(j, _)| j < end) {
                    chars.next();
                }
                let word = strip_move_number(word);
                let bare = word.trim_end_matches(['!', '?', '#', '+']);
                // `!?` after a move, or standing alone after it (`h2e2 !?`).
                let glyph = Nag::from_glyph(word[bare.len()..].trim_start_matches(['#', '+']));
                if RESULTS.contains(&bare) {
                    // A result inside a variation says nothing of the game.
                    if open.is_empty() {
                        out.push((line, Token::Result(bare)));
                        ended = true;
                    }
                } else if let Some(n) = bare.strip_prefix('$') {
                    if let Ok(n) = n.parse() {
                        out.push((line, Token::Nag(n)));
                    }
                } else if !bare.is_empty() {
                    out.push((line, Token::Word(bare, glyph)));
                } else if let Some(nag) = glyph {
                    out.push((line, Token::Nag(nag.0)));
                }
            }
        }
    }
    if let Some(&start) = open.first() {
        return Err(syntax(start, "a variation opened with '(' is never closed"));
    }
    Ok(out)
}

/// A line that only draws a rule (`=====`, `-----`): sites put one between a game and
/// their signature.
fn is_rule(line: &str) -> bool {
    let line = line.trim();
    line.chars().count() >= 3 && line.chars().all(|c| "=-_~*#＝－—".contains(c))
}

/// One game's part of a file.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct GameText<'a> {
    /// Its first line in the file, 1-based.
    pub line: usize,
    /// Its text, tags and movetext.
    pub text: &'a str,
}

/// Splits a file into its games: a game ends where the next one's tags begin (a `[`
/// at the start of a line once moves, a result or other text came after the tags,
/// outside a comment). Text before the first game's tags that is not a game (a title,
/// a site's header) is left out when tags follow it.
///
/// ```
/// use xiangqi_rules::pgn;
///
/// let file = "[Event \"a\"]\n1. h2e2 h9g7 1-0\n=====\nsite footer\n\n[Event \"b\"]\n1. b2e2 *\n";
/// let games = pgn::split(file);
/// assert_eq!(games.len(), 2);
/// assert_eq!(games[1].line, 6);
/// assert!(games[1].text.starts_with("[Event \"b\"]"));
/// ```
#[must_use]
pub fn split(text: &str) -> Vec<GameText<'_>> {
    let mut starts: Vec<(usize, usize)> = Vec::new(); // (byte offset, line)
    let mut scan = super::collection::Starts::default();
    let mut offset = 0;
    for (n, raw) in text.split_inclusive('\n').enumerate() {
        if scan.line(raw) {
            starts.push((offset, n + 1));
        }
        scan.chars(raw);
        scan.end_line();
        offset += raw.len();
    }
    if starts.is_empty() {
        // Movetext with no tags at all: one game, the whole text.
        starts.push((0, 1));
    }
    let mut games = Vec::with_capacity(starts.len());
    for (k, &(begin, line)) in starts.iter().enumerate() {
        let end = starts.get(k + 1).map_or(text.len(), |&(b, _)| b);
        games.push(GameText {
            line,
            text: &text[begin..end],
        });
    }
    games
}

/// Whether `word` is a game's result (`1-0`, `*`…).
pub(crate) fn is_result(word: &str) -> bool {
    RESULTS.contains(&word)
}

/// The name of the tag pair a line is, if it is one.
pub(crate) fn tag_name(line: &str) -> Option<String> {
    tag(line).map(|(name, _)| name)
}

/// Reads `[Name "Value"]`; tolerates `Name:` and single quotes seen in the wild.
fn tag(line: &str) -> Option<(String, String)> {
    let inner = line.trim().strip_prefix('[')?.strip_suffix(']')?.trim();
    let (name, value) = inner.split_once(char::is_whitespace)?;
    let value = value.trim();
    let value = value
        .strip_prefix('"')
        .and_then(|v| v.strip_suffix('"'))
        .or_else(|| value.strip_prefix('\'').and_then(|v| v.strip_suffix('\'')))?;
    let value = if value.contains('\\') {
        value.replace("\\\"", "\"").replace("\\\\", "\\")
    } else {
        value.to_owned()
    };
    // A value is one line: a stray carriage return reads as the space it is written as.
    let value = if value.contains('\r') {
        value.replace('\r', " ")
    } else {
        value
    };
    let name = name.trim_end_matches(':');
    is_tag_name(name).then(|| (name.to_owned(), value))
}

/// Whether a tag name can be written and read back: a word, no quotes or brackets.
fn is_tag_name(name: &str) -> bool {
    !name.is_empty() && !name.contains(['"', '[', ']', '\\']) && !name.contains(char::is_whitespace)
}

/// Reads the first game of a PGN text (or a bare movetext): the record, and as its
/// format the notation its moves were written in. Text after the game's result is not
/// read.
pub fn read(text: &str) -> Result<Imported, ImportError> {
    match split(text).first() {
        Some(game) => read_game(*game),
        None => read_game(GameText { line: 1, text }),
    }
}

/// Reads every game of a PGN file, each on its own: one that does not read does not
/// stop the others.
#[must_use]
pub fn read_all(text: &str) -> Vec<Result<Imported, ImportError>> {
    split(text).into_iter().map(read_game).collect()
}

/// Reads one game; line numbers in errors count from the file's first line.
pub fn read_game(game: GameText<'_>) -> Result<Imported, ImportError> {
    let lines: Vec<&str> = game.text.lines().collect();
    let first = game.line;
    let mut tags = Vec::new();
    let mut body = 0;
    while body < lines.len() {
        let line = lines[body].trim();
        if line.is_empty() {
            body += 1;
            continue;
        }
        if !line.starts_with('[') {
            break;
        }
        let pair = tag(line).ok_or_else(|| {
            ImportError::new(
                Format::Pgn(Notation::Chinese),
                ImportErrorKind::Syntax("a tag must look like [Name \"value\"]".into()),
            )
            .at_line(first + body)
        })?;
        tags.push(pair);
        body += 1;
    }
    // A rule line ends the movetext, as the next game's tags do; inside a comment a
    // line may begin with '[' (a `[%clk]` on its own line).
    let mut depth = 0usize;
    let end = (body..lines.len())
        .find(|&i| {
            let line = lines[i];
            let ends =
                depth == 0 && (i > body && line.trim_start().starts_with('[') || is_rule(line));
            for c in line.chars() {
                match c {
                    '{' => depth += 1,
                    '}' => depth = depth.saturating_sub(1),
                    // The rest of the line is a comment.
                    ';' if depth == 0 => break,
                    _ => {}
                }
            }
            ends
        })
        .unwrap_or(lines.len());
    let movetext = lines[body..end].join("\n");

    let mut record = GameRecord::new(Game::new());
    record.tags = tags;
    let declared = record
        .tag("Format")
        .and_then(|f| f.parse::<Notation>().ok());
    let mut notation = declared;
    let err_format = |n: Option<Notation>| Format::Pgn(n.unwrap_or(Notation::Chinese));

    if let Some(fen) = record.tag("FEN").filter(|f| !f.trim().is_empty()) {
        let start = Position::from_fen(fen)
            .map_err(|e| ImportError::new(err_format(notation), e.into()).with_token(fen))?;
        record.game = Game::from_position(start);
    }

    let tokens = tokens(&movetext, first + body)?;
    let words = tokens
        .iter()
        .filter(|(_, t)| matches!(t, Token::Word(..)))
        .count();
    record.game.reserve(words.min(super::record::MAX_PLIES));
    let main = Frame::new(std::mem::take(&mut record.game), 0, 0);
    let mut frames = vec![main];
    // Tokens of a variation being skipped (too deep, or after a move that failed), as
    // the depth of brackets still open in it.
    let mut skipping = 0usize;
    for (line, token) in tokens {
        if skipping > 0 {
            match token {
                Token::Open => skipping += 1,
                Token::Close => skipping -= 1,
                _ => {}
            }
            continue;
        }
        let depth = frames.len() - 1;
        let frame = frames.last_mut().expect("the main line is never closed");
        let ply = frame.game.ply_count();
        match token {
            Token::Comment(c) if c.is_empty() => {}
            // The result at the end of the movetext counts when the tags lack one.
            Token::Result(r) => {
                if record
                    .tag("Result")
                    .is_none_or(|t| t == "*" || t.is_empty())
                {
                    record.set_tag("Result", r);
                }
            }
            Token::Comment(c) if depth == 0 => {
                // An evaluation is data too: it goes to `evals`.
                let c = match super::time::read_eval(&c) {
                    Some((eval, mut rest)) => {
                        record.evals.insert(ply, eval);
                        while let Some((_, more)) = super::time::read_eval(&rest) {
                            rest = more;
                        }
                        rest
                    }
                    None => c,
                };
                // A clock reading is data, not words: it goes to `clocks`.
                let c = match super::time::read_clk(&c) {
                    Some((left, mut rest)) => {
                        record.clocks.insert(ply, left);
                        // One reading a ply: any other in the same comment is dropped,
                        // not kept as words a later read would take for the reading.
                        while let Some((_, more)) = super::time::read_clk(&rest) {
                            rest = more;
                        }
                        rest
                    }
                    None => c,
                };
                frame.say(ply, c);
            }
            Token::Comment(c) => frame.say(ply, c),
            Token::Nag(n) => {
                if ply > 0 && !frame.dead {
                    frame.nags.entry(ply).or_default().push(Nag(n));
                }
            }
            Token::Word(_, _) if frame.dead => {}
            Token::Word(word, glyph) => {
                // Chinese is the default, but a file without a Format tag may hold any.
                let preferred = notation.or(Some(Notation::Chinese));
                match play_text(&mut frame.game, word, preferred) {
                    Ok(used) => {
                        notation.get_or_insert(used);
                        if let Some(glyph) = glyph {
                            frame.nags.entry(ply + 1).or_default().push(glyph);
                        }
                    }
                    Err(kind) => {
                        let e = ImportError::new(err_format(notation), kind)
                            .at_line(line)
                            .at_ply(frame.base + ply + 1)
                            .with_token(word);
                        if depth == 0 {
                            return Err(e);
                        }
                        // A variation ends at a move that does not play; the game and
                        // the other lines are read on.
                        record.dropped.push(e);
                        frame.dead = true;
                    }
                }
            }
            Token::Open if frame.dead || ply == 0 || depth >= MAX_NESTING => {
                let why = if depth >= MAX_NESTING {
                    format!("variations nested deeper than {MAX_NESTING} are not read")
                } else {
                    "a variation with no move before it to replace is not read".to_owned()
                };
                if !frame.dead {
                    record.dropped.push(
                        ImportError::new(err_format(notation), ImportErrorKind::Syntax(why))
                            .at_line(line),
                    );
                }
                skipping = 1;
            }
            Token::Open => {
                // It replaces the line's last move, from the position before it.
                let start = frame.game.position_at(ply - 1).clone();
                let base = frame.base + ply - 1;
                frames.push(Frame::new(Game::from_position(start), ply - 1, base));
            }
            Token::Close => {
                let done = frames.pop().expect("the tokens' brackets are balanced");
                if let Some(parent) = frames.last_mut()
                    && done.game.ply_count() > 0
                {
                    parent.variations.push(Variation {
                        ply: done.replaces,
                        moves: done.game.moves().collect(),
                        comments: done.comments,
                        variations: done.variations,
                        nags: done.nags,
                    });
                }
            }
        }
    }
    let main = frames.swap_remove(0);
    record.game = main.game;
    record.comments = main.comments;
    record.nags = main.nags;
    record.variations = main.variations;
    if let Some(outcome) = declared_result(&record) {
        // Cannot fail: the moves decided nothing.
        let _ = record.game.declare(outcome);
    }
    Ok(Imported {
        record,
        format: Format::Pgn(notation.unwrap_or(Notation::Chinese)),
    })
}

/// A line being read: the main line or a variation.
struct Frame {
    /// Its moves, from the position its first move is played in.
    game: Game,
    /// For a variation: the move of the line around it that it replaces (0-based).
    replaces: usize,
    /// The plies of the game before its first move, for messages.
    base: usize,
    comments: BTreeMap<usize, String>,
    nags: Nags,
    variations: Vec<Variation>,
    /// A move of it did not play: the rest of it is not read.
    dead: bool,
}

impl Frame {
    fn new(game: Game, replaces: usize, base: usize) -> Frame {
        Frame {
            game,
            replaces,
            base,
            comments: BTreeMap::new(),
            nags: Nags::new(),
            variations: Vec::new(),
            dead: false,
        }
    }

    /// Keeps comment `c` after ply `ply` of the line (0: before its first move).
    fn say(&mut self, ply: usize, c: String) {
        if c.is_empty() || self.dead {
            return;
        }
        self.comments
            .entry(ply)
            .and_modify(|old| {
                old.push('\n');
                old.push_str(&c);
            })
            .or_insert(c);
    }
}

/// PGN's `[Termination]` for how a game ended: the standard's words (a flag fall is
/// `time forfeit`, a perpetual a `rules infraction`, anything else `normal`).
fn termination_text(termination: Termination) -> &'static str {
    match termination {
        Termination::Timeout => "time forfeit",
        Termination::PerpetualCheck | Termination::PerpetualChase => "rules infraction",
        _ => "normal",
    }
}

/// A result that a game's tags declare and its moves do not reach: with `[Termination
/// "time forfeit"]` the loser's flag fell; with `normal` a decisive result is a
/// resignation and a draw an agreement. Without a `[Termination]` tag the result stays a
/// tag only (old files say nothing of how a game ended).
fn declared_result(record: &GameRecord) -> Option<Outcome> {
    if record.game.outcome().is_some() {
        return None;
    }
    let how = record.tag("Termination")?.trim().to_ascii_lowercase();
    let winner = match record.tag("Result")?.trim() {
        "1-0" => Some(Color::Red),
        "0-1" => Some(Color::Black),
        "1/2-1/2" | "½-½" => None,
        _ => return None,
    };
    match (how.as_str(), winner) {
        ("time forfeit", Some(w)) => Some(Outcome::win(w, Termination::Timeout)),
        ("normal", Some(w)) => Some(Outcome::win(w, Termination::Resignation)),
        ("normal", None) => Some(Outcome::draw(Termination::Agreement)),
        _ => None,
    }
}

fn result_text(record: &GameRecord) -> String {
    match record.game.outcome() {
        Some(o) => match o.winner {
            Some(Color::Red) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        }
        .to_owned(),
        // A result the rules did not reach (a resignation, an agreed draw) is kept.
        None => record
            .tag("Result")
            .filter(|r| RESULTS.contains(r))
            .unwrap_or("*")
            .to_owned(),
    }
}

fn escape(value: &str) -> String {
    value
        .replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace(['\n', '\r'], " ")
}

/// Writes a standard PGN game with its moves in `notation`.
///
/// ```
/// use xiangqi_rules::{Game, Notation, pgn, record::{Format, GameRecord}};
///
/// let mut game = Game::new();
/// for m in ["h2h4", "d9e8", "h4g4", "g6g5", "g4g9"] {
///     game.play(m.parse().unwrap()).unwrap();
/// }
/// let text = pgn::write(&GameRecord::new(game), Notation::Chinese);
/// assert!(text.contains("1. 炮二进二 士４进５\n2. 炮二平三 卒７进１\n3. 炮三进五\n"));
/// assert!(text.contains("[Result \"1-0\"]"));
/// let back = pgn::read(&text).unwrap();
/// assert_eq!(back.format, Format::Pgn(Notation::Chinese));
/// assert_eq!(back.record.game.ply_count(), 5);
/// ```
#[must_use]
pub fn write(record: &GameRecord, notation: Notation) -> String {
    let game = &record.game;
    let result = result_text(record);
    let value = |name: &str| -> String {
        match name {
            "Result" => result.clone(),
            "FEN" => game.start().to_fen(),
            "Format" => notation.format_tag().to_owned(),
            "Game" => record.tag(name).unwrap_or("Chinese Chess").to_owned(),
            "Date" => record.tag(name).unwrap_or("????.??.??").to_owned(),
            _ => record.tag(name).unwrap_or("?").to_owned(),
        }
    };
    let mut out = String::new();
    for name in ROSTER {
        let _ = writeln!(out, "[{name} \"{}\"]", escape(&value(name)));
    }
    let termination = game.outcome().map(|o| termination_text(o.termination));
    if let Some(t) = termination {
        let _ = writeln!(out, "[Termination \"{t}\"]");
    }
    for (name, v) in &record.tags {
        let ours = termination.is_some() && name.eq_ignore_ascii_case("Termination");
        if !ours && !ROSTER.iter().any(|r| r.eq_ignore_ascii_case(name)) && is_tag_name(name) {
            let _ = writeln!(out, "[{name} \"{}\"]", escape(v));
        }
    }
    out.push('\n');
    let main = Line {
        moves: &game.moves().collect::<Vec<_>>(),
        comments: &record.comments,
        nags: &record.nags,
        variations: &record.variations,
        clocks: Some(&record.clocks),
        evals: Some(&record.evals),
    };
    let mut writer = Writer {
        out,
        notation,
        fresh: true,
    };
    writer.line(game.start(), &main, 0);
    let mut out = writer.out;
    if !writer.fresh {
        out.push('\n');
    }
    out.push_str(&result);
    out.push('\n');
    out
}

/// A line of play to write: the main line or a variation.
struct Line<'a> {
    moves: &'a [super::Move],
    comments: &'a BTreeMap<usize, String>,
    nags: &'a Nags,
    variations: &'a [Variation],
    /// The main line's `[%clk]` readings.
    clocks: Option<&'a BTreeMap<usize, std::time::Duration>>,
    /// The main line's `[%eval]` evaluations.
    evals: Option<&'a BTreeMap<usize, crate::tree::Eval>>,
}

struct Writer {
    out: String,
    notation: Notation,
    /// At the start of a line of text or just after '(': no space is needed.
    fresh: bool,
}

impl Writer {
    fn word(&mut self, text: &str) {
        if !self.fresh {
            self.out.push(' ');
        }
        self.out.push_str(text);
        self.fresh = false;
    }

    fn end_line(&mut self) {
        if !self.fresh {
            self.out.push('\n');
            self.fresh = true;
        }
    }

    /// The comment after ply `ply` of `line` (0: before its first move), with the
    /// clock reading first.
    fn comment(&mut self, line: &Line<'_>, ply: usize) {
        let clock = line
            .clocks
            .and_then(|c| c.get(&ply))
            .map(|&d| super::time::clk(d));
        let eval = line
            .evals
            .and_then(|e| e.get(&ply))
            .map(|&e| super::time::eval_text(e));
        let data = match (eval, clock) {
            (Some(e), Some(c)) => Some(format!("{e} {c}")),
            (e, c) => e.or(c),
        };
        let text = match (data, line.comments.get(&ply)) {
            (Some(data), Some(c)) => format!("{data} {c}"),
            (Some(data), None) => data,
            (None, Some(c)) => c.clone(),
            (None, None) => return,
        };
        // The reader takes a line's end as '\n' whatever it was: so does the writer.
        let text = text.replace("\r\n", "\n").replace('\r', "\n");
        if !text.contains('}') {
            self.word(&format!("{{{text}}}"));
            return;
        }
        // A brace comment cannot hold '}': each line goes in a line comment instead
        // (the reader joins a ply's comments with line breaks).
        for l in text.lines().map(str::trim).filter(|l| !l.is_empty()) {
            self.word(&format!("; {l}"));
            self.out.push('\n');
            self.fresh = true;
        }
    }

    /// Writes `line` from `start`: the main line a move pair to a line of text, a
    /// variation inline, each variation right after the move it replaces.
    fn line(&mut self, start: &Position, line: &Line<'_>, nesting: usize) {
        let main = nesting == 0;
        if line.comments.contains_key(&0)
            || line.clocks.is_some_and(|c| c.contains_key(&0))
            || line.evals.is_some_and(|e| e.contains_key(&0))
        {
            self.comment(line, 0);
            if main {
                self.end_line();
            }
        }
        let mut pos = start.clone();
        let mut number = start.fullmoves();
        let mut numbered = false;
        for (i, &m) in line.moves.iter().enumerate() {
            let mut text = self.notation.write(&pos, m);
            let red = pos.turn() == Color::Red;
            if red {
                text = format!("{number}. {text}");
            } else if !numbered {
                text = format!("{number}... {text}");
            }
            let mut dollars = String::new();
            for nag in line.nags.get(&(i + 1)).into_iter().flatten() {
                match nag.glyph() {
                    Some(g) if dollars.is_empty() && !text.ends_with(['!', '?']) => {
                        text.push_str(g);
                    }
                    _ => dollars.push_str(&format!(" ${}", nag.0)),
                }
            }
            self.word(&format!("{text}{dollars}"));
            numbered = red;
            self.comment(line, i + 1);
            if nesting < MAX_NESTING {
                for v in line.variations.iter().filter(|v| v.ply == i) {
                    self.word("(");
                    self.fresh = true;
                    let sub = Line {
                        moves: &v.moves,
                        comments: &v.comments,
                        nags: &v.nags,
                        variations: &v.variations,
                        clocks: None,
                        evals: None,
                    };
                    self.line(&pos, &sub, nesting + 1);
                    self.out.push(')');
                    self.fresh = false;
                    numbered = false;
                }
            }
            let Ok(after) = pos.play(m) else {
                // Records hold legal moves only; nothing sensible follows one that is not.
                break;
            };
            pos = after;
            if !red {
                number += 1;
            }
            if main && !red {
                self.end_line();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_numbers() {
        assert_eq!(strip_move_number("1.炮二平五"), "炮二平五");
        assert_eq!(strip_move_number("12..."), "");
        assert_eq!(strip_move_number("h2e2"), "h2e2");
        assert_eq!(strip_move_number("2"), "2");
    }

    #[test]
    fn tags_in_the_wild() {
        assert_eq!(
            tag("[Event \"Test\"]"),
            Some(("Event".into(), "Test".into()))
        );
        assert_eq!(tag("[Round: \"3\"]"), Some(("Round".into(), "3".into())));
        assert_eq!(
            tag("[Red \"say \\\"hi\\\"\"]"),
            Some(("Red".into(), "say \"hi\"".into()))
        );
        assert_eq!(tag("[Broken"), None);
    }

    #[test]
    fn comments_variations_and_formats() {
        let text = "[Event \"x\"]\n[Format \"ICCS\"]\n\n{opening} 1. h2e2 {central cannon} (1. b2e2 h9g7) h9g7 $1\n2. h0g2 ; line comment\n1-0\n";
        let Imported { record, format } = read(text).unwrap();
        assert_eq!(format, Format::Pgn(Notation::Iccs));
        assert_eq!(record.game.ply_count(), 3);
        assert_eq!(record.comments.get(&0).map(String::as_str), Some("opening"));
        assert_eq!(
            record.comments.get(&1).map(String::as_str),
            Some("central cannon")
        );
        assert_eq!(
            record.comments.get(&3).map(String::as_str),
            Some("line comment")
        );
        // Written back and read again: the same moves and comments.
        let again = write(&record, Notation::Wxf);
        assert!(again.contains("[Format \"WXF\"]"));
        assert!(again.contains("[Result \"1-0\"]"), "a resignation is kept");
        let Imported {
            record: back,
            format,
        } = read(&again).unwrap();
        assert_eq!(format, Format::Pgn(Notation::Wxf));
        assert_eq!(back.game.position(), record.game.position());
        assert_eq!(back.comments, record.comments);
    }

    #[test]
    fn nested_variations_comments_and_glyphs_are_read_and_written_back() {
        let text = "[Event \"x\"]\n[Format \"ICCS\"]\n[Annotator \"someone\"]\n\n{start} 1. h2e2! {cannon} (1. b2e2 $14 {other} h9g7 (1... b9c7 2. h0g2 {deep}) 2. h0g2) (1. c3c4 ?! ) 1... h9g7 $1 $22 2. h0g2 !? 1-0\n";
        let Imported { record, .. } = read(text).unwrap();
        assert_eq!(record.game.ply_count(), 3);
        assert_eq!(record.nags[&1], [Nag::GOOD]);
        assert_eq!(record.nags[&2], [Nag::GOOD, Nag(22)]);
        assert_eq!(record.nags[&3], [Nag::INTERESTING]);
        assert_eq!(record.variations.len(), 2);
        let v = &record.variations[0];
        assert_eq!((v.ply, v.moves.len()), (0, 3));
        assert_eq!(v.nags[&1], [Nag(14)]);
        assert_eq!(v.comments[&1], "other");
        assert_eq!(v.variations.len(), 1);
        assert_eq!(v.variations[0].ply, 1);
        assert_eq!(v.variations[0].comments[&2], "deep");
        assert_eq!(record.variations[1].nags[&1], [Nag::DUBIOUS]);
        assert_eq!(record.lines().len(), 4);
        assert_eq!(record.tag("Annotator"), Some("someone"));
        for notation in Notation::ALL {
            let written = write(&record, notation);
            let back = read(&written).unwrap().record;
            assert_eq!(back.lines(), record.lines(), "{written}");
            assert_eq!(back.comments, record.comments, "{written}");
            assert_eq!(back.nags, record.nags, "{written}");
            assert_eq!(back.variations, record.variations, "{written}");
            for (name, value) in record.tags.iter().filter(|(k, _)| k != "Format") {
                assert_eq!(back.tag(name), Some(value.as_str()), "{written}");
            }
            assert_eq!(write(&back, notation), written);
        }
        let written = write(&record, Notation::Iccs);
        assert!(
            written.contains("1. h2e2! {cannon} (1. b2e2 $14 {other} h9g7 (1... b9c7 2. h0g2 {deep}) 2. h0g2) (1. c3c4?!) 1... h9g7! $22\n2. h0g2!?\n1-0"),
            "{written}"
        );
    }

    #[test]
    fn a_variation_ends_at_a_move_that_does_not_play_and_the_rest_is_read() {
        let text = "1. h2e2 (1. b2e2 h9g7 2. h2h9 (2. a0a1 a9a8) 2... a9a8) h9g7 (1... c6c5 2. a0a9) 2. h0g2";
        let Imported { record, .. } = read(text).unwrap();
        assert_eq!(record.game.ply_count(), 3, "the main line is whole");
        assert_eq!(
            record.variations[0].moves.len(),
            2,
            "cut at the cannon's move"
        );
        assert_eq!(record.variations[1].moves.len(), 1);
        assert_eq!(record.dropped.len(), 2);
        assert_eq!(record.dropped[0].ply, Some(3));
        assert_eq!(record.dropped[0].token.as_deref(), Some("h2h9"));
        let deep =
            (0..100).fold(String::from("1. h2e2"), |s, _| s + " (1. h2e2") + &")".repeat(100);
        let record = read(&deep).unwrap().record;
        assert_eq!(record.lines().len(), MAX_NESTING + 1);
        assert!(
            record.dropped[0].to_string().contains("nested deeper"),
            "{:?}",
            record.dropped
        );
    }

    #[test]
    fn declared_results_go_to_termination_and_come_back() {
        for (outcome, tags) in [
            (
                Outcome::win(Color::Black, Termination::Timeout),
                "[Result \"0-1\"]\n[FEN",
            ),
            (
                Outcome::win(Color::Red, Termination::Resignation),
                "[Result \"1-0\"]",
            ),
            (
                Outcome::draw(Termination::Agreement),
                "[Result \"1/2-1/2\"]",
            ),
        ] {
            let mut record = GameRecord::new(Game::new());
            record.game.play("h2e2".parse().unwrap()).unwrap();
            record.game.declare(outcome).unwrap();
            let text = write(&record, Notation::Chinese);
            assert!(text.contains(tags), "{text}");
            let how = if outcome.termination == Termination::Timeout {
                "[Termination \"time forfeit\"]"
            } else {
                "[Termination \"normal\"]"
            };
            assert_eq!(text.matches("[Termination").count(), 1, "{text}");
            assert!(text.contains(how), "{text}");
            let back = read(&text).unwrap().record;
            assert_eq!(back.game.outcome(), Some(outcome));
            assert_eq!(write(&back, Notation::Chinese), text);
        }
        // A result without a Termination tag stays a tag: nothing is declared.
        let back = read("[Result \"1-0\"]\n\n1. h2e2 1-0").unwrap().record;
        assert_eq!(back.game.outcome(), None);
        assert_eq!(back.tag("Result"), Some("1-0"));
        // A mate on the board is the rules' result, whatever the tags say.
        let mate = "[Result \"1-0\"]\n[Termination \"normal\"]\n[Format \"ICCS\"]\n\n1. h2h4 d9e8 2. h4g4 g6g5 3. g4g9 1-0";
        let back = read(mate).unwrap().record;
        assert_eq!(
            back.game.outcome().unwrap().termination,
            Termination::Checkmate
        );
    }

    #[test]
    fn black_to_move_start() {
        let mut record = GameRecord::new(Game::from_position(
            "4k4/9/9/9/9/9/9/9/9/R2K5 b - - 0 7".parse().unwrap(),
        ));
        record.game.play("e9e8".parse().unwrap()).unwrap();
        record.game.play("d0d1".parse().unwrap()).unwrap();
        let text = write(&record, Notation::Iccs);
        assert!(text.contains("7... e9e8\n8. d0d1\n"), "{text}");
        assert_eq!(read(&text).unwrap().record.game.ply_count(), 2);
    }

    #[test]
    fn errors_point_at_the_problem() {
        let err = read("[Event \"x\"]\n\n1. 炮二平五 馬8进7\n2. 炮二平五").unwrap_err();
        assert_eq!((err.line, err.ply), (Some(4), Some(3)));
        assert_eq!(err.token.as_deref(), Some("炮二平五"));
        assert_eq!(
            err.to_string(),
            "this looks like a PGN game in Chinese notation, but at line 4, ply 3 (\"炮二平五\"): no legal move of red fits it"
        );
        let err = read("1. h2e2 {never closed").unwrap_err();
        assert!(err.to_string().contains("never closed"), "{err}");
        let err = read("1. h2e2 } h9g7").unwrap_err();
        assert!(err.to_string().contains("closes no comment"), "{err}");
        let err = read("1. h2e2 (1. b2e2").unwrap_err();
        assert!(err.to_string().contains("never closed"), "{err}");
        assert!(read("[FEN \"9/9\"]\n1. h2e2").is_err());
    }
}

#[cfg(test)]
mod eval_tests {
    use crate::record::GameRecord;
    use crate::tree::Eval;
    use crate::{Game, Notation, pgn};

    #[test]
    fn evaluations_are_written_and_read_back_beside_clocks_and_comments() {
        let mut game = Game::new();
        for m in ["h2e2", "h9g7", "h0g2"] {
            game.play(m.parse().unwrap()).unwrap();
        }
        let mut record = GameRecord::new(game);
        record.evals.insert(1, Eval::Centipawns(35));
        record.evals.insert(2, Eval::Centipawns(-8));
        record.evals.insert(3, Eval::Mate(-4));
        record.clocks.insert(2, std::time::Duration::from_secs(595));
        record.comments.insert(2, "solid".into());
        let text = pgn::write(&record, Notation::Iccs);
        assert!(text.contains("{[%eval 0.35]}"), "{text}");
        assert!(
            text.contains("{[%eval -0.08] [%clk 0:09:55] solid}"),
            "{text}"
        );
        assert!(text.contains("{[%eval #-4]}"), "{text}");
        let back = pgn::read(&text).unwrap().record;
        assert_eq!(back.evals, record.evals);
        assert_eq!(back.clocks, record.clocks);
        assert_eq!(back.comments.get(&2).map(String::as_str), Some("solid"));
    }
}
