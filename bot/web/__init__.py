"""The web record: a page for every game (its log read back through the catalogs, the pictures the channel
was shown, the secrets behind a spoiler switch once it is over), the Castle replay and GIF, and each server's
page, reached by unguessable links. An aiohttp.web application (app.py) in the bot's process (WEB_PORT) or
alone (`python -m bot web`: serve.py), reading the saved log only: it writes nothing but its links' key.

    links.py      tokens and links (HMAC of a game's or a server's id with the database's key)
    record.py     a game's record from its saved log: names as the channel used them, places, pictures
    replay.py     the states a game went through, replayed from its log (for its pictures)
    pictures.py   which pictures each game shows and how they are drawn; the disk cache
    castle.py     the Castle replay's frames (orders drawn on the board) and the GIF
    games.py      each game's chapters (rounds, phases), score and result
    pages.py      the pages as HTML (Jinja2 templates, autoescaped); standings.py the server's page
"""
