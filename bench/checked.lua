-- wrk script: POST the body in the environment variable BODY as JSON, and count every
-- answer that is not a 200 with exactly the bytes in EXPECT: wrong answers, not only errors.
wrk.method = "POST"
wrk.body = os.getenv("BODY")
wrk.headers["Content-Type"] = "application/json"
local expected = os.getenv("EXPECT")
local threads = {}

-- DELAY_MS paces each connection: it waits that long after each answer before the next
-- request, so the traffic is an open-ish load well under capacity, not a saturating loop.
local delay_ms = tonumber(os.getenv("DELAY_MS") or "")
if delay_ms then
  function delay()
    return delay_ms
  end
end

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  wrong = 0
end

function response(status, headers, body)
  if status ~= 200 or body ~= expected then
    wrong = wrong + 1
  end
end

function done(summary, latency, requests)
  local total = 0
  for _, t in ipairs(threads) do
    total = total + t:get("wrong")
  end
  io.write(string.format("Wrong answers: %d\n", total))
end
