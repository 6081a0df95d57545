"""Test-play helpers without Qt: names and plain-words log lines, a replay timeline with
snapshots, game files, and comparing balance reports. The studio's play mode and balance
window (studio/gui/play, studio/gui/balance) are views over these."""
