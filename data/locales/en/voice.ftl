# Voice for live games (/mafia new voice:, bot/discord/voice.py)
opt-mafia-voice = Live pace: a voice channel where the bot mutes everyone at night, and the dead until the end
param-voice = voice
mafia-voice-live-only = A voice channel can be linked only to a live-paced game (pace: live).
mafia-voice-anonymous = A voice channel cannot be linked to an anonymous game: muting the dead by day would show everyone connected which member held which public role. Open it without voice, or in open mode.
channel-missing-mute-members = ⚠ Moderators: I lack the **Mute Members** permission, so I cannot mute the game's voice channel at night and the dead by day. The game goes on without voice control.
