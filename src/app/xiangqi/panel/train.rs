//! The panel while training on puzzles: the puzzle, what came of the last move, hint,
//! retry, the solution, next, the list, back to the game; and the list itself, by
//! source and length, solved ones marked.

use bevy_egui::egui;

use crate::app::actions::Action;
use crate::app::panel::parts;
use crate::app::panel::parts::log_place;
use crate::app::xiangqi::train::{Said, TrainCommand, Training};
use crate::games::xiangqi::puzzles::{Goal, Origin, Puzzle, Shelf, UNKNOWN_DAY, material};
use crate::i18n::{Lang, T};

/// What the list remembers: its filters.
#[derive(Default)]
pub(crate) struct ListUi {
    book: Option<Shelf>,
    length: Option<Length>,
    /// How many the filters let through, as last logged.
    shown: Option<usize>,
}

/// The list's second filter: mates by length, the long ones together, the wins.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Length {
    /// Mate in this many (1 to 9).
    Mate(usize),
    /// Mate in ten or more.
    Long,
    /// Decisive wins found in the games.
    Wins,
}

impl Length {
    const LONG: usize = 10;

    fn all() -> impl Iterator<Item = Length> {
        (1..Self::LONG)
            .map(Length::Mate)
            .chain([Length::Long, Length::Wins])
    }

    fn holds(self, p: &Puzzle) -> bool {
        match (self, p.mate_in()) {
            (Length::Mate(n), Some(m)) => n == m,
            (Length::Long, Some(m)) => m >= Self::LONG,
            (Length::Wins, None) => true,
            _ => false,
        }
    }

    /// Where the window tests find it in the log.
    fn place(self) -> &'static str {
        const MATES: [&str; Length::LONG - 1] = [
            "puzzle-length-1",
            "puzzle-length-2",
            "puzzle-length-3",
            "puzzle-length-4",
            "puzzle-length-5",
            "puzzle-length-6",
            "puzzle-length-7",
            "puzzle-length-8",
            "puzzle-length-9",
        ];
        match self {
            Length::Mate(n) => MATES
                .get(n.wrapping_sub(1))
                .copied()
                .unwrap_or("puzzle-length"),
            Length::Long => "puzzle-length-long",
            Length::Wins => "puzzle-length-wins",
        }
    }

    fn text(self, lang: Lang) -> String {
        match self {
            Length::Mate(n) => n.to_string(),
            Length::Long => format!("{}+", Self::LONG),
            Length::Wins => T::PuzzleWins.get(lang).to_owned(),
        }
    }
}

/// What the solver is asked: "Red to move: mate in 3", or to win material.
pub(crate) fn task(p: &Puzzle, lang: Lang) -> String {
    let side = crate::i18n::side(p.solver(), lang);
    match p.goal {
        Goal::Mate => T::PuzzleFind.fill(lang, &[&side, &p.solver_moves()]),
        _ => T::PuzzleFindWin.fill(lang, &[&side, &p.solver_moves()]),
    }
}

/// Where a puzzle comes from, in the window's language: a book as named, the other
/// sources (written in English in the files) in words of the language.
fn source_text(source: &str, lang: Lang) -> String {
    match Origin::of(source) {
        Origin::Generated { attacker, defender } if lang != Lang::En => T::PuzzleFromGenerated
            .fill(
                lang,
                &[&material(attacker, lang), &material(defender, lang)],
            ),
        Origin::Yours { day, move_no } => {
            let day = if day == UNKNOWN_DAY {
                T::PuzzleUnknownDay.get(lang)
            } else {
                day
            };
            T::PuzzleFromYours.fill(lang, &[&day, &move_no])
        }
        Origin::Game { game, move_no } => T::PuzzleFromGame.fill(lang, &[&game, &move_no]),
        _ => source.to_owned(),
    }
}

/// A group of the list's source filter.
fn shelf_text(shelf: &Shelf, lang: Lang) -> &str {
    match shelf {
        Shelf::Book(name) => name,
        Shelf::Generated => T::PuzzleShelfGenerated.get(lang),
        Shelf::Yours => T::PuzzleShelfYours.get(lang),
        _ => T::PuzzleShelfGames.get(lang),
    }
}

/// The training's part of the panel.
pub(crate) fn show(
    ui: &mut egui::Ui,
    training: &Training,
    lang: Lang,
    logged: &mut Vec<(&'static str, (i32, i32))>,
    send: &mut impl FnMut(Action),
) {
    let Some(puzzle) = training.puzzle() else {
        return;
    };
    let train = |c: TrainCommand| Action::own(c);
    ui.add_space(6.0);
    ui.heading(T::Puzzles.get(lang));
    let source = source_text(&puzzle.source, lang);
    let title = if puzzle.name.is_empty() {
        source
    } else {
        format!("{source} · {}", puzzle.name)
    };
    ui.label(egui::RichText::new(title).strong());
    ui.label(task(puzzle, lang));
    let record = training.progress.get(&puzzle.id);
    let mut about = T::PuzzleAttempts.fill(lang, &[&record.attempts]);
    if record.solved {
        about = format!("✔ {} · {about}", T::PuzzleSolvedMark.get(lang));
    }
    ui.label(egui::RichText::new(about).small());
    ui.add_space(4.0);
    let attempt = training.attempt.as_ref();
    let waiting = attempt.is_some_and(|a| a.waiting());
    let finished = attempt.is_some_and(|a| a.finished());
    ui.horizontal_wrapped(|ui| {
        let hint = ui.add_enabled(
            !finished && !waiting,
            egui::Button::new(T::PuzzleHint.get(lang)),
        );
        log_place(logged, "puzzle-hint", hint.rect);
        if hint.clicked() {
            send(train(TrainCommand::Hint));
        }
        let retry = ui.add_enabled(waiting, egui::Button::new(T::PuzzleRetry.get(lang)));
        log_place(logged, "puzzle-retry", retry.rect);
        if retry.clicked() {
            send(train(TrainCommand::Retry));
        }
        let shown = ui.add_enabled(!finished, egui::Button::new(T::PuzzleSolution.get(lang)));
        log_place(logged, "puzzle-solution", shown.rect);
        if shown.clicked() {
            send(train(TrainCommand::Solution));
        }
    });
    ui.horizontal_wrapped(|ui| {
        let next = ui.button(T::PuzzleNext.get(lang));
        log_place(logged, "puzzle-next", next.rect);
        if next.clicked() {
            send(train(TrainCommand::Next));
        }
        let list = ui.selectable_label(training.list, T::PuzzleList.get(lang));
        log_place(logged, "puzzle-list", list.rect);
        if list.clicked() {
            send(train(TrainCommand::ToggleList));
        }
    });
    // Below the buttons: what it says never moves them.
    let (said, warning) = match training.said() {
        Said::Start => ("", false),
        Said::Right => (T::PuzzleRight.get(lang), false),
        Said::Wrong => (T::PuzzleWrong.get(lang), true),
        Said::Solved => (T::PuzzleSolved.get(lang), false),
        Said::Shown => (T::PuzzleShown.get(lang), false),
    };
    let mut text = egui::RichText::new(if said.is_empty() { " " } else { said }).size(17.0);
    if warning {
        text = text.color(parts::warning(ui));
    } else {
        text = text.strong();
    }
    ui.label(text);
    ui.separator();
    let all = training.puzzles();
    let solved = all
        .iter()
        .filter(|p| training.progress.get(&p.id).solved)
        .count();
    ui.label(egui::RichText::new(format!("✔ {solved} / {}", all.len())).small());
    let find = ui.add_enabled(
        !training.finding(),
        egui::Button::new(T::PuzzlesFind.get(lang)),
    );
    log_place(logged, "puzzle-find", find.rect);
    if find.clicked() {
        send(train(TrainCommand::FindInGames));
    }
    let back = ui.button(T::PuzzleBack.get(lang));
    log_place(logged, "puzzle-back", back.rect);
    if back.clicked() {
        send(train(TrainCommand::Leave));
    }
}

/// Where the window tests find the list's books, in the list's order.
const BOOK_PLACES: [&str; 8] = [
    "puzzle-book-1",
    "puzzle-book-2",
    "puzzle-book-3",
    "puzzle-book-4",
    "puzzle-book-5",
    "puzzle-book-6",
    "puzzle-book-7",
    "puzzle-book-8",
];

/// The list of puzzles, filtered by source and length; a click opens one.
pub(crate) fn list(
    ctx: &egui::Context,
    training: &Training,
    lang: Lang,
    state: &mut ListUi,
    logged: &mut Vec<(&'static str, (i32, i32))>,
    send: &mut impl FnMut(Action),
) {
    let all = training.puzzles();
    // Each book once, in the order the puzzles come.
    let mut books: Vec<Shelf> = Vec::new();
    for p in &all {
        let shelf = p.shelf();
        if !books.contains(&shelf) {
            books.push(shelf);
        }
    }
    let mut open = true;
    parts::dialog(ctx, T::Puzzles.get(lang), &mut open)
        .default_width(420.0)
        .show(ctx, |ui| {
            ui.horizontal_wrapped(|ui| {
                ui.label(T::PuzzleSource.get(lang));
                // Tall enough to show every choice without scrolling.
                let book = egui::ComboBox::from_id_salt("puzzle book")
                    .height(400.0)
                    .selected_text(state.book.as_ref().map_or("—", |b| shelf_text(b, lang)))
                    .show_ui(ui, |ui| {
                        ui.selectable_value(&mut state.book, None, "—");
                        for (i, b) in books.iter().enumerate() {
                            let item = ui.selectable_value(
                                &mut state.book,
                                Some(b.clone()),
                                shelf_text(b, lang),
                            );
                            if let Some(place) = BOOK_PLACES.get(i)
                                && ui.clip_rect().contains(item.rect.center())
                            {
                                log_place(logged, place, item.rect);
                            }
                        }
                    });
                log_place(logged, "puzzle-book", book.response.rect);
                ui.label(T::PuzzleLength.get(lang));
                let length = egui::ComboBox::from_id_salt("puzzle length")
                    .height(400.0)
                    .selected_text(state.length.map_or_else(|| "—".into(), |l| l.text(lang)))
                    .show_ui(ui, |ui| {
                        ui.selectable_value(&mut state.length, None, "—");
                        for l in Length::all() {
                            let item =
                                ui.selectable_value(&mut state.length, Some(l), l.text(lang));
                            if ui.clip_rect().contains(item.rect.center()) {
                                log_place(logged, l.place(), item.rect);
                            }
                        }
                    });
                log_place(logged, "puzzle-length", length.response.rect);
            });
            let shown: Vec<usize> = (0..all.len())
                .filter(|&i| {
                    let p = &all[i];
                    state.book.as_ref().is_none_or(|b| p.shelf() == *b)
                        && state.length.is_none_or(|l| l.holds(p))
                })
                .collect();
            if state.shown != Some(shown.len()) {
                state.shown = Some(shown.len());
                bevy::log::info!("puzzle list shows {}", shown.len());
            }
            let row = ui.text_style_height(&egui::TextStyle::Body) + 4.0;
            egui::ScrollArea::vertical().max_height(360.0).show_rows(
                ui,
                row,
                shown.len(),
                |ui, rows| {
                    let first = rows.start;
                    for (row, &i) in shown[rows].iter().enumerate() {
                        let p = &all[i];
                        let done = training.progress.get(&p.id).solved;
                        let text = format!(
                            "{} {} · {}{}",
                            if done { "✔" } else { "  " },
                            source_text(&p.source, lang),
                            task(p, lang),
                            if p.name.is_empty() {
                                String::new()
                            } else {
                                format!(" · {}", p.name)
                            }
                        );
                        let pick = ui.add(
                            egui::Button::selectable(training.index == Some(i), text)
                                .wrap_mode(egui::TextWrapMode::Truncate),
                        );
                        if first + row == 0 {
                            log_place(logged, "puzzle-first-row", pick.rect);
                        }
                        if pick.clicked() {
                            send(Action::own(TrainCommand::Open(Some(i))));
                        }
                    }
                },
            );
        });
    if !open {
        send(Action::own(TrainCommand::ToggleList));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sources_are_said_in_the_window_s_language() {
        let zh = |s| source_text(s, Lang::Zh);
        let en = |s| source_text(s, Lang::En);
        assert_eq!(zh("generated RP vs ka"), "电脑生成：车兵对士");
        assert_eq!(zh("generated RR vs kaabbc"), "电脑生成：双车对炮士象全");
        assert_eq!(
            zh("from your game of 2026-11-20, move 31"),
            "我的对局（2026-11-20）第31回合"
        );
        assert_eq!(
            zh("from your game of an unknown day, move 4"),
            "我的对局（日期不详）第4回合"
        );
        assert_eq!(
            zh("game a.xqf (club), move 18"),
            "实战 a.xqf (club) 第18回合"
        );
        assert_eq!(zh("适情雅趣 第12局"), "适情雅趣 第12局");
        // In English each reads as written.
        for s in [
            "generated RP vs ka",
            "from your game of 2026-11-20, move 31",
            "from your game of an unknown day, move 4",
            "game a.xqf (club), move 18",
            "适情雅趣 第12局",
        ] {
            assert_eq!(en(s), s);
        }
        assert_eq!(shelf_text(&Shelf::Generated, Lang::Zh), "电脑生成");
        assert_eq!(shelf_text(&Shelf::Games, Lang::En), "played games");
    }
}
