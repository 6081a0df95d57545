"""Play mode: test-play the open scenario in the studio (people and AIs), step through and
replay games, save and open them. See docs/playtest.md."""
