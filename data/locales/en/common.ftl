## Shared messages: refusals, lists, generic prompt words.

list-nobody = nobody
error-player-count = This game needs { $min }–{ $max } players; there are { $count }.
error-bad-option = House rule “{ $option }” is not valid: { $reason }.
error-malformed = That answer is not understood.
error-game-over = The game is over.
error-unknown-player = That player is not in this game.
error-stale = This choice has expired: the game has moved on.
error-not-your-prompt = This is not your choice to make.
error-no-such-option = “{ $value }” is not one of the choices.
error-out-of-range = Choose a number from { $low } to { $high }.
error-duplicate = That was already done; nothing changed.
error-paused = The game is paused by a moderator.
error-not-paused = The game is not paused.
error-no-game = There is no such game.
bot-acted = ⏰ Time ran out for { $player }: the bot acted for them.
prompt-deadline = Answer by { $when }.
prompt-your-choice = Your choice: { $choice }. You can change it until everyone has chosen.
prompt-waiting-for = Waiting for: { $players }.
reminder = ⏳ { $player }, please answer: { $seconds ->
    [one] { $seconds } second left.
   *[other] { $seconds } seconds left.
}
game-over-winners = 🏆 Winner(s): { $winners }.
moderator-paused = ⏸ A moderator paused the game.
moderator-resumed = ▶ A moderator resumed the game.
moderator-extended = ⏱ A moderator extended the deadline by { $seconds ->
    [one] { $seconds } second
   *[other] { $seconds } seconds
}.
moderator-forced = ⏩ A moderator forced the deadline.
moderator-replaced = 🔁 { $old } was replaced by { $new }.
moderator-removed = 🚪 { $player } was removed; a bot player takes the seat.
moderator-rolled-back = ⏪ A moderator rolled the game back to step { $step }.
moderator-ended = 🛑 A moderator ended the game.
coins = { $count ->
    [one] { $count } coin
   *[other] { $count } coins
}
offline-welcome = Offline { $game } with { $players } players (game #{ $id }). You are { $you }.
offline-watch = Offline { $game }: bots play every seat.
offline-help = Type the number of your choice. “?” shows your view, “q” quits (the game is saved; resume it with --resume { $id }).
offline-amount = …or type =N for an amount from { $low } to { $high } (for example ={ $low }).
offline-text = Type your answer and press Enter.
offline-bad-number = Type one of the numbers 1–{ $count }.
offline-private = 🔒 (only you see this)
offline-your-turn = ▶ Your turn:
offline-saved = Game #{ $id } is saved. Resume with: python -m bot play --resume { $id }
offline-finished = Game over.
offline-results = { $player }: { $score }
offline-not-configured = No DISCORD_TOKEN is set, so the Discord bot cannot start. Starting an offline game in the terminal instead (put your token in .env to run the bot; see README).
cookie-title = Cookie
maskmen-title = Maskmen
sword-of-lies-title = Sword of Lies
offline-picture = 🖼 Strength order picture: { $path }
offline-human-name = Player
startup-login-refused = Discord refused the token (DISCORD_TOKEN). Copy a fresh one from the developer portal into .env.
