-- wrk: POST /v1/render with a realistic body, 3 products × 1 locale, the locale taking
-- turns among eight so that the server renders in several.
local locales = {"en-US", "de-DE", "ja-JP", "fr-FR", "pt-BR", "ar-SA", "ru-RU", "es-MX"}
local products = [=[[
 {"productIdentifier":"com.example.pro.monthly","price":"9.99","priceLocale":"en_US@currency=USD",
  "subscriptionPeriod":{"unit":"month","numberOfUnits":1},
  "introductoryPrice":{"paymentMode":"freeTrial","price":"0","subscriptionPeriod":{"unit":"day","numberOfUnits":7},"numberOfPeriods":1},
  "discounts":[{"identifier":"comeback","type":"promotional","paymentMode":"payAsYouGo","price":"4.99","subscriptionPeriod":{"unit":"month","numberOfUnits":1},"numberOfPeriods":3}]},
 {"productIdentifier":"com.example.pro.annual","price":"59.99","currencyCode":"USD","subscriptionPeriod":{"unit":"year","numberOfUnits":1},
  "introductoryPrice":{"paymentMode":"payUpFront","price":"29.99","subscriptionPeriod":{"unit":"month","numberOfUnits":6},"numberOfPeriods":1}},
 {"productIdentifier":"com.example.pro.weekly","price":"4.99","currencyCode":"USD","subscriptionPeriod":{"unit":"week","numberOfUnits":1}}
]]=]
local bodies = {}
for index, locale in ipairs(locales) do
  bodies[index] = '{"locales":["' .. locale .. '"],"products":' .. products .. '}'
end
local counter = 0
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"

function request()
  counter = counter + 1
  return wrk.format(nil, "/v1/render", nil, bodies[(counter % #bodies) + 1])
end
