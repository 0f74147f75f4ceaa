## Maskmen: colours, prompts, events, refusals, the strength order in words and pictures.

maskmen-colour-pink = Pink
maskmen-colour-blue = Blue
maskmen-colour-green = Green
maskmen-colour-grey = Grey
maskmen-colour-orange = Orange
maskmen-colour-purple = Purple
maskmen-colour-pink-of = Pink
maskmen-colour-blue-of = Blue
maskmen-colour-green-of = Green
maskmen-colour-grey-of = Grey
maskmen-colour-orange-of = Orange
maskmen-colour-purple-of = Purple
maskmen-forced-pass = { $player_is_you ->
        [yes] You have nothing that beats { $colour } × { $count }: you pass.
       *[no] { $player } has nothing that beats { $colour } × { $count } and passes.
    }
maskmen-standings = 📊 Final standings{ $duel ->
        [yes] { " " }(seasons won):
       *[no] { " " }(points; equal points go to whoever scored +2 more often):
    }
maskmen-standings-row = { $place }. { $player_is_you ->
        [yes] You
       *[no] { $player }
    } — { $duel ->
        [yes] { $points ->
            [one] { $points } season
           *[other] { $points } seasons
        }
       *[no] { $points ->
            [one] { $points } point
           *[other] { $points } points
        }, +2 { $twos ->
            [0] never
            [one] once
           *[other] { $twos } times
        }
    }
maskmen-standings-tiebreak = Equal points ({ $points }): { $players }; the number of +2 scores decided the order.

maskmen-rules =
    Maskmen — 2–6 players, 60 wrestler cards in six colours (10 of each).
    • Each season the deck is shuffled and dealt: 15 cards each with 2–4 players, 12 with 5, 10 with 6; the rest are set aside unseen.
    • On your turn play 1–3 cards of one colour, or pass. A pass only sits you out for the rest of this trick; you keep your cards.
    • Leading (empty ring, no passing): a colour that has not debuted this season — exactly 1 card; a debuted colour — 1, 2 or 3 cards.
    • Answering N cards of a colour: a colour already proven stronger — exactly N cards; an unrelated colour — exactly N+1 cards (never more than 3), which proves it stronger. Never the same colour, never a colour proven weaker.
    • Proven strength is transitive (A beats B and B beats C, so A beats C) and lasts for the season; the bot shows the order after every change.
    • A 3-card play clears the ring at once and its player leads the next trick. Otherwise, when everyone else still in the trick has passed, the ring clears and the last player who played leads.
    • Season end (house rule “first out”, the default): the first player to empty their hand ends the season and scores +2; of the others, the fewest cards left score +1 and the most −1 (ties share; if all are equal, 0).
    • House rule “last standing”: play on as players go out; the first out scores +2, the second +1, the last player still holding cards −1.
    • The player who scored −1 leads the next season. After the agreed number of seasons (4 by default) the highest total wins; ties go to whoever scored +2 more often.
    • Two players: no points — the first to win 3 seasons wins the game.
    • Each turn has a deadline (60 s by default). When it passes, the bot passes for you, or, if you lead, plays 1 card of the colour you hold most.

maskmen-house-first_out = first out ends the season
maskmen-house-last_standing = play until one player is left

## Prompts and options (sent privately: they show your hand)

maskmen-hand-line = { maskmen-colour-pink } { $pink } · { maskmen-colour-blue } { $blue } · { maskmen-colour-green } { $green } · { maskmen-colour-grey } { $grey } · { maskmen-colour-orange } { $orange } · { maskmen-colour-purple } { $purple }
maskmen-prompt-lead =
    Trick { $trick }: you lead. The ring is empty, so you must play: a new colour with 1 card, or a debuted colour with 1–3 cards.
    Your hand ({ $total ->
        [one] { $total } card
       *[other] { $total } cards
    }): { maskmen-colour-pink } { $pink } · { maskmen-colour-blue } { $blue } · { maskmen-colour-green } { $green } · { maskmen-colour-grey } { $grey } · { maskmen-colour-orange } { $orange } · { maskmen-colour-purple } { $purple }
maskmen-prompt-answer =
    Trick { $trick }: { $ring_player_is_you ->
        [yes] you have
       *[no] { $ring_player } has
    } { $ring_colour } × { $ring_count } on the ring. Beat it or pass.
    Your hand ({ $total ->
        [one] { $total } card
       *[other] { $total } cards
    }): { maskmen-colour-pink } { $pink } · { maskmen-colour-blue } { $blue } · { maskmen-colour-green } { $green } · { maskmen-colour-grey } { $grey } · { maskmen-colour-orange } { $orange } · { maskmen-colour-purple } { $purple }
maskmen-option-play = { $colour } × { $count }
maskmen-option-pass = Pass

## Events

maskmen-season-start = 🔔 Season { $season } begins: { $cards ->
        [one] { $cards } card
       *[other] { $cards } cards
    } each. { $leader_is_you ->
        [yes] You lead.
       *[no] { $leader } leads.
    }
maskmen-hand = Your hand ({ $total ->
        [one] { $total } card
       *[other] { $total } cards
    }): { maskmen-colour-pink } { $pink } · { maskmen-colour-blue } { $blue } · { maskmen-colour-green } { $green } · { maskmen-colour-grey } { $grey } · { maskmen-colour-orange } { $orange } · { maskmen-colour-purple } { $purple }
maskmen-play = { $player_is_you ->
        [yes] You play
       *[no] { $player } plays
    } { $colour } × { $count } ({ $left ->
        [0] no cards left
        [one] { $left } card left
       *[other] { $left } cards left
    }).
maskmen-debut = ✨ { $colour } debuts this season.
maskmen-proved = 💪 { $stronger } beats { $weaker_of }{ $implied ->
        [0] .
        [one] ; { $implied } more relation follows from it.
       *[other] ; { $implied } more relations follow from it.
    }
maskmen-pass = { $player_is_you ->
        [yes] You pass.
       *[no] { $player } passes.
    }
maskmen-cleared-three = Three cards: the ring clears. { $leader_is_you ->
        [yes] You lead the next trick.
       *[no] { $leader } leads the next trick.
    }
maskmen-cleared-passed = Everyone else passed: the ring clears. { $leader_is_you ->
        [yes] You lead the next trick.
       *[no] { $leader } leads the next trick.
    }
maskmen-lead-passes = { $player_is_you ->
        [yes] You have no cards left
       *[no] { $player } has no cards left
    }, so the lead passes to { $leader_is_you ->
        [yes] you.
       *[no] { $leader }.
    }
maskmen-out = 🏁 { $player_is_you ->
        [yes] You have played your last card and are out
       *[no] { $player } has played their last card and is out
    } (place { $place }).
maskmen-season-end = 🏆 Season { $season } is over: { $winner_is_you ->
        [yes] you win it.
       *[no] { $winner } wins it.
    }
maskmen-season-score = { $player_is_you ->
        [yes] You
       *[no] { $player }
    }: { $signed } this season, { $total } in total ({ $cards ->
        [0] no cards left
        [one] { $cards } card left
       *[other] { $cards } cards left
    }).
maskmen-duel-season = { $player_is_you ->
        [yes] You have
       *[no] { $player } has
    } { $wins } of { $need } season wins needed (the other player held { $cards ->
        [one] { $cards } card
       *[other] { $cards } cards
    }).
maskmen-game-end = 🏆 Maskmen is over. { $count ->
        [one] { $winners_has_you ->
            [yes] You win!
           *[no] The winner: { $winners }.
        }
       *[other] Winners: { $winners }.
    }

## Refusals (a play typed on a text command)

maskmen-error-must-lead = You lead this trick, so you must play: passing is not allowed on an empty ring.
maskmen-error-too-many = Never more than 3 cards in one play (you tried { $count }).
maskmen-error-not-held = You do not hold { $colour } × { $count } (you have { $held }).
maskmen-error-debut-one = { $colour } has not debuted this season: it can only lead with exactly 1 card.
maskmen-error-same-colour = { $colour } is already on the ring: you must beat it with another colour.
maskmen-error-weaker = { $colour } is proven weaker than { $ring_colour_of }: it cannot beat it.
maskmen-error-wrong-count = Against { $ring_colour } × { $ring_count } you can only play { $colour } × { $need }, not × { $count }.
maskmen-error-cannot-beat = { $colour } would need more than 3 cards to beat { $ring_colour } × { $ring_count }.

## The strength order: picture captions and the text form for screen readers

maskmen-picture-title = Strength order — season { $season }
maskmen-picture-legend = Stronger colours stand higher; each arrow points to the colour it beats.
maskmen-picture-unrelated = no proven relation
maskmen-picture-undebuted = not debuted yet
maskmen-picture-empty = No colour has debuted yet.
maskmen-order-chains = Strength order: { $chains }.
maskmen-order-isolated = No proven relation: { $colours }.
maskmen-order-undebuted = Not debuted yet: { $colours }.
maskmen-order-empty = No colour has debuted yet this season.

## Status lines (the table's status message, "my view", the terminal's summary)

maskmen-status-season = Season { $season } of { $seasons }, trick { $trick }.
maskmen-status-duel = Season { $season }: the first to win { $need } seasons wins.
maskmen-status-ring = On the ring: { $colour } × { $count } ({ $player_is_you ->
        [yes] yours
       *[no] { $player }'s
    }).
maskmen-status-ring-empty = The ring is empty: { $player_is_you ->
        [yes] you lead.
       *[no] { $player } leads.
    }
maskmen-status-turn = { $player_is_you ->
        [yes] Your turn.
       *[no] Turn: { $player }.
    }
maskmen-status-player = { $player_is_you ->
        [yes] You
       *[no] { $player }
    }: { $cards ->
        [one] { $cards } card
       *[other] { $cards } cards
    }, { $points } points{ $state ->
        [passed] , passed this trick
        [out] , out this season
       *[in] {""}
    }.
maskmen-status-player-duel = { $player_is_you ->
        [yes] You
       *[no] { $player }
    }: { $cards ->
        [one] { $cards } card
       *[other] { $cards } cards
    }, seasons won: { $points }{ $state ->
        [passed] , passed this trick
        [out] , out this season
       *[in] {""}
    }.
maskmen-status-beats = { $count ->
        [0] { $colour }: no proven wins yet.
       *[other] { $colour } beats { $beaten }.
    }
maskmen-status-gm-hand = { $player }'s hand ({ $total }): { maskmen-colour-pink } { $pink } · { maskmen-colour-blue } { $blue } · { maskmen-colour-green } { $green } · { maskmen-colour-grey } { $grey } · { maskmen-colour-orange } { $orange } · { maskmen-colour-purple } { $purple }
maskmen-status-set-aside = Set aside ({ $total }): { maskmen-colour-pink } { $pink } · { maskmen-colour-blue } { $blue } · { maskmen-colour-green } { $green } · { maskmen-colour-grey } { $grey } · { maskmen-colour-orange } { $orange } · { maskmen-colour-purple } { $purple }
