/**
 * Faults of the session store (docs/production.md): the failures that mean "the store cannot keep a session
 * now" rather than a bug, named by a fixed set of reasons for logs and the
 * `contratos_session_store_errors_total{reason}` counter. A request that meets one answers 503 with
 * Retry-After (SessionStoreUnavailableError), never 500, and readiness turns 503 while it lasts.
 */

/**
 * Filesystem codes (TEMP_DIR): full disk, quota, read-only mount, permissions, a failing device, and
 * TEMP_DIR (or its `sessions` folder) replaced by a file (ENOTDIR).
 */
const FILE_FAULT_CODES = ['ENOSPC', 'EDQUOT', 'EROFS', 'EACCES', 'EPERM', 'EIO', 'ENOTDIR'] as const

/**
 * Redis error replies, by their first word: a read-only replica, maxmemory reached, an ACL denial,
 * a missing or wrong password, a server still loading its data or cut from its primary.
 */
const REDIS_FAULT_WORDS = ['READONLY', 'OOM', 'NOPERM', 'NOAUTH', 'WRONGPASS', 'LOADING', 'MASTERDOWN'] as const

/**
 * Every `reason` label value: the codes and words above, `timeout`, `circuit_open`,
 * `eviction_policy`, `unreachable`, `other`.
 */
export type StoreFaultReason = typeof FILE_FAULT_CODES[number] | typeof REDIS_FAULT_WORDS[number] |
  'timeout' | 'circuit_open' | 'eviction_policy' | 'unreachable' | 'other'

/**
 * The fault a store error stands for: a filesystem code, a Redis reply's first word, `timeout`
 * (ioredis' "Command timed out"), `circuit_open` (failed at once by the Redis store's breaker),
 * `eviction_policy` (a Redis that may evict sessions, refused by the Redis store), `unreachable`
 * (connection refused, closed or not yet open), or `other` for anything else (then it is not a
 * store fault: see isStoreFault).
 */
export function storeFaultReason (error: unknown): StoreFaultReason {
  const { code, message } = (error ?? {}) as { code?: unknown, message?: unknown }
  const known = FILE_FAULT_CODES.find((fault) => fault === code)
  if (known !== undefined) return known
  if (code === 'CIRCUIT_OPEN') return 'circuit_open'
  if (code === 'EVICTION_POLICY') return 'eviction_policy'
  const text = typeof message === 'string' ? message : ''
  const word = REDIS_FAULT_WORDS.find((fault) => text.startsWith(`${fault} `) || text === fault)
  if (word !== undefined) return word
  if (/timed out/i.test(text)) return 'timeout'
  if (['ECONNREFUSED', 'ECONNRESET', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'ETIMEDOUT', 'EPIPE'].includes(String(code)) ||
    /connection is closed|stream isn't writeable|connection closed/i.test(text)) return 'unreachable'
  return 'other'
}

/** True when `error` is a fault of the store (503), false for a bug or unexpected error (500). */
export function isStoreFault (error: unknown): boolean {
  return storeFaultReason(error) !== 'other'
}

/** True when the filesystem is out of room (a full disk or a quota): the case where evicting a session can help. */
export function isOutOfSpace (error: unknown): boolean {
  const reason = storeFaultReason(error)
  return reason === 'ENOSPC' || reason === 'EDQUOT'
}
