## Cookie: cards, roles, prompts, events, refusals and the rules summary.

cookie-name = Cookie

## Terms: the cards in a player's set.
cookie-card-cookie = Cookie
cookie-card-blue = Blue
cookie-card-strontium = Strontium
cookie-card-thirty-seven = 37
cookie-card-persians = Persians
cookie-card-cosine = Cosine
cookie-card-sword = Sword
cookie-card-shield = Shield
cookie-card-hill = Hill

## Terms: the characters as roles.
cookie-role-cookie = Cookie
cookie-role-blue = Blue
cookie-role-strontium = Strontium
cookie-role-thirty-seven = 37
cookie-role-persians = Persians
cookie-role-cosine = Cosine

## Prompts and their options.
cookie-prompt-choose = Round { $round }, circle { $circle } of { $circles }: choose a card to reveal.
cookie-prompt-place-sword = Place your ⚔️ Sword in front of the player you think is your target.
cookie-prompt-place-shield = Place your 🛡️ Shield in front of the player you think is your hunter.
cookie-option-player = { $player }

## Refusals.
cookie-error-blocked-sword = { $player }'s Shield already lies in front of you, so your Sword cannot go in front of that player.
cookie-error-blocked-shield = { $player }'s Sword already lies in front of you, so your Shield cannot go in front of that player.
cookie-error-yourself = You cannot place a card in front of yourself.
cookie-error-not-in-hand = { $card } is not in your hand.

## Events.
cookie-event-setup = 🍪 Cookie for { $players } players: { $rounds } rounds of { $rounds } circles. Hunting chain: { $chain } (each hunts the next, the last hunts the first). { $players ->
    [6] No Hill at 6 players.
   *[other] Keeping the Hill to the end of a round is worth 1 coin.
} First player: { $first }.
cookie-event-round-start = 🍪 Round { $round } of { $rounds } begins. First player: { $first }. Roles have been dealt in secret.
cookie-event-deal = Round { $round }. Your role: { $role }. Your target (attack it with the Sword): { $target }. Your hunter (shield yourself from it): { $hunter }. Cards in hand: { $hand }.
cookie-event-circle-start = Circle { $circle } of { $circles }: everyone chooses a card in secret.
cookie-event-chosen = You chose { $card }.
cookie-event-choice-changed = Changed: you now play { $card }.
cookie-event-reveal = 🃏 Round { $round }, circle { $circle }: the cards are revealed.
cookie-event-revealed = { $player_is_you ->
    [yes] You reveal
   *[no] { $player } reveals
} { $card }.
cookie-event-placed-sword = ⚔️ { $player_is_you ->
    [yes] You place your
   *[no] { $player } places the
} Sword in front of { $target_is_you ->
    [yes] you
   *[no] { $target }
}.
cookie-event-placed-shield = 🛡️ { $player_is_you ->
    [yes] You place your
   *[no] { $player } places the
} Shield in front of { $target_is_you ->
    [yes] you
   *[no] { $target }
}.
cookie-event-placed-only = { $player_is_you ->
    [yes] Your { $card } can go in front of one player only: { $target_is_you ->
        [yes] you
       *[no] { $target }
    }.
   *[no] { $player }'s { $card } can go in front of one player only: { $target_is_you ->
        [yes] you
       *[no] { $target }
    }.
}
cookie-event-placed-nobody = { $player_is_you ->
    [yes] You have nobody to place your { $card } in front of: it has no effect this round.
   *[no] { $player } has nobody to place the { $card } in front of: it has no effect this round.
}
cookie-event-round-over = 🏁 Round { $round } is over. Roles and coins:
cookie-event-score = { $player_is_you ->
    [yes] You were
   *[no] { $player } was
} { $role }: Sword { $sword }, Shield { $shield }{ $hill_in_play ->
    [no] {""}
   *[yes] , Hill { $hill }
} → +{ $points } ({ $coins ->
    [one] { $coins } coin
   *[other] { $coins } coins
} in total).
cookie-event-game-over = 🏆 Game over! { $count ->
    [one] { $winners_has_you ->
        [yes] You win
       *[no] The winner is { $winners }
    }
   *[other] Shared win: { $winners }
} with { $coins ->
    [one] { $coins } coin
   *[other] { $coins } coins
}.

## The private deduction aid and status lines (for renderers).
cookie-aid-title = Who can be who (from what you know):
cookie-aid-line = { $player_is_you ->
    [yes] You
   *[no] { $player }
}: { $roles }
cookie-status-chosen = Chosen: { $players }.
cookie-status-you = You are { $role }; target { $target }, hunter { $hunter }.

## The rules summary for the lobby's rules command.
cookie-rules =
    🍪 Cookie — 4 to 6 players.
    Characters hunt in a chain: Cookie → Blue → Strontium → 37 → Persians → Cosine → back to Cookie (only as many characters as players: 4 players stop at 37, 5 at Persians). The character you hunt is your target; the one hunting you is your hunter.
    Each player has a set: one card per character in play, a Sword, a Shield and a Hill (no Hill at 6 players).
    The game has as many rounds as players, each round as many circles as players. The first player changes every round, so everyone is first once.
    Each round roles are dealt in secret. You put aside the card of your own character; the rest is your hand. The bot tells you in private your role, target, hunter and hand.
    Each circle everyone secretly chooses a card (you may change your mind until all have chosen); then all the cards are revealed and stay face up for the round.
    A revealed character card tells everyone you are not that character. The Hill tells nothing.
    Then, from the first player clockwise, whoever revealed a Sword or Shield puts it in front of another player: the Sword in front of your suspected target, the Shield in front of your suspected hunter.
    You cannot put a Sword in front of a player who put a Shield in front of you this round, nor a Shield in front of a player who put a Sword in front of you. If nobody is left, the card has no effect.
    End of round: roles are revealed. Sword in front of your target: 3 coins. Shield in front of your hunter: 2 coins. Hill still in hand: 1 coin.
    After the last round the most coins wins; ties share the win.
    If time runs out, the bot picks a random card or a random allowed player for you. Your private deduction aid shows who can still be who.

## Status lines (the channel's status message; a player's private view).
cookie-summary-round = Round { $round } of { $rounds }, circle { $circle } of { $circles }. First player: { $first }.
cookie-summary-player = { $player_is_you ->
    [yes] You
   *[no] { $player }
}: { $coins ->
    [one] { $coins } coin
   *[other] { $coins } coins
} · face up: { $revealed }
cookie-summary-you = 🔒 You are { $role }. Your target: { $target }. Your hunter: { $hunter }. Cards in hand: { $hand }.
cookie-summary-possible = 🔎 Who { $player } can be: { $roles }
cookie-standings = 📊 Final standings (a tie stays a tie):
cookie-standings-row = { $place }. { $player_is_you ->
    [yes] You
   *[no] { $player }
} — { $coins ->
    [one] { $coins } coin
   *[other] { $coins } coins
}
cookie-summary-placements = In front of players this round: { $placements }.
cookie-summary-placement = { $card ->
    [sword] ⚔️ { $owner_is_you ->
        [yes] your Sword
       *[no] { $owner }'s Sword
    }
   *[shield] 🛡️ { $owner_is_you ->
        [yes] your Shield
       *[no] { $owner }'s Shield
    }
} — { $placed ->
    [no] in front of nobody
   *[yes] in front of { $target_is_you ->
        [yes] you
       *[no] { $target }
    }
}
cookie-summary-placements-none = Nobody has placed a Sword or Shield this round yet.
