"""Agents whose answers are hostile tool calls (use with h3_tool_nonascii_gate.py, tool 'greet')."""
def bigint(obs, hint, rng, mem):      # a 5000-digit integer argument (Python's int-string limit)
    return '{"tool": "greet", "arguments": {"phrase": ' + "9" * 5000 + '}}'
def bigint_str(obs, hint, rng, mem):  # same, OpenAI string-encoded arguments
    return '{"tool": "greet", "arguments": "{\\"phrase\\": ' + "9" * 5000 + '}"}'
def inf(obs, hint, rng, mem):         # 1e400 is valid JSON and decodes to float('inf')
    return '{"tool": "greet", "arguments": {"phrase": 1e400}}'
def huge(obs, hint, rng, mem):        # an 8 MB answer (a runaway LM sample)
    return "x" * 8_000_000
def nul(obs, hint, rng, mem):         # NUL and C1 control characters
    return "hel\x00lo\x85\u2028"
def deepjson(obs, hint, rng, mem):    # 200,000-deep JSON answer naming the tool
    return '{"tool": "greet", "arguments": {"phrase": ' + "[" * 200000 + "]" * 200000 + "}}"
