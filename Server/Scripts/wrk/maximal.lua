-- wrk: POST /v1/render with the largest request the server takes by default: 50 products
-- × 20 locales, 1,000 renders (--max-renders). The load script sends it to a server with
-- its cache off, so that every one is rendered.
local locales = {"en-US", "de-DE", "fr-FR", "ja-JP", "ar-SA", "ru-RU", "pt-BR", "es-MX", "it-IT", "ko-KR",
                 "zh-Hans-CN", "hi-IN", "tr-TR", "pl-PL", "nl-NL", "sv-SE", "he-IL", "th-TH", "vi-VN", "id-ID"}
local quoted = {}
for index, locale in ipairs(locales) do quoted[index] = '"' .. locale .. '"' end
local products = {}
for index = 1, 50 do
  products[index] = string.format(
    '{"productIdentifier":"p%d","price":"%d.99","currencyCode":"USD","subscriptionPeriod":{"unit":"month","numberOfUnits":1},'
    .. '"introductoryPrice":{"paymentMode":"payAsYouGo","price":"0.99","subscriptionPeriod":{"unit":"month","numberOfUnits":1},"numberOfPeriods":3}}',
    index, index + 1)
end
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"locales":[' .. table.concat(quoted, ",") .. '],"products":[' .. table.concat(products, ",") .. ']}'
