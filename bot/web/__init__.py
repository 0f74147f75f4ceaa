"""The web record: a page for every game (its log read back through the catalogs, the pictures the channel
was shown, the secrets behind a spoiler switch once it is over), a game's replay and GIF (Castle's), and each
server's page, reached by unguessable links. An aiohttp.web application (app.py) in the bot's process
(WEB_PORT) or alone (`python -m bot web`: serve.py), reading the saved log only: it writes nothing but its
links' key. What it needs of each game — its chapters, score and result, its picture, its replay, the sides
a game is won by — is the game's spec (games.core.spec, through games/registry.py).

    links.py          tokens and links (HMAC of a game's or a server's id with the database's key)
    record.py         a game's record from its saved log: names as the channel used them, places, pictures
    replay.py         the states a game went through, replayed from its log (for its pictures)
    pictures.py       the disk cache of the drawn pictures
    replay_frames.py  a replay's frames (what each round's lines tell drawn on its picture) and the GIF
    pages.py          the pages as HTML (Jinja2 templates, autoescaped); standings.py the server's page
"""
