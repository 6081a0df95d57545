"""The board's distance rows, looked up without a Python call once made, answer as the
plain computation they stand for."""
from repo_paths import REPO_ROOT
from pathlib import Path

import pytest

from studio.rulesets.rules_of_war import new_game
from studio.engine.board import OFF
from studio.io import default_library, load_file

SAMPLE = REPO_ROOT / "templates" / "scenarios" / "marathon.yaml"


@pytest.fixture(scope="module")
def board():
    sc = load_file(SAMPLE).model
    return new_game(sc, default_library(), 1).game.board


def _hex_distance(board, a, b):
    dq, dr = board.q[b] - board.q[a], board.r[b] - board.r[a]
    return (abs(dq) + abs(dr) + abs(dq + dr)) >> 1


def test_dist_row_is_every_distance(board):
    for a in range(0, board.n, 37):
        row = board.dist_row(a)
        assert board.dist_row(a) is row                 # made once, then looked up
        assert [row[b] for b in range(board.n)] == \
            [_hex_distance(board, a, b) for b in range(board.n)]
        assert all(board.distance(a, b) == row[b] for b in range(0, board.n, 11))


def test_dist_row_of_off_is_the_last_hex_and_beyond_the_map_is_an_error(board):
    assert board.dist_row(OFF) == board.dist_row(board.n - 1)
    assert board.distance(OFF, 0) == board.distance(board.n - 1, 0)
    with pytest.raises(IndexError):
        board.dist_row(board.n)
    with pytest.raises(IndexError):
        board.dist_row(-board.n - 1)
