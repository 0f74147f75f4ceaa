## «Мафия героев»: вече, Лидер, раскрытие после избиения, артефакт, победа

## Отказы (недоступные варианты в заявке)
mafia-vote-refusal-dead = { $player_is_you ->
    [yes] Вы уже не в живых.
   *[no] Персонажа { $player } уже нет в живых.
}
mafia-vote-refusal-self = Голосовать за себя нельзя.
mafia-vote-refusal-mafia = { $player_is_you ->
    [yes] Вы — член Мафии: своих Мафия не убивает.
   *[no] { $player } — член Мафии: своих Мафия не убивает.
}
mafia-vote-refusal-sociopath = Социопата нельзя выбирать в Ночь 1 и День 1.
mafia-vote-refusal-wounded = За смертельно раненого Мстителя нельзя голосовать на вече.
mafia-vote-refusal-leader = За действующего Лидера голосовать нельзя ({ $player }).
mafia-vote-refusal-no-veche = Сегодня вече нет: в живых только двое.
mafia-artifact-refusal-not-holder = Артефакт не у вас.
mafia-artifact-refusal-self = Артефакт уже у вас: передайте его другому персонажу.
mafia-artifact-refusal-dead = { $player_is_you ->
    [yes] Вы уже не в живых.
   *[no] Персонажа { $player } уже нет в живых.
}

## Вече
mafia-veche-skipped = ⚖ В живых только двое: сегодня вече не проводится.
mafia-veche-no-votes = ⚖ На вече никто не голосовал: ничего не происходит.
mafia-veche-result = ⚖ Итоги веча. Голоса по персонажам:
    { $totals }
    За казнь: { $execution }. За избиение: { $beating }.
mafia-veche-line-total = { $player_is_you ->
    [yes] Вы
   *[no] { $player }
}: { $votes } { $votes ->
    [one] голос
    [few] голоса
    [other] голоса
   *[many] голосов
}
mafia-veche-execution = ⚔ Вече выбирает казнь: { $player_is_you ->
    [yes] вы получаете
   *[no] { $player } получает
} { $damage } { $damage ->
    [one] урон
   *[other] урона
}.
mafia-veche-beating = 👊 Вече выбирает избиение: { $player_is_you ->
    [yes] вы получаете
   *[no] { $player } получает
} { $damage } { $damage ->
    [one] урон
   *[other] урона
}. Следующей ночью все узнают цвет карты, которую { $player_is_you ->
    [yes] вы сыграете
   *[no] { $player } сыграет
} из Руки.
mafia-veche-tie = ⚖ Больше всего голосов поровну у двоих: { $first } и { $second } { $first_is_you ->
    [yes] получаете
   *[no] { $second_is_you ->
        [yes] получаете
       *[no] получают
    }
} по { $damage } { $damage ->
    [one] урону
   *[other] урона
}.
mafia-veche-nothing = ⚖ Больше всего голосов поровну более чем у двоих: ничего не происходит.

## Раскрытие после избиения (в конце следующей ночи)
mafia-beating-colour = 👁 Избиение на вече: этой ночью { $player_is_you ->
    [yes] вы сыграли из Руки карту
   *[no] { NAME($player, case: "ins", fallback: "персонажем") } из Руки сыграна карта
} цвета «{ $colour }».
mafia-beating-none = 👁 Избиение на вече: этой ночью { $player_is_you ->
    [yes] вы не сыграли из Руки ни одной карты.
   *[no] { NAME($player, case: "ins", fallback: "персонажем") } из Руки не сыграно ни одной карты.
}

## Лидер
mafia-leader-votes = 👑 Выборы Лидера:
    { $votes }
    Итого:
    { $totals }
mafia-leader-line-vote = { $voter_is_you ->
    [yes] Вы
   *[no] { $voter }
} → { $candidate_is_you ->
    [yes] вы
   *[no] { $candidate }
}
mafia-leader-line-total = { $player_is_you ->
    [yes] Вы
   *[no] { $player }
}: { $votes } { $votes ->
    [one] голос
    [few] голоса
    [other] голоса
   *[many] голосов
}
mafia-leader-no-votes = 👑 За Лидера никто не голосовал.
mafia-leader-nobody = 👑 Голоса разделились, и больше всех ни у кого нет: Лидера на следующие ночь и день не будет.
mafia-leader-elected = 👑 { $player_is_you ->
    [yes] Вы —
   *[no] { $player } —
} Лидер на следующие ночь и день.

## Артефакт (лично владельцам; события «gm» — только в журнале ведущего)
mafia-artifact-passed = 🏺 Вы передаёте артефакт. Его новый владелец: { $player }.
mafia-artifact-passed-random = 🏺 Артефакт достался случайному персонажу, который ещё не владел им: { $player }.
mafia-artifact-received = 🏺 Теперь артефакт у вас: каждую ночь он даёт вам { $armor } брони. Каждый день вы тайно передаёте его дальше.
mafia-artifact-destroyed-all-held = 🏺 Все живые уже владели артефактом: он уничтожен.
mafia-artifact-gm-destroyed-dead = 🏺 Артефакт уничтожен вместе с владельцем: { $player }.
mafia-artifact-gm-destroyed-all-held = 🏺 Артефакт уничтожен: им уже владели все живые (последний владелец: { $player }).
mafia-artifact-gm-passed = 🏺 Артефакт: { $holder } → { $player }.
mafia-artifact-gm-armor = 🏺 Артефакт перешёл от одного члена Мафии к другому: { $player_is_you ->
    [yes] вы следующей ночью получаете
   *[no] { $player } следующей ночью получает
} { $armor } брони.

## Победа и раскрытие ролей
mafia-victory-mafia = 🏁 Победа Мафии: в живых остались только её члены. { $winners_count ->
    [one] Победитель
   *[other] Победители
}: { $winners }.
    Кто есть кто:
    { $reveal }
mafia-victory-law = 🏁 Победа Закона: Мафия уничтожена. { $winners_count ->
    [one] Победитель
   *[other] Победители
}: { $winners }.
    Кто есть кто:
    { $reveal }
mafia-victory-draw = 🏁 Ничья: в живых не осталось никого.
    Кто есть кто:
    { $reveal }
mafia-victory-artifact = 🏺 Владельцы артефакта по порядку: { $holders }{ $destroyed ->
    [yes] ; артефакт уничтожен.
   *[no] .
}
mafia-victory-artifact-never = 🏺 Артефакта в игре ни у кого не было.

## Полное раскрытие (сообщение о победе; стол ведущего в журнале оконченной игры)
mafia-reveal-seat = { $alive ->
    [no] ☠{" "}
   *[yes] {""}
}{ $player_is_you ->
    [yes] Вы
   *[no] { $player }
} — { $public_role }{ $student ->
    [yes] {" "}(цвет: { $colour })
   *[no] {""}
}, { $faction }{ $mafia ->
    [yes] {" "}({ $role })
   *[no] {""}
}. Колода: { $deck }. Рука: { $hand }. Рукав: { $sleeve }.
mafia-reveal-cards = { $count ->
    [1] { $card }
   *[other] { $card } ×{ $count }
}
