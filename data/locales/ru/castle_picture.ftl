# Слова картинки замка и её текстовой версии (games/castle/picture.py).
castle-picture-players = Игроки
castle-picture-delivered = доставлено
castle-picture-carried = несёт
castle-picture-shrine = святыня
castle-picture-artifact = Артефакт
castle-picture-floor = Артефакты на полу
castle-picture-lock = Блокировка
castle-picture-barricade = Баррикада
castle-picture-passage = Тайный проход
castle-picture-removed = Разрушен
castle-picture-locks = Блокировки
castle-picture-barricades = Баррикады
castle-picture-passages = Тайные проходы
castle-picture-removed-corridors = Разрушенные коридоры
castle-picture-rounds-left = осталось раундов
castle-picture-hall = зал
offline-castle-picture = 🖼 Картинка поля (обновляется каждый раунд): { $path }
