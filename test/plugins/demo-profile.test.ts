import { test } from 'tap'
import { buildApp } from '../../app/app.js'
import { PRODUCTION_PROFILE } from '../support/helper.js'
import type { Test } from 'tap'

async function warnings (t: Test, env: Record<string, string>): Promise<string[]> {
  const lines: { level: number, msg: string }[] = []
  const app = await buildApp({ env: { TEMP_DIR: t.testdir({}), ...env }, logger: { stream: { write: (line: string) => { lines.push(JSON.parse(line)) } } } })
  await app.close()
  return lines.filter((line) => line.level === 40).map((line) => line.msg)
}

test('a start with the demo employer profile warns; one with a real profile does not', async (t) => {
  t.match(await warnings(t, { NODE_ENV: 'development' }), [/^demo employer profile loaded/])
  t.notMatch(await warnings(t, { NODE_ENV: 'development', EMPLOYER_PROFILE: PRODUCTION_PROFILE }), [/demo employer profile/])
})
