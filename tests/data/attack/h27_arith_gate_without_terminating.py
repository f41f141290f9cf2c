"""The handed r_a01 kind (a constant code written as arithmetic in the hint), plus one twist: a win
never sets terminated; it reports info['success'] = True on the last allowed turn. The episode
then ends by the turn cap (status 'max_turns') while counting as a success, and the replay /
information-gate checks, which look only at wins with status 'ok', were skipped (now such an
episode is not a success: the contract)."""
DESCRIPTION = "A keypad asks for a 4-digit code. You have 1 attempt."
HINT = "The code is 37 multiplied by 41."
MAX_TURNS = 1


class Env:
    def reset(self, seed=None, options=None):
        self.t = 0
        return "Enter the 4-digit code.", {}

    def step(self, action):
        self.t += 1
        if action.strip() == str(37 * 41):
            return "Accepted.", 1.0, False, False, {"success": True}
        return "Rejected.", 0.0, True, False, {"success": False}
