import pytest

from engine.core.bounds import require_int
from engine.core.reasons import InvalidInput


def test_accepts_the_bounds_themselves():
    require_int(1, 1, 3, "n", "bad")
    require_int(3, 1, 3, "n", "bad")


@pytest.mark.parametrize("value", [0, 4, True, 2.0, "2", None])
def test_refuses_outside_and_non_integers(value):
    with pytest.raises(InvalidInput) as err:
        require_int(value, 1, 3, "a.b", "bad", rule="galaxy/13-combattimento")
    assert (err.value.code, err.value.field, err.value.rule) == ("bad", "a.b", "galaxy/13-combattimento")
    assert err.value.params == {"min": 1, "max": 3, "value": value}
