## Look-ups and autocomplete (bot/discord/lookups.py): `/mafia role`, `/mafia card`, `/castle card`, and
## the server's games offered wherever a command takes a game's number.

name-role = role
name-card = card
param-name = name
cmd-mafia-role = What a role does
cmd-mafia-card = What a card does
cmd-castle-card = What a card does
opt-lookup-role = The role: start typing its name, then pick it
opt-lookup-card = The card: start typing its name, then pick it

## Mafia of Heroes: a role with its ability, a card with the guide's line (mafia-line-card)
lookups-mafia-role = { $mafia ->
        [yes] 🔪 **{ $role }** — a Mafia role
       *[no] 🎭 **{ $role }** — a public role
    }
    { $ability }
lookups-mafia-card = 🃏 { $line }
lookups-mafia-role-unknown = There is no role “{ $name }”. { $count ->
        [0] Start typing a role's name and pick it from the list.
       *[other] Did you mean: { $names }?
    }
lookups-mafia-card-unknown = There is no card “{ $name }”. { $count ->
        [0] Start typing a card's name and pick it from the list.
       *[other] Did you mean: { $names }?
    }

## Abandoned Castle: every card of the three decks (texts in castle_cards.ftl and castle.ftl)
lookups-castle-choice-action = { $card } — action card
lookups-castle-choice-skirmish = { $card } — skirmish card
lookups-castle-choice-event = { $card } — event card
lookups-castle-action = 🃏 **{ $card }** — action card (in the deck: { $count }; priority { $priority } of { $kinds })
    { $text }
lookups-castle-skirmish = ⚔ **{ $card }** — skirmish card (in the deck: { $count })
    Base { $base }. { $type } beats { $beats }; { $loses } beats { $type }.
    🏆 Win effect: { $text }
lookups-castle-event = 🎴 **{ $card }** — event card (in the deck: { $count })
    When it is revealed: { $text }
lookups-castle-card-unknown = There is no card “{ $name }”. { $count ->
        [0] Start typing a card's name and pick it from the list.
       *[other] Did you mean: { $names }?
    }

## A game offered by its number: "#12 Mafia of Heroes — running — #mafia"
lookups-game = #{ $id } { $game } — { $status }{ $seen ->
        [yes] {" — #"}{ $channel }
       *[no] {""}
    }
lookups-status-lobby = gathering players
lookups-status-running = running
lookups-status-paused = paused
lookups-status-finished = finished
lookups-status-cancelled = cancelled
