# The game channel: who may write in it (bot/discord/channel.py) and speaking through the bot
# in a game that hides its players (bot/discord/relay.py)

## Rules, announced in the channel when the bot cannot enforce them (the relay's always)
channel-rule-silence = 🔇 Nobody may write in this channel now.
channel-rule-living = 💬 The living players may write in this channel now; everyone else, please keep silent.
channel-rule-dead = 🔇 { $players } { $players_count ->
    [one] is dead and may no longer write here
   *[other] are dead and may no longer write here
}: the dead lose their voice.
channel-rule-relay = 🗣 Players do not write here themselves: they speak through me, with the game's `say` command or the 🗣 Speak button on their order sheet, and I post their words under their public name.
channel-rule-open = 💬 The game is over: everyone may write here again.

## Told to the moderators once per game
channel-missing-manage-roles = ⚠ Moderators: I lack the **Manage Permissions** permission in this channel (Manage Roles on the server), so I cannot open and close it for the players. Until I get it I only announce who may write.
channel-missing-manage-webhooks = ⚠ Moderators: I lack the **Manage Webhooks** permission in this channel, so I cannot post players' words under their public names with their own pictures. Until I get it I post them myself, under the public name.
channel-missing-thread = ⚠ Moderators: this game runs in a thread, and a thread's permissions cannot be managed, so I only announce who may write. Open games in a channel of their own to have the rules enforced.

## Speaking through the bot
channel-speak-button = Speak in the channel
channel-speak-title = Speak as { $name }
channel-speak-label = Your words (plain text, up to { $limit })
channel-relay-line = 🗣 **{ $name }:** { $text }
channel-relay-said = ✅ Said in the game channel as { $name }.
channel-relay-failed = ⚠ Discord did not take the message; try again in a moment.
channel-relay-no-game = You are not playing a game where you can speak through me.
channel-relay-none = This game has no speaking through the bot: write in its channel yourself.
channel-relay-empty = There is nothing to say: write some text.
channel-relay-too-long = That is { $length } characters; at most { $limit } go out at once. Shorten it or split it.
channel-relay-mention = No mentions of members or roles: your words go out under your public name only and ping nobody.
channel-relay-slow-down = ⏳ Not so fast: each player may speak { $rate } { $rate ->
    [one] time
   *[other] times
} a minute. You may speak again in { $seconds } s.
channel-relay-which = You play in { $games } games where you may speak now: which one are these words for? (In a game's own channel they go to that game.)
channel-relay-choose = Pick the game
channel-relay-choice = { $game } #{ $id }, as { $name }
channel-relay-choice-expired = These words no longer wait for a game (they wait 15 minutes, and not across a restart of the bot). Say them again.
channel-relay-nowhere = You play in { $games } games, and none of them lets you speak right now.
# the relayed words as the game's log (the transcript) keeps them
channel-relay-log = 🗣 { $name }: { $text }

## A seat that changed hands: its earlier holder's prompt messages (bot/discord/flow.py)
seat-handed-over = 🔁 { $game } #{ $id }: this seat has changed hands, so these buttons no longer act for you.
channel-still-failing = ⚠ Moderators: Discord keeps failing to change who may write in this channel. I keep trying; until it works, the channel's permissions may not match the game.
