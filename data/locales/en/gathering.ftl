# Game nights (/schedule, /nights, the sign-up message, reminders: bot/gathering/, bot/discord/gathering.py,
# cogs/schedule.py), being called to a table (/notify) and time zones. Every time is a Discord timestamp.

## the commands
cmd-schedule = Plan a game night: a sign-up here and a server event
opt-schedule-game = Which game
opt-schedule-when = When: 21:00, tomorrow 20:30, 2026-12-05 19:00, in 2h
opt-schedule-channel = Where it is played (default: here)
opt-schedule-players = How many are seated (default: the game's most)
opt-schedule-deadline = Phases end at this time of day, e.g. 21:00 (games with long phases)
opt-schedule-pace = live or forum, for a game with long phases (default live)
opt-schedule-mode = open: Discord names; anonymous: public role names only (default open)
opt-schedule-repeat = weekly: the next night is planned when this one starts
opt-schedule-fill = bots: bot players take the seats nobody signed up for
opt-schedule-options = More house rules: key=value, separated by spaces
opt-deadline-at = Phases end at this time of day on the server's clock, e.g. 21:00
cmd-nights = Game nights planned here
cmd-nights-list = The game nights to come on this server
cmd-nights-cancel = Cancel a game night (its host or a moderator)
opt-night = Which night
cmd-notify = A DM when a lobby of a game has N players
opt-notify-game = Which game (any: every game; off: no more DMs)
opt-notify-players = How many seated (default: enough to start)
cmd-settings = Your own settings
opt-timezone = Your time zone (IANA name, e.g. Europe/Moscow)
opt-server-timezone = The server's time zone (IANA name, e.g. Europe/Moscow)

## making a night
night-created-you = 🗓 Game night #{ $id } is planned in { $channel }: { $when } (read in { $zone }). Its sign-up message is there, and the night is in the server's Events list.
night-when-unread = Not a time I can read: “{ $typed }”
night-when-past = { $when } — that is past
night-time-unreadable = “{ $typed }” is not a time I can read. Try 21:00, tomorrow 20:30, 2026-12-05 19:00 or in 2h.
night-time-past = That time ({ $when }) is past, or less than a minute away: a night is planned ahead.
night-time-far = { $when } is more than a year away: plan a nearer night.
night-players-range = { $game } seats { $min }–{ $max } players, not { $players }.
night-deadline-unreadable = “{ $typed }” is not a time of day: write it as 21:00.
night-deadline-no-phases = { $game } has no long phases to end at a time of day: its steps keep their seconds.
night-repeat-unknown = A night repeats weekly or not at all (not “{ $repeat }”).
night-too-many = You have { $max } nights planned on this server already: cancel one with /nights cancel first.
night-channel-text = A game night is played in a text channel of this server.
night-channel-hidden = You cannot see that channel, so you cannot plan a night there.
night-channel-mute = I cannot write in { $channel }: its sign-up message could not be posted there.
night-options-unread = “{ $typed }” is not a house rule: write them as key=value, separated by spaces.
night-none = There is no game night #{ $id } on this server.
night-closed = Game night #{ $id } is no longer taking sign-ups.
night-cancelled-you = Game night #{ $id } is cancelled: everyone who signed up is told.

## the sign-up message
night-signup-head = 🗓 **{ $game }**: game night #{ $id }
night-signup-when = { $when } · { $channel } · hosted by { $host }
night-signup-when-hidden = { $when } · { $channel } (played anonymously: nobody who comes is named)
night-signup-count = Coming: { $count } of { $seats } seats (at least { $least } to play) · maybe: { $maybe }
night-signup-names = Seated: { $names }
night-signup-waiting = Waiting list: { $count }
night-signup-waiting-names = Waiting list: { $names }
night-signup-deadline = Phases end at { $time } ({ $zone }).
night-signup-bots = Bots take the seats nobody signed up for.
night-signup-weekly = Every week: the next night is planned when this one starts.
night-signup-hint = Press Join, Maybe or Leave. “Interested” on the server's event signs you up too.
night-signup-opened = The night has begun: its lobby is game #{ $id }.
night-signup-cancelled = ❌ This night is cancelled.
night-button-yes = Join
night-button-maybe = Maybe
night-button-no = Leave
night-signup-question = **{ $game }**, game night #{ $id }: your sign-up (only you see this)
night-signup-no-seat = You have no place at game night #{ $id }. If you change your mind, press Join again.
night-you-coming = You are signed up for game night #{ $id }, { $when }.
night-you-maybe = You may come to game night #{ $id } — { $when }. You get no seat until you press Join.
night-you-left = You will not come to game night #{ $id }.
night-you-seated = You have a seat.
night-you-waiting = Your place on the waiting list: { $place }.

## the Discord event
night-event-name = { $game }: game night #{ $id }
night-event-here = this server
night-event-description = Sign up with the buttons in { $channel } (or press Interested here): { $seats } seats. At the start the lobby opens with everyone seated in the order they signed up.
night-event-refused = Without the Manage Events permission I cannot put game nights in the server's Events list: they go on with their sign-up messages alone.

## reminders and the opening (DMs, or a mention in the channel when DMs are closed)
night-remind-day = ⏰ A reminder: { $game }, game night #{ $id } in { $channel }, { $when }.
night-remind-soon = ⏰ In 15 minutes: { $game }, game night #{ $id } in { $channel }, { $when }.
night-remind-fallback = { $player }, a reminder: { $game } — { $when }. (Your DMs are closed, so it is here.)
night-cancelled-dm = ❌ Game night #{ $id } ({ $game }) in { $channel } is cancelled. It was set for { $when }.
night-cancelled-fallback = { $player }, game night #{ $id } ({ $game }) is cancelled.
night-opened-dm = 🎲 The game night has begun: the lobby of { $game } #{ $id } is open in { $channel }.
night-opened-fallback = { $player }, the lobby of { $game } #{ $id } is open: you signed up for it.
night-answer-now = Answer the sign-up questions to play: press Join on the game's message in { $channel }.
night-moved-up = 🪑 A seat came free: you now have a seat in { $game } #{ $id } in { $channel }.
night-moved-up-fallback = { $player }, a seat came free: you now have a seat in { $game } #{ $id }.
night-interested-dm = You are interested in { $game }, game night #{ $id } — { $when }. Answer its sign-up questions ahead with Join on its message in { $channel }, so the game starts as soon as the table is full.
night-channel-busy = Game night #{ $id } ({ $game }) waits: another game is still on in this channel. It opens as soon as the channel is free.
night-lobby-opened = 🎲 Game night #{ $night } begins: { $game } #{ $id }, { $count } seated ({ $min }–{ $max } play).
night-lobby-needs = { $more } more needed to start: join with the button or /join.
night-lobby-waiting = { $count } more on the waiting list: each takes a seat that comes free.
night-lobby-pending = Some seated players still owe their sign-up answers: the game starts by itself once all have answered. Join gives them.

lobby-answered = { $player } has answered the sign-up questions ({ $left } still to answer).
lobby-answered-anonymous = One more seated player has answered the sign-up questions ({ $left } still to answer).

## /nights list
night-list-none = No game nights are planned on this server.
night-list-head = 🗓 Game nights to come:
night-list-line = #{ $id } { $game } — { $when } in { $channel }: { $count } of { $seats } coming

## call me when N are waiting (/notify)
notify-on = 🔔 You get a DM when a lobby of { $game } on this server has { $players } seated (and again when it starts).
notify-on-start = 🔔 You get a DM when a lobby of { $game } on this server has enough players to start (and again when it starts).
notify-off = 🔕 No more DMs about lobbies ({ $count } removed).
notify-any-game = any game
notify-players-range = { $game } seats at most { $max } players, not { $players }.
notify-filled = 🔔 A lobby of { $game } (game #{ $id }) has { $count } seated in { $channel }: join it there.
notify-started = 🎲 Game #{ $id } of { $game } in { $channel } has started.
notify-would-come = { $people } would come at { $at }
notify-would-come-line = 🔔 Called to the table: { $parts }.

## time zones
zone-unknown = “{ $typed }” is no time zone: use an IANA name such as `Europe/Moscow` (the list completes as you type).
zone-set-you = Your time zone is { $zone } (it is { $time } there now). The times you type are read in it.
settings-zone = Time zone: { $zone }.
