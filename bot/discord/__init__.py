"""Discord glue shared by every game cog: components, the outbox, the game-master service."""
