//! XQF, the binary game format of XQStudio (象棋演播室), which most Chinese programs
//! read and write: a 1024-byte header (keys, the 32 pieces' points, result, title,
//! event, date, site, players…, strings in GBK) and then the move tree, one record per
//! move in depth-first order, each saying whether a next move, an alternative move
//! and a comment follow. From version 1.1 the pieces, moves and comments are
//! scrambled with keys kept in the header.
//!
//! Reading gives the main line as the game and the other branches as
//! [`Variation`]s; an illegal move in a variation ends that variation, one in the main
//! line is an error. Writing produces version 1.8 (or any older version) files that
//! XQStudio-compatible readers open.
//!
//! ```
//! use xiangqi_rules::{Game, xqf, record::GameRecord};
//!
//! let mut game = Game::new();
//! game.play("h2e2".parse().unwrap()).unwrap();
//! let bytes = xqf::write(&GameRecord::new(game));
//! assert!(xqf::looks_like(&bytes));
//! let back = xqf::read(&bytes).unwrap();
//! assert_eq!(back.game.moves().next().map(|m| m.to_string()), Some("h2e2".into()));
//! ```

use std::collections::BTreeMap;

pub use super::record::XqfError;
use super::record::{
    Format, GameRecord, ImportError, ImportErrorKind, MAX_NESTING, MAX_PLIES, Variation,
};
use super::{Board, Color, Game, Move, Piece, Position, PositionError, Role, Setup, Square};

/// The header's size; the move records follow it.
const HEADER: usize = 1024;
/// The newest format version (1.8) this reads.
pub const NEWEST_VERSION: u8 = 18;
/// From this version on, files are scrambled.
const FIRST_SCRAMBLED: u8 = 11;

/// The kind of piece each of a side's 16 slots holds in the header.
const SLOTS: [Role; 16] = [
    Role::Chariot,
    Role::Horse,
    Role::Elephant,
    Role::Advisor,
    Role::General,
    Role::Advisor,
    Role::Elephant,
    Role::Horse,
    Role::Chariot,
    Role::Cannon,
    Role::Cannon,
    Role::Soldier,
    Role::Soldier,
    Role::Soldier,
    Role::Soldier,
    Role::Soldier,
];

/// The header's text fields: offset, size (a length byte, then the bytes), tag.
const FIELDS: [(usize, usize, &str); 11] = [
    (80, 64, "Title"),
    (208, 64, "Event"),
    (272, 16, "Date"),
    (288, 16, "Site"),
    (304, 16, "Red"),
    (320, 16, "Black"),
    (336, 64, "Opening"),
    (400, 16, "RedTime"),
    (416, 16, "BlackTime"),
    (464, 16, "Annotator"),
    (480, 16, "Author"),
];

/// Whether `bytes` begin like an XQF file (its `XQ` signature followed by binary data),
/// so that a text that happens to begin with "XQ" is not taken for one.
#[must_use]
pub fn looks_like(bytes: &[u8]) -> bool {
    bytes.starts_with(b"XQ")
        && (bytes.len() < 3 || bytes[2] <= NEWEST_VERSION + 1 || {
            let head = &bytes[..bytes.len().min(HEADER)];
            head.contains(&0) || std::str::from_utf8(head).is_err()
        })
}

/// The scrambling keys of a file (all zero before version 1.1).
#[derive(Clone, Copy, Default)]
struct Keys {
    /// Added to every piece's point.
    pieces: u8,
    /// Added to every move's start point.
    from: u8,
    /// Added to every move's end point.
    to: u8,
    /// Added to every comment's length.
    comment: i64,
    /// Added, byte by byte, to everything after the header.
    stream: [u8; 32],
}

fn square54plus221(x: u8) -> u8 {
    (u32::from(x) * u32::from(x) * 54 + 221) as u8
}

impl Keys {
    /// The keys from the header's bytes 3..16 (`mask, product id ×4, or ×4, sum, xy,
    /// xyf, xyt`).
    fn new(head: &[u8]) -> Keys {
        let (mask, or, raw) = (head[3], &head[8..12], &head[12..16]);
        let pieces = square54plus221(raw[1]).wrapping_mul(raw[1]);
        let from = square54plus221(raw[2]).wrapping_mul(pieces);
        let to = square54plus221(raw[3]).wrapping_mul(from);
        let comment = (i64::from(raw[0]) * 256 + i64::from(raw[1])) % 32000 + 767;
        let mut stream = *b"[(C) Copyright Mr. Dong Shiwei.]";
        for (i, b) in stream.iter_mut().enumerate() {
            *b &= (raw[i % 4] & mask) | or[i % 4];
        }
        Keys {
            pieces,
            from,
            to,
            comment,
            stream,
        }
    }
}

/// One record of the move tree, decoded.
struct Record {
    from: u8,
    to: u8,
    next: bool,
    alternative: bool,
    comment: Option<String>,
}

struct Records<'a> {
    body: &'a [u8],
    at: usize,
    version: u8,
    keys: Keys,
}

impl Records<'_> {
    fn take(&mut self, n: usize) -> Result<&[u8], XqfError> {
        let bytes = self
            .body
            .get(self.at..self.at + n)
            .ok_or(XqfError::Truncated)?;
        self.at += n;
        Ok(bytes)
    }

    fn next(&mut self) -> Result<Record, XqfError> {
        let r = self.take(4)?;
        let (from, to, tag) = (r[0], r[1], r[2]);
        let scrambled = self.version >= FIRST_SCRAMBLED;
        let (next, alternative, has_comment) = if scrambled {
            (tag & 0x80 != 0, tag & 0x40 != 0, tag & 0x20 != 0)
        } else {
            (tag & 0xf0 != 0, tag & 0x0f != 0, true)
        };
        let mut comment = None;
        if has_comment {
            let raw = self.take(4)?;
            let len = i64::from(i32::from_le_bytes([raw[0], raw[1], raw[2], raw[3]]))
                - if scrambled { self.keys.comment } else { 0 };
            if len < 0 || len as usize > self.body.len() - self.at {
                return Err(XqfError::CommentLength(len));
            }
            let text = super::record::decode(self.take(len as usize)?).replace("\r\n", "\n");
            let text = text.trim_matches(|c: char| c.is_whitespace() || c == '\0');
            if !text.is_empty() {
                comment = Some(text.to_owned());
            }
        }
        Ok(Record {
            from: from.wrapping_sub(0x18).wrapping_sub(self.keys.from),
            to: to.wrapping_sub(0x20).wrapping_sub(self.keys.to),
            next,
            alternative,
            comment,
        })
    }
}

/// A point as XQF numbers it: `file × 10 + rank`, rank 0 on red's side.
fn square(xy: u8) -> Option<Square> {
    Square::new(xy / 10, xy % 10)
}

fn xy(sq: Square) -> u8 {
    sq.file() * 10 + sq.rank()
}

struct Node {
    record: Record,
    children: Vec<usize>,
}

fn error(kind: XqfError) -> ImportError {
    ImportError::new(Format::Xqf, ImportErrorKind::Xqf(kind))
}

/// Reads an XQF file.
pub fn read(bytes: &[u8]) -> Result<GameRecord, ImportError> {
    if bytes.len() < HEADER {
        return Err(error(XqfError::ShortHeader(bytes.len())));
    }
    let version = bytes[2];
    if version > NEWEST_VERSION {
        return Err(error(XqfError::NewerVersion(version)));
    }
    let scrambled = version >= FIRST_SCRAMBLED;
    let keys = if scrambled {
        if bytes[12..16]
            .iter()
            .fold(0u8, |sum, &b| sum.wrapping_add(b))
            != 0
        {
            return Err(error(XqfError::BadKey));
        }
        Keys::new(bytes)
    } else {
        Keys::default()
    };
    let board = pieces(&bytes[16..48], version, keys).map_err(error)?;
    let mut body = bytes[HEADER..].to_vec();
    for (i, b) in body.iter_mut().enumerate() {
        *b = b.wrapping_sub(keys.stream[i % 32]);
    }
    let nodes = tree(&body, version, keys)?;

    // The side to move is the side of the first move's piece.
    let first = nodes[0].children.first().map(|&n| &nodes[n].record);
    let start = match first {
        Some(r) => {
            let sq = square(r.from).ok_or_else(|| error(XqfError::OffBoard(r.from)).at_ply(1))?;
            let turn = board.piece_at(sq).map_or(Color::Red, |p| p.color);
            position(board, turn)
        }
        None => {
            let preferred = if bytes[50] == 1 {
                Color::Black
            } else {
                Color::Red
            };
            position(board.clone(), preferred)
                .or_else(|e| position(board, !preferred).map_err(|_| e))
        }
    }
    .map_err(|e| error(XqfError::Position(e)))?;

    let mut record = GameRecord::new(Game::from_position(start.clone()));
    record.tags = tags(bytes);
    if let Some(c) = &nodes[0].record.comment {
        record.comments.insert(0, c.clone());
    }
    if let Some(&head) = nodes[0].children.first() {
        let main = line(&nodes, head, &start, 0, &mut record.dropped);
        for &m in &main.moves {
            // Legal: `line` played them already.
            let _ = record.game.play_on(m);
        }
        record.comments.extend(main.comments);
        let mut variations = alternatives(&nodes, 0, &start, 0, 0, &mut record.dropped);
        variations.extend(main.variations);
        record.variations = variations;
    }
    Ok(record)
}

/// The 32 pieces of the header, unscrambled, on a board.
fn pieces(raw: &[u8], version: u8, keys: Keys) -> Result<Board, XqfError> {
    let mut points = [0u8; 32];
    for (i, &b) in raw.iter().enumerate() {
        // From version 1.2 the slots are also rotated.
        let slot = if version >= 12 {
            (usize::from(keys.pieces) + 1 + i) % 32
        } else {
            i
        };
        points[slot] = b.wrapping_sub(keys.pieces);
    }
    let mut board = Board::empty();
    for (i, &p) in points.iter().enumerate() {
        let Some(sq) = square(p) else { continue };
        if board.piece_at(sq).is_some() {
            return Err(XqfError::TwoPieces(sq));
        }
        let color = if i < 16 { Color::Red } else { Color::Black };
        board.set(sq, Some(Piece::new(color, SLOTS[i % 16])));
    }
    Ok(board)
}

fn position(board: Board, turn: Color) -> Result<Position, PositionError> {
    Position::from_setup(Setup {
        board,
        turn,
        halfmoves: 0,
        fullmoves: 1,
    })
}

fn tags(head: &[u8]) -> Vec<(String, String)> {
    let mut tags = Vec::new();
    // The fields are read in one encoding, told from all of them (GBK or Big5).
    let raw: Vec<&[u8]> = FIELDS
        .iter()
        .map(|&(offset, size, _)| {
            let len = usize::from(head[offset]).min(size - 1);
            &head[offset + 1..offset + 1 + len]
        })
        .collect();
    let texts = super::record::decode_together(&raw);
    for ((_, _, name), text) in FIELDS.iter().zip(&texts) {
        let text = text.trim_matches(|c: char| c.is_whitespace() || c == '\0');
        if !text.is_empty() {
            tags.push(((*name).to_owned(), text.to_owned()));
        }
    }
    // The title is what most files fill in; it stands for a missing event.
    if !tags.iter().any(|(k, _)| k == "Event")
        && let Some(title) = tags
            .iter()
            .find(|(k, _)| k == "Title")
            .map(|(_, v)| v.clone())
    {
        tags.push(("Event".to_owned(), title));
    }
    let result = match head[51] {
        1 => "1-0",
        2 => "0-1",
        3 | 4 => "1/2-1/2",
        _ => "*",
    };
    tags.push(("Result".to_owned(), result.to_owned()));
    tags
}

/// The move tree: node 0 is the root record (no move, the opening comment); each
/// node's first child continues its line and the others are alternatives to that
/// child, in file order.
fn tree(body: &[u8], version: u8, keys: Keys) -> Result<Vec<Node>, ImportError> {
    let mut records = Records {
        body,
        at: 0,
        version,
        keys,
    };
    // A file that ends right after its header has no moves.
    if body.is_empty() {
        let root = Record {
            from: 0,
            to: 0,
            next: false,
            alternative: false,
            comment: None,
        };
        return Ok(vec![Node {
            record: root,
            children: Vec::new(),
        }]);
    }
    let root = records.next().map_err(error)?;
    let mut pending = Vec::new();
    if root.next {
        pending.push((0usize, 1usize)); // (parent node, ply of the record)
    }
    let mut nodes = vec![Node {
        record: root,
        children: Vec::new(),
    }];
    // Depth first: a record's next move comes before its alternative.
    while let Some((parent, ply)) = pending.pop() {
        let record = records.next().map_err(|e| error(e).at_ply(ply))?;
        let id = nodes.len();
        if record.alternative {
            pending.push((parent, ply));
        }
        if record.next {
            pending.push((id, ply + 1));
        }
        nodes[parent].children.push(id);
        nodes.push(Node {
            record,
            children: Vec::new(),
        });
    }
    Ok(nodes)
}

struct Line {
    moves: Vec<Move>,
    comments: BTreeMap<usize, String>,
    variations: Vec<Variation>,
}

/// The line that starts with node `head`, played from `pos`. A move that cannot be
/// played ends the line there and goes to `dropped`, as cchess reads such files.
fn line(
    nodes: &[Node],
    head: usize,
    start: &Position,
    nesting: usize,
    dropped: &mut Vec<ImportError>,
) -> Line {
    let mut out = Line {
        moves: Vec::new(),
        comments: BTreeMap::new(),
        variations: Vec::new(),
    };
    let mut pos = start.clone();
    let mut node = head;
    loop {
        let r = &nodes[node].record;
        let ply = out.moves.len() + 1;
        if ply > MAX_PLIES {
            dropped.push(ImportError::new(Format::Xqf, ImportErrorKind::TooLong).at_ply(ply));
            break;
        }
        let at = |kind: ImportErrorKind| {
            let mut e = ImportError::new(Format::Xqf, kind).at_ply(ply);
            if let (Some(f), Some(t)) = (square(r.from), square(r.to)) {
                e = e.with_token(&Move::new(f, t).to_string());
            }
            e
        };
        let played = match (square(r.from), square(r.to)) {
            (Some(f), Some(t)) => pos
                .play(Move::new(f, t))
                .map(|p| (Move::new(f, t), p))
                .map_err(|e| at(e.into())),
            (None, _) => Err(at(XqfError::OffBoard(r.from).into())),
            (_, None) => Err(at(XqfError::OffBoard(r.to).into())),
        };
        let (m, after) = match played {
            Ok(x) => x,
            Err(e) => {
                dropped.push(e);
                break;
            }
        };
        out.moves.push(m);
        if let Some(c) = &r.comment {
            out.comments.insert(out.moves.len(), c.clone());
        }
        pos = after;
        let Some(&next) = nodes[node].children.first() else {
            break;
        };
        out.variations.extend(alternatives(
            nodes,
            node,
            &pos,
            out.moves.len(),
            nesting,
            dropped,
        ));
        node = next;
    }
    out
}

/// The alternatives to the first child of `parent`, which is move `ply` + 1 of its line.
fn alternatives(
    nodes: &[Node],
    parent: usize,
    pos: &Position,
    ply: usize,
    nesting: usize,
    dropped: &mut Vec<ImportError>,
) -> Vec<Variation> {
    if nesting >= MAX_NESTING {
        return Vec::new();
    }
    let mut out = Vec::new();
    for &alt in nodes[parent].children.iter().skip(1) {
        let l = line(nodes, alt, pos, nesting + 1, dropped);
        if !l.moves.is_empty() {
            out.push(Variation {
                ply,
                moves: l.moves,
                comments: l.comments,
                variations: l.variations,
                ..Variation::default()
            });
        }
    }
    out
}

/// Writes a record as an XQF 1.8 file.
#[must_use]
pub fn write(record: &GameRecord) -> Vec<u8> {
    write_version(record, NEWEST_VERSION)
}

/// The keys written files use (any whose sum is zero would do).
const WRITE_KEYS: [u8; 13] = [
    0xeb, 0, 0, 0, 0, 0x3f, 0x8a, 0xae, 0x89, 0xbb, 0xa4, 0x54, 0x4d,
];

/// Writes a record as an XQF file of format `version` (10 = 1.0, unscrambled; 11 and
/// later scrambled; above [`NEWEST_VERSION`] it writes the newest). Strings longer than
/// their header field are cut at a character boundary.
#[must_use]
pub fn write_version(record: &GameRecord, version: u8) -> Vec<u8> {
    let version = version.clamp(1, NEWEST_VERSION);
    let scrambled = version >= FIRST_SCRAMBLED;
    let mut out = vec![0u8; HEADER];
    out[..2].copy_from_slice(b"XQ");
    out[2] = version;
    let keys = if scrambled {
        out[3..16].copy_from_slice(&WRITE_KEYS);
        Keys::new(&out)
    } else {
        Keys::default()
    };

    // The pieces, each in the first free slot of its kind.
    let start = record.game.start();
    let mut points = [0xffu8; 32];
    for (sq, piece) in start.board().pieces() {
        let base = if piece.color == Color::Red { 0 } else { 16 };
        if let Some(slot) = (0..16).find(|&i| SLOTS[i] == piece.role && points[base + i] == 0xff) {
            points[base + slot] = xy(sq);
        }
    }
    for i in 0..32 {
        // The inverse of the rotation in `pieces`.
        let slot = if version >= 12 {
            (usize::from(keys.pieces) + 1 + i) % 32
        } else {
            i
        };
        out[16 + i] = points[slot].wrapping_add(keys.pieces);
    }
    out[50] = u8::from(start.turn() == Color::Black);
    out[51] = match record.tag("Result") {
        Some("1-0") => 1,
        Some("0-1") => 2,
        Some("1/2-1/2" | "½-½") => 3,
        _ => 0,
    };
    out[64] = if *start == Position::new() { 0 } else { 3 };
    for (offset, size, name) in FIELDS {
        let value = match name {
            "Title" => record.tag("Title").or(record.tag("Event")),
            _ => record.tag(name),
        };
        let Some(value) = value.filter(|v| !v.is_empty() && *v != "?") else {
            continue;
        };
        let bytes = gbk(value, size - 1);
        out[offset] = bytes.len() as u8;
        out[offset + 1..offset + 1 + bytes.len()].copy_from_slice(&bytes);
    }

    let body_start = out.len();
    let nodes = write_tree(record);
    let write_node = |out: &mut Vec<u8>, node: &WriteNode, alternative: bool| {
        let (from, to) = node.mv.map_or((0, 0), |m| (xy(m.from), xy(m.to)));
        let comment = node.comment.as_deref().map(|c| gbk(c, usize::MAX));
        let next = !node.children.is_empty();
        let tag = if scrambled {
            (if next { 0x80 } else { 0 })
                | (if alternative { 0x40 } else { 0 })
                | (if comment.is_some() { 0x20 } else { 0 })
        } else {
            (if next { 0xf0 } else { 0 }) | (if alternative { 0x0f } else { 0 })
        };
        out.extend_from_slice(&[
            from.wrapping_add(0x18).wrapping_add(keys.from),
            to.wrapping_add(0x20).wrapping_add(keys.to),
            tag,
            0,
        ]);
        // Version 1.0 gives every record a length; later ones only commented records.
        if comment.is_some() || !scrambled {
            let text = comment.unwrap_or_default();
            let len = text.len() as i64 + if scrambled { keys.comment } else { 0 };
            out.extend_from_slice(&(len as i32).to_le_bytes());
            out.extend_from_slice(&text);
        }
    };
    write_node(&mut out, &nodes[0], false);
    // Depth first: a node, all that follows it, then the alternatives to it.
    let mut stack = Vec::new();
    if !nodes[0].children.is_empty() {
        stack.push((0usize, 0usize)); // (parent, index among its children)
    }
    while let Some((parent, k)) = stack.pop() {
        let siblings = &nodes[parent].children;
        let id = siblings[k];
        write_node(&mut out, &nodes[id], k + 1 < siblings.len());
        if k + 1 < siblings.len() {
            stack.push((parent, k + 1));
        }
        if !nodes[id].children.is_empty() {
            stack.push((id, 0));
        }
    }
    for (i, b) in out[body_start..].iter_mut().enumerate() {
        *b = b.wrapping_add(keys.stream[i % 32]);
    }
    out
}

struct WriteNode {
    mv: Option<Move>,
    comment: Option<String>,
    children: Vec<usize>,
}

/// The record as a move tree: node 0 is the start, each node's first child continues
/// its line.
fn write_tree(record: &GameRecord) -> Vec<WriteNode> {
    fn add_line(
        nodes: &mut Vec<WriteNode>,
        parent: usize,
        moves: &[Move],
        comments: &BTreeMap<usize, String>,
        variations: &[Variation],
        nesting: usize,
    ) {
        let mut chain = vec![parent];
        for (i, &m) in moves.iter().enumerate() {
            let id = nodes.len();
            nodes.push(WriteNode {
                mv: Some(m),
                comment: comments.get(&(i + 1)).cloned(),
                children: Vec::new(),
            });
            let last = chain[chain.len() - 1];
            nodes[last].children.push(id);
            chain.push(id);
        }
        if nesting >= MAX_NESTING {
            return;
        }
        for v in variations {
            if let Some(&at) = chain.get(v.ply) {
                add_line(nodes, at, &v.moves, &v.comments, &v.variations, nesting + 1);
            }
        }
    }
    let mut nodes = vec![WriteNode {
        mv: None,
        comment: record.comments.get(&0).cloned(),
        children: Vec::new(),
    }];
    let moves: Vec<Move> = record.game.moves().collect();
    add_line(
        &mut nodes,
        0,
        &moves,
        &record.comments,
        &record.variations,
        0,
    );
    nodes
}

/// `text` in GBK (GB18030), at most `max` bytes, cut at a character boundary.
fn gbk(text: &str, max: usize) -> Vec<u8> {
    let mut out = Vec::new();
    let mut buf = [0u8; 4];
    for c in text.chars() {
        let (bytes, _, _) = encoding_rs::GB18030.encode(c.encode_utf8(&mut buf));
        if out.len() + bytes.len() > max {
            break;
        }
        out.extend_from_slice(&bytes);
    }
    out
}
