//! Edits of the game record: the move list's menu (promote, delete, glyphs), the comment
//! box and the game's information. Each is a change Ctrl+Z takes back.

use bevy::prelude::*;

use crate::app::messages::{BoardChanged, RecordChanged};
use crate::app::schedule::Logic;
use crate::app::xiangqi::messages::RecordEdit;
use crate::app::xiangqi::model::{Model, Selection};

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Update, edits.in_set(Logic::Record));
}

fn edits(
    mut edits: MessageReader<RecordEdit>,
    mut model: ResMut<Model>,
    mut selection: ResMut<Selection>,
    mut changed: MessageWriter<BoardChanged>,
    mut recorded: MessageWriter<RecordChanged>,
) {
    for edit in edits.read() {
        info!("record edit {}", describe(edit));
        match edit {
            RecordEdit::Comment(node, text) => model.set_comment(*node, text),
            RecordEdit::DoneTyping => model.end_typing(),
            RecordEdit::Nag(node, nag) => model.toggle_nag(*node, *nag),
            RecordEdit::Promote(node) => model.promote(*node),
            RecordEdit::DeleteFrom(node) => {
                let shown = model.cursor();
                model.delete_from(*node);
                if model.cursor() != shown {
                    *selection = Selection::default();
                    changed.write(BoardChanged);
                }
            }
            RecordEdit::Tags(tags) => model.set_tags(tags.clone()),
        }
        recorded.write(RecordChanged);
    }
}

/// The edit for the log (the window tests read it), without the comment's text.
fn describe(edit: &RecordEdit) -> String {
    match edit {
        RecordEdit::Comment(node, text) => {
            format!("comment {} ({} chars)", node.index(), text.chars().count())
        }
        RecordEdit::DoneTyping => "done typing".into(),
        RecordEdit::Nag(node, nag) => format!("glyph ${} on {}", nag.0, node.index()),
        RecordEdit::Promote(node) => format!("promote {}", node.index()),
        RecordEdit::DeleteFrom(node) => format!("delete from {}", node.index()),
        RecordEdit::Tags(tags) => format!("tags ({})", tags.len()),
    }
}
