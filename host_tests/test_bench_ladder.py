# The bots' strength ladder of `make bench ARGS="bots --ladder"` (tools/bench.py): the 95%
# interval of a win share and the table a regression is read from. Figures only: these check
# the arithmetic and the layout, not any bot's strength.
import bench


def test_the_interval_is_wilsons_and_never_zero_wide():
    mean, low, high = bench.interval([1.0] * 8)  # 8 wins of 8: still uncertain
    assert mean == 1.0 and high == 1.0 and 0.67 < low < 0.68
    mean, low, high = bench.interval([1.0, 0.0] * 200)  # 50% over 400 games: about +-4.9
    assert mean == 0.5 and abs((high - low) / 2 - 0.049) < 0.001
    assert abs((low + high) / 2 - 0.5) < 1e-9
    mean, low, high = bench.interval([0.5] * 10 + [0.0] * 10)  # a shared win counts half
    assert mean == 0.25 and low < 0.25 < high


def test_the_ladder_table_puts_each_pairing_under_the_weaker(capsys):
    found = {}
    for i, a in enumerate(bench.LADDER):
        for b in bench.LADDER[:i]:
            found[(a, b)] = [1.0, 0.0, 1.0, 1.0]  # 75% each
    bench.print_ladder("diams", "2p", found, 4, 2)
    out = capsys.readouterr().out.splitlines()
    assert "4 games a pairing (even: 50%" in out[1]
    assert out[2].split() == ["vs", "random", "vs", "easy", "vs", "normal"]
    rows = {line.split()[0]: line for line in out[4:]}
    assert sorted(rows) == ["easy", "hard", "normal"]
    assert rows["easy"].count("75.0%") == 1 and rows["hard"].count("75.0%") == 3
    assert rows["normal"].count("75.0%") == 2
