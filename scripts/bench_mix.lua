-- wrk script: what a shop's traffic is made of (scripts/bench.sh). Browsing: the
-- default listing's pages 1-20 (70 %), 200 products' pages (25 %) and a few keyword
-- searches (5 %), all answers a shop keeps. With BENCH_WRITES=1, one request in 20 is
-- instead a signed-in shopper changing a cart line's quantity and one in 200 a signed-in
-- shopper placing an order of one unit: POST /api/order with `items`, which orders
-- those lines and leaves the server cart as it is (docs/DESIGN.md, "Ordering given
-- lines"), with a fresh Idempotency-Key. With BENCH_WRITES=orders, every request is
-- such an order (scripts/bench-orders.sh).
--
--   BENCH_PRODUCTS_FILE: product ids, one a line (single-variant, in stock)
--   BENCH_SHOPPERS: `TOKEN CART_LINE_ID` lines (scripts/bench_shoppers.py)
--   BENCH_WRITES: 1 for the mix with writes, orders for orders alone

local function lines(path)
  local out = {}
  for line in io.lines(path) do
    if line ~= "" then out[#out + 1] = line end
  end
  return out
end

local keywords = {"brass%20valve", "radiator", "copper", "chrome%20tap", "thermostat"}
local order_body = [[{"fulfilment":"pickup","contact":{"firstName":"Ada",]] ..
  [["phoneNumber":"+447946095800","emailAddress":"bench@example.com"},]] ..
  [["saveAddress":false,"payment":{"method":"cod"},"items":[{"productId":"%s","quantity":1}]}]]

math.randomseed(os.time())
local products, shoppers, writes, orders_only
local n = 0

function setup(thread)
  thread:set("seed", math.random(1, 1000000000))
end

function init(args)
  math.randomseed(seed or os.time())
  products = lines(os.getenv("BENCH_PRODUCTS_FILE"))
  orders_only = os.getenv("BENCH_WRITES") == "orders"
  writes = orders_only or os.getenv("BENCH_WRITES") == "1"
  shoppers = {}
  if writes then
    for _, line in ipairs(lines(os.getenv("BENCH_SHOPPERS"))) do
      local token, item = line:match("^(%S+) (%S+)$")
      shoppers[#shoppers + 1] = {token = token, item = item}
    end
  end
end

local function key()
  return string.format("%08x%08x%08x%08x", math.random(0, 0x7fffffff),
    math.random(0, 0x7fffffff), math.random(0, 0x7fffffff), math.random(0, 0x7fffffff))
end

local function shopper()
  return shoppers[math.random(#shoppers)]
end

function request()
  n = n + 1
  if orders_only or (writes and n % 200 == 0) then
    local who = shopper()
    local body = string.format(order_body, products[math.random(#products)])
    return wrk.format("POST", "/api/order", {
      ["Authorization"] = "Bearer " .. who.token,
      ["Content-Type"] = "application/json",
      ["Idempotency-Key"] = key(),
    }, body)
  end
  -- 10 apart from the orders' 0, so cart changes are one in 20 and orders one in 200.
  if writes and n % 20 == 10 then
    local who = shopper()
    return wrk.format("PATCH", "/api/user/item/" .. who.item, {
      ["Authorization"] = "Bearer " .. who.token,
      ["Content-Type"] = "application/json",
    }, string.format('{"quantity":%d}', math.random(1, 5)))
  end
  local r = math.random(100)
  if r <= 70 then
    return wrk.format("GET", "/api/product?page=" .. math.random(20))
  elseif r <= 95 then
    return wrk.format("GET", "/api/product/" .. products[math.random(math.min(200, #products))])
  end
  return wrk.format("GET", "/api/product?keyword=" .. keywords[math.random(#keywords)])
end
