"""The runtime: config, storage, the table, deadlines, i18n, offline play, Discord glue."""
