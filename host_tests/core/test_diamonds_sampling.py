"""Diamonds' own sampling checks (test_sampling.py has every game's): a sample keeps what
play and the pass have shown (M-R2, M-R4). Portable: runs under pytest and tools/mptest.py."""

from checks import count


def _sampled_breaches(players, seeds, samples):
    """Over random games: (the samples made, the samples that give a seat a card of a suit
    it did not follow, or leave a card the viewer passed out of the taker's hand)."""
    from firmware.core.prng import Prng
    from firmware.games.diamonds import rules as diamonds

    made = breaches = 0
    for seed in range(seeds):
        s = diamonds.new_game(players, seed)
        rng = Prng(seed + 99)
        while not s.is_over():
            legal = [a for a in s.legal_actions() if not diamonds.UNPICK <= a < diamonds.PLAY]
            s.apply(legal[rng.randbelow(len(legal))])
            if s.phase != diamonds.P_PLAY or rng.randbelow(4):
                continue
            me = s.current_player()
            view = s.view(me)
            for _ in range(samples):
                t = diamonds.sample_state(view, rng)
                made += 1
                taker = t.hands[s._pass_target(me)]
                wrong = [c for c in view["given"] if c not in taker]
                for seat in range(players):
                    if seat != me:
                        wrong += [c for c in t.hands[seat]
                                  if (view["voids"][seat] >> diamonds.suit(c)) & 1]
                breaches += bool(wrong)
    return made, breaches


def test_samples_keep_what_play_and_the_pass_have_shown_M_R2_M_R4():
    """A seat that did not follow a suit is dealt none of it; the cards the viewer passed
    stay with the taker (with 2 and 3 players the unseen cards always allow it)."""
    for players in (2, 3):
        made, breaches = _sampled_breaches(players, count(6, 2), 3)
        assert made > 50 and breaches == 0, (players, made, breaches)


def test_a_deal_that_cannot_keep_the_voids_still_fills_every_hand():
    from firmware.games.diamonds import rules as diamonds
    hand = [diamonds.make_card(2, diamonds.HEARTS)]
    pool = ([diamonds.make_card(r, diamonds.DIAMONDS) for r in (3, 4, 5)]
            + [diamonds.make_card(9, diamonds.CLUBS)])
    left = diamonds._deal_into(hand, 3, 1 << diamonds.DIAMONDS, pool)
    assert hand == [diamonds.make_card(2, diamonds.HEARTS), diamonds.make_card(9, diamonds.CLUBS),
                    diamonds.make_card(3, diamonds.DIAMONDS)]
    assert left == [diamonds.make_card(r, diamonds.DIAMONDS) for r in (4, 5)]


def test_the_seat_with_the_most_voids_is_dealt_first():
    from firmware.games.diamonds import rules as diamonds
    # P1 views; P3 lacks three suits, P2 one, P4 none (ties: the lower seat first).
    assert diamonds._most_voids_first([0, 0b0001, 0b1011, 0, 0b0100], 0) == [2, 1, 4, 3]
