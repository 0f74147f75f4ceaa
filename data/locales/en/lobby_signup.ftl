# The private sign-up conversation of games that ask questions at join (bot/discord/signup.py,
# cogs/lobby.py), and the lobby lines of anonymous games, which never say who.
lobby-signup-question = **{ $game } #{ $id }** — sign-up (only you see this)
lobby-signup-answers = Your answers: { $answers }.
lobby-signup-no-seat = You have no seat in game #{ $id }. Press Join again if you change your mind.
lobby-signup-expired = This sign-up question is out of date. Press Join (or type /join) to start again.
lobby-created-signup = Game #{ $id } is open. You have no seat yet: answer the questions below to take one, or just host the game and type /start once the players have joined.
lobby-created-anonymous = 🎲 { $game } (game #{ $id }) is open for { $min }–{ $max } players, in anonymous mode: players are known only by their public roles. Press Join or type /join to sign up; the host types /start.
lobby-joined-anonymous = A player signed up ({ $count } of at most { $max }).
lobby-left-anonymous = A player left ({ $count } remaining).
lobby-left-you = You left game #{ $id }.
lobby-bots-added-you = { $bots ->
    [one] A bot player joined
   *[other] { $bots } bot players joined
} game #{ $id }.
lobby-host-passed-anonymous = The host left: the player who joined next is now the host and can /start the game.
lobby-status-anonymous = { $game } #{ $id } is waiting for players ({ $count }, needs { $min }–{ $max }). The game is anonymous: who joined is not shown.
lobby-bots-added-anonymous = { $bots ->
    [one] 🤖 A bot player takes a seat
   *[other] 🤖 { $bots } bot players take seats
} ({ $count } of at most { $max }).
