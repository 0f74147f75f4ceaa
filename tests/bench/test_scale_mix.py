"""The scale run's tables: every process gets its share of each kind (a kind's pace is its load)."""

from __future__ import annotations

from collections import Counter

import pytest

from tests.bench.scale.mix import MIX, kinds_for, placement

SHARDS, PROCESSES = 16, 4


@pytest.mark.parametrize(("tables", "servers"), [(1000, 200), (2000, 400), (500, 400), (250, 400)])
def test_each_kind_of_table_is_spread_evenly_over_the_processes(tables: int, servers: int) -> None:
    kinds = kinds_for(tables)
    on_process = Counter((kind.name, server % SHARDS // (SHARDS // PROCESSES))
                         for kind, server in zip(kinds, placement(kinds, servers, SHARDS), strict=True))
    for kind in MIX:
        counts = [on_process[kind.name, process] for process in range(PROCESSES)]
        assert max(counts) - min(counts) <= 4, (kind.name, counts)


def test_the_tables_are_spread_over_every_server_and_any_first_ones_too() -> None:
    kinds = kinds_for(2000)
    servers = placement(kinds, 400, SHARDS)
    assert set(servers) == set(range(400))
    assert max(Counter(servers).values()) - min(Counter(servers).values()) <= 2
    assert servers[:500] == placement(kinds[:500], 400, SHARDS)  # a stage's tables are the first of them


def test_fewer_servers_than_shards_use_the_shards_that_have_one() -> None:
    servers = placement(kinds_for(30), 6, SHARDS)
    assert set(servers) == set(range(6))
