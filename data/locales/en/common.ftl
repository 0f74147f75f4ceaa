## Shared messages: refusals, lists, generic prompt words.

list-nobody = nobody
you-name = you
option-disabled = { $option } ✗ { $reason }
option-explained = { $option } — { $text }
error-player-count = This game needs { $min }–{ $max } players; there are { $count }.
error-bad-option = House rule “{ $option }” is not valid: { $reason }.
error-option-unknown = this game has no such house rule
error-option-greater-than-equal = it must be at least { $limit }
error-option-greater-than = it must be more than { $limit }
error-option-less-than-equal = it must be at most { $limit }
error-option-less-than = it must be less than { $limit }
error-option-number = it must be a whole number
error-option-yes-no = it must be true or false
error-option-one-of = it must be one of { $choices }
error-option-invalid = the value is not allowed
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
bot-acted = ⏰ { $player_is_you ->
    [yes] Your time ran out: the bot acted for you.
   *[no] Time ran out for { $player }: the bot acted for them.
}
prompt-deadline = Answer by { $when }.
prompt-your-choice = Your choice: { $choice }. You can change it until everyone has chosen.
prompt-waiting-for = Waiting for: { $players }.
reminder = ⏳ { $player }, please answer: { $seconds ->
    [one] { $seconds } second left.
   *[other] { $seconds } seconds left.
}
game-over-winners = 🏆 { $winners_count ->
    [one] Winner
   *[other] Winners
}: { $winners }.
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
offline-welcome = Offline { $game } for { $players } players (game #{ $id }). You hold one seat; bots play { $bots }.
offline-watch = Offline { $game }: bots play every seat.
offline-help = Type the number of your choice; “h” lists the commands, “q” saves and quits.
offline-signup-help = Type the number of your choice; “?” shows each choice in full, “rules” the rules, “h” the commands, “q” quits.
offline-amount = …or type =N for an amount from { $low } to { $high } (for example ={ $low }).
offline-text = Type your answer and press Enter.
offline-bad-number = Type one of the numbers 1–{ $count } ({ $question }, “h” lists the commands).
offline-alone = “{ $choice }” is a choice of its own: type its number alone.
offline-question-signup = “?” explains every choice in full
offline-question-cookie = “?” shows the table: coins, cards shown, your role and who can be whom
offline-question-maskmen = “?” shows the table: your cards, the ring, the points and who beats whom
offline-question-sword-of-lies = “?” shows the table: chips, cards, marks and your own cards
offline-question-castle = “?” shows the table, the exits of your hall and where the artifacts lie
offline-question-mafia = “?” shows your roles, your cards with their texts, your order and what you have learned
offline-private = 🔒 (only you see this)
offline-your-turn = ▶ Your turn:
offline-saved = Game #{ $id } is saved. Resume with: { $command }
offline-finished = Game #{ $id } is over.
offline-results = { $player }: { $score }
offline-not-configured = No DISCORD_TOKEN is set, so the Discord bot cannot start. Starting an offline game in the terminal instead. To run the bot: copy .env.example to .env, put your token in it, and start again (see README).
offline-commands = Commands: a number picks that choice (✗ marks one you cannot pick now, with the reason); =N enters an amount where one is asked; “?” shows your view of the game; “rules” shows the rules; “h” or “help” shows this list; “q”, Ctrl-C or Ctrl-D save the game and quit.
offline-no-game = There is no saved game #{ $id } here.
offline-already-over = Game #{ $id } ({ $game }) is already over.
offline-resumed = Resuming { $game }, game #{ $id } (step { $step }). Where things stand:
cli-unknown-game = Unknown game “{ $game }”. Games: { $games }.
cli-house-rules = House rules of { $game } (--option KEY=VALUE):
cli-house-rule-number = { "  " }{ $name } — a whole number { $bounded ->
    [yes] from { $low } to { $high }
   *[no] of at least { $low }
} (default { $default })
cli-house-rule-choice = { "  " }{ $name } — one of { $choices } (default { $default })
cli-house-rule-yes-no = { "  " }{ $name } — true or false (default { $default })
cli-house-rule-text = { "  " }{ $name } — a name (default { $default })
cli-house-rule-unset = not set
cli-no-database = There is no database at { $db }.
cli-no-game = There is no game #{ $id } in { $db }.{ $offline ->
    [yes] { " " }An offline game #{ $id } exists: add --db { $offline_db }.
   *[no] {""}
}
cli-export-offline = Game #{ $id } is an offline game: exporting it from { $db }.
cli-game-line = { $game }: { $min }–{ $max } players
cookie-title = Cookie
maskmen-title = Maskmen
sword-of-lies-title = Sword of Lies
offline-picture = 🖼 Strength order picture (updated as the game goes on): { $path }
offline-human-name = You
startup-login-refused = Discord refused the token (DISCORD_TOKEN). Copy a fresh one from the developer portal into .env.
error-join-field = This game takes no “{ $field }” when you join.
error-bad-join = “{ $field }” is not valid: { $reason }.
error-too-many-changes = You are changing your choice too often. Try again in { $seconds } s.
error-not-due = This deadline has not passed yet.
error-pick-exactly = Pick exactly { $count ->
    [one] { $count } option
   *[other] { $count } options
}.
error-pick-between = Pick from { $low } to { $high } options.
error-picked-twice = “{ $value }” can be picked only once.
offline-many = { $kind ->
    [one] Type the number of your pick.
    [exactly] Type { $high } numbers separated by spaces (for example { $example }).
   *[range] Type { $low } to { $high } numbers separated by spaces (for example { $example }).
}
error-text-too-long = That text is too long: at most { $limit } characters.
