//! Theme colours as Bevy and egui colours, and the board cursor's ring: drawing helpers
//! the table's stage, its panel and each game's board share.

use bevy::prelude::*;

use super::Rgba;

/// A board cursor's ring: four bars forming a square `side` wide around `at`, in a
/// blue no piece, mark or board uses, at depth `z`, each tagged with `tag`.
pub fn focus_ring(
    commands: &mut Commands,
    (at, side, z): (Vec2, f32, f32),
    tag: impl Bundle + Clone,
) {
    let bar = 0.075 * side;
    for (offset, size) in [
        (Vec2::new(0.0, side / 2.0), Vec2::new(side + bar, bar)),
        (Vec2::new(0.0, -side / 2.0), Vec2::new(side + bar, bar)),
        (Vec2::new(side / 2.0, 0.0), Vec2::new(bar, side + bar)),
        (Vec2::new(-side / 2.0, 0.0), Vec2::new(bar, side + bar)),
    ] {
        commands.spawn((
            tag.clone(),
            Sprite {
                color: Color::srgb(0.1, 0.35, 1.0),
                custom_size: Some(size),
                ..default()
            },
            Transform::from_translation((at + offset).extend(z)),
        ));
    }
}

/// A theme colour as a Bevy colour.
#[must_use]
pub fn to_color(c: Rgba) -> Color {
    Color::srgba_u8(c.0, c.1, c.2, c.3)
}

/// A theme colour as an egui colour.
#[must_use]
pub const fn egui_color(c: Rgba) -> bevy_egui::egui::Color32 {
    bevy_egui::egui::Color32::from_rgba_unmultiplied_const(c.0, c.1, c.2, c.3)
}
