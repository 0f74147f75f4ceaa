## Меч Лжи (Sword of Lies). Игроков называет рендерер; позиции считаются слева.


sol-rules =
    ⚔ Меч Лжи — блеф, покер и война, колоды по 52 карты. От 3 игроков.
    Подготовка: каждый делает бай-ин (не меньше минимального) и получает ряд карт рубашкой вверх (по умолчанию 4); свои карты видите только вы. Определительная карта решает, кто ходит первым.
    Фаза I — Рокировка. В свой ход: Торг (обмен своей карты на выбранную карту другого игрока; он может согласиться, назначить цену в фишках или отказаться — лица карт узнаёте только вы двое) или Допрос (выберите непомеченную карту другого игрока; владелец называет её цвет, Красный или Чёрный, правду или ложь; вы отвечаете «Верю» или «Не верю»; карта помечается). Можно и пропустить ход. Фаза кончается, как только у кого-то все карты помечены: это старший блайнд.
    Фаза II — Беттинг. Ставки как в Холдеме (фолд, чек, колл, бет, рейз, олл-ин, побочные банки): блайнды, круг ставок, затем круг вскрытия (каждый открывает одну карту на выбор) и снова ставки, пока не вскрыты все карты. Вскрытая помеченная карта: Ложь + Верю или Правда + Не верю = щит (2 жизни); Ложь + Не верю или Правда + Верю = меч допрашивавшему. Непомеченная = 1 жизнь. Если все остальные сбросили карты, последний игрок забирает все банки.
    Фаза III — Война. Мечи удваиваются; первый сделавший самую высокую ставку получает +4 меча. Каждый цикл: открытые переговоры (можно передавать фишки), затем тайные приказы: обычная атака (1 меч в карту соперника) или двойная (2 меча, плата — 1 жизнь своей карты). Щит после одного удара переворачивается в обычную карту; карта с 0 жизней уходит в сброс. Война кончается, когда атаковать больше некому.
    Победа: больше всего оставшихся жизней, затем больше мечей до войны — тот забирает банки (при равенстве делят).

## Термины
sol-colour-red = Красный
sol-colour-black = Чёрный
sol-believe = Верю
sol-disbelieve = Не верю
sol-limit-no_limit = без лимита
sol-limit-pot_limit = пот-лимит
sol-limit-fixed_limit = фиксированный лимит
sol-bet-fold = сбрасывает карты (фолд)
sol-bet-check = говорит «чек»
sol-bet-call = уравнивает (колл)
sol-bet-bet = ставит (бет)
sol-bet-raise = повышает (рейз)
sol-bet-all-in = идёт олл-ин
sol-outcome-plain = обычная карта (1 жизнь)
sol-outcome-shield = щит (2 жизни)
sol-outcome-sword = меч допрашивавшему
sol-attack-standard = обычная атака
sol-attack-double = двойная атака
sol-result-flipped = щит переворачивается в обычную карту
sol-result-destroyed = уничтожена
sol-result-held = прочный щит выдерживает удар

## Подсказки
sol-prompt-buy-in = Ваш бай-ин: сколько фишек вы приносите за стол? (от { $min } до { $max })
sol-prompt-move = Ваш ход (ваши карты: { $hand }). Торг, допрос или пропуск?
sol-prompt-trade-own = Торг: какую свою карту вы предлагаете?
sol-prompt-trade-target = Торг: с кем?
sol-prompt-trade-their = Торг: какую карту игрока { $owner } вы хотите?
sol-prompt-ask-target = Допрос: чью карту?
sol-prompt-ask-position = Допрос: какую непомеченную карту игрока { $owner }?
sol-prompt-trade-offer = { $player } предлагает свою карту на позиции { $position } за вашу карту на позиции { $their_position } ({ $card }). Согласиться бесплатно, назначить цену в фишках (не больше { $stack }) или отказаться?
sol-prompt-trade-price = { $player } просит за обмен { $price ->
        [one] { $price } фишку
        [few] { $price } фишки
       *[many] { $price } фишек
    } (ваша позиция { $position } за его позицию { $their_position }). Заплатить или отказаться?
sol-prompt-name-colour = { $player } спрашивает цвет вашей карты на позиции { $position } (это { $card }). Назовите Красный или Чёрный — правду или ложь.
sol-prompt-believe = { $player } говорит, что цвет его карты на позиции { $position } — «{ $colour }». Верите или нет?
sol-prompt-bet = Круг ставок { $round } из { $rounds }. Банк { $pot }; ваша ставка { $bet }, высшая { $highest }, ваш стек { $stack }. { $raise ->
        [raise] Повысьте до суммы от { $min } до { $max },
        [bet] Поставьте сумму от { $min } до { $max },
       *[none] Ставка или повышение невозможны;
    } { $call ->
        [0] или чек, или фолд.
       *[other] или колл { $call }, или фолд.
    }
sol-prompt-reveal = Круг вскрытия { $circle } из { $circles }: какую карту вы открываете?
sol-prompt-negotiate = Переговоры (цикл { $cycle }): общайтесь, договаривайтесь, затем нажмите «Готов». { $chosen ->
        [yes] Введите, сколько фишек заплатить игроку { $recipient } (у вас { $stack }).
       *[no] Чтобы заплатить фишки, сначала выберите игрока (у вас { $stack }).
    }
sol-prompt-war-kind = Приказ на войну (цикл { $cycle }): у вас { $swords ->
        [one] { $swords } меч
        [few] { $swords } меча
       *[many] { $swords } мечей
    }. Обычная или двойная атака?
sol-prompt-war-target = Меч { $sword } ({ $kind }): в чью карту?
sol-prompt-war-position = Меч { $sword }: в какую карту игрока { $player }?
sol-prompt-war-cost = Двойная атака: какая ваша карта платит 1 жизнь?
sol-prompt-war-submitted = Ваш приказ принят: { $kind } — { $double ->
        [yes] { $target1 } №{ $position1 } и { $target2 } №{ $position2 }, плата — ваша №{ $cost }.
       *[no] { $target1 } №{ $position1 }.
    } Его можно изменить, пока все не отдали приказы.

## Варианты
sol-opt-trade = Торг
sol-opt-interrogate = Допрос
sol-opt-pass = Пропустить
sol-opt-back = Назад
sol-opt-player = { $player }
sol-opt-card = №{ $position } { $kind ->
        [shield] { $card } щит, { $lives ->
            [one] { $lives } жизнь
            [few] { $lives } жизни
           *[many] { $lives } жизней
        }
        [plain] { $card }, 1 жизнь
       *[hidden] { $marked ->
            [yes] помечена ({ $by }: { $named }, { $answer })
           *[no] не помечена
        }
    }
sol-opt-own-card = №{ $position } { $card } { $kind ->
        [shield] щит, { $lives ->
            [one] { $lives } жизнь
            [few] { $lives } жизни
           *[many] { $lives } жизней
        }
        [plain] 1 жизнь
       *[hidden] { $marked ->
            [yes] помечена ({ $by }: { $named }, { $answer })
           *[no] не помечена
        }
    }
sol-opt-accept-free = Согласиться бесплатно
sol-opt-decline = Отказаться
sol-opt-pay-price = Заплатить { $price }
sol-opt-refuse = Отказаться
sol-opt-fold = Фолд
sol-opt-check = Чек
sol-opt-call = { $chips ->
        [0] Колл
       *[other] Колл { $chips }
    }
sol-opt-all-in = Олл-ин ({ $to })
sol-opt-ready = Готов
sol-opt-pay-to = Заплатить: { $player }
sol-opt-standard = Обычная атака (1 меч)
sol-opt-double = Двойная атака (2 меча, 1 своя жизнь)
sol-opt-war-random = Случайная обычная атака
sol-opt-keep = Оставить приказ
sol-opt-change = Изменить приказ

## События
sol-event-setup = ⚔ Меч Лжи для { $players ->
        [one] { $players } игрока
       *[other] { $players } игроков
    }: по { $hand_size ->
        [one] { $hand_size } карте
        [few] { $hand_size } карты
       *[many] { $hand_size } карт
    } каждому, минимальный бай-ин { $min_buy_in }.
sol-event-buy-in = 💰 { $player } делает бай-ин: { $chips ->
        [one] { $chips } фишка
        [few] { $chips } фишки
       *[many] { $chips } фишек
    }.
sol-event-dealt = 🃏 { $decks ->
        [one] Перетасована { $decks } колода
        [few] Перетасованы { $decks } колоды
       *[many] Перетасовано { $decks } колод
    }; каждому роздано { $hand_size ->
        [one] { $hand_size } карта
        [few] { $hand_size } карты
       *[many] { $hand_size } карт
    } рубашкой вверх.
sol-event-your-cards = 🂠 Ваши карты слева направо: { $hand }
sol-event-draw = { $player } тянет { $card } на право первого хода.
sol-event-draw-tie = Ничья по старшей карте: { $players } тянут снова.
sol-event-castling = Фаза I — Рокировка. Первым ходит { $first }.
sol-event-turn = ▶ Ход { $move }: ходит { $player }.
sol-event-pass = { $player } пропускает ход.
sol-event-trade-offered = 🤝 Предложение обмена (тайно): №{ $position } игрока { $player } на №{ $their_position } игрока { $target }.
sol-event-trade-declined = { $target } отклоняет обмен, предложенный игроком { $player }; ход окончен.
sol-event-trade-price-refused = { $player } не согласен на цену, которую назначил { $target }; обмена нет.
sol-event-trade = 🔄 { $player } (№{ $position }) и { $target } (№{ $their_position }) меняются картами { $price ->
        [0] бесплатно.
        [one] за { $price } фишку.
        [few] за { $price } фишки.
       *[many] за { $price } фишек.
    }
sol-event-trade-received = Вы получили { $card } от игрока { $player } на свою позицию { $position }. Ваши карты: { $hand }
sol-event-interrogation = ❓ { $player } допрашивает игрока { $target } о карте №{ $position }.
sol-event-colour-named = { $player } говорит, что цвет карты №{ $position } — «{ $colour }».
sol-event-marked = ✍ Карта №{ $position } игрока { $target } помечена: { $player }, «{ $colour }», { $answer }.
sol-event-castling-over = Фаза I окончена: все карты помечены у игроков: { $players }.
sol-event-castling-stalled = Полный круг пропусков завершает Фазу I. Больше всего помеченных карт у игрока { $player } ({ $marked }).
sol-event-betting-begins = Фаза II — Беттинг ({ $limit }, кругов ставок: { $rounds }). Старший блайнд — { $senior }.
sol-event-ante = Каждый ставит анте { $chips }.
sol-event-blind = { $player } ставит { $big ->
        [yes] большой
       *[no] малый
    } блайнд: { $chips }.
sol-event-betting-round = 💵 Круг ставок { $round } из { $rounds }.
sol-event-betting-skipped = Круг ставок { $round } пропущен: ставить может не больше одного игрока.
sol-event-bet = { $player } { $action }{ $kind ->
        [bet] { " " }до { $to }.
        [raise] { " " }до { $to }.
        [all_in] { " " }({ $to }).
        [call] { " " }({ $to }).
        [fold] { " " }и выбывает из игры.
       *[other] .
    }
sol-event-swords-lost = { $player } теряет { $swords ->
        [one] { $swords } меч
        [few] { $swords } меча
       *[many] { $swords } мечей
    }, сбросив карты.
sol-event-sword-taken-back = { $folded } сбросил карты: { $player } теряет меч, который дала его карта (теперь { $swords }).
sol-event-reveal-circle = 👁 Круг вскрытия { $circle } из { $circles }.
sol-event-reveal = { $player } вскрывает №{ $position }: { $card } ({ $colour }){ $marked ->
        [yes] , пометка { $by }: «{ $named }» — { $truth ->
            [lie] ложь
           *[truth] правда
        }, { $answer }
       *[no] , без пометки
    } → { $outcome }.
sol-event-sword = 🗡 { $player } получает меч (теперь { $swords }).
sol-event-sword-void = { $player } уже сбросил карты: меч пропадает.
sol-event-war-begins = ⚔ Фаза III — Война: { $players }.
sol-event-swords-doubled = У игрока { $player } теперь { $swords ->
        [one] { $swords } меч
        [few] { $swords } меча
       *[many] { $swords } мечей
    } (удвоено).
sol-event-no-bonus = В Фазе II никто не делал ставок: +4 меча никто не получает.
sol-event-bonus-folded = Первую самую высокую ставку ({ $bet }) сделал { $player }, но он сбросил карты: +4 меча никто не получает.
sol-event-bonus = { $player } первым сделал самую высокую ставку ({ $bet }, круг { $round }): +4 меча, теперь { $swords }.
sol-event-war-over = Война окончена: атаковать больше некому.
sol-event-negotiation = 🗣 Переговоры, цикл { $cycle }: говорите свободно, платите фишки по договорённости, затем нажмите «Готов».
sol-event-paid = 💸 { $player } платит игроку { $to } { $chips ->
        [one] { $chips } фишку
        [few] { $chips } фишки
       *[many] { $chips } фишек
    }.
sol-event-ready = { $player } готов.
sol-event-orders = 📜 Раунд войны { $cycle }: тайные приказы от игроков { $players }.
sol-event-order-in = Ваш приказ: { $kind } — { $double ->
        [yes] { $target1 } №{ $position1 } и { $target2 } №{ $position2 }, плата — ваша №{ $cost }.
       *[no] { $target1 } №{ $position1 }.
    }
sol-event-attack = ⚔ { $player }: { $kind } — { $double ->
        [yes] { $target1 } №{ $position1 } и { $target2 } №{ $position2 }, плата — 1 жизнь своей №{ $cost }.
       *[no] { $target1 } №{ $position1 }.
    }
sol-event-card-hit = №{ $position } игрока { $player } ({ $card }): { $hits ->
        [0] мечей нет
        [one] { $hits } меч
        [few] { $hits } меча
       *[many] { $hits } мечей
    }{ $cost ->
        [0] {""}
       *[other] { " " }+ плата за двойную атаку
    } → { $result }.
sol-event-standing = { $player }: { $lives ->
        [one] { $lives } жизнь
        [few] { $lives } жизни
       *[many] { $lives } жизней
    } на { $cards ->
        [one] { $cards } карте
       *[other] { $cards } картах
    }, { $swords ->
        [one] { $swords } меч
        [few] { $swords } меча
       *[many] { $swords } мечей
    }.
sol-event-rank = { $place }. { $player }: { $lives ->
        [one] { $lives } жизнь
        [few] { $lives } жизни
       *[many] { $lives } жизней
    }, мечей до войны: { $swords }.
sol-event-last-standing = 🏁 Все остальные сбросили карты: { $player } забирает все банки.
sol-event-pot = { $main ->
        [yes] Основной банк
       *[no] Побочный банк { $pot }
    }: { $chips } ({ $players }).
sol-event-winnings = 🏆 { $player } выигрывает { $chips ->
        [one] { $chips } фишку
        [few] { $chips } фишки
       *[many] { $chips } фишек
    }.
sol-event-rake = Заведение берёт комиссию { $chips }.
sol-event-net = { $player }: стек { $stack }, итог { $net }.
sol-event-game-over = Игра окончена. Победители: { $winners }.

## Отказы
sol-error-self = Нельзя выбрать себя.
sol-error-own-card = Мечи направляются только в карты других игроков.
sol-error-no-unmarked = У игрока { $player } нет непомеченных карт.
sol-error-nothing-to-interrogate = Ни у кого из других игроков нет непомеченных карт.
sol-error-card-marked = Карта №{ $position } уже помечена.
sol-error-card-revealed = Карта №{ $position } уже вскрыта.
sol-error-bad-position = На позиции { $position } нет карты (позиции 1–{ $cards }).
sol-error-price-above-stack = Цена не может превышать стек игрока { $player } ({ $stack }).
sol-error-buy-in-seat = Бай-ин указан для места { $seat }, а игроков всего { $players }.
sol-error-nothing-to-call = Уравнивать нечего.
sol-error-no-chips = У вас нет фишек, чтобы платить.
sol-error-choose-recipient = Сначала выберите, кому платить.
sol-error-bad-recipient = Этому игроку платить нельзя.
sol-error-above-stack = У вас только { $stack ->
        [one] { $stack } фишка
        [few] { $stack } фишки
       *[many] { $stack } фишек
    }.
sol-error-double-needs-two-swords = Для двойной атаки нужно 2 меча, а у вас { $swords ->
        [one] { $swords } меч
        [few] { $swords } меча
       *[many] { $swords } мечей
    }.
sol-error-no-cards = У игрока { $player } не осталось карт.
sol-bet-error-no-betting = Сейчас никто не делает ставку.
sol-bet-error-not-your-turn = Сейчас ставку делает { $player }.
sol-bet-error-unknown-action = «{ $kind }» — не действие в ставках.
sol-bet-error-cannot-check = Чек невозможен: нужно уравнять { $call }.
sol-bet-error-amount-required = Укажите размер ставки.
sol-bet-error-above-stack = Всего вы можете поставить не больше { $max }.
sol-bet-error-covered = Вашего стека хватает только на колл ({ $call }): уравняйте или сбросьте.
sol-bet-error-raise-closed = Повышать вам нельзя (неполный олл-ин не открыл торговлю заново; полное повышение — { $min_raise }): колл { $call } или фолд.
sol-bet-error-fixed-limit-cap = В этом круге уже { $cap } ставки: колл или фолд.
sol-bet-error-no-opponent = Повышение некому уравнять: колл или фолд.
sol-bet-error-below-min = Наименьшая допустимая сумма — { $min }.
sol-bet-error-above-pot-limit = Наибольшая допустимая сумма — { $max }.
sol-bet-error-fixed-limit = В фиксированном лимите допустима только сумма { $to }.

## Строки состояния (сообщение стола, «мои карты», `?` в терминале). Суммы фишек — без
## разделителей разрядов, как и готовый список побочных банков.
## Ряд карт — одни и те же символы во всех языках; их объясняет sol-summary-legend.
sol-summary-header = { $phase ->
        [buy_in] 💰 Бай-ины: выбрано { $chosen } из { $players }.
        [castling] 🔄 Фаза I — Рокировка, ход { $move }: ходит { $player }.
        [betting] 💵 Фаза II — круг ставок { $round } из { $rounds }: ходит { $player }{ $call ->
            [0] .
           *[other] , до колла { NUMBER($call, useGrouping: 0) }.
        }
        [reveal] 👁 Фаза II — круг вскрытия { $circle } из { $circles }: { $sequential ->
            [yes] открывает { $player }.
           *[no] все выбирают карту.
        }
        [negotiation] 🗣 Фаза III — Война, цикл { $cycle }: переговоры.
        [war] ⚔ Фаза III — Война, цикл { $cycle }: тайные приказы.
       *[over] 🏁 Игра окончена. { $count ->
            [one] Победитель
           *[other] Победители
        }: { $winners }.
    }{ $pots ->
        [0] {""}
        [1] { " " }Банк: { NUMBER($pot, useGrouping: 0) }{ $bets ->
            [0] .
           *[other] { " " }+ ставки { NUMBER($bets, useGrouping: 0) }.
        }
       *[other] { " " }Основной банк: { NUMBER($pot, useGrouping: 0) }; побочные: { $sides }{ $bets ->
            [0] .
           *[other] ; ставки { NUMBER($bets, useGrouping: 0) }.
        }
    }
sol-summary-player = { $number }. { $player }{ $status ->
        [folded] { " " }(фолд)
        [all_in] { " " }(олл-ин)
       *[in] {""}
    }{ $ready ->
        [yes] { " " }✅
       *[no] {""}
    } — { NUMBER($stack, useGrouping: 0) } { $stack ->
        [one] фишка
        [few] фишки
       *[many] фишек
    }{ $bet ->
        [0] {""}
       *[other] , ставка { NUMBER($bet, useGrouping: 0) }
    }{ $show_swords ->
        [yes] , { $swords } { $swords ->
            [one] меч
            [few] меча
           *[many] мечей
        }{ $show_before ->
            [yes] { " " }(до войны { $before })
           *[no] {""}
        }
       *[no] {""}
    }{ $show_lives ->
        [shown] , открыто { $lives } { $lives ->
            [one] жизнь
            [few] жизни
           *[many] жизней
        }
        [all] , { $lives } { $lives ->
            [one] жизнь
            [few] жизни
           *[many] жизней
        }
       *[no] {""}
    }{ $cards ->
        [0] {""}
       *[other] : { $row }
    }
sol-summary-buy-in = { $number }. { $player }: { $chosen ->
        [yes] бай-ин { NUMBER($chips, useGrouping: 0) } { $chips ->
            [one] фишка
            [few] фишки
           *[many] фишек
        }.
       *[no] бай-ин ещё не выбран…
    }
sol-summary-legend = Карты слева направо, позиция:карта; 🂠 рубашкой вверх; (3🔴✓) метка: игроку 3 ответили «{ sol-colour-red }» 🔴 / «{ sol-colour-black }» ⚫, и он сказал ✓ «{ sol-believe }» / ✗ «{ sol-disbelieve }»; 🛡 щит, ❤ обычная карта, затем число жизней.
sol-summary-your-cards = 🔒 { $cards ->
        [0] У вас нет карт.
       *[other] Ваши карты: { $hand }{ $fates ->
            [0] {""}
           *[other] { " " }(при вскрытии →🛡 станет щитом, →🗡N даст меч игроку N)
        }
    }
sol-summary-gm-cards = 👁 { $player }: { $cards ->
        [0] нет карт
       *[other] { $hand }
    }
sol-summary-draft = ✏ Ваш ход: { $move ->
        [trade] обмен вашей карты №{ $own } на карту №{ $position } игрока { $target }{ $price ->
            [0] .
           *[other] , запрошенная цена: { NUMBER($price, useGrouping: 0) }.
        }
       *[interrogate] допрос игрока { $target } о карте №{ $position }{ $said ->
            [yes] , вам ответили «{ $named }».
           *[no] .
        }
    }
sol-summary-offer = 🤝 { $player } предлагает свою карту №{ $own } за вашу №{ $position }{ $price ->
        [0] .
       *[other] ; ваша цена: { NUMBER($price, useGrouping: 0) }.
    }
sol-summary-reveal-choice = 👁 Вы выбрали для вскрытия №{ $position } ({ $card }); выбор можно изменить, пока не выбрали все.
sol-summary-order = 📜 Ваш приказ{ $complete ->
        [yes] {""}
       *[no] { " " }(не закончен)
    }: { $kind } — { $double ->
        [yes] { $target1 } №{ $position1 } и { $target2 } №{ $position2 }, плата — ваша №{ $cost }.
       *[no] { $target1 } №{ $position1 }.
    }
