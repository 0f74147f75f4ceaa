# Spectators (/spectate, /unspectate: bot/discord/spectators.py, cogs/spectators.py)
name-spectate = spectate
name-unspectate = unspectate
cmd-spectate = Watch the game in this channel
cmd-unspectate = Stop watching the game here
opt-spectator = Moderators: the spectator to remove
spectators-thread-name = 👁 Spectators · { $game } #{ $id }
spectators-opened = 👁 Spectators of { $game } #{ $id }. Spectators read the whole game here as it goes: every secret role, and every order and result as it resolves. No player sees this thread; moderators may. Everything known now:
spectate-ok = 👁 You are watching game #{ $id }: its thread is in the channel's thread list. You can no longer be given a seat in this game.
spectate-already = You are already watching game #{ $id }.
spectate-player = You hold or have held a seat in game #{ $id }, so you cannot watch it.
spectate-no-thread = Game #{ $id } has no thread to watch from: the bot did not open one, or stopped posting in it, because a living player could read it (the moderators were told why).
spectate-off = Watching games is turned off on this server.
spectate-no-game = No game is running in this channel.
spectate-no-seat = This member watches (or has watched) game #{ $id } and has seen its secrets: they cannot be given a seat in it.
spectate-slow-down = ⏳ Not so fast: you started or stopped watching several times in a row. Try again in { $seconds } s.
spectate-moderators-only = Only moderators may remove another spectator.
unspectate-ok = 👁 You no longer watch game #{ $id }: you have left its thread.
unspectate-removed = 👁 That member no longer watches game #{ $id }: they have left its thread.
unspectate-not = Not a spectator of game #{ $id }.
opt-spectators = May members who play no seat watch games with /spectate (default yes)
param-spectators = spectators
settings-spectators = Spectators: { $allowed ->
    [yes] allowed
   *[no] off
}.
