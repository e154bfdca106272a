/** docs/configuration.md lists every environment variable the service reads, with the default it has. */
import { test } from 'tap'
import { readFileSync } from 'node:fs'
import { ConfigSchema } from '../../schemas/config.js'

const page = readFileSync(new URL('../../docs/configuration.md', import.meta.url), 'utf8')

test('every variable of schemas/config.ts is in docs/configuration.md with its default', async (t) => {
  for (const [name, schema] of Object.entries(ConfigSchema.properties) as Array<[string, { default?: unknown }]>) {
    const row = page.split('\n').find((line) => line.startsWith('| ') && line.includes(`\`${name}\``))
    if (row === undefined) {
      t.fail(`${name} is not in docs/configuration.md`)
      continue
    }
    if (schema.default !== undefined && row.startsWith(`| \`${name}\` |`)) {
      t.match(row.split('|')[2], `\`${String(schema.default)}\``, `${name}: its default`)
    } else t.pass(`${name} is listed`)
  }
})
