//! Xiangqi's fields in the settings file (the notation, the next game's clock, the
//! engine, the computer and its level): read into `XiangqiSettings` at the start,
//! written with the table's fields.

use crate::app::shell::table::FileSection;
use crate::settings::XiangqiSettings;

/// Xiangqi's part of the settings file.
pub(crate) const SECTION: FileSection = FileSection {
    load: |text, world| {
        world.insert_resource(XiangqiSettings::from_file(text));
    },
    write: |world| {
        world
            .get_resource::<XiangqiSettings>()
            .cloned()
            .unwrap_or_default()
            .to_file()
    },
};
