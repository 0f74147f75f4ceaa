## Abandoned Castle of the Interworld. Seats are named by the renderer; hand positions count from 1.

castle-title = Abandoned Castle of the Interworld
castle-rules =
    🏰 Abandoned Castle of the Interworld — 3 or 4 villains race through a shifting castle. The first to bring 3 artifacts (a house rule) into their own Shrine wins.
    Set-up: everyone starts on their Shrine with 2 action cards (secret) and 2 skirmish cards (face up). One artifact lies in the Central Hall. The first player is drawn at random and passes on every round.
    Phase I — Event and orders. An event card is revealed: Castle Reshuffle (two random halls swap players and artifacts), Flame of Udûn (a corridor is removed for good), Let's go gambling! (every Shrine moves clockwise), Against the Current (no arrival bonus; whoever did not move gets +1 in a Skirmish), Muffet's Silk Webs (no DoubleStep this round). Then everyone secretly orders: one action card with its parameters, or no card (then draw one, or replace an action card or a skirmish card); and a move: stay, one corridor, or two with DoubleStep.
    Phase II — Cards, then movement. Cards resolve in priority: Deal with the Devil → Platform 9¾ → Secret Passage → Second Wind → “Ahaha, it's a card))” → Unfair Deal (equal cards: seat order from the first player). A card that has left its owner's hand does not resolve. A resolved card is discarded and its owner draws (hand at most 3). Then everyone moves at once; a Lock stops you, a Barricade needs DoubleStep.
    Action cards: Deal with the Devil (take a random card from a player, give them a card of yours) · Unfair Deal (swap whole hands) · “Ahaha, it's a card))” (see two cards of a player, you may discard one) · Second Wind (DoubleStep: two corridors, through Barricades) · Platform 9¾ (a Barricade for this round and the next) · Secret Passage (a new corridor between adjacent rings, original distance at most 3).
    Skirmish: in every hall with two or more players, each secretly picks one of their two skirmish cards. Influence = Base + TypeBonus (Hold beats Push, Push beats Trick, Trick beats Hold: +1 for each card you beat) + ArrivalBonus (+1 if you moved). The one highest wins, applies their card's Win effect and expels every loser to an adjacent hall (losers drop their artifacts). A tie throws the tied players into random adjacent halls, the artifact stays, and the players below the tie cannot play cards next round.
    Skirmish cards (type, Base; Win effect): Push I: Eject (Push, Base 1; a loser may go two halls) · Push II: Robbery (Push, Base 2; take a random action card) · Hold I: Defence (Hold, Base 1; Lock a corridor next round) · Hold II: Shackles (Hold, Base 2; a loser has no DoubleStep next round) · Trick I: Peek (Trick, Base 0; see a card, then take or swap) · Trick II: Secret Door (Trick, Base 1; a passage between any two halls at original distance at most 3).
    Phase III — Artifacts. A player alone in a hall picks up its artifacts; a carrier in their own Shrine delivers them, and a new artifact appears in the Central Hall. After the last round (30 by default) the most delivered wins, then the most carried.

## Terms
castle-card-devil = Deal with the Devil
castle-card-unfair = Unfair Deal
castle-card-ahaha = “Ahaha, it's a card))”
castle-card-second_wind = Second Wind
castle-card-platform = Platform 9¾
castle-card-passage = Secret Passage
castle-skirmish-eject = Push I: Eject
castle-skirmish-robbery = Push II: Robbery
castle-skirmish-defence = Hold I: Defence
castle-skirmish-shackles = Hold II: Shackles
castle-skirmish-peek = Trick I: Peek
castle-skirmish-secret_door = Trick II: Secret Door
castle-skirmish-card = { $card } ({ $type }, Base { $base })
castle-type-push = Push
castle-type-hold = Hold
castle-type-trick = Trick
castle-event-reshuffle = Castle Reshuffle
castle-event-udun = Flame of Udûn
castle-event-gambling = Let's go gambling!
castle-event-current = Against the Current
castle-event-webs = Muffet's Silk Webs
castle-event-reshuffle-text = two random halls swap their players and artifacts.
castle-event-udun-text = a random corridor is removed for good.
castle-event-gambling-text = every Shrine moves clockwise.
castle-event-current-text = no arrival bonus this round; in a Skirmish, whoever did not move gets +1.
castle-event-webs-text = nobody can use DoubleStep this round (Second Wind gives no extra step, Barricades are impassable).

## The picture (its words are in castle_picture.ftl)
castle-scene-title = { $title } — round { $round }: { $event }

## The order sheet (Phase I)
castle-sheet = 🏰 Round { $round } · { $event } · you are in { $hall } · your cards: { $hand }
    Your order:
    { $order }
    { $status }
castle-part-card = 🃏 Card
castle-part-move = 👣 Move
castle-order-card = 🃏 { $card }
castle-order-move = 👣 { $move }
castle-no-card = { $what ->
        [draw] no card, draw one
        [replace-action] no card, replace { $known ->
            [yes] { $card }
           *[other] an action card
        }
        [replace-skirmish] no card, replace the skirmish card { $card }
       *[other] no card
    }
castle-play-devil = { $card } → { $player }{ $gives ->
        [yes] , giving { $detail }
       *[other] {""}
    }
castle-play-unfair = { $card } → { $player }
castle-play-ahaha = { $card } → { $player }, { $count ->
        [one] position
       *[other] positions
    } { $detail }
castle-play-second_wind = { $card }
castle-play-platform = { $card } on { $detail }
castle-play-passage = { $card } { $detail }
castle-move-stay = stays in { $hall }
castle-move-path = { $path }

castle-ask-card = Which card do you play?{ $barred ->
        [yes] {" "}(You cannot play cards this round — a Skirmish tie.)
       *[other] {""}
    }
castle-ask-extra = No card: do you draw or replace one?
castle-ask-target = { $card }: which player?
castle-ask-give = Deal with the Devil: which of your cards do you give?
castle-ask-position-first = “Ahaha”: which of { $player }'s cards first (by position)?
castle-ask-position-second = “Ahaha”: which of { $player }'s cards second (by position)?
castle-ask-corridor-from = Platform 9¾: one end of the corridor?
castle-ask-corridor-from-ring = Platform 9¾: one end of the corridor — on which ring?
castle-ask-corridor-to = Platform 9¾: the corridor from { $hall } to…?
castle-ask-passage-from = Secret Passage: the first hall?
castle-ask-passage-from-ring = Secret Passage: the first hall — on which ring?
castle-ask-passage-to = Secret Passage: from { $hall } to…?
castle-ask-passage-to-ring = Secret Passage: from { $hall } to a hall on which ring?
castle-ask-replace-action = Which action card do you replace?
castle-ask-replace-skirmish = Which skirmish card do you replace?
castle-ask-move = You are in { $hall }. Where do you go?{ $double ->
        [yes] {" "}(DoubleStep: you may take a second corridor.)
       *[other] {""}
    }
castle-ask-move-second = DoubleStep: stop in { $hall } or go on?

castle-opt-hand-card = #{ $position } { $card }
castle-opt-no-card = No card
castle-opt-extra-nothing = Nothing
castle-opt-extra-draw = Draw an action card
castle-opt-extra-replace-action = Replace an action card
castle-opt-extra-replace-skirmish = Replace a skirmish card
castle-opt-player = { $player_is_you ->
        [yes] You
       *[no] { $player }
    } ({ $cards ->
        [one] { $cards } card
       *[other] { $cards } cards
    })
castle-opt-give-nothing = Nothing (no other card)
castle-opt-eject-two = { $player_is_you ->
        [yes] You
       *[no] { $player }
    } — two halls
castle-opt-eject-none = Nobody: every loser one hall
castle-opt-position = Card { $position }
castle-opt-hall = { $hall }
castle-opt-ring = { $ring ->
        [0] Central Hall
        [1] Inner ring
       *[other] Outer ring
    } ({ $count ->
        [one] { $count } hall
       *[other] { $count } halls
    })
castle-opt-skirmish-card = #{ $position } { $card } ({ $type }, Base { $base })
castle-opt-stay = Stay in { $hall }
castle-opt-go = Go to { $hall }
castle-opt-stop = Stop in { $hall }
castle-opt-keep-both = Keep both
castle-opt-discard = Discard { $card } (position { $position })
castle-opt-peek-take = Take a random card from { $player }
castle-opt-peek-swap = Swap a random card of yours with a random card of { $player }'s

## Skirmish prompts and the winner's choices
castle-ask-skirmish = ⚔ Skirmish in { $hall }. Your opponents' skirmish cards:
    { $players }
    Which skirmish card do you play?
castle-opponent = { $player_is_you ->
        [yes] You
       *[no] { $player }
    }: { $row }
castle-ask-ahaha = “Ahaha”: you see { $target }'s cards: { $cards }. Discard one, or keep both?
castle-ask-peek-take = Peek: { $target_is_you ->
        [yes] you hold
       *[no] { $target } holds
    } { $card }. Take a random card of theirs, or swap one of yours?
castle-choice-sheet = 🏆 You won the Skirmish in { $hall } with { $card } against { $losers }.
    Your choices:
    { $order }
    { $status }
castle-choice-part-expel = 🚪 Where the losers go
castle-choice-part-effect = ✨ Win effect
castle-choice-expel = 🚪 { $moves }
castle-choice-effect = ✨ { $effect }
castle-expel-line = { $player_is_you ->
        [yes] You
       *[no] { $player }
    }: { $path }
castle-expel-stays = { $player_is_you ->
        [yes] You stay
       *[no] { $player } stays
    } in { $hall } (no open corridor)
castle-effect-robbery = Robbery: { $player }
castle-effect-shackles = Shackles: { $player }
castle-effect-peek = Peek: { $player }, card { $position }
castle-effect-defence = Lock on { $a }–{ $b }
castle-effect-secret_door = Secret Door { $a }–{ $b }
castle-effect-none = —
castle-ask-eject = Eject: which loser goes two halls — or nobody, and every loser goes one hall?
castle-ask-eject-first = Eject: where does { $player } go first?
castle-ask-eject-second = Eject: where does { $player } go on from { $hall }?
castle-ask-expel = Where is { $player } expelled from { $hall }?
castle-ask-robbery = Robbery: take a random action card from whom?
castle-ask-shackles = Shackles: who loses DoubleStep next round?
castle-ask-peek = Peek: whose card do you look at?
castle-ask-peek-position = Peek: which of { $player }'s cards (position)?
castle-ask-lock-from = Defence: one end of the corridor to Lock?
castle-ask-lock-from-ring = Defence: one end of the corridor to Lock — on which ring?
castle-ask-lock-to = Defence: Lock the corridor from { $hall } to…?
castle-ask-door-from = Secret Door: the first hall?
castle-ask-door-from-ring = Secret Door: the first hall — on which ring?
castle-ask-door-to = Secret Door: from { $hall } to…?
castle-ask-door-to-ring = Secret Door: from { $hall } to a hall on which ring?

## Events: set-up and Phase I
castle-start = 🏰 The Abandoned Castle of the Interworld opens. Players: { $players }. Shrines: { $shrines }. First to deliver { $goal ->
        [one] { $goal } artifact
       *[other] { $goal } artifacts
    } wins. { $first_is_you ->
        [yes] You go
       *[no] { $first } goes
    } first. Board: { $board }.
castle-shrine-line = { $player_is_you ->
        [yes] yours
       *[no] { $player }
    } { $hall }
castle-your-hand = 🃏 Your action cards: { $hand }
castle-round = ━━ Round { $round } ━━ first player: { $first }
castle-event = 📜 Event: { $event } — { $text }
castle-reshuffled = 🔀 Halls { $a } and { $b } swap their contents.
castle-corridor-removed = 🔥 The corridor { $corridor } collapses for good.
castle-corridor-kept = 🔥 No corridor can fall without splitting the castle: nothing happens.
castle-shrines-moved = 🎰 The Shrines move: { $shrines }.

## Events: Phase II
castle-reveal = 📜 Orders of round { $round }:
    { $orders }
castle-reveal-line = { $player_is_you ->
        [yes] Your order
       *[no] { $player }
    }: { $card }; { $move }
castle-card-lost = ✖ { $player_is_you ->
        [yes] Your { $card } has
       *[no] { $player }'s { $card } has
    } left the hand and does not resolve.
castle-drew = 🃏 You draw { $card }. Your cards: { $hand }
castle-devil = 😈 { $player_is_you ->
        [yes] You play
       *[no] { $player } plays
    } Deal with the Devil on { $target }: a random card taken{ $gave ->
        [yes] , one given back
       *[other] , nothing given back
    }.
castle-devil-empty = 😈 { $player_is_you ->
        [yes] You play
       *[no] { $player } plays
    } Deal with the Devil on { $target }: { $target_is_you ->
        [yes] your hand is empty.
       *[no] their hand is empty.
    }
castle-devil-private = 😈 You took { $took } from { $target }{ $given ->
        [yes] {" "}and gave { $gave }
       *[other] {""}
    }.
castle-devil-victim = 😈 { $player } took { $took } from you{ $given ->
        [yes] {" "}and gave you { $gave }
       *[other] {""}
    }.
castle-platform = 🚧 { $player_is_you ->
        [yes] You play
       *[no] { $player } plays
    } Platform 9¾: a Barricade on the corridor { $corridor } until the end of round { $until }.
castle-platform-gone = 🚧 { $player_is_you ->
        [yes] Your
       *[no] { $player }'s
    } Platform 9¾ — the corridor { $corridor } is gone, nothing happens.
castle-passage = 🕳 { $player_is_you ->
        [yes] You play
       *[no] { $player } plays
    } Secret Passage: a secret passage opens between { $a } and { $b }.
castle-passage-none = 🕳 { $player_is_you ->
        [yes] Your
       *[no] { $player }'s
    } Secret Passage does not open: { $a } and { $b } are already joined.
castle-second-wind = 💨 { $player_is_you ->
        [yes] You play
       *[no] { $player } plays
    } Second Wind{ $usable ->
        [yes] {" "}— DoubleStep this round.
       *[other] {" "}— but no DoubleStep this round.
    }
castle-ahaha = 🤡 “Ahaha”: { $player_is_you ->
        [yes] you look
       *[no] { $player } looks
    } at { $count ->
        [0] none
       *[other] { $count }
    } of { $target_is_you ->
        [yes] your
       *[no] { $target }'s
    } cards.
castle-ahaha-seen = 🤡 You see { $target }'s cards: { $cards }.
castle-ahaha-discard = 🤡 { $player_is_you ->
        [yes] You discard
       *[no] { $player } discards
    } one of { $target_is_you ->
        [yes] your
       *[no] { $target }'s
    } cards.
castle-ahaha-keep = 🤡 { $player_is_you ->
        [yes] You leave
       *[no] { $player } leaves
    } { $target_is_you ->
        [yes] your
       *[no] { $target }'s
    } cards as they are.
castle-ahaha-lost = 🤡 { $player } discarded your { $card }.
castle-unfair = 🔄 Unfair Deal: { $player_is_you ->
        [yes] you swap
       *[no] { $player } swaps
    } hands with { $target }.
castle-hand-now = 🃏 Your action cards now: { $hand }
castle-extra-draw = 🃏 { $player_is_you ->
        [yes] { $drew ->
            [yes] You draw an action card.
           *[other] You have no card to draw.
        }
       *[no] { $drew ->
            [yes] { $player } draws an action card.
           *[other] { $player } has no card to draw.
        }
    }
castle-extra-missing = 🃏 { $player_is_you ->
        [yes] Your
       *[no] { $player }'s
    } card to replace is no longer there.
castle-extra-replace-action = 🃏 { $player_is_you ->
        [yes] You replace
       *[no] { $player } replaces
    } an action card.
castle-replaced = 🃏 You replaced { $old }{ $drew ->
        [yes] {" "}with { $new }
       *[other] {""}
    }. Your cards: { $hand }
castle-extra-replace-skirmish = 🃏 { $player_is_you ->
        [yes] You replace
       *[no] { $player } replaces
    } the skirmish card { $old } with { $new }.
castle-movement = 👣 Movement:
    { $moves }
castle-walk = { $player_is_you ->
        [yes] You
       *[no] { $player }
    }: { $path }
castle-blocked-removed = { $player_is_you ->
        [yes] You stop
       *[no] { $player } stops
    } in { $hall }: the corridor { $corridor } is gone
castle-blocked-locked = { $player_is_you ->
        [yes] You stop
       *[no] { $player } stops
    } in { $hall }: the corridor { $corridor } is Locked
castle-blocked-barricade = { $player_is_you ->
        [yes] You stop
       *[no] { $player } stops
    } in { $hall }: a Barricade on the corridor { $corridor }

## Events: Skirmishes
castle-skirmishes = ⚔ Skirmish!
    { $fights }
castle-skirmish-hall = { $hall }: { $players }
castle-skirmish-chosen = ⚔ You play { $card }.
castle-skirmish-reveal = ⚔ Skirmish in { $hall }:
    { $rows }
castle-influence-line = { $player_is_you ->
        [yes] You
       *[no] { $player }
    }: { $card } — Base { $base } + type { $bonus } + { $current ->
        [yes] stayed
       *[no] arrival
    } { $arrival } = { $total }
castle-skirmish-winner = 🏆 { $player_is_you ->
        [yes] You win
       *[no] { $player } wins
    } the Skirmish in { $hall } with { $card }.
castle-dropped = 💎 { $player_is_you ->
        [yes] You drop
       *[no] { $player } drops
    } { $count ->
        [one] an artifact
       *[other] { $count } artifacts
    } in { $hall }.
castle-skirmish-tie = ⚖ A tie in { $hall } between { $players }: { $players_has_you ->
        [yes] { $players_count ->
            [2] you are both
           *[other] you are all
        }
       *[no] { $players_count ->
            [2] both are
           *[other] all are
        }
    } thrown out{ $artifact ->
        [yes] , the artifact stays and nobody takes it this round
       *[other] {""}
    }; { $has_below ->
        [yes] no cards next round for { $below }.
       *[other] nobody is below the tie.
    }
    { $thrown }
castle-thrown = { $player_is_you ->
        [yes] You
       *[no] { $player }
    } → { $hall }
castle-thrown-stays = { $player_is_you ->
        [yes] You stay
       *[no] { $player } stays
    } in { $hall }: no open corridor
castle-expelled = 🚪 Expelled:
    { $moves }
castle-robbery = 💰 Robbery: { $player_is_you ->
        [yes] you take
       *[no] { $player } takes
    } a random action card from { $target }.
castle-robbery-private = 💰 You took { $card } from { $target }.
castle-robbed = 💰 { $player } took your { $card }.
castle-shackles = ⛓ Shackles: { $target_is_you ->
        [yes] you cannot use DoubleStep
       *[no] { $target } cannot use DoubleStep
    } next round (shackled by { $player }).
castle-defence = 🛡 Defence: { $player_is_you ->
        [yes] you Lock
       *[no] { $player } Locks
    } the corridor { $corridor } for round { $round }.
castle-secret-door = 🚪 { $player_is_you ->
        [yes] You open
       *[no] { $player } opens
    } a Secret Door between { $a } and { $b }.
castle-peek = 👀 Peek: { $player_is_you ->
        [yes] you look
       *[no] { $player } looks
    } at { $target_is_you ->
        [yes] one of your cards
       *[no] one of { $target }'s cards
    }.
castle-peek-seen = 👀 { $target }'s card { $position }: { $card }.
castle-peek-done = 👀 { $player_is_you ->
        [yes] You { $swap ->
            [yes] swap a random card with { $target }.
           *[other] take a random card from { $target }.
        }
       *[no] { $player } { $swap ->
            [yes] swaps a random card with { $target }.
           *[other] takes a random card from { $target }.
        }
    }
castle-peek-private = 👀 You took { $took } from { $target }{ $swap ->
        [yes] {" "}and gave { $gave }
       *[other] {""}
    }. Your cards: { $hand }
castle-peek-victim = 👀 { $player } took your { $took }{ $swap ->
        [yes] {" "}and gave you { $gave }
       *[other] {""}
    }. Your cards: { $hand }

## Events: Phase III and the end
castle-picked-up = 💎 { $player_is_you ->
        [yes] You pick
       *[no] { $player } picks
    } up { $count ->
        [one] the artifact
       *[other] { $count } artifacts
    } in { $hall }.
castle-delivered = 🏛 { $player_is_you ->
        [yes] You deliver
       *[no] { $player } delivers
    } { $count ->
        [one] an artifact
       *[other] { $count } artifacts
    } to { $player_is_you ->
        [yes] your
       *[no] their
    } Shrine — { $total } of { $goal }.
castle-new-artifact = ✨ A new artifact appears in the Central Hall.
castle-standings = 📊 Final standings{ $why ->
        [rounds] { " " }(artifacts delivered; equal ones go to whoever carries more):
       *[goal] { " " }(artifacts delivered):
    }
castle-standings-row = { $place }. { $player_is_you ->
        [yes] You
       *[no] { $player }
    } — { $delivered ->
        [one] { $delivered } artifact
       *[other] { $delivered } artifacts
    } delivered{ $why ->
        [rounds] , { $carried } carried
       *[goal] {""}
    }
castle-standings-tiebreak = Equal deliveries ({ $delivered }): { $players }; the artifacts carried decided the order.
castle-over-goal = 🏆 Game over in round { $round }! { $count ->
        [one] Winner
       *[other] Shared win
    }: { $players }.
castle-over-rounds = ⌛ The last round ({ $round }) is over. { $count ->
        [one] Winner
       *[other] Shared win
    }: { $players }.

## Status
castle-status = 🏰 Round { $round } of { $max } · event: { $event } · first player: { $first } · goal: { $goal } artifacts
castle-status-player = { $player_is_you ->
        [yes] You
       *[no] { $player }
    }: in { $hall }, Shrine { $shrine }; cards in hand: { $cards }; skirmish: { $row }; carries { $carried }, delivered { $delivered }{ $barred ->
        [yes] {" "}· no cards this round
       *[other] {""}
    }{ $shackled ->
        [yes] {" "}· shackled
       *[other] {""}
    }
castle-status-board = Artifacts: { $floor } · markers: { $markers } · removed: { $removed } · passages: { $passages }
castle-status-hand = 🃏 Your action cards: { $hand }
castle-floor-line = { $hall } ×{ $count }
castle-lock-line = ⛔ { $corridor } (round { $until })
castle-barricade-line = 🚧 { $corridor } (to round { $until })

## Refusals
castle-refuse-playing-it = You are playing this card.
castle-refuse-barred = You cannot play cards this round (a Skirmish tie last round).
castle-refuse-barricade = A Barricade blocks { $from }–{ $to }: it needs DoubleStep (play Second Wind).
castle-refuse-locked = The corridor { $from }–{ $to } is Locked this round.
castle-refuse-no-corridor = There is no corridor from { $from } to { $to }.
castle-refuse-no-double-step = Two corridors need DoubleStep: play Second Wind (and no Webs or Shackles).
castle-refuse-empty-hand = You have no action cards.
castle-refuse-hand-full = Your hand is full ({ $limit } cards): you cannot draw.
castle-refuse-no-cards = { $player_is_you ->
        [yes] You have
       *[no] { $player } has
    } no action cards.
castle-refuse-no-skirmish-card = You have no skirmish card at position { $position }.
castle-refuse-not-in-hand = You have no card at position { $position } (you hold { $cards }).
castle-refuse-passage-far = { $a } and { $b } are more than 3 corridors apart on the original board.
castle-refuse-passage-joined = { $a } and { $b } are already joined.
castle-refuse-passage-none = No Secret Passage can start at { $hall }.
castle-refuse-passage-rings = A Secret Passage joins halls on adjacent rings only ({ $a } and { $b } are not).
castle-refuse-platform-removed = The corridor { $a }–{ $b } was removed: Platform 9¾ needs a corridor that exists.
castle-refuse-same-hall = Choose two different halls.
castle-refuse-self = Choose another player, not yourself.
castle-refuse-unknown-hall = There is no such hall.
castle-refuse-eject-back = Eject: the walk must end in a hall other than { $hall }.
castle-refuse-eject-pick = Eject: first choose the loser who goes two halls, or “Nobody” to expel every loser one hall.
castle-refuse-not-loser = { $player_is_you ->
        [yes] You did
       *[no] { $player } did
    } not lose this Skirmish.
castle-refuse-expel-barricade = A Barricade blocks { $from }–{ $to }: nobody can be expelled through it.
