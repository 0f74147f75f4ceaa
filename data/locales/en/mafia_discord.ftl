# Mafia of Heroes in Discord (cogs/mafia.py)
cmd-mafia = Mafia of Heroes (10–12 players)
opt-mafia-mode = open: Discord names; anonymous: public role names only (default open)
opt-mafia-pace = live: night 15 min, day 20 min; forum: night 12 h, day 24 h (default live)
opt-end-when-all-done = End a phase early when everyone is done (default yes)
opt-allow-untested-size = Allow 8–14 players (balance untested)
opt-night-seconds = Seconds for a night (default: by pace)
opt-day-seconds = Seconds for a day (default: by pace)
opt-draft-seconds = Seconds for a draft pick (default: by pace)
opt-mafia-say-per-minute = Anonymous mode: lines each player may say per minute (1–30, default 5)

# The game channel and the anonymous mode's relay (bot/discord/channel.py, bot/discord/relay.py)
name-say = say
param-text = text
cmd-mafia-say = Speak in the game channel under your public role (anonymous mode)
opt-say-text = What to say (plain text, no links, up to 1000 characters)
mafia-channel-rule-silence = 🔇 Radio silence: nobody writes in this channel until Night 1.
mafia-channel-rule-relay = 🗣 Players do not write here themselves: by night and by day each living player speaks through me with `/mafia say` or the 🗣 Speak button on their order sheet, and I post the words under their public role.
mafia-say-open-mode = This game is played in open mode: write in the game channel yourself.
mafia-say-radio-silence = Radio silence: nobody speaks until Night 1.
mafia-say-dead = The dead may not speak.

## The Leader vote's live tally (one channel message per day, edited as votes change)
mafia-leader-tally = 👑 The Leader vote, Day { $number } (live, changes until the day ends): { $count ->
    [0] no votes yet.
   *[other] { $count ->
        [one] { $count } vote
       *[other] { $count } votes
    }.
    { $votes }
    Totals:
    { $totals }
}

## Absent players (told to the moderators)
mafia-absent-notice = ⚠ { $player } has let { $misses } deadlines in a row pass without giving any orders (a phase counts once). House rule: { $advice }
mafia-absent-advice-bot = replace them with a bot player (/gm replace, leaving the new member empty) or with a substitute.
mafia-absent-advice-remove = remove them from the game (/gm remove).

## A substitute's catch-up dossier (the seat's secrets as they stand)
mafia-dossier-dead = ☠ This character is dead.
mafia-dossier-cards = ✋ Hand, in order ({ $hand_count }): { $hand }
    🧥 Sleeve ({ $sleeve_count }): { $sleeve }
    🂠 Deck ({ $deck_count ->
        [one] { $deck_count } card
       *[other] { $deck_count } cards
    }, contents not in order): { $deck }
    🗃 Reserve: { $reserve_count ->
        [one] { $reserve_count } card
       *[other] { $reserve_count } cards
    }
mafia-dossier-delayed = ⏳ Effects waiting on you:
    { $effects }
mafia-dossier-delayed-poison = ☠ Poison: { $amount } damage at the end of { $due }
mafia-dossier-delayed-armor = 🛡 Reinforcements: { $amount } armor during { $due }
mafia-dossier-phase = { $phase } { $number }
mafia-dossier-mafia = 🔪 The Mafia:
    { $members }
mafia-dossier-member = { $alive ->
    [no] ☠{" "}
   *[yes] {""}
}{ $named ->
    [no] {""}
   *[yes] { $player_is_you ->
        [yes] You
       *[no] { $player }
    } —{" "}
}{ $public_role }, { $role }
mafia-dossier-order = 📝 Your orders for { $phase } { $number } so far ({ $done ->
    [yes] sent; they can still be changed
   *[no] not sent yet
}):
    { $order }
