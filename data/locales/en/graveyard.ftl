# The graveyard: the dead's private thread of the game channel (bot/discord/graveyard.py)
graveyard-thread-name = 🪦 Graveyard · { $game } #{ $id }
graveyard-opened = 🪦 The graveyard of { $game } #{ $id }. The dead talk here among themselves and read the whole game as it goes: every secret role, and every order and result as it resolves. The living never see this thread; moderators may. Whoever is brought back to the game leaves it. Everything known now:
channel-missing-graveyard = ⚠ Moderators: I cannot open the graveyard thread for the dead here (I need **Create Private Threads** and **Send Messages in Threads**, and a text channel, not a thread). The dead get nothing until the end of this game.
opt-mafia-graveyard = The dead talk in a private thread and see the whole game (default yes)
param-graveyard = graveyard
graveyard-say-yourself = In an open game the dead write in the graveyard themselves.
graveyard-said = ✅ Said in the graveyard as { $name }.

## Who could read the graveyard (bot/discord/graveyard_guard.py): the moderators are told once
graveyard-readers = ⚠ Moderators: I did not open { $kind ->
    [spectators] the spectators' thread
   *[graveyard] the graveyard thread for the dead
}: living players can read every private thread here — { $players }. { $kind ->
    [spectators] Spectators get
   *[graveyard] The dead get
} nothing until the end of this game. Before the next one, take that right from them in this channel, or choose a graveyard channel they cannot see (`/gm settings graveyard_channel:`).
graveyard-stopped = ⚠ Moderators: I stopped posting in { $kind ->
    [spectators] the spectators' thread
   *[graveyard] the graveyard thread
}: living players can read it — { $players }. Nothing more goes there until the end of this game.
graveyard-stopped-thread = ⚠ Moderators: I stopped posting in { $kind ->
    [spectators] the spectators' thread
   *[graveyard] the graveyard thread
}: it is no longer the private thread I opened, or it is gone. Nothing more goes there until the end of this game.
graveyard-readers-hidden = { $count } { $count ->
    [one] player
   *[other] players
} (I do not name them: this game hides who plays)
graveyard-reader-owner = the server's owner
graveyard-reader-administrator = Administrator
graveyard-reader-manage-threads = Manage Threads
graveyard-reader-member = a member of the thread

## The server's graveyard channel (/gm settings graveyard_channel:)
opt-graveyard-channel = Where graveyard threads open when a game's channel can't
param-graveyard_channel = graveyard_channel
settings-graveyard = Graveyard threads: { $channel ->
    [none] in each game's own channel
   *[other] in the game's channel, else in { $channel }
}.
