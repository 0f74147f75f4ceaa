## Mafia of Heroes: titles and rules summary

mafia-title = Mafia of Heroes
mafia-rules =
    🦸 Mafia of Heroes — a squad of heroes set out to stop a supervillain; some of them sold out. 10–12 players (a moderator may allow 8–14; balance is then untested). Every player has a public role (everyone knows it) and a secret role: three are the Mafia (Boss, Killer, Advisor), the rest are the Law. A faction wins when only its members are alive (the dead share the win); if everyone dies, it is a draw.
    Sign-up: name a wanted public role and a spare one (first come, first served; then the spare; then a random free role). The Student also names a colour, secretly. You agree to play for your character's win, to accept lies and lynchings as part of the game, and to pass no game information outside the game.
    Draft (in DMs, radio silence in the channel): six times you are offered 5 random cards and keep 2. Mafia members see only their colour (Boss information, Killer attack, Advisor support), then three times keep 1 of 3 cards of the other colours. Decks: 12 cards (Law), 15 (Mafia). Cards not kept form your reserve, which becomes your new deck when the deck runs out. A random player secretly gives the artifact to its first holder. Everyone then draws 6 cards (Alien 7, Child 5; the Jester chooses his 6).
    Phases: Night 1, Day 1, Night 2… Each phase you may play one card from your hand and one from your sleeve, secretly, changeable until the deadline; at night you may instead put up to two hand cards under your deck. Costs are paid by discarding cards (at most 2 from the hand per cost). Everything resolves at once at the end of the phase. Damage makes you discard hand cards in hand order; armor prevents it; a character with no cards in hand dies. On Night 1 nobody takes more than 5 damage.
    Night: the Mafia vote for a victim (Killer 2 votes, Boss 1.5, Advisor 1), who takes 3 damage (+2 for each member paying cost 1, +2 per dead member). Day: the veche — everyone secretly votes for someone else and for execution (6 damage) or beating (2 damage); public Leader votes (the Leader pays 1 less for everything). The artifact gives its holder 3 armor every night and is passed on secretly each day.

## Terms
mafia-faction-mafia = Mafia
mafia-faction-law = Law
mafia-colour-attack = Attack
mafia-colour-support = Support
mafia-colour-information = Information
mafia-when-night = night
mafia-when-day = day
mafia-when-any = any phase
mafia-mode-open = open
mafia-mode-anonymous = anonymous
mafia-role-law = Law

## Mafia roles
mafia-role-boss = Boss
mafia-role-boss-ability = Colour: Information. Once every two phases, at any moment, may send a message to another mafia member.
mafia-role-killer = Killer
mafia-role-killer-ability = Colour: Attack. In any phase may name a living non-mafia target and as many card names as the target has cards in hand; if at least half of them are in the target's hand, gets two Bullets in the sleeve. Never the same target twice.
mafia-role-advisor = Advisor
mafia-role-advisor-ability = Colour: Support. In any phase may mark cards in the own hand invisible or visible again; invisible cards are left out of the public count.

## Public roles
mafia-role-alien = Alien
mafia-role-alien-ability = Draws 7 at the start. Dies with 1 card or fewer.
mafia-role-jester = Jester
mafia-role-jester-ability = Keeps the first two cards of every draft offer (the first one of a mafia 1-of-3 offer). Chooses which 6 cards he draws first.
mafia-role-businessman = Businessman
mafia-role-businessman-ability = A night in which he neither plays nor puts cards under his deck gives him 1 Fat in the sleeve.
mafia-role-lazybones = Lazybones
mafia-role-lazybones-ability = A night without playing cards gives him 2 armor.
mafia-role-strongman = Strongman
mafia-role-strongman-ability = 1 armor every phase, up to and including the first phase in which he is dealt damage.
mafia-role-politician = Politician
mafia-role-politician-ability = His votes count 1.5 (veche target, execution/beating, Leader).
mafia-role-paranoid = Paranoid
mafia-role-paranoid-ability = In any phase may spend any number of sleeve cards for that much armor.
mafia-role-avenger = Avenger
mafia-role-avenger-ability = Losing all cards, he is “mortally wounded” for 2 phases instead of dying: cannot be voted for at the veche, his veche and Leader votes count 0.5; he dies at the end of the second phase after the one in which he lost his cards.
mafia-role-psychic = Psychic
mafia-role-psychic-ability = Always sees the top 2 cards of his deck.
mafia-role-masochist = Masochist
mafia-role-masochist-ability = The first card he discards to damage comes back as a copy in his sleeve.
mafia-role-magician = Magician
mafia-role-magician-ability = Once per game, when playing a card, takes a copy of it into his hand instead of drawing; that copy is discarded last to damage that night.
mafia-role-banker = Banker
mafia-role-banker-ability = The first time he plays a card with a cost, he also gets 3 armor.
mafia-role-croupier = Croupier
mafia-role-croupier-ability = Once per game, by day, may discard one card and draw one.
mafia-role-sociopath = Sociopath
mafia-role-sociopath-ability = Cannot be targeted by cards, veche votes or the mafia's kill on Night 1 and Day 1.
mafia-role-monk = Monk
mafia-role-monk-ability = At the end of a day with exactly 1 or 2 cards in hand, draws 1.
mafia-role-child = Child
mafia-role-child-ability = Draws 5 at the start. 1 armor every night.
mafia-role-student = Student
mafia-role-student-ability = Names a colour at sign-up. As Law, each card of his draft is of that colour with a 60% chance; as Mafia, he gets the mafia role of that colour.
mafia-role-lucky = Lucky
mafia-role-lucky-ability = On Night 1 may put back his 6 cards, shuffle, and draw 6 again.
mafia-role-journalist = Journalist
mafia-role-journalist-ability = May play any sleeve card as a Question. When he pays to raise the mafia's kill, he may also take a Question's effect on the victim.
mafia-role-swindler = Swindler
mafia-role-swindler-ability = Votes for him as Leader count double until he first becomes Leader. 50% chance to pick the artifact's first holder (himself allowed).
mafia-role-hero = Hero
mafia-role-hero-ability = No ability.

## Cards (the text is the effect; cost, colour and phase are shown beside it)
mafia-card-strike = Strike
mafia-card-strike-text = The target takes { $amount } damage.
mafia-card-ambush = Ambush
mafia-card-ambush-text = The target takes { $amount } damage.
mafia-card-arson = Arson
mafia-card-arson-text = The target takes { $amount } damage.
mafia-card-poison = Poison
mafia-card-poison-text = The target takes { $now } damage now and { $later } at the end of the next phase.
mafia-card-robbery = Robbery
mafia-card-robbery-text = { $cards ->
    [one] A random card of the target's hand goes
   *[other] { $cards } random cards of the target's hand go
} to your sleeve.
mafia-card-sabotage = Sabotage
mafia-card-sabotage-text = The card the target plays from the hand this phase has no effect (its cost is still paid).
mafia-card-knuckles = Knuckles
mafia-card-knuckles-text = The target takes { $amount } damage.
mafia-card-disarm = Disarm
mafia-card-disarm-text = The target discards their whole sleeve.
mafia-card-riposte = Riposte
mafia-card-riposte-text = Whoever targets you with a card this phase takes { $amount } damage.
mafia-card-bullet = Bullet
mafia-card-bullet-text = The Killer's token. The target takes { $amount } damage.
mafia-card-vest = Vest
mafia-card-vest-text = You get { $amount } armor.
mafia-card-shield = Shield
mafia-card-shield-text = The target gets { $amount } armor.
mafia-card-healing = Healing
mafia-card-healing-text = The target draws { $cards ->
    [one] { $cards } card
   *[other] { $cards } cards
} at the end of the phase.
mafia-card-shelter = Shelter
mafia-card-shelter-text = You get { $amount } armor.
mafia-card-rest = Rest
mafia-card-rest-text = Draw { $cards ->
    [one] { $cards } extra card
   *[other] { $cards } extra cards
}.
mafia-card-stockpile = Stockpile
mafia-card-stockpile-text = { $cards ->
    [one] The top card of your deck goes
   *[other] The top { $cards } cards of your deck go
} to your sleeve.
mafia-card-bodyguard = Bodyguard
mafia-card-bodyguard-text = All damage the target would take this phase is dealt to you instead.
mafia-card-reinforcements = Reinforcements
mafia-card-reinforcements-text = The target gets { $amount } armor next night.
mafia-card-antidote = Antidote
mafia-card-antidote-text = Removes delayed effects from the target, who gets { $armor } armor.
mafia-card-fat = Fat
mafia-card-fat-text = The Businessman's token. You get { $amount } armor.
mafia-card-question = Question
mafia-card-question-text = You learn the colours of all cards in the target's hand.
mafia-card-letter = Letter
mafia-card-letter-text = Send the target a message (text, no links), delivered at the end of the phase.
mafia-card-surveillance = Surveillance
mafia-card-surveillance-text = You learn which cards the target played this phase and at whom.
mafia-card-search = Search
mafia-card-search-text = You see the target's hand and sleeve.
mafia-card-dossier = Dossier
mafia-card-dossier-text = You learn the target's faction.
mafia-card-eavesdrop = Eavesdrop
mafia-card-eavesdrop-text = You learn whom the target voted for today, and whether for execution or beating.
mafia-card-tracker = Tracker
mafia-card-tracker-text = You learn who targeted the target this phase (cards and the mafia's vote).
mafia-card-divination = Divination
mafia-card-divination-text = Look at the top { $cards } cards of your deck and put them back in any order.
mafia-card-denunciation = Denunciation
mafia-card-denunciation-text = The colours of the target's hand cards are announced publicly at the end of the day.
mafia-card-intercept = Intercept
mafia-card-intercept-text = You receive copies of every message sent to the target this phase.

## Sign-up
mafia-signup-intro = Before you sign up for Mafia of Heroes, make sure you agree:
mafia-signup-condition-1 = 1) You will play for your own character's win, not secretly help the other side, and you will not leave the game before it ends.
mafia-signup-condition-2 = 2) This is mafia: people may (and often should) lie about their roles and actions, and your character may be slandered and lynched. These are part of the game; take them calmly.
mafia-signup-condition-3 = 3) You pass no game information outside the game's own channels and rules (no DMs, no codes, not through people outside the game), and none to the living once your character is dead.
mafia-signup-consent = I accept the conditions
mafia-signup-role = Which public role do you want?
mafia-signup-spare = Your spare public role, in case the wanted one is taken:
mafia-signup-colour = Student: name your colour (secret).
mafia-signup-untested = ⚠ This table has { $players } players: the game is balanced for 10–12, so balance is untested.

## Set-up and draft events
mafia-event-setup = 🦸 Mafia of Heroes begins with { $players } players ({ $mode } mode). Three of you are the Mafia.
mafia-event-untested-size = ⚠ { $players } players: the game is balanced for 10–12, so balance is untested.
mafia-event-public-roles = Public roles:
    { $roles }
# named: "no" in anonymous mode, where a seat is named by its public role, so the role is said once
mafia-line-public-role = { $named ->
    [no] { $player_is_you ->
        [yes] You ({ $role })
       *[no] { $role }
    }
   *[yes] { $player_is_you ->
        [yes] You
       *[no] { $player }
    }: { $role }
}
mafia-event-your-role-mafia = 🔪 Your secret role: { $role } (Mafia, colour { $colour }). Your public role: { $public_role }.
mafia-event-your-role-law = ⚖ You are the Law. Your public role: { $public_role }.
mafia-event-student-colour = 🎓 Your colour as the Student: { $colour }.
mafia-event-draft-begins = 🃏 The draft begins in your DMs: { $rounds } times, keep { $kept } of { $offered } cards. Radio silence: no talking in the channel until Night 1.
mafia-event-jester-kept = 🃏 Offered: { $offered }. As the Jester you keep the first: { $kept }.
mafia-event-picked = You keep: { $cards }. You can change your pick until everyone has picked.
mafia-event-kept = 🃏 Kept: { $cards } ({ $total ->
    [one] { $total } card
   *[other] { $total } cards
} so far).
mafia-event-artifact-picked = 🏺 You give the artifact to { $player_is_you ->
    [yes] yourself
   *[no] { $player }
}. You can change this until the draft ends.
mafia-event-draft-over = 🃏 The draft is over. Decks are shuffled and everyone draws.
mafia-event-artifact-yours = 🏺 You hold the artifact. Only you know it.
mafia-event-opening-hand = ✋ Your opening hand ({ $count ->
    [one] { $count } card
   *[other] { $count } cards
}): { $cards }.
mafia-event-jester-choosing = { $player_is_you ->
    [yes] You (Jester): choose your opening hand.
   *[no] { $named ->
        [no] { $player } chooses the opening hand.
       *[yes] { $player } (Jester): chooses the opening hand.
    }
}
mafia-event-snapshot = 🔪 The Mafia at the start of Night 1:
    { $members }
mafia-line-snapshot = { $named ->
    [no] { $player_is_you ->
        [yes] You ({ $public_role })
       *[no] { $public_role }
    }
   *[yes] { $player_is_you ->
        [yes] You
       *[no] { $player }
    } — { $public_role }
}, { $role }. Deck: { $deck }. Hand: { $hand }.
mafia-event-night-begins = 🌙 Night { $number } begins. Cards in hand:
    { $counts }
mafia-line-hand-count = { $player_is_you ->
    [yes] You
   *[no] { $player }
}: { $count }
mafia-line-card = { $card } ({ $colour }, cost { $cost }, { $when }): { $text }

## Prompts and options
mafia-prompt-keep = 🃏 Draft { $round }/{ $rounds }: keep { $keep } of these { $offered } cards.
    { $cards }
mafia-prompt-keep-mafia = 🔪 Mafia draft { $round }/{ $rounds }: keep { $keep } of these { $offered } cards of the other colours.
    { $cards }
mafia-prompt-artifact = 🏺 Choose the artifact's first holder (secret; it gives 3 armor every night). { $self_allowed ->
    [yes] You may choose yourself.
   *[no] Not yourself.
}
mafia-prompt-jester-hand = 🃏 Jester: choose the { $count } cards of your opening hand (the order you give is your hand order). Your deck:
    { $cards }
mafia-opt-card = { $card } ({ $colour }, cost { $cost }, { $when })
mafia-opt-player = { $player_is_you ->
    [yes] Yourself
   *[no] { $player }
}

## Status
mafia-status-draft = 🃏 Draft, round { $round } (everyone { $rounds } rounds, the Mafia { $extra } more). Radio silence.
mafia-status-opening = 🃏 The Jester chooses the opening hand.
mafia-status-night = 🌙 Night { $number }
mafia-status-day = ☀ Day { $number }
mafia-status-over = 🏁 The game is over.
mafia-status-seat = { $player_is_you ->
    [yes] You
   *[no] { $player }
}: { $role }
mafia-status-seat-count = { $player_is_you ->
    [yes] You
   *[no] { $player }
}: { $role }, { $count ->
    [one] { $count } card
   *[other] { $count } cards
}
mafia-status-seat-dead = ☠ { $player_is_you ->
    [yes] You
   *[no] { $player }
}: { $role }
# Anonymous mode: a seat is named by its public role, so the role is said once
mafia-status-role = { $player_is_you ->
    [yes] You ({ $role })
   *[no] { $role }
}
mafia-status-role-count = { $player_is_you ->
    [yes] You ({ $role })
   *[no] { $role }
}: { $count ->
    [one] { $count } card
   *[other] { $count } cards
}
mafia-status-role-dead = ☠ { $player_is_you ->
    [yes] You ({ $role })
   *[no] { $role }
}
mafia-aid-role-mafia = 🔪 You: { $role } (Mafia, colour { $colour }).
mafia-aid-role-law = ⚖ You: Law.
mafia-aid-kept = 🃏 Kept so far ({ $total }): { $cards }
mafia-aid-hand = ✋ Hand: { $cards }
mafia-aid-artifact = 🏺 You hold the artifact.

## Errors
mafia-error-players = Mafia of Heroes needs { $min }–{ $max } players here; there are { $count }.
mafia-error-unknown-role = “{ $role }” is not a public role of this game.
mafia-error-spare-same = The spare role must differ from the wanted one ({ $role }).
mafia-refuse-spare-wanted = This is your wanted role.
mafia-error-student-colour = The Student must name a colour: attack, support or information.
mafia-error-colour-not-student = Only the Student names a colour: choose the Student as your wanted or spare role, or leave the colour out.
mafia-error-consent = To sign up you must agree to the three conditions.
mafia-error-artifact-self = You may not give the artifact to yourself.
mafia-error-not-offered = Card { $value } is not in this offer.
mafia-error-not-in-deck = Card { $value } is not in your deck.
mafia-status-leader = 👑 Leader: { $player }
mafia-aid-sleeve = Your sleeve: { $cards }
mafia-aid-order = { $done ->
    [yes] ✅ Your orders for this phase are sent (you can still change them).
   *[no] ✏️ Your orders for this phase are not sent yet.
}
mafia-signup-conditions = { mafia-signup-intro }
    { mafia-signup-condition-1 }
    { mafia-signup-condition-2 }
    { mafia-signup-condition-3 }
mafia-signup-decline = I do not accept (no seat)
mafia-opt-role = { $role }
mafia-opt-role-taken = { $role } 🔒 taken
mafia-lobby-roles-taken = { $count ->
    [0] Public roles wanted: none yet.
   *[other] Public roles wanted (first come, first served): { $roles }.
}
mafia-opt-any-role = No wish: any free role
mafia-opt-colour = { $colour }
