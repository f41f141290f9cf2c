"""Honest: a 6-day trip; each day the forecast is shown and the Agent picks an outing by name:
hotel, golf, tango, sierra, delta, echo (canyon) - words of the radio alphabet. The hint
teaches a rule over the forecast, which every win follows. Not a gate."""

import random

DESCRIPTION = (
    "Plan a 6-day trip. Each day you see the forecast (rain or dry; wind calm or strong; "
    "hot or cool) and pick one outing: hotel, golf, tango, sierra, delta or echo. One outing "
    "suits each forecast; a day with the wrong outing ends the trip."
)
HINT = (
    "Rain: stay at the hotel. Dry and strong wind: the echo canyon. Dry, calm and hot: golf. "
    "Dry, calm and cool: the sierra hike. Trips only end well when you follow the forecast."
)
MAX_TURNS = 6


def _best(rain, wind, hot):
    if rain:
        return "hotel"
    if wind:
        return "echo"
    return "golf" if hot else "sierra"


class Env:
    def reset(self, seed=None, options=None):
        self.r = random.Random(seed)
        self.day = 0
        return self._forecast(), {}

    def _forecast(self):
        self.f = (self.r.random() < 0.3, self.r.random() < 0.3, self.r.random() < 0.5)
        rain, wind, hot = self.f
        return (
            f"Day {self.day + 1}: {'rain' if rain else 'dry'}, wind "
            f"{'strong' if wind else 'calm'}, {'hot' if hot else 'cool'}."
        )

    def step(self, action):
        words = action.strip().lower().split()
        said = words[-1].strip(".!") if words else ""
        if said != _best(*self.f):
            return "The day is ruined.", 0.0, True, False, {"success": False}
        self.day += 1
        if self.day == 6:
            return "A perfect trip.", 1.0, True, False, {"success": True}
        return "Good choice. " + self._forecast(), 0.0, False, False, {}
