## Сбои при запуске (одна строка, затем выход с кодом 1) и события Discord, после которых игре негде идти.

startup-db-locked = База данных { $path } заблокирована другим процессом (инструмент SQLite или зависшая программа держит запись): каждая запись ждала бы его. Закройте этот процесс и запустите бота снова.
startup-db-read-only = В базу данных { $path } нельзя писать (файл или его папка только для чтения). Дайте пользователю бота право записи в оба или укажите в DATABASE_PATH другое место.
startup-db-not-a-database = { $path } — не база данных SQLite. Укажите в DATABASE_PATH базу бота или новый файл.
startup-db-cannot-open = Не удаётся открыть базу данных { $path }: { $reason }. Проверьте DATABASE_PATH и право записи в папку.
startup-db-error = Ошибка базы данных { $path } при запуске: { $reason }.
startup-db-in-use = С базой данных { $path } уже работает другой процесс бота (pid { $pid }). Сначала остановите его или дайте этому боту свой DATABASE_PATH.
startup-db-pg-cannot-connect = Не удаётся подключиться к серверу PostgreSQL по адресу { $url }: { $reason }. Проверьте DATABASE_URL (хост, порт или папку сокета) и запущен ли сервер.
startup-db-pg-auth = Сервер PostgreSQL по адресу { $url } отклонил вход: { $reason }. Проверьте имя пользователя и пароль в DATABASE_URL.
startup-db-pg-no-database = Базы данных, указанной в DATABASE_URL ({ $url }), на сервере нет. Создайте её (createdb или CREATE DATABASE) и запустите бота снова.
startup-db-pg-in-use = С базой данных PostgreSQL { $url } уже работает другой процесс бота (pid { $pid }). Сначала остановите его, укажите этому боту в DATABASE_URL отдельную базу или запустите каждый процесс со своими шардами (SHARD_IDS и SHARD_COUNT).
startup-db-pg-shard-in-use = Шард { $shard } уже запущен в другом процессе бота (pid { $pid }), работающем с базой данных PostgreSQL { $url }. Каждый шард запускается только в одном процессе: проверьте SHARD_IDS у процессов, работающих с этой базой.
startup-cannot-reach = Не удаётся связаться с Discord по адресу { $url }: { $reason }
startup-bad-setting = Неверная настройка: { $reason }
startup-intent-refused = Discord требует привилегированный intent, хотя боту он не нужен. Сообщите, пожалуйста, об этой ошибке.
startup-members-intent-refused = Discord не дал intent участников сервера (DISCORD_MEMBERS_INTENT=true). Включите «Server Members Intent» для бота на портале разработчика или задайте DISCORD_MEMBERS_INTENT=false.
world-channel-deleted = ⏸ Игра №{ $id } ({ $game }) приостановлена: её канал удалён. Модератор может завершить её командой /gm end game_id:{ $id }.
world-lobby-gone = Игра №{ $id } ({ $game }) отменена до начала: её канала больше нет.
world-bot-back = ⏸ Игра №{ $id } приостановлена: меня удаляли с этого сервера. Модератор может продолжить её командой /gm resume.
world-player-left-bot = ⚠ Участник { $player } покинул сервер. Его место в игре займёт бот { $when }, если он не вернётся.
world-player-left-pause = ⚠ Участник { $player } покинул сервер, поэтому игра приостановлена. Модератор может отдать место другому (/gm replace) или боту (/gm remove), а затем продолжить игру (/gm resume).
world-player-back = { $player } снова на сервере: место остаётся за игроком.
world-lobby-left = Участник { $player } покинул сервер и выходит из набираемой игры (осталось: { $count }).
