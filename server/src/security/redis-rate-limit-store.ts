import type { Redis } from 'ioredis';
import type { RateLimiterStore } from './rate-limit-store.js';

// Atomic: start the window on the first hit, count, and report the time left. With a group
// (KEYS[2]), the key joins the group's set, which lives as long as its longest window.
const CONSUME_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
if KEYS[2] then
  redis.call('SADD', KEYS[2], KEYS[1])
  if redis.call('PTTL', KEYS[2]) < ttl then redis.call('PEXPIRE', KEYS[2], ttl) end
end
return { count, ttl }
`;

// Only a live window is refunded: a DECR on an expired key would create one without expiry.
const REFUND_SCRIPT = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECR', KEYS[1]) end
return 0
`;

// KEYS: the counters, then the groups (ARGV[1] of them); a group's members go with it.
const CLEAR_SCRIPT = `
local groups = tonumber(ARGV[1])
local first_group = #KEYS - groups + 1
for i = first_group, #KEYS do
  for _, member in ipairs(redis.call('SMEMBERS', KEYS[i])) do redis.call('DEL', member) end
end
if #KEYS > 0 then redis.call('DEL', unpack(KEYS)) end
return 0
`;

/** Counters in Redis under `prefix`, so several server processes share the same limits. */
export function createRedisStore(redis: Redis, prefix = 'recipehub:rl:'): RateLimiterStore {
  return {
    async consume(key, rule, group) {
      const keys = group === undefined ? [key] : [key, group];
      const [count, ttl] = (await redis.eval(
        CONSUME_SCRIPT,
        keys.length,
        ...keys.map((k) => `${prefix}${k}`),
        String(rule.durationSeconds * 1000),
      )) as [number, number];
      return {
        allowed: count <= rule.points,
        count,
        retryAfterSeconds: Math.max(1, Math.ceil(ttl / 1000)),
      };
    },
    async refund(key) {
      await redis.eval(REFUND_SCRIPT, 1, `${prefix}${key}`);
    },
    async clear(keys, groups = []) {
      const all = [...keys, ...groups].map((k) => `${prefix}${k}`);
      await redis.eval(CLEAR_SCRIPT, all.length, ...all, String(groups.length));
    },
    async close() {
      await redis.quit();
    },
  };
}
