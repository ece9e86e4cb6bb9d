//! Each game's own pure parts: what a game is at the table (its record, the move shown,
//! its clock, its count) without Bevy, without files, without time of day. The Bevy
//! table of each game (`app::go`, `app::xiangqi`) holds one of these in a resource and
//! only asks and draws.

pub mod go;
mod lessons;
pub mod xiangqi;
