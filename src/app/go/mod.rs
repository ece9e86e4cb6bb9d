//! Go (围棋) at the table: the table switches between 象棋 and 围棋; a new game of any
//! size, rules preset, komi and handicap; stones played with the mouse, a refused point
//! with its reason (shown before the click too), pass, resign, undo and redo; two passes
//! open the count (`count.rs`: the suggestion's thread). The board is drawn by the
//! picture painter (`view.rs`), the panel's part is `panel.rs`; the game itself is the
//! pure session `games::go::Session`, held in `table.rs`.

use bevy::prelude::*;

use crate::app::actions::{PlayCommand, Review, TableCommand};
use crate::app::go::game::Go;
use crate::app::go::learn::tutor::{Held, Helper};
use crate::app::go::learn::{lessons, marks};
use crate::app::messages::{BoardPointer, BoardPress, SoundCue};
use crate::app::schedule::{Logic, Present};
use crate::app::shell::assets::Sound;
use crate::app::shell::model::{BoardFocus, Settings};
use crate::app::shell::table::{CursorKey, TableGame};
use crate::app::store::persist::SectionEdited;
use crate::go::Move;

pub mod autosave;
pub mod clock;
pub mod count;
pub mod files;
pub mod game;
pub mod gnugo;
pub mod learn;
pub mod library;
pub mod panel;
pub mod slots;
pub(crate) mod spoken;
pub mod table;
pub mod view;

pub use table::{Counting, GoLook, GoSetup, GoTable};

/// What came of a Go command, for the sounds.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum GoHappened {
    /// A stone was played (or a pass), taking stones or not.
    Played {
        /// Stones were taken.
        captured: bool,
    },
    /// A point was refused.
    Refused,
    /// A move or a mark was taken back.
    Undone,
    /// The game ended (a resignation, the count accepted).
    Ended,
}

/// What the table looked like before a command, to tell what came of it.
#[derive(Clone, PartialEq)]
struct Before {
    moves: usize,
    captures: u32,
    ended: bool,
    said: Option<table::Said>,
}

impl Before {
    fn of(table: &GoTable) -> Before {
        let pos = table.game().position();
        Before {
            moves: table.game().moves().len(),
            captures: pos.captures(crate::go::Color::Black) + pos.captures(crate::go::Color::White),
            ended: table.result().is_some(),
            said: table.said().cloned(),
        }
    }

    /// What happened since.
    fn then(&self, table: &GoTable) -> Option<GoHappened> {
        let now = Before::of(table);
        if now.ended && !self.ended {
            Some(GoHappened::Ended)
        } else if now.moves > self.moves {
            Some(GoHappened::Played {
                captured: now.captures > self.captures,
            })
        } else if now.moves < self.moves || (self.ended && !now.ended) {
            Some(GoHappened::Undone)
        } else if now.said != self.said && matches!(now.said, Some(table::Said::Refused(_))) {
            Some(GoHappened::Refused)
        } else {
            None
        }
    }
}

/// What the Go table is asked (keys and the panel).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum GoCommand {
    /// The side to move passes.
    Pass,
    /// This side resigns, whoever is to move (its own card face to face).
    ResignAs(crate::go::Color),
    /// The side to move plays this (a typed move), refused as a click would be.
    Play(crate::go::Move),
    /// The board cursor: F6 (on or off), an arrow (columns right +, rows up +), Enter
    /// or Space (a click on its point), Esc (off).
    Cursor(CursorKey),
    /// A new game.
    New(GoSetup),
    /// After two passes, the players play on.
    PlayOn,
    /// The count is accepted.
    Accept,
    /// What the board shows besides the stones.
    Look(GoLook),
    /// Show this node, a brother of the one shown (another variation).
    Variation(usize),
    /// Show this node of the line remembered (a move clicked in the record).
    GoTo(usize),
    /// GNU Go plays this side from now on (`None`: two people play).
    Computer(Option<crate::go::Color>),
    /// GNU Go plays at this level from now on (`None`: its level 5, as before levels);
    /// a level that gives stones gives them from the next game.
    Level(Option<u8>),
    /// Ask GNU Go which stones are dead (`opponent.rs` answers).
    AskDead,
    /// A: GNU Go's view of who owns each point, on or off (`gnugo/territory.rs`).
    Territory,
    /// R: a review of the game by GNU Go, started or stopped (`gnugo/review.rs`).
    Review,
    /// ]: the next move the review marks.
    NextMark,
}

/// The comment of the move shown, as typed.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct GoComment(pub String);

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<GoTable>()
        .init_resource::<table::GoNext>()
        .init_resource::<count::Suggesting>()
        .init_resource::<view::Forbidden>()
        .init_resource::<GoCursor>()
        .init_resource::<Held>()
        .init_resource::<::table::learn::coach::Coach<Go>>()
        .add_message::<GoCommand>()
        .add_message::<GoHappened>()
        .add_message::<GoComment>()
        .add_plugins(gnugo::plugin)
        .add_systems(
            OnExit(<game::Go as TableGame>::KIND),
            (pause_go, leave_board),
        )
        .add_systems(
            Update,
            clock::tick
                .in_set(Logic::Time)
                .in_set(<game::Go as TableGame>::SYSTEMS),
        )
        .add_systems(
            Update,
            pause_under_board_clock
                .in_set(Logic::Dialogs)
                .in_set(<game::Go as TableGame>::SYSTEMS),
        )
        .add_systems(
            Update,
            (
                ::table::learn::ask::answer::<Go>,
                points.run_if(lessons::takes_moves),
                commands,
                comments,
                gnugo::opponent::play,
                gnugo::territory::follow,
                gnugo::hint::hint,
                gnugo::review::review,
                count::suggest,
                view::forbid,
                sounds,
                ::table::learn::coach::watch::<Go>,
                ::table::learn::coach::verdict::<Go>,
                ::table::learn::coach::answer::<Go>,
            )
                .chain()
                .in_set(Logic::Play)
                .in_set(<game::Go as TableGame>::SYSTEMS),
        )
        .add_systems(
            Update,
            spoken::announce
                .in_set(Present::Status)
                .in_set(<game::Go as TableGame>::SYSTEMS),
        );
}

/// The Go clock stops while the table plays Xiangqi.
/// Leaving the table, its board gives the keyboard back.
fn leave_board(mut cursor: ResMut<GoCursor>, mut focus: ResMut<BoardFocus>) {
    cursor.0 = None;
    focus.0 = false;
}

fn pause_go(mut table: ResMut<GoTable>) {
    table.clock_stop();
}

/// The clock for a real board covers the goban: the game's clock waits under it.
fn pause_under_board_clock(
    overlay: Res<crate::app::shell::model::Overlay>,
    mut table: ResMut<GoTable>,
) {
    if overlay.is_changed() && overlay.board_clock && table.clock().is_some_and(|c| !c.is_paused())
    {
        table.clock_stop();
    }
}

/// What came of a command, as the table's sound.
fn sounds(mut happened: MessageReader<GoHappened>, mut cues: MessageWriter<SoundCue>) {
    for happened in happened.read() {
        cues.write(SoundCue(match happened {
            GoHappened::Played { captured: true } => Sound::Capture,
            GoHappened::Played { captured: false } => Sound::Move,
            GoHappened::Refused => Sound::Illegal,
            GoHappened::Undone => Sound::Undo,
            GoHappened::Ended => Sound::GameOver,
        }));
    }
}

/// A press on the goban plays there.
fn points(
    mut presses: MessageReader<BoardPointer>,
    mut table: ResMut<GoTable>,
    mut happened: MessageWriter<GoHappened>,
    mut helper: Helper,
    mut right_from: Local<Option<crate::go::Point>>,
) {
    for &BoardPointer { press, at } in presses.read() {
        let point = at.and_then(|at| view::point_at(at, table.size()));
        match press {
            BoardPress::RightDown => *right_from = point,
            BoardPress::RightUp(brush) => {
                if let (Some(from), Some(to)) = (right_from.take(), point) {
                    marks::draw(&mut table, from, to, brush);
                }
            }
            _ => {}
        }
        if press != BoardPress::LeftDown {
            continue;
        }
        let Some(at) = at else { continue };
        if let Some(p) = view::point_at(at, table.size()) {
            if helper.holds(&table, Move::Play(p)) {
                continue;
            }
            let before = Before::of(&table);
            table.press(p);
            happened.write_batch(before.then(&table));
        }
    }
}

/// A comment typed: the move shown's.
fn comments(mut typed: MessageReader<GoComment>, mut table: ResMut<GoTable>) {
    for GoComment(text) in typed.read() {
        if table.comment() != text {
            table.set_comment(text.clone());
        }
    }
}

/// Undo, redo, new game, pass, the clock's pause.
fn commands(
    mut play: MessageReader<PlayCommand>,
    mut clock: MessageReader<TableCommand>,
    mut go: MessageReader<GoCommand>,
    mut table: ResMut<GoTable>,
    mut happened: MessageWriter<GoHappened>,
    (mut cursor, mut focus, seats, mut next, household): (
        ResMut<GoCursor>,
        ResMut<BoardFocus>,
        Res<Settings>,
        ResMut<table::GoNext>,
        Res<::table::household::Household>,
    ),
    mut edited: MessageWriter<SectionEdited>,
    mut helper: Helper,
) {
    // A new game has the players the table seats at black and white.
    let new_game = |table: &mut GoTable, setup: crate::games::go::GoSetup| {
        let setup = setup.with_level();
        info!("go new game {setup:?}");
        // GNU Go's side has its name: a game against it counts on the player's page.
        let mut seats = seats.seats.clone();
        if let Some(side) = setup.computer {
            let seat = usize::from(side == crate::go::Color::White);
            seats[seat] = match setup.level {
                Some(n) => crate::games::go::kept::COMPUTER.named(n),
                None => "GNU Go".to_owned(),
            };
        }
        let [black, white] = &seats;
        let date = jiff::Zoned::now().date().to_string();
        table.restart_between(setup, [black, white], &date);
    };
    for &command in play.read() {
        let before = Before::of(&table);
        match command {
            PlayCommand::Undo => {
                table.undo();
                // Against GNU Go a take-back is the player's move and GNU Go's answer.
                let computer = table.setup.computer;
                if computer.is_some()
                    && computer == Some(table.game().position().to_move())
                    && table.counting().is_none()
                    && !table.game().moves().is_empty()
                {
                    table.undo();
                }
            }
            PlayCommand::Redo => table.redo(),
            PlayCommand::NewGame => {
                // The choices made for the next game (the panel's, the dialog's).
                let setup = next.0.take().unwrap_or(table.setup);
                new_game(&mut table, setup);
            }
            PlayCommand::Review(Review::Back) => _ = table.back(),
            PlayCommand::Review(Review::Forward) => _ = table.forward(),
            PlayCommand::Review(Review::Start) => table.walk_to_end(false),
            PlayCommand::Review(Review::End) => table.walk_to_end(true),
            // Xiangqi's move list's ways of moving about; the hint is GNU Go's
            // (`gnugo/hint.rs`).
            PlayCommand::Cancel
            | PlayCommand::Hint
            | PlayCommand::Review(Review::At(_) | Review::Line { .. }) => {}
        }
        happened.write_batch(before.then(&table));
    }
    for &command in clock.read() {
        let before = Before::of(&table);
        if command == TableCommand::Resign {
            table.resign();
        } else {
            let now = match table.clock_toggle() {
                Some(true) => "runs",
                Some(false) => "paused",
                None => "none (an untimed game)",
            };
            info!("go clock {now}");
        }
        happened.write_batch(before.then(&table));
    }
    for &command in go.read() {
        let before = Before::of(&table);
        match command {
            GoCommand::Pass => _ = table.play(Move::Pass),
            GoCommand::Play(mv) => {
                if !helper.holds(&table, mv) {
                    _ = table.play(mv);
                }
            }
            GoCommand::Cursor(key) => {
                if let Some(p) = cursor.steer(key, table.size())
                    && !helper.holds(&table, Move::Play(p))
                {
                    table.press(p);
                }
                focus.0 = cursor.0.is_some();
            }
            GoCommand::New(setup) => {
                next.0 = None;
                new_game(&mut table, setup);
            }
            GoCommand::PlayOn => table.play_on(),
            GoCommand::ResignAs(side) => table.resign_as(side),
            GoCommand::Accept => table.accept(),
            GoCommand::Look(look) => table.look = look,
            GoCommand::Variation(node) => table.switch_to(node),
            GoCommand::GoTo(node) => {
                let went = table.go_to(node);
                info!("go goes to node {node}: {went}");
            }
            GoCommand::Computer(side) => {
                info!("go computer {side:?}");
                // GNU Go comes to the table at the level of the player it meets, their
                // ladder's (issue 91: it offered its old level 5 to a child at level 1).
                if table.setup.computer.is_none()
                    && let Some(computer) = side
                {
                    let seat = usize::from(computer == crate::go::Color::White);
                    if let Some(level) = crate::app::levels::starting_level(
                        &household,
                        &seats.seats,
                        seat,
                        crate::games::go::kept::GO,
                    ) {
                        info!("go computer level {level} for the player it meets");
                        table.setup.level = Some(level);
                        if let Some(next) = next.0.as_mut() {
                            next.level = Some(level);
                        }
                    }
                }
                table.setup = table.setup.with_computer(side);
                if let Some(next) = next.0.as_mut() {
                    *next = next.with_computer(side);
                }
            }
            GoCommand::Level(level) => {
                info!("go computer level {level:?}");
                table.setup.level = level;
                // Kept in the settings file, as Xiangqi's level is.
                edited.write(SectionEdited);
                if let Some(next) = next.0.as_mut() {
                    next.level = level;
                }
            }
            // GNU Go's questions (`gnugo/`).
            GoCommand::AskDead | GoCommand::Territory | GoCommand::Review | GoCommand::NextMark => {
            }
        }
        happened.write_batch(before.then(&table));
    }
}

/// The point the Go board's cursor is on, while the board has the keyboard.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct GoCursor(pub Option<crate::go::Point>);

impl GoCursor {
    /// Follows `key` on a board of `size`; the point to click, for a pick.
    fn steer(&mut self, key: CursorKey, size: u8) -> Option<crate::go::Point> {
        use crate::go::Point;
        let centre = Point::new(size / 2, size / 2);
        let mut picked = None;
        match (key, self.0) {
            (CursorKey::Toggle, None) => self.0 = Some(centre),
            (CursorKey::Toggle | CursorKey::Leave, Some(_)) => self.0 = None,
            (CursorKey::Step(dx, dy), Some(p)) => {
                // Rows count from the top: up is one row less.
                let x = i16::from(p.x) + i16::from(dx);
                let y = i16::from(p.y) - i16::from(dy);
                if (0..i16::from(size)).contains(&x) && (0..i16::from(size)).contains(&y) {
                    self.0 = Some(Point::new(x as u8, y as u8));
                }
            }
            (CursorKey::Pick, Some(p)) => picked = Some(p),
            (CursorKey::PickAt(x, y), _) if x < size && y < size => {
                let p = Point::new(x, y);
                self.0 = Some(p);
                picked = Some(p);
            }
            _ => {}
        }
        match self.0 {
            Some(p) => info!("go cursor at {}", p.gtp(size)),
            None => info!("go cursor off"),
        }
        picked
    }
}
