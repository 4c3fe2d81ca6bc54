-- wrk: POST /v1/render with bad requests only, taking turns; counts the answers by status
-- and prints them. Every one must be a 4xx.
local good = '{"productIdentifier":"p","price":"9.99","currencyCode":"USD","subscriptionPeriod":{"unit":"month","numberOfUnits":1}}'
local manyLocales = {}
for index = 1, 21 do manyLocales[index] = '"en-US"' end
local requests = {
  {"application/json", '{"locales":["en-US"],"products":['},                                   -- malformed JSON
  {"application/json", '{"locales":["xx-QQ"],"products":' .. good .. '}'},                      -- unknown locale
  {"application/json", '{"locales":[' .. table.concat(manyLocales, ",") .. '],"products":' .. good .. '}'}, -- too many locales
  {"application/json", '{"locales":["en-US"],"products":"' .. string.rep("x", 70000) .. '"}'},  -- over the body limit
  {"text/plain", '{"locales":["en-US"],"products":' .. good .. '}'},                            -- not JSON
  {"application/json", '{"locales":["en-US"],"products":{"sku":"x"}}'},                         -- no known format
  {"application/json", '[]'},                                                                   -- not a request
  {"application/json", '{"locales":["en-US"],"products":' .. good .. ',"extra":true}'},         -- unknown field
}
local counter = 0
local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  statuses = {}
end

function request()
  counter = counter + 1
  local chosen = requests[(counter % #requests) + 1]
  return wrk.format("POST", "/v1/render", {["Content-Type"] = chosen[1]}, chosen[2])
end

function response(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
end

function done(summary, latency, requests)
  local totals = {}
  for _, thread in ipairs(threads) do
    for status, count in pairs(thread:get("statuses")) do
      totals[status] = (totals[status] or 0) + count
    end
  end
  local keys = {}
  for status in pairs(totals) do table.insert(keys, status) end
  table.sort(keys)
  for _, status in ipairs(keys) do
    io.write(string.format("status %d: %d\n", status, totals[status]))
  end
end
