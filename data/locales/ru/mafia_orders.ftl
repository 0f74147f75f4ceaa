## «Мафия героев»: лист заявок ночи или дня (games/mafia/sheet.py) и начало фаз

## Лист целиком
mafia-phase-night = Ночь
mafia-phase-day = День
mafia-sheet = 📜 { $phase } { $number }
    ✋ Рука ({ $hand_count }): { $hand }
    🧥 Рукав ({ $sleeve_count }): { $sleeve }
    { $facts }
    📝 Ваша заявка:
    { $order }
    { $status }
mafia-sheet-leader = 👑 Вы — Лидер: все ваши цены на 1 меньше.
mafia-sheet-artifact = 🏺 Артефакт у вас: каждую ночь он даёт 3 брони, а днём вы тайно передаёте его дальше.
mafia-sheet-wounded = 🩸 Вы смертельно ранены: за вас нельзя голосовать на вече, ваш голос на вече и при выборе Лидера считается за 0,5 (голос мафии за жертву сохраняет свой вес), и вы погибнете в конце второй фазы после той, в которой лишились карт.
mafia-sheet-psychic = 👁 Верх вашей Колоды: { $cards }

## Части заявки (кнопки, которые их меняют)
mafia-part-hand = ✋ Карта из Руки
mafia-part-sleeve = 🧥 Карта из Рукава
mafia-part-kill = 🔪 Голос за жертву
mafia-part-boost = 💢 Усиление
mafia-part-veche = ⚖ Голос на вече
mafia-part-leader = 👑 Выборы Лидера
mafia-part-artifact = 🏺 Артефакт
mafia-part-check = 🎯 Проверка Киллера
mafia-part-paranoid = 🛡 Рукав на броню
mafia-part-croupier = 🎲 Сброс и добор
mafia-part-order = 🔀 Порядок Руки
mafia-part-invisible = 👻 Невидимые карты
mafia-part-arrange = 🔮 Порядок Гадания
mafia-part-message = ✉ Сообщение Босса
mafia-part-redraw = 🍀 Набрать заново

## Каждая часть как она есть (строка листа)
mafia-order-hand-none = ✋ Из Руки: ничего
mafia-order-sleeve-none = 🧥 Из Рукава: ничего
mafia-order-under = ✋ Под низ Колоды вместо розыгрыша: { $cards }
mafia-order-hand = ✋ Из Руки: { $card }{ $has_target ->
    [yes] {" → "}{ $target }
   *[no] {""}
}{ $trick ->
    [yes] {" "}(трюк Фокусника: копия вместо добора)
   *[no] {""}
}{ $has_paid ->
    [yes] , оплата: { $paid }
   *[no] {""}
}{ $has_text ->
    [yes] : «{ $text }»
   *[no] {""}
}
mafia-order-sleeve = 🧥 Из Рукава: { $card }{ $has_target ->
    [yes] {" → "}{ $target }
   *[no] {""}
}{ $trick ->
    [yes] {" "}(трюк Фокусника: копия вместо добора)
   *[no] {""}
}{ $has_paid ->
    [yes] , оплата: { $paid }
   *[no] {""}
}{ $has_text ->
    [yes] : «{ $text }»
   *[no] {""}
}
mafia-order-kill-none = 🔪 Голос за жертву: нет
mafia-order-kill = 🔪 Голос за жертву: { $player }
mafia-order-boost-none = 💢 Без усиления
mafia-order-boost = 💢 Жертва Мафии получит на 2 урона больше{ $has_paid ->
    [yes] ; оплата: { $paid }
   *[no] {" "}(для вас бесплатно)
}
mafia-order-veche-none = ⚖ Вече: без голоса
mafia-order-veche = ⚖ Вече: { $player }, { $kind }
mafia-order-leader-none = 👑 Выборы Лидера: без голоса
mafia-order-leader = 👑 Выборы Лидера: { $player_is_you ->
    [yes] голос за себя
   *[no] { $player }
}
mafia-order-artifact-none = 🏺 Кому передать артефакт: никому (он уйдёт случайному персонажу, который им ещё не владел)
mafia-order-artifact = 🏺 Кому передать артефакт: { $player }
mafia-order-check-none = 🎯 Без проверки
mafia-order-check = 🎯 Проверка: { $player }; названы: { $cards }
mafia-order-paranoid = 🛡 { $count ->
    [0] Рукав на броню не тратится
   *[other] Потратить на броню (+{ $armor }): { $cards }
}
mafia-order-croupier-none = 🎲 Без сброса и добора
mafia-order-croupier = 🎲 Сбросить и добрать новую: { $card }
mafia-order-hand-order = 🔀 Порядок Руки (урон сбрасывает с первой): { $cards }
mafia-order-arrange = 🔮 Верх Колоды по порядку: { $cards }
mafia-order-invisible = 👻 { $count ->
    [0] Невидимых карт нет
   *[other] Невидимые карты: { $cards }
}
mafia-order-message = ✉ Сообщение Босса: { $ready ->
    [yes] можно отправить сейчас
   *[no] пока нельзя (раз в две фазы)
}
mafia-order-redraw = 🍀 Можно вернуть Руку в Колоду и набрать заново (только в Ночь 1)

## Вопросы при составлении части
mafia-ask-hand = ✋ Какую карту сыграть из Руки?
mafia-ask-sleeve = 🧥 Какую карту сыграть из Рукава?
mafia-ask-under = ⬇ Какие карты из Руки убрать под низ Колоды (одну или две, в этом порядке)? В конце ночи вы доберёте им замену.
mafia-ask-trick = 🎩 { $card }: применить трюк Фокусника (раз за игру)? Вместо добора вы возьмёте в Руку копию этой карты.
mafia-ask-as-question = 📰 { $card }: сыграть как есть или как Вопрос?
mafia-ask-target = 🎯 { $card }: кого выбрать целью?
mafia-ask-letter = ✉ { $card }: напишите сообщение (только текст, без ссылок). Адресат получит его в конце фазы.
mafia-ask-pay = 💰 Цена карты «{ $card }» — { $cost }: выберите { $cost ->
    [one] карту
    [few] { $cost } карты
   *[many] { $cost } карт
} на сброс (из Руки — не больше двух).
mafia-ask-kill = 🔪 Мафия выбирает жертву: за кого вы голосуете этой ночью?
mafia-ask-boost = 💢 Добавить жертве 2 урона{ $cost ->
    [0] {" "}(для вас как Лидера бесплатно)?
   *[other] {" "}за цену { $cost }?
}
mafia-ask-pay-boost = 💰 Цена усиления — { $cost }: выберите { $cost ->
    [one] карту
    [few] { $cost } карты
   *[many] { $cost } карт
} на сброс.
mafia-ask-boost-question = 📰 Применить к жертве ещё и эффект карты «{ $card }»?
mafia-ask-veche = ⚖ Вече: за кого вы голосуете? Голос тайный; за себя голосовать нельзя.
mafia-ask-veche-kind = ⚖ Ваш голос на вече — { $player }: казнь (6 урона) или избиение (2 урона)?
mafia-ask-leader = 👑 За кого вы голосуете на выборах Лидера? Голосование открытое; за себя голосовать можно, за действующего Лидера — нет.
mafia-ask-artifact = 🏺 Кому тайно передать артефакт? Если никому, тому, кто сегодня погибнет, или тому, кто уже владел им, артефакт уйдёт случайному персонажу, который им ещё не владел.
mafia-ask-check = 🎯 Киллер: чью Руку проверить? Одну и ту же цель дважды выбирать нельзя.
mafia-ask-check-names = 🎯 Цель: { $player }, карт в Руке: { $count }. Назовите карты цвета «{ $colour }», которые, по-вашему, там есть (осталось назвать: { $left }; всего названий — { $count }). Если угадана хотя бы половина, вы получите в Рукав две карты Патрон.
mafia-ask-paranoid = 🛡 Какие карты из Рукава потратить на броню (каждая даёт { $armor } брони)?
mafia-ask-croupier = 🎲 Крупье (раз за игру): какую карту из Руки сбросить, чтобы взять новую?
mafia-ask-order = 🔀 Выберите все карты Руки в новом порядке: урон сбрасывает карты начиная с первой.
mafia-ask-arrange = 🔮 Гадание: выберите карты в том порядке, в каком они вернутся на верх Колоды (первая окажется сверху).
mafia-ask-invisible = 👻 Какие карты Руки сделать невидимыми (они не входят в публичное число карт)? Остальные станут видимыми.
mafia-ask-message-to = ✉ Босс: кому из Мафии написать? Сообщение придёт сразу; писать можно раз в две фазы.
mafia-ask-message = ✉ Напишите сообщение (только текст, без ссылок). Адресат: { $player }.
mafia-ask-redraw = 🍀 Везунчик: вернуть Руку в Колоду, перемешать её и набрать карты заново? Только в Ночь 1 и только один раз.

## Варианты
mafia-opt-under = ⬇ Убрать карты под Колоду
mafia-opt-no-card = Без карты
mafia-opt-no-vote = Не голосовать
mafia-opt-no-check = Без проверки
mafia-opt-trick-yes = 🎩 Взять копию
mafia-opt-trick-no = Добрать как обычно
mafia-opt-as-itself = Сыграть как «{ $card }»
mafia-opt-as-question = 📰 Сыграть как «{ $card }»
mafia-opt-boost-yes = 💢 Усилить (цена { $cost })
mafia-opt-boost-no = Не усиливать
mafia-opt-boost-question-yes = 📰 Да, применить
mafia-opt-boost-question-no = Нет
mafia-opt-execution = ⚔ Казнь
mafia-opt-beating = 👊 Избиение
mafia-opt-artifact-random = 🎲 Никому (уйдёт случайно)
mafia-opt-name = { $card }
mafia-opt-croupier-no = Ничего не сбрасывать
mafia-opt-redraw-yes = 🍀 Набрать заново
mafia-opt-redraw-no = Оставить Руку

## Почему вариант недоступен
mafia-refuse-card-used = Эта карта уже задействована в части «{ $part }».
mafia-refuse-under-instead = Ночью можно либо играть карты, либо убирать карты под Колоду, но не то и другое сразу.
mafia-refuse-when = Карту «{ $card }» можно играть только { NAME($when, case: "ins") }.
mafia-refuse-no-target = Сейчас эту карту не на кого направить.
mafia-refuse-cannot-pay = Не хватает карт, чтобы оплатить цену { $cost } (из Руки — не больше двух).
mafia-refuse-hand-pay = На одну цену можно сбросить из Руки не больше { $count ->
    [one] { $count } карты
   *[other] { $count } карт
}.
mafia-refuse-self = Себя выбрать нельзя: выберите другого персонажа.
mafia-refuse-dead = { $player_is_you ->
    [yes] Вы уже не в живых.
   *[no] Персонажа { $player } уже нет в живых.
}
mafia-refuse-sociopath = Социопата нельзя выбирать целью в Ночь 1 и День 1.
mafia-refuse-link = Без ссылок: только текст.
mafia-refuse-check-mafia = Членов Мафии Киллер не проверяет.
mafia-refuse-checked = Эту цель вы уже проверяли ({ $player }): одну цель дважды не выбирают.
mafia-refuse-no-hand = Называть нечего: в Руке цели нет карт ({ $player }).
mafia-refuse-not-mafia = Босс пишет только членам Мафии.
mafia-refuse-boss-wait = Босс может писать раз в две фазы: пока рано.

## Немедленные действия и начало фаз
mafia-event-hand-ordered = 🔀 Новый порядок Руки: { $cards }.
mafia-event-arranged = 🔮 Теперь на верху Колоды: { $cards }.
mafia-event-invisible = 👻 { $count ->
    [0] Все карты Руки видимы.
    [one] Теперь невидима карта: { $cards }.
   *[other] Теперь невидимы карты: { $cards }.
}
mafia-event-boss-message = ✉ Сообщение от Босса ({ $player }): { $text }
mafia-event-boss-sent = ✉ Сообщение доставлено. Адресат: { $player }.
mafia-event-redrawn = 🍀 Вы вернули Руку в Колоду, перемешали её и набрали { $count ->
    [one] { $count } карту
    [few] { $count } карты
   *[many] { $count } карт
}: { $cards }.
mafia-event-day-begins = ☀ Наступает День { $number }.
mafia-event-night-falls = 🌙 Наступает Ночь { $number }.
