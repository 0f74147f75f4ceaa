# Voice for live games (/mafia new voice:, bot/discord/voice.py)
opt-mafia-voice = Live pace: a voice channel where the bot mutes everyone at night, and the dead until the end
param-voice = voice
mafia-voice-live-only = A voice channel can be linked only to a live-paced game (pace: live).
channel-missing-mute-members = ⚠ Moderators: I lack the **Mute Members** permission, so I cannot mute the game's voice channel at night and the dead by day. The game goes on without voice control.
