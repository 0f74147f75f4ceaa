## Мафия героев: конец фазы (games/mafia/resolution.py и его модули)

## Публичный итог
mafia-event-phase-report = { $phase ->
    [night] 🌅 Ночь { $number } окончена.
   *[day] 🌇 День { $number } окончен.
}
    { $lines }
mafia-line-no-deaths = Никто не погиб.
mafia-line-wounded = 🩸 { $player_is_you ->
    [yes] Вы смертельно ранены: за вас нельзя голосовать на вече; вы погибнете
   *[no] Смертельное ранение у { NAME($player, case: "gen", fallback: "персонажа") }: за этого персонажа нельзя голосовать на вече; гибель —
} { $phases ->
    [1] в конце следующей фазы.
    [one] когда закончится ещё { $phases } фаза.
    [few] когда закончатся ещё { $phases } фазы.
   *[many] когда закончатся ещё { $phases } фаз.
}
mafia-line-death = ☠ { $player_is_you ->
    [yes] Вы погибаете.
   *[no] { $player } погибает.
}
mafia-line-denunciation = 📜 Анонимка на { NAME($player, case: "acc", fallback: "персонажа") }: { $count ->
    [0] карт в Руке нет.
   *[other] в Руке { $colours }.
}
mafia-colour-count = { $count } { $count ->
    [one] карта
    [few] карты
   *[many] карт
} цвета «{ $colour }»
mafia-line-counts = Карт в Руке:

## Личные результаты
mafia-result-dropped-card = ⚠ Заявку на карту { $card } выполнить уже нельзя (карта, цель или цена стали недействительны): карта не сыграна.
mafia-result-dropped = ⚠ { $what ->
    [boost] Усиление способности мафии оплатить не удалось: оно не засчитано.
    [paranoid] Карт из Рукава, которые вы хотели потратить на броню, там уже нет: ничего не потрачено.
    [croupier] Сброс карты Крупье выполнить не удалось.
    [under] Карты убрать под низ Колоды не удалось.
    [check] Проверку выполнить не удалось.
   *[card] Одну из ваших карт сыграть уже нельзя.
}
mafia-result-sabotaged = 🚫 Вашу карту { $card } саботировали: она не подействовала (цена всё равно оплачена).
mafia-result-robbery = 🗝 Грабёж ({ $player }): { $count ->
    [0] Рука пуста, взять нечего.
   *[other] в ваш Рукав: { $cards }.
}
mafia-result-robbed = 🗝 Вас ограбили: из Руки { $count ->
    [one] ушла карта
   *[other] ушли карты
} { $cards }.
mafia-result-disarmed = 🪤 Вас разоружили: весь Рукав сброшен ({ $cards }).
mafia-result-question = ❓ Вопрос ({ $player }): { $count ->
    [0] Рука пуста.
   *[other] в Руке { $colours }.
}
mafia-result-search = 🔍 Обыск ({ $player }): Рука — { $hand }; Рукав — { $sleeve }.
mafia-result-dossier = 📁 Досье ({ $player }): фракция — { $faction }.
mafia-result-surveillance = 👁 Слежка ({ $player }), карты, сыгранные в эту фазу:
    { $lines }
mafia-line-play = { $card }
mafia-line-play-at = { $card } → { $target }
mafia-line-no-play = Ни одной карты не сыграно.
mafia-result-tracker = 📡 Маячок ({ $player }), кто выбирал этого персонажа целью в эту фазу:
    { $lines }
mafia-line-targeted = { $player_is_you ->
    [yes] Вы
   *[no] { $player }
}: { $card }
mafia-line-not-targeted = Картами — никто.
mafia-line-kill-voters = Голосовали за убийство мафией: { $voters }.
mafia-result-eavesdrop = 👂 Подслушивание ({ $player }): голос на вече — за { $candidate_is_you ->
    [yes] вас
   *[no] { NAME($candidate, case: "acc", fallback: "персонажа") }
}, { $kind ->
    [beating] за избиение
   *[execution] за казнь
}.
mafia-result-eavesdrop-none = 👂 Подслушивание ({ $player }): на сегодняшнем вече голоса не было.
mafia-result-check = 🎯 Проверка ({ $player }): { $success ->
    [yes] удача! В ваш Рукав: { $card } × { $count }.
   *[no] неудача, названных карт в Руке слишком мало.
}
mafia-result-letter = ✉ Вам письмо:
    { $text }
mafia-result-intercept = 📨 Перехват ({ $player }), { $kind ->
    [boss] сообщение Босса
   *[letter] письмо
}:
    { $text }
mafia-result-intercept-none = 📨 Перехват ({ $player }): в эту фазу этому персонажу сообщений не было.
mafia-result-divination = 🔮 Гадание: { $count ->
    [0] ваша Колода пуста.
   *[other] верх вашей Колоды по порядку — { $cards }. В следующую фазу их можно переложить в любом порядке.
}
mafia-result-hand = ✋ Ваши карты в конце фазы:
    { $lines }
mafia-line-dealt = Вы получили { $amount } урона; ваша броня: { $armor }.
mafia-line-cancelled = Из-за урона вы не добираете { $count } { $count ->
    [one] карту
    [few] карты
   *[many] карт
}.
mafia-line-discarded = Сброшено из-за урона: { $cards }.
mafia-line-drawn = Взято из Колоды: { $cards }.
mafia-line-gained = В Рукав: { $cards }.
mafia-line-hand-now = Ваша Рука теперь: { $cards }.

## Что сделали гибель и способность мафии (погибшему; мафии)
mafia-result-death = ☠ Что с вами случилось в эту фазу:
    { $lines }
mafia-line-hits = Урон по вам: { $sources }.
mafia-hit = { $source } — { $amount }
mafia-hit-kill = способность мафии
mafia-hit-veche = вече
mafia-hit-delayed = { $card } (отложенный урон)
mafia-line-died = { $why ->
    [wounded] Смертельное ранение: вы погибаете.
    [alien] В Руке осталось карт: { $count }. Пришелец погибает, когда их 1 или меньше: вы погибаете.
   *[empty] В Руке не осталось карт — вы погибаете.
}
mafia-result-kill = 🔪 Способность мафии: { $voted ->
    [no] голосов не было — урона никто не получил.
   *[yes] цель — { $victim }, урон { $damage }{ $capped ->
        [yes] {" "}(в Ночь 1 урон не больше 5)
       *[no] {""}
    }; броня цели: { $armor }.{ $tie ->
        [yes] {" "}Голоса разделились поровну: цель выбрал жребий.
       *[no] {""}
    }
}
