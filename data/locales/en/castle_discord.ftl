# /castle command and option descriptions (cogs/castle.py).
cmd-castle = Abandoned Castle of the Interworld (3–4 players)
opt-artifacts-to-win = Artifacts to deliver to win (default 3)
opt-max-rounds = Rounds before the game ends on points (default 30)
opt-board = Board file in data/boards (default: the board for the player count)
opt-orders-seconds = Seconds for the secret orders (default 180)
opt-skirmish-seconds = Seconds to choose a skirmish card (default 60)
opt-choice-seconds = Seconds for a skirmish winner's choices (default 90)
