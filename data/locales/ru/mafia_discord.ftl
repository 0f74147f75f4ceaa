# «Мафия героев» в Discord (cogs/mafia.py)
cmd-mafia = Мафия героев (10–12 игроков)
opt-mafia-mode = открытый: имена в Discord; анонимный: только имена явных ролей (по умолчанию открытый)
opt-mafia-pace = живой: ночь 15 мин, день 20 мин; форумный: ночь 12 ч, день 24 ч (по умолчанию живой)
opt-end-when-all-done = Заканчивать фазу досрочно, когда все готовы (по умолчанию да)
opt-allow-untested-size = Разрешить 8–14 игроков (баланс не проверен)
opt-night-seconds = Секунд на ночь (по умолчанию — по темпу)
opt-day-seconds = Секунд на день (по умолчанию — по темпу)
opt-draft-seconds = Секунд на выбор в драфте (по умолчанию — по темпу)
opt-mafia-say-per-minute = Анонимный режим: сколько реплик в минуту может сказать игрок (1–30, по умолчанию 5)

# Игровой канал и ретрансляция в анонимном режиме (bot/discord/channel.py, bot/discord/relay.py)
name-say = сказать
param-text = текст
cmd-mafia-say = Сказать в игровом канале от имени своей явной роли (анонимный режим)
opt-say-text = Что сказать (только текст, без ссылок, до 1000 символов)
mafia-channel-rule-silence = 🔇 Радиомолчание: до первой ночи в этом канале никто не пишет.
mafia-channel-rule-relay = 🗣 Игроки не пишут здесь сами: ночью и днём каждый живой игрок говорит через меня — командой `/мафия сказать` или кнопкой 🗣 «Сказать в канале» в сообщении с заявкой, — а я публикую слова от имени его явной роли.
mafia-say-open-mode = Эта игра идёт в открытом режиме: пишите в игровом канале сами.
mafia-say-radio-silence = Радиомолчание: до первой ночи никто не говорит.
mafia-say-dead = Мёртвые не говорят.

## Живой подсчёт голосов за Лидера (одно сообщение в канале на день, правится по мере голосования)
mafia-leader-tally = 👑 Выборы Лидера, день { $number } (идут до конца дня): { $count ->
    [0] голосов пока нет.
   *[other] { $count ->
        [one] { $count } голос
        [few] { $count } голоса
       *[many] { $count } голосов
    }.
    { $votes }
    Итого:
    { $totals }
}

## Отсутствующие игроки (сообщается модераторам)
mafia-absent-notice = ⚠ { $player }: уже { $misses } { $misses ->
    [one] дедлайн
    [few] дедлайна
   *[many] дедлайнов
} подряд без единой заявки (фаза считается один раз). Правило стола: { $advice }
mafia-absent-advice-bot = заменить игрока ботом (/модератор заменить, не указывая нового участника) или другим игроком.
mafia-absent-advice-remove = исключить игрока из игры (/модератор убрать).

## Досье для заменяющего игрока (тайны места на сейчас)
mafia-dossier-dead = ☠ Этот персонаж погиб.
mafia-dossier-cards = ✋ Рука по порядку ({ $hand_count }): { $hand }
    🧥 Рукав ({ $sleeve_count }): { $sleeve }
    🂠 Колода ({ $deck_count } { $deck_count ->
        [one] карта
        [few] карты
       *[many] карт
    }, состав без порядка): { $deck }
    🗃 Резерв: { $reserve_count } { $reserve_count ->
        [one] карта
        [few] карты
       *[many] карт
    }
mafia-dossier-delayed = ⏳ Отложенные эффекты на вас:
    { $effects }
mafia-dossier-delayed-poison = ☠ Яд: { $amount } урона в конце фазы «{ $due }»
mafia-dossier-delayed-armor = 🛡 Подмога: { $amount } брони в фазе «{ $due }»
mafia-dossier-phase = { $phase } { $number }
mafia-dossier-mafia = 🔪 Мафия:
    { $members }
mafia-dossier-member = { $alive ->
    [no] ☠{" "}
   *[yes] {""}
}{ $named ->
    [no] {""}
   *[yes] { $player_is_you ->
        [yes] Вы
       *[no] { $player }
    } —{" "}
}{ $public_role }, { $role }
mafia-dossier-order = 📝 Ваша заявка на фазу «{ $phase } { $number }» на сейчас ({ $done ->
    [yes] отправлена; её ещё можно изменить
   *[no] ещё не отправлена
}):
    { $order }
