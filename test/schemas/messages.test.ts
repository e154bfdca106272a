/**
 * Every user-facing message of schemas/messages.ts, the fixed texts and the ones built from values,
 * reads as Spanish text: no `undefined`, `NaN` or `[object Object]` leaks into a sentence whatever
 * the arguments, and none is empty. A message built from values is called with one value that reads
 * as text, number and list at once (`7`), so every template is exercised.
 */
import { test } from 'tap'
import * as messages from '../../schemas/messages.js'

/** `7` as text, as a number and as a one-element list. */
const SEVEN = Object.assign(['7'], { toString: () => '7', valueOf: () => 7 })

function texts (value: unknown, path: string, found: Array<[string, unknown]>): void {
  if (typeof value === 'function') {
    const args = Array.from({ length: Math.max(value.length, 1) }, () => SEVEN)
    let built: unknown
    try {
      built = (value as (...values: unknown[]) => unknown)(...args)
    } catch (error) {
      built = error
    }
    // a list of lines (the template's instructions), or the value itself given back (an unknown label)
    if (Array.isArray(built) && built !== SEVEN) built.forEach((line, index) => found.push([`${path}.${index}`, line]))
    else found.push([path, built === SEVEN ? String(built) : built])
  } else if (typeof value === 'string') found.push([path, value])
  else if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) texts(inner, `${path}.${key}`, found)
  }
}

test('every message is non-empty Spanish text with no undefined, NaN or [object] in it', async (t) => {
  const found: Array<[string, unknown]> = []
  for (const [name, value] of Object.entries(messages)) texts(value, name, found)
  t.ok(found.length > 300, `${found.length} messages`)
  const bad = found.filter(([, text]) => typeof text !== 'string' || text.trim() === '' || /undefined|NaN|\[object /.test(text))
  t.same(bad.map(([path, text]) => `${path}: ${text instanceof Error ? text.message : String(text)}`), [])
})
