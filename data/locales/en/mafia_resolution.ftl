## Mafia of Heroes: the end of a phase (games/mafia/resolution.py and its modules)

## The public report
mafia-event-phase-report = { $phase ->
    [night] 🌅 Night { $number } is over.
   *[day] 🌇 Day { $number } is over.
}
    { $lines }
mafia-line-no-deaths = Nobody died.
mafia-line-wounded = 🩸 { $player_is_you ->
    [yes] You are
   *[no] { $player } is
} mortally wounded: cannot be voted for at the veche, { $phases ->
    [1] dies at the end of the next phase.
   *[other] dies when { $phases } more phases have ended.
}
mafia-line-death = ☠ { $player_is_you ->
    [yes] You died.
   *[no] { $player } died.
}
mafia-line-denunciation = 📜 Denunciation on { $player }: { $count ->
    [0] no cards in hand.
   *[other] { $colours } in hand.
}
mafia-colour-count = { $count } { $colour } { $count ->
    [one] card
   *[other] cards
}
mafia-line-counts = Cards in hand:

## Private results
mafia-result-dropped-card = ⚠ Your order for { $card } could no longer be carried out (the card, its target or its cost was no longer valid): the card was not played.
mafia-result-dropped = ⚠ { $what ->
    [boost] Your boost of the kill could not be paid: it does not count.
    [paranoid] The sleeve cards you meant to spend for armor were no longer there: nothing was spent.
    [croupier] Your Croupier's discard could not be carried out.
    [under] The cards you meant to put under your deck could not be moved.
    [check] Your check could not be carried out.
   *[card] One of your cards could no longer be played.
}
mafia-result-sabotaged = 🚫 Your { $card } was sabotaged: it had no effect (its cost is paid).
mafia-result-robbery = 🗝 Robbery ({ $player }): { $count ->
    [0] the hand was empty, nothing to take.
   *[other] into your sleeve: { $cards }.
}
mafia-result-robbed = 🗝 You were robbed: { $cards } left your hand.
mafia-result-disarmed = 🪤 You were disarmed: your sleeve is discarded ({ $cards }).
mafia-result-question = ❓ Question ({ $player }): { $count ->
    [0] the hand is empty.
   *[other] { $colours } in hand.
}
mafia-result-search = 🔍 Search ({ $player }): hand: { $hand }; sleeve: { $sleeve }.
mafia-result-dossier = 📁 Dossier ({ $player }): faction { $faction }.
mafia-result-surveillance = 👁 Surveillance ({ $player }), the cards played this phase:
    { $lines }
mafia-line-play = { $card }
mafia-line-play-at = { $card } → { $target }
mafia-line-no-play = No card played.
mafia-result-tracker = 📡 Tracker ({ $player }), who targeted this character this phase:
    { $lines }
mafia-line-targeted = { $player_is_you ->
    [yes] You
   *[no] { $player }
}: { $card }
mafia-line-not-targeted = Nobody, with a card.
mafia-line-kill-voters = Voted for the mafia's kill: { $voters }.
mafia-result-eavesdrop = 👂 Eavesdrop ({ $player }): voted for { $candidate_is_you ->
    [yes] you
   *[no] { $candidate }
} at the veche, for { $kind ->
    [beating] a beating
   *[execution] an execution
}.
mafia-result-eavesdrop-none = 👂 Eavesdrop ({ $player }): no vote at today's veche.
mafia-result-check = 🎯 Check ({ $player }): { $success ->
    [yes] success! { $count } × { $card } into your sleeve.
   *[no] failure, not enough of the named cards in hand.
}
mafia-result-letter = ✉ A letter for you:
    { $text }
mafia-result-intercept = 📨 Intercept ({ $player }), { $kind ->
    [boss] a message of the Boss
   *[letter] a letter
}:
    { $text }
mafia-result-intercept-none = 📨 Intercept ({ $player }): no message was sent to this character this phase.
mafia-result-divination = 🔮 Divination: { $count ->
    [0] your deck is empty.
   *[other] the top of your deck, in order: { $cards }. You may arrange them during the next phase.
}
mafia-result-hand = ✋ Your cards at the end of the phase:
    { $lines }
mafia-line-dealt = Damage dealt to you: { $amount }; your armor: { $armor }.
mafia-line-cancelled = Replacement draws cancelled by damage: { $count }.
mafia-line-discarded = Discarded to damage: { $cards }.
mafia-line-drawn = Drawn: { $cards }.
mafia-line-gained = Into your sleeve: { $cards }.
mafia-line-hand-now = Your hand now: { $cards }.

## What a death and the kill did (to the dead character; to the mafia)
mafia-result-death = ☠ What happened to you this phase:
    { $lines }
mafia-line-hits = What hit you: { $sources }.
mafia-hit = { $source } ({ $amount })
mafia-hit-kill = the mafia's kill
mafia-hit-veche = the veche
mafia-hit-delayed = delayed { $card }
mafia-line-died = { $why ->
    [wounded] Your mortal wound runs out: you die.
    [alien] Cards left in your hand: { $count }. The Alien dies with 1 or fewer: you die.
   *[empty] No card is left in your hand: you die.
}
mafia-result-kill = 🔪 { $voted ->
    [no] The mafia's kill: nobody got a vote, so nobody took its damage.
   *[yes] The mafia's kill went to { $victim }: { $damage } damage{ $capped ->
        [yes] {" "}(on Night 1 nobody takes more than 5)
       *[no] {""}
    }; { $victim }'s armor: { $armor }.{ $tie ->
        [yes] {" "}The vote was tied: the lot decided.
       *[no] {""}
    }
}
