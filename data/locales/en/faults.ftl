## Faults at start-up (one line, then exit 1) and Discord events that end a game's world.

startup-db-locked = The database { $path } is locked by another process (an SQLite tool or a stuck program holding a write): every write would wait for it. Close that process, then start the bot again.
startup-db-read-only = The database { $path } cannot be written (the file or its folder is read-only). Make both writable for the bot's user, or set DATABASE_PATH to a writable place.
startup-db-not-a-database = { $path } is not an SQLite database. Set DATABASE_PATH to the bot's database, or to a new file.
startup-db-cannot-open = Cannot open the database { $path }: { $reason }. Check DATABASE_PATH and that its folder can be written.
startup-db-error = The database { $path } failed at start-up: { $reason }.
startup-db-in-use = Another bot process (pid { $pid }) already runs on the database { $path }. Stop it first, or give this one its own DATABASE_PATH.
startup-db-pg-cannot-connect = Cannot connect to the PostgreSQL server at { $url }: { $reason }. Check DATABASE_URL (host, port or socket folder) and that the server is running.
startup-db-pg-auth = The PostgreSQL server at { $url } refused the login: { $reason }. Check the user name and password in DATABASE_URL.
startup-db-pg-no-database = The database named in DATABASE_URL ({ $url }) does not exist on its server. Create it (createdb, or CREATE DATABASE), then start the bot again.
startup-db-pg-in-use = Another bot process (pid { $pid }) already runs on the PostgreSQL database { $url }. Stop it first, give this one its own database in DATABASE_URL, or run each process with shards of its own (SHARD_IDS and SHARD_COUNT).
startup-db-pg-shard-in-use = Another bot process (pid { $pid }) already runs shard { $shard } on the PostgreSQL database { $url }. Each shard runs in one process: check the SHARD_IDS of the processes sharing this database.
startup-cannot-reach = Cannot reach Discord at { $url }: { $reason }
startup-bad-setting = Bad setting: { $reason }
startup-intent-refused = Discord asks for a privileged intent; this bot needs none. Please report this.
startup-members-intent-refused = Discord refused the Server Members intent (DISCORD_MEMBERS_INTENT=true). Turn on “Server Members Intent” for the bot in the developer portal, or set DISCORD_MEMBERS_INTENT=false.
world-channel-deleted = ⏸ Game #{ $id } ({ $game }) is paused: its channel was deleted. A moderator can end it with /gm end game_id:{ $id }.
world-lobby-gone = Game #{ $id } ({ $game }) was cancelled before it started: its channel is gone.
world-bot-back = ⏸ Game #{ $id } is paused: I was removed from this server meanwhile. A moderator can resume it with /gm resume.
world-player-left-bot = ⚠ { $player } left the server. A bot player takes their seat { $when } unless they come back.
world-player-left-pause = ⚠ { $player } left the server, so the game is paused. A moderator can give the seat to someone (/gm replace) or to a bot (/gm remove), then /gm resume.
world-player-back = { $player } is back: their seat is theirs again.
world-lobby-left = { $player } left the server and leaves the game being set up ({ $count } remaining).
