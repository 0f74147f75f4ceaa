## Achievements (data/achievements/*.toml): achievement-<id> is the name, achievement-<id>-about what earned it.

achievement-cookie-perfect-round = Perfect Round
achievement-cookie-perfect-round-about = Sword, Shield and Hill all scored in three rounds of one game
achievement-cookie-gentle-win = Gentle Hunter
achievement-cookie-gentle-win-about = won with the Sword striking home in one round at most
achievement-cookie-shield-wall = Shield Wall
achievement-cookie-shield-wall-about = the Shield scored in every round of the game
achievement-cookie-sharp-sword = Sharp Sword
achievement-cookie-sharp-sword-about = the Sword found its target in every round of the game
achievement-cookie-landslide = Landslide
achievement-cookie-landslide-about = won alone, five coins or more ahead of the next player
achievement-cookie-comeback = Comeback
achievement-cookie-comeback-about = won after having the fewest coins after the first round

achievement-maskmen-every-season = Grand Slam
achievement-maskmen-every-season-about = won every season of a game of three seasons or more
achievement-maskmen-duel-shutout = Clean Duel
achievement-maskmen-duel-shutout-about = won a two-player game without losing a season
achievement-maskmen-three-in-a-row = Hat Trick
achievement-maskmen-three-in-a-row-about = won three seasons in a row, and the game
achievement-maskmen-never-minus = Never Behind
achievement-maskmen-never-minus-about = won without a single −1 season
achievement-maskmen-comeback = Comeback
achievement-maskmen-comeback-about = won after a −1 in the first season
achievement-maskmen-tiebreak = Photo Finish
achievement-maskmen-tiebreak-about = won on the tie-break: equal points, more +2 seasons

achievement-sol-bluff = Bluffer
achievement-sol-bluff-about = won a war with a bluff: three of their words about their cards were lies
achievement-sol-untouched = Iron Hide
achievement-sol-untouched-about = won a war with at most one hit on their cards
achievement-sol-last-standing = Last One Standing
achievement-sol-last-standing-about = won because everyone else folded
achievement-sol-trader = Merchant
achievement-sol-trader-about = won after two trades or more
achievement-sol-doubled = Double Edge
achievement-sol-doubled-about = won after doubling their swords
achievement-sol-tripled = Fortune
achievement-sol-tripled-about = ended with four times their buy-in or more

achievement-castle-first-delivery = First Blood
achievement-castle-first-delivery-about = made the game's first delivery, and won
achievement-castle-skirmish-master = Skirmish Master
achievement-castle-skirmish-master-about = won three skirmishes or more, and the game
achievement-castle-robber = Highwayman
achievement-castle-robber-about = robbed rivals twice or more in one game
achievement-castle-unbeaten = Untouchable
achievement-castle-unbeaten-about = won without ever being thrown out of a hall
achievement-castle-shared = Shared Glory
achievement-castle-shared-about = shared the win
achievement-castle-swift = Swift Hands
achievement-castle-swift-about = won by round fifteen

achievement-mafia-last-law = Last Line of the Law
achievement-mafia-last-law-about = the Law won with them as its last living member
achievement-mafia-boss-day-one = Head of the Snake
achievement-mafia-boss-day-one-about = the veche executed the Boss on Day 1 (to every Law player)
achievement-mafia-family-intact = The Family Stands
achievement-mafia-family-intact-about = the Mafia won with all its members alive
achievement-mafia-leader-win = Trusted Leader
achievement-mafia-leader-win-about = was elected Leader twice, and their side won
achievement-mafia-killer-check = Sharp Eye
achievement-mafia-killer-check-about = as the Killer, named the cards in a hand right and earned the Bullets
achievement-mafia-artifact-win = Keeper of the Artifact
achievement-mafia-artifact-win-about = won holding the artifact at the end
