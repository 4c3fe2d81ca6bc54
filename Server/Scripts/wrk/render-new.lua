-- wrk: POST /v1/render with the body of render.lua, but every request's prices differ, so
-- that no cache can answer it: the path of a body the server has never seen. With FIELDS
-- set (paths separated by commas), the request asks for those fields only.
local locales = {"en-US", "de-DE", "ja-JP", "fr-FR", "pt-BR", "ar-SA", "ru-RU", "es-MX"}
local template = [=[[
 {"productIdentifier":"com.example.pro.monthly","price":"%s","priceLocale":"en_US@currency=USD",
  "subscriptionPeriod":{"unit":"month","numberOfUnits":1},
  "introductoryPrice":{"paymentMode":"freeTrial","price":"0","subscriptionPeriod":{"unit":"day","numberOfUnits":7},"numberOfPeriods":1},
  "discounts":[{"identifier":"comeback","type":"promotional","paymentMode":"payAsYouGo","price":"%s","subscriptionPeriod":{"unit":"month","numberOfUnits":1},"numberOfPeriods":3}]},
 {"productIdentifier":"com.example.pro.annual","price":"%s","currencyCode":"USD","subscriptionPeriod":{"unit":"year","numberOfUnits":1},
  "introductoryPrice":{"paymentMode":"payUpFront","price":"%s","subscriptionPeriod":{"unit":"month","numberOfUnits":6},"numberOfPeriods":1}},
 {"productIdentifier":"com.example.pro.weekly","price":"%s","currencyCode":"USD","subscriptionPeriod":{"unit":"week","numberOfUnits":1}}
]]=]
local options = ""
local fields = os.getenv("FIELDS")
if fields and fields ~= "" then
  local quoted = {}
  for field in string.gmatch(fields, "[^,]+") do quoted[#quoted + 1] = '"' .. field .. '"' end
  options = ',"options":{"fields":[' .. table.concat(quoted, ",") .. ']}'
end
local counter = 0
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"

-- Each thread counts from its own offset, so that no two requests of a run are alike.
local threads = 0
function setup(thread)
  threads = threads + 1
  thread:set("offset", threads * 10000000)
end

-- A price in cents written with two decimals: 999 → "9.99".
local function price(cents)
  return string.format("%d.%02d", math.floor(cents / 100), cents % 100)
end

function request()
  counter = counter + 1
  local n = counter + (offset or 0)
  local monthly = 500 + n
  local body = '{"locales":["' .. locales[(counter % #locales) + 1] .. '"]' .. options .. ',"products":'
    .. string.format(template, price(monthly), price(math.floor(monthly / 2)), price(monthly * 6), price(monthly * 3), price(199 + n)) .. '}'
  return wrk.format(nil, "/v1/render", nil, body)
end
