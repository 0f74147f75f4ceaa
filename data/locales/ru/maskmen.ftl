## Maskmen: цвета, подсказки, события, отказы, цепочка силы словами и картинкой.

maskmen-colour-pink = Розовый
maskmen-colour-blue = Синий
maskmen-colour-green = Зелёный
maskmen-colour-grey = Серый
maskmen-colour-orange = Оранжевый
maskmen-colour-purple = Фиолетовый
maskmen-colour-pink-of = Розового
maskmen-colour-blue-of = Синего
maskmen-colour-green-of = Зелёного
maskmen-colour-grey-of = Серого
maskmen-colour-orange-of = Оранжевого
maskmen-colour-purple-of = Фиолетового
maskmen-forced-pass = { $player_is_you ->
        [yes] Вам нечем побить { $colour } × { $count }: за вас объявлен пас.
       *[no] { $player }: побить { $colour } × { $count } нечем — пас.
    }
maskmen-standings = 📊 Итоговая таблица{ $duel ->
        [yes] { " " }(по выигранным сезонам):
       *[no] { " " }(по очкам; при равенстве выше тот, кто чаще получал +2):
    }
maskmen-standings-row = { $place }. { $player_is_you ->
        [yes] Вы
       *[no] { $player }
    } — { $duel ->
        [yes] { $points ->
            [one] { $points } сезон
            [few] { $points } сезона
           *[many] { $points } сезонов
        }
       *[no] { $points ->
            [one] { $points } очко
            [few] { $points } очка
           *[many] { $points } очков
        }, +2 { $twos ->
            [0] ни разу
            [one] { $twos } раз
            [few] { $twos } раза
           *[many] { $twos } раз
        }
    }
maskmen-standings-tiebreak = Поровну очков ({ $points }): { $players }; места решило число полученных +2.

maskmen-rules =
    «Маскмены» (Maskmen) — 2–6 игроков, 60 карт рестлеров шести цветов (по 10 каждого).
    • В начале каждого сезона колода тасуется и раздаётся: по 15 карт при 2–4 игроках, по 12 при 5, по 10 при 6; остальные откладываются в закрытую.
    • В свой ход выложите 1–3 карты одного цвета или спасуйте. Пас лишь выводит вас из текущего раунда; карты остаются у вас.
    • Ведущий (ринг пуст, пасовать нельзя): цвет, ещё не дебютировавший в этом сезоне, — ровно 1 карта; дебютировавший цвет — 1, 2 или 3 карты.
    • Ответ на N карт цвета: цвет, уже доказанно более сильный, — ровно N карт; несвязанный цвет — ровно N+1 карт (не больше 3), и это доказывает, что он сильнее. Тот же цвет и доказанно более слабый — никогда.
    • Доказанная сила транзитивна (A сильнее B, B сильнее C — значит, A сильнее C) и действует до конца сезона; бот показывает цепочку силы после каждого изменения.
    • После розыгрыша 3 карт ринг сразу пустеет, и сыгравший ведёт следующий раунд. Иначе, когда все остальные участники раунда спасовали, ринг пустеет и ведёт тот, кто играл последним.
    • Конец сезона (домашнее правило «первый вышедший», по умолчанию): первый, кто избавился от всех карт, заканчивает сезон и получает +2; из остальных меньше всех карт — +1, больше всех — −1 (при равенстве очки у всех равных; если у всех поровну — 0).
    • Домашнее правило «до последнего»: игра идёт дальше, вышедшие выбывают; первый вышедший получает +2, второй +1, последний, у кого остались карты, −1.
    • Получивший −1 ведёт первый раунд следующего сезона. После оговорённого числа сезонов (по умолчанию 4) побеждает набравший больше всех очков; при равенстве — тот, кто чаще получал +2.
    • Двое игроков: очков нет — побеждает первый, кто выиграет 3 сезона.
    • На ход даётся срок (по умолчанию 60 с). Когда он истекает, бот пасует за вас, а если вы ведёте — выкладывает 1 карту цвета, которого у вас больше всего.

maskmen-house-first_out = сезон заканчивается, когда кто-то избавился от карт
maskmen-house-last_standing = игра идёт, пока карты не останутся у одного игрока

## Подсказки и варианты (приходят в личные сообщения: в них ваша рука)

maskmen-hand-line = { maskmen-colour-pink } { $pink } · { maskmen-colour-blue } { $blue } · { maskmen-colour-green } { $green } · { maskmen-colour-grey } { $grey } · { maskmen-colour-orange } { $orange } · { maskmen-colour-purple } { $purple }
maskmen-prompt-lead =
    Раунд { $trick }: вы ведёте. Ринг пуст, поэтому нужно сыграть: новый цвет — 1 карта, дебютировавший цвет — 1–3 карты.
    Карты в руке ({ $total ->
        [one] { $total } карта
        [few] { $total } карты
       *[many] { $total } карт
    }): { maskmen-colour-pink } { $pink } · { maskmen-colour-blue } { $blue } · { maskmen-colour-green } { $green } · { maskmen-colour-grey } { $grey } · { maskmen-colour-orange } { $orange } · { maskmen-colour-purple } { $purple }
maskmen-prompt-answer =
    Раунд { $trick }: на ринге { $ring_colour } × { $ring_count } ({ $ring_player_is_you ->
        [yes] ваши карты
       *[no] карты { NAME($ring_player, case: "gen", fallback: "игрока") }
    }). Побейте или спасуйте.
    Карты в руке ({ $total ->
        [one] { $total } карта
        [few] { $total } карты
       *[many] { $total } карт
    }): { maskmen-colour-pink } { $pink } · { maskmen-colour-blue } { $blue } · { maskmen-colour-green } { $green } · { maskmen-colour-grey } { $grey } · { maskmen-colour-orange } { $orange } · { maskmen-colour-purple } { $purple }
maskmen-option-play = { $colour } × { $count }
maskmen-option-pass = Пас

## События

maskmen-season-start = 🔔 Начинается сезон { $season }: каждому по { $cards ->
        [one] { $cards } карте
        [few] { $cards } карты
       *[many] { $cards } карт
    }. { $leader_is_you ->
        [yes] Ведёте вы.
       *[no] Ведёт { $leader }.
    }
maskmen-hand = Карты в руке ({ $total ->
        [one] { $total } карта
        [few] { $total } карты
       *[many] { $total } карт
    }): { maskmen-colour-pink } { $pink } · { maskmen-colour-blue } { $blue } · { maskmen-colour-green } { $green } · { maskmen-colour-grey } { $grey } · { maskmen-colour-orange } { $orange } · { maskmen-colour-purple } { $purple }
maskmen-play = { $player_is_you ->
        [yes] Вы выставляете
       *[no] { $player } выставляет
    } { $colour } × { $count } ({ $left ->
        [0] карт больше нет
        [one] осталась { $left } карта
        [few] осталось { $left } карты
       *[many] осталось { $left } карт
    }).
maskmen-debut = ✨ { $colour } дебютирует в этом сезоне.
maskmen-proved = 💪 { $stronger } сильнее { $weaker_of }{ $implied ->
        [0] .
        [one] ; отсюда следует ещё { $implied } соотношение.
        [few] ; отсюда следуют ещё { $implied } соотношения.
       *[many] ; отсюда следуют ещё { $implied } соотношений.
    }
maskmen-pass = { $player_is_you ->
        [yes] Вы пасуете.
       *[no] { $player } пасует.
    }
maskmen-cleared-three = Три карты: ринг пустеет. { $leader_is_you ->
        [yes] Следующий раунд ведёте вы.
       *[no] Следующий раунд ведёт { $leader }.
    }
maskmen-cleared-passed = Все остальные спасовали: ринг пустеет. { $leader_is_you ->
        [yes] Следующий раунд ведёте вы.
       *[no] Следующий раунд ведёт { $leader }.
    }
maskmen-lead-passes = { $player_is_you ->
        [yes] У вас не осталось карт
       *[no] У { NAME($player, case: "gen", fallback: "игрока") } не осталось карт
    }, поэтому { $leader_is_you ->
        [yes] ведёте вы.
       *[no] ведёт { $leader }.
    }
maskmen-out = 🏁 { $player_is_you ->
        [yes] Вы избавляетесь от последней карты и выбываете
       *[no] { $player } избавляется от последней карты и выбывает
    } (место { $place }).
maskmen-season-end = 🏆 Сезон { $season } окончен: { $winner_is_you ->
        [yes] его выигрываете вы.
       *[no] его выигрывает { $winner }.
    }
maskmen-season-score = { $player_is_you ->
        [yes] Вы
       *[no] { $player }
    }: { $signed } за сезон, всего { $total } ({ $cards ->
        [0] карт не осталось
        [one] осталась { $cards } карта
        [few] осталось { $cards } карты
       *[many] осталось { $cards } карт
    }).
maskmen-duel-season = { $player_is_you ->
        [yes] Вы
       *[no] { $player }
    }: побед в сезонах — { $wins } из { $need } (у соперника { $cards ->
        [one] оставалась { $cards } карта
        [few] оставалось { $cards } карты
       *[many] оставалось { $cards } карт
    }).
maskmen-game-end = 🏆 Игра «Маскмены» окончена. { $count ->
        [one] { $winners_has_you ->
            [yes] Вы победили!
           *[no] Победитель: { $winners }.
        }
       *[other] Победители: { $winners }.
    }

## Отказы (ход, набранный текстовой командой)

maskmen-error-must-lead = Вы ведёте этот раунд и должны сыграть: на пустом ринге пасовать нельзя.
maskmen-error-too-many = За один ход нельзя выложить больше 3 карт (вы пытались { $count }).
maskmen-error-not-held = У вас нет { $colour } × { $count } (в руке таких карт: { $held }).
maskmen-error-debut-one = { $colour } ещё не дебютировал в этом сезоне: им можно начать раунд только одной картой.
maskmen-error-same-colour = { $colour } уже на ринге: побить его нужно другим цветом.
maskmen-error-weaker = Доказано, что { $colour } слабее { $ring_colour_of }: побить его нельзя.
maskmen-error-wrong-count = На { $ring_colour } × { $ring_count } можно ответить только { $colour } × { $need }, а не × { $count }.
maskmen-error-cannot-beat = Чтобы побить { $ring_colour } × { $ring_count }, цвету { $colour } понадобилось бы больше 3 карт.

## Цепочка силы: подписи к картинке и текст для экранных чтецов

maskmen-picture-title = Цепочка силы — сезон { $season }
maskmen-picture-legend = Сильные цвета выше; каждая стрелка указывает на побеждённый цвет.
maskmen-picture-unrelated = соотношение не доказано
maskmen-picture-undebuted = ещё не дебютировали
maskmen-picture-empty = Пока ни один цвет не дебютировал.
maskmen-order-chains = Цепочка силы: { $chains }.
maskmen-order-isolated = Без доказанного соотношения: { $colours }.
maskmen-order-undebuted = Ещё не дебютировали: { $colours }.
maskmen-order-empty = В этом сезоне ещё ни один цвет не дебютировал.

## Строки состояния (сообщение о ходе игры, «мой обзор», сводка в терминале)

maskmen-status-season = Сезон { $season } из { $seasons }, раунд { $trick }.
maskmen-status-duel = Сезон { $season }: побеждает первый, кто выиграет { $need ->
        [one] { $need } сезон
        [few] { $need } сезона
       *[many] { $need } сезонов
    }.
maskmen-status-ring = На ринге: { $colour } × { $count } ({ $player_is_you ->
        [yes] ваши
       *[no] карты { NAME($player, case: "gen", fallback: "игрока") }
    }).
maskmen-status-ring-empty = Ринг пуст: { $player_is_you ->
        [yes] ведёте вы.
       *[no] ведёт { $player }.
    }
maskmen-status-turn = { $player_is_you ->
        [yes] Ходите вы.
       *[no] Ходит: { $player }.
    }
maskmen-status-player = { $player_is_you ->
        [yes] Вы
       *[no] { $player }
    }: { $cards ->
        [one] { $cards } карта
        [few] { $cards } карты
       *[many] { $cards } карт
    }, очков: { $points }{ $state ->
        [passed] , пас в этом раунде
        [out] , вне игры до конца сезона
       *[in] {""}
    }.
maskmen-status-player-duel = { $player_is_you ->
        [yes] Вы
       *[no] { $player }
    }: { $cards ->
        [one] { $cards } карта
        [few] { $cards } карты
       *[many] { $cards } карт
    }, выиграно сезонов: { $points }{ $state ->
        [passed] , пас в этом раунде
        [out] , вне игры до конца сезона
       *[in] {""}
    }.
maskmen-status-beats = { $count ->
        [0] { $colour }: пока никого не победил.
       *[other] { $colour } сильнее { $beaten }.
    }
maskmen-status-gm-hand = Карты { NAME($player, case: "gen", fallback: "игрока") } ({ $total }): { maskmen-colour-pink } { $pink } · { maskmen-colour-blue } { $blue } · { maskmen-colour-green } { $green } · { maskmen-colour-grey } { $grey } · { maskmen-colour-orange } { $orange } · { maskmen-colour-purple } { $purple }
maskmen-status-set-aside = Отложено ({ $total }): { maskmen-colour-pink } { $pink } · { maskmen-colour-blue } { $blue } · { maskmen-colour-green } { $green } · { maskmen-colour-grey } { $grey } · { maskmen-colour-orange } { $orange } · { maskmen-colour-purple } { $purple }
