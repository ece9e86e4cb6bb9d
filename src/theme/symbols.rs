//! The international piece style: a symbol for each role, built from convex polygons,
//! discs and segments so that both painters draw it without a path tessellator. Where
//! a chess piece moves alike, its shape is borrowed (king's crown, knight, rook, pawn);
//! the advisor is a diagonal cross (it moves one point diagonally), the elephant an
//! elephant's head, the cannon a cannon. All fit inside the piece's ring (radius 0.3).

use super::Rgba;
use super::Shape;
use crate::rules::Role;

/// The symbol of `role` in `ink` (with `face` for the small cut-outs), centred on `at`.
#[must_use]
pub(super) fn symbol(role: Role, at: (f32, f32), ink: Rgba, face: Rgba) -> Vec<Shape> {
    let p = |x: f32, y: f32| (at.0 + x, at.1 + y);
    let poly = |points: &[(f32, f32)]| Shape::Polygon {
        points: points.iter().map(|&(x, y)| p(x, y)).collect(),
        color: ink,
    };
    let rect = |x: f32, y: f32, w: f32, h: f32| Shape::Rect {
        center: p(x, y),
        size: (w, h),
        color: ink,
    };
    let disc = |x: f32, y: f32, radius: f32, color: Rgba| Shape::Disc {
        center: p(x, y),
        radius,
        color,
    };
    let seg = |a: (f32, f32), b: (f32, f32), width: f32| Shape::Segment {
        a: p(a.0, a.1),
        b: p(b.0, b.1),
        width,
        color: ink,
    };
    match role {
        Role::General => vec![
            // A crown: three points on a band.
            poly(&[(-0.21, -0.02), (-0.05, -0.02), (-0.23, 0.15)]),
            poly(&[(-0.08, -0.02), (0.08, -0.02), (0.0, 0.19)]),
            poly(&[(0.05, -0.02), (0.21, -0.02), (0.23, 0.15)]),
            rect(0.0, -0.06, 0.42, 0.09),
            rect(0.0, -0.16, 0.46, 0.06),
            disc(-0.23, 0.16, 0.035, ink),
            disc(0.0, 0.2, 0.035, ink),
            disc(0.23, 0.16, 0.035, ink),
            disc(0.0, -0.06, 0.025, face),
        ],
        Role::Advisor => vec![
            // One point diagonally: an X with a stud.
            seg((-0.16, -0.16), (0.16, 0.16), 0.08),
            seg((-0.16, 0.16), (0.16, -0.16), 0.08),
            disc(0.0, 0.0, 0.075, ink),
            disc(0.0, 0.0, 0.03, face),
        ],
        Role::Elephant => vec![
            // A head with wide ears and a trunk, seen from the front.
            disc(-0.15, 0.07, 0.11, ink),
            disc(0.15, 0.07, 0.11, ink),
            disc(0.0, 0.07, 0.13, ink),
            poly(&[(-0.035, -0.2), (0.035, -0.2), (0.055, 0.0), (-0.055, 0.0)]),
            seg((0.0, -0.2), (0.07, -0.235), 0.06),
            disc(-0.055, 0.1, 0.025, face),
            disc(0.055, 0.1, 0.025, face),
            seg((-0.075, -0.02), (-0.11, -0.1), 0.025),
            seg((0.075, -0.02), (0.11, -0.1), 0.025),
        ],
        Role::Horse => vec![
            // A chess knight, facing left.
            rect(0.01, -0.205, 0.36, 0.07),
            poly(&[
                (-0.08, -0.18),
                (0.16, -0.18),
                (0.16, 0.06),
                (0.02, 0.18),
                (-0.06, 0.06),
            ]),
            poly(&[
                (0.1, 0.16),
                (-0.04, 0.22),
                (-0.22, 0.02),
                (-0.18, -0.04),
                (0.02, 0.02),
            ]),
            poly(&[(0.02, 0.2), (0.1, 0.18), (0.07, 0.29)]),
            disc(-0.04, 0.13, 0.025, face),
        ],
        Role::Chariot => vec![
            // A tower with battlements.
            rect(0.0, -0.205, 0.4, 0.07),
            poly(&[(-0.14, -0.18), (0.14, -0.18), (0.11, 0.1), (-0.11, 0.1)]),
            rect(0.0, 0.13, 0.32, 0.07),
            rect(-0.12, 0.2, 0.08, 0.08),
            rect(0.0, 0.2, 0.08, 0.08),
            rect(0.12, 0.2, 0.08, 0.08),
        ],
        Role::Cannon => vec![
            // A barrel on a wheel, a ball beside it.
            seg((-0.2, -0.06), (0.17, 0.15), 0.11),
            seg((-0.04, -0.1), (-0.22, -0.2), 0.06),
            disc(0.0, -0.09, 0.12, ink),
            disc(0.0, -0.09, 0.045, face),
            disc(0.2, -0.19, 0.055, ink),
        ],
        Role::Soldier => vec![
            // A pawn.
            disc(0.0, 0.13, 0.095, ink),
            rect(0.0, 0.02, 0.18, 0.045),
            poly(&[(-0.11, -0.16), (0.11, -0.16), (0.055, 0.02), (-0.055, 0.02)]),
            rect(0.0, -0.19, 0.3, 0.07),
        ],
    }
}
