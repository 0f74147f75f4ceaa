## Заброшенный Замок Междумирья. Игроков называет рендерер; позиции карт в руке считаются с 1.

castle-title = Заброшенный Замок Междумирья
castle-rules =
    🏰 Заброшенный Замок Междумирья — 3 или 4 злодея наперегонки бегут по меняющемуся Замку. Побеждает тот, кто первым доставит в свою святыню 3 артефакта (домашнее правило).
    Подготовка: все стоят в своих святынях, у каждого 2 карты действий (в закрытую) и 2 карты стычки (в открытую). Один артефакт лежит в Центральном зале. Первый игрок выбирается случайно и каждый раунд передаёт ход следующему.
    Фаза I — Событие и заявки. Открывается карта замка: «Перекрой замка» (два случайных зала меняются игроками и артефактами), «Гнев пламени Удуна» (один коридор рушится навсегда), «Let's go gambling!» (все святыни сдвигаются по часовой стрелке), «Против течения» (бонуса за приход нет; кто не двигался, получает +1 в стычке), «Шелковые сети Маффет» (в этом раунде двойной шаг запрещён). Затем все тайно пишут заявку: одна карта действия с параметрами или без карты (тогда можно взять карту или заменить карту действия либо карту стычки); и ход: остаться, пройти один коридор или два двойным шагом.
    Фаза II — Карты, затем движение. Карты срабатывают по приоритету: «Сделка с дьяволом» → «Платформа 9¾» → «Тайный проход» → «Второе дыхание» → «Ахаха, так это же карта))» → «Нечестная сделка» (одинаковые карты — по порядку мест от первого игрока). Карта, ушедшая из руки владельца, не срабатывает. Сработавшая карта идёт в сброс, владелец берёт новую (в руке не больше 3). Потом все ходят одновременно; блокировка на коридоре не пускает, баррикаду проходят только двойным шагом.
    Карты действий: «Сделка с дьяволом» (забрать случайную карту игрока и отдать ему свою) · «Нечестная сделка» (обменяться руками целиком) · «Ахаха, так это же карта))» (посмотреть две карты игрока и, если хочется, сбросить одну) · «Второе дыхание» (двойной шаг: два коридора, можно через баррикаду) · «Платформа 9¾» (баррикада на этот раунд и следующий) · «Тайный проход» (новый коридор между соседними кольцами, исходное расстояние не больше 3).
    Стычка: в каждом зале, где двое и больше игроков, каждый тайно выбирает одну из двух своих карт стычки. Влияние = сила карты + бонус типа (Удержание бьёт Толчок, Толчок бьёт Хитрость, Хитрость бьёт Удержание: +1 за каждую побитую карту) + бонус прихода (+1, если вы пришли в этом раунде). Единственный лидер побеждает, применяет эффект победы своей карты и изгоняет проигравших в соседние залы (проигравшие роняют артефакты). При ничьей лидеров разбрасывает по случайным соседним залам, артефакт остаётся, а те, кто ниже, не играют карты в следующем раунде.
    Карты стычки (тип, сила; эффект победы): «Толчок I: Выброс» (Толчок, сила 1; проигравшего можно отправить на два зала) · «Толчок II: Ограбление» (Толчок, сила 2; забрать случайную карту действия) · «Удержание I: Оборона» (Удержание, сила 1; блокировка коридора в следующем раунде) · «Удержание II: Кандалы» (Удержание, сила 2; проигравшему нельзя делать двойной шаг в следующем раунде) · «Хитрость I: Подглядывание» (Хитрость, сила 0; посмотреть карту, затем забрать или обменять) · «Хитрость II: Потайная дверь» (Хитрость, сила 1; проход между любыми залами на исходном расстоянии не больше 3).
    Фаза III — Артефакты. Игрок, оставшийся в зале один, забирает лежащие там артефакты; кто с артефактом стоит в своей святыне, доставляет их, и в Центральном зале появляется новый. После последнего раунда (по умолчанию 30) побеждает тот, кто доставил больше, затем — у кого больше при себе.

## Термины
castle-card-devil = { $case ->
        [gen] «Сделки с дьяволом»
        [acc] «Сделку с дьяволом»
        [ins] «Сделкой с дьяволом»
       *[nom] «Сделка с дьяволом»
    }
castle-card-unfair = { $case ->
        [gen] «Нечестной сделки»
        [acc] «Нечестную сделку»
        [ins] «Нечестной сделкой»
       *[nom] «Нечестная сделка»
    }
castle-card-ahaha = «Ахаха, так это же карта))»
castle-card-second_wind = { $case ->
        [gen] «Второго дыхания»
        [ins] «Вторым дыханием»
       *[nom] «Второе дыхание»
    }
castle-card-platform = { $case ->
        [gen] «Платформы 9¾»
        [acc] «Платформу 9¾»
        [ins] «Платформой 9¾»
       *[nom] «Платформа 9¾»
    }
castle-card-passage = { $case ->
        [gen] «Тайного прохода»
        [ins] «Тайным проходом»
       *[nom] «Тайный проход»
    }
castle-skirmish-eject = «Толчок I: Выброс»
castle-skirmish-robbery = «Толчок II: Ограбление»
castle-skirmish-defence = «Удержание I: Оборона»
castle-skirmish-shackles = «Удержание II: Кандалы»
castle-skirmish-peek = «Хитрость I: Подглядывание»
castle-skirmish-secret_door = «Хитрость II: Потайная дверь»
castle-skirmish-card = { $card } ({ $type }, сила { $base })
castle-type-push = Толчок
castle-type-hold = Удержание
castle-type-trick = Хитрость
castle-event-reshuffle = «Перекрой замка»
castle-event-udun = «Гнев пламени Удуна»
castle-event-gambling = «Let's go gambling!»
castle-event-current = «Против течения»
castle-event-webs = «Шелковые сети Маффет»
castle-event-reshuffle-text = два случайных зала меняются игроками и артефактами.
castle-event-udun-text = случайный коридор рушится навсегда.
castle-event-gambling-text = все святыни сдвигаются по часовой стрелке.
castle-event-current-text = в этом раунде бонуса за приход нет; в стычке +1 получает тот, кто не двигался.
castle-event-webs-text = в этом раунде двойной шаг запрещён («Второе дыхание» не даёт второго шага, баррикады непроходимы).

## Картинка (её слова — в castle_picture.ftl)
castle-scene-title = { $title } — раунд { $round }: { $event }

## Лист заявки (Фаза I)
castle-sheet = 🏰 Раунд { $round } · { $event } · вы в зале { $hall } · ваши карты: { $hand }
    Ваша заявка:
    { $order }
    { $status }
castle-part-card = 🃏 Карта
castle-part-move = 👣 Ход
castle-order-card = 🃏 { $card }
castle-order-move = 👣 { $move }
castle-no-card = { $what ->
        [draw] без карты, взять карту
        [replace-action] без карты, заменить { $known ->
            [yes] { $card }
           *[other] карту действия
        }
        [replace-skirmish] без карты, заменить карту стычки: { $card }
       *[other] без карты
    }
castle-play-devil = { $card } → { $player }{ $gives ->
        [yes] , отдать: { $detail }
       *[other] {""}
    }
castle-play-unfair = { $card } → { $player }
castle-play-ahaha = { $card } → { $player }, { $count ->
        [one] позиция
       *[other] позиции
    } { $detail }
castle-play-second_wind = { $card }
castle-play-platform = { $card } на коридор { $detail }
castle-play-passage = { $card } { $detail }
castle-move-stay = остаться в зале { $hall }
castle-move-path = { $path }

castle-ask-card = Какую карту играете?{ $barred ->
        [yes] {" "}(В этом раунде карты играть нельзя — ничья в стычке.)
       *[other] {""}
    }
castle-ask-extra = Без карты: взять карту или заменить?
castle-ask-target = { $card }: какой игрок?
castle-ask-give = «Сделка с дьяволом»: какую свою карту отдаёте?
castle-ask-position-first = «Ахаха»: какую карту { NAME($player, case: "gen", fallback: "игрока") } смотрите первой (по позиции)?
castle-ask-position-second = «Ахаха»: какую карту { NAME($player, case: "gen", fallback: "игрока") } смотрите второй (по позиции)?
castle-ask-corridor-from = «Платформа 9¾»: один конец коридора?
castle-ask-corridor-from-ring = «Платформа 9¾»: один конец коридора — на каком кольце?
castle-ask-corridor-to = «Платформа 9¾»: коридор из { $hall } в…?
castle-ask-passage-from = «Тайный проход»: первый зал?
castle-ask-passage-from-ring = «Тайный проход»: первый зал — на каком кольце?
castle-ask-passage-to = «Тайный проход»: из { $hall } в…?
castle-ask-passage-to-ring = «Тайный проход»: из { $hall } в зал на каком кольце?
castle-ask-replace-action = Какую карту действия заменяете?
castle-ask-replace-skirmish = Какую карту стычки заменяете?
castle-ask-move = Вы в зале { $hall }. Куда идёте?{ $double ->
        [yes] {" "}(Двойной шаг: можно пройти второй коридор.)
       *[other] {""}
    }
castle-ask-move-second = Двойной шаг: остановиться в { $hall } или идти дальше?

castle-opt-hand-card = #{ $position } { $card }
castle-opt-no-card = Без карты
castle-opt-extra-nothing = Ничего
castle-opt-extra-draw = Взять карту действия
castle-opt-extra-replace-action = Заменить карту действия
castle-opt-extra-replace-skirmish = Заменить карту стычки
castle-opt-player = { $player_is_you ->
        [yes] Вы
       *[no] { $player }
    } ({ $cards ->
        [one] { $cards } карта
        [few] { $cards } карты
       *[many] { $cards } карт
    })
castle-opt-give-nothing = Ничего (других карт нет)
castle-opt-eject-two = { $player_is_you ->
        [yes] Вас
       *[no] { NAME($player, case: "acc", fallback: "Игрока") }
    } — на два зала
castle-opt-eject-none = Никого: все проигравшие — на один зал
castle-opt-position = Карта { $position }
castle-opt-hall = { $hall }
castle-opt-ring = { $ring ->
        [0] Центральный зал
        [1] Внутреннее кольцо
       *[other] Внешнее кольцо
    } ({ $count ->
        [one] { $count } зал
        [few] { $count } зала
       *[many] { $count } залов
    })
castle-opt-skirmish-card = #{ $position } { $card } ({ $type }, сила { $base })
castle-opt-stay = Остаться в { $hall }
castle-opt-go = Идти в { $hall }
castle-opt-stop = Остановиться в { $hall }
castle-opt-keep-both = Оставить обе
castle-opt-discard = Сбросить: { $card } (позиция { $position })
castle-opt-peek-take = Забрать случайную карту у { NAME($player, case: "gen", fallback: "игрока") }
castle-opt-peek-swap = Обменять свою случайную карту на случайную карту { NAME($player, case: "gen", fallback: "игрока") }

## Стычка и выбор победителя
castle-ask-skirmish = ⚔ Стычка в зале { $hall }. Карты стычки противников:
    { $players }
    Какую карту стычки играете?
castle-opponent = { $player_is_you ->
        [yes] Вы
       *[no] { $player }
    }: { $row }
castle-ask-ahaha = «Ахаха»: вы видите карты { NAME($target, case: "gen", fallback: "игрока") }: { $cards }. Сбросить одну или оставить обе?
castle-ask-peek-take = Подглядывание: у { NAME($target, case: "gen", fallback: "игрока") } есть карта { $card }. Забрать у него случайную карту или обменяться с ним случайными картами?
castle-choice-sheet = 🏆 Победа в стычке в зале { $hall } (ваша карта: { $card }), проигравшие: { $losers }.
    Ваш выбор:
    { $order }
    { $status }
castle-choice-part-expel = 🚪 Куда изгнать проигравших
castle-choice-part-effect = ✨ Эффект победы
castle-choice-expel = 🚪 { $moves }
castle-choice-effect = ✨ { $effect }
castle-expel-line = { $player_is_you ->
        [yes] Вы
       *[no] { $player }
    }: { $path }
castle-expel-stays = { $player_is_you ->
        [yes] Вы остаётесь
       *[no] { $player } остаётся
    } в { $hall } (открытых коридоров нет)
castle-effect-robbery = Ограбление: { $player }
castle-effect-shackles = Кандалы: { $player }
castle-effect-peek = Подглядывание: { $player }, карта { $position }
castle-effect-defence = блокировка { $a }–{ $b }
castle-effect-secret_door = Потайная дверь { $a }–{ $b }
castle-effect-none = —
castle-ask-eject = Выброс: кого из проигравших отправить на два зала — или никого, и все проигравшие уйдут на один зал?
castle-ask-eject-first = Выброс: куда сначала отправить { NAME($player, case: "acc", fallback: "игрока") }?
castle-ask-eject-second = Выброс: куда дальше из { $hall } отправить { NAME($player, case: "acc", fallback: "игрока") }?
castle-ask-expel = Куда изгнать { NAME($player, case: "acc", fallback: "игрока") } из зала { $hall }?
castle-ask-robbery = Ограбление: у кого забрать случайную карту действия?
castle-ask-shackles = Кандалы: кто не сможет сделать двойной шаг в следующем раунде?
castle-ask-peek = Подглядывание: чью карту смотрите?
castle-ask-peek-position = Подглядывание: какая карта { NAME($player, case: "gen", fallback: "игрока") } (позиция)?
castle-ask-lock-from = Оборона: один конец коридора для блокировки?
castle-ask-lock-from-ring = Оборона: один конец коридора для блокировки — на каком кольце?
castle-ask-lock-to = Оборона: блокировать коридор из { $hall } в…?
castle-ask-door-from = Потайная дверь: первый зал?
castle-ask-door-from-ring = Потайная дверь: первый зал — на каком кольце?
castle-ask-door-to = Потайная дверь: из { $hall } в…?
castle-ask-door-to-ring = Потайная дверь: из { $hall } в зал на каком кольце?

## События: подготовка и Фаза I
castle-start = 🏰 Заброшенный Замок Междумирья открыт. Игроки: { $players }. Святыни: { $shrines }. Побеждает тот, кто первым доставит { $goal ->
        [one] { $goal } артефакт
        [few] { $goal } артефакта
       *[many] { $goal } артефактов
    }. Первый игрок: { $first }. Поле: { $board }.
castle-shrine-line = { $player_is_you ->
        [yes] ваша
       *[no] { NAME($player, case: "gen", fallback: "игрока") }
    } — { $hall }
castle-your-hand = 🃏 Ваши карты действий: { $hand }
castle-round = ━━ Раунд { $round } ━━ первый игрок: { $first }
castle-event = 📜 Событие: { $event } — { $text }
castle-reshuffled = 🔀 Залы { $a } и { $b } меняются содержимым.
castle-corridor-removed = 🔥 Коридор { $corridor } рушится навсегда.
castle-corridor-kept = 🔥 Ни один коридор не может рухнуть, не расколов Замок: ничего не происходит.
castle-shrines-moved = 🎰 Святыни сдвигаются: { $shrines }.

## События: Фаза II
castle-reveal = 📜 Заявки раунда { $round }:
    { $orders }
castle-reveal-line = { $player_is_you ->
        [yes] Ваша заявка
       *[no] { $player }
    }: { $card }; { $move }
castle-card-lost = ✖ { $player_is_you ->
        [yes] Ваша карта { $card } ушла из руки и не срабатывает.
       *[no] { $player }: { $card } — карта ушла из руки и не срабатывает.
    }
castle-drew = 🃏 Вы берёте карту { $card }. Ваши карты: { $hand }
castle-devil = 😈 { $player_is_you ->
        [yes] Вы играете
       *[no] { $player } играет
    } «Сделку с дьяволом» против { NAME($target, case: "gen", fallback: "игрока") }: забрана случайная карта{ $gave ->
        [yes] , одна отдана взамен
       *[other] , взамен ничего
    }.
castle-devil-empty = 😈 { $player_is_you ->
        [yes] Вы играете
       *[no] { $player } играет
    } «Сделку с дьяволом» против { NAME($target, case: "gen", fallback: "игрока") }, но { $target_is_you ->
        [yes] у вас
       *[no] у { NAME($target, case: "gen", fallback: "этого игрока") }
    } нет карт.
castle-devil-private = 😈 Сделка с { NAME($target, case: "ins", fallback: "игроком") }: вы забираете { NAME($took, case: "acc") }{ $given ->
        [yes] {" "}и отдаёте { NAME($gave, case: "acc") }
       *[other] {""}
    }.
castle-devil-victim = 😈 { $player }: «Сделка с дьяволом» — у вас забирают { NAME($took, case: "acc") }{ $given ->
        [yes] {" "}и отдают вам { NAME($gave, case: "acc") }
       *[other] {""}
    }.
castle-platform = 🚧 { $player_is_you ->
        [yes] Вы играете
       *[no] { $player } играет
    } «Платформу 9¾»: баррикада на коридоре { $corridor } до конца раунда { $until }.
castle-platform-gone = 🚧 { $player_is_you ->
        [yes] Ваша
       *[no] { $player }:
    } «Платформа 9¾» — коридора { $corridor } больше нет, ничего не происходит.
castle-passage = 🕳 { $player_is_you ->
        [yes] Вы играете
       *[no] { $player } играет
    } «Тайный проход»: между { $a } и { $b } открыт тайный проход.
castle-passage-none = 🕳 { $player_is_you ->
        [yes] Ваш «Тайный проход»
       *[no] «Тайный проход» { NAME($player, case: "gen", fallback: "игрока") }
    } не открывается: { $a } и { $b } уже соединены.
castle-second-wind = 💨 { $player_is_you ->
        [yes] Вы играете
       *[no] { $player } играет
    } «Второе дыхание»{ $usable ->
        [yes] {" "}— двойной шаг в этом раунде.
       *[other] {" "}— но двойной шаг в этом раунде запрещён.
    }
castle-ahaha = 🤡 «Ахаха»: { $player_is_you ->
        [yes] вы смотрите
       *[no] { $player } смотрит
    } { $count ->
        [0] карты
        [one] { $count } карту
        [few] { $count } карты
       *[many] { $count } карт
    } { $target_is_you ->
        [yes] из вашей руки
       *[no] { NAME($target, case: "gen", fallback: "игрока") }
    }.
castle-ahaha-seen = 🤡 Карты { NAME($target, case: "gen", fallback: "игрока") }: { $cards }.
castle-ahaha-discard = 🤡 { $player_is_you ->
        [yes] Вы сбрасываете
       *[no] { $player } сбрасывает
    } одну карту { $target_is_you ->
        [yes] из вашей руки
       *[no] { NAME($target, case: "gen", fallback: "игрока") }
    }.
castle-ahaha-keep = 🤡 { $player_is_you ->
        [yes] Вы оставляете
       *[no] { $player } оставляет
    } карты { $target_is_you ->
        [yes] в вашей руке
       *[no] { NAME($target, case: "gen", fallback: "игрока") }
    } как есть.
castle-ahaha-lost = 🤡 «Ахаха» от { NAME($player, case: "gen", fallback: "игрока") }: ваша карта { $card } уходит в сброс.
castle-unfair = 🔄 «Нечестная сделка»: { $player_is_you ->
        [yes] вы меняетесь
       *[no] { $player } меняется
    } руками с { NAME($target, case: "ins", fallback: "игроком") }.
castle-hand-now = 🃏 Теперь ваши карты действий: { $hand }
castle-extra-draw = 🃏 { $player_is_you ->
        [yes] { $drew ->
            [yes] Вы берёте карту действия.
           *[other] Вам нечего брать.
        }
       *[no] { $drew ->
            [yes] { $player } берёт карту действия.
           *[other] { NAME($player, case: "dat", fallback: "Игроку") } нечего брать.
        }
    }
castle-extra-missing = 🃏 { $player_is_you ->
        [yes] Карты, заявленной вами на замену, уже нет.
       *[no] У { NAME($player, case: "gen", fallback: "игрока") } уже нет карты, заявленной на замену.
    }
castle-extra-replace-action = 🃏 { $player_is_you ->
        [yes] Вы заменяете
       *[no] { $player } заменяет
    } карту действия.
castle-replaced = 🃏 Замена: { $old }{ $drew ->
        [yes] {" "}→ { $new }
       *[other] {""}
    }. Ваши карты: { $hand }
castle-extra-replace-skirmish = 🃏 { $player_is_you ->
        [yes] Вы заменяете
       *[no] { $player } заменяет
    } карту стычки: { $old } → { $new }.
castle-movement = 👣 Движение:
    { $moves }
castle-walk = { $player_is_you ->
        [yes] Вы
       *[no] { $player }
    }: { $path }
castle-blocked-removed = { $player_is_you ->
        [yes] Вы
       *[no] { $player }
    }: коридора { $corridor } нет, остановка в зале { $hall }
castle-blocked-locked = { $player_is_you ->
        [yes] Вы
       *[no] { $player }
    }: на коридоре { $corridor } блокировка, остановка в зале { $hall }
castle-blocked-barricade = { $player_is_you ->
        [yes] Вы
       *[no] { $player }
    }: баррикада на коридоре { $corridor }, остановка в зале { $hall }

## События: Стычки
castle-skirmishes = ⚔ Стычка!
    { $fights }
castle-skirmish-hall = { $hall }: { $players }
castle-skirmish-chosen = ⚔ Ваша карта стычки: { $card }.
castle-skirmish-reveal = ⚔ Стычка в зале { $hall }:
    { $rows }
castle-influence-line = { $player_is_you ->
        [yes] Вы
       *[no] { $player }
    }: { $card } — сила { $base } + тип { $bonus } + { $current ->
        [yes] на месте
       *[no] приход
    } { $arrival } = { $total }
castle-skirmish-winner = 🏆 { $player_is_you ->
        [yes] Вы побеждаете
       *[no] { $player } побеждает
    } в стычке в зале { $hall } (карта: { $card }).
castle-dropped = 💎 { $player_is_you ->
        [yes] Вы роняете
       *[no] { $player } роняет
    } { $count ->
        [one] артефакт
       *[other] артефакты ({ $count })
    } в зале { $hall }.
castle-skirmish-tie = ⚖ Ничья в зале { $hall }: { $players } — { $players_has_you ->
        [yes] вас
       *[no] их
    } разбрасывает{ $artifact ->
        [yes] , артефакт остаётся, и в этом раунде его никто не берёт
       *[other] {""}
    }; { $has_below ->
        [yes] без карт в следующем раунде: { $below }.
       *[other] ниже ничьей никого.
    }
    { $thrown }
castle-thrown = { $player_is_you ->
        [yes] Вы
       *[no] { $player }
    } → { $hall }
castle-thrown-stays = { $player_is_you ->
        [yes] Вы остаётесь
       *[no] { $player } остаётся
    } в { $hall }: открытых коридоров нет
castle-expelled = 🚪 Изгнаны:
    { $moves }
castle-robbery = 💰 Ограбление: { $player_is_you ->
        [yes] вы забираете
       *[no] { $player } забирает
    } случайную карту действия { $target_is_you ->
        [yes] у вас
       *[no] у { NAME($target, case: "gen", fallback: "игрока") }
    }.
castle-robbery-private = 💰 Ограбление: вы забираете у { NAME($target, case: "gen", fallback: "игрока") } карту { $card }.
castle-robbed = 💰 Ограбление: { $player } забирает у вас карту { $card }.
castle-shackles = ⛓ Кандалы: { $target_is_you ->
        [yes] в следующем раунде вам нельзя делать двойной шаг
       *[no] в следующем раунде { $target } не может делать двойной шаг
    } ({ $player_is_you ->
        [yes] их надеваете вы
       *[no] их надевает { $player }
    }).
castle-defence = 🛡 Оборона: { $player_is_you ->
        [yes] вы блокируете
       *[no] { $player } блокирует
    } коридор { $corridor } на раунд { $round }.
castle-secret-door = 🚪 { $player_is_you ->
        [yes] Вы открываете
       *[no] { $player } открывает
    } Потайную дверь между { $a } и { $b }.
castle-peek = 👀 Подглядывание: { $player_is_you ->
        [yes] вы смотрите
       *[no] { $player } смотрит
    } { $target_is_you ->
        [yes] вашу карту
       *[no] карту { NAME($target, case: "gen", fallback: "игрока") }
    }.
castle-peek-seen = 👀 Карта { $position } { NAME($target, case: "gen", fallback: "игрока") }: { $card }.
castle-peek-done = 👀 { $player_is_you ->
        [yes] Вы { $swap ->
            [yes] меняетесь случайной картой с { NAME($target, case: "ins", fallback: "игроком") }.
           *[other] забираете случайную карту у { NAME($target, case: "gen", fallback: "игрока") }.
        }
       *[no] { $player } { $swap ->
            [yes] меняется случайной картой с { NAME($target, case: "ins", fallback: "игроком") }.
           *[other] забирает случайную карту у { NAME($target, case: "gen", fallback: "игрока") }.
        }
    }
castle-peek-private = 👀 Подглядывание: вы забираете у { NAME($target, case: "gen", fallback: "игрока") } { NAME($took, case: "acc") }{ $swap ->
        [yes] {" "}и отдаёте { NAME($gave, case: "acc") }
       *[other] {""}
    }. Ваши карты: { $hand }
castle-peek-victim = 👀 Подглядывание: { $player } забирает у вас { NAME($took, case: "acc") }{ $swap ->
        [yes] {" "}и отдаёт вам { NAME($gave, case: "acc") }
       *[other] {""}
    }. Ваши карты: { $hand }

## События: Фаза III и конец
castle-picked-up = 💎 { $player_is_you ->
        [yes] Вы подбираете
       *[no] { $player } подбирает
    } { $count ->
        [one] артефакт
        [few] { $count } артефакта
       *[other] { $count } артефактов
    } в зале { $hall }.
castle-delivered = 🏛 { $player_is_you ->
        [yes] Вы доставляете
       *[no] { $player } доставляет
    } в святыню { $count ->
        [one] артефакт
        [few] { $count } артефакта
       *[other] { $count } артефактов
    } — { $total } из { $goal }.
castle-new-artifact = ✨ В Центральном зале появляется новый артефакт.
castle-standings = 📊 Итоговая таблица{ $why ->
        [rounds] { " " }(по доставленным артефактам; при равенстве выше тот, у кого больше при себе):
       *[goal] { " " }(по доставленным артефактам):
    }
castle-standings-row = { $place }. { $player_is_you ->
        [yes] Вы
       *[no] { $player }
    } — доставлено: { $delivered }{ $why ->
        [rounds] , при себе: { $carried }
       *[goal] {""}
    }
castle-standings-tiebreak = Поровну доставлено ({ $delivered }): { $players }; места решило число артефактов при себе.
castle-over-goal = 🏆 Игра окончена в раунде { $round }! { $count ->
        [one] Победитель
       *[other] Общая победа
    }: { $players }.
castle-over-rounds = ⌛ Последний раунд ({ $round }) сыгран. { $count ->
        [one] Победитель
       *[other] Общая победа
    }: { $players }.

## Состояние
castle-status = 🏰 Раунд { $round } из { $max } · событие: { $event } · первый игрок: { $first } · цель: { $goal ->
        [one] { $goal } артефакт
        [few] { $goal } артефакта
       *[many] { $goal } артефактов
    }
castle-status-player = { $player_is_you ->
        [yes] Вы
       *[no] { $player }
    }: зал { $hall }, святыня { $shrine }; карт в руке: { $cards }; стычка: { $row }; при себе: { $carried }, доставлено: { $delivered }{ $barred ->
        [yes] {" "}· без карт в этом раунде
       *[other] {""}
    }{ $shackled ->
        [yes] {" "}· в Кандалах
       *[other] {""}
    }
castle-status-board = Артефакты: { $floor } · маркеры: { $markers } · обрушены: { $removed } · проходы: { $passages }
castle-status-hand = 🃏 Ваши карты действий: { $hand }
castle-floor-line = { $hall } ×{ $count }
castle-lock-line = ⛔ { $corridor } (раунд { $until })
castle-barricade-line = 🚧 { $corridor } (до раунда { $until })

## Отказы
castle-refuse-playing-it = Эту карту вы разыгрываете.
castle-refuse-barred = В этом раунде вы не можете играть карты (ничья в стычке в прошлом раунде).
castle-refuse-barricade = Коридор { $from }–{ $to } перекрыт баррикадой: нужен двойной шаг (сыграйте «Второе дыхание»).
castle-refuse-locked = На коридоре { $from }–{ $to } в этом раунде блокировка.
castle-refuse-no-corridor = Из { $from } в { $to } коридора нет.
castle-refuse-no-double-step = Два коридора — только двойным шагом: сыграйте «Второе дыхание» (и без «Шелковых сетей Маффет» или «Кандалов»).
castle-refuse-empty-hand = У вас нет карт действий.
castle-refuse-hand-full = Рука полна ({ $limit } карты): брать нельзя.
castle-refuse-no-cards = { $player_is_you ->
        [yes] У вас нет карт действий.
       *[no] У { NAME($player, case: "gen", fallback: "игрока") } нет карт действий.
    }
castle-refuse-no-skirmish-card = У вас нет карты стычки на позиции { $position }.
castle-refuse-not-in-hand = На позиции { $position } у вас нет карты (карт в руке: { $cards }).
castle-refuse-passage-far = { $a } и { $b } дальше 3 коридоров друг от друга на исходном поле.
castle-refuse-passage-joined = { $a } и { $b } уже соединены.
castle-refuse-passage-none = Из { $hall } тайный проход провести нельзя.
castle-refuse-passage-rings = «Тайный проход» соединяет только залы на соседних кольцах ({ $a } и { $b } не такие).
castle-refuse-platform-removed = Коридор { $a }–{ $b } обрушен: «Платформе 9¾» нужен существующий коридор.
castle-refuse-same-hall = Выберите два разных зала.
castle-refuse-self = Выберите другого игрока, не себя.
castle-refuse-unknown-hall = Такого зала нет.
castle-refuse-eject-back = Выброс: путь должен закончиться не в зале { $hall }.
castle-refuse-eject-pick = Выброс: сначала выберите проигравшего, которого отправить на два зала, или «Никого», чтобы изгнать всех проигравших на один зал.
castle-refuse-not-loser = { $player_is_you ->
        [yes] Вы не среди проигравших в этой стычке.
       *[no] { $player } не среди проигравших в этой стычке.
    }
castle-refuse-expel-barricade = Коридор { $from }–{ $to } перекрыт баррикадой: через него никого не изгнать.
