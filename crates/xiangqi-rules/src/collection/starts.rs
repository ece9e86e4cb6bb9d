//! Where games begin in a PGN file: the one rule [`pgn::split`](crate::pgn::split) and
//! the [`Splitter`](super::Splitter) both follow.

use crate::pgn;

/// Where games begin, line by line: a `[` at the start of a line once moves, a
/// result or other text came after the tags, outside a comment. The one rule of
/// [`pgn::split`] and the [`Splitter`](super::Splitter).
#[derive(Default)]
pub(crate) struct Starts {
    in_tags: bool,
    /// Braces open (a `[` inside a comment starts nothing); after a result, braces
    /// are just text.
    depth: usize,
    ended: bool,
    /// The word being read (only results matter, so a few bytes are kept).
    word: String,
    /// The line is a comment from here on (`;`).
    rest_comment: bool,
    /// The names of the tags read since the game began (the first few).
    names: Vec<String>,
}

/// Tags a game's header is checked against: the roster comes first.
const REMEMBERED_TAGS: usize = 32;

/// Results are short: a longer word is none.
const LONGEST_WORD: usize = 16;

impl Starts {
    /// A line begins: whether a game begins with it. Its characters follow through
    /// [`chars`](Self::chars), then [`end_line`](Self::end_line).
    pub(crate) fn line(&mut self, line: &str) -> bool {
        let trimmed = line.trim();
        self.word.clear();
        self.rest_comment = false;
        // A bracketed line in a footer (`[东萍象棋网]`) is not a tag.
        let name = if self.depth == 0 && trimmed.starts_with('[') {
            pgn::tag_name(trimmed)
        } else {
            None
        };
        if self.depth == 0 && trimmed.starts_with('[') && (self.in_tags || name.is_some()) {
            // A game of tags alone (no moves, no result) ends where a tag comes again.
            let again = name.as_ref().is_some_and(|n| self.names.contains(n));
            let starts = !self.in_tags || again;
            if starts {
                self.names.clear();
            }
            if let Some(name) = name
                && self.names.len() < REMEMBERED_TAGS
            {
                self.names.push(name);
            }
            self.in_tags = true;
            self.ended = false;
            // A tag line's characters say nothing of comments.
            self.rest_comment = true;
            return starts;
        }
        if !trimmed.is_empty() {
            self.in_tags = false;
        }
        false
    }

    /// More of the line begun last.
    pub(crate) fn chars(&mut self, text: &str) {
        for c in text.chars() {
            if self.rest_comment {
                return;
            }
            self.char(c);
        }
    }

    fn char(&mut self, c: char) {
        match c {
            // A line comment: the rest of the line is words, not braces.
            ';' if self.depth == 0 && !self.ended => {
                self.word_ends();
                self.rest_comment = true;
            }
            '{' if !self.ended => self.depth += 1,
            '}' if !self.ended => self.depth = self.depth.saturating_sub(1),
            c if self.depth == 0 && !c.is_whitespace() && self.word.len() < LONGEST_WORD => {
                self.word.push(c);
            }
            c if self.depth == 0 && !c.is_whitespace() => {}
            _ if self.depth == 0 => self.word_ends(),
            _ => {}
        }
    }

    fn word_ends(&mut self) {
        self.ended |= pgn::is_result(pgn::strip_move_number(&self.word));
        self.word.clear();
    }

    /// The line ended.
    pub(crate) fn end_line(&mut self) {
        if !self.rest_comment {
            self.char(' ');
        }
    }
}
