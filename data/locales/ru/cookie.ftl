## Печенька: карты, роли, подсказки, события, отказы и краткие правила.

cookie-name = Печенька

## Термины: карты в комплекте игрока.
cookie-card-cookie = Печенька
cookie-card-blue = Синий
cookie-card-strontium = Стронций
cookie-card-thirty-seven = 37
cookie-card-persians = Персы
cookie-card-cosine = Косинус
cookie-card-sword = Меч
cookie-card-shield = Щит
cookie-card-hill = Холм

## Термины: персонажи как роли.
cookie-role-cookie = Печенька
cookie-role-blue = Синий
cookie-role-strontium = Стронций
cookie-role-thirty-seven = 37
cookie-role-persians = Персы
cookie-role-cosine = Косинус

## Подсказки и варианты ответа.
cookie-prompt-choose = Раунд { $round }, круг { $circle } из { $circles }: выберите карту.
cookie-prompt-place-sword = Положите ⚔️ меч перед игроком, который, по-вашему, и есть ваша цель.
cookie-prompt-place-shield = Положите 🛡️ щит перед игроком, который, по-вашему, и есть ваш охотник.
cookie-option-player = { $player }

## Отказы.
cookie-error-blocked-sword = Перед вами уже лежит щит { NAME($player, case: "gen", fallback: "игрока") }, поэтому меч перед этим игроком класть нельзя.
cookie-error-blocked-shield = Перед вами уже лежит меч { NAME($player, case: "gen", fallback: "игрока") }, поэтому щит перед этим игроком класть нельзя.
cookie-error-yourself = Нельзя класть карту перед самим собой.
cookie-error-not-in-hand = Карты «{ $card }» нет у вас в руке.

## События.
cookie-event-setup = 🍪 Печенька: { $players ->
    [one] { $players } игрок
    [few] { $players } игрока
   *[many] { $players } игроков
}, { $rounds ->
    [one] { $rounds } раунд
    [few] { $rounds } раунда
   *[many] { $rounds } раундов
} по { $rounds ->
    [one] { $rounds } кругу
    [few] { $rounds } круга
   *[many] { $rounds } кругов
}. Цепочка охоты: { $chain } (каждый охотится за следующим, последний — за первым). { $players ->
    [6] Вшестером холма нет.
   *[other] Холм, сохранённый в руке до конца раунда, приносит 1 монету.
} Первый игрок: { $first }.
cookie-event-round-start = 🍪 Начинается раунд { $round } из { $rounds }. Первый игрок: { $first }. Роли розданы втайне.
cookie-event-deal = Раунд { $round }. Ваша роль: { $role }. Ваша цель (атакуйте её мечом): { $target }. Ваш охотник (защищайтесь от него щитом): { $hunter }. Карты в руке: { $hand }.
cookie-event-circle-start = Круг { $circle } из { $circles }: все втайне выбирают карту.
cookie-event-chosen = Вы выбрали: { $card }.
cookie-event-choice-changed = Выбор изменён: теперь вы играете «{ $card }».
cookie-event-reveal = 🃏 Раунд { $round }, круг { $circle }: карты вскрываются.
cookie-event-revealed = { $player_is_you ->
    [yes] Вы вскрываете
   *[no] { $player } вскрывает
} карту «{ $card }».
cookie-event-placed-sword = ⚔️ { $player_is_you ->
    [yes] Вы кладёте
   *[no] { $player } кладёт
} меч { $target_is_you ->
    [yes] перед вами
   *[no] перед { NAME($target, case: "ins", fallback: "игроком") }
}.
cookie-event-placed-shield = 🛡️ { $player_is_you ->
    [yes] Вы кладёте
   *[no] { $player } кладёт
} щит { $target_is_you ->
    [yes] перед вами
   *[no] перед { NAME($target, case: "ins", fallback: "игроком") }
}.
cookie-event-placed-only = { $player_is_you ->
    [yes] Карту «{ $card }» вы можете положить только перед одним игроком — { $target_is_you ->
        [yes] перед собой
       *[no] { $target }
    }.
   *[no] { $player }: карту «{ $card }» можно положить только перед одним игроком — { $target_is_you ->
        [yes] перед вами
       *[no] { $target }
    }.
}
cookie-event-placed-nobody = { $player_is_you ->
    [yes] Вам некуда положить карту «{ $card }»: в этом раунде она ничего не даёт.
   *[no] { $player }: карту «{ $card }» положить не перед кем, в этом раунде она ничего не даёт.
}
cookie-event-round-over = 🏁 Раунд { $round } окончен. Роли и монеты:
cookie-event-score = { $player_is_you ->
    [yes] Вы
   *[no] { $player }
} — { $role }: меч { $sword }, щит { $shield }{ $hill_in_play ->
    [no] {""}
   *[yes] , холм { $hill }
} → +{ $points } (всего { $coins ->
    [one] { $coins } монета
    [few] { $coins } монеты
   *[many] { $coins } монет
}).
cookie-event-game-over = 🏆 Игра окончена! { $count ->
    [one] { $winners_has_you ->
        [yes] Вы победили
       *[no] Победитель: { $winners }
    }
   *[other] Победа поделена: { $winners }
} — { $coins ->
    [one] { $coins } монета
    [few] { $coins } монеты
   *[many] { $coins } монет
}.

## Личная подсказка для рассуждений и строки состояния (для отрисовки).
cookie-aid-title = Кто может быть кем (по тому, что известно вам):
cookie-aid-line = { $player_is_you ->
    [yes] Вы
   *[no] { $player }
}: { $roles }
cookie-status-chosen = Уже выбрали: { $players }.
cookie-status-you = Вы — { $role }; цель: { $target }, охотник: { $hunter }.

## Краткие правила для команды правил в лобби.
cookie-rules =
    🍪 Печенька — от 4 до 6 игроков.
    Персонажи охотятся по цепочке: Печенька → Синий → Стронций → 37 → Персы → Косинус → снова Печенька (персонажей столько, сколько игроков: вчетвером цепочка замыкается на 37, впятером — на Персах). Тот, за кем вы охотитесь, — ваша цель; тот, кто охотится за вами, — ваш охотник.
    У каждого игрока комплект: по карте каждого персонажа в игре, меч, щит и холм (вшестером холма нет).
    Раундов столько, сколько игроков, и в каждом раунде столько же кругов. Первый игрок меняется каждый раунд, так что первым побывает каждый.
    В начале раунда роли раздаются втайне. Карту своего персонажа вы откладываете, остальные карты — у вас в руке. Бот сообщает вам лично вашу роль, цель, охотника и карты в руке.
    В каждом круге все втайне выбирают карту (выбор можно менять, пока не выбрали все), затем карты вскрываются и лежат открытыми до конца раунда.
    Вскрытая карта персонажа говорит всем, что вы не этот персонаж. Холм ничего не сообщает.
    Затем, начиная с первого игрока и по часовой стрелке, вскрывшие меч или щит кладут его перед другим игроком: меч — перед предполагаемой целью, щит — перед предполагаемым охотником.
    Нельзя положить меч перед тем, кто в этом раунде положил щит перед вами, и щит перед тем, кто положил перед вами меч. Если класть не перед кем, карта ничего не даёт.
    В конце раунда роли вскрываются. Меч перед вашей целью — 3 монеты. Щит перед вашим охотником — 2 монеты. Холм в руке — 1 монета.
    После последнего раунда побеждает тот, у кого больше монет; при равенстве побеждают все лидеры.
    Если время вышло, бот выберет за вас случайную карту или случайного допустимого игрока. Личная подсказка показывает, кто ещё может быть кем.

## Строки статуса (сообщение о статусе в канале; личная сводка игрока).
cookie-summary-round = Раунд { $round } из { $rounds }, круг { $circle } из { $circles }. Первый игрок: { $first }.
cookie-summary-player = { $player_is_you ->
    [yes] Вы
   *[no] { $player }
}: { $coins ->
    [one] { $coins } монета
    [few] { $coins } монеты
   *[many] { $coins } монет
} · открыты: { $revealed }
cookie-summary-you = 🔒 Ваша роль: { $role }. Ваша цель: { $target }. Ваш охотник: { $hunter }. Карты в руке: { $hand }.
cookie-summary-possible = 🔎 Кем может быть { $player }: { $roles }
cookie-standings = 📊 Итоговая таблица (ничья остаётся ничьей):
cookie-standings-row = { $place }. { $player_is_you ->
    [yes] Вы
   *[no] { $player }
} — { $coins ->
    [one] { $coins } монета
    [few] { $coins } монеты
   *[many] { $coins } монет
}
cookie-summary-placements = Лежат в этом раунде: { $placements }.
cookie-summary-placement = { $card ->
    [sword] ⚔️ { $owner_is_you ->
        [yes] ваш меч
       *[no] меч { NAME($owner, case: "gen", fallback: "игрока") }
    }
   *[shield] 🛡️ { $owner_is_you ->
        [yes] ваш щит
       *[no] щит { NAME($owner, case: "gen", fallback: "игрока") }
    }
} — { $placed ->
    [no] ни перед кем
   *[yes] { $target_is_you ->
        [yes] перед вами
       *[no] перед { NAME($target, case: "ins", fallback: "игроком") }
    }
}
cookie-summary-placements-none = В этом раунде мечей и щитов ещё никто не клал.
