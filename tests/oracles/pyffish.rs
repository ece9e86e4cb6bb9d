//! Differential test against an independent engine, Fairy-Stockfish (the `pyffish`
//! package): on thousands of positions reached by seeded random play, both must agree
//! on the legal moves, check, checkmate and stalemate.
//!
//! Python: see `common::python`.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use crate::common;

use common::python::python;
use common::{Rng, random_line, random_setup, sharp_move};
use xiangqi::rules::{Game, Move, Notation, Position, Role, Termination};

const POSITIONS: usize = 3000;

pub(super) struct Oracle {
    _child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

struct Answer {
    check: bool,
    result: i64,
    moves: Vec<String>,
}

impl Oracle {
    pub(super) fn start() -> Oracle {
        let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/pyffish_oracle.py");
        let mut child = Command::new(python())
            .arg(script)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("start the pyffish oracle");
        let stdin = child.stdin.take().unwrap();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        Oracle {
            _child: child,
            stdin,
            stdout,
        }
    }

    pub(super) fn ask(&mut self, request: &str) -> String {
        writeln!(self.stdin, "{request}").unwrap();
        let mut line = String::new();
        self.stdout.read_line(&mut line).unwrap();
        assert!(!line.starts_with("error"), "pyffish: {line} for {request}");
        line
    }

    fn legal(&mut self, fen: &str) -> Answer {
        let line = self.ask(&format!("legal\t{fen}"));
        let mut answer = Answer {
            check: false,
            result: 0,
            moves: Vec::new(),
        };
        for field in line.split_whitespace() {
            match field.split_once('=') {
                Some(("check", v)) => answer.check = v == "1",
                Some(("result", v)) => answer.result = v.parse().unwrap(),
                Some(("moves", v)) => {
                    answer.moves = v
                        .split(',')
                        .filter(|m| !m.is_empty())
                        .map(String::from)
                        .collect()
                }
                _ => panic!("oracle said {line:?} for {fen}"),
            }
        }
        answer
    }
}

#[derive(Default, Debug)]
struct Tally {
    positions: usize,
    checks: usize,
    checkmates: usize,
    stalemates: usize,
}

fn compare(
    oracle: &mut Oracle,
    pos: &Position,
    history: &str,
    tally: &mut Tally,
) -> Option<String> {
    let fen = pos.to_fen();
    let theirs = oracle.legal(&fen);
    let mut ours: Vec<String> = pos.legal_moves().iter().map(Move::to_string).collect();
    ours.sort();
    tally.positions += 1;
    tally.checks += usize::from(pos.is_check());
    tally.checkmates += usize::from(pos.is_checkmate());
    tally.stalemates += usize::from(pos.is_stalemate());
    let mut problems = Vec::new();
    if ours != theirs.moves {
        let only_ours: Vec<_> = ours.iter().filter(|m| !theirs.moves.contains(m)).collect();
        let only_theirs: Vec<_> = theirs.moves.iter().filter(|m| !ours.contains(m)).collect();
        problems.push(format!(
            "moves only we allow {only_ours:?}, only pyffish allows {only_theirs:?}"
        ));
    }
    if pos.is_check() != theirs.check {
        problems.push(format!(
            "check: ours {}, pyffish {}",
            pos.is_check(),
            theirs.check
        ));
    }
    // With no legal move, Fairy-Stockfish scores the side to move as lost, in check
    // (checkmate) or not (stalemate, a loss in Xiangqi).
    let their_mate = theirs.moves.is_empty() && theirs.check;
    let their_stalemate = theirs.moves.is_empty() && !theirs.check;
    if pos.is_checkmate() != their_mate || pos.is_stalemate() != their_stalemate {
        problems.push(format!(
            "checkmate/stalemate: ours {}/{}, pyffish {their_mate}/{their_stalemate}",
            pos.is_checkmate(),
            pos.is_stalemate()
        ));
    }
    if theirs.moves.is_empty() && theirs.result >= 0 {
        problems.push(format!(
            "pyffish scores the side with no move as {}",
            theirs.result
        ));
    }
    (!problems.is_empty()).then(|| {
        format!(
            "FEN {fen}\n  moves from the game start: {history}\n  {}",
            problems.join("\n  ")
        )
    })
}

/// Fails listing the first mismatches, each with the FEN and moves that reproduce it.
fn assert_none(mismatches: &[String], what: &str) {
    let shown: Vec<&str> = mismatches.iter().take(20).map(String::as_str).collect();
    assert!(
        mismatches.is_empty(),
        "{} {what}:\n{}",
        mismatches.len(),
        shown.join("\n")
    );
}

#[test]
fn agrees_with_fairy_stockfish() {
    let mut oracle = Oracle::start();
    let mut rng = Rng(0x00c0_ffee_1234_5678);
    let mut tally = Tally::default();
    let mut mismatches = Vec::new();

    // Positions random play rarely reaches: stalemates and mates on each side.
    for fen in [
        "3k5/R8/9/9/9/9/9/9/9/4K4 b - - 0 1",
        "4k4/9/9/9/9/9/9/9/r8/5K3 w - - 0 1",
        "rnb1kaCnr/4a4/1c5c1/p1p1p3p/6p2/9/P1P1P1P1P/1C7/9/RNBAKABNR b - - 0 3",
        "4k4/4P4/9/9/9/9/9/9/9/3K5 b - - 0 1",
        "3k5/4P4/4P4/9/9/9/9/9/9/4K4 b - - 0 1",
        "4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 w - - 0 1",
    ] {
        let pos: Position = fen.parse().unwrap();
        mismatches.extend(compare(&mut oracle, &pos, "(set up)", &mut tally));
    }

    // Random legal setups: odd material, stacked pieces, generals in odd corners.
    for _ in 0..500 {
        let pos = random_setup(&mut rng);
        mismatches.extend(compare(&mut oracle, &pos, "(random setup)", &mut tally));
    }

    while tally.positions < POSITIONS {
        let start = Position::new();
        let mut game = Game::from_position(start);
        let mut history = Vec::new();
        loop {
            let pos = game.position().clone();
            mismatches.extend(compare(&mut oracle, &pos, &history.join(" "), &mut tally));
            if !pos.has_legal_moves() || history.len() >= 80 {
                break;
            }
            let m = sharp_move(&pos, &mut rng);
            // Repetition and the 60-move rule end a Game; random play goes on past them.
            game = Game::from_position(pos.play(m).unwrap());
            history.push(m.to_string());
        }
    }

    eprintln!("compared with pyffish: {tally:?}");
    assert_none(&mismatches, "positions disagree with Fairy-Stockfish");
    assert!(tally.positions >= 2000);
    assert!(
        tally.checks >= 100,
        "too few checks to be a test: {tally:?}"
    );
    assert!(
        tally.checkmates >= 5,
        "too few checkmates to be a test: {tally:?}"
    );
    assert!(
        tally.stalemates >= 2,
        "too few stalemates to be a test: {tally:?}"
    );
}

#[test]
fn wxf_text_matches_fairy_stockfish() {
    let mut oracle = Oracle::start();
    let mut rng = Rng(0x0000_0000_00ff_5e55);
    let mut starts: Vec<Position> = (0..150).map(|_| Position::new()).collect();
    starts.extend((0..350).map(|_| random_setup(&mut rng)));
    let (mut moves, mut mismatches) = (0, Vec::new());
    for start in starts {
        let line = random_line(&start, 60, &mut rng);
        let iccs: Vec<String> = line.iter().map(Move::to_string).collect();
        let theirs = oracle.ask(&format!("wxf\t{}\t{}", start.to_fen(), iccs.join(",")));
        let theirs: Vec<&str> = theirs.split_whitespace().collect();
        // One answer a move: fewer would silently compare fewer moves.
        assert_eq!(
            theirs.len(),
            line.len(),
            "pyffish gave {} WXF moves for {} from {}: {theirs:?}",
            theirs.len(),
            line.len(),
            start.to_fen()
        );
        let mut pos = start.clone();
        for ((m, text), fsf) in line.iter().zip(&iccs).zip(theirs) {
            let ours = Notation::Wxf.write(&pos, *m);
            if ours != fsf {
                mismatches.push(format!(
                    "{} {text}: ours {ours}, pyffish {fsf}",
                    pos.to_fen()
                ));
            }
            moves += 1;
            pos.play_unchecked(*m);
        }
    }
    eprintln!("{moves} WXF moves compared with pyffish");
    assert!(moves > 10_000);
    assert_none(&mismatches, "WXF texts differ from Fairy-Stockfish");
}

/// The end Fairy-Stockfish gives a line: `None`, or `Some(n)` with n > 0 when the side
/// to move at the end wins, n < 0 when it loses, 0 for a draw.
fn oracle_end(oracle: &mut Oracle, fen: &str, line: &[Move]) -> Option<i64> {
    let moves: Vec<String> = line.iter().map(Move::to_string).collect();
    let answer = oracle.ask(&format!("end\t{fen}\t{}", moves.join(",")));
    let answer = answer.trim();
    if answer == "end=0" {
        return None;
    }
    let result = answer
        .strip_prefix("end=1 result=")
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("oracle said {answer:?}"));
    Some(result)
}

/// Non-capturing legal moves of `pos` whose piece, once moved, attacks an enemy piece.
fn attacking_moves(pos: &Position) -> Vec<Move> {
    let us = pos.turn();
    pos.legal_moves()
        .iter()
        .copied()
        .filter(|&m| pos.capture(m).is_none())
        .filter(|&m| {
            let after = pos.play(m).unwrap();
            after.board().by_color(us.other()).iter().any(|t| {
                after.piece_at(t).is_some_and(|p| p.role != Role::General)
                    && after.attackers(t, us).contains(m.to)
            })
        })
        .collect()
}

/// A line that repeats a position three times by two pieces shuttling, built to make
/// chases likely: an entry move by one side (its piece attacks something), then four
/// times a shuttle by the other side (often the attacked piece fleeing) and by the
/// first (often the same attacker following), twice over. `None` when the shuttles
/// chosen are not all legal or capture.
fn shuttle_line(start: &Position, rng: &mut Rng) -> Option<Vec<Move>> {
    let mut line = Vec::new();
    let mut pos = start.clone();
    // The entry, usually an attacking move.
    let attacking = attacking_moves(&pos);
    let entry = if !attacking.is_empty() && rng.below(6) > 0 {
        Some(rng.pick(&attacking))
    } else if rng.below(2) == 0 {
        None
    } else {
        Some(rng.pick(&pos.legal_moves()))
    };
    if let Some(m) = entry {
        if pos.capture(m).is_some() {
            return None;
        }
        pos = pos.play(m).unwrap();
        line.push(m);
    }
    // The fleeing side: a piece the entry attacks, or any.
    let quiet = |p: &Position| -> Vec<Move> {
        p.legal_moves()
            .iter()
            .copied()
            .filter(|&m| p.capture(m).is_none())
            .collect()
    };
    let mut first = quiet(&pos);
    if let Some(e) = entry {
        let flee: Vec<Move> = first
            .iter()
            .copied()
            .filter(|m| pos.attackers(m.from, pos.turn().other()).contains(e.to))
            .collect();
        if !flee.is_empty() && rng.below(8) > 0 {
            first = flee;
        }
    }
    if first.is_empty() {
        return None;
    }
    let a = rng.pick(&first);
    let p1 = pos.play(a).unwrap();
    // The other side: the entry's piece following, attacking the fled piece, or any.
    let mut second = quiet(&p1);
    if let Some(e) = entry {
        let follow: Vec<Move> = second
            .iter()
            .copied()
            .filter(|m| m.from == e.to)
            .filter(|&m| {
                p1.play(m)
                    .unwrap()
                    .attackers(a.to, p1.turn())
                    .contains(m.to)
            })
            .collect();
        if !follow.is_empty() && rng.below(8) > 0 {
            second = follow;
        }
    }
    if second.is_empty() {
        return None;
    }
    let b = rng.pick(&second);
    let back = |m: Move| Move::new(m.to, m.from);
    let cycle = [a, b, back(a), back(b)];
    for _ in 0..2 {
        for m in cycle {
            if pos.capture(m).is_some() || !pos.is_legal(m) {
                return None;
            }
            pos = pos.play(m).unwrap();
            line.push(m);
        }
    }
    Some(line)
}

#[test]
fn repetition_verdicts_agree_with_fairy_stockfish() {
    let mut oracle = Oracle::start();
    let mut rng = Rng(0x0c4a_5e00_2026_1122);
    let mut mismatches = Vec::new();
    let (mut cycles, mut decisive, mut chases, mut checks) = (0, 0, 0, 0);
    let mut attempts = 0;
    while cycles < 4000 && attempts < 200_000 {
        attempts += 1;
        // A middlegame from the start, or a random setup; the clock at zero so that
        // only repetition can end the line.
        let start = if rng.below(2) == 0 {
            let mut pos = Position::new();
            for m in random_line(&pos.clone(), 10 + rng.below(30), &mut rng) {
                pos.play_unchecked(m);
            }
            pos
        } else {
            random_setup(&mut rng)
        };
        if !start.has_legal_moves() {
            continue;
        }
        let placement = start.to_fen();
        let fields: Vec<&str> = placement.split_whitespace().collect();
        let fen = format!("{} {} - - 0 1", fields[0], fields[1]);
        let start: Position = fen.parse().unwrap();
        let Some(line) = shuttle_line(&start, &mut rng) else {
            continue;
        };
        cycles += 1;
        let mut game = Game::from_position(start);
        for (i, &m) in line.iter().enumerate() {
            if game.play(m).is_err() {
                mismatches.push(format!("{fen} {:?}: ply {} refused", line, i + 1));
                break;
            }
            // Only the last ply, or one where we end the game, can complete a
            // three-fold repetition: ask there.
            let theirs = if i + 1 == line.len() || game.outcome().is_some() {
                oracle_end(&mut oracle, &fen, &line[..=i])
            } else {
                None
            };
            let to_move = game.position().turn();
            let ours = game.outcome().map(|o| match o.winner {
                Some(c) if c == to_move => 1,
                Some(_) => -1,
                None => 0,
            });
            let theirs_sign = theirs.map(i64::signum);
            if ours != theirs_sign {
                let moves: Vec<String> = line[..=i].iter().map(Move::to_string).collect();
                mismatches.push(format!(
                    "{fen} moves {}: ours {:?}, Fairy-Stockfish {theirs:?}",
                    moves.join(" "),
                    game.outcome().map(|o| o.to_string())
                ));
                break;
            }
            if let Some(o) = game.outcome() {
                decisive += usize::from(o.winner.is_some());
                chases += usize::from(o.termination == Termination::PerpetualChase);
                checks += usize::from(o.termination == Termination::PerpetualCheck);
                break;
            }
        }
    }
    println!(
        "{cycles} repetition cycles ({attempts} attempts): {decisive} decisive ({chases} perpetual chase, {checks} perpetual check)"
    );
    assert_none(
        &mismatches,
        "repetition verdicts differ from Fairy-Stockfish",
    );
    assert!(
        cycles >= 4000,
        "only {cycles} cycles in {attempts} attempts"
    );
    assert!(
        chases >= 100,
        "only {chases} perpetual chases among {cycles} cycles"
    );
}

#[test]
fn the_axf_cases_of_fairy_stockfish_agree() {
    let mut oracle = Oracle::start();
    let cases = include_str!("../data/axf-cases.txt");
    let mut problems = Vec::new();
    let mut n = 0;
    for line in cases
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
    {
        let fields: Vec<&str> = line.split(" | ").collect();
        let [verdict, what, fen, moves] = fields[..] else {
            panic!("bad case line: {line}");
        };
        n += 1;
        let line: Vec<Move> = moves.split(' ').map(|m| m.parse().unwrap()).collect();
        // play_on: a repetition reached on the way may already end the game; the case
        // is judged at its last move, as Fairy-Stockfish's suite does.
        let mut game = Game::from_position(fen.parse().unwrap());
        for &m in &line {
            game.play_on(m)
                .unwrap_or_else(|e| panic!("{what}: {m}: {e}"));
        }
        let to_move = game.position().turn();
        let ours = game.outcome().map(|o| match o.winner {
            Some(c) if c == to_move => "win",
            Some(_) => "loss",
            None => "draw",
        });
        let theirs = oracle_end(&mut oracle, fen, &line).map(|r| match r.signum() {
            1 => "win",
            -1 => "loss",
            _ => "draw",
        });
        let fits = |got: Option<&str>| match verdict {
            "ends" => got.is_some(),
            v => got == Some(v),
        };
        if !fits(ours) || !fits(theirs) {
            problems.push(format!(
                "{what}: expected {verdict}, ours {:?} ({:?}), Fairy-Stockfish {theirs:?}",
                ours,
                game.outcome().map(|o| o.to_string())
            ));
        }
    }
    assert_eq!(n, 33, "the AXF cases");
    assert_none(&problems, "AXF cases");
}

/// The Chinese text a move's WXF (as Fairy-Stockfish writes it) stands for, by the
/// rules of Chinese notation, written here from those rules alone: the piece (车马炮
/// for both sides), the file or the place in a column (前/后; 前/中/后 for three; 前,
/// 二 to 五 for more; stacked soldiers always told apart, where two files each hold
/// several by the place and the file, without the piece), 进/退/平, and red's numbers in characters, black's in full-width
/// digits. `pos` is the position the move is made in, `from` the moving piece's point.
fn chinese_of_wxf(pos: &Position, wxf: &str, from: xiangqi::rules::Square) -> String {
    use xiangqi::rules::Color;
    let red = pos.turn() == Color::Red;
    let number = |d: char| -> String {
        let n = d.to_digit(10).unwrap() as usize;
        if red {
            ["一", "二", "三", "四", "五", "六", "七", "八", "九"][n - 1].to_owned()
        } else {
            ["１", "２", "３", "４", "５", "６", "７", "８", "９"][n - 1].to_owned()
        }
    };
    let piece = |letter: char| -> &str {
        match (letter, red) {
            ('K', true) => "帅",
            ('K', false) => "将",
            ('A', true) => "仕",
            ('A', false) => "士",
            ('E' | 'B', true) => "相",
            ('E' | 'B', false) => "象",
            ('H' | 'N', _) => "马",
            ('R', _) => "车",
            ('C', _) => "炮",
            ('P', true) => "兵",
            ('P', false) => "卒",
            _ => panic!("a piece letter in {wxf}"),
        }
    };
    let op = |c: char| match c {
        '+' => "进",
        '-' => "退",
        '=' => "平",
        _ => panic!("an action in {wxf}"),
    };
    let c: Vec<char> = wxf.chars().collect();
    assert_eq!(c.len(), 4, "{wxf}");
    let tail = format!("{}{}", op(c[2]), number(c[3]));
    let mover = pos.piece_at(from).unwrap();
    let column = |file: u8| {
        let mut ranks: Vec<u8> = pos
            .board()
            .find(mover)
            .iter()
            .filter(|s| s.file() == file)
            .map(|s| s.rank())
            .collect();
        // From the front: the side's own forward direction.
        ranks.sort_unstable();
        if red {
            ranks.reverse();
        }
        ranks
    };
    if mover.role == Role::Soldier && column(from.file()).len() >= 2 {
        // Chinese always tells stacked soldiers apart (WXF only where it must): by
        // their place from the front of their column, and by the file too, without
        // the piece, where two files each hold several.
        let ranks = column(from.file());
        let n = ranks.iter().position(|&r| r == from.rank()).unwrap();
        let place = match ranks.len() {
            2 => ["前", "后"][n],
            3 => ["前", "中", "后"][n],
            // Four or five: 前, then their number (the convention README and
            // notation/chinese.rs state; some write 一 for the first).
            _ => ["前", "二", "三", "四", "五"][n],
        };
        let stacked_files = (0..9).filter(|&f| column(f).len() >= 2).count();
        // The file as the side counts it: red from its right, black from its own.
        let file = if red {
            9 - from.file()
        } else {
            from.file() + 1
        };
        let file = char::from_digit(u32::from(file), 10).unwrap();
        return if stacked_files > 1 {
            format!("{place}{}{tail}", number(file))
        } else {
            format!("{place}{}{tail}", piece('P'))
        };
    }
    if c[0].is_ascii_uppercase() && c[1].is_ascii_digit() {
        // The piece and its file.
        return format!("{}{}{tail}", piece(c[0]), number(c[1]));
    }
    assert!(c[0].is_ascii_uppercase(), "{wxf}");
    // Two of a kind on one file: the front or the rear one.
    let place = if c[1] == '+' { "前" } else { "后" };
    format!("{place}{}{tail}", piece(c[0]))
}

/// Where cchess cannot follow (tests/records.rs): advisors, elephants and soldiers
/// stacked on one file. Our Chinese text of those moves is the one Fairy-Stockfish's
/// WXF stands for by the rules of the notation.
#[test]
fn chinese_text_of_stacked_pieces_matches_fairy_stockfishs_wxf() {
    let mut oracle = Oracle::start();
    let mut rng = Rng(0x0073_7461_636b_6564);
    let (mut compared, mut mismatches) = (0, Vec::new());
    let mut kinds = std::collections::BTreeSet::new();
    for _ in 0..1500 {
        let start = random_setup(&mut rng);
        let line = random_line(&start, 40, &mut rng);
        let iccs: Vec<String> = line.iter().map(Move::to_string).collect();
        let theirs = oracle.ask(&format!("wxf\t{}\t{}", start.to_fen(), iccs.join(",")));
        let theirs: Vec<&str> = theirs.split_whitespace().collect();
        assert_eq!(theirs.len(), line.len(), "{}", start.to_fen());
        let mut pos = start.clone();
        for (m, fsf) in line.iter().zip(theirs) {
            let piece = pos.piece_at(m.from).unwrap();
            let stacked = pos
                .board()
                .find(piece)
                .iter()
                .filter(|s| s.file() == m.from.file())
                .count()
                > 1;
            if stacked && matches!(piece.role, Role::Advisor | Role::Elephant | Role::Soldier) {
                let ours = Notation::Chinese.write(&pos, *m);
                let want = chinese_of_wxf(&pos, fsf, m.from);
                if ours != want {
                    mismatches.push(format!(
                        "{} {m}: ours {ours}, {fsf} is {want}",
                        pos.to_fen()
                    ));
                }
                compared += 1;
                kinds.insert(format!("{:?}", piece.role));
            }
            pos.play_unchecked(*m);
        }
    }
    eprintln!("{compared} moves of stacked pieces compared ({kinds:?})");
    assert!(compared > 300, "{compared} compared");
    assert_eq!(
        kinds.len(),
        3,
        "advisors, elephants and soldiers: {kinds:?}"
    );
    assert_none(
        &mismatches,
        "Chinese texts differ from Fairy-Stockfish's WXF",
    );
}

/// Every file of the master dataset's subset imported into a library: the files and
/// games as a count made outside the program says (each file's `[Event` lines), every
/// game refused named with its reason; every game of the files (read from them, not
/// back from the library) played by Fairy-Stockfish, which must accept each and reach
/// the same position; the library gives back those games; and at 100 seeded random
/// positions, the position search and the explorer agree with a scan of every line of
/// the files.
#[test]
fn the_whole_master_subset_imports_and_every_stored_game_is_legal_for_fairy_stockfish() {
    use std::collections::{BTreeMap, BTreeSet, HashMap};
    use xiangqi::library::{Filter, Library};
    let Some(dir) = common::ccpd_subset() else {
        return;
    };
    // The count made outside the program: PGN files, and the games in them.
    let files = common::subset::game_files(&dir);
    let games_outside: usize = files
        .iter()
        .map(|f| {
            let bytes = std::fs::read(f).unwrap();
            let text = [b"\n".as_slice(), &bytes].concat();
            text.windows(8).filter(|w| w == b"\n[Event ").count()
        })
        .sum();
    assert_eq!(files.len(), 21_635);

    let mut lib = Library::in_memory().unwrap();
    let summary = lib.import(&[dir.join("Dataset")], |_| true).unwrap();
    assert_eq!(summary.files, files.len());
    assert_eq!(
        summary.read + summary.unreadable.len(),
        games_outside,
        "every game read or named as unreadable"
    );
    for u in &summary.unreadable {
        assert!(u.path.is_file() && !u.why.is_empty(), "{u:?}");
    }
    assert!(summary.unreadable.len() <= 13, "{:#?}", summary.unreadable);
    assert_eq!(summary.added + summary.duplicates, summary.read);

    // Every game, read from the files themselves (not back from the library), kept once
    // as a library keeps a game: by its start, its moves and its tags; its result the
    // Result tag or else the rules' verdict.
    type Line = (String, Vec<Position>, Vec<Move>);
    let mut distinct: BTreeMap<String, Line> = BTreeMap::new();
    let mut read = 0;
    for f in &files {
        let Ok(games) = xiangqi::rules::read::read_games_bytes(&std::fs::read(f).unwrap()) else {
            continue;
        };
        for imported in games.into_iter().flatten() {
            read += 1;
            let record = imported.record;
            let game = &record.game;
            let moves: Vec<String> = game.moves().map(|m| m.to_string()).collect();
            let mut tags: Vec<String> = record
                .tags
                .iter()
                .map(|(k, v)| format!("{}={}", k.to_ascii_lowercase(), v.trim()))
                .collect();
            tags.sort();
            let identity = format!(
                "{}\n{}\n{}",
                game.start().to_fen(),
                moves.join(" "),
                tags.join("\n")
            );
            let result = match record.tag("Result").map(str::trim) {
                Some(r @ ("1-0" | "0-1" | "1/2-1/2")) => r.to_owned(),
                _ => match game.outcome().map(|o| o.winner) {
                    Some(Some(xiangqi::rules::Color::Red)) => "1-0".to_owned(),
                    Some(Some(xiangqi::rules::Color::Black)) => "0-1".to_owned(),
                    Some(None) => "1/2-1/2".to_owned(),
                    None => "*".to_owned(),
                },
            };
            distinct.entry(identity).or_insert_with(|| {
                let line = (0..=game.ply_count())
                    .map(|p| game.position_at(p).clone())
                    .collect();
                (result, line, game.moves().collect())
            });
        }
    }
    assert_eq!(read, summary.read, "the games the files hold, read");
    assert_eq!(distinct.len(), summary.added, "the distinct games, kept");
    let lines: Vec<Line> = distinct.into_values().collect();

    // Every game, played by Fairy-Stockfish.
    let mut oracle = Oracle::start();
    let mut refused = Vec::new();
    for (_, line, played) in &lines {
        let moves: Vec<String> = played.iter().map(|m| m.to_string()).collect();
        let start = line[0].to_fen();
        let answer = oracle.ask(&format!("game\t{start}\t{}", moves.join(",")));
        let ours = line[line.len() - 1].to_fen();
        let same = answer
            .trim()
            .strip_prefix("fen=")
            .is_some_and(|fen| fen.split(' ').take(2).eq(ours.split(' ').take(2)));
        if !same {
            refused.push(format!("{start} {}: {answer}", moves.join(" ")));
        }
    }
    assert!(
        refused.is_empty(),
        "{} refused: {:#?}",
        refused.len(),
        &refused[..refused.len().min(5)]
    );
    // The library gives back the same games: their starts and moves, as many of each.
    let line_of = |start: &Position, moves: &mut dyn Iterator<Item = Move>| {
        let moves: Vec<String> = moves.map(|m| m.to_string()).collect();
        format!("{} {}", start.to_fen(), moves.join(" "))
    };
    let mut from_files: BTreeMap<String, usize> = BTreeMap::new();
    for (_, line, played) in &lines {
        *from_files
            .entry(line_of(&line[0], &mut played.iter().copied()))
            .or_default() += 1;
    }
    let found = lib.find(&Filter::default()).unwrap();
    assert_eq!(found.len(), summary.added);
    let mut from_library: BTreeMap<String, usize> = BTreeMap::new();
    for g in &found {
        let record = lib.game(g.id).unwrap().expect("a stored game reads back");
        *from_library
            .entry(line_of(record.game.start(), &mut record.game.moves()))
            .or_default() += 1;
    }
    assert!(
        from_files == from_library,
        "the library gives back the files' games"
    );

    // 100 seeded random positions, each checked against a scan of every line.
    let mut rng = Rng(0x11b_cc9d);
    let board = |p: &Position| {
        let fen = p.to_fen();
        fen.split(' ').take(2).collect::<Vec<_>>().join(" ")
    };
    let mut asked: Vec<Position> = Vec::new();
    while asked.len() < 100 {
        let (_, line, _) = &lines[rng.below(lines.len())];
        let pos = &line[rng.below(line.len().min(31))];
        if !asked.iter().any(|p| board(p) == board(pos)) {
            asked.push(pos.clone());
        }
    }
    let wanted: HashMap<String, usize> = asked
        .iter()
        .enumerate()
        .map(|(i, p)| (board(p), i))
        .collect();
    // Per position: the games reaching it (at which first ply), and per move the games
    // and results.
    let mut reached: Vec<Vec<usize>> = vec![Vec::new(); asked.len()];
    let mut moves: Vec<BTreeMap<String, [BTreeSet<usize>; 4]>> = vec![BTreeMap::new(); asked.len()];
    for (id, (result, line, played)) in lines.iter().enumerate() {
        let mut first = vec![false; asked.len()];
        for (ply, pos) in line.iter().enumerate() {
            let Some(&i) = wanted.get(&board(pos)) else {
                continue;
            };
            if !first[i] {
                first[i] = true;
                reached[i].push(ply);
            }
            if let Some(mv) = played.get(ply) {
                let e = moves[i].entry(mv.to_string()).or_default();
                e[0].insert(id);
                let column = match result.as_str() {
                    "1-0" => Some(1),
                    "1/2-1/2" => Some(2),
                    "0-1" => Some(3),
                    _ => None,
                };
                if let Some(c) = column {
                    e[c].insert(id);
                }
            }
        }
    }
    for (i, pos) in asked.iter().enumerate() {
        let filter = Filter {
            position: Some(pos.clone()),
            ..Filter::default()
        };
        let mut found: Vec<usize> = lib
            .find(&filter)
            .unwrap()
            .into_iter()
            .map(|g| g.reached.unwrap())
            .collect();
        found.sort_unstable();
        reached[i].sort_unstable();
        if found != reached[i] {
            // How many games reach it at each ply, both ways (the lists are long).
            let count = |plies: &[usize]| {
                let mut at: BTreeMap<usize, usize> = BTreeMap::new();
                for &p in plies {
                    *at.entry(p).or_default() += 1;
                }
                at
            };
            panic!(
                "the games reaching {}: the library finds {:?} (ply: games), the files hold {:?}",
                pos.to_fen(),
                count(&found),
                count(&reached[i])
            );
        }
        let explored: BTreeMap<String, [usize; 4]> = lib
            .explore(pos)
            .unwrap()
            .into_iter()
            .map(|e| (e.mv.to_string(), [e.games, e.red, e.draws, e.black]))
            .collect();
        let counted: BTreeMap<String, [usize; 4]> = moves[i]
            .iter()
            .map(|(m, sets)| (m.clone(), [0, 1, 2, 3].map(|c| sets[c].len())))
            .collect();
        assert_eq!(explored, counted, "the explorer at {}", pos.to_fen());
    }
}
