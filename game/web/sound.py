"""Quiet sounds for a move and for the end of a game, made with the Web Audio API (no file, no
request), when the player's Sounds option is on."""

from __future__ import annotations

from functools import cache

import js

#: (frequency in Hz, start in s, length in s) of each note, and the loudness (0..1).
MOVE_NOTES = ((660, 0.0, 0.07),)
END_NOTES = ((523, 0.0, 0.18), (659, 0.16, 0.18), (784, 0.32, 0.3))
VOLUME = 0.06


@cache
def audio_context():
    """One AudioContext for the page, made on first use (after a user's action, as browsers
    require before they play sound)."""
    return js.AudioContext.new()


def play(notes) -> None:
    """Play ``notes`` (sine tones fading out) if the Sounds option is checked."""
    if not js.document.getElementById("sound").checked:
        return
    context = audio_context()
    now = context.currentTime
    for frequency, start, length in notes:
        oscillator = context.createOscillator()
        gain = context.createGain()
        oscillator.frequency.value = frequency
        gain.gain.setValueAtTime(VOLUME, now + start)
        gain.gain.exponentialRampToValueAtTime(0.0001, now + start + length)
        oscillator.connect(gain)
        gain.connect(context.destination)
        oscillator.start(now + start)
        oscillator.stop(now + start + length)


def move_sound() -> None:
    play(MOVE_NOTES)


def end_sound() -> None:
    play(END_NOTES)
