//! Go (围棋) at the table, a first step: the table switches between 象棋 and 围棋; a
//! goban of 9×9, 13×13 or 19×19 under Chinese rules, stones played with the mouse,
//! captures, a refused point with its reason, pass, undo and redo, a new game. The
//! board is drawn by the picture painter (`view.rs`).

use bevy::prelude::*;

use crate::app::actions::{PlayCommand, Review, SwitchGame};
use crate::app::schedule::{GameKind, Logic};
use crate::app::{BoardPointer, BoardPress};
use crate::go::{Game, Move, Rules};

pub mod view;

/// The Go game at the table.
#[derive(Resource)]
pub struct GoTable {
    /// The game.
    pub game: Game,
    /// Moves taken back, the last first to come again.
    pub redo: Vec<Move>,
    /// What the last refused point or pass said, for the panel.
    pub said: Option<String>,
}

impl Default for GoTable {
    fn default() -> GoTable {
        GoTable::new(19)
    }
}

impl GoTable {
    /// A new game on a `size`×`size` board under Chinese rules.
    #[must_use]
    pub fn new(size: u8) -> GoTable {
        GoTable {
            game: Game::new(size, Rules::CHINESE)
                .unwrap_or_else(|_| Game::new(19, Rules::CHINESE).expect("19×19 is played")),
            redo: Vec::new(),
            said: None,
        }
    }

    /// The board's size.
    #[must_use]
    pub fn size(&self) -> u8 {
        self.game.position().board().size()
    }

    /// Plays `mv` for the side to move; a refusal is kept to be said.
    pub fn play(&mut self, mv: Move) -> bool {
        match self.game.play(mv) {
            Ok(()) => {
                info!("go plays {}", mv.gtp(self.size()));
                self.redo.clear();
                self.said = None;
                true
            }
            Err(e) => {
                info!("go refused {}: {e}", mv.gtp(self.size()));
                self.said = Some(e.to_string());
                false
            }
        }
    }
}

/// What the Go table is asked (keys and the panel).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum GoCommand {
    /// The side to move passes.
    Pass,
    /// A new game of this size.
    New(u8),
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<GoTable>()
        .add_message::<GoCommand>()
        .add_systems(Update, switch.in_set(Logic::Modes))
        .add_systems(OnEnter(GameKind::Go), pause_xiangqi)
        .add_systems(
            Update,
            (points, commands)
                .chain()
                .in_set(Logic::Play)
                .run_if(in_state(GameKind::Go)),
        );
}

/// The table changes game at once (the mode change step applies it).
fn switch(
    mut asked: MessageReader<SwitchGame>,
    kind: Res<State<GameKind>>,
    mut next: ResMut<NextState<GameKind>>,
) {
    for &SwitchGame(to) in asked.read() {
        if *kind.get() != to {
            info!("table switches to {to:?}");
            next.set(to);
        }
    }
}

/// The Xiangqi game's clock stops while the table plays Go: its time is not used away.
fn pause_xiangqi(mut model: ResMut<crate::app::xiangqi::model::Model>) {
    model.pause();
}

/// A press on the goban plays there.
fn points(mut presses: MessageReader<BoardPointer>, mut table: ResMut<GoTable>) {
    for &BoardPointer { press, at } in presses.read() {
        if press != BoardPress::LeftDown {
            continue;
        }
        let Some(at) = at else { continue };
        if let Some(p) = view::point_at(at, table.size()) {
            table.play(Move::Play(p));
        }
    }
}

/// Undo, redo, new game, pass.
fn commands(
    mut play: MessageReader<PlayCommand>,
    mut go: MessageReader<GoCommand>,
    mut table: ResMut<GoTable>,
) {
    for &command in play.read() {
        match command {
            PlayCommand::Undo => {
                if let Some(mv) = table.game.undo() {
                    table.redo.push(mv);
                    table.said = None;
                }
            }
            PlayCommand::Redo => {
                if let Some(mv) = table.redo.pop() {
                    let redo = std::mem::take(&mut table.redo);
                    table.play(mv);
                    table.redo = redo;
                }
            }
            PlayCommand::NewGame | PlayCommand::NewGameWith(_) => {
                let size = table.size();
                *table = GoTable::new(size);
            }
            // Looking back through a Go game comes with its move tree.
            PlayCommand::Cancel
            | PlayCommand::Review(
                Review::Back
                | Review::Forward
                | Review::Start
                | Review::End
                | Review::At(_)
                | Review::Node(_)
                | Review::Line { .. },
            ) => {}
        }
    }
    for &command in go.read() {
        match command {
            GoCommand::Pass => {
                table.play(Move::Pass);
                table.said = Some(format!("{} passes", !table.game.position().to_move()));
            }
            GoCommand::New(size) => *table = GoTable::new(size),
        }
    }
}
