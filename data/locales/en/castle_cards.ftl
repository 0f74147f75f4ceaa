## Abandoned Castle: what each action card and each skirmish card's win effect does (rules page,
## Phase II and the Skirmish), for `/castle card`. An action card's text is whole sentences; a skirmish
## card's win effect follows "Win effect:". Event texts are in castle.ftl (castle-event-<kind>-text).

castle-card-devil-text = Choose a player: you take a random card from their hand, then give them a card of yours that you chose with the order. If their hand is empty, nothing else happens; if your chosen card has left your hand, you give nothing.
castle-card-unfair-text = Choose a player: you swap your whole hand with theirs.
castle-card-ahaha-text = Choose a player and two positions in their hand: when the card resolves, you alone see those two cards and may discard one of them.
castle-card-second_wind-text = DoubleStep this round: your move may take two corridors and pass through Barricades. If the card does not resolve, you take only the first corridor of your path, if it is open.
castle-card-platform-text = Put a Barricade on a corridor you choose, for this round and the next: only DoubleStep gets through it.
castle-card-passage-text = Open a permanent corridor between two halls on adjacent rings (the Central Hall and ring 1, or ring 1 and ring 2) that are not joined now and whose original distance is at most 3.

castle-skirmish-eject-text = you may send one loser you choose two corridors away (to a hall other than this one) instead of one.
castle-skirmish-robbery-text = take a random action card from one loser's hand.
castle-skirmish-defence-text = Lock one corridor for the next round: nobody can pass it.
castle-skirmish-shackles-text = one loser cannot use DoubleStep next round.
castle-skirmish-peek-text = look at one card of a loser, then either take a random card of theirs or swap a random card of yours for a random card of theirs.
castle-skirmish-secret_door-text = open a Secret Passage between two halls on any rings that are not joined now and whose original distance is at most 3.
