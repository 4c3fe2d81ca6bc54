-- wrk: POST /v1/render with the body of render.lua in a locale ICU has no data for: a
-- request the server refuses (400) after reading it.
local products = [=[[
 {"productIdentifier":"com.example.pro.monthly","price":"9.99","priceLocale":"en_US@currency=USD",
  "subscriptionPeriod":{"unit":"month","numberOfUnits":1},
  "introductoryPrice":{"paymentMode":"freeTrial","price":"0","subscriptionPeriod":{"unit":"day","numberOfUnits":7},"numberOfPeriods":1},
  "discounts":[{"identifier":"comeback","type":"promotional","paymentMode":"payAsYouGo","price":"4.99","subscriptionPeriod":{"unit":"month","numberOfUnits":1},"numberOfPeriods":3}]},
 {"productIdentifier":"com.example.pro.annual","price":"59.99","currencyCode":"USD","subscriptionPeriod":{"unit":"year","numberOfUnits":1},
  "introductoryPrice":{"paymentMode":"payUpFront","price":"29.99","subscriptionPeriod":{"unit":"month","numberOfUnits":6},"numberOfPeriods":1}},
 {"productIdentifier":"com.example.pro.weekly","price":"4.99","currencyCode":"USD","subscriptionPeriod":{"unit":"week","numberOfUnits":1}}
]]=]
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"locales":["xx-QQ"],"products":' .. products .. '}'
