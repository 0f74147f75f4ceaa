# Игроки-боты в наборе игры в Discord (/addbot) и кнопка «Присоединиться» в сообщении о наборе.
lobby-bots-added = { $bots ->
    [one] 🤖 За стол садится бот { $names }
   *[other] 🤖 За стол садятся боты: { $names }
} ({ $count } из максимум { $max }).
lobby-bots-no-room = Столько ботов не поместится: свободно мест — { $free } из { $max }.
lobby-bot-level-unknown = Уровня бота «{ $level }» нет: есть уровни { $levels }.
lobby-button-stale = Игра №{ $id } здесь больше не набирается.
lobby-join-button = Присоединиться
