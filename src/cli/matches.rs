//! `xiangqi match A B`: a match between levels, engines or a random mover, its games to
//! PGN, its result as cutechess gives it; `xiangqi move --level N FEN`: a level's move.

use std::io::Write;

use xiangqi::go;
use xiangqi::matches::elo::{Sprt, Verdict};
use xiangqi::matches::go::{GoMatch, GoPlayer, run_go};
use xiangqi::matches::{Match, Player, Rng, Seat, run};

use super::{Failure, io, position};

/// What `xiangqi match` was asked.
pub(super) struct Request {
    pub a: String,
    pub b: String,
    pub games: usize,
    pub concurrency: usize,
    pub out: Option<std::path::PathBuf>,
    pub sprt: Option<(f64, f64)>,
    pub seed: u64,
    pub size: u8,
}

fn player(text: &str) -> Result<Player, Failure> {
    text.parse().map_err(Failure)
}

pub(super) fn matches(out: &mut impl Write, request: Request) -> Result<(), Failure> {
    let sprt = request.sprt.map(|(e0, e1)| Sprt::new(e0, e1));
    let started = std::time::Instant::now();
    let mut progress = std::io::stderr();
    let (names, summary) = if GoPlayer::named(&request.a) || GoPlayer::named(&request.b) {
        if !(go::MIN_SIZE..=go::MAX_SIZE).contains(&request.size) {
            return Err(Failure(format!(
                "a board is {}×{} to {}×{}",
                go::MIN_SIZE,
                go::MIN_SIZE,
                go::MAX_SIZE,
                go::MAX_SIZE
            )));
        }
        let m = GoMatch {
            a: request.a.parse().map_err(Failure)?,
            b: request.b.parse().map_err(Failure)?,
            size: request.size,
            rules: go::Rules::CHINESE,
            games: request.games,
            concurrency: request.concurrency,
            out: request.out,
            sprt,
            seed: request.seed,
        };
        let summary = run_go(&m, &mut progress).map_err(Failure)?;
        ([m.a.name(), m.b.name()], summary)
    } else {
        let m = Match {
            a: player(&request.a)?,
            b: player(&request.b)?,
            games: request.games,
            concurrency: request.concurrency,
            out: request.out,
            sprt,
            seed: request.seed,
        };
        let summary = run(&m, &mut progress).map_err(Failure)?;
        ([m.a.name(), m.b.name()], summary)
    };
    let s = summary.score;
    writeln!(
        out,
        "Score of {} vs {}: {} - {} - {} [{:.3}] {}",
        names[0],
        names[1],
        s.wins,
        s.losses,
        s.draws,
        s.mean().unwrap_or(0.5),
        s.games()
    )
    .map_err(io)?;
    match s.elo() {
        Some((elo, low, high)) => writeln!(
            out,
            "Elo difference: {elo:.1} [{}, {}] (95 %), LOS: {:.1} %",
            bound(low),
            bound(high),
            100.0 * s.los()
        ),
        None => writeln!(
            out,
            "Elo difference: unbounded (every game won or lost), LOS: {:.1} %",
            100.0 * s.los()
        ),
    }
    .map_err(io)?;
    let endings: Vec<String> = summary
        .endings
        .iter()
        .map(|(k, n)| format!("{k} {n}"))
        .collect();
    writeln!(out, "Endings: {}", endings.join(", ")).map_err(io)?;
    if let (Some(test), Some(verdict)) = (sprt, summary.verdict) {
        let (low, high) = test.bounds();
        let said = match verdict {
            Verdict::H1 => "H1 accepted",
            Verdict::H0 => "H0 accepted",
            Verdict::Continue => "no decision yet",
        };
        writeln!(
            out,
            "SPRT: llr {:.2} ({low:.2}, {high:.2}) [{}, {}]: {said}",
            test.llr(&s),
            test.elo0,
            test.elo1
        )
        .map_err(io)?;
    }
    let secs = started.elapsed().as_secs_f64();
    writeln!(
        out,
        "Time: {secs:.1} s, {:.1} games a minute",
        60.0 * f64::from(s.games()) / secs.max(1e-9)
    )
    .map_err(io)
}

/// An interval's bound: `-∞`, `+∞` past a score of 0 or 1.
fn bound(elo: f64) -> String {
    if elo.is_finite() {
        format!("{elo:.1}")
    } else if elo > 0.0 {
        "+∞".to_owned()
    } else {
        "-∞".to_owned()
    }
}

/// A level's (or player's) move in `fen` after `moves`.
pub(super) fn level_move(
    out: &mut impl Write,
    who: &str,
    fen: &str,
    moves: &str,
    seed: u64,
) -> Result<(), Failure> {
    let start = position(fen)?;
    let mut played = Vec::new();
    let mut pos = start.clone();
    for text in moves.split_whitespace() {
        let m: xiangqi::rules::Move = text
            .parse()
            .map_err(|_| Failure(format!("bad move \"{text}\" (ICCS, e.g. h2e2)")))?;
        pos = pos.play(m).map_err(|e| Failure(format!("{text}: {e}")))?;
        played.push(m);
    }
    if pos.legal_moves().is_empty() {
        return Err(Failure("the side to move has no legal move".into()));
    }
    let mut seat = Seat::start(&player(who)?).map_err(Failure)?;
    let mv = seat
        .choose(&start, &played, &mut Rng::new(seed))
        .map_err(Failure)?;
    writeln!(out, "{mv}").map_err(io)
}
