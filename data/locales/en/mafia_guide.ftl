## A player's guide (the terminal's `?`): roles with their abilities, cards with their texts, and
## the private log of what the seat learned. Sign-up options' short ability lines.

mafia-guide-public-role = 🎭 Your public role: { $role }. { $ability }
mafia-guide-secret-role = 🔪 Your secret role: { $role } (Mafia). { $ability }
mafia-guide-hand = ✋ { $count ->
    [0] Your hand is empty.
   *[other] Your hand:
    { $cards }
}
mafia-guide-sleeve = 🧥 { $count ->
    [0] Your sleeve is empty.
   *[other] Your sleeve:
    { $cards }
}
mafia-guide-kept = 🃏 Kept in the draft so far:
    { $cards }
mafia-guide-log = 📓 { $count ->
    [0] You have learned nothing in secret yet.
   *[other] What you have learned:
    { $lines }
}
mafia-guide-item = • { $item }
mafia-guide-log-line = [{ $phase }] { $fact }
mafia-guide-phase-night = Night { $number }
mafia-guide-phase-day = Day { $number }
mafia-guide-search = 🔍 Search ({ $player }): { $count ->
    [0] no cards in hand or sleeve.
   *[other] hand and sleeve held { $cards }.
}
mafia-guide-check = 🎯 Check ({ $player }): { $success ->
    [yes] success.
   *[no] failure.
}
mafia-guide-tracker = 📡 Tracker ({ $target }): { $player } aimed { $cards } at them.
mafia-guide-tracker-voter = 📡 Tracker: { $player } voted for the mafia's kill, so is Mafia.
mafia-guide-beating = 🩸 Beating ({ $player }): the card played from the hand that night was { $colour }.
mafia-guide-snapshot = 🔪 { $player_is_you ->
    [yes] You
   *[no] { $player }
}: { $role } (Mafia), { $count ->
    [0] no cards in hand.
   *[other] hand: { $cards }.
}
