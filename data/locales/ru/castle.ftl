## Заброшенный Замок Междумирья. Игроков называет рендерер; позиции карт в руке считаются с 1.

castle-title = Заброшенный Замок Междумирья
castle-rules =
    🏰 Заброшенный Замок Междумирья — 3 или 4 злодея наперегонки бегут по меняющемуся Замку. Побеждает тот, кто первым доставит в свою святыню 3 артефакта (домашнее правило).
    Подготовка: все стоят в своих святынях, у каждого 2 карты действий (в закрытую) и 2 карты стычки (в открытую). Один Артефакт лежит в Центральном зале. Первый игрок выбирается случайно и каждый раунд передаёт ход следующему.
    Фаза I — Событие и заявки. Открывается карта замка: Перекрой замка (два случайных зала меняются игроками и артефактами), Гнев пламени Удуна (один коридор рушится навсегда), Let's go gambling! (все святыни сдвигаются по часовой стрелке), Против течения (бонуса за приход нет; кто не двигался, получает +1 в Стычке), Шелковые сети Маффет (в этом раунде DoubleStep нельзя). Затем все тайно пишут заявку: одна карта действия с параметрами или без карты (тогда можно взять карту или заменить карту действия либо карту стычки); и ход: остаться, пройти один коридор или два с DoubleStep.
    Фаза II — Карты, затем движение. Карты срабатывают по приоритету: Сделка с дьяволом → Платформа 9¾ → Тайный проход → Второе дыхание → «Ахаха, это карта))» → Нечестная сделка (одинаковые карты — по порядку мест от первого игрока). Карта, ушедшая из руки владельца, не срабатывает. Сработавшая карта идёт в сброс, владелец берёт новую (в руке не больше 3). Потом все ходят одновременно; Блокировка на коридоре не пускает, Баррикаду проходят только с DoubleStep.
    Карты действий: Сделка с дьяволом (забрать случайную карту игрока и отдать ему свою) · Нечестная сделка (обменяться руками целиком) · «Ахаха, это карта))» (посмотреть две карты игрока и, если хочется, сбросить одну) · Второе дыхание (DoubleStep: два коридора, можно через Баррикаду) · Платформа 9¾ (Баррикада на этот раунд и следующий) · Тайный проход (новый коридор между соседними кольцами, исходное расстояние не больше 3).
    Стычка: в каждом зале, где двое и больше игроков, каждый тайно выбирает одну из двух своих карт стычки. Influence = Base + TypeBonus (Удержание бьёт Толчок, Толчок бьёт Хитрость, Хитрость бьёт Удержание: +1 за каждую побитую карту) + ArrivalBonus (+1, если вы пришли в этом раунде). Единственный лидер побеждает, применяет Win-эффект своей карты и изгоняет проигравших в соседние залы (проигравшие роняют артефакты). При ничьей лидеров разбрасывает по случайным соседним залам, Артефакт остаётся, а те, кто ниже, не играют карты в следующем раунде.
    Карты стычки: Толчок I: Выброс (проигравший летит на два зала) · Толчок II: Ограбление (забрать случайную карту действия) · Удержание I: Оборона (блокировка коридора в следующем раунде) · Удержание II: Кандалы (проигравшему нельзя DoubleStep в следующем раунде) · Хитрость I: Подглядывание (посмотреть карту, затем забрать или обменять) · Хитрость II: Потайная дверь (проход между любыми залами на исходном расстоянии не больше 3).
    Фаза III — Артефакты. Игрок, оставшийся в зале один, забирает лежащие там артефакты; кто с артефактом стоит в своей святыне, доставляет их, и в Центральном зале появляется новый. После последнего раунда (по умолчанию 30) побеждает тот, кто доставил больше, затем — у кого больше при себе.

## Термины
castle-card-devil = Сделка с дьяволом
castle-card-unfair = Нечестная сделка
castle-card-ahaha = «Ахаха, это карта))»
castle-card-second_wind = Второе дыхание
castle-card-platform = Платформа 9¾
castle-card-passage = Тайный проход
castle-skirmish-eject = Толчок I: Выброс
castle-skirmish-robbery = Толчок II: Ограбление
castle-skirmish-defence = Удержание I: Оборона
castle-skirmish-shackles = Удержание II: Кандалы
castle-skirmish-peek = Хитрость I: Подглядывание
castle-skirmish-secret_door = Хитрость II: Потайная дверь
castle-type-push = Толчок
castle-type-hold = Удержание
castle-type-trick = Хитрость
castle-event-reshuffle = Перекрой замка
castle-event-udun = Гнев пламени Удуна
castle-event-gambling = Let's go gambling!
castle-event-current = Против течения
castle-event-webs = Шелковые сети Маффет
castle-event-reshuffle-text = два случайных зала меняются игроками и артефактами.
castle-event-udun-text = случайный коридор рушится навсегда.
castle-event-gambling-text = все святыни сдвигаются по часовой стрелке.
castle-event-current-text = в этом раунде бонуса за приход нет; в Стычке +1 получает тот, кто не двигался.
castle-event-webs-text = в этом раунде DoubleStep нельзя (Второе дыхание не даёт второго шага, Баррикады непроходимы).

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
castle-play-ahaha = { $card } → { $player }, позиции { $detail }
castle-play-second_wind = { $card }
castle-play-platform = { $card } на коридор { $detail }
castle-play-passage = { $card } { $detail }
castle-move-stay = остаться в зале { $hall }
castle-move-path = { $path }

castle-ask-card = Какую карту играете?{ $barred ->
        [yes] {" "}(В этом раунде карты играть нельзя — ничья в Стычке.)
       *[other] {""}
    }
castle-ask-extra = Без карты: взять карту или заменить?
castle-ask-target = { $card }: какой игрок?
castle-ask-give = Сделка с дьяволом: какую свою карту отдаёте?
castle-ask-position-first = «Ахаха»: первая карта игрока { $player } (позиция)?
castle-ask-position-second = «Ахаха»: вторая карта игрока { $player } (позиция)?
castle-ask-corridor-from = Платформа 9¾: один конец коридора?
castle-ask-corridor-from-ring = Платформа 9¾: один конец коридора — на каком кольце?
castle-ask-corridor-to = Платформа 9¾: коридор из { $hall } в…?
castle-ask-passage-from = Тайный проход: первый зал?
castle-ask-passage-from-ring = Тайный проход: первый зал — на каком кольце?
castle-ask-passage-to = Тайный проход: из { $hall } в…?
castle-ask-passage-to-ring = Тайный проход: из { $hall } в зал на каком кольце?
castle-ask-replace-action = Какую карту действия заменяете?
castle-ask-replace-skirmish = Какую карту стычки заменяете?
castle-ask-move = Вы в зале { $hall }. Куда идёте?{ $double ->
        [yes] {" "}(DoubleStep: можно пройти второй коридор.)
       *[other] {""}
    }
castle-ask-move-second = DoubleStep: остановиться в { $hall } или идти дальше?

castle-opt-hand-card = #{ $position } { $card }
castle-opt-no-card = Без карты
castle-opt-extra-nothing = Ничего
castle-opt-extra-draw = Взять карту действия
castle-opt-extra-replace-action = Заменить карту действия
castle-opt-extra-replace-skirmish = Заменить карту стычки
castle-opt-player = { $player } ({ $cards ->
        [one] { $cards } карта
        [few] { $cards } карты
       *[many] { $cards } карт
    })
castle-opt-give-nothing = Ничего (других карт нет)
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
castle-opt-skirmish-card = #{ $position } { $card } ({ $type }, Base { $base })
castle-opt-stay = Остаться в { $hall }
castle-opt-go = Идти в { $hall }
castle-opt-stop = Остановиться в { $hall }
castle-opt-keep-both = Оставить обе
castle-opt-discard = Сбросить: { $card } (позиция { $position })
castle-opt-peek-take = Забрать случайную карту у игрока { $player }
castle-opt-peek-swap = Обменять свою случайную карту на случайную карту игрока { $player }

## Стычка и выбор победителя
castle-ask-skirmish = ⚔ Стычка в зале { $hall }, противники: { $players }. Какую карту стычки играете?
castle-opponent = { $player } ({ $row })
castle-ask-ahaha = «Ахаха»: вы видите карты игрока { $target }: { $cards }. Сбросить одну или оставить обе?
castle-ask-peek-take = Подглядывание: у игрока { $target } есть карта { $card }. Забрать случайную карту этого игрока или обменяться одной случайной картой?
castle-choice-sheet = 🏆 Победа в Стычке в зале { $hall } (ваша карта: { $card }), проигравшие: { $losers }.
    Ваш выбор:
    { $order }
    { $status }
castle-choice-part-expel = 🚪 Куда изгнать проигравших
castle-choice-part-effect = ✨ Win-эффект
castle-choice-expel = 🚪 { $moves }
castle-choice-effect = ✨ { $effect }
castle-expel-line = { $player }: { $path }
castle-expel-stays = { $player }: остаётся в { $hall } (открытых коридоров нет)
castle-effect-robbery = Ограбление: { $player }
castle-effect-shackles = Кандалы: { $player }
castle-effect-peek = Подглядывание: { $player }, карта { $position }
castle-effect-defence = блокировка { $a }–{ $b }
castle-effect-secret_door = Потайная дверь { $a }–{ $b }
castle-effect-none = —
castle-ask-eject = Выброс: кого из проигравших отправить на два зала?
castle-ask-eject-first = Выброс: { $player } — сначала в…?
castle-ask-eject-second = Выброс: { $player } — из { $hall } дальше в…?
castle-ask-expel = Куда изгнать игрока { $player } из зала { $hall }?
castle-ask-robbery = Ограбление: у кого забрать случайную карту действия?
castle-ask-shackles = Кандалы: кто теряет DoubleStep в следующем раунде?
castle-ask-peek = Подглядывание: чью карту смотрите?
castle-ask-peek-position = Подглядывание: какая карта игрока { $player } (позиция)?
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
castle-shrine-line = { $player }: { $hall }
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
castle-reveal-line = { $player }: { $card }; { $move }
castle-card-lost = ✖ { $player }: { $card } — карта ушла из руки и не срабатывает.
castle-drew = 🃏 Вы берёте карту: { $card }. Ваши карты: { $hand }
castle-devil = 😈 { $player } — Сделка с дьяволом, цель { $target }: забрана случайная карта{ $gave ->
        [yes] , одна отдана взамен
       *[other] , взамен ничего
    }.
castle-devil-empty = 😈 { $player } — Сделка с дьяволом, цель { $target }: у цели нет карт.
castle-devil-private = 😈 Сделка с игроком { $target }: вы забираете { $took }{ $given ->
        [yes] {" "}и отдаёте { $gave }
       *[other] {""}
    }.
castle-devil-victim = 😈 { $player }: Сделка с дьяволом — у вас забирают { $took }{ $given ->
        [yes] {" "}и отдают вам { $gave }
       *[other] {""}
    }.
castle-platform = 🚧 { $player }: Платформа 9¾ — Баррикада на { $corridor } до конца раунда { $until }.
castle-platform-gone = 🚧 { $player }: Платформа 9¾ — коридора { $corridor } больше нет, ничего не происходит.
castle-passage = 🕳 { $player }: Тайный проход между { $a } и { $b } открыт.
castle-passage-none = 🕳 { $player }: { $a } и { $b } уже соединены, проход не открывается.
castle-second-wind = 💨 { $player }: Второе дыхание{ $usable ->
        [yes] {" "}— DoubleStep в этом раунде.
       *[other] {" "}— но DoubleStep в этом раунде нельзя.
    }
castle-ahaha = 🤡 { $player }: «Ахаха» — смотрит { $count ->
        [0] карты
        [one] { $count } карту
        [few] { $count } карты
       *[many] { $count } карт
    } игрока { $target }.
castle-ahaha-seen = 🤡 Карты игрока { $target }: { $cards }.
castle-ahaha-discard = 🤡 { $player }: одна карта игрока { $target } уходит в сброс.
castle-ahaha-keep = 🤡 { $player }: карты игрока { $target } остаются.
castle-ahaha-lost = 🤡 { $player }: «Ахаха» — ваша карта уходит в сброс: { $card }.
castle-unfair = 🔄 { $player }: Нечестная сделка — обмен руками с игроком { $target }.
castle-hand-now = 🃏 Теперь ваши карты действий: { $hand }
castle-extra-draw = 🃏 { $player }: { $drew ->
        [yes] берёт карту действия.
       *[other] брать нечего.
    }
castle-extra-missing = 🃏 { $player }: заменяемой карты уже нет.
castle-extra-replace-action = 🃏 { $player }: заменяет карту действия.
castle-replaced = 🃏 Замена: { $old }{ $drew ->
        [yes] {" "}→ { $new }
       *[other] {""}
    }. Ваши карты: { $hand }
castle-extra-replace-skirmish = 🃏 { $player }: замена карты стычки — { $old } → { $new }.
castle-movement = 👣 Движение:
    { $moves }
castle-walk = { $player }: { $path }
castle-blocked-removed = { $player }: коридора { $hall }–{ $to } нет, остановка в { $hall }
castle-blocked-locked = { $player }: на коридоре { $hall }–{ $to } блокировка, остановка в { $hall }
castle-blocked-barricade = { $player }: Баррикада на { $hall }–{ $to }, остановка в { $hall }

## События: Стычки
castle-skirmishes = ⚔ Стычка!
    { $fights }
castle-skirmish-hall = { $hall }: { $players }
castle-skirmish-chosen = ⚔ Ваша карта стычки: { $card }.
castle-skirmish-reveal = ⚔ Стычка в зале { $hall }:
    { $rows }
castle-influence-line = { $player }: { $card } — { $base } + { $bonus } + { $arrival } = { $total }
castle-skirmish-winner = 🏆 { $player }: победа в Стычке в зале { $hall } (карта: { $card }).
castle-dropped = 💎 { $player }: роняет { $count ->
        [one] Артефакт
       *[other] артефакты ({ $count })
    } в зале { $hall }.
castle-skirmish-tie = ⚖ Ничья в зале { $hall }: { $players } — их разбрасывает{ $artifact ->
        [yes] , Артефакт остаётся, и в этом раунде его никто не берёт
       *[other] {""}
    }; { $has_below ->
        [yes] без карт в следующем раунде: { $below }.
       *[other] ниже ничьей никого.
    }
    { $thrown }
castle-thrown = { $player } → { $hall }
castle-thrown-stays = { $player }: открытых коридоров нет, остаётся в { $hall }
castle-expelled = 🚪 Изгнаны:
    { $moves }
castle-robbery = 💰 { $player }: Ограбление — случайная карта действия игрока { $target } забрана.
castle-robbery-private = 💰 Ограбление: у игрока { $target } вы забираете карту: { $card }.
castle-robbed = 💰 { $player }: Ограбление — у вас забирают карту: { $card }.
castle-shackles = ⛓ { $player }: Кандалы — { $target } не может использовать DoubleStep в следующем раунде.
castle-defence = 🔒 { $player }: Оборона — блокировка { $corridor } в раунде { $round }.
castle-secret-door = 🚪 { $player }: Потайная дверь между { $a } и { $b } открыта.
castle-peek = 👀 { $player }: Подглядывание в карты игрока { $target }.
castle-peek-seen = 👀 Карта { $position } игрока { $target }: { $card }.
castle-peek-done = 👀 { $player }: { $swap ->
        [yes] обмен случайной картой с игроком { $target }.
       *[other] случайная карта игрока { $target } забрана.
    }
castle-peek-private = 👀 Подглядывание: у игрока { $target } вы забираете { $took }{ $swap ->
        [yes] {" "}и отдаёте { $gave }
       *[other] {""}
    }. Ваши карты: { $hand }
castle-peek-victim = 👀 { $player }: Подглядывание — у вас забирают { $took }{ $swap ->
        [yes] {" "}и отдают вам { $gave }
       *[other] {""}
    }. Ваши карты: { $hand }

## События: Фаза III и конец
castle-picked-up = 💎 { $player }: { $count ->
        [one] Артефакт подобран
       *[other] подобрано артефактов: { $count }
    } в зале { $hall }.
castle-delivered = 🏛 { $player }: в святыню { $count ->
        [one] доставлен Артефакт
       *[other] доставлено артефактов: { $count }
    } — { $total } из { $goal }.
castle-new-artifact = ✨ В Центральном зале появляется новый Артефакт.
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
castle-status-player = { $player }: зал { $hall }, святыня { $shrine }; карт в руке: { $cards }; стычка: { $row }; при себе: { $carried }, доставлено: { $delivered }{ $barred ->
        [yes] {" "}· без карт в этом раунде
       *[other] {""}
    }{ $shackled ->
        [yes] {" "}· в Кандалах
       *[other] {""}
    }
castle-status-board = Артефакты: { $floor } · маркеры: { $markers } · обрушены: { $removed } · проходы: { $passages }
castle-status-hand = 🃏 Ваши карты действий: { $hand }
castle-floor-line = { $hall } ×{ $count }
castle-lock-line = 🔒 { $corridor } (раунд { $until })
castle-barricade-line = 🚧 { $corridor } (до раунда { $until })

## Отказы
castle-refuse-barred = В этом раунде вы не можете играть карты (ничья в Стычке в прошлом раунде).
castle-refuse-barricade = Коридор { $from }–{ $to } перекрыт Баррикадой: нужен DoubleStep (сыграйте Второе дыхание).
castle-refuse-locked = На коридоре { $from }–{ $to } в этом раунде блокировка.
castle-refuse-no-corridor = Из { $from } в { $to } коридора нет.
castle-refuse-no-double-step = Два коридора — только с DoubleStep: сыграйте Второе дыхание (и без Сетей Маффет или Кандалов).
castle-refuse-empty-hand = У вас нет карт действий.
castle-refuse-hand-full = Рука полна ({ $limit } карты): брать нельзя.
castle-refuse-no-cards = { $player }: карт действий нет.
castle-refuse-no-skirmish-card = У вас нет карты стычки на позиции { $position }.
castle-refuse-not-in-hand = На позиции { $position } у вас нет карты (карт в руке: { $cards }).
castle-refuse-passage-far = { $a } и { $b } дальше 3 коридоров друг от друга на исходном поле.
castle-refuse-passage-joined = { $a } и { $b } уже соединены.
castle-refuse-passage-none = Из { $hall } Тайный проход провести нельзя.
castle-refuse-passage-rings = Тайный проход соединяет только залы на соседних кольцах ({ $a } и { $b } не такие).
castle-refuse-platform-removed = Коридор { $a }–{ $b } обрушен: Платформе 9¾ нужен существующий коридор.
castle-refuse-same-hall = Выберите два разных зала.
castle-refuse-self = Выберите другого игрока, не себя.
castle-refuse-unknown-hall = Такого зала нет.
castle-refuse-eject-back = Выброс: путь должен закончиться не в зале { $hall }.
castle-refuse-not-loser = { $player }: не среди проигравших в этой Стычке.
castle-refuse-expel-barricade = Коридор { $from }–{ $to } перекрыт Баррикадой: через него никого не изгнать.
