//! SGF, FF[1] to FF[4], for Go (GM[1]): read from any encoding, every property kept,
//! every variation and comment; written as FF[4] UTF-8 with the whole tree.
//!
//! Our own reader rather than the `sgf-parse` crate, whose traps a game file meets at
//! once: it does not read `B[tt]` as a pass, its `Display` of text unescapes twice, and
//! it refuses the text many files carry before `(;`. This one reads a file the way the
//! PGN reader of the same program does: bounded, never panicking, saying where it stops.
//!
//! ```
//! use go_rules::sgf;
//!
//! let games = sgf::read("Downloaded from a site\n(;GM[1]FF[4]SZ[9]KM[6.5]PB[黑]C[开局];B[ee]C[天元](;W[cc])(;W[gg]))")?;
//! let game = &games[0];
//! assert_eq!(game.size, 9);
//! assert_eq!(game.tag("PB"), Some("黑"));
//! assert_eq!(game.main_line().len(), 3, "the root, E5 and its first variation C7");
//! assert_eq!(game.node(game.root()).comment, "开局");
//! let again = sgf::read(&sgf::write(game))?;
//! assert_eq!(sgf::write(&again[0]), sgf::write(game));
//! # Ok::<(), go_rules::sgf::SgfError>(())
//! ```

use std::fmt::Write as _;

use crate::board::Board;
use crate::game::{Game, Position};
use crate::point::{Color, MAX_SIZE, Move, Point};
use crate::rules::Rules;

/// Variations nested deeper than this are refused: no file makes the reader or the
/// writer recurse without end.
pub const MAX_NESTING: usize = 200;
/// The most bytes read.
pub const MAX_BYTES: usize = 4 << 20;

/// Why an SGF text does not read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("SGF, line {line}: {what}")]
pub struct SgfError {
    /// The line (1-based) where reading stopped.
    pub line: usize,
    /// What is wrong.
    pub what: String,
}

/// One node of a game: the move it makes, its comment, and every other property as
/// the file had it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Node {
    /// The move, and who made it.
    pub mv: Option<(Color, Move)>,
    /// `C[…]`.
    pub comment: String,
    /// Every other property, in file order (game information on the root, setup
    /// stones, marks, clocks, glyphs…).
    pub props: Vec<(String, Vec<String>)>,
    /// The nodes that follow: the first is the main line.
    pub children: Vec<usize>,
}

/// A game as a file holds it.
#[derive(Clone, Debug, PartialEq)]
pub struct SgfGame {
    /// The board's size.
    pub size: u8,
    /// The nodes; the root is the first.
    pub nodes: Vec<Node>,
}

impl SgfGame {
    /// The root.
    #[must_use]
    pub fn root(&self) -> usize {
        0
    }

    /// A node.
    #[must_use]
    pub fn node(&self, i: usize) -> &Node {
        &self.nodes[i]
    }

    /// The values of property `name` on the root (game information: `PB`, `RE`, `KM`…).
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&str> {
        prop(&self.nodes[0], name)
            .and_then(|v| v.first())
            .map(String::as_str)
    }

    /// Sets root property `name` to `value` (replacing it), or removes it for `None`.
    pub fn set_tag(&mut self, name: &str, value: Option<&str>) {
        let root = &mut self.nodes[0];
        root.props.retain(|(n, _)| n != name);
        if let Some(v) = value {
            root.props.push((name.to_owned(), vec![v.to_owned()]));
        }
    }

    /// Writes a count: the result (`RE`) on the root and each side's points (`TB`, `TW`:
    /// its territory and the dead stones it took) on the main line's last node.
    pub fn set_count(&mut self, result: &str, owners: &[(Point, Color)]) {
        self.set_tag("RE", Some(result));
        let last = *self.main_line().last().expect("the root at least");
        let node = &mut self.nodes[last];
        node.props.retain(|(n, _)| n != "TB" && n != "TW");
        for (name, side) in [("TB", Color::Black), ("TW", Color::White)] {
            let points: Vec<String> = owners
                .iter()
                .filter(|&&(_, c)| c == side)
                .map(|&(p, _)| coordinates(p))
                .collect();
            if !points.is_empty() {
                node.props.push((name.to_owned(), points));
            }
        }
    }

    /// The stones a count written by [`set_count`](Self::set_count) took as dead in
    /// `pos` (the main line's end): those standing on the other side's `TB`/`TW` points.
    #[must_use]
    pub fn counted_dead(&self, pos: &Position) -> Vec<Point> {
        let board = pos.board();
        let last = *self.main_line().last().expect("the root at least");
        let mut dead = Vec::new();
        for (name, side) in [("TB", Color::Black), ("TW", Color::White)] {
            for value in prop(&self.nodes[last], name).into_iter().flatten() {
                dead.extend(
                    points_of(value, board.size())
                        .into_iter()
                        .filter(|&p| board.get(p) == Some(!side)),
                );
            }
        }
        dead.sort();
        dead.dedup();
        dead
    }

    /// The main line: from the root, each node's first child.
    #[must_use]
    pub fn main_line(&self) -> Vec<usize> {
        let mut line = vec![0];
        let mut at = 0;
        while let Some(&next) = self.nodes[at].children.first() {
            line.push(next);
            at = next;
        }
        line
    }

    /// Komi as the file gives it: `KM[6.5]`; Fox's client writes it in hundredths
    /// (`KM[750]`) or fiftieths (`KM[375]`), both 7.5.
    #[must_use]
    pub fn komi(&self) -> Option<f32> {
        let text = self.tag("KM")?.trim();
        let k: f32 = text.parse().ok()?;
        if !k.is_finite() {
            return None;
        }
        if k.fract() == 0.0 && k.abs() >= 50.0 {
            let hundredths = k / 100.0;
            if (hundredths * 2.0).fract() == 0.0 {
                return Some(hundredths);
            }
            return Some(k / 50.0);
        }
        Some(k)
    }

    /// The rules the file names (`RU`), with its komi; Chinese where it names none we
    /// know.
    #[must_use]
    pub fn rules(&self) -> Rules {
        let named = self.tag("RU").map(|r| r.trim().to_ascii_lowercase());
        let base = match named.as_deref() {
            Some("japanese" | "jp") => Rules::JAPANESE,
            Some("korean" | "ko") => Rules::KOREAN,
            Some("aga") => Rules::AGA,
            Some("nz" | "new zealand" | "new-zealand") => Rules::NEW_ZEALAND,
            Some("tromp-taylor" | "tromp taylor" | "tt") => Rules::TROMP_TAYLOR,
            _ => Rules::CHINESE,
        };
        match self.komi() {
            Some(k) => base.with_komi(k),
            None => base,
        }
    }

    /// The handicap stones (`HA`).
    #[must_use]
    pub fn handicap(&self) -> u8 {
        self.tag("HA")
            .and_then(|h| h.trim().parse().ok())
            .unwrap_or(0)
    }

    /// The position the root sets up (`AB`, `AW`, `AE`, `PL`).
    ///
    /// # Errors
    /// A setup point off the board.
    pub fn start(&self) -> Result<Position, SgfError> {
        let mut board = Board::new(self.size).map_err(|e| error(1, &e.to_string()))?;
        set_up(&mut board, &self.nodes[0])?;
        let stones = board.stones(Color::Black).len() + board.stones(Color::White).len();
        let to_move = match prop(&self.nodes[0], "PL").and_then(|v| v.first()) {
            Some(p) if p.trim().eq_ignore_ascii_case("W") => Color::White,
            Some(_) => Color::Black,
            // Handicap stones and no PL: white moves first.
            None if self.handicap() > 1 && stones > 0 => Color::White,
            None => Color::Black,
        };
        Ok(Position::from_board(board, to_move))
    }

    /// The game along `line` (node numbers from the root), replayed as the file says:
    /// each move by its colour, captures first, even where the rules forbid it (a ko).
    ///
    /// # Errors
    /// A stone on a taken point or off the board, with the ply.
    pub fn replay(&self, line: &[usize]) -> Result<Game, SgfError> {
        self.replay_with(line, self.rules())
    }

    /// [`replay`](Self::replay) under other rules (the moves are the file's all the
    /// same; what follows them is judged by `rules`).
    ///
    /// # Errors
    /// A stone on a taken point or off the board, with the ply.
    pub fn replay_with(&self, line: &[usize], rules: Rules) -> Result<Game, SgfError> {
        let mut game = Game::from_position(self.start()?, rules, self.handicap());
        for (ply, &i) in line.iter().enumerate().skip(1) {
            let node = &self.nodes[i];
            if let Some((color, mv)) = node.mv {
                game.play_as(color, mv)
                    .map_err(|e| error(1, &format!("move {ply} ({}): {e}", mv.gtp(self.size))))?;
            }
        }
        Ok(game)
    }
}

impl SgfGame {
    /// A game as SGF: its size, rules, komi and handicap on the root, its set-up stones,
    /// then each move by the side that played it.
    #[must_use]
    pub fn from_game(game: &Game) -> SgfGame {
        let start = game.start();
        let board = start.board();
        let size = board.size();
        let rules = game.rules();
        let mut root = Node::default();
        root.props.push(("RU".into(), vec![rules.name.to_owned()]));
        root.props.push(("KM".into(), vec![rules.komi.to_string()]));
        if game.handicap() > 0 {
            root.props
                .push(("HA".into(), vec![game.handicap().to_string()]));
        }
        for (name, color) in [("AB", Color::Black), ("AW", Color::White)] {
            let stones: Vec<String> = board.stones(color).into_iter().map(coordinates).collect();
            if !stones.is_empty() {
                root.props.push((name.into(), stones));
            }
        }
        let to_move = if start.to_move() == Color::White {
            "W"
        } else {
            "B"
        };
        root.props.push(("PL".into(), vec![to_move.to_owned()]));
        let mut nodes = vec![root];
        for (ply, &mv) in game.moves().iter().enumerate() {
            let color = game
                .position_at(ply)
                .map_or(Color::Black, Position::to_move);
            let id = nodes.len();
            nodes[id - 1].children.push(id);
            nodes.push(Node {
                mv: Some((color, mv)),
                ..Node::default()
            });
        }
        SgfGame { size, nodes }
    }
}

fn prop<'a>(node: &'a Node, name: &str) -> Option<&'a Vec<String>> {
    node.props.iter().find(|(k, _)| k == name).map(|(_, v)| v)
}

fn error(line: usize, what: &str) -> SgfError {
    SgfError {
        line,
        what: what.to_owned(),
    }
}

/// A point as SGF writes it (`dd`), or `None` for a pass (`""`, or `tt` up to 19×19).
pub(crate) fn point(text: &str, size: u8) -> Result<Option<Point>, String> {
    let t = text.trim().as_bytes();
    if t.is_empty() || (t == b"tt" && size <= 19) {
        return Ok(None);
    }
    let coord = |c: u8| match c {
        b'a'..=b'z' => Some(c - b'a'),
        b'A'..=b'Z' => Some(c - b'A' + 26),
        _ => None,
    };
    match t {
        [x, y] => match (coord(*x), coord(*y)) {
            (Some(x), Some(y)) if x < size && y < size => Ok(Some(Point::new(x, y))),
            _ => Err(format!("\"{text}\" is off the {size}×{size} board")),
        },
        _ => Err(format!("\"{text}\" is not a point")),
    }
}

/// A point as SGF names it (`dd`).
#[must_use]
pub fn coordinates(p: Point) -> String {
    let c = |v: u8| char::from(if v < 26 { b'a' + v } else { b'A' + v - 26 });
    format!("{}{}", c(p.x), c(p.y))
}

/// The points a point-list value names (`dd`, or a rectangle `aa:cc`, as `AB` or `TB`
/// give them); none for a value that names no point of a `size` board.
#[must_use]
pub fn points_of(value: &str, size: u8) -> Vec<Point> {
    points(value, size).unwrap_or_default()
}

/// The points of a setup value, `dd` or a rectangle `aa:cc`.
fn points(value: &str, size: u8) -> Result<Vec<Point>, String> {
    match value.split_once(':') {
        None => Ok(point(value, size)?.into_iter().collect()),
        Some((a, b)) => {
            let (Some(a), Some(b)) = (point(a, size)?, point(b, size)?) else {
                return Err(format!("\"{value}\" is not a rectangle of points"));
            };
            let mut out = Vec::new();
            for y in a.y.min(b.y)..=a.y.max(b.y) {
                for x in a.x.min(b.x)..=a.x.max(b.x) {
                    out.push(Point::new(x, y));
                }
            }
            Ok(out)
        }
    }
}

fn set_up(board: &mut Board, node: &Node) -> Result<(), SgfError> {
    for (name, stone) in [
        ("AE", None),
        ("AB", Some(Color::Black)),
        ("AW", Some(Color::White)),
    ] {
        for v in prop(node, name).into_iter().flatten() {
            for p in points(v, board.size()).map_err(|e| error(1, &format!("{name}: {e}")))? {
                board.set(p, stone);
            }
        }
    }
    Ok(())
}

/// Turns file bytes into text: a BOM's encoding, else the one `CA[…]` names, else
/// UTF-8 when it is valid, else GB18030 (mainland files) or Big5 (Taiwan's and Hong
/// Kong's), whichever reads as more of the words Go records are made of.
#[must_use]
pub fn decode(bytes: &[u8]) -> String {
    if let Some((encoding, bom)) = encoding_rs::Encoding::for_bom(bytes) {
        return encoding
            .decode_without_bom_handling(&bytes[bom..])
            .0
            .into_owned();
    }
    let named = bytes.windows(3).position(|w| w == b"CA[").and_then(|i| {
        let rest = &bytes[i + 3..];
        let end = rest.iter().position(|&b| b == b']')?;
        encoding_rs::Encoding::for_label(rest[..end].trim_ascii())
    });
    match (named, std::str::from_utf8(bytes)) {
        (Some(e), _) if e != encoding_rs::UTF_8 => {
            e.decode_without_bom_handling(bytes).0.into_owned()
        }
        (_, Ok(text)) => text.to_owned(),
        _ => cjk_text::legacy(bytes, COMMON).0,
    }
}

/// The characters Go records are made of, in simplified and traditional script: the
/// sides, results, ranks, titles, events, and the commonest words of comments.
const COMMON: &str = "黑白先胜勝负負和目半子中盘盤局段级級名人本因坊棋圣聖王战戰杯赛賽第届屆年月日\
    国國围圍手对對的了是在不着著这這此好大小上下来來去为為得也就还還可以有打提劫活死眼";

/// A property's name: its capital letters (FF[3]'s `AddBlack` is `AB`).
fn short_name(name: &str) -> String {
    name.chars().filter(char::is_ascii_uppercase).collect()
}

/// Reads every game of an SGF text: text before the first `(;` and between games is
/// not read.
///
/// # Errors
/// Unbalanced brackets, an unclosed value, a point off the board, a game that is not
/// Go or whose size is not played here; with its line.
pub fn read(text: &str) -> Result<Vec<SgfGame>, SgfError> {
    if text.len() > MAX_BYTES {
        return Err(error(
            1,
            &format!("the text is {} bytes; at most 4 MB are read", text.len()),
        ));
    }
    let bytes = text.as_bytes();
    let mut games = Vec::new();
    let mut i = 0;
    let mut line = 1;
    // The next "(" followed by ";" (white space between) starts a game.
    let game_at = |from: usize| {
        (from..bytes.len()).find(|&k| {
            bytes[k] == b'('
                && bytes[k + 1..].iter().find(|b| !b.is_ascii_whitespace()) == Some(&b';')
        })
    };
    while let Some(start) = game_at(i) {
        line += bytes[i..start].iter().filter(|&&b| b == b'\n').count();
        let (raw, end, lines) = parse_tree(text, start, line)?;
        line += lines;
        i = end;
        games.push(build(raw, line)?);
    }
    if games.is_empty() {
        return Err(error(1, "there is no game in it (no \"(;\")"));
    }
    Ok(games)
}

/// Nodes as read, before they are understood.
struct RawNode {
    props: Vec<(String, Vec<String>)>,
    children: Vec<usize>,
}

/// Reads one game tree from `start` (a `(`): its nodes, where it ends, the lines it
/// spans. Iterative: a deeply nested file costs no stack.
fn parse_tree(
    text: &str,
    start: usize,
    first_line: usize,
) -> Result<(Vec<RawNode>, usize, usize), SgfError> {
    let bytes = text.as_bytes();
    let mut nodes: Vec<RawNode> = Vec::new();
    // For each open "(": the node the variation hangs from.
    let mut open: Vec<Option<usize>> = Vec::new();
    let mut last: Option<usize> = None;
    let mut line = first_line;
    let mut i = start;
    while i < bytes.len() {
        let c = bytes[i];
        match c {
            b'\n' => {
                line += 1;
                i += 1;
            }
            b'(' => {
                if open.len() >= MAX_NESTING {
                    return Err(error(
                        line,
                        &format!("variations nested deeper than {MAX_NESTING}"),
                    ));
                }
                open.push(last);
                i += 1;
            }
            b')' => {
                let Some(parent) = open.pop() else {
                    return Err(error(line, "a ')' closes no variation"));
                };
                last = parent;
                i += 1;
                if open.is_empty() {
                    return Ok((nodes, i, line - first_line));
                }
            }
            b';' => {
                let id = nodes.len();
                nodes.push(RawNode {
                    props: Vec::new(),
                    children: Vec::new(),
                });
                if let Some(p) = last {
                    nodes[p].children.push(id);
                } else if id > 0 {
                    return Err(error(line, "a second root in one game"));
                }
                last = Some(id);
                i += 1;
            }
            c if c.is_ascii_alphabetic() => {
                let name_start = i;
                while i < bytes.len() && bytes[i].is_ascii_alphabetic() {
                    i += 1;
                }
                let name = short_name(&text[name_start..i]);
                let mut values = Vec::new();
                loop {
                    while i < bytes.len() && bytes[i].is_ascii_whitespace() {
                        line += usize::from(bytes[i] == b'\n');
                        i += 1;
                    }
                    if i >= bytes.len() || bytes[i] != b'[' {
                        break;
                    }
                    let (value, next, lines) = value(text, i + 1, line)?;
                    values.push(value);
                    line += lines;
                    i = next;
                }
                let Some(node) = last else {
                    return Err(error(
                        line,
                        &format!("a property ({name}) outside any node"),
                    ));
                };
                if values.is_empty() {
                    return Err(error(line, &format!("the property {name} has no value")));
                }
                if !name.is_empty() {
                    match nodes[node].props.iter_mut().find(|(k, _)| *k == name) {
                        Some((_, v)) => v.extend(values),
                        None => nodes[node].props.push((name, values)),
                    }
                }
            }
            _ => i += 1,
        }
    }
    Err(error(first_line, "a game opened with '(' is never closed"))
}

/// One value from just after its `[`: escapes taken (`\]`, `\\`), a soft line break
/// (`\` at a line's end) dropped. Returns it, where it ends and the lines it spans.
fn value(text: &str, from: usize, line: usize) -> Result<(String, usize, usize), SgfError> {
    let mut out = String::new();
    let mut lines = 0;
    let mut chars = text[from..].char_indices();
    while let Some((k, c)) = chars.next() {
        match c {
            ']' => return Ok((out, from + k + 1, lines)),
            '\\' => match chars.next() {
                Some((_, '\n')) => lines += 1,
                Some((_, '\r')) => {
                    lines += 1;
                    if chars.clone().next().is_some_and(|(_, c)| c == '\n') {
                        chars.next();
                    }
                }
                Some((_, e)) => out.push(e),
                None => break,
            },
            '\r' => {}
            '\n' => {
                lines += 1;
                out.push('\n');
            }
            c => out.push(c),
        }
    }
    Err(error(line, "a value opened with '[' is never closed"))
}

/// The nodes understood: the size, moves, comments.
fn build(raw: Vec<RawNode>, line: usize) -> Result<SgfGame, SgfError> {
    let root = raw
        .first()
        .ok_or_else(|| error(line, "a game without a node"))?;
    let get = |name: &str| {
        root.props
            .iter()
            .find(|(k, _)| k == name)
            .and_then(|(_, v)| v.first())
    };
    if let Some(gm) = get("GM")
        && gm.trim() != "1"
    {
        return Err(error(line, &format!("GM[{gm}] is not Go")));
    }
    let size = match get("SZ") {
        None => 19,
        Some(sz) => {
            let n: u32 = sz
                .split(':')
                .next()
                .and_then(|s| s.trim().parse().ok())
                .ok_or_else(|| error(line, &format!("SZ[{sz}] is not a size")))?;
            if sz.contains(':') {
                return Err(error(
                    line,
                    &format!("SZ[{sz}]: only square boards are played here"),
                ));
            }
            if !(2..=u32::from(MAX_SIZE)).contains(&n) {
                return Err(error(
                    line,
                    &format!("a {n}×{n} board is not played here: sizes go from 2×2 to 19×19"),
                ));
            }
            n as u8
        }
    };
    let mut nodes = Vec::with_capacity(raw.len());
    for r in raw {
        let mut node = Node {
            children: r.children,
            ..Node::default()
        };
        for (name, values) in r.props {
            match name.as_str() {
                "B" | "W" => {
                    let color = if name == "B" {
                        Color::Black
                    } else {
                        Color::White
                    };
                    let mv = match point(&values[0], size) {
                        Ok(Some(p)) => Move::Play(p),
                        Ok(None) => Move::Pass,
                        Err(e) => return Err(error(line, &format!("{name}[{}]: {e}", values[0]))),
                    };
                    node.mv = Some((color, mv));
                }
                "C" => node.comment = values.join("\n"),
                _ => node.props.push((name, values)),
            }
        }
        nodes.push(node);
    }
    Ok(SgfGame { size, nodes })
}

/// A value with `]` and `\` escaped.
fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace(']', "\\]")
}

/// The game as FF[4] UTF-8 SGF: the root's information, then every node and variation.
#[must_use]
pub fn write(game: &SgfGame) -> String {
    let mut out = String::from("(");
    // Iterative, as the reader: (node, whether a variation opens here) to do.
    enum Step {
        Node(usize),
        Open,
        Close,
    }
    let mut todo = vec![Step::Node(0)];
    while let Some(step) = todo.pop() {
        match step {
            Step::Close => out.push(')'),
            Step::Node(i) => {
                let node = &game.nodes[i];
                out.push(';');
                if i == 0 {
                    out.push_str("FF[4]CA[UTF-8]GM[1]");
                    let _ = write!(out, "SZ[{}]", game.size);
                }
                if let Some((color, mv)) = node.mv {
                    let c = if color == Color::Black { "B" } else { "W" };
                    let at = match mv {
                        Move::Play(p) => coordinates(p),
                        Move::Pass => String::new(),
                    };
                    let _ = write!(out, "{c}[{at}]");
                }
                for (name, values) in &node.props {
                    if i == 0 && ["FF", "CA", "GM", "SZ"].contains(&name.as_str()) {
                        continue;
                    }
                    out.push_str(name);
                    for v in values {
                        let _ = write!(out, "[{}]", escape(v));
                    }
                }
                if !node.comment.is_empty() {
                    let _ = write!(out, "C[{}]", escape(&node.comment));
                }
                match node.children.as_slice() {
                    [] => {}
                    [only] => todo.push(Step::Node(*only)),
                    many => {
                        // Each child a variation of its own, in order.
                        for &c in many.iter().rev() {
                            todo.push(Step::Close);
                            todo.push(Step::Node(c));
                            todo.push(Step::Open);
                        }
                    }
                }
            }
            Step::Open => out.push('('),
        }
    }
    out.push_str(")\n");
    out
}
