//! Go problems at the table (F3, Game → Life and death): the problem's corner becomes
//! the table's game (the game put aside, as in lessons: nothing autosaved, GNU Go not
//! playing), its marked stones ringed. Each stone the solver plays is judged from the
//! problem's answer tree, and the defence's answer or the refutation played; a stone
//! the tree does not have is read by GNU Go on a thread of its own
//! ([`check::off_tree`]), which also answers it. The flow is `table::learn::problems`.

use bevy::ecs::system::{SystemParam, SystemParamItem};
use bevy::prelude::*;
use table::jobs::{Job, Taken, Wake};
use table::learn::problems::{ProblemGame, Step};
use table::learn::shell::Learning;
use table::learn::{Looked, Text};
use table::shell::table::TableGame;

use crate::app::go::game::Go;
use crate::app::go::{GoHappened, GoSetup, GoTable};
use crate::engine::gtp;
use crate::games::go::Session;
use crate::games::go::problems::attempt::{Attempt, Said};
use crate::games::go::problems::check::{self, OffTree, RULES};
use crate::games::go::problems::{self, Problem, by_id, collection};
use crate::go::markup::{Markup, Shape};
use crate::go::{Color, Game, Move, Point};
use crate::i18n::go_side;

/// Problems opened from a file: the shelf in their place of the collection's until
/// the problems are left.
#[derive(Resource, Default)]
pub struct GoShelf(pub Option<Vec<Problem>>);

/// The problems of the file at `path`, if it is a file of problems (`None`: a game,
/// or too large to be problems; the table opens it as a game).
#[must_use]
pub fn from_file(path: &std::path::Path) -> Option<Result<Vec<Problem>, String>> {
    // A file of problems is small; a large SGF is a collection of games.
    const MOST: u64 = 8 << 20;
    if std::fs::metadata(path).ok()?.len() > MOST {
        return None;
    }
    let text = crate::go::sgf::decode(&std::fs::read(path).ok()?);
    if !problems::is_problem_file(&text) {
        return None;
    }
    let name = path
        .file_stem()
        .map_or_else(String::new, |s| s.to_string_lossy().into());
    Some(problems::read(&text, &name).map_err(|e| e.to_string()))
}

/// What the problems read of the Go table and write to it.
#[derive(SystemParam)]
pub struct Board<'w, 's> {
    table: ResMut<'w, GoTable>,
    shelf: ResMut<'w, GoShelf>,
    happened: MessageReader<'w, 's, GoHappened>,
    wake: Option<Res<'w, bevy::winit::EventLoopProxyWrapper>>,
}

/// The marked stones still on the board ringed, and the hint's point marked.
fn mark(table: &mut GoTable, problem: &Problem, hint: Option<Point>) {
    let mut markup = Markup::default();
    let board = *table.game().position().board();
    for p in problem.marked() {
        if board.get(p).is_some() {
            markup.toggle_shape(p, Shape::Circle);
        }
    }
    if let Some(p) = hint {
        markup.toggle_shape(p, Shape::Triangle);
    }
    table.set_markup(&markup);
}

/// A session at the problem's start: nobody's clock, GNU Go not playing, the player's
/// GNU Go level kept.
fn session_of(problem: &Problem, level: Option<u8>) -> Session {
    let mut setup = GoSetup::of(problem.size(), 0);
    setup.computer = None;
    setup.level = level;
    Session::from_game(Game::from_position(problem.start, RULES, 0), setup)
}

/// What GNU Go read of a stone off the tree (`None`: it did not answer).
pub struct OffLook(Job<Option<OffTree>>);

fn step(said: Said) -> Step<Move> {
    match said {
        Said::Right { reply } => Step::Right(reply),
        Said::Solved => Step::Solved,
        Said::Wrong { refutation } => Step::Wrong(refutation),
        Said::Ask => Step::Ask,
        _ => Step::Refused,
    }
}

impl ProblemGame for Go {
    type Move = Move;
    type Attempt = Attempt;
    type Aside = Session;
    type Look = OffLook;
    type Board = Board<'static, 'static>;

    const SHELF: &'static str = "go-problems";

    fn shelf(board: &SystemParamItem<Self::Board>) -> Vec<String> {
        let shelf = board.shelf.0.as_deref().unwrap_or(collection());
        shelf.iter().map(|p| p.id.clone()).collect()
    }

    fn free(_board: &SystemParamItem<Self::Board>, learning: &Learning) -> bool {
        learning.lesson(<Self as TableGame>::SLUG).is_none()
    }

    fn set_up(
        board: &mut SystemParamItem<Self::Board>,
        id: &str,
        aside: &mut Option<Session>,
    ) -> Option<(Attempt, Text, u8)> {
        let from_file = board.shelf.0.as_ref();
        let problem = match from_file.and_then(|f| f.iter().find(|p| p.id == id)) {
            Some(p) => p.clone(),
            None => by_id(id)?.clone(),
        };
        let problem = &problem;
        let session = session_of(problem, board.table.setup.level);
        let before = std::mem::replace(&mut board.table.session, session);
        if aside.is_none() {
            *aside = Some(before);
        }
        mark(&mut board.table, problem, None);
        Some((Attempt::new(problem), problem.title(), problem.level))
    }

    fn bring_back(board: &mut SystemParamItem<Self::Board>, aside: Session) {
        board.table.session = aside;
        board.shelf.0 = None;
    }

    fn tried(board: &mut SystemParamItem<Self::Board>) -> Option<Move> {
        super::played(&mut board.happened, &board.table)
    }

    fn take_back(board: &mut SystemParamItem<Self::Board>) {
        board.table.session.undo();
    }

    fn play(attempt: &mut Attempt, mv: Move) -> Step<Move> {
        step(attempt.play(mv))
    }

    fn withdraw(attempt: &mut Attempt) {
        attempt.withdraw();
    }

    fn look(board: &SystemParamItem<Self::Board>, attempt: &Attempt) -> Option<OffLook> {
        let path = gtp::find_gnugo()?;
        let (problem, line) = (attempt.problem().clone(), attempt.line().to_vec());
        let wake = Wake::of(board.wake.as_ref().map(Res::clone));
        let mut job = Job::default();
        job.start((0, wake), move |_| {
            let start = Game::new(problem.size(), RULES).ok()?;
            let mut gnugo = gtp::gnugo_seeded(&path, &start, 10).ok()?;
            check::off_tree(&mut gnugo, &problem, &line)
                .inspect_err(|e| warn!("GNU Go did not read the stone: {e:?}"))
                .ok()
        });
        Some(OffLook(job))
    }

    fn looked(look: &mut OffLook, attempt: &mut Attempt) -> Looked<Step<Move>> {
        match look.0.take() {
            Taken::Waiting => Looked::Waiting,
            Taken::Came(_, Some(read)) => Looked::Done(step(attempt.judged(
                read.achieves,
                read.answer,
                read.settled,
            ))),
            Taken::Came(_, None) | Taken::Lost => Looked::Failed,
        }
    }

    fn put(board: &mut SystemParamItem<Self::Board>, attempt: &Attempt, mv: Move) {
        board.table.session.play(mv);
        mark(&mut board.table, attempt.problem(), None);
    }

    fn restart(board: &mut SystemParamItem<Self::Board>, attempt: &mut Attempt) {
        attempt.retry();
        let problem = attempt.problem();
        board.table.session = session_of(problem, board.table.setup.level);
        mark(&mut board.table, problem, None);
    }

    fn hint(board: &mut SystemParamItem<Self::Board>, attempt: &mut Attempt) -> Option<Move> {
        let mv = attempt.hint()?;
        let p = match mv {
            Move::Play(p) => Some(p),
            Move::Pass => None,
        };
        mark(&mut board.table, attempt.problem(), p);
        Some(mv)
    }

    fn answer(attempt: &Attempt) -> Vec<Move> {
        attempt.answer()
    }

    fn name(attempt: &Attempt, mv: Move) -> String {
        mv.gtp(attempt.problem().size())
    }

    fn sides_of(attempt: &Attempt) -> (Text, Text) {
        let me = attempt.problem().to_play();
        let other = if me == Color::Black {
            Color::White
        } else {
            Color::Black
        };
        (
            Text::each(|l| go_side(me, l).to_owned()),
            Text::each(|l| go_side(other, l).to_owned()),
        )
    }
}
