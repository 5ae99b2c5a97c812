-- Record a product view in the user's "recently viewed" list (kept at 10
-- entries by LTRIM on every write) and return the list with the current
-- price and stock of the product just viewed.
--
-- KEYS[1]  recently viewed list (capped at 10)
-- KEYS[2]  product price
-- KEYS[3]  product stock
-- ARGV[1]  product id
-- Returns {price, stock, recent...}; price/stock are nil when unknown.
--
-- realistic: keys=recent:{u:3},price:{u:3}:p9,stock:{u:3}:p9 args=p9
-- realistic: setup=SET price:{u:3}:p9 1999; RPUSH recent:{u:3} p1 p2
local rcall = redis.call
local recent_key, price_key, stock_key = KEYS[1], KEYS[2], KEYS[3]
local product = ARGV[1]

rcall('LREM', recent_key, 0, product)
rcall('LPUSH', recent_key, product)
rcall('LTRIM', recent_key, 0, 9)
local out = {rcall('GET', price_key), rcall('GET', stock_key)}
local recent = rcall('LRANGE', recent_key, 0, -1) -- redis-lua-lint: ignore unbounded-read -- trimmed to 10 entries just above
for _, p in ipairs(recent) do
  out[#out + 1] = p
end
return out
