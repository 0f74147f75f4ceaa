## Sword of Lies (Меч Лжи). Seats are named by the renderer; positions count from the left.


sol-rules =
    ⚔ Sword of Lies — bluff, poker and war with 52-card decks. 3 or more players.
    Set-up: everyone buys in (at least the minimum) and gets a row of cards face down (4 by default); only you see your own faces. An opening draw picks who moves first.
    Phase I — Castling. On your turn: Trade (swap one of your cards for a chosen card of another player; they may accept, name a price in chips, or decline — only you two learn the faces) or Interrogate (pick an unmarked card of another player; its owner names its colour, “Red” or “Black”, truthfully or not; you answer “Believe” or “Disbelieve”; the card is marked). You may also pass. The phase ends as soon as one player has all cards marked: they are the senior blind.
    Phase II — Betting. Hold'em-style betting (fold, check, call, bet, raise, all-in, side pots): blinds, then a betting round, then a reveal circle (everyone shows one card of their choice) and another betting round, until all cards are shown. A revealed marked card: Lie + Believe or Truth + Disbelieve = a shield (2 lives); Lie + Disbelieve or Truth + Believe = a sword for the interrogator. Unmarked = 1 life. If everyone else folds, the last player takes every pot.
    Phase III — War. Swords are doubled; the first highest bet of Phase II earns +4 swords. Each cycle: public negotiation (chips may change hands), then secret orders: a standard attack (1 sword at an opponent's card) or a double attack (2 swords, paying 1 life from one of your own cards). A shield hit once flips to an ordinary card; a card at 0 lives is discarded. The war ends when nobody can attack any more.
    Winning: most lives left, then most swords before the war, takes the pots (ties split them).
    The table's lines: { sol-summary-legend }

## Terms
sol-colour-red = Red
sol-colour-black = Black
sol-believe = Believe
sol-disbelieve = Disbelieve
sol-limit-no_limit = no limit
sol-limit-pot_limit = pot limit
sol-limit-fixed_limit = fixed limit
sol-bet-fold = folds
sol-bet-check = checks
sol-bet-call = calls
sol-bet-bet = bets
sol-bet-raise = raises
sol-bet-all-in = goes all-in
sol-outcome-plain = an ordinary card (1 life)
sol-outcome-shield = a shield (2 lives)
sol-outcome-sword = a sword for the interrogator
sol-attack-standard = standard attack
sol-attack-double = double attack
sol-result-flipped = the shield flips to an ordinary card
sol-result-destroyed = destroyed
sol-result-held = the sturdy shield holds

## Prompts
sol-prompt-buy-in = Your buy-in: how many chips do you bring to the table? (from { $min } to { $max })
sol-prompt-move = Trade, interrogate, or pass? Your cards: { $hand }.
sol-prompt-trade-own = Trade: which of your cards do you offer?
sol-prompt-trade-target = Trade: with whom?
sol-prompt-trade-their = Trade: which of { $owner }'s cards do you want?
sol-prompt-ask-target = Interrogation: whose card?
sol-prompt-ask-position = Interrogation: which of { $owner }'s unmarked cards?
sol-prompt-trade-offer = { $player_is_you ->
        [yes] You offer
       *[no] { $player } offers
    } their #{ $position } for your #{ $their_position } ({ $card }). Accept for free, name a price in chips (at most { $stack }), or decline.
sol-prompt-trade-price = { $player_is_you ->
        [yes] You ask
       *[no] { $player } asks
    } { $price ->
        [one] { $price } chip
       *[other] { $price } chips
    } for the trade (your #{ $position } for their #{ $their_position }). Pay or refuse?
sol-prompt-name-colour = { $player_is_you ->
        [yes] You ask
       *[no] { $player } asks
    } the colour of your card #{ $position } (it is { $card }). Say “{ sol-colour-red }” or “{ sol-colour-black }” — the truth or a lie.
sol-prompt-believe = { $player_is_you ->
        [yes] You say your
       *[no] { $player } says their
    } card #{ $position } is “{ $colour }”. Believe it?
sol-prompt-bet = Betting round { $round } of { $rounds }. Pot { $pot }; your bet { $bet }, highest { $highest }, your stack { $stack }. { $raise ->
        [raise] Raise to a total from { $min } to { $max },
        [all_in] Raise only all-in, to { $max },
        [all_in_bet] Bet only all-in ({ $max }),
        [bet] Bet a total from { $min } to { $max },
       *[none] No bet or raise is possible;
    } { $call ->
        [0] or check, or fold.
       *[other] or call { $call }, or fold.
    }
sol-prompt-reveal = Reveal circle { $circle } of { $circles }: which card do you show?
sol-prompt-negotiate = Negotiation (cycle { $cycle }): talk and make deals, then press Done. { $chosen ->
        [yes] Enter how many chips to pay { $recipient } (you have { $stack }).
       *[no] To pay chips, pick a player first (you have { $stack }).
    }
sol-prompt-war-kind = War order (cycle { $cycle }): you have { $swords ->
        [one] { $swords } sword
       *[other] { $swords } swords
    }. Standard or double attack?
sol-prompt-war-target = Sword { $sword } ({ $kind }): at whose card?
sol-prompt-war-position = Sword { $sword }: which of { $player }'s cards?
sol-prompt-war-cost = Double attack: which of your cards pays 1 life?
sol-prompt-war-submitted = Your order is in: { $kind } — { $double ->
        [yes] { $target1_is_you ->
            [yes] your #{ $position1 }
           *[no] { $target1 }'s #{ $position1 }
        } and { $target2_is_you ->
            [yes] your #{ $position2 }
           *[no] { $target2 }'s #{ $position2 }
        }, paying with your #{ $cost }.
       *[no] { $target1_is_you ->
            [yes] your #{ $position1 }
           *[no] { $target1 }'s #{ $position1 }
        }.
    } You can change it until everyone has ordered.

## Options
sol-opt-trade = Trade
sol-opt-interrogate = Interrogate
sol-opt-pass = Pass
sol-opt-back = Back
sol-opt-player = { $player }
sol-opt-card = #{ $position } { $kind ->
        [shield] { $card } shield, { $lives } lives
        [plain] { $card }, 1 life
       *[hidden] { $marked ->
            [yes] marked ({ $by_is_you ->
                [yes] you were told “{ $named }” and { $believed ->
                    [yes] believe it
                   *[no] do not believe it
                }
               *[no] { $by } was told “{ $named }” and { $believed ->
                    [yes] believes it
                   *[no] does not believe it
                }
            })
           *[no] unmarked
        }
    }
sol-opt-card-gone = #{ $position }: destroyed
sol-opt-own-card = #{ $position } { $card } { $kind ->
        [shield] shield, { $lives } lives
        [plain] 1 life
       *[hidden] { $marked ->
            [yes] marked ({ $by_is_you ->
                [yes] you were told “{ $named }” and { $believed ->
                    [yes] believe it
                   *[no] do not believe it
                }
               *[no] { $by } was told “{ $named }” and { $believed ->
                    [yes] believes it
                   *[no] does not believe it
                }
            })
           *[no] unmarked
        }
    }
sol-opt-accept-free = Accept for free
sol-opt-decline = Decline
sol-opt-pay-price = Pay { $price }
sol-opt-refuse = Refuse
sol-opt-fold = Fold
sol-opt-check = Check
sol-opt-call = { $chips ->
        [0] Call
       *[other] Call { $chips }
    }
sol-opt-all-in = All-in ({ $to })
sol-opt-ready = Done
sol-opt-pay-to = Pay { $player }
sol-opt-standard = Standard attack (1 sword)
sol-opt-double = Double attack (2 swords, 1 own life)
sol-opt-war-random = Random standard attack
sol-opt-keep = Keep my order
sol-opt-change = Change my order

## Events
sol-event-setup = ⚔ Sword of Lies for { $players } players: { $hand_size } cards each, minimum buy-in { $min_buy_in }.
sol-event-buy-in = 💰 { $player_is_you ->
        [yes] You buy
       *[no] { $player } buys
    } in with { $chips ->
        [one] { $chips } chip
       *[other] { $chips } chips
    }.
sol-event-dealt = 🃏 { $decks ->
        [one] One deck is
       *[other] { $decks } decks are
    } shuffled; everyone gets { $hand_size } cards face down.
sol-event-your-cards = 🂠 Your cards, left to right: { $hand }
sol-event-draw = { $player_is_you ->
        [yes] You draw
       *[no] { $player } draws
    } { $card } for the first move.
sol-event-draw-tie = Tie for the highest card: { $players } draw again.
sol-event-castling = Phase I — Castling. { $first_is_you ->
        [yes] You move first.
       *[no] { $first } moves first.
    }
sol-event-turn = ▶ Move { $move }: { $player_is_you ->
        [yes] your turn.
       *[no] { $player }'s turn.
    }
sol-event-pass = { $player_is_you ->
        [yes] You pass.
       *[no] { $player } passes.
    }
sol-event-trade-offered = 🤝 Trade offer (private): { $player_is_you ->
        [yes] your
       *[no] { $player }'s
    } #{ $position } for { $target_is_you ->
        [yes] your
       *[no] { $target }'s
    } #{ $their_position }.
sol-event-trade-declined = { $target_is_you ->
        [yes] You decline
       *[no] { $target } declines
    } { $player_is_you ->
        [yes] your
       *[no] { $player }'s
    } trade; the turn is over.
sol-event-trade-price-refused = { $player_is_you ->
        [yes] You refuse
       *[no] { $player } refuses
    } the price { $target_is_you ->
        [yes] you
       *[no] { $target }
    } asked; no trade.
sol-event-trade = 🔄 { $player_is_you ->
        [yes] You
       *[no] { $player }
    } (#{ $position }) and { $target_is_you ->
        [yes] you
       *[no] { $target }
    } (#{ $their_position }) swap cards { $price ->
        [0] for free.
        [one] for { $price } chip.
       *[other] for { $price } chips.
    }
sol-event-trade-received = You get { $card } from { $player }: it is now your #{ $position }. Your cards: { $hand }
sol-event-ask-only = { $target_is_you ->
        [yes] You have
       *[no] { $target } has
    } one unmarked card left, #{ $position }: it is the one interrogated.
sol-event-ask-target-only = Interrogation: only { $player } has unmarked cards left.
sol-event-interrogation = ❓ { $player_is_you ->
        [yes] You interrogate
       *[no] { $player } interrogates
    } { $target_is_you ->
        [yes] you
       *[no] { $target }
    } about card #{ $position }.
sol-event-colour-named = { $player_is_you ->
        [yes] You say
       *[no] { $player } says
    } card #{ $position } is “{ $colour }”.
sol-event-marked = ✍ { $target_is_you ->
        [yes] Your
       *[no] { $target }'s
    } card #{ $position } is marked: { $player_is_you ->
        [yes] you were told “{ $colour }” and { $believed ->
            [yes] believe it
            [no] do not believe it
           *[other] answered “{ $answer }”
        }
       *[no] { $player } was told “{ $colour }” and { $believed ->
            [yes] believes it
            [no] does not believe it
           *[other] answered “{ $answer }”
        }
    }.
sol-event-castling-over = Phase I is over: { $players } { $players_has_you ->
        [yes] have
       *[no] { $players_count ->
            [one] has
           *[other] have
        }
    } every card marked.
sol-event-castling-stalled = A full circle of passes ends Phase I. { $player_is_you ->
        [yes] You have
       *[no] { $player } has
    } the most marked cards ({ $marked }).
sol-event-betting-begins = Phase II — Betting ({ $limit }, { $rounds } rounds). { $senior_is_you ->
        [yes] You are
       *[no] { $senior } is
    } the senior blind.
sol-event-ante = Everyone antes { $chips }.
sol-event-blind = { $player_is_you ->
        [yes] You post
       *[no] { $player } posts
    } the { $big ->
        [yes] big
       *[no] small
    } blind: { $chips }.
sol-event-betting-round = 💵 Betting round { $round } of { $rounds }.
sol-event-betting-skipped = Betting round { $round } is skipped: at most one player can still bet.
sol-event-bet = { $kind ->
        [fold] { $player_is_you ->
            [yes] You fold and leave the game.
           *[no] { $player } folds and leaves the game.
        }
        [check] { $player_is_you ->
            [yes] You check.
           *[no] { $player } checks.
        }
        [call] { $player_is_you ->
            [yes] You call
           *[no] { $player } calls
        } { $added }.
        [bet] { $player_is_you ->
            [yes] You bet
           *[no] { $player } bets
        } { $to }.
        [raise] { $player_is_you ->
            [yes] You raise
           *[no] { $player } raises
        } to { $to }.
       *[all_in] { $player_is_you ->
            [yes] You go
           *[no] { $player } goes
        } all-in ({ $to }).
    }
sol-event-swords-lost = { $player_is_you ->
        [yes] You lose
       *[no] { $player } loses
    } { $swords ->
        [one] { $swords } sword
       *[other] { $swords } swords
    } by folding.
sol-event-sword-taken-back = { $folded_is_you ->
        [yes] You folded
       *[no] { $folded } folded
    }: { $player_is_you ->
        [yes] you lose
       *[no] { $player } loses
    } the sword that card gave (now { $swords }).
sol-event-reveal-circle = 👁 Reveal circle { $circle } of { $circles }.
sol-event-reveal-only = { $player_is_you ->
        [yes] You have
       *[no] { $player } has
    } one card left face down, #{ $position }: it is revealed.
sol-event-reveal = { $player_is_you ->
        [yes] You reveal
       *[no] { $player } reveals
    } #{ $position }: { $card } ({ $real ->
        [red] red
        [black] black
       *[other] { $colour }
    }){ $marked ->
        [yes] , marked by { $by_is_you ->
            [yes] you
           *[no] { $by }
        }: “{ $named }” — { $truth ->
            [lie] a lie
           *[truth] the truth
        }, { $believed ->
            [yes] “believe”
            [no] “disbelieve”
           *[other] “{ $answer }”
        }
       *[no] , unmarked
    } → { $outcome }.
sol-event-sword = 🗡 { $player_is_you ->
        [yes] You earn
       *[no] { $player } earns
    } a sword (now { $swords }).
sol-event-sword-void = { $player_is_you ->
        [yes] You have
       *[no] { $player } has
    } folded: the sword is lost.
sol-event-war-begins = ⚔ Phase III — War between { $players }.
sol-event-swords-doubled = { $player_is_you ->
        [yes] You now have
       *[no] { $player } now has
    } { $swords ->
        [one] { $swords } sword
       *[other] { $swords } swords
    } (doubled).
sol-event-no-bonus = Nobody made a bet in Phase II: no +4 swords.
sol-event-bonus-folded = The first highest bet ({ $bet }) was { $player_is_you ->
        [yes] yours, and you
       *[no] { $player }'s, who
    } folded: no +4 swords.
sol-event-bonus = { $player_is_you ->
        [yes] You
       *[no] { $player }
    } made the first highest bet ({ $bet }, round { $round }): +4 swords, now { $swords }.
sol-event-war-over = The war is over: { $reason ->
        [no-swords] nobody has a sword left.
        [no-cards] nobody who still has swords has a card left.
       *[no-targets] no opponent has a card left to attack.
    }
sol-event-ready-forced = { $player_is_you ->
        [yes] You have no chips to pay and no war order to give: you are done negotiating.
       *[no] { $player } has no chips to pay and no war order to give: done negotiating.
    }
sol-event-ready-undone = { $player_is_you ->
        [yes] You now have chips to pay: the negotiation waits for you to be done too.
       *[no] { $player } now has chips to pay: the negotiation waits for { $player } to be done too.
    }
sol-event-standings = 📊 Final standings (lives left; equal lives go to whoever had more swords before the war):
sol-event-standings-tiebreak = Equal lives ({ $lives }): { $players }; swords before the war decided the order.
sol-event-negotiation = 🗣 Negotiation, cycle { $cycle }: talk freely, pay chips if you agree, then press Done.
sol-event-paid = 💸 { $player_is_you ->
        [yes] You pay
       *[no] { $player } pays
    } { $to_is_you ->
        [yes] you
       *[no] { $to }
    } { $chips ->
        [one] { $chips } chip
       *[other] { $chips } chips
    }.
sol-event-ready = { $player_is_you ->
        [yes] You are done negotiating.
       *[no] { $player } is done negotiating.
    }
sol-event-orders = 📜 War round { $cycle }: secret orders from { $players }.
sol-event-order-in = Your order: { $kind } — { $double ->
        [yes] { $target1_is_you ->
            [yes] your #{ $position1 }
           *[no] { $target1 }'s #{ $position1 }
        } and { $target2_is_you ->
            [yes] your #{ $position2 }
           *[no] { $target2 }'s #{ $position2 }
        }, paying with your #{ $cost }.
       *[no] { $target1_is_you ->
            [yes] your #{ $position1 }
           *[no] { $target1 }'s #{ $position1 }
        }.
    }
sol-event-war-kind-only = War order (cycle { $cycle }): you have 1 sword — a standard attack.
sol-event-war-target-only = Sword { $sword } ({ $kind }): at { $player }'s cards — there is no other target.
sol-event-war-position-only = Sword { $sword }: at { $player }'s #{ $position } — { $player } has no other card left.
sol-event-war-cost-only = Double attack: your #{ $position } pays — you have no other card.
sol-event-attack = ⚔ { $player_is_you ->
        [yes] You
       *[no] { $player }
    }: { $kind } at { $double ->
        [yes] { $target1_is_you ->
            [yes] your #{ $position1 }
           *[no] { $target1 }'s #{ $position1 }
        } and { $target2_is_you ->
            [yes] your #{ $position2 }
           *[no] { $target2 }'s #{ $position2 }
        }, paying 1 life from { $player_is_you ->
            [yes] your
           *[no] their
        } own #{ $cost }.
       *[no] { $target1_is_you ->
            [yes] your #{ $position1 }
           *[no] { $target1 }'s #{ $position1 }
        }.
    }
sol-event-card-hit = { $player_is_you ->
        [yes] Your
       *[no] { $player }'s
    } #{ $position } ({ $card }): { $hits ->
        [0] {""}
        [one] 1 sword
       *[other] { $hits } swords
    }{ $cost ->
        [0] {""}
       *[other] { $hits ->
            [0] the double-attack cost
           *[other] { " " }and the double-attack cost
        }
    } → { $result }.
sol-event-standing = { $player_is_you ->
        [yes] You
       *[no] { $player }
    }: { $cards ->
        [0] no cards left
       *[other] { $lives ->
            [one] { $lives } life
           *[other] { $lives } lives
        } on { $cards ->
            [one] { $cards } card
           *[other] { $cards } cards
        }
    }, { $swords ->
        [one] { $swords } sword
       *[other] { $swords } swords
    }.
sol-event-rank = { $place }. { $player_is_you ->
        [yes] You
       *[no] { $player }
    }: { $lives ->
        [one] { $lives } life
       *[other] { $lives } lives
    }, { $swords } swords before the war.
sol-event-last-standing = 🏁 Everyone else folded: { $player_is_you ->
        [yes] you take
       *[no] { $player } takes
    } every pot.
sol-event-pot = { $main ->
        [yes] Main pot
       *[no] Side pot { $pot }
    }: { $chips } ({ $players }).
sol-event-winnings = 🏆 { $player_is_you ->
        [yes] You win
       *[no] { $player } wins
    } { $chips ->
        [one] { $chips } chip
       *[other] { $chips } chips
    }.
sol-event-rake = The house takes { $chips } in rake.
sol-event-net = { $player_is_you ->
        [yes] You
       *[no] { $player }
    }: stack { $stack }, net { $net }.
sol-event-game-over = Game over. { $winners_count ->
        [one] { $winners_has_you ->
            [yes] You win!
           *[no] The winner: { $winners }.
        }
       *[other] Winners: { $winners }.
    }

## Refusals
sol-error-self = You cannot choose yourself.
sol-error-own-card = Swords are aimed only at other players' cards.
sol-error-no-unmarked = { $player } has no unmarked card left.
sol-error-nothing-to-interrogate = No other player has an unmarked card.
sol-error-card-marked = Card #{ $position } is already marked.
sol-error-card-gone = Card #{ $position } is gone.
sol-error-card-revealed = Card #{ $position } is already revealed.
sol-error-bad-position = There is no card at position { $position } (positions 1–{ $cards }).
sol-error-price-above-stack = The price may not exceed { $player }'s stack ({ $stack }).
sol-error-buy-in-seat = Buy-in given for seat { $seat }, but there are only { $players } players.
sol-error-nothing-to-call = There is nothing to call.
sol-error-no-chips = You have no chips to pay.
sol-error-choose-recipient = Choose whom to pay first.
sol-error-bad-recipient = You cannot pay that player.
sol-error-above-stack = You have only { $stack } chips.
sol-error-double-needs-two-swords = A double attack needs 2 swords; you have { $swords }.
sol-error-no-cards = { $player_is_you ->
        [yes] You have
       *[no] { $player } has
    } no cards left.
sol-bet-error-no-betting = Nobody is to bet now.
sol-bet-error-not-your-turn = { $player_is_you ->
        [yes] It is your turn to bet.
       *[no] It is { $player }'s turn to bet.
    }
sol-bet-error-unknown-action = “{ $kind }” is not a betting action.
sol-bet-error-cannot-check = You cannot check: { $call } to call.
sol-bet-error-amount-required = Say how much to bet.
sol-bet-error-above-stack = You have only { $max } in total to bet.
sol-bet-error-covered = Your stack only covers the call ({ $call }): call or fold.
sol-bet-error-raise-closed = Raising is closed for you (a short all-in did not reopen it; a full raise is { $min_raise }): call { $call } or fold.
sol-bet-error-fixed-limit-cap = This round already has { $cap } bets: call or fold.
sol-bet-error-no-opponent = Nobody could call a raise: call or fold.
sol-bet-error-below-min = The smallest legal total is { $min }.
sol-bet-error-above-pot-limit = The largest legal total is { $max }.
sol-bet-error-fixed-limit = In fixed limit the only legal total is { $to }.

## Status lines (the table's status message, "my hand", the terminal's `?`). Chip amounts are
## written without grouping so that they match the side pots, which come as a ready-made list.
## A row of cards is plain symbols, the same in every language; sol-summary-legend explains them.
sol-summary-header = { $phase ->
        [buy_in] 💰 Buy-ins: { $chosen } of { $players } chosen.
        [castling] 🔄 Phase I — Castling, move { $move }: { $player_is_you ->
                [yes] your
               *[no] { $player }'s
            } turn.
        [betting] 💵 Phase II — Betting round { $round } of { $rounds }: { $player } to act{ $call ->
            [0] .
           *[other] , { NUMBER($call, useGrouping: 0) } to call.
        }
        [reveal] 👁 Phase II — Reveal circle { $circle } of { $circles }: { $sequential ->
            [yes] { $player_is_you ->
                    [yes] you reveal
                   *[no] { $player } reveals
                }.
           *[no] everyone picks a card.
        }
        [negotiation] 🗣 Phase III — War, cycle { $cycle }: negotiation.
        [war] ⚔ Phase III — War, cycle { $cycle }: secret orders.
       *[over] 🏁 Game over. { $count ->
            [one] Winner
           *[other] Winners
        }: { $winners }.
    }{ $pots ->
        [0] {""}
        [1] { " " }Pot: { NUMBER($pot, useGrouping: 0) }{ $bets ->
            [0] .
           *[other] { " " }+ bets { NUMBER($bets, useGrouping: 0) }.
        }
       *[other] { " " }Main pot: { NUMBER($pot, useGrouping: 0) }; side pots: { $sides }{ $bets ->
            [0] .
           *[other] ; bets { NUMBER($bets, useGrouping: 0) }.
        }
    }
sol-summary-player = { $number }. { $player_is_you ->
        [yes] You
       *[no] { $player }
    }{ $status ->
        [folded] { " " }(folded)
       *[in] {""}
    }{ $ready ->
        [yes] { " " }✅
       *[no] {""}
    } — { $status ->
        [all_in] all-in
       *[other] { $stack ->
            [one] 1 chip
           *[other] { NUMBER($stack, useGrouping: 0) } chips
        }
    }{ $bet ->
        [0] {""}
       *[other] , bet { NUMBER($bet, useGrouping: 0) }
    }{ $show_swords ->
        [yes] , { $swords ->
            [one] { $swords } sword
           *[other] { $swords } swords
        }{ $show_before ->
            [yes] { " " }({ $before } before the war)
           *[no] {""}
        }
       *[no] {""}
    }{ $show_lives ->
        [shown] , { $lives ->
            [one] { $lives } life
           *[other] { $lives } lives
        } shown
        [all] , { $lives ->
            [one] { $lives } life
           *[other] { $lives } lives
        }
       *[no] {""}
    }{ $cards ->
        [0] {""}
       *[other] : { $row }
    }
sol-summary-buy-in = { $number }. { $player_is_you ->
        [yes] You
       *[no] { $player }
    }: { $chosen ->
        [yes] { $player_is_you ->
            [yes] buy
           *[no] buys
        } in with { $chips ->
            [one] 1 chip
           *[other] { NUMBER($chips, useGrouping: 0) } chips
        }.
       *[no] choosing a buy-in…
    }
sol-summary-legend = Cards left to right, number:face (a card keeps its number all game); 🂠 face down; (3🔴✓) mark: player 3 was told “{ sol-colour-red }” 🔴 / “{ sol-colour-black }” ⚫ and answered ✓ { sol-believe } / ✗ { sol-disbelieve }; 🛡 shield, ❤ ordinary card, then its lives.
sol-summary-your-cards = 🔒 { $cards ->
        [0] You have no cards.
       *[other] Your cards: { $hand }{ $fates ->
            [0] {""}
           *[other] { " " }(when revealed, →🛡 becomes a shield, →🗡N gives player N a sword)
        }
    }
sol-summary-gm-cards = 👁 { $player }: { $cards ->
        [0] no cards
       *[other] { $hand }
    }
sol-summary-draft = ✏ Your move: { $move ->
        [trade] trade your #{ $own } for { $target }'s #{ $position }{ $price ->
            [0] .
           *[other] , price asked: { NUMBER($price, useGrouping: 0) }.
        }
       *[interrogate] interrogate { $target } about #{ $position }{ $said ->
            [yes] , told “{ $named }”.
           *[no] .
        }
    }
sol-summary-offer = 🤝 { $player_is_you ->
        [yes] You offer
       *[no] { $player } offers
    } their #{ $own } for your #{ $position }{ $price ->
        [0] .
       *[other] ; your price: { NUMBER($price, useGrouping: 0) }.
    }
sol-summary-reveal-choice = 👁 Your reveal choice: #{ $position } ({ $card }); you can change it until everyone has chosen.
sol-summary-order = 📜 Your war order{ $complete ->
        [yes] {""}
       *[no] { " " }(not finished)
    }: { $kind } — { $aim1 ->
        [card] { $target1 }'s #{ $position1 }
        [player] one of { $target1 }'s cards
       *[none] …
    }{ $double ->
        [yes] { " " }and { $aim2 ->
            [card] { $target2 }'s #{ $position2 }
            [player] one of { $target2 }'s cards
           *[none] …
        }, paying with { $cost_chosen ->
            [no] …
           *[yes] your #{ $cost }.
        }
       *[no] { $aim1 ->
            [none] {""}
           *[other] .
        }
    }
sol-error-buy-in-range = A buy-in must be from { $min } to { $max } chips.
sol-error-option-small-blind = the small blind may not exceed the big blind ({ $big })
sol-error-option-no-seat = there is no seat { $seat }
sol-error-option-buy-in-range = a buy-in must be from { $min } to { $max } chips
