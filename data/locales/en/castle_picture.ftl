# Words of the Castle board picture and its text form (games/castle/picture.py).
castle-picture-players = Players
castle-picture-delivered = delivered
castle-picture-carried = carried
castle-picture-shrine = shrine
castle-picture-artifact = Artifact
castle-picture-floor = Artifacts on the floor
castle-picture-lock = Lock
castle-picture-barricade = Barricade
castle-picture-passage = Secret passage
castle-picture-removed = Removed
castle-picture-locks = Locks
castle-picture-barricades = Barricades
castle-picture-passages = Secret passages
castle-picture-removed-corridors = Removed corridors
castle-picture-rounds-left = rounds left
castle-picture-hall = hall
offline-castle-picture = 🖼 Board picture (updated each round): { $path }
