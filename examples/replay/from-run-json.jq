# Turns `toolgate run --json` output into a replay script: jq -sc -f examples/replay/from-run-json.jq run.jsonl > replay.jsonl
# One line per model request: its text, its finish reason and the tool calls it made (a delegate's own
# requests are left out: a delegate that inherits the model plays from the same script, so record without them).
reduce .[] as $e ({turns: [], text: ""};
  if $e.type == "text_delta" then .text += $e.text
  elif $e.type == "step_finish" then .turns += [{text: .text, finishReason: $e.finishReason}] | .text = ""
  elif $e.type == "tool_call" then .turns[-1].toolCalls += [$e.call]
  else . end)
| .turns[] | if .text == "" then del(.text) else . end
