//! What happens in a game of Xiangqi, as messages: the pointer on its points, moves
//! played and refused, undo and redo, the clock's low time, the end of a game, the
//! editor's commands, the engine's move. The view, the sounds and the panel react to
//! these.

use bevy::prelude::*;

use crate::games::xiangqi::session::Change;
use crate::rules::tree::{Nag, NodeId};
use crate::rules::{IllegalMove, Move, Outcome, Piece, Square};

use crate::app::messages::{Brush, GameSaid, SoundCue};
use crate::app::schedule::Logic;
use crate::app::shell::model::Settings;
use crate::app::shell::table::TableGame;
use crate::app::xiangqi::cursor::CursorCommand;
use crate::app::xiangqi::game::Xiangqi;
use crate::app::xiangqi::model::Mode;

/// The left button went down on a point (or off the board).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct PointerPressed(pub Option<Square>);

/// The left button came up on a point (or off the board).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct PointerReleased(pub Option<Square>);

/// The right button went down on a point (or off the board).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct PointerRightPressed(pub Option<Square>);

/// The right button came up on a point (or off the board), with the keys held.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct PointerRightReleased(pub Option<Square>, pub Brush);

/// What the player does in the board editor (edit mode, F2), besides pointing at the
/// board.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum EditCommand {
    /// A piece of the tray clicked: each click on a point puts one there (`None`: put
    /// back).
    Pick(Option<Piece>),
    /// A piece dragged from the tray: it goes where the button is let go.
    DragFromTray(Piece),
    /// Clear the board.
    Empty,
    /// The standard start.
    Start,
    /// Who moves first.
    Turn(crate::rules::Color),
    /// The board from a typed FEN.
    Fen(String),
    /// Leave the editor and play the position (undoable like a paste).
    Play,
}

/// The engine's move for the computer's side, for the position it was asked about.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct EngineMove {
    /// The move, legal in `position`.
    pub mv: Move,
    /// The game's position it answers: played only if it is still the one on the board.
    pub position: crate::rules::Position,
}

/// A side's clock went under ten seconds (once per crossing).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClockLow(pub crate::rules::Color);

/// A side offered a draw (the other side, if it is the computer, answers it).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawOffered(pub crate::rules::Color);

/// A piece of the side to move was picked up.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Selected(pub Square);

/// A move named rather than pointed at (the opening explorer's): played as a click
/// would play it, or refused with the same reasons.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveAsked(pub Move);

/// A move was played.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct MovePlayed {
    /// The move.
    pub mv: Move,
    /// The piece that moved.
    pub piece: Piece,
    /// What it took, if anything.
    pub captured: Option<Piece>,
    /// Whether it checks the opponent.
    pub check: bool,
}

/// A step forward through the record (→, a replay): the move now shown slides and
/// sounds as if played, and nothing else takes it for a move of the game.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct SteppedForward(pub MovePlayed);

/// Why an attempt was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The rules forbid it.
    Illegal(IllegalMove),
    /// The game has ended.
    GameOver,
    /// The piece belongs to the side not to move.
    NotYourTurn,
    /// The side to move is the computer's.
    ComputersTurn,
}

/// A move or a selection was refused.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveRejected {
    /// The piece concerned.
    pub from: Square,
    /// Why.
    pub reason: Refusal,
}

/// Ctrl+Z did something.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct Undone(pub Change);

/// Ctrl+Y did something.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct Redone(pub Change);

/// An edit of the game record, from the move list, the comment box or the game's
/// information (`xiangqi/record.rs`).
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum RecordEdit {
    /// The comment after a move (the root: before the first move) is now this.
    Comment(NodeId, String),
    /// The comment box was left: the next typing is a change of its own for undo.
    DoneTyping,
    /// A glyph put on a move, or taken off it.
    Nag(NodeId, Nag),
    /// The line through a move becomes the first at its fork.
    Promote(NodeId),
    /// A move and everything after it go.
    DeleteFrom(NodeId),
    /// The game's tags, all of them, in order.
    Tags(Vec<(String, String)>),
}

/// The game has just ended.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameEnded(pub Outcome);

/// The board editor opened or closed (`edit.rs`): F2.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ToggleEditor;

/// The engine's analysis and the computer opponent (`engine_link.rs`).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum EngineCommand {
    /// A: show or hide the analysis.
    ToggleAnalysis,
    /// The computer takes this side (`None`: two people play).
    SetComputer(Option<crate::rules::Color>),
    /// The computer, waiting after its move was taken back, plays now.
    ComputerMove,
    /// The computer plays at this level (`None`: at the strength as set).
    SetLevel(Option<u8>),
}

/// A draw offered and answered at the table, or a player resigning from their own card
/// face to face (`clock.rs`).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrawCommand {
    /// The side to move offers a draw.
    Offer,
    /// This side offers a draw, whoever is to move (its own card face to face).
    OfferFrom(crate::rules::Color),
    /// This side resigns, whoever is to move (its own card face to face).
    ResignAs(crate::rules::Color),
    /// The other side accepts the open offer.
    Accept,
    /// The other side declines it.
    Decline,
}

/// A click on a move in the list: the position after it, on the line through it.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct GoToMove(pub crate::rules::tree::NodeId);

/// A new game on this clock (`xiangqi --clock`; Ctrl+R uses the settings').
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct NewGameWith(pub Option<crate::rules::Controls>);

pub(crate) fn plugin(app: &mut App) {
    app.add_message::<PointerPressed>()
        .add_message::<PointerReleased>()
        .add_message::<PointerRightPressed>()
        .add_message::<PointerRightReleased>()
        .add_message::<EditCommand>()
        .add_message::<Selected>()
        .add_message::<MovePlayed>()
        .add_message::<MoveAsked>()
        .add_message::<CursorCommand>()
        .add_message::<EngineMove>()
        .add_message::<MoveRejected>()
        .add_message::<Undone>()
        .add_message::<Redone>()
        .add_message::<ClockLow>()
        .add_message::<SteppedForward>()
        .add_message::<GameEnded>()
        .add_message::<RecordEdit>()
        .add_message::<DrawOffered>()
        .add_message::<ToggleEditor>()
        .add_message::<EngineCommand>()
        .add_message::<DrawCommand>()
        .add_message::<GoToMove>()
        .add_message::<NewGameWith>();
    // A click not yet read when the mode or the table changed was aimed at the one left.
    let left = [Mode::Play, Mode::Edit, Mode::Train, Mode::Lesson];
    for mode in left {
        clear_clicks_on_leaving(app, mode);
    }
    clear_clicks_on_leaving(app, Xiangqi::KIND);
    // After every step of the logic that says what happened.
    app.add_systems(
        Update,
        (status, sounds)
            .in_set(Logic::Said)
            .in_set(Xiangqi::SYSTEMS),
    );
}

/// What happened this frame, in the status line's words: a move clears it (the board
/// says it), a refusal is a warning, an undo or redo is said, an ended game clears it
/// (the heading and the banner show the result).
fn status(
    settings: Res<Settings>,
    mut played: MessageReader<MovePlayed>,
    mut rejected: MessageReader<MoveRejected>,
    mut undone: MessageReader<Undone>,
    mut redone: MessageReader<Redone>,
    mut ended: MessageReader<GameEnded>,
    mut said: MessageWriter<GameSaid>,
) {
    use crate::i18n::{self, T};
    let lang = settings.lang;
    let mut say = |text: String, warning: bool| {
        said.write(GameSaid { text, warning });
    };
    if played.read().count() > 0 {
        say(String::new(), false);
    }
    for r in rejected.read() {
        let text = match r.reason {
            Refusal::Illegal(reason) => i18n::illegal(reason, lang),
            Refusal::GameOver => T::GameOverRefused.get(lang).to_owned(),
            Refusal::NotYourTurn => T::NotYourTurn.get(lang).to_owned(),
            Refusal::ComputersTurn => T::ComputersTurn.get(lang).to_owned(),
        };
        say(text, true);
    }
    if undone.read().count() > 0 {
        say(T::Undone.get(lang).to_owned(), false);
    }
    if redone.read().count() > 0 {
        say(T::Redone.get(lang).to_owned(), false);
    }
    if ended.read().count() > 0 {
        say(String::new(), false);
    }
}

/// What happened this frame, as the table's sound (the shell plays cues, not moves):
/// the most telling one wins.
fn sounds(
    mut selected: MessageReader<Selected>,
    mut played: MessageReader<MovePlayed>,
    mut rejected: MessageReader<MoveRejected>,
    mut undone: MessageReader<Undone>,
    mut redone: MessageReader<Redone>,
    mut ended: MessageReader<GameEnded>,
    (mut low, mut stepped): (MessageReader<ClockLow>, MessageReader<SteppedForward>),
    mut cues: MessageWriter<SoundCue>,
) {
    use crate::app::shell::assets::Sound;
    let mut sound = None;
    // Ten seconds left: a short tick, once.
    if low.read().count() + selected.read().count() > 0 {
        sound = Some(Sound::Select);
    }
    if undone.read().count() + redone.read().count() > 0 {
        sound = Some(Sound::Undo);
    }
    if rejected.read().count() > 0 {
        sound = Some(Sound::Illegal);
    }
    for p in played.read().chain(stepped.read().map(|s| &s.0)) {
        sound = Some(if p.check {
            Sound::Check
        } else if p.captured.is_some() {
            Sound::Capture
        } else {
            Sound::Move
        });
    }
    if ended.read().count() > 0 {
        sound = Some(Sound::GameOver);
    }
    if let Some(sound) = sound {
        cues.write(SoundCue(sound));
    }
}

fn clear_clicks_on_leaving(app: &mut App, state: impl States + Copy) {
    app.clear_messages_on_exit::<PointerPressed>(state)
        .clear_messages_on_exit::<PointerReleased>(state)
        .clear_messages_on_exit::<PointerRightPressed>(state)
        .clear_messages_on_exit::<PointerRightReleased>(state)
        .clear_messages_on_exit::<EditCommand>(state);
}
