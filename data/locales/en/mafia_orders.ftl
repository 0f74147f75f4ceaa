## Mafia of Heroes: the order sheet of a night or a day (games/mafia/sheet.py) and the phases' openings

## The sheet shown whole
mafia-phase-night = Night
mafia-phase-day = Day
mafia-sheet = 📜 { $phase } { $number }
    ✋ Hand ({ $hand_count }): { $hand }
    🧥 Sleeve ({ $sleeve_count }): { $sleeve }
    { $facts }
    📝 Your orders:
    { $order }
    { $status }
mafia-sheet-leader = 👑 You are the Leader: every cost is 1 less for you.
mafia-sheet-artifact = 🏺 You hold the artifact: 3 armor every night; by day you pass it on, secretly.
mafia-sheet-wounded = 🩸 You are mortally wounded: nobody can vote for you at the veche, your veche and Leader votes count 0.5 (a mafia kill vote keeps its weight), and you die at the end of the second phase after the one in which you lost your cards.
mafia-sheet-psychic = 👁 The top of your deck: { $cards }

## The parts (the buttons that change them)
mafia-part-hand = ✋ Hand card
mafia-part-sleeve = 🧥 Sleeve card
mafia-part-kill = 🔪 Kill vote
mafia-part-boost = 💢 Boost
mafia-part-veche = ⚖ Veche vote
mafia-part-leader = 👑 Leader vote
mafia-part-artifact = 🏺 Artifact
mafia-part-check = 🎯 Killer's check
mafia-part-paranoid = 🛡 Sleeve for armor
mafia-part-croupier = 🎲 Discard and draw
mafia-part-order = 🔀 Hand order
mafia-part-arrange = 🔮 Divination order
mafia-part-invisible = 👻 Invisible cards
mafia-part-message = ✉ Boss's message
mafia-part-redraw = 🍀 Redraw

## Each part as it stands (one line of the sheet)
mafia-order-hand-none = ✋ Hand: no card
mafia-order-sleeve-none = 🧥 Sleeve: no card
mafia-order-under = ✋ Under the deck instead of playing: { $cards }
mafia-order-hand = ✋ Hand: { $card }{ $has_target ->
    [yes] {" → "}{ $target }
   *[no] {""}
}{ $trick ->
    [yes] {" "}(the Magician's trick: a copy instead of the draw)
   *[no] {""}
}{ $has_paid ->
    [yes] , paying { $paid }
   *[no] {""}
}{ $has_text ->
    [yes] : “{ $text }”
   *[no] {""}
}
mafia-order-sleeve = 🧥 Sleeve: { $card }{ $has_target ->
    [yes] {" → "}{ $target }
   *[no] {""}
}{ $trick ->
    [yes] {" "}(the Magician's trick: a copy instead of the draw)
   *[no] {""}
}{ $has_paid ->
    [yes] , paying { $paid }
   *[no] {""}
}{ $has_text ->
    [yes] : “{ $text }”
   *[no] {""}
}
mafia-order-kill-none = 🔪 Kill vote: none
mafia-order-kill = 🔪 Kill vote: { $player }
mafia-order-boost-none = 💢 No boost
mafia-order-boost = 💢 Boost the kill by 2 damage{ $has_paid ->
    [yes] , paying { $paid }
   *[no] {" "}(free for you)
}
mafia-order-veche-none = ⚖ Veche: no vote
mafia-order-veche = ⚖ Veche: { $player }, { $kind }
mafia-order-leader-none = 👑 Leader: no vote
mafia-order-leader = 👑 Leader: { $player_is_you ->
    [yes] yourself
   *[no] { $player }
}
mafia-order-artifact-none = 🏺 Artifact: to a random character who has never held it
mafia-order-artifact = 🏺 Artifact: to { $player }
mafia-order-check-none = 🎯 No check
mafia-order-check = 🎯 Check { $player }: { $cards }
mafia-order-paranoid = 🛡 { $count ->
    [0] No sleeve cards spent for armor
   *[other] Spent for { $armor } armor: { $cards }
}
mafia-order-croupier-none = 🎲 No discard and draw
mafia-order-croupier = 🎲 Discard { $card } and draw a new card
mafia-order-hand-order = 🔀 Hand order (damage discards from the first): { $cards }
mafia-order-arrange = 🔮 The top of your deck, in order: { $cards }
mafia-order-invisible = 👻 { $count ->
    [0] No invisible cards
   *[other] Invisible: { $cards }
}
mafia-order-message = ✉ Boss's message: { $ready ->
    [yes] you may send one now
   *[no] not yet (once every two phases)
}
mafia-order-redraw = 🍀 You may put your hand back and draw again (Night 1 only)

## Questions while a part is built
mafia-ask-hand = ✋ Which card do you play from your hand?
mafia-ask-sleeve = 🧥 Which card do you play from your sleeve?
mafia-ask-under = ⬇ Which hand cards go to the bottom of your deck (one or two, in this order)? They are replaced at the end of the night.
mafia-ask-trick = 🎩 { $card }: use the Magician's trick (once per game)? You take a copy of the card into your hand instead of the replacement draw.
mafia-ask-as-question = 📰 { $card }: play it as itself or as a Question?
mafia-ask-target = 🎯 { $card }: whom do you target?
mafia-ask-letter = ✉ { $card }: write your message (text only, no links). It is delivered at the end of the phase.
mafia-ask-pay = 💰 { $card } costs { $cost }: choose { $cost ->
    [one] the card
   *[other] the { $cost } cards
} to discard (at most 2 from your hand).
mafia-ask-kill = 🔪 The Mafia's kill: whom do you vote for tonight?
mafia-ask-boost = 💢 Add 2 damage to the kill { $cost ->
    [0] (free for you as the Leader)?
   *[other] by paying cost { $cost }?
}
mafia-ask-pay-boost = 💰 The boost costs { $cost }: choose { $cost ->
    [one] the card
   *[other] the { $cost } cards
} to discard.
mafia-ask-boost-question = 📰 Also take the effect of { $card } on the victim?
mafia-ask-veche = ⚖ The veche: whom do you vote for? The vote is secret; you cannot vote for yourself.
mafia-ask-veche-kind = ⚖ Your veche vote for { $player }: execution (6 damage) or beating (2 damage)?
mafia-ask-leader = 👑 Whom do you vote for as Leader? The vote is public; you may vote for yourself, but not for the current Leader.
mafia-ask-artifact = 🏺 To whom do you pass the artifact, secretly? If to nobody, to someone who dies today or to someone who has held it, it goes to a random character who has never held it.
mafia-ask-check = 🎯 Killer: whose hand do you check? Never the same target twice.
mafia-ask-check-names = 🎯 Target: { $player }, { $count ->
    [one] { $count } card
   *[other] { $count } cards
} in hand. Name the { $colour } cards you think are there ({ $left } names left; in all the names add up to { $count }). If at least half are right, you get two Bullets.
mafia-ask-paranoid = 🛡 Which sleeve cards do you spend for armor ({ $armor } armor each)?
mafia-ask-croupier = 🎲 Croupier (once per game): which hand card do you discard to draw a new one?
mafia-ask-order = 🔀 Pick all your hand cards in their new order: damage discards from the first.
mafia-ask-arrange = 🔮 Divination: pick the cards in the order they go back on top of your deck (the first on top).
mafia-ask-invisible = 👻 Which hand cards are invisible (left out of your public count)? The others become visible.
mafia-ask-message-to = ✉ Boss: to which Mafia member do you write? The message is delivered at once; you may write once every two phases.
mafia-ask-message = ✉ Your message to { $player } (text only, no links):
mafia-ask-redraw = 🍀 Lucky: put your hand back, shuffle your deck and draw again? Only on Night 1, once.

## Options
mafia-opt-under = ⬇ Put cards under the deck
mafia-opt-no-card = No card
mafia-opt-no-vote = No vote
mafia-opt-no-check = No check
mafia-opt-trick-yes = 🎩 Take a copy
mafia-opt-trick-no = Draw as usual
mafia-opt-as-itself = Play as { $card }
mafia-opt-as-question = 📰 Play as { $card }
mafia-opt-boost-yes = 💢 Boost (cost { $cost })
mafia-opt-boost-no = No boost
mafia-opt-boost-question-yes = 📰 Yes, take it
mafia-opt-boost-question-no = No
mafia-opt-execution = ⚔ Execution
mafia-opt-beating = 👊 Beating
mafia-opt-artifact-random = 🎲 Nobody (it goes at random)
mafia-opt-name = { $card }
mafia-opt-croupier-no = Discard nothing
mafia-opt-redraw-yes = 🍀 Draw again
mafia-opt-redraw-no = Keep my hand

## Why an option is not available
mafia-refuse-card-used = This card is already used in “{ $part }”.
mafia-refuse-under-instead = At night you either play cards or put cards under your deck, not both.
mafia-refuse-when = { $card } can be played only by { $when }.
mafia-refuse-no-target = This card has no one to target now.
mafia-refuse-cannot-pay = You cannot pay its cost of { $cost } (at most 2 cards from the hand).
mafia-refuse-hand-pay = At most { $count } hand cards may pay one cost.
mafia-refuse-self = Not yourself: choose another character.
mafia-refuse-dead = { $player_is_you ->
    [yes] You are
   *[no] { $player } is
} no longer alive.
mafia-refuse-sociopath = The Sociopath cannot be targeted on Night 1 and Day 1.
mafia-refuse-link = No links: the message must be plain text.
mafia-refuse-check-mafia = The Killer does not check Mafia members.
mafia-refuse-checked = You have already checked { $player }: never the same target twice.
mafia-refuse-no-hand = Nothing to name: the target has no cards in hand ({ $player }).
mafia-refuse-not-mafia = The Boss writes only to Mafia members.
mafia-refuse-boss-wait = The Boss writes once every two phases: not yet.

## Immediate actions and the phases' openings
mafia-event-hand-ordered = 🔀 Your hand is now in this order: { $cards }.
mafia-event-arranged = 🔮 The top of your deck is now: { $cards }.
mafia-event-invisible = 👻 { $count ->
    [0] All your hand cards are visible.
   *[other] Invisible now: { $cards }.
}
mafia-event-boss-message = ✉ A message from the Boss ({ $player }): { $text }
mafia-event-boss-sent = ✉ Your message is delivered to { $player }.
mafia-event-redrawn = 🍀 You put your hand back, shuffled and drew { $count ->
    [one] { $count } card
   *[other] { $count } cards
}: { $cards }.
mafia-event-day-begins = ☀ Day { $number } begins.
mafia-event-night-falls = 🌙 Night { $number } falls.
