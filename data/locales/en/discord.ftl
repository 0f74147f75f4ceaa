## Discord: lobby, prompts, status message, moderators, command descriptions.

bot-name = Bot for { $name }
dm-failed = ⚠ I could not send a private message to { $player }. They can use the 🂠 button on the status message to see their cards and prompts.
error-not-in-game = You are not playing in this game.
gm-done = Done.
gm-list-line = #{ $id } { $game } — { $status } { $paused } in { $channel }, { $players } players, step { $step }
gm-no-games = No games on this server right now.
gm-no-running-game = There is no running game here (give its number with game_id).
gm-not-moderator = This command is for moderators (“Manage Server” or the server's GM role).
gm-settings = Settings: language { $language }, GM role { $role }, default deadlines { $deadlines }.
gm-settings-role-manage-server = Changing the GM role needs the Manage Server permission: the GM role alone does not choose who else moderates. Nothing was changed.
gm-settings-role-everyone = The GM role cannot be @everyone: every member would be a moderator. Choose a role only game masters hold. Nothing was changed.
gm-settings-deadline-kind = “{ $kind }” is not a deadline kind (use a word like choose, place, turn, bet).
gm-settings-deadline-pair = Give both a deadline kind and its seconds.
gm-state = Full state of game #{ $id } at step { $step } (only you see this):
lobby-already-joined = You are already in this game.
lobby-already-started = The game here has already started.
lobby-cancelled = Game #{ $id } was cancelled.
lobby-channel-busy = This channel already has a game. Finish or /cancel it first.
lobby-created = 🎲 { $host } opened { $game } (game #{ $id }) for { $min }–{ $max } players. Type /join to take a seat; the host types /start.
lobby-created-you = Game #{ $id } is open and you have a seat. Type /start when everyone has joined.
lobby-dms-closed = I cannot send you private messages, and this game needs them for your secret cards. Open them: Server menu → Privacy Settings → allow Direct Messages, then /join again.
lobby-full = The game is full ({ $max } players).
lobby-guild-only = Games are played in a server channel.
lobby-host-only = Only the host or a moderator can do that.
lobby-joined = { $player } joined ({ $count } of at most { $max }).
lobby-joined-you = You joined game #{ $id }. Your secret cards and choices will come in private messages.
lobby-left = { $player } left ({ $count } remaining).
lobby-none = No game is being set up in this channel. Open one with /cookie new, /maskmen new or /sword-of-lies new.
lobby-not-joined = You are not in this game.
lobby-rules-which = Which game? Use /rules game:…
lobby-started-you = Game #{ $id } started.
lobby-status = { $game } #{ $id } is waiting for players ({ $count }, needs { $min }–{ $max }): { $players }
lobby-test-dm = 👋 I will send your secret cards and choices for { $game } here.
lobby-unknown-game = There is no game called “{ $game }”.
prompt-amount-range = Amount from { $low } to { $high }
prompt-answered = Your answer: { $choice }.
prompt-counted = ✅ Your answer counted: { $choice }. A Discord failure kept the message from updating, but the game has your answer.
prompt-exact-amount = Exact amount…
prompt-select = Choose…
prompt-write-answer = Write your answer…
status-cancelled = The game was ended.
status-finished = The game is over.
status-my-view = My hand / my prompt
status-nothing-to-do = Nothing to do right now.
status-paused = ⏸ Paused by a moderator.
cmd-cancel = Cancel the game here (host or moderator)
cmd-cookie = Cookie (4–6 players)
cmd-gm = Moderator commands
cmd-gm-end = End a game now
cmd-gm-extend = Give more time for the current step
cmd-gm-force = End the current step now (bot acts)
cmd-gm-list = Games on this server
cmd-gm-pause = Pause a game and its deadlines
cmd-gm-remove = Remove a player; a bot takes the seat
cmd-gm-replace = Give a player's seat to someone else
cmd-gm-resume = Resume a paused game
cmd-gm-rollback = Return the game to an earlier step
cmd-gm-settings = Server settings for games
cmd-gm-state = See a game's full state (not for players)
cmd-join = Join the game being set up in this channel
cmd-leave = Leave the game here (a running one: a bot player takes your seat)
cmd-new = Open a game in this channel
cmd-rules = How this game is played
cmd-start = Start the game (host or moderator)
cmd-status = The game in this channel
opt-buy-in = Your stack, for games with chips (at least the minimum)
opt-choose-seconds = Seconds to choose a card (default 90)
opt-deadline = A deadline kind to set (e.g. choose, place, turn, bet)
opt-game = Which game (default: the one in this channel)
opt-gm-role = Members with this role may use /gm
opt-language = Language of channel messages
opt-member = The new player (leave empty for a bot player)
opt-place-seconds = Seconds to place a sword or shield (default 60)
opt-player = The player whose seat changes hands
opt-seconds = Its default length in seconds
cmd-maskmen = Maskmen (2–6 players)
opt-season-end = first_out: season ends at the first empty hand; last_standing: play on
opt-seasons = Seasons with 3–6 players (default 4)
opt-turn-seconds = Seconds per turn (default 60)
cmd-sol = Sword of Lies (3–12 players)
cmd-sol-pay = Pay chips to another player (negotiation)
cmd-sol-leaderboard = Net chips on this server
opt-hand-size = Cards per player (2–8, default 4)
opt-min-buy-in = Smallest buy-in (default 1000)
opt-ante = Ante paid by everyone (default 0)
opt-big-blind = Big blind (default 20)
opt-small-blind = Small blind, 0 = none (default 10)
opt-betting = Betting structure (default no_limit)
opt-rake-percent = House rake in percent (default 0)
opt-rake-cap = Most rake taken, 0 = no cap
opt-reveal-mode = One at a time, or everyone at once
opt-folded-cards-count = A folded player's revealed cards still give swords
opt-sturdy-shields = A shield ignores a lone sword
opt-bet-seconds = Seconds per bet (default 60)
opt-negotiation-seconds = Seconds of negotiation (default 180)
opt-war-seconds = Seconds for war orders (default 120)
opt-sol-pay-player = Who receives the chips
opt-sol-pay-chips = How many chips
sol-pay-not-now = Chips can be paid only during negotiation.
sol-pay-done = Paid { $chips ->
        [one] { $chips } chip
       *[other] { $chips } chips
    } to { $player }.
sol-leaderboard-empty = No finished Sword of Lies games on this server yet.
sol-leaderboard-title = 🏆 Sword of Lies — net chips on this server:
sol-leaderboard-line = { $place }. { $player }: { $net } (games: { $games }, won: { $wins })
error-internal = Something went wrong on my side. Check the game's status message, try again, or ask a moderator.
error-database-away = I can't reach the games' database just now; it should be back in a few seconds. Check the game's status message: if what you did is not there, try again shortly.
error-discord-away = Discord failed my answer just now. Check the game's status message: if what you did is not there, try again shortly.
gm-secrets-player = You hold or have held a seat in game #{ $id }, so until it is over you cannot see its hidden information or moderate it. Another moderator can.
gm-replace-former-player = That member holds or has held a seat in game #{ $id }, so they cannot be given this one: they would learn the secrets of a second seat. Nothing was changed.
gm-player-no-seat = That member has no seat in game #{ $id }, nor one a bot player took over from them.
gm-export = The full record of game #{ $id } (only you see this):
cmd-gm-export = Download a game's full record
gm-settings-deadline-range = { $game } allows “{ $kind }” deadlines from { $low } to { $high } seconds, not { $seconds }. Nothing was changed.
lobby-changed = The game changed while you were joining; try again.
lobby-host-passed = { $player } is now the host and can /start the game.
lobby-expired = ⌛ { $game } #{ $id } was closed: nobody joined, left or started it for { $minutes } min.
lobby-user-has-lobby = You already host an open game on this server (#{ $id } in { $channel }). Start or /cancel it first.
lobby-cooldown = You have opened several games in a row. You can open the next one in { $minutes ->
    [one] a minute
   *[other] { $minutes } minutes
}.
lobby-server-full = This server already has { $max } games waiting for players. Start or cancel one of them first.

## The phase flow (bot/discord/flow.py): deadlines, reminders, moderators, dossiers, the final log
event-deadline = ⏰ Deadline: { $date } ({ $when }).
reminder-due = ⏳ { $player }, please send your answer: the deadline is { $when }.
moderators-notice = 🛡 Moderators (game #{ $id }): { $text }
dossier-title = 📋 You take over seat { $seat } in { $game } #{ $id }. Everything this seat has been told so far, and what it holds now:
dossier-history = 🗂 Earlier private messages to this seat ({ $count }), oldest first:
dossier-history-none = 🗂 This seat has had no private messages yet.
dossier-history-attached = 🗂 { $count ->
    [one] The earlier private message to this seat is
   *[other] The { $count } earlier private messages to this seat, oldest first, are
} in the attached file.
dossier-now = 🔎 The seat now:
game-archive = 📜 { $game } #{ $id } is over: its log is attached, as a readable transcript and as its full record (JSON).
