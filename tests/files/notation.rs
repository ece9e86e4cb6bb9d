//! Every legal move, in more than 10,000 positions, written in each notation reads back
//! as itself, and "any notation" recognises which one it is.

use crate::common;

use common::{Rng, random_line, random_setup};
use xiangqi::rules::notation::NotationErrorKind;
use xiangqi::rules::{Notation, Position};

fn positions() -> Vec<Position> {
    let mut rng = Rng(0x5eed_0000_0000_0003);
    let mut out = Vec::new();
    while out.len() < 5_000 {
        let start = Position::new();
        let mut pos = start.clone();
        out.push(pos.clone());
        for m in random_line(&start, 120, &mut rng) {
            pos.play_unchecked(m);
            out.push(pos.clone());
        }
    }
    while out.len() < 10_500 {
        out.push(random_setup(&mut rng));
    }
    out
}

#[test]
fn every_move_round_trips_in_every_notation() {
    let mut moves = 0;
    let mut tandem = 0;
    let mut clashes = 0;
    for pos in positions() {
        for &m in pos.legal_moves().iter() {
            moves += 1;
            for notation in Notation::ALL {
                let text = notation.write(&pos, m);
                assert_eq!(
                    notation.parse(&pos, &text),
                    Ok(m),
                    "{notation} {text:?} for {m} in {}",
                    pos.to_fen()
                );
                match Notation::parse_any(&pos, &text) {
                    // `P4.3`: a Vietnamese cannon forward, or a WXF soldier across (WXF
                    // reads `.` as `=`); both moves are named.
                    Err(e) if notation == Notation::Vietnamese => {
                        assert!(
                            matches!(e.kind, NotationErrorKind::Ambiguous(ref ms) if ms.contains(&m)),
                            "{text:?} in {}: {e}",
                            pos.to_fen()
                        );
                        clashes += 1;
                    }
                    read => assert_eq!(read, Ok((m, notation)), "{text:?} in {}", pos.to_fen()),
                }
            }
            // Chinese in Traditional script reads back as Chinese.
            let traditional = Notation::ChineseTraditional.write(&pos, m);
            assert_eq!(
                Notation::parse_any(&pos, &traditional),
                Ok((m, Notation::Chinese)),
                "{traditional:?} in {}",
                pos.to_fen()
            );
            let chinese = Notation::Chinese.write(&pos, m);
            tandem += usize::from(chinese.starts_with(['前', '中', '后', '二', '三', '四', '五']));
        }
    }
    eprintln!(
        "{moves} moves checked, {tandem} of them with a tandem prefix, {clashes} Vietnamese \
         ones WXF reads as another move"
    );
    assert!(moves > 150_000);
    assert!(tandem > 1_000, "too few stacked pieces to be a test");
}
