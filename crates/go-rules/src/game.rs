//! Positions and games: a move played by the rules (captures, then the mover's own
//! chain; ko; suicide), and a game that keeps every earlier position for superko.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use crate::board::{Board, SizeError, WHITE_TO_MOVE};
use crate::point::{Color, Move, Point};
use crate::rules::{KoRule, Rules};

/// Why a move may not be played. Points are named as GTP names them on the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum IllegalMove {
    /// Off the board.
    #[error("{} is off the {size}×{size} board", point.gtp(*size))]
    OffBoard {
        /// The point.
        point: crate::Point,
        /// The board's size.
        size: u8,
    },
    /// A stone is there.
    #[error("{} is taken", point.gtp(*size))]
    Occupied {
        /// The point.
        point: Point,
        /// The board's size.
        size: u8,
    },
    /// The stone would have no liberty and take none (suicide).
    #[error("{} would leave its own chain without a liberty (suicide)", point.gtp(*size))]
    Suicide {
        /// The point.
        point: Point,
        /// The board's size.
        size: u8,
    },
    /// A single stone was just taken there in a ko.
    #[error("{} is a ko just taken: play a threat elsewhere first", point.gtp(*size))]
    Ko {
        /// The point.
        point: Point,
        /// The board's size.
        size: u8,
    },
    /// The move would bring back an earlier position (superko).
    #[error(
        "{} would bring back the position {} (superko)",
        point.gtp(*size),
        match repeats { 0 => "of the start".to_owned(), n => format!("after move {n}") }
    )]
    Superko {
        /// The point.
        point: Point,
        /// The board's size.
        size: u8,
        /// The ply after which that position stood (0: the start).
        repeats: usize,
    },
}

/// The board, the side to move, a ko point and the prisoners taken.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Position {
    board: Board,
    to_move: Color,
    ko: Option<Point>,
    /// Stones taken by black, by white.
    captures: [u32; 2],
}

impl Position {
    /// An empty board, black to move.
    ///
    /// # Errors
    /// A size outside 2 to 19.
    pub fn new(size: u8) -> Result<Position, SizeError> {
        Ok(Position::from_board(Board::new(size)?, Color::Black))
    }

    /// Stones set up on a board (a handicap, a problem), `to_move` to play.
    #[must_use]
    pub fn from_board(board: Board, to_move: Color) -> Position {
        Position {
            board,
            to_move,
            ko: None,
            captures: [0, 0],
        }
    }

    /// The stones.
    #[must_use]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The side to move.
    #[must_use]
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// The point a single stone was just taken on in a ko, if any: the side to move may
    /// not play there now.
    #[must_use]
    pub fn ko(&self) -> Option<Point> {
        self.ko
    }

    /// How many stones `color` has taken.
    #[must_use]
    pub fn captures(&self, color: Color) -> u32 {
        self.captures[color.index()]
    }

    /// The board's hash after a stone of the side to move on point `i`, when that stone
    /// simply stands there: the point empty and not a ko, a liberty next to it, and no
    /// chain of the other side taken. `None` otherwise (then [`play`](Self::play) says).
    fn placed_hash(&self, i: usize) -> Option<u64> {
        let board = &self.board;
        if board.at(i).is_some() || self.ko.is_some_and(|k| board.index(k) == i) {
            return None;
        }
        let mut free = false;
        for n in board.neighbours(i) {
            match board.at(n) {
                None => free = true,
                Some(c) if c != self.to_move && !board.has_liberty_besides(n, i) => return None,
                Some(_) => {}
            }
        }
        free.then(|| board.hash_with(i, self.to_move))
    }

    /// The position after `mv` by the side to move under `rules`, superko aside (a game
    /// knows its earlier positions: [`Game::play`]).
    ///
    /// # Errors
    /// Off the board, a taken point, suicide (unless `rules` allow it for a chain of two
    /// stones or more), or retaking a ko at once.
    pub fn play(&self, mv: Move, rules: &Rules) -> Result<Position, IllegalMove> {
        let size = self.board.size();
        let point = match mv {
            Move::Pass => {
                return Ok(Position {
                    to_move: !self.to_move,
                    ko: None,
                    ..*self
                });
            }
            Move::Play(p) => p,
        };
        if !self.board.contains(point) {
            return Err(IllegalMove::OffBoard { point, size });
        }
        let i = self.board.index(point);
        if self.board.at(i).is_some() {
            return Err(IllegalMove::Occupied { point, size });
        }
        if self.ko == Some(point) {
            return Err(IllegalMove::Ko { point, size });
        }
        let me = self.to_move;
        let mut board = self.board;
        board.put(i, Some(me));
        if self.placed_hash(i).is_some() {
            // Most moves: nothing taken, a liberty of its own.
            return Ok(Position {
                board,
                to_move: !me,
                ko: None,
                captures: self.captures,
            });
        }
        // The opponent's chains without a liberty go first...
        let mut taken = 0;
        let mut last_taken = None;
        for n in board.neighbours(i) {
            if board.at(n) == Some(!me)
                && let Some(stones) = board.captured_chain(n)
            {
                taken += board.remove(&stones);
                last_taken = Some(n);
            }
        }
        // ...then the mover's own, if it has none left.
        let mut captures = self.captures;
        if let Some(own) = board.captured_chain(i) {
            if own.len() == 1 || !rules.suicide {
                return Err(IllegalMove::Suicide { point, size });
            }
            captures[(!me).index()] += board.remove(&own);
        }
        captures[me.index()] += taken;
        // A single stone that took a single stone and has that point as its only
        // liberty: the other side may not take it back at once.
        let ko = if taken == 1 {
            let (own, liberties) = board.chain_at(i);
            (own.len() == 1 && liberties == 1)
                .then(|| last_taken.map(|n| board.point(n)))
                .flatten()
        } else {
            None
        };
        Ok(Position {
            board,
            to_move: !me,
            ko,
            captures,
        })
    }
}

/// A game: its rules, its start and every move, with every position reached.
#[derive(Clone, Debug)]
pub struct Game {
    rules: Rules,
    handicap: u8,
    moves: Vec<Move>,
    /// The start, then the position after each move.
    positions: Vec<Position>,
    /// For superko: each position's key and the first ply it stood at.
    seen: HashMap<u64, usize, BuildHasherDefault<ZobristKey>>,
}

/// A position's key is already a Zobrist hash, evenly spread: hashed again it would only
/// cost time.
#[derive(Default)]
struct ZobristKey(u64);

impl Hasher for ZobristKey {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        // Only `u64` keys are hashed here; anything else is folded in all the same.
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }

    fn write_u64(&mut self, key: u64) {
        self.0 = key;
    }
}

impl Game {
    /// A game on an empty board of `size`, black first.
    ///
    /// # Errors
    /// A size outside 2 to 19.
    pub fn new(size: u8, rules: Rules) -> Result<Game, SizeError> {
        Ok(Game::from_position(Position::new(size)?, rules, 0))
    }

    /// A game from `start` (`handicap` stones set up in it, for the count).
    #[must_use]
    pub fn from_position(start: Position, rules: Rules, handicap: u8) -> Game {
        let mut game = Game {
            rules,
            handicap,
            moves: Vec::new(),
            positions: vec![start],
            seen: HashMap::default(),
        };
        game.remember(0);
        game
    }

    /// The rules.
    #[must_use]
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The handicap stones set up at the start.
    #[must_use]
    pub fn handicap(&self) -> u8 {
        self.handicap
    }

    /// The position now.
    #[must_use]
    pub fn position(&self) -> &Position {
        self.positions.last().expect("a game has its start")
    }

    /// The start.
    #[must_use]
    pub fn start(&self) -> &Position {
        &self.positions[0]
    }

    /// The moves played.
    #[must_use]
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The position after `ply` moves.
    #[must_use]
    pub fn position_at(&self, ply: usize) -> Option<&Position> {
        self.positions.get(ply)
    }

    /// How many passes end the moves so far (two: the players may count, or play on).
    #[must_use]
    pub fn passes(&self) -> usize {
        self.moves
            .iter()
            .rev()
            .take_while(|m| **m == Move::Pass)
            .count()
    }

    /// The key superko compares positions by.
    fn key(&self, pos: &Position) -> u64 {
        self.key_of(pos.board.hash(), pos.to_move)
    }

    /// The key of a board of hash `hash` with `to_move` to play.
    fn key_of(&self, hash: u64, to_move: Color) -> u64 {
        match self.rules.ko {
            KoRule::Simple | KoRule::Positional => hash,
            KoRule::Situational => {
                hash ^ if to_move == Color::White {
                    WHITE_TO_MOVE
                } else {
                    0
                }
            }
        }
    }

    /// Whether the side to move may play `mv`: [`check`](Self::check) without making
    /// the position (a stone that takes nothing and keeps a liberty needs only its hash
    /// looked up).
    #[must_use]
    pub fn is_legal(&self, mv: Move) -> bool {
        let pos = self.position();
        if let Move::Play(p) = mv
            && pos.board.contains(p)
            && let Some(hash) = pos.placed_hash(pos.board.index(p))
        {
            return self.rules.ko == KoRule::Simple
                || !self.seen.contains_key(&self.key_of(hash, !pos.to_move));
        }
        self.check(mv).is_ok()
    }

    fn remember(&mut self, ply: usize) {
        let key = self.key(&self.positions[ply]);
        self.seen.entry(key).or_insert(ply);
    }

    /// The position `mv` would give, or why it may not be played.
    ///
    /// # Errors
    /// As [`Position::play`], and under a superko rule a board (with the side to move,
    /// for situational superko) that stood before.
    pub fn check(&self, mv: Move) -> Result<Position, IllegalMove> {
        let next = self.position().play(mv, &self.rules)?;
        if let Move::Play(point) = mv
            && self.rules.ko != KoRule::Simple
            && let Some(&repeats) = self.seen.get(&self.key(&next))
        {
            let size = next.board.size();
            return Err(IllegalMove::Superko {
                point,
                size,
                repeats,
            });
        }
        Ok(next)
    }

    /// Plays `mv` for the side to move.
    ///
    /// # Errors
    /// See [`check`](Self::check); the game is unchanged.
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMove> {
        let next = self.check(mv)?;
        self.push(mv, next);
        Ok(())
    }

    /// Plays `mv` for `color` as a record gives it, whatever the ko rules say and
    /// whoever was to move: the capture order still holds (the opponent's chains, then
    /// the mover's own), and a taken point or one off the board is still refused.
    ///
    /// # Errors
    /// A taken point, or one off the board.
    pub fn play_as(&mut self, color: Color, mv: Move) -> Result<(), IllegalMove> {
        let lax = Rules {
            suicide: true,
            ..self.rules
        };
        let mut from = *self.position();
        from.to_move = color;
        from.ko = None;
        let next = match from.play(mv, &lax) {
            // A recorded single-stone suicide: the stone is simply gone.
            Err(IllegalMove::Suicide { .. }) => Position {
                to_move: !color,
                ko: None,
                ..from
            },
            other => other?,
        };
        self.push(mv, next);
        Ok(())
    }

    fn push(&mut self, mv: Move, next: Position) {
        self.moves.push(mv);
        self.positions.push(next);
        self.remember(self.positions.len() - 1);
    }

    /// Takes back the last move, if any.
    pub fn undo(&mut self) -> Option<Move> {
        let mv = self.moves.pop()?;
        let gone = self.positions.pop().expect("one position a move");
        let ply = self.positions.len();
        let key = self.key(&gone);
        if self.seen.get(&key) == Some(&ply) {
            self.seen.remove(&key);
        }
        Some(mv)
    }

    /// The points the side to move may play on (a pass is always allowed).
    #[must_use]
    pub fn legal_points(&self) -> Vec<Point> {
        self.position()
            .board
            .empty_points()
            .filter(|&p| self.is_legal(Move::Play(p)))
            .collect()
    }
}
