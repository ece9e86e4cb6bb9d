//! Xiangqi's fields in the settings file (the notation, the next game's clock, the
//! engine, the computer and its level): read into `XiangqiSettings` at the start,
//! written with the table's fields.

use crate::app::shell::table::FileSection;
use crate::settings::XiangqiSettings;

/// Xiangqi's part of the settings file.
pub(crate) const SECTION: FileSection = FileSection {
    load: |text, world| {
        // The table's language is read first: a file naming no notation gives its own.
        let lang = world
            .get_resource::<crate::app::shell::model::Settings>()
            .map_or_else(
                || crate::i18n::Lang::from_locale(sys_locale::get_locale().as_deref()),
                |s| s.lang,
            );
        world.insert_resource(XiangqiSettings::from_file_for(text, lang));
    },
    write: |world| {
        world
            .get_resource::<XiangqiSettings>()
            .cloned()
            .unwrap_or_default()
            .to_file()
    },
};
