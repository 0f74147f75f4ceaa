## Running the bot as a service: backups and restores (python -m bot backup / restore).

cli-backup-written = Backup written: { $path } ({ $size } KB, { $games ->
    [one] one game
   *[other] { $games } games
}).
cli-backup-postgres = The bot's database is PostgreSQL ({ $url }): back it up with PostgreSQL's own tools, e.g. pg_dump --format=custom --file=gamemaster.dump "$DATABASE_URL", and put it back with pg_restore (see README).
cli-backup-no-database = There is no SQLite database at { $db }.
cli-backup-same-file = { $db } is the bot's database itself: give the backup another place.
cli-backup-failed = The backup of { $db } failed: { $reason }. Nothing was written.
cli-restore-not-a-backup = { $src } is not a backup of the bot's database: { $reason }.
cli-backup-replaced = Note: it replaced the file that was there. A backup into a folder (DEST/, with the slash) gets a new dated name every time.
cli-restore-no-schema = { $src } is not a backup of the bot's database: it has no schema version (the bot records one in every database it makes). Nothing was changed.
cli-restore-newer = { $src } is not a backup of the bot's database this bot can run: its schema version { $version }, newer than this bot's ({ $known }). Update the bot first. Nothing was changed.
cli-restore-no-table = { $src } is not a backup of the bot's database: at schema version { $version } it has no table { $table }. Nothing was changed.
cli-restore-no-column = { $src } is not a backup of the bot's database: at schema version { $version } its table { $table } has no column { $column }. Nothing was changed.
cli-restore-bot-running = A bot process (pid { $pid }) runs on { $db }: stop it first, then restore (a restore under a running bot would be overwritten by it or lose its saves).
cli-restore-failed = The restore into { $db } failed: { $reason }. The database as it was is kept at { $db }.before-restore.
cli-restore-done = Restored into { $path } ({ $size } KB, { $games ->
    [one] one game
   *[other] { $games } games
}). The database as it was is kept beside it, with .before-restore added to its name. Start the bot: it resumes every running game from its last saved step.

## A player's click or command that reaches the bot while it stops (it restarts: a new process answers soon).
discord-restarting = ⏳ The bot is restarting: try again in a moment.
