## Общие сообщения: отказы, списки, слова подсказок.

list-nobody = никто
error-player-count = В этой игре { $min }–{ $max } игроков; сейчас { $count }.
error-bad-option = Домашнее правило «{ $option }» задано неверно: { $reason }.
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
bot-acted = ⏰ Время { $player } вышло: бот сходил за этого игрока.
prompt-deadline = Ответьте до { $when }.
prompt-your-choice = Ваш выбор: { $choice }. Его можно изменить, пока не выбрали все.
prompt-waiting-for = Ждём: { $players }.
reminder = ⏳ { $player }, ответьте, пожалуйста: { $seconds ->
    [one] осталась { $seconds } секунда.
    [few] осталось { $seconds } секунды.
   *[many] осталось { $seconds } секунд.
}
game-over-winners = 🏆 Победители: { $winners }.
moderator-paused = ⏸ Модератор поставил игру на паузу.
moderator-resumed = ▶ Модератор продолжил игру.
moderator-extended = ⏱ Модератор продлил срок на { $seconds ->
    [one] { $seconds } секунду
    [few] { $seconds } секунды
   *[many] { $seconds } секунд
}.
moderator-forced = ⏩ Модератор завершил срок досрочно.
moderator-replaced = 🔁 { $old } заменён на { $new }.
moderator-removed = 🚪 { $player } удалён из игры; его место занимает бот.
moderator-rolled-back = ⏪ Модератор откатил игру к шагу { $step }.
moderator-ended = 🛑 Модератор завершил игру.
coins = { $count ->
    [one] { $count } монета
    [few] { $count } монеты
   *[many] { $count } монет
}
offline-welcome = Офлайн-игра { $game }, игроков: { $players } (игра №{ $id }). Вы — { $you }.
offline-watch = Офлайн-игра { $game }: за всех играют боты.
offline-help = Введите номер варианта. «?» — ваша сводка, «q» — выход (игра сохранена; продолжить: --resume { $id }).
offline-amount = …или введите =N — сумму от { $low } до { $high } (например, ={ $low }).
offline-text = Введите ответ и нажмите Enter.
offline-bad-number = Введите одно из чисел 1–{ $count }.
offline-private = 🔒 (видите только вы)
offline-your-turn = ▶ Ваш ход:
offline-saved = Игра №{ $id } сохранена. Продолжить: python -m bot play --resume { $id }
offline-finished = Игра окончена.
offline-results = { $player }: { $score }
offline-not-configured = DISCORD_TOKEN не задан, поэтому Discord-бот не запустится. Запускаю офлайн-игру в терминале (чтобы запустить бота, впишите токен в .env; см. README).
cookie-title = Печенька
maskmen-title = Маскмены
sword-of-lies-title = Меч Лжи
offline-picture = 🖼 Картинка порядка силы: { $path }
offline-human-name = Игрок
startup-login-refused = Discord не принял токен (DISCORD_TOKEN). Скопируйте новый на портале разработчика в .env.
