## Работа бота как службы: резервные копии и восстановление (python -m bot backup / restore).

cli-backup-written = Резервная копия записана: { $path } ({ $size } КБ, { $games ->
    [one] { $games } игра
    [few] { $games } игры
   *[many] { $games } игр
}).
cli-backup-postgres = База данных бота — PostgreSQL ({ $url }): копируйте её средствами самого PostgreSQL, например pg_dump --format=custom --file=gamemaster.dump "$DATABASE_URL", а восстанавливайте командой pg_restore (см. README).
cli-backup-no-database = Базы данных SQLite { $db } нет.
cli-backup-same-file = { $db } — это сама база данных бота: укажите для копии другое место.
cli-backup-failed = Не удалось сделать резервную копию { $db }: { $reason }. Ничего не записано.
cli-restore-not-a-backup = { $src } — не резервная копия базы данных бота: { $reason }.
cli-restore-bot-running = С базой данных { $db } работает процесс бота (pid { $pid }): сначала остановите его, затем восстанавливайте (работающий бот затёр бы восстановленную базу или потерял бы свои записи).
cli-restore-failed = Не удалось восстановить базу данных { $db }: { $reason }. Прежняя база сохранена в { $db }.before-restore.
cli-restore-done = База данных { $path } восстановлена ({ $size } КБ, { $games ->
    [one] { $games } игра
    [few] { $games } игры
   *[many] { $games } игр
}). Прежняя база лежит рядом, к её имени добавлено .before-restore. Запустите бота: каждая идущая игра продолжится с последнего сохранённого шага.

## Нажатие или команда, пришедшие, пока бот останавливается (его перезапускают: скоро ответит новый процесс).
discord-restarting = ⏳ Бот перезапускается: повторите через несколько секунд.
