## Results, statistics, leaderboards, history and absent players (cogs/stats.py, the status message).

cmd-stats = Games, wins and points of a player on this server
opt-stats-player = Whose statistics (you if left out)
cmd-leaderboard = The best players of a game on this server
opt-leaderboard-game = Which game
cmd-history = Finished games of this server, or one game's transcript
opt-history-game = A game's number: its transcript and full record (its players and moderators)
opt-history-page = Which page of the list
opt-absent-after = Missed deadlines in a row before a bot takes the seat (0: never)
cmd-back = Take your seat back from the bot player

stats-empty = { $player } has no finished games on this server yet.
stats-title = 📊 { $player } on this server: { $games ->
    [one] { $games } game
   *[other] { $games } games
}, { $wins ->
    [one] { $wins } win
   *[other] { $wins } wins
}.
stats-game-line = **{ $game }**: games { $games }, wins { $wins }, points { $points }
stats-role-line = · as { $role }: { $times ->
    [one] once
   *[other] { $times } times
}

leaderboard-empty = No finished { $game } games on this server yet.
leaderboard-title = 🏆 { $game } — the best on this server:
leaderboard-line = { $place }. { $player }: { $points } points (games: { $games }, won: { $wins })

history-empty = No finished games on this server yet.
history-title = 📜 Finished games on this server, newest first (page { $page } of { $pages }):
history-line = #{ $id } { $game }, { $when }: { $players }. Won: { $winners }
history-files = Game #{ $id } ({ $game }): its transcript and its full record.
history-not-yours = Only the players of game #{ $id } and the moderators may read its transcript.
history-not-over = Game #{ $id } is not over yet; its transcript opens when it ends.
history-no-game = There is no game #{ $id } on this server.
transcript-title = { $game } #{ $id }: transcript
transcript-players = Players and results:
transcript-player = { $seat }. { $player }: { $score } { $won ->
    [yes] 🏆
   *[no] {""}
}
transcript-reveal = Everything revealed at the end:
transcript-log = The log:
transcript-gm = 🛡 Game master:
transcript-private = 🔒 { $players }:

status-chosen-count = Chosen: { $done } of { $total }.

settings-absent = Absent players: { $misses ->
    [0] a bot never takes their seat
    [one] a bot takes the seat after { $misses } missed deadline in a row
   *[other] a bot takes the seat after { $misses } missed deadlines in a row
}.
absent-took-seat = { $player } missed { $misses ->
    [one] { $misses } deadline
   *[other] { $misses } deadlines
} in a row: a bot player takes the seat. They can take it back with /back.
absent-mod-notice = Moderators: a bot took { $player }'s seat in game #{ $id } (missed deadlines).
absent-dm = You missed several deadlines in a row, so a bot player has taken your seat in game #{ $id }. Press “Take my seat back” below, or use /back in the game's channel, to play again.
back-done = Welcome back: the seat is yours again.
back-button = Take my seat back
back-not-absent = You have no seat a bot took for you in this channel's game.
back-not-absent-game = A bot holds no seat of yours in game #{ $id } (you have it back, or the game is over).
back-returned = { $player } is back and plays their seat again.
