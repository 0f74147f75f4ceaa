## Мафия героев: названия и краткие правила

mafia-title = { $case ->
    [acc] Мафию героев
   *[nom] Мафия героев
}
mafia-rules =
    🦸 Мафия героев (Мафик Райзена, часть 3) — отряд героев взялся остановить суперзлодея, вот только некоторые из них продались с потрохами. 10–12 игроков (модератор может разрешить 8–14, но баланс тогда не проверен). У каждого две роли: явная (её знают все) и тайная. Трое — Мафия (Босс, Киллер, Советник), остальные — Закон. Сторона побеждает, если в живых остались только её члены (мёртвые побеждают вместе со своей стороной); если умерли все — ничья.
    Заявка: укажите желаемую явную роль и запасную (кто раньше заявился, тот и получает; затем запасная; затем случайная свободная). Студент также тайно называет цвет. Вы соглашаетесь играть на победу своего персонажа, принимать ложь и казни как часть игры и не передавать игровую информацию вне игры.
    Драфт (в личных сообщениях; в канале радиомолчание): шесть раз вам предлагают 5 случайных карт, вы берёте 2. Мафии предлагаются только карты своего цвета (Босс — Информация, Киллер — Атака, Советник — Поддержка), затем мафия три раза берёт 1 из 3 карт чужих цветов. Колода: 12 карт у Закона, 15 у Мафии. Невзятые карты уходят в резерв; когда колода кончается, резерв становится новой колодой. Случайный игрок тайно выбирает первого владельца артефакта. Затем все набирают 6 карт (Пришелец 7, Ребёнок 5; Шут выбирает свои 6 сам).
    Фазы: Ночь 1, День 1, Ночь 2… За фазу можно сыграть одну карту из Руки и одну из Рукава — тайно, заявку можно менять до дедлайна; ночью вместо этого можно убрать до двух карт из Руки под низ Колоды. Цена оплачивается сбросом карт (не более 2 из Руки на одну цену). Всё срабатывает одновременно в конце фазы. Урон заставляет сбрасывать карты из Руки по порядку; броня его предотвращает; персонаж с 0 карт в Руке умирает. В первую ночь никто не получает больше 5 урона.
    Ночь: мафия голосует за жертву (Киллер — 2 голоса, Босс — 1,5, Советник — 1); жертва получает 3 урона (+2 за каждого, кто оплатил цену 1, +2 за каждого мёртвого мафиози). День: вече — каждый тайно голосует за другого персонажа и за казнь (6 урона) или избиение (2 урона); открытые выборы Лидера (его цены на 1 меньше). Артефакт даёт владельцу 3 брони каждую ночь и днём тайно передаётся дальше.

## Термины
mafia-faction-mafia = Мафия
mafia-faction-law = Закон
mafia-colour-attack = Атака
mafia-colour-support = Поддержка
mafia-colour-information = Информация
# case "ins" answers «когда?»: «только ночью»
mafia-when-night = { $case ->
    [ins] ночью
   *[nom] ночь
}
mafia-when-day = { $case ->
    [ins] днём
   *[nom] день
}
mafia-when-any = { $case ->
    [ins] в любую фазу
   *[nom] любая фаза
}
mafia-mode-open = неанонимная игра
mafia-mode-anonymous = анонимная игра
mafia-role-law = Закон

## Роли мафии
mafia-role-boss = Босс
mafia-role-boss-ability = Цвет: Информация. Один раз в две фазы в любой момент может прислать сообщение другому члену мафии.
mafia-role-killer = Киллер
mafia-role-killer-ability = Цвет: Атака. В любую фазу может назвать живую цель не из мафии и столько карт, сколько у неё в Руке; если хотя бы половина названных карт у цели в Руке, получает в Рукав две карты Патрон. Нельзя выбирать одну цель дважды.
mafia-role-advisor = Советник
mafia-role-advisor-ability = Цвет: Поддержка. В любую фазу может пометить карты у себя в Руке как невидимые или снять метки; невидимые карты не учитываются в публичном числе карт в Руке.

## Явные роли
mafia-role-alien = Пришелец
mafia-role-alien-ability = В начале игры набирает 7 карт. Умирает, если имеет 1 карту или меньше.
mafia-role-jester = Шут
mafia-role-jester-ability = При наборе колоды всегда берёт две первые карты из 5 (первую из 3 в драфте мафии). Сам выбирает, какие 6 карт набрать в начале.
mafia-role-businessman = Бизнесмен
mafia-role-businessman-ability = Если ночью не применяет и не сбрасывает карт, получает 1 карту Жир в Рукав.
mafia-role-lazybones = Лентяй
mafia-role-lazybones-ability = Если не применяет карт ночью, получает 2 брони.
mafia-role-strongman = Здоровяк
mafia-role-strongman-ability = Каждую фазу получает 1 брони — до первой фазы, в которую ему нанесли урон, включительно.
mafia-role-politician = Политик
mafia-role-politician-ability = Его голос засчитывается за 1,5 (и за персонажа, и за казнь/избиение, и за Лидера).
mafia-role-paranoid = Параноик
mafia-role-paranoid-ability = В любую фазу может потратить любое число карт из Рукава и получить столько же брони.
mafia-role-avenger = Мститель
mafia-role-avenger-ability = Потеряв все карты, вместо смерти получает статус «смертельно ранен» на 2 фазы: за него нельзя голосовать на вече, его голос на вече и при выборе Лидера считается за 0,5. Погибает в конце второй фазы после этого, что бы ни случилось.
mafia-role-psychic = Экстрасенс
mafia-role-psychic-ability = Всегда знает 2 верхние карты своей Колоды.
mafia-role-masochist = Мазохист
mafia-role-masochist-ability = Когда первый раз сбрасывает карту из-за урона, получает её копию в Рукав.
mafia-role-magician = Фокусник
mafia-role-magician-ability = Один раз за игру при применении карты может вместо добора получить в Руку её копию; эта копия сбрасывается от урона в эту ночь последней.
mafia-role-banker = Банкир
mafia-role-banker-ability = Применяя карту с ценой в первый раз за игру, также получает 3 брони.
mafia-role-croupier = Крупье
mafia-role-croupier-ability = Один раз за игру днём может сбросить одну карту и набрать на замену новую.
mafia-role-sociopath = Социопат
mafia-role-sociopath-ability = Не может быть целью карт, голосования на вече и способности мафии в первые сутки (Ночь 1 и День 1).
mafia-role-monk = Монах
mafia-role-monk-ability = Если по итогам дня имеет в Руке ровно 1 или 2 карты, тянет 1 карту из Колоды.
mafia-role-child = Ребёнок
mafia-role-child-ability = В начале игры набирает 5 карт вместо 6. Каждую ночь получает 1 брони.
mafia-role-student = Студент
mafia-role-student-ability = При заявке тайно называет цвет. Если он в Законе, каждая карта его драфта с вероятностью 60% будет этого цвета; если в Мафии — получает роль этого цвета.
mafia-role-lucky = Везунчик
mafia-role-lucky-ability = В первую ночь может вернуть пришедшие 6 карт, перемешать Колоду и набрать 6 карт снова.
mafia-role-journalist = Журналист
mafia-role-journalist-ability = Может играть любую карту из Рукава как карту Вопрос. Может применить эффект Вопроса к жертве, когда усиливает способность мафии.
mafia-role-swindler = Мошенник
mafia-role-swindler-ability = Голоса за его лидерство удваиваются, пока он впервые не станет Лидером. С вероятностью 50% выбирает первого владельца артефакта и может выбрать себя.
mafia-role-hero = Герой
mafia-role-hero-ability = Не имеет особых способностей.

## Карты (текст — эффект; цена, цвет и фаза показываются рядом)
mafia-card-strike = Удар
mafia-card-strike-text = Цель получает { $amount ->
    [one] { $amount } урон
   *[other] { $amount } урона
}.
mafia-card-ambush = Засада
mafia-card-ambush-text = Цель получает { $amount ->
    [one] { $amount } урон
   *[other] { $amount } урона
}.
mafia-card-arson = Поджог
mafia-card-arson-text = Цель получает { $amount ->
    [one] { $amount } урон
   *[other] { $amount } урона
}.
mafia-card-poison = Яд
mafia-card-poison-text = Цель получает { $now ->
    [one] { $now } урон
   *[other] { $now } урона
} сейчас и { $later ->
    [one] { $later } урон
   *[other] { $later } урона
} в конце следующей фазы.
mafia-card-robbery = Грабёж
mafia-card-robbery-text = { $cards ->
    [one] Случайная карта из Руки цели уходит
    [few] { $cards } случайные карты из Руки цели уходят
   *[many] { $cards } случайных карт из Руки цели уходят
} к вам в Рукав.
mafia-card-sabotage = Саботаж
mafia-card-sabotage-text = Карта, которую цель играет из Руки в эту фазу, не действует (цена всё равно оплачена).
mafia-card-knuckles = Кастет
mafia-card-knuckles-text = Цель получает { $amount ->
    [one] { $amount } урон
   *[other] { $amount } урона
}.
mafia-card-disarm = Разоружение
mafia-card-disarm-text = Цель сбрасывает весь свой Рукав.
mafia-card-riposte = Ответный удар
mafia-card-riposte-text = Каждый, кто в эту фазу выбирает вас целью карты, получает { $amount ->
    [one] { $amount } урон
   *[other] { $amount } урона
}.
mafia-card-bullet = Патрон
mafia-card-bullet-text = Карта Киллера. Цель получает { $amount ->
    [one] { $amount } урон
   *[other] { $amount } урона
}.
mafia-card-vest = Бронежилет
mafia-card-vest-text = Вы получаете { $amount } брони.
mafia-card-shield = Щит
mafia-card-shield-text = Цель получает { $amount } брони.
mafia-card-healing = Лечение
mafia-card-healing-text = В конце фазы цель тянет { $cards ->
    [one] { $cards } карту
    [few] { $cards } карты
   *[many] { $cards } карт
}.
mafia-card-shelter = Укрытие
mafia-card-shelter-text = Вы получаете { $amount } брони.
mafia-card-rest = Отдых
mafia-card-rest-text = Вы тянете { $cards ->
    [one] { $cards } дополнительную карту
    [few] { $cards } дополнительные карты
   *[many] { $cards } дополнительных карт
}.
mafia-card-stockpile = Запас
mafia-card-stockpile-text = { $cards ->
    [one] Верхняя карта вашей Колоды уходит
    [few] { $cards } верхние карты вашей Колоды уходят
   *[many] { $cards } верхних карт вашей Колоды уходят
} в Рукав.
mafia-card-bodyguard = Телохранитель
mafia-card-bodyguard-text = Весь урон, который цель получила бы в эту фазу, получаете вы.
mafia-card-reinforcements = Подмога
mafia-card-reinforcements-text = Цель получает { $amount } брони следующей ночью.
mafia-card-antidote = Противоядие
mafia-card-antidote-text = Снимает с цели отложенные эффекты; цель получает { $armor } брони.
mafia-card-fat = Жир
mafia-card-fat-text = Карта Бизнесмена. Вы получаете { $amount } брони.
mafia-card-question = Вопрос
mafia-card-question-text = Вы узнаёте цвета всех карт в Руке цели.
mafia-card-letter = Письмо
mafia-card-letter-text = Отправьте цели сообщение (только текст, без ссылок); оно придёт в конце фазы.
mafia-card-surveillance = Слежка
mafia-card-surveillance-text = Вы узнаёте, какие карты цель сыграла в эту фазу и в кого.
mafia-card-search = Обыск
mafia-card-search-text = Вы видите Руку и Рукав цели.
mafia-card-dossier = Досье
mafia-card-dossier-text = Вы узнаёте фракцию цели.
mafia-card-eavesdrop = Подслушивание
mafia-card-eavesdrop-text = Вы узнаёте, за кого цель голосовала сегодня и за казнь или избиение.
mafia-card-tracker = Маячок
mafia-card-tracker-text = Вы узнаёте, кто выбирал цель в эту фазу (картами и голосом мафии).
mafia-card-divination = Гадание
mafia-card-divination-text = Посмотрите { $cards ->
    [one] верхнюю { $cards } карту
    [few] верхние { $cards } карты
   *[many] верхние { $cards } карт
} своей Колоды и верните их в любом порядке.
mafia-card-denunciation = Анонимка
mafia-card-denunciation-text = В конце дня всем объявляются цвета карт в Руке цели.
mafia-card-intercept = Перехват
mafia-card-intercept-text = Вы получаете копии всех сообщений, отправленных цели в эту фазу.

## Заявка
mafia-signup-intro = Прежде чем подать заявку на «Мафию героев», убедитесь, что вы согласны со следующим:
mafia-signup-condition-1 = 1) Вы будете стараться привести к победе своего персонажа, а не тайно помогать врагу. Вы не бросите игру до конца.
mafia-signup-condition-2 = 2) Вы играете в мафию: здесь вам могут (и часто должны) врать о своих ролях и действиях, здесь могут оклеветать и повесить вашего персонажа. Это игровые моменты, относитесь к ним спокойно.
mafia-signup-condition-3 = 3) Вы не передаёте игровую информацию вне игровых правил (ни в личке, ни шифром, ни через не участвующих в игре) и не передаёте её живым игрокам после смерти своего персонажа.
mafia-signup-consent = Принимаю условия
mafia-signup-role = Какую явную роль вы хотите?
mafia-signup-spare = Запасная явная роль — на случай, если желаемая будет занята:
mafia-signup-colour = Студент: назовите свой цвет (тайно).
mafia-signup-untested = ⚠ За столом игроков: { $players }. Игра рассчитана на 10–12 игроков, баланс для такого числа не проверен.

## События заявки и драфта
mafia-event-setup = 🦸 Начинается «Мафия героев», игроков: { $players } ({ $mode }). Трое из вас — Мафия.
mafia-event-untested-size = ⚠ Игроков: { $players }. Игра рассчитана на 10–12 игроков, баланс не проверен.
mafia-event-public-roles = Явные роли:
    { $roles }
# named: "no" в анонимном режиме, где место называется явной ролью, поэтому роль звучит один раз
mafia-line-public-role = { $named ->
    [no] { $player_is_you ->
        [yes] Вы ({ $role })
       *[no] { $role }
    }
   *[yes] { $player_is_you ->
        [yes] Вы
       *[no] { $player }
    }: { $role }
}
mafia-event-your-role-mafia = 🔪 Ваша тайная роль: { $role } (Мафия, цвет: { $colour }). Ваша явная роль: { $public_role }.
mafia-event-your-role-law = ⚖ Вы — Закон. Ваша явная роль: { $public_role }.
mafia-event-student-colour = 🎓 Ваш цвет Студента: { $colour }.
mafia-event-draft-begins = 🃏 В личных сообщениях начинается драфт: { $rounds } раз берёте { $kept } из { $offered } карт. Радиомолчание: до Ночи 1 в канале не пишем.
mafia-event-jester-kept = 🃏 Предложено: { $offered }. Как Шут вы берёте первые: { $kept }.
mafia-event-picked = Вы берёте: { $cards }. Выбор можно менять, пока не выберут все.
mafia-event-kept = 🃏 Взято: { $cards } (всего { $total ->
    [one] { $total } карта
    [few] { $total } карты
   *[many] { $total } карт
}).
mafia-event-artifact-picked = 🏺 Первый владелец артефакта: { $player_is_you ->
    [yes] вы сами
   *[no] { $player }
}. Выбор можно менять до конца драфта.
mafia-event-draft-over = 🃏 Драфт окончен. Колоды перемешаны, все набирают карты.
mafia-event-artifact-yours = 🏺 Артефакт у вас. Об этом знаете только вы.
mafia-event-opening-hand = ✋ Ваша стартовая Рука ({ $count ->
    [one] { $count } карта
    [few] { $count } карты
   *[many] { $count } карт
}): { $cards }.
mafia-event-jester-choosing = { $player_is_you ->
    [yes] Вы (Шут): выбираете стартовую Руку.
   *[no] { $named ->
        [no] { $player } выбирает стартовую Руку.
       *[yes] { $player } (Шут): выбирает стартовую Руку.
    }
}
mafia-event-snapshot = 🔪 Мафия в начале Ночи 1:
    { $members }
mafia-line-snapshot = { $named ->
    [no] { $player_is_you ->
        [yes] Вы ({ $public_role })
       *[no] { $public_role }
    }
   *[yes] { $player_is_you ->
        [yes] Вы
       *[no] { $player }
    } — { $public_role }
}, { $role }. Колода: { $deck }. Рука: { $hand }.
mafia-event-night-begins = 🌙 Наступает Ночь { $number }. Карт в Руке:
    { $counts }
mafia-line-hand-count = { $player_is_you ->
    [yes] Вы
   *[no] { $player }
}: { $count }
mafia-line-card = { $card } ({ $colour }, цена { $cost }, { $when }): { $text }

## Запросы и варианты
mafia-prompt-keep = 🃏 Драфт { $round }/{ $rounds }: возьмите { $keep } из этих { $offered } карт.
    { $cards }
mafia-prompt-keep-mafia = 🔪 Драфт мафии { $round }/{ $rounds }: возьмите { $keep } из этих { $offered } карт чужих цветов.
    { $cards }
mafia-prompt-artifact = 🏺 Выберите первого владельца артефакта (тайно; он даёт 3 брони каждую ночь). { $self_allowed ->
    [yes] Можно выбрать себя.
   *[no] Себя выбрать нельзя.
}
mafia-prompt-jester-hand = 🃏 Шут: выберите { $count } карт стартовой Руки (в каком порядке назовёте, в таком они и будут в Руке). Ваша Колода:
    { $cards }
mafia-opt-card = { $card } ({ $colour }, цена { $cost }, { $when })
mafia-opt-player = { $player_is_you ->
    [yes] Вы сами
   *[no] { $player }
}

## Состояние
mafia-status-draft = 🃏 Драфт, раунд { $round } (у всех { $rounds } раундов, у Мафии ещё { $extra }). Радиомолчание.
mafia-status-opening = 🃏 Шут выбирает стартовую Руку.
mafia-status-night = 🌙 Ночь { $number }
mafia-status-day = ☀ День { $number }
mafia-status-over = 🏁 Игра окончена.
mafia-status-seat = { $player_is_you ->
    [yes] Вы
   *[no] { $player }
}: { $role }
mafia-status-seat-count = { $player_is_you ->
    [yes] Вы
   *[no] { $player }
}: { $role }, { $count ->
    [one] { $count } карта
    [few] { $count } карты
   *[many] { $count } карт
}
mafia-status-seat-dead = ☠ { $player_is_you ->
    [yes] Вы
   *[no] { $player }
}: { $role }
# Анонимный режим: место называется публичной ролью, поэтому роль звучит один раз
mafia-status-role = { $player_is_you ->
    [yes] Вы ({ $role })
   *[no] { $role }
}
mafia-status-role-count = { $player_is_you ->
    [yes] Вы ({ $role })
   *[no] { $role }
}: { $count ->
    [one] { $count } карта
    [few] { $count } карты
   *[many] { $count } карт
}
mafia-status-role-dead = ☠ { $player_is_you ->
    [yes] Вы ({ $role })
   *[no] { $role }
}
mafia-aid-role-mafia = 🔪 Вы: { $role } (Мафия, цвет: { $colour }).
mafia-aid-role-law = ⚖ Вы: Закон.
mafia-aid-kept = 🃏 Взято ({ $total }): { $cards }
mafia-aid-hand = ✋ Рука: { $cards }
mafia-aid-artifact = 🏺 Артефакт у вас.

## Ошибки
mafia-error-players = Для «Мафии героев» здесь нужно { $min }–{ $max } { $max ->
    [one] игрок
    [few] игрока
   *[many] игроков
}; сейчас { $count }.
mafia-error-unknown-role = «{ $role }» — не явная роль этой игры.
mafia-error-spare-same = Запасная роль должна отличаться от желаемой ({ $role }).
mafia-refuse-spare-wanted = Это ваша желаемая роль.
mafia-error-student-colour = Студент должен назвать цвет: атака, поддержка или информация.
mafia-error-colour-not-student = Цвет называет только Студент: выберите Студента желаемой или запасной ролью либо не указывайте цвет.
mafia-error-consent = Чтобы подать заявку, нужно согласиться с тремя условиями.
mafia-error-artifact-self = Себе артефакт отдать нельзя.
mafia-error-not-offered = Карты { $value } нет в этом предложении.
mafia-error-not-in-deck = Карты { $value } нет в вашей Колоде.
mafia-status-leader = 👑 Лидер: { $player }
mafia-aid-sleeve = Ваш Рукав: { $cards }
mafia-aid-order = { $done ->
    [yes] ✅ Ваша заявка на эту фазу отправлена (её ещё можно изменить).
   *[no] ✏️ Ваша заявка на эту фазу ещё не отправлена.
}
mafia-signup-conditions = { mafia-signup-intro }
    { mafia-signup-condition-1 }
    { mafia-signup-condition-2 }
    { mafia-signup-condition-3 }
mafia-signup-decline = Не принимаю (без места в игре)
mafia-opt-role = { $role }
mafia-opt-role-taken = { $role } 🔒 занята
mafia-lobby-roles-taken = { $count ->
    [0] Публичные роли пока никто не выбрал.
   *[other] Выбранные явные роли (кто раньше, тот и получил): { $roles }.
}
mafia-opt-any-role = Без пожеланий: любая свободная роль
mafia-opt-colour = { $colour }
