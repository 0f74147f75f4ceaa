## Общие сообщения: отказы, списки, слова подсказок.

list-nobody = никто
you-name = вы
option-disabled = { $option } ✗ { $reason }
option-explained = { $option } — { $text }
error-player-count = В этой игре { $min }–{ $max } { $max ->
    [one] игрок
    [few] игрока
   *[many] игроков
}; сейчас { $count }.
error-bad-option = Домашнее правило «{ $option }» задано неверно: { $reason }.
error-option-unknown = в этой игре нет такого домашнего правила
error-option-greater-than-equal = значение должно быть не меньше { $limit }
error-option-greater-than = значение должно быть больше { $limit }
error-option-less-than-equal = значение должно быть не больше { $limit }
error-option-less-than = значение должно быть меньше { $limit }
error-option-number = нужно целое число
error-option-yes-no = нужно true или false
error-option-one-of = допустимые значения: { $choices }
error-option-invalid = такое значение недопустимо
error-malformed = Ответ не распознан.
error-game-over = Игра окончена.
error-unknown-player = Такого игрока в этой игре нет.
error-stale = Этот выбор устарел: игра уже ушла дальше.
error-not-your-prompt = Этот выбор делаете не вы.
error-no-such-option = «{ $value }» — нет среди вариантов.
error-out-of-range = Выберите число от { $low } до { $high }.
error-duplicate = Это уже сделано; ничего не изменилось.
error-paused = Игра поставлена на паузу модератором.
error-not-paused = Игра не на паузе.
error-no-game = Такой игры нет.
bot-acted = ⏰ { $player_is_you ->
    [yes] Ваше время вышло: за вас сходил бот.
   *[no] { $player }: время вышло, за этого игрока сходил бот.
}
prompt-deadline = Ответьте до { $when }.
prompt-your-choice = Ваш выбор: { $choice }. Его можно изменить, пока не выбрали все.
prompt-waiting-for = Ждём: { $players }.
reminder = ⏳ { $player }, ответьте, пожалуйста: { $seconds ->
    [one] осталась { $seconds } секунда.
    [few] осталось { $seconds } секунды.
   *[many] осталось { $seconds } секунд.
}
game-over-winners = 🏆 { $winners_count ->
    [one] Победитель
   *[other] Победители
}: { $winners }.
moderator-paused = ⏸ Модератор поставил игру на паузу.
moderator-resumed = ▶ Модератор продолжил игру.
moderator-extended = ⏱ Модератор продлил срок на { $seconds ->
    [one] { $seconds } секунду
    [few] { $seconds } секунды
   *[many] { $seconds } секунд
}.
moderator-forced = ⏩ Модератор завершил срок досрочно.
moderator-replaced = 🔁 Место { NAME($old, case: "gen", fallback: "игрока") } занимает { $new }.
moderator-removed = 🚪 Игрок { $player } удалён из игры; его место занимает бот.
moderator-rolled-back = ⏪ Модератор откатил игру к шагу { $step }.
moderator-ended = 🛑 Модератор завершил игру.
coins = { $count ->
    [one] { $count } монета
    [few] { $count } монеты
   *[many] { $count } монет
}
offline-welcome = Офлайн-игра «{ $game }», игроков: { $players } (игра №{ $id }). Одно место ваше, за остальных играют боты: { $bots }.
offline-watch = Офлайн-игра { $game }: за всех играют боты.
offline-help = Введите номер варианта; «h» — список команд, «q» — сохранить и выйти.
offline-signup-help = Введите номер варианта; «?» — все варианты с полными пояснениями, «rules» — правила, «h» — список команд, «q» — выйти.
offline-amount = …или введите =N — сумму от { $low } до { $high } (например, ={ $low }).
offline-text = Введите ответ и нажмите Enter.
offline-bad-number = Введите одно из чисел 1–{ $count } ({ $question }, «h» — список команд).
offline-alone = «{ $choice }» выбирается отдельно: введите только этот номер.
offline-question-signup = «?» — все варианты с полными пояснениями
offline-question-cookie = «?» — стол: монеты, открытые карты, ваша роль и кем может быть каждый
offline-question-maskmen = «?» — стол: ваши карты, ринг, очки и кто кого бьёт
offline-question-sword-of-lies = «?» — стол: фишки, карты и метки, ваши собственные карты
offline-question-castle = «?» — стол, выходы из вашего зала и где лежат артефакты
offline-question-mafia = «?» — ваши роли, карты с их текстами, ваша заявка и что вы узнали
offline-private = 🔒 (видите только вы)
offline-your-turn = ▶ Ваш ход:
offline-saved = Игра №{ $id } сохранена. Продолжить: { $command }
offline-finished = Игра №{ $id } окончена.
offline-results = { $player }: { $score }
offline-not-configured = DISCORD_TOKEN не задан, поэтому Discord-бот не запустится. Запускаю офлайн-игру в терминале. Чтобы запустить бота, скопируйте .env.example в .env, впишите туда токен и запустите снова (см. README).
offline-commands = Команды: номер — выбрать этот вариант (✗ отмечает недоступный сейчас вариант и объясняет почему); =N — ввести сумму, где её спрашивают; «?» — ваша сводка по игре; «rules» — правила; «h» или «help» — этот список; «q», Ctrl-C или Ctrl-D — сохранить игру и выйти.
offline-no-game = Сохранённой игры №{ $id } здесь нет.
offline-already-over = Игра №{ $id } («{ $game }») уже окончена.
offline-resumed = Продолжаем «{ NAME($game, case: "acc") }», игра №{ $id } (шаг { $step }). Положение дел:
cli-unknown-game = Игры «{ $game }» нет. Есть: { $games }.
cli-house-rules = Домашние правила игры «{ $game }» (--option КЛЮЧ=ЗНАЧЕНИЕ):
cli-house-rule-number = { "  " }{ $name } — целое число { $bounded ->
    [yes] от { $low } до { $high }
   *[no] не меньше { $low }
} (по умолчанию { $default })
cli-house-rule-choice = { "  " }{ $name } — одно из: { $choices } (по умолчанию { $default })
cli-house-rule-yes-no = { "  " }{ $name } — true или false (по умолчанию { $default })
cli-house-rule-text = { "  " }{ $name } — название (по умолчанию { $default })
cli-house-rule-unset = не задано
cli-no-database = Базы данных { $db } нет.
cli-no-game = В { $db } нет игры №{ $id }.{ $offline ->
    [yes] { " " }Есть офлайн-игра №{ $id }: добавьте --db { $offline_db }.
   *[no] {""}
}
cli-export-offline = Игра №{ $id } — офлайн-игра: выгружаю её из { $db }.
cli-game-line = { $game }: от { $min } до { $max } { $max ->
    [one] игрока
   *[other] игроков
}
cookie-title = { $case ->
    [acc] Печеньку
   *[nom] Печенька
}
maskmen-title = Маскмены
sword-of-lies-title = Меч Лжи
offline-picture = 🖼 Картинка цепочки силы (обновляется по ходу игры): { $path }
offline-human-name = Вы
startup-login-refused = Discord не принял токен (DISCORD_TOKEN). Скопируйте новый на портале разработчика в .env.
error-join-field = В этой игре при входе не указывают «{ $field }».
error-bad-join = «{ $field }» задано неверно: { $reason }.
error-too-many-changes = Вы слишком часто меняете выбор. Попробуйте снова через { $seconds } с.
error-not-due = Срок ещё не истёк.
error-pick-exactly = Выберите ровно { $count ->
    [one] { $count } вариант
    [few] { $count } варианта
   *[many] { $count } вариантов
}.
error-pick-between = Выберите от { $low } до { $high } вариантов.
error-picked-twice = «{ $value }» можно выбрать только один раз.
offline-many = { $kind ->
    [one] Введите номер выбранного варианта.
    [exactly] Введите { $high } { $high ->
        [one] номер
        [few] номера
       *[many] номеров
    } через пробел (например, { $example }).
   *[range] Введите от { $low } до { $high } { $high ->
        [one] номера
       *[other] номеров
    } через пробел (например, { $example }).
}
error-text-too-long = Слишком длинный текст: не больше { $limit } знаков.
