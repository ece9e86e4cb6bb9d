//! Chases (捉) under the Asian (AXF) rules: which of the opponent's pieces a move
//! attacks in a way that counts toward perpetual chase (长捉).
//!
//! The rules, as Fairy-Stockfish (our test oracle) applies them, clause by clause:
//! - Only new attacks count: the moved piece's own attacks (for a chariot or cannon,
//!   not along the line it moved on), attacks it uncovers (a horse's leg, an
//!   elephant's eye, a chariot's or cannon's line, a new cannon screen), protectors
//!   it pins, and pieces a discovered check will let it take.
//! - The general and soldiers that have not crossed the river are never chased.
//! - A horse or cannon attacking a chariot, and an advisor or elephant attacking a
//!   chariot, cannon or horse, chase even a protected piece.
//! - A piece of the same kind is only chased when it cannot attack back (a horse whose
//!   leg is blocked one way only, or a pinned piece).
//! - Otherwise the target is chased when it has no real protector: a protector pinned
//!   to its general does not count, nor a general that could not recapture without
//!   facing the other general.
//!
//! Where the written AXF rules and Fairy-Stockfish differ in detail, this follows
//! Fairy-Stockfish, so that the two agree move for move.

use super::attacks::{self, ADVISOR, ELEPHANT, GENERAL, HORSE, HORSE_ATTACKERS, RAYS, SOLDIER};
use super::{Board, Color, Move, Piece, Position, Role, Square, SquareSet};

/// The opponent's pieces that `m`, played in `before` and giving `after`, chases: the
/// points of the side to move in `after`.
#[must_use]
pub(crate) fn chased(before: &Position, m: Move, after: &Position) -> SquareSet {
    let board = after.board();
    let victim = after.turn();
    let chaser = victim.other();
    let Some(moved) = board.piece_at(m.to) else {
        return SquareSet::EMPTY;
    };
    let captured = before.board().piece_at(m.to).is_some();
    let ours = board.by_color(victim);

    let mut pins = blockers_for_general(board, victim);
    // The flying general pins the only piece of ours between the two generals' file.
    let their_general = after.general(chaser);
    let on_file: SquareSet = ours
        .iter()
        .filter(|s| s.file() == their_general.file())
        .collect();
    let our_general = after.general(victim);
    if on_file.contains(our_general) {
        let others = on_file ^ SquareSet::from_square(our_general);
        if others.len() <= 1 {
            pins |= others;
        }
    }

    let judge = Judge {
        board,
        victim,
        pins,
        their_general,
    };
    let mut chased = SquareSet::EMPTY;

    // Direct attacks of the moved piece.
    if !matches!(moved.role, Role::General | Role::Soldier) {
        let mut direct = attacks_from(board, m.to, moved) & ours;
        if matches!(moved.role, Role::Chariot | Role::Cannon) {
            direct &= !line(m.from, m.to);
        }
        judge.add(&mut chased, m.to, moved.role, direct);
    }

    // Attacks the move uncovered: pieces whose attacks depended on `from` or `to`.
    let mut before_move = board.clone();
    before_move.set(m.from, Some(moved));
    if !captured {
        before_move.set(m.to, None);
    }
    let theirs = board.by_color(chaser);
    let mut candidates = SquareSet::EMPTY;
    for s in theirs.iter() {
        let Some(p) = board.piece_at(s) else { continue };
        let near = |df: i8, dr: i8| m.from.offset(df, dr) == Some(s);
        let uncovered = match p.role {
            Role::Horse => near(0, 1) || near(0, -1) || near(1, 0) || near(-1, 0),
            Role::Elephant => near(1, 1) || near(1, -1) || near(-1, 1) || near(-1, -1),
            Role::Chariot => same_line(s, m.from),
            Role::Cannon => same_line(s, m.from) || same_line(s, m.to),
            _ => false,
        };
        if uncovered {
            candidates.insert(s);
        }
    }
    for s in candidates.iter() {
        let Some(p) = board.piece_at(s) else { continue };
        let discovered = ours & attacks_from(board, s, p) & !attacks_from(&before_move, s, p);
        judge.add(&mut chased, s, p.role, discovered);
    }

    // Protectors the move pinned: what they protected is now fair game.
    let pinned_before = blockers_for_general(before.board(), victim);
    let pinned_now = blockers_for_general(board, victim);
    let their_blockers = blockers_for_general(board, chaser);
    let new_pins = pinned_now & !pinned_before;
    for s in (new_pins & ours).iter() {
        let Some(p) = board.piece_at(s) else { continue };
        let protected = ours & !never_chased(board, victim) & attacks_from(board, s, p);
        for t in protected.iter() {
            if !(attacks::attackers(board, t, chaser) & !their_blockers).is_empty() {
                chased.insert(t);
            }
        }
    }

    // Pieces of theirs that now stand ready to discover check: whatever they attack is
    // taken with check, unless our general can take back.
    let general_steps = steps(&GENERAL, our_general);
    for s in (new_pins & theirs).iter() {
        let Some(p) = board.piece_at(s) else { continue };
        let attacked = attacks_from(board, s, p) & ours;
        chased |= attacked & !general_steps;
        for t in (attacked & general_steps).iter() {
            let mut without = board.clone();
            without.set(s, None);
            without.set(our_general, None);
            let others = attacks::attackers(&without, t, chaser) & !SquareSet::from_square(s);
            if !others.is_empty() {
                chased.insert(t);
            }
        }
    }
    chased
}

/// What decides whether an attack on a piece is a chase.
struct Judge<'a> {
    board: &'a Board,
    victim: Color,
    /// Pieces blocking an attack on the victim's general (and the flying general's).
    pins: SquareSet,
    their_general: Square,
}

impl Judge<'_> {
    /// Adds to `chased` the pieces among `attacked` that an attacker of `role` on
    /// `from` chases.
    fn add(&self, chased: &mut SquareSet, from: Square, role: Role, attacked: SquareSet) {
        if (attacked & !*chased).is_empty() {
            return;
        }
        let board = self.board;
        let victim = self.victim;
        let mut attacked = attacked & !never_chased(board, victim);
        // A stronger piece is chased whether protected or not.
        match role {
            Role::Horse | Role::Cannon => *chased |= attacked & of(board, victim, &[Role::Chariot]),
            Role::Elephant | Role::Advisor => {
                *chased |=
                    attacked & of(board, victim, &[Role::Chariot, Role::Cannon, Role::Horse]);
            }
            _ => {}
        }
        // A piece of the same kind that can strike back is no chase.
        let leg_blocked = [(1, 1), (1, -1), (-1, 1), (-1, -1)]
            .iter()
            .any(|&(df, dr)| {
                from.offset(df, dr)
                    .is_some_and(|s| board.piece_at(s).is_some())
            });
        if role == Role::Horse && leg_blocked {
            for h in (attacked & of(board, victim, &[Role::Horse])).iter() {
                if attacks_from(board, h, Piece::new(victim, Role::Horse)).contains(from) {
                    attacked.remove(h);
                }
            }
        } else {
            attacked &= !of(board, victim, &[role]) | self.pins;
        }
        // The rest only when nothing really protects them.
        let mut without = board.clone();
        without.set(from, None);
        for t in attacked.iter() {
            let roots = attacks::attackers(&without, t, victim) & !self.pins;
            let general = of(board, victim, &[Role::General]);
            let general_only_and_faces =
                roots == general && rook_attacks(&without, self.their_general).contains(t);
            if roots.is_empty() || general_only_and_faces {
                chased.insert(t);
            }
        }
    }
}

/// The general and soldiers still on their own side of the river: never chased.
fn never_chased(board: &Board, color: Color) -> SquareSet {
    let mut out = of(board, color, &[Role::General]);
    for s in of(board, color, &[Role::Soldier]).iter() {
        if s.is_on_side_of(color) {
            out.insert(s);
        }
    }
    out
}

/// The points of `color`'s pieces of the given roles.
fn of(board: &Board, color: Color, roles: &[Role]) -> SquareSet {
    board
        .by_color(color)
        .iter()
        .filter(|&s| board.piece_at(s).is_some_and(|p| roles.contains(&p.role)))
        .collect()
}

/// The points `piece` on `from` attacks: where it could capture, whatever stands there.
fn attacks_from(board: &Board, from: Square, piece: Piece) -> SquareSet {
    let i = from.index();
    match piece.role {
        Role::General => steps(&GENERAL, from),
        Role::Advisor => steps(&ADVISOR, from),
        Role::Elephant => ELEPHANT[i]
            .iter()
            .filter(|&(_, eye)| board.piece_at(eye).is_none())
            .map(|(t, _)| t)
            .collect(),
        Role::Horse => HORSE[i]
            .iter()
            .filter(|&(_, leg)| board.piece_at(leg).is_none())
            .map(|(t, _)| t)
            .collect(),
        Role::Soldier => SOLDIER[piece.color.index()][i]
            .iter()
            .map(|(t, _)| t)
            .collect(),
        Role::Chariot => rook_attacks(board, from),
        Role::Cannon => {
            let mut out = SquareSet::EMPTY;
            for dir in 0..4 {
                let mut screen = false;
                for s in RAYS[i].ray(dir) {
                    if board.piece_at(s).is_some() {
                        if screen {
                            out.insert(s);
                            break;
                        }
                        screen = true;
                    }
                }
            }
            out
        }
    }
}

fn steps(table: &[attacks::Steps; 90], from: Square) -> SquareSet {
    table[from.index()].iter().map(|(t, _)| t).collect()
}

/// A chariot's reach from `from`: along each line up to and including the first piece.
fn rook_attacks(board: &Board, from: Square) -> SquareSet {
    let mut out = SquareSet::EMPTY;
    for dir in 0..4 {
        for s in RAYS[from.index()].ray(dir) {
            out.insert(s);
            if board.piece_at(s).is_some() {
                break;
            }
        }
    }
    out
}

fn same_line(a: Square, b: Square) -> bool {
    a.file() == b.file() || a.rank() == b.rank()
}

/// Every point of the file or rank through `a` and `b`.
fn line(a: Square, b: Square) -> SquareSet {
    Square::all()
        .filter(|s| {
            (a.file() == b.file() && s.file() == a.file())
                || (a.rank() == b.rank() && s.rank() == a.rank())
        })
        .collect()
}

/// The points strictly between `a` and `b` on a line.
fn between(a: Square, b: Square) -> SquareSet {
    Square::all()
        .filter(|s| {
            let inside = |x: u8, lo: u8, hi: u8| lo.min(hi) < x && x < lo.max(hi);
            (a.file() == b.file() && s.file() == a.file() && inside(s.rank(), a.rank(), b.rank()))
                || (a.rank() == b.rank()
                    && s.rank() == a.rank()
                    && inside(s.file(), a.file(), b.file()))
        })
        .collect()
}

/// Pieces of either side that stand between `color`'s general and an attack on it:
/// the only piece between it and an enemy chariot, either of two between it and an
/// enemy cannon, and a piece on the leg of an enemy horse aimed at it.
fn blockers_for_general(board: &Board, color: Color) -> SquareSet {
    let Some(general) = of(board, color, &[Role::General]).iter().next() else {
        return SquareSet::EMPTY;
    };
    let enemy = color.other();
    let occupied = board.by_color(Color::Red) | board.by_color(Color::Black);
    let chariots = of(board, enemy, &[Role::Chariot]);
    let mut out = SquareSet::EMPTY;
    // Chariots already giving check are no snipers; the others are looked through.
    let sliding: SquareSet = chariots
        .iter()
        .filter(|&r| same_line(r, general) && !rook_attacks(board, r).contains(general))
        .collect();
    for r in sliding.iter() {
        let b = between(general, r) & occupied & !sliding;
        if b.len() == 1 {
            out |= b;
        }
    }
    for c in of(board, enemy, &[Role::Cannon]).iter() {
        if !same_line(c, general) {
            continue;
        }
        let b = between(general, c) & occupied;
        // One screen would be check already; two make a pair of blockers.
        if b.len() == 2 {
            out |= b;
        }
    }
    for (h, leg) in HORSE_ATTACKERS[general.index()].iter() {
        if board.piece_at(h) == Some(Piece::new(enemy, Role::Horse))
            && board.piece_at(leg).is_some()
        {
            out.insert(leg);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chased_by(fen: &str, m: &str) -> Vec<String> {
        let before: Position = fen.parse().unwrap();
        let m: Move = m.parse().unwrap();
        let after = before.play(m).unwrap();
        chased(&before, m, &after)
            .iter()
            .map(|s| s.to_string())
            .collect()
    }

    #[test]
    fn a_chariot_attacking_an_unprotected_cannon_chases_it() {
        // Red chariot b0-b4 attacks the lone black cannon on e4 along rank 4.
        assert_eq!(chased_by("3k5/9/9/9/9/4c4/9/9/9/1R2K4 w", "b0b4"), ["e4"]);
    }

    #[test]
    fn a_protected_piece_is_not_chased_unless_it_is_stronger() {
        // The black horse on e4 is protected by the chariot on e9.
        assert!(chased_by("3kr4/9/9/9/9/4n4/9/9/9/1R2K4 w", "b0b4").is_empty());
        // A red horse attacking a black chariot chases it though f9 protects it.
        assert_eq!(chased_by("3k1r3/9/9/9/9/5r3/9/9/2N6/4K4 w", "c1d3"), ["f4"]);
    }

    #[test]
    fn generals_and_soldiers_at_home_are_never_chased() {
        // A black soldier on its own side of the river (e6): no chase.
        assert!(chased_by("3k5/9/9/4p4/9/9/9/9/9/1R2K4 w", "b0b6").is_empty());
        // Across the river (e3) it is fair game.
        assert_eq!(chased_by("3k5/9/9/9/9/9/4p4/9/9/1R2K4 w", "b0b3"), ["e3"]);
    }

    #[test]
    fn an_elephant_chases_even_a_protected_horse() {
        // The red elephant e2-c4 attacks the black horse on a2, which a9's chariot guards.
        assert_eq!(chased_by("r2k5/9/9/9/9/9/9/n3B4/9/4K4 w", "e2c4"), ["a2"]);
    }

    #[test]
    fn a_general_that_would_face_the_other_is_no_protector() {
        // The horse on e8 stands between the generals: taking it back with the general
        // would face red's, so it is chased.
        assert_eq!(chased_by("4k4/4n4/9/9/9/9/9/9/9/R3K4 w", "a0a8"), ["e8"]);
        // An advisor on d9 really protects it.
        assert!(chased_by("3ak4/4n4/9/9/9/9/9/9/9/R3K4 w", "a0a8").is_empty());
    }

    #[test]
    fn a_discovered_attack_chases() {
        // The horse leaves a4 and uncovers the chariot on a0 against the cannon on a7.
        assert_eq!(chased_by("3k5/9/c8/9/9/N8/9/9/9/R3K4 w", "a4b6"), ["a7"]);
    }

    #[test]
    fn a_chariot_on_a_chariot_is_no_chase() {
        // Each could take the other.
        assert!(chased_by("3k5/9/9/9/9/5r3/9/9/9/1R2K4 w", "b0b4").is_empty());
    }
}
