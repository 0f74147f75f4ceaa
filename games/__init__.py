"""Pure game rules. Nothing here imports discord, aiosqlite or asyncio."""
