# Fewer presses (issue 14) in Diam's: the table's choices (games/diams/choices.py) in the
# order they are likely, and the shortcuts that do a turn's step at once. The rules: D-T6
# (the market: place a diamond, then take all of its quality, a set adding up to it, or
# nothing), D-T7 (the vault: three or more of a quality, or more of one stored).
from table_checks import choice_decisions, played, shortcuts

from firmware.bots import make_bot
from firmware.games.diams import choices as diams_choices
from firmware.games.diams import rules as diams


def decisions(module, seeds, moves=200):
    """(state, view, legal, choices) at the decisions of random games of 2 to 4 seats."""
    return choice_decisions(module.new_game, diams_choices.choices, seeds, moves,
                            lambda seed: 2 + seed % 3)


def qualities(cards):
    return sorted([diams.quality(c) for c in cards])


def adding_up(cards, target):
    """Every multiset of kinds (quality, pure) of two `cards` or more adding up to
    `target`, each once, sorted: kind by kind, how many of it (at most those there are)."""
    counts = {}
    for c in cards:
        key = (diams.quality(c), diams.is_pure(c))
        counts[key] = counts.get(key, 0) + 1
    kinds = sorted(counts)
    found = []

    def extend(i, left, chosen):
        if left == 0:
            if len(chosen) > 1:
                found.append(sorted(chosen))
            return
        if i == len(kinds):
            return
        q = kinds[i][0]
        for n in range(min(counts[kinds[i]], left // q) + 1):
            extend(i + 1, left - n * q, chosen + [kinds[i]] * n)

    extend(0, target, [])
    return found


def test_diams_a_diamond_is_placed_in_one_pick_one_choice_a_kind_D_T6():
    # The turn's choice with the market: 'place 6 green' for each kind of diamond in hand
    # (the market chosen, then the diamond), pointing at that diamond in the hand; the
    # game's 'market' then left out (every place is a shortcut). Guards: a kind left out or
    # offered twice (a pure and a plain one are two kinds), the wrong card placed, the
    # market still a choice of its own, the pointer on the market.
    seen = 0
    for state, view, legal, choices in decisions(diams, range(1, 25)):
        if view["phase"] != "main":
            continue
        places = [c for c in shortcuts(choices) if c[1][0] == diams.MARKET]
        assert diams.MARKET not in choices
        kinds = {(diams.quality(c), diams.is_pure(c)) for c in view["hand"] if diams.is_diamond(c)}
        assert len(places) == len(kinds) == (len(kinds) if diams.MARKET in legal else 0)
        for words, actions, aim in places:
            card = actions[1] - diams.HAND
            assert aim == actions[1] and words == "place " + diams.card_text(card)
            after = played(state, actions)
            assert after is not None and after.placed == card and card in after.market
            seen += 1
    assert seen > 40, seen


def test_diams_the_vault_is_stored_in_one_pick_first_of_the_turn_D_T7():
    # 'store all 3s, 6s': every diamond of those qualities in hand stored at once, the turn
    # over (from the turn's choice, or once the vault is chosen and nothing is selected);
    # first all that may go, then each set of three or more by itself; the stores before
    # the places (after the likely choice, when it is another). Guards: a card of the quality
    # left in hand, one of another quality stored, an extension alone (illegal), the stores
    # after the places, offered after a pick.
    seen = alone = 0
    for state, view, legal, choices in decisions(diams, range(1, 60), 300):
        if view["phase"] not in ("main", "vault"):
            continue
        stores = [c for c in shortcuts(choices) if c[0].startswith("store all")]
        if view["phase"] == "main":
            assert (diams.VAULT in legal) == bool(stores)
            start = 0 if choices[:1] == stores[:1] else 1  # (after the likely choice)
            assert choices[start:start + len(stores)] == stores
        elif view["selected_count"]:
            assert not stores
            continue
        else:
            assert stores and choices[:len(stores)] == stores
        me = view["current"]
        held = {diams.quality(c) for c in view["vault"]}
        hand = [c for c in view["hand"] if diams.is_diamond(c)]
        may = sorted({diams.quality(c) for c in hand
                      if diams.quality(c) in held or qualities(hand).count(diams.quality(c)) >= 3})
        assert len({c[0] for c in stores}) == len(stores)  # (none twice)
        if len(may) > 1:  # all, then each set of three or more by itself
            alone_sets = [q for q in may if q not in held and qualities(hand).count(q) >= 3]
            assert [c[0] for c in stores[1:]] == ["store all %ds" % q for q in alone_sets]
        for i, choice in enumerate(stores):
            words, actions = choice[0], choice[1]
            if view["phase"] == "main":  # pointing at the first diamond it stores
                assert choice[2] == actions[1] and diams.HAND <= actions[1] < diams.MARKET_CARD
            named = [int(part.strip(" s")) for part in words[len("store all "):].split(",")]
            assert named == (may if i == 0 else [named[0]]), (words, may)
            if i:
                assert named[0] not in held and qualities(hand).count(named[0]) >= 3
                alone += 1
            after = played(state, actions)
            assert after is not None and not after.sel, words  # (stored: the turn goes on)
            if after.round != state.round:
                continue  # (a new round: the vaults scored and emptied)
            stored = [c for c in after.vaults[me] if c not in view["vault"]]
            assert qualities(stored) == [q for q in qualities(hand) if q in named], words
            seen += 1
    assert seen > 15 and alone > 2, (seen, alone)


def take_of(state, actions):
    """What the take `actions` (its last one ending it) takes: 'all', 'nothing', or the
    kinds (quality, special purity) of the diamonds picked."""
    probe = played(state, actions[:-1])
    last = actions[-1]
    if last == diams.TAKE_ALL:
        return "all"
    if last == diams.TAKE_NONE:
        return "nothing"
    return sorted([(diams.quality(c), diams.is_pure(c)) for c in probe.sel])


def bot_take(state):
    """The normal bot's whole take from `state`: its actions (its picks, then done)."""
    probe = state.clone()
    seat = probe.current_player()
    bot = make_bot("diams", seat, "normal", 1)
    actions = []
    while probe.current_player() == seat and probe.phase == diams.P_TAKE:
        actions.append(bot.choose(probe.view(seat)))
        probe.apply(actions[-1])
    return actions


def test_diams_the_take_offers_whole_takes_the_likely_first_D_T6():
    # The take step (issue 57: four presses a turn): TAKES entries at most, each a whole
    # take that one press plays (take all, a set adding up to the placed diamond's quality
    # with its picks and done, take nothing), none twice; the first what a normal bot takes,
    # 'take nothing' always there (rule (c)). Random games and normal bots' games. Guards:
    # single picks offered (a take in several presses), more than TAKES entries, an entry
    # that is not legal as a whole or leaves the take unfinished, the same take twice, a
    # set that does not add up, the bot's take not first, 'take nothing' cut.
    seen = cut = sets = 0
    for state, view, legal, choices in decisions(diams, range(1, 60), 300):
        if view["phase"] != "take":
            continue
        assert 1 <= len(choices) <= diams_choices.TAKES, choices
        ends = []
        for choice in choices:
            actions = list(choice[1]) if isinstance(choice, tuple) else [choice]
            after = played(state, actions)
            assert after is not None and after.phase != diams.P_TAKE, choice
            if isinstance(choice, tuple):
                cards = [a - diams.MARKET_CARD for a in actions[:-1]]
                assert actions[-1] == diams.DONE and view["placed"] not in cards
                assert sum(qualities(cards + view["selected"])) == diams.quality(view["placed"])
                words = "take " + (diams.card_text(cards[0]) if len(cards) == 1 else
                                   " + ".join([diams_choices.label(c) for c in cards]))
                assert choice[0] == words, choice
                sets += 1
            end = take_of(state, actions)
            assert end not in ends, choice  # (the same take twice)
            ends.append(end)
        if diams.TAKE_NONE in legal:
            assert diams.TAKE_NONE in choices
        assert take_of(state, bot_take(state)) == ends[0], (view["market"], view["placed"],
                                                            choices)
        every = len(adding_up([c for c in view["market"] if c != view["placed"]],
                              diams.quality(view["placed"])))
        cut += every + 2 > diams_choices.TAKES
        seen += 1
    assert seen > 40 and sets > 40 and cut > 3, (seen, sets, cut)


def haul(state, placing):
    """The qualities placing a diamond (the actions `placing`) lets its player take at most,
    added up, read off the game's own take step (D-T6): every one of its quality with 'take
    all' (a), its own quality when a set of others adds up to it (b), else nothing."""
    after = played(state, placing)
    if after is None or after.phase != diams.P_TAKE:
        return 0
    q = diams.quality(after.placed)
    legal = after.legal_actions()
    best = q if [a for a in legal if a >= diams.MARKET_CARD] else 0
    if diams.TAKE_ALL in legal:
        best = max(best, q * len([c for c in after.market if diams.quality(c) == q]))
    return best


def test_diams_the_diamond_placed_the_largest_haul_first_D_T6():
    # Placing (the place step, and the main step's 'place 6 green'): after the likely one
    # (the bot's, test_diams_the_likely_choice_first), the diamond whose take adds up to the
    # most first (haul); among equals one the hand holds fewest of (a set kept for the
    # vault), then the lowest. Guards: the order reversed, the copies ignored.
    seen = set()
    for state, view, legal, choices in decisions(diams, range(1, 60), 300):
        hand = [diams.quality(c) for c in view["hand"] if diams.is_diamond(c)]
        if view["phase"] == "place":
            cards = [c - diams.HAND for c in choices]
            assert sorted(choices) == sorted(legal)
            hauls = [haul(state, [diams.HAND + c]) for c in cards]
        elif view["phase"] == "main" and diams.MARKET in legal:
            places = [c for c in shortcuts(choices) if c[0].startswith("place ")]
            cards = [c[1][1] - diams.HAND for c in places]
            hauls = [haul(state, c[1]) for c in places]
        else:
            continue
        keys = [(-hauls[i], hand.count(diams.quality(cards[i])),
                 cards[i]) for i in range(len(cards))]
        if choices[0] in legal or choices[0][0].startswith("place "):  # (the likely first)
            keys = keys[1:]
        assert keys == sorted(keys), (view["phase"], view["market"], cards, keys)
        if len(set(hauls)) > 1:
            seen.add(view["phase"])
        if len(set([k[1] for k in keys if k[0] == keys[0][0]])) > 1:
            seen.add("copies")
    assert seen == {"place", "main", "copies"}, seen


def test_diams_the_likely_choice_first_D_T5_D_T8_D_T9():
    # Four presses a turn (issue 57): at every decision but the take (tested above) the
    # first choice is what the normal bot would do next, whole: its actions are the bot's
    # next ones (a vault, a Convoy stored at once; the diamond it places; the cards it gives
    # up down to the hand limit, D-T9, in one pick); a Convoy is also offered whole. Guards:
    # the game's own order kept, a shortcut that stops short of the bot's move or goes past
    # it, the give-ups one at a time.
    seen = set()
    for state, view, legal, choices in decisions(diams, range(1, 70), 300):
        phase = view["phase"]
        if phase == "take":
            continue
        first = choices[0]
        actions = list(first[1]) if isinstance(first, tuple) else [first]
        probe = state.clone()
        seat = probe.current_player()
        bot = make_bot("diams", seat, "normal", 1)
        wanted = []
        for _ in actions:
            if probe.current_player() != seat:
                break
            wanted.append(bot.choose(probe.view(seat)))
            probe.apply(wanted[-1])
        assert wanted == actions, (phase, choices[:3], wanted)
        if isinstance(first, tuple):
            seen.add((phase, first[0].split()[0]))
        if phase == "main" and diams.CONVOY in legal:
            convoys = [c for c in shortcuts(choices) if c[0].startswith("Convoy: store ")]
            assert len(convoys) == 1 and played(state, convoys[0][1]).phase != diams.P_CONVOY
            seen.add("convoy")
    assert {("main", "place"), ("main", "store"), ("discard", "give"), "convoy"} <= seen, seen


def test_diams_on_a_board_the_bots_code_leaves_the_heap_only_if_no_bot_had_it(monkeypatch):
    # choices() weighs with the normal bot's code: on a board (COLLECT) a table of humans
    # loads it for the decision and lets it go; with a bot at the table (its module loaded
    # already) it stays, the very module the bot runs. Guards: the module kept on a table of
    # humans, the bot's module unloaded from under it.
    import sys

    from firmware.core import unload
    from firmware.games.diams import bot

    name = "firmware.games.diams.bot"
    monkeypatch.setattr(diams_choices, "COLLECT", True)
    monkeypatch.setitem(sys.modules, name, bot)  # (both put back as they were after)
    package = sys.modules["firmware.games.diams"]
    package.bot = bot  # (an earlier test's unload may have taken it off the package, the
    # module left in sys.modules: then the import above does not put it back)
    monkeypatch.setattr(package, "bot", bot)
    state = diams.new_game(3, 4)
    view = state.view(state.current_player())
    legal = state.legal_actions()
    unload(name)  # a table of humans
    assert diams_choices.choices(view, legal)
    assert name not in sys.modules
    sys.modules[name] = bot  # a bot at the table
    assert diams_choices.choices(view, legal)
    assert sys.modules.get(name) is bot


def every_take(state):
    """Each whole take the game allows from `state` (D-T6), read off its own take step: the
    picks explored one at a time until the step ends, each different take once."""
    found = set()

    def explore(actions):
        probe = played(state, actions) if actions else state
        if probe.phase != diams.P_TAKE or probe.current_player() != state.current_player():
            found.add(str(take_of(state, actions)))
            return
        for action in probe.legal_actions():
            if action >= diams.MARKET_CARD and actions and action < actions[-1]:
                continue  # (a set once, its picks in one order)
            explore(actions + [action])

    explore([])
    return found


def test_diams_the_take_fills_its_TAKES_entries_when_there_are_more_D_T6():
    # With more whole takes than the list holds, all TAKES entries are used ('take nothing'
    # kept among them, rule (c)); with fewer, every take is there. Guards: a list cut short
    # to make room for 'take nothing', a take left out.
    full = 0
    for state, view, _legal, choices in decisions(diams, range(1, 9), 300):
        if view["phase"] != "take" or view["selected"]:
            continue
        takes = every_take(state)
        assert len(choices) == min(diams_choices.TAKES, len(takes)), (len(takes), choices)
        full += len(takes) > diams_choices.TAKES and choices[0] != diams.TAKE_NONE
    assert full > 3, full


def test_diams_past_the_likely_one_a_step_keeps_the_games_order_D_T8_D_T9():
    # Placing is ordered by haul (test above); the other steps (the cards to give up, D-T9,
    # a Convoy's picks, D-T8, the vault's) keep the game's order after the likely choice
    # and the shortcuts. Guards: another step sorted by haul as if placing.
    seen = set()
    for _state, view, legal, choices in decisions(diams, range(1, 25), 300):
        if view["phase"] in ("main", "take", "place"):
            continue
        rest = [c for c in choices if not isinstance(c, tuple)][1:]  # (the likely one first)
        assert rest == [a for a in legal if a in rest], (view["phase"], choices, legal)
        if len(rest) > 2:
            seen.add(view["phase"])
    assert "discard" in seen, seen
