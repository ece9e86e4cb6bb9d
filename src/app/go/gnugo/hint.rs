//! A hint (H): GNU Go's best moves at the position shown (`top_moves_…`), drawn on the
//! board with their values, the best one's reasons (`move_reasons`) said in the
//! window's language where we know GNU Go's phrase. Shown until the position changes.

use bevy::prelude::*;

use super::{Pending, stamp};
use crate::app::actions::PlayCommand;
use crate::app::go::GoTable;
use crate::app::messages::Notice;
use crate::app::shell::model::Settings;
use crate::engine::gtp::Candidate;
use crate::go::Move;
use crate::i18n::{GoText as G, Lang, go_reason};

/// How many candidates the board shows.
const SHOWN: usize = 5;

/// GNU Go's candidates for one position, best first, and why the best.
#[derive(Clone, Debug, PartialEq)]
pub struct Candidates {
    /// The position.
    pub stamp: u64,
    /// Its candidates, best first (none: it would pass).
    pub moves: Vec<Candidate>,
    /// Why the best, as GNU Go says it.
    pub reasons: Vec<String>,
}

/// The hint asked for and the last one given.
#[derive(Resource, Default)]
pub struct Hinted {
    /// The last hint.
    pub seen: Option<Candidates>,
    pending: Pending<(Vec<Candidate>, Vec<String>)>,
}

impl Hinted {
    /// The hint if it is about the position shown.
    #[must_use]
    pub fn now(&self, table: &GoTable) -> Option<&Candidates> {
        self.seen.as_ref().filter(|s| s.stamp == stamp(table))
    }
}

/// The best candidate and its reasons, in words.
#[must_use]
pub fn said(c: &Candidates, size: u8, lang: Lang) -> String {
    match c.moves.first() {
        Some(best) => would_play(best, &c.reasons, size, lang),
        None => G::HintPass.get(lang).to_owned(),
    }
}

/// "GNU Go would play D4 (worth 35.0): expands moyo; …", its reasons in `lang` where we
/// know GNU Go's phrase.
#[must_use]
pub fn would_play(best: &Candidate, reasons: &[String], size: u8, lang: Lang) -> String {
    let mut text = G::WouldPlay.fill(lang, &[&best.mv.gtp(size), &format!("{:.1}", best.value)]);
    if !reasons.is_empty() {
        let reasons: Vec<String> = reasons.iter().map(|r| go_reason(r, lang)).collect();
        text.push_str(if lang.is_chinese() { "：" } else { ": " });
        text.push_str(&reasons.join(if lang.is_chinese() { "；" } else { "; " }));
    }
    text
}

/// H asks GNU Go for its candidates at the position shown; what comes back is shown if
/// that position still is.
pub(crate) fn hint(
    table: Res<GoTable>,
    mut commands: MessageReader<PlayCommand>,
    mut hinted: ResMut<Hinted>,
    mut notices: MessageWriter<Notice>,
    settings: Res<Settings>,
    wake: Option<Res<bevy::winit::EventLoopProxyWrapper>>,
) {
    let lang = settings.lang;
    // Every message read (none left for the next frame), one question at most.
    let asked = commands.read().filter(|c| **c == PlayCommand::Hint).count() > 0;
    if asked {
        if let Some(result) = table.result() {
            notices.write(Notice::warn(G::Over.fill(lang, &[&result])));
        } else if table.counting().is_some() {
            notices.write(Notice::warn(G::Counting.get(lang)));
        } else {
            info!("go asks GNU Go for a hint");
            notices.write(Notice::info(G::HintAsked.get(lang)));
            let to_move = table.game().position().to_move();
            let size = table.size();
            hinted.pending.ask(
                (stamp(&table), super::Wake::of(wake)),
                table.game().clone(),
                move |gnugo, _| {
                    let moves = gnugo.top_moves(to_move, size)?;
                    let reasons = match moves.first().map(|c| c.mv) {
                        Some(Move::Play(p)) => gnugo.reasons(p, size)?,
                        _ => Vec::new(),
                    };
                    Ok((moves, reasons))
                },
            );
        }
    }
    let Some((id, answer)) = hinted.pending.take() else {
        return;
    };
    match answer {
        Ok((mut moves, reasons)) if id == stamp(&table) => {
            moves.truncate(SHOWN);
            let c = Candidates {
                stamp: id,
                moves,
                reasons,
            };
            let size = table.size();
            info!(
                "go hint {}",
                c.moves
                    .iter()
                    .map(|m| format!("{} {:.2}", m.mv.gtp(size), m.value))
                    .collect::<Vec<_>>()
                    .join(", ")
            );
            notices.write(Notice::info(said(&c, size, lang)));
            hinted.seen = Some(c);
        }
        Ok(_) => {}
        Err(e) => {
            warn!("GNU Go: {e}");
            notices.write(Notice::warn(G::GnuGoFailed.fill(lang, &[&e])));
        }
    }
}
