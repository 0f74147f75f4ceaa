## Достижения (data/achievements/*.toml): achievement-<id> — название, achievement-<id>-about — за что оно.

achievement-cookie-perfect-round = Идеальный раунд
achievement-cookie-perfect-round-about = Меч, Щит и Холм принесли монеты в трёх раундах одной игры
achievement-cookie-gentle-win = Мягкая охота
achievement-cookie-gentle-win-about = победа, в которой Меч попал в цель не больше чем в одном раунде
achievement-cookie-shield-wall = Стена щитов
achievement-cookie-shield-wall-about = Щит приносил монеты в каждом раунде игры
achievement-cookie-sharp-sword = Острый меч
achievement-cookie-sharp-sword-about = Меч попадал в цель в каждом раунде игры
achievement-cookie-landslide = Разгром
achievement-cookie-landslide-about = единоличная победа с отрывом от второго места в пять монет и больше
achievement-cookie-comeback = Камбэк
achievement-cookie-comeback-about = победа после последнего места по монетам в первом раунде

achievement-maskmen-every-season = Большой шлем
achievement-maskmen-every-season-about = победа во всех сезонах игры из трёх сезонов и больше
achievement-maskmen-duel-shutout = Чистая дуэль
achievement-maskmen-duel-shutout-about = победа в игре вдвоём без единого проигранного сезона
achievement-maskmen-three-in-a-row = Хет-трик
achievement-maskmen-three-in-a-row-about = три выигранных сезона подряд и победа в игре
achievement-maskmen-never-minus = Без минусов
achievement-maskmen-never-minus-about = победа без единого сезона с −1
achievement-maskmen-comeback = Камбэк
achievement-maskmen-comeback-about = победа после −1 в первом сезоне
achievement-maskmen-tiebreak = Фотофиниш
achievement-maskmen-tiebreak-about = победа по дополнительному показателю: очков поровну, но больше сезонов с +2

achievement-sol-bluff = Блефующий
achievement-sol-bluff-about = победа в войне с блефом: три заявления о своих картах оказались ложью
achievement-sol-untouched = Железная шкура
achievement-sol-untouched-about = победа в войне, в которой по своим картам пришлось не больше одного удара
achievement-sol-last-standing = Последний за столом
achievement-sol-last-standing-about = победа, потому что все остальные сбросили карты
achievement-sol-trader = Купец
achievement-sol-trader-about = победа после двух обменов и больше
achievement-sol-doubled = Обоюдоострый
achievement-sol-doubled-about = победа после удвоения мечей
achievement-sol-tripled = Богатство
achievement-sol-tripled-about = в конце игры фишек вчетверо больше взноса, а то и больше

achievement-castle-first-delivery = Первая кровь
achievement-castle-first-delivery-about = первая доставка артефакта в игре и победа
achievement-castle-skirmish-master = Мастер стычек
achievement-castle-skirmish-master-about = три выигранные стычки и больше и победа в игре
achievement-castle-robber = Разбойник
achievement-castle-robber-about = два ограбления соперников и больше за одну игру
achievement-castle-unbeaten = Неприкасаемый
achievement-castle-unbeaten-about = победа без единого изгнания из зала
achievement-castle-shared = Общая слава
achievement-castle-shared-about = победа, разделённая с другими
achievement-castle-swift = Быстрые руки
achievement-castle-swift-about = победа не позже пятнадцатого раунда

achievement-mafia-last-law = Последний оплот Закона
achievement-mafia-last-law-about = Закон победил, а из его персонажей в живых остался только этот
achievement-mafia-boss-day-one = Голова змеи
achievement-mafia-boss-day-one-about = вече казнило Босса в первый же день (всем игрокам Закона)
achievement-mafia-family-intact = Семья в сборе
achievement-mafia-family-intact-about = Мафия победила, и все её члены живы
achievement-mafia-leader-win = Надёжный Лидер
achievement-mafia-leader-win-about = два избрания Лидером и победа своей стороны
achievement-mafia-killer-check = Намётанный глаз
achievement-mafia-killer-check-about = в роли Киллера угадать карты на руке цели и получить Патроны
achievement-mafia-artifact-win = Хранитель артефакта
achievement-mafia-artifact-win-about = победа с артефактом в руках в конце игры
