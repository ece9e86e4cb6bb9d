//! A touch screen as the board's pointer, for two players at a laptop folded flat or a
//! tablet lying between them: a tap is a click (pick up, put down), a finger moved is a
//! drag, a long press is a right click (the marks). One finger at a time: a second
//! finger while one is down is not a board's press (a palm, the other player's hand).

use std::time::Duration;

use bevy::input::touch::TouchPhase;
use bevy::math::Vec2;

use crate::messages::{BoardPress, Brush};

/// How long a finger rests for a right click.
pub const LONG_PRESS: Duration = Duration::from_millis(500);

/// How far (logical pixels) a finger moves before it drags rather than taps.
pub const SLOP: f32 = 12.0;

/// The finger on the board, if one is.
#[derive(Default, Debug, Clone, PartialEq)]
pub struct Touches {
    finger: Option<Finger>,
}

#[derive(Debug, Clone, PartialEq)]
struct Finger {
    id: u64,
    start: Vec2,
    began: Duration,
    dragging: bool,
}

impl Touches {
    /// What a touch event means for the board: the presses it makes, each with the
    /// screen position it happens at (`now`: the time since any fixed moment).
    ///
    /// ```
    /// use std::time::Duration;
    /// use bevy::input::touch::TouchPhase;
    /// use bevy::math::Vec2;
    /// use table::messages::BoardPress;
    /// use table::together::touch::Touches;
    ///
    /// let mut touches = Touches::default();
    /// let at = Vec2::new(100.0, 200.0);
    /// let ms = Duration::from_millis;
    /// assert!(touches.feed(TouchPhase::Started, 1, at, ms(0)).is_empty());
    /// assert_eq!(
    ///     touches.feed(TouchPhase::Ended, 1, at, ms(120)),
    ///     [(BoardPress::LeftDown, at), (BoardPress::LeftUp, at)],
    ///     "a tap is a click"
    /// );
    /// ```
    pub fn feed(
        &mut self,
        phase: TouchPhase,
        id: u64,
        at: Vec2,
        now: Duration,
    ) -> Vec<(BoardPress, Vec2)> {
        match phase {
            TouchPhase::Started => {
                if self.finger.is_none() {
                    self.finger = Some(Finger {
                        id,
                        start: at,
                        began: now,
                        dragging: false,
                    });
                }
                Vec::new()
            }
            TouchPhase::Moved => match self.finger.as_mut() {
                Some(f) if f.id == id && !f.dragging && f.start.distance(at) > SLOP => {
                    f.dragging = true;
                    vec![(BoardPress::LeftDown, f.start)]
                }
                _ => Vec::new(),
            },
            TouchPhase::Ended => match self.finger.take() {
                Some(f) if f.id == id => {
                    if f.dragging {
                        vec![(BoardPress::LeftUp, at)]
                    } else if now.saturating_sub(f.began) >= LONG_PRESS {
                        vec![
                            (BoardPress::RightDown, f.start),
                            (BoardPress::RightUp(Brush::Plain), f.start),
                        ]
                    } else {
                        vec![
                            (BoardPress::LeftDown, f.start),
                            (BoardPress::LeftUp, f.start),
                        ]
                    }
                }
                other => {
                    self.finger = other;
                    Vec::new()
                }
            },
            TouchPhase::Canceled => match self.finger.take() {
                Some(f) if f.id == id => {
                    // A drag cut short still ends (the piece goes back if it may not
                    // stay); a tap cut short is nothing.
                    if f.dragging {
                        vec![(BoardPress::LeftUp, at)]
                    } else {
                        Vec::new()
                    }
                }
                other => {
                    self.finger = other;
                    Vec::new()
                }
            },
        }
    }

    /// Whether a finger is on the board.
    #[must_use]
    pub fn touching(&self) -> bool {
        self.finger.is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MS: fn(u64) -> Duration = Duration::from_millis;

    #[test]
    fn a_tap_a_drag_a_long_press_and_a_second_finger() {
        let mut t = Touches::default();
        let a = Vec2::new(10.0, 10.0);
        let b = Vec2::new(90.0, 40.0);
        // A drag: down where the finger began, up where it ended.
        t.feed(TouchPhase::Started, 1, a, MS(0));
        assert_eq!(
            t.feed(TouchPhase::Moved, 1, a + Vec2::new(3.0, 0.0), MS(30)),
            []
        );
        assert_eq!(
            t.feed(TouchPhase::Moved, 1, b, MS(60)),
            [(BoardPress::LeftDown, a)]
        );
        assert_eq!(t.feed(TouchPhase::Moved, 1, b, MS(90)), []);
        assert_eq!(
            t.feed(TouchPhase::Ended, 1, b, MS(900)),
            [(BoardPress::LeftUp, b)]
        );
        // A long press: the right button's marks.
        t.feed(TouchPhase::Started, 2, b, MS(1000));
        assert_eq!(
            t.feed(TouchPhase::Ended, 2, b, MS(1600)),
            [
                (BoardPress::RightDown, b),
                (BoardPress::RightUp(Brush::Plain), b)
            ]
        );
        // A second finger while one is down is no press; the first still taps.
        t.feed(TouchPhase::Started, 3, a, MS(2000));
        assert_eq!(t.feed(TouchPhase::Started, 4, b, MS(2010)), []);
        assert_eq!(t.feed(TouchPhase::Ended, 4, b, MS(2050)), []);
        assert!(t.touching());
        assert_eq!(
            t.feed(TouchPhase::Ended, 3, a, MS(2100)),
            [(BoardPress::LeftDown, a), (BoardPress::LeftUp, a)]
        );
        // Cancelled: a tap is nothing, a drag ends.
        t.feed(TouchPhase::Started, 5, a, MS(3000));
        assert_eq!(t.feed(TouchPhase::Canceled, 5, a, MS(3050)), []);
        assert!(!t.touching());
    }
}
