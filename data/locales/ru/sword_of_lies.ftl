## Меч Лжи (Sword of Lies). Игроков называет рендерер; позиции считаются слева.


sol-rules =
    ⚔ Меч Лжи — блеф, покер и война, колоды по 52 карты. От 3 игроков.
    Подготовка: каждый делает бай-ин (не меньше минимального) и получает ряд карт рубашкой вверх (по умолчанию 4); свои карты видите только вы. Определительная карта решает, кто ходит первым.
    Фаза I — Рокировка. В свой ход: Торг (обмен своей карты на выбранную карту другого игрока; он может согласиться, назначить цену в фишках или отказаться — какие карты переходят, узнаёте только вы двое) или Допрос (выберите непомеченную карту другого игрока; владелец называет её цвет, «Красный» или «Чёрный», правду или ложь; вы отвечаете «Верю» или «Не верю»; карта помечается). Можно и пропустить ход. Фаза кончается, как только у кого-то все карты помечены: это старший блайнд.
    Фаза II — Беттинг. Ставки как в Холдеме (фолд, чек, колл, бет, рейз, олл-ин, побочные банки): блайнды, круг ставок, затем круг вскрытия (каждый открывает одну карту на выбор) и снова ставки, пока не вскрыты все карты. Вскрытая помеченная карта: Ложь + Верю или Правда + Не верю = щит (2 жизни); Ложь + Не верю или Правда + Верю = меч допрашивавшему. Непомеченная = 1 жизнь. Если все остальные сбросили карты, последний игрок забирает все банки.
    Фаза III — Война. Мечи удваиваются; первый сделавший самую высокую ставку получает +4 меча. Каждый цикл: открытые переговоры (можно передавать фишки), затем тайные приказы: стандартная атака (1 меч в карту соперника) или двойная (2 меча, плата — 1 жизнь своей карты). Щит после одного удара переворачивается в обычную карту; карта с 0 жизней уходит в сброс. Война кончается, когда атаковать больше некому или нечем.
    Победа: больше всего оставшихся жизней, затем больше мечей до войны — тот забирает банки (при равенстве делят).
    Строки стола: { sol-summary-legend }

## Термины
sol-colour-red = Красный
sol-colour-black = Чёрный
sol-believe = Верю
sol-disbelieve = Не верю
sol-limit-no_limit = без лимита
sol-limit-pot_limit = пот-лимит
sol-limit-fixed_limit = фиксированный лимит
sol-bet-fold = сбрасывает карты
sol-bet-check = чек
sol-bet-call = уравнивает
sol-bet-bet = ставит
sol-bet-raise = повышает
sol-bet-all-in = идёт олл-ин
sol-outcome-plain = обычная карта (1 жизнь)
sol-outcome-shield = щит (2 жизни)
sol-outcome-sword = меч допрашивавшему
sol-attack-standard = стандартная атака
sol-attack-double = двойная атака
sol-result-flipped = щит переворачивается в обычную карту
sol-result-destroyed = уничтожена
sol-result-held = прочный щит выдерживает удар

## Подсказки
sol-prompt-buy-in = Ваш бай-ин: сколько фишек вы приносите за стол? (от { $min } до { $max })
sol-prompt-move = Торг, допрос или пропуск хода? Ваши карты: { $hand }.
sol-prompt-trade-own = Торг: какую свою карту вы предлагаете?
sol-prompt-trade-target = Торг: с кем?
sol-prompt-trade-their = Торг: какую карту { NAME($owner, case: "gen", fallback: "игрока") } вы хотите?
sol-prompt-ask-target = Допрос: чью карту?
sol-prompt-ask-position = Допрос: какую непомеченную карту { NAME($owner, case: "gen", fallback: "игрока") }?
sol-prompt-trade-offer = { $player_is_you ->
        [yes] Вы предлагаете
       *[no] { $player } предлагает
    } свою карту №{ $position } за вашу карту №{ $their_position } ({ $card }). Согласиться бесплатно, назначить цену в фишках (не больше { $stack }) или отказаться?
sol-prompt-trade-price = { $player_is_you ->
        [yes] Вы просите
       *[no] { $player } просит
    } за обмен { $price ->
        [one] { $price } фишку
        [few] { $price } фишки
       *[many] { $price } фишек
    } (ваша карта №{ $position } за карту №{ $their_position } этого игрока). Заплатить или отказаться?
sol-prompt-name-colour = { $player_is_you ->
        [yes] Вы спрашиваете
       *[no] { $player } спрашивает
    } цвет вашей карты №{ $position } (это { $card }). Назовите «{ sol-colour-red }» или «{ sol-colour-black }» — правду или ложь.
sol-prompt-believe = { $player_is_you ->
        [yes] Вы называете
       *[no] { $player } называет
    } цвет своей карты №{ $position }: «{ $colour }». Верите?
sol-prompt-bet = Круг ставок { $round } из { $rounds }. Банк { $pot }; ваша ставка { $bet }, наибольшая { $highest }, ваш стек { $stack }. { $raise ->
        [raise] Можно повысить до суммы от { $min } до { $max },
        [all_in] Повысить можно только олл-ином — до { $max },
        [all_in_bet] Поставить можно только олл-ин ({ $max }),
        [bet] Можно поставить от { $min } до { $max },
       *[none] Больше ставить нельзя; можно
    } { $call ->
        [0] сказать «чек» или сбросить карты.
       *[other] уравнять ({ $call }) или сбросить карты.
    }
sol-prompt-reveal = Круг вскрытия { $circle } из { $circles }: какую карту вы открываете?
sol-prompt-negotiate = Переговоры (цикл { $cycle }): договаривайтесь, затем нажмите «Готово». { $chosen ->
        [yes] Введите, сколько фишек заплатить { NAME($recipient, case: "dat", fallback: "игроку") } (у вас { $stack }).
       *[no] Чтобы заплатить фишки, сначала выберите игрока (у вас { $stack }).
    }
sol-prompt-war-kind = Приказ на войну (цикл { $cycle }): у вас { $swords ->
        [one] { $swords } меч
        [few] { $swords } меча
       *[many] { $swords } мечей
    }. Стандартная или двойная атака?
sol-prompt-war-target = Меч { $sword } ({ $kind }): в чью карту?
sol-prompt-war-position = Меч { $sword }: в какую карту { NAME($player, case: "gen", fallback: "игрока") }?
sol-prompt-war-cost = Двойная атака: какая ваша карта платит 1 жизнь?
sol-prompt-war-submitted = Ваш приказ принят: { $kind } — { $double ->
        [yes] { $target1_is_you ->
            [yes] ваша карта №{ $position1 }
           *[no] карта №{ $position1 } { NAME($target1, case: "gen", fallback: "игрока") }
        } и { $target2_is_you ->
            [yes] ваша карта №{ $position2 }
           *[no] карта №{ $position2 } { NAME($target2, case: "gen", fallback: "игрока") }
        }, плата — ваша карта №{ $cost }.
       *[no] { $target1_is_you ->
            [yes] ваша карта №{ $position1 }
           *[no] карта №{ $position1 } { NAME($target1, case: "gen", fallback: "игрока") }
        }.
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
            [yes] помечена ({ $by_is_you ->
                [yes] вам ответили «{ $named }» — вы { $believed ->
                    [yes] верите
                   *[no] не верите
                }
               *[no] { NAME($by, case: "dat", fallback: "игроку") } ответили «{ $named }» — { $by } { $believed ->
                    [yes] верит
                   *[no] не верит
                }
            })
           *[no] не помечена
        }
    }
sol-opt-card-gone = №{ $position }: уничтожена
sol-opt-own-card = №{ $position } { $card } { $kind ->
        [shield] щит, { $lives ->
            [one] { $lives } жизнь
            [few] { $lives } жизни
           *[many] { $lives } жизней
        }
        [plain] 1 жизнь
       *[hidden] { $marked ->
            [yes] помечена ({ $by_is_you ->
                [yes] вам ответили «{ $named }» — вы { $believed ->
                    [yes] верите
                   *[no] не верите
                }
               *[no] { NAME($by, case: "dat", fallback: "игроку") } ответили «{ $named }» — { $by } { $believed ->
                    [yes] верит
                   *[no] не верит
                }
            })
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
sol-opt-ready = Готово
sol-opt-pay-to = Заплатить { NAME($player, case: "dat", fallback: "игроку") }
sol-opt-standard = Стандартная атака (1 меч)
sol-opt-double = Двойная атака (2 меча, 1 своя жизнь)
sol-opt-war-random = Случайная стандартная атака
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
sol-event-buy-in = 💰 { $player_is_you ->
        [yes] Ваш бай-ин
       *[no] Бай-ин { NAME($player, case: "gen", fallback: "игрока") }
    }: { $chips ->
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
sol-event-draw = { $player_is_you ->
        [yes] Вы тянете
       *[no] { $player } тянет
    } { $card } на право первого хода.
sol-event-draw-tie = Ничья по старшей карте: тянут снова { $players }.
sol-event-castling = Фаза I — Рокировка. { $first_is_you ->
        [yes] Первым ходите вы.
       *[no] Первым ходит { $first }.
    }
sol-event-turn = ▶ Ход { $move }: { $player_is_you ->
        [yes] ходите вы.
       *[no] ходит { $player }.
    }
sol-event-pass = { $player_is_you ->
        [yes] Вы пропускаете ход.
       *[no] { $player } пропускает ход.
    }
sol-event-trade-offered = 🤝 Предложение обмена (тайно): { $player_is_you ->
        [yes] ваша карта №{ $position }
       *[no] карта №{ $position } { NAME($player, case: "gen", fallback: "игрока") }
    } за { $target_is_you ->
        [yes] вашу карту №{ $their_position }
       *[no] карту №{ $their_position } { NAME($target, case: "gen", fallback: "игрока") }
    }.
sol-event-trade-declined = { $target_is_you ->
        [yes] Вы отклоняете обмен
       *[no] { $target } отклоняет обмен
    }, предложенный { $player_is_you ->
        [yes] вами
       *[no] { NAME($player, case: "ins", fallback: "игроком") }
    }; ход окончен.
sol-event-trade-price-refused = { $player_is_you ->
        [yes] Вы отказываетесь платить
       *[no] { $player } отказывается платить
    } цену, назначенную { $target_is_you ->
        [yes] вами
       *[no] { NAME($target, case: "ins", fallback: "игроком") }
    }; обмена нет.
sol-event-trade = 🔄 Обмен: { $player_is_you ->
        [yes] ваша №{ $position }
       *[no] №{ $position } { NAME($player, case: "gen", fallback: "игрока") }
    } ⇄ { $target_is_you ->
        [yes] ваша №{ $their_position }
       *[no] №{ $their_position } { NAME($target, case: "gen", fallback: "игрока") }
    }, { $price ->
        [0] бесплатно.
        [one] за { $price } фишку.
        [few] за { $price } фишки.
       *[many] за { $price } фишек.
    }
sol-event-trade-received = Вы получили { $card } от { NAME($player, case: "gen", fallback: "игрока") } — теперь это ваша карта №{ $position }. Ваши карты: { $hand }
sol-event-ask-only = { $target_is_you ->
        [yes] У вас
       *[no] У { NAME($target, case: "gen", fallback: "игрока") }
    } осталась одна непомеченная карта — №{ $position }: допрос о ней.
sol-event-ask-target-only = Допрос: непомеченные карты остались только у { NAME($player, case: "gen", fallback: "игрока") }.
sol-event-interrogation = ❓ { $player_is_you ->
        [yes] Вы допрашиваете
       *[no] { $player } допрашивает
    } { $target_is_you ->
        [yes] вас
       *[no] { NAME($target, case: "acc", fallback: "игрока") }
    } о карте №{ $position }.
sol-event-colour-named = { $player_is_you ->
        [yes] Вы называете
       *[no] { $player } называет
    } цвет карты №{ $position }: «{ $colour }».
sol-event-marked = ✍ { $target_is_you ->
        [yes] Ваша карта №{ $position } помечена
       *[no] Карта №{ $position } { NAME($target, case: "gen", fallback: "игрока") } помечена
    }: { $player_is_you ->
        [yes] вам ответили «{ $colour }» — вы { $believed ->
            [yes] верите
            [no] не верите
           *[other] ответили «{ $answer }»
        }
       *[no] { NAME($player, case: "dat", fallback: "игроку") } ответили «{ $colour }» — { $player } { $believed ->
            [yes] верит
            [no] не верит
           *[other] отвечает «{ $answer }»
        }
    }.
sol-event-castling-over = Фаза I окончена: все карты помечены { $both ->
        [yes] у { NAME($player, case: "gen", fallback: "игрока") } и у { NAME($other, case: "gen", fallback: "игрока") }
        [no] у { NAME($player, case: "gen", fallback: "игрока") }
       *[other] у { $players }
    }.
sol-event-castling-stalled = Полный круг пропусков завершает Фазу I. Больше всего помеченных карт ({ $marked }) { $player_is_you ->
        [yes] у вас.
       *[no] у { NAME($player, case: "gen", fallback: "игрока") }.
    }
sol-event-betting-begins = Фаза II — Беттинг ({ $limit }, кругов ставок: { $rounds }). { $senior_is_you ->
        [yes] Старший блайнд — вы.
       *[no] Старший блайнд — { $senior }.
    }
sol-event-ante = Каждый ставит анте { $chips }.
sol-event-blind = { $player_is_you ->
        [yes] Вы ставите
       *[no] { $player } ставит
    } { $big ->
        [yes] старший
       *[no] младший
    } блайнд: { $chips }.
sol-event-betting-round = 💵 Круг ставок { $round } из { $rounds }.
sol-event-betting-skipped = Круг ставок { $round } пропущен: ставить может не больше одного игрока.
sol-event-bet = { $kind ->
        [fold] { $player_is_you ->
            [yes] Вы сбрасываете карты и выбываете из игры.
           *[no] { $player } сбрасывает карты и выбывает из игры.
        }
        [check] { $player_is_you ->
            [yes] Вы
           *[no] { $player }
        }: чек.
        [call] { $player_is_you ->
            [yes] Вы уравниваете
           *[no] { $player } уравнивает
        }: { $added }.
        [bet] { $player_is_you ->
            [yes] Вы ставите
           *[no] { $player } ставит
        } { $to }.
        [raise] { $player_is_you ->
            [yes] Вы повышаете
           *[no] { $player } повышает
        } до { $to }.
       *[all_in] { $player_is_you ->
            [yes] Вы идёте
           *[no] { $player } идёт
        } олл-ин: { $to }.
    }
sol-event-swords-lost = { $player_is_you ->
        [yes] Сбросив карты, вы теряете
       *[no] { $player }: сбросив карты, теряет
    } { $swords ->
        [one] { $swords } меч
        [few] { $swords } меча
       *[many] { $swords } мечей
    }.
sol-event-sword-taken-back = { $folded_is_you ->
        [yes] Ваши карты сброшены
       *[no] Карты { NAME($folded, case: "gen", fallback: "игрока") } сброшены
    }: { $player_is_you ->
        [yes] вы теряете
       *[no] { $player } теряет
    } меч, полученный за { $folded_is_you ->
        [yes] вашу карту
       *[no] карту { NAME($folded, case: "gen", fallback: "игрока") }
    } (теперь { $swords }).
sol-event-reveal-circle = 👁 Круг вскрытия { $circle } из { $circles }.
sol-event-reveal-only = { $player_is_you ->
        [yes] У вас
       *[no] У { NAME($player, case: "gen", fallback: "игрока") }
    } осталась одна закрытая карта — №{ $position }: она вскрывается.
sol-event-reveal = { $player_is_you ->
        [yes] Вы вскрываете
       *[no] { $player } вскрывает
    } карту №{ $position }: { $card } ({ $real ->
        [red] красная
        [black] чёрная
       *[other] { $colour }
    }){ $marked ->
        [yes] , пометка { $by_is_you ->
            [yes] вашего допроса
           *[no] допроса { NAME($by, case: "gen", fallback: "игрока") }
        }: «{ $named }» — { $truth ->
            [lie] ложь
           *[truth] правда
        }, { $believed ->
            [yes] «верю»
            [no] «не верю»
           *[other] «{ $answer }»
        }
       *[no] , без пометки
    } → { $outcome }.
sol-event-sword = 🗡 { $player_is_you ->
        [yes] Вы получаете
       *[no] { $player } получает
    } меч (теперь { $swords }).
sol-event-sword-void = { $player_is_you ->
        [yes] Ваши карты уже сброшены
       *[no] Карты { NAME($player, case: "gen", fallback: "игрока") } уже сброшены
    }: меч пропадает.
sol-event-war-begins = ⚔ Фаза III — Война. Участники: { $players }.
sol-event-swords-doubled = { $player_is_you ->
        [yes] У вас
       *[no] У { NAME($player, case: "gen", fallback: "игрока") }
    } теперь { $swords ->
        [one] { $swords } меч
        [few] { $swords } меча
       *[many] { $swords } мечей
    } (удвоено).
sol-event-no-bonus = В Фазе II никто не делал ставок: +4 меча никто не получает.
sol-event-bonus-folded = Первая самая высокая ставка ({ $bet }) { $player_is_you ->
        [yes] — ваша, но ваши карты сброшены
       *[no] — у { NAME($player, case: "gen", fallback: "игрока") }, но карты { NAME($player, case: "gen", fallback: "игрока") } сброшены
    }: +4 меча никто не получает.
sol-event-bonus = { $player_is_you ->
        [yes] Первая самая высокая ставка ({ $bet }, круг { $round }) — ваша: +4 меча, теперь у вас { $swords }.
       *[no] Первая самая высокая ставка ({ $bet }, круг { $round }) — у { NAME($player, case: "gen", fallback: "игрока") }: +4 меча, теперь { $swords }.
    }
sol-event-war-over = Война окончена: { $reason ->
        [no-swords] ни у кого не осталось мечей.
        [no-cards] у тех, у кого остались мечи, не осталось карт.
       *[no-targets] у соперников не осталось карт, которые можно атаковать.
    }
sol-event-ready-forced = { $player_is_you ->
        [yes] У вас нет ни фишек, ни приказа на войну: отмечено «Готово».
       *[no] { $player }: ни фишек, ни приказа на войну — готово.
    }
sol-event-ready-undone = { $player_is_you ->
        [yes] У вас теперь есть фишки, чтобы платить: переговоры ждут «Готово» и от вас.
       *[no] У { NAME($player, case: "gen", fallback: "игрока") } теперь есть фишки, чтобы платить: переговоры ждут «Готово» и от { NAME($player, case: "gen", fallback: "игрока") }.
    }
sol-event-standings = 📊 Итоговая таблица (по оставшимся жизням; при равенстве выше тот, у кого было больше мечей до войны):
sol-event-standings-tiebreak = Поровну жизней ({ $lives }): { $players }; места решило число мечей до войны.
sol-event-negotiation = 🗣 Переговоры, цикл { $cycle }: говорите свободно, платите фишки по договорённости, затем нажмите «Готово».
sol-event-paid = 💸 { $player_is_you ->
        [yes] Вы платите
       *[no] { $player } платит
    } { $to_is_you ->
        [yes] вам
       *[no] { NAME($to, case: "dat", fallback: "игроку") }
    } { $chips ->
        [one] { $chips } фишку
        [few] { $chips } фишки
       *[many] { $chips } фишек
    }.
sol-event-ready = { $player_is_you ->
        [yes] Вы готовы.
       *[no] { $player }: готово.
    }
sol-event-orders = 📜 Раунд войны { $cycle }: { $players_count ->
        [one] тайный приказ { $players_has_you ->
            [yes] отдаёте
           *[no] отдаёт
        } { $players }.
       *[other] тайные приказы отдают { $players }.
    }
sol-event-order-in = Ваш приказ: { $kind } — { $double ->
        [yes] { $target1_is_you ->
            [yes] ваша карта №{ $position1 }
           *[no] карта №{ $position1 } { NAME($target1, case: "gen", fallback: "игрока") }
        } и { $target2_is_you ->
            [yes] ваша карта №{ $position2 }
           *[no] карта №{ $position2 } { NAME($target2, case: "gen", fallback: "игрока") }
        }, плата — ваша карта №{ $cost }.
       *[no] { $target1_is_you ->
            [yes] ваша карта №{ $position1 }
           *[no] карта №{ $position1 } { NAME($target1, case: "gen", fallback: "игрока") }
        }.
    }
sol-event-war-kind-only = Приказ на войну (цикл { $cycle }): у вас 1 меч — стандартная атака.
sol-event-war-target-only = Меч { $sword } ({ $kind }): в карту { NAME($player, case: "gen", fallback: "игрока") } — других целей нет.
sol-event-war-position-only = Меч { $sword }: в карту №{ $position } { NAME($player, case: "gen", fallback: "игрока") } — других карт у { NAME($player, case: "gen", fallback: "игрока") } не осталось.
sol-event-war-cost-only = Двойная атака: платит ваша карта №{ $position } — другой у вас нет.
sol-event-attack = ⚔ { $player_is_you ->
        [yes] Ваш приказ
       *[no] Приказ { NAME($player, case: "gen", fallback: "игрока") }
    }: { $kind } — { $double ->
        [yes] { $target1_is_you ->
            [yes] ваша карта №{ $position1 }
           *[no] карта №{ $position1 } { NAME($target1, case: "gen", fallback: "игрока") }
        } и { $target2_is_you ->
            [yes] ваша карта №{ $position2 }
           *[no] карта №{ $position2 } { NAME($target2, case: "gen", fallback: "игрока") }
        }, плата — 1 жизнь своей карты №{ $cost }.
       *[no] { $target1_is_you ->
            [yes] ваша карта №{ $position1 }
           *[no] карта №{ $position1 } { NAME($target1, case: "gen", fallback: "игрока") }
        }.
    }
sol-event-card-hit = { $player_is_you ->
        [yes] Ваша карта №{ $position }
       *[no] Карта №{ $position } { NAME($player, case: "gen", fallback: "игрока") }
    } ({ $card }): { $hits ->
        [0] {""}
        [one] { $hits } меч
        [few] { $hits } меча
       *[many] { $hits } мечей
    }{ $cost ->
        [0] {""}
       *[other] { $hits ->
            [0] плата за двойную атаку
           *[other] { " " }и плата за двойную атаку
        }
    } → { $result }.
sol-event-standing = { $player_is_you ->
        [yes] Вы
       *[no] { $player }
    }: { $cards ->
        [0] карт не осталось
       *[other] { $lives ->
            [one] { $lives } жизнь
            [few] { $lives } жизни
           *[many] { $lives } жизней
        } на { $cards ->
            [one] { $cards } карте
           *[other] { $cards } картах
        }
    }, { $swords ->
        [one] { $swords } меч
        [few] { $swords } меча
       *[many] { $swords } мечей
    }.
sol-event-rank = { $place }. { $player_is_you ->
        [yes] Вы
       *[no] { $player }
    }: { $lives ->
        [one] { $lives } жизнь
        [few] { $lives } жизни
       *[many] { $lives } жизней
    }, мечей до войны: { $swords }.
sol-event-last-standing = 🏁 Все остальные сбросили карты: { $player_is_you ->
        [yes] вы забираете все банки.
       *[no] { $player } забирает все банки.
    }
sol-event-pot = { $main ->
        [yes] Основной банк
       *[no] Побочный банк { $pot }
    }: { $chips } ({ $players }).
sol-event-winnings = 🏆 { $player_is_you ->
        [yes] Вы выигрываете
       *[no] { $player } выигрывает
    } { $chips ->
        [one] { $chips } фишку
        [few] { $chips } фишки
       *[many] { $chips } фишек
    }.
sol-event-rake = Заведение берёт комиссию { $chips }.
sol-event-net = { $player_is_you ->
        [yes] Вы
       *[no] { $player }
    }: стек { $stack }, итог { $net }.
sol-event-game-over = Игра окончена. { $winners_count ->
        [one] { $winners_has_you ->
            [yes] Вы победили!
           *[no] Победитель: { $winners }.
        }
       *[other] Победители: { $winners }.
    }

## Отказы
sol-error-self = Нельзя выбрать себя.
sol-error-own-card = Мечи направляются только в карты других игроков.
sol-error-no-unmarked = У { NAME($player, case: "gen", fallback: "игрока") } не осталось непомеченных карт.
sol-error-nothing-to-interrogate = Ни у кого из других игроков нет непомеченных карт.
sol-error-card-marked = Карта №{ $position } уже помечена.
sol-error-card-gone = Карты №{ $position } больше нет.
sol-error-card-revealed = Карта №{ $position } уже вскрыта.
sol-error-bad-position = На позиции { $position } нет карты (позиции 1–{ $cards }).
sol-error-price-above-stack = Цена не может превышать стек { NAME($player, case: "gen", fallback: "игрока") } ({ $stack }).
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
sol-error-no-cards = У { NAME($player, case: "gen", fallback: "игрока") } не осталось карт.
sol-bet-error-no-betting = Сейчас никто не делает ставку.
sol-bet-error-not-your-turn = { $player_is_you ->
        [yes] Сейчас ставку делаете вы.
       *[no] Сейчас ставку делает { $player }.
    }
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
        [castling] 🔄 Фаза I — Рокировка, ход { $move }: { $player_is_you ->
                [yes] ходите вы
               *[no] ходит { $player }
            }.
        [betting] 💵 Фаза II — круг ставок { $round } из { $rounds }: { $player_is_you ->
                [yes] ходите вы
               *[no] ходит { $player }
            }{ $call ->
            [0] .
           *[other] , до колла { NUMBER($call, useGrouping: 0) }.
        }
        [reveal] 👁 Фаза II — круг вскрытия { $circle } из { $circles }: { $sequential ->
            [yes] { $player_is_you ->
                    [yes] открываете вы
                   *[no] открывает { $player }
                }.
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
sol-summary-player = { $number }. { $player_is_you ->
        [yes] Вы
       *[no] { $player }
    }{ $status ->
        [folded] { " " }(фолд)
       *[in] {""}
    }{ $ready ->
        [yes] { " " }✅
       *[no] {""}
    } — { $status ->
        [all_in] олл-ин
       *[other] { NUMBER($stack, useGrouping: 0) } { $stack ->
            [one] фишка
            [few] фишки
           *[many] фишек
        }
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
sol-summary-buy-in = { $number }. { $player_is_you ->
        [yes] Вы
       *[no] { $player }
    }: { $chosen ->
        [yes] бай-ин { NUMBER($chips, useGrouping: 0) } { $chips ->
            [one] фишка
            [few] фишки
           *[many] фишек
        }.
       *[no] бай-ин ещё не выбран…
    }
sol-summary-legend = Карты слева направо, номер:карта (номер карты не меняется всю игру); 🂠 рубашкой вверх; (3🔴✓) метка: игроку 3 ответили «{ sol-colour-red }» 🔴 / «{ sol-colour-black }» ⚫, и он сказал ✓ «{ sol-believe }» / ✗ «{ sol-disbelieve }»; 🛡 щит, ❤ обычная карта, затем число жизней.
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
        [trade] обмен вашей карты №{ $own } на карту №{ $position } { NAME($target, case: "gen", fallback: "игрока") }{ $price ->
            [0] .
           *[other] , запрошенная цена: { NUMBER($price, useGrouping: 0) }.
        }
       *[interrogate] допрос { NAME($target, case: "gen", fallback: "игрока") } о карте №{ $position }{ $said ->
            [yes] , вам ответили «{ $named }».
           *[no] .
        }
    }
sol-summary-offer = 🤝 { $player_is_you ->
        [yes] Вы предлагаете
       *[no] { $player } предлагает
    } свою карту №{ $own } за вашу №{ $position }{ $price ->
        [0] .
       *[other] ; ваша цена: { NUMBER($price, useGrouping: 0) }.
    }
sol-summary-reveal-choice = 👁 Вы выбрали для вскрытия №{ $position } ({ $card }); выбор можно изменить, пока не выбрали все.
sol-summary-order = 📜 Ваш приказ{ $complete ->
        [yes] {""}
       *[no] { " " }(не закончен)
    }: { $kind } — { $aim1 ->
        [card] карта №{ $position1 } { NAME($target1, case: "gen", fallback: "игрока") }
        [player] карта { NAME($target1, case: "gen", fallback: "игрока") }
       *[none] …
    }{ $double ->
        [yes] { " " }и { $aim2 ->
            [card] карта №{ $position2 } { NAME($target2, case: "gen", fallback: "игрока") }
            [player] карта { NAME($target2, case: "gen", fallback: "игрока") }
           *[none] …
        }, плата — { $cost_chosen ->
            [no] …
           *[yes] ваша карта №{ $cost }.
        }
       *[no] { $aim1 ->
            [none] {""}
           *[other] .
        }
    }
sol-error-buy-in-range = Бай-ин должен быть от { $min } до { $max } фишек.
sol-error-option-small-blind = младший блайнд не может быть больше старшего ({ $big })
sol-error-option-no-seat = места { $seat } нет
sol-error-option-buy-in-range = бай-ин должен быть от { $min } до { $max } фишек
