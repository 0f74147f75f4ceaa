## Справки и автодополнение (bot/discord/lookups.py): `/mafia role`, `/mafia card`, `/castle card` и игры
## сервера, которые предлагаются везде, где команда принимает номер игры.

name-role = роль
name-card = карта
param-name = название
cmd-mafia-role = Что умеет роль
cmd-mafia-card = Что делает карта
cmd-castle-card = Что делает карта
opt-lookup-role = Роль: начните вводить название и выберите её из списка
opt-lookup-card = Карта: начните вводить название и выберите её из списка

## «Мафия героев»: роль и её способность, карта — строкой из справки (mafia-line-card)
lookups-mafia-role = { $mafia ->
        [yes] 🔪 **{ $role }** — роль Мафии
       *[no] 🎭 **{ $role }** — явная роль
    }
    { $ability }
lookups-mafia-card = 🃏 { $line }
lookups-mafia-role-unknown = Роли «{ $name }» в игре нет. { $count ->
        [0] Начните вводить название роли и выберите её из списка.
       *[other] Возможно, вы имели в виду: { $names }?
    }
lookups-mafia-card-unknown = Карты «{ $name }» в игре нет. { $count ->
        [0] Начните вводить название карты и выберите её из списка.
       *[other] Возможно, вы имели в виду: { $names }?
    }

## Заброшенный Замок: все карты трёх колод (тексты — в castle_cards.ftl и castle.ftl)
lookups-castle-choice-action = { $card } — карта действия
lookups-castle-choice-skirmish = { $card } — карта стычки
lookups-castle-choice-event = { $card } — карта замка
lookups-castle-action = 🃏 **{ $card }** — карта действия (в колоде: { $count }; приоритет: { $priority } из { $kinds })
    { $text }
lookups-castle-skirmish = ⚔ **{ $card }** — карта стычки (в колоде: { $count })
    Сила { $base }. { $type } бьёт { $beats }, а { $loses } бьёт { $type }.
    🏆 Эффект победы: { $text }
lookups-castle-event = 🎴 **{ $card }** — карта замка (в колоде: { $count })
    Когда её открывают: { $text }
lookups-castle-card-unknown = Карты «{ $name }» в игре нет. { $count ->
        [0] Начните вводить название карты и выберите её из списка.
       *[other] Возможно, вы имели в виду: { $names }?
    }

## Игра по номеру: «#12 Мафия героев — идёт — #мафия»
lookups-game = #{ $id } { $game } — { $status }{ $seen ->
        [yes] {" — #"}{ $channel }
       *[no] {""}
    }
lookups-status-lobby = идёт набор
lookups-status-running = идёт
lookups-status-paused = на паузе
lookups-status-finished = окончена
lookups-status-cancelled = отменена
