import { test } from 'tap'
import { spawnSync } from 'node:child_process'
import { copyFileSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { PROJECT_ROOT } from '../../src/paths.js'
import { READER_MEMORY_PLAN_MB, readerHeapCapMb } from '../../src/spreadsheets/reader.js'

test('the template unit contratos@.service is valid and scores below 5 in systemd-analyze security', async (t) => {
  if (spawnSync('systemd-analyze', ['--version']).status !== 0) { t.plan(0, 'skip: no systemd-analyze here'); return }
  const unit = join(t.testdir({}), 'contratos@3001.service')
  copyFileSync(join(PROJECT_ROOT, 'deploy', 'contratos@.service'), unit)
  const analysis = spawnSync('systemd-analyze', ['security', '--offline=true', unit], { encoding: 'utf8' })
  const score = Number(/Overall exposure level for contratos@3001\.service: ([\d.]+)/.exec(analysis.stdout)?.[1])
  t.ok(score < 5, `exposure ${score}`)
  for (const setting of ['UMask=', 'CapabilityBoundingSet=', 'SystemCallFilter=']) t.match(analysis.stdout, `✓ ${setting}`, `${setting} passes`)
})

test('each unit\'s MemoryMax holds the service and the reader children at their heap cap on up to 3 CPUs, the cap room for a 10 MB workbook', async (t) => {
  const units = readdirSync(join(PROJECT_ROOT, 'deploy')).filter((name) => name.endsWith('.service'))
  const limits = units.flatMap((name) => {
    const match = /^MemoryMax=(\d+)([KMG]?)$/m.exec(readFileSync(join(PROJECT_ROOT, 'deploy', name), 'utf8'))
    return match === null ? [] : [{ name, bytes: Number(match[1]) * 1024 ** ' KMG'.indexOf(match[2] === '' ? ' ' : match[2]) }]
  })
  t.ok(limits.some(({ name }) => name === 'contratos@.service'), 'the template unit sets MemoryMax')
  const { service, perCpu, childBase } = READER_MEMORY_PLAN_MB
  for (const { name, bytes } of limits) {
    for (const cpus of [1, 2, 3]) {
      const processes = Math.min(4, Math.max(1, Math.floor(cpus / 2))) // the reader's default (src/spreadsheets/reader.ts)
      const cap = readerHeapCapMb(bytes, processes, cpus)
      const plannedMb = service + perCpu * cpus + processes * (cap + childBase)
      t.ok(plannedMb <= bytes / 1024 ** 2, `${name}, ${cpus} CPU(s): ${plannedMb} MiB planned within MemoryMax`)
      t.ok(cap >= 256, `${name}, ${cpus} CPU(s): heap cap ${cap} MiB (a 10 MB .xlsx needs about 130, docs/import.md)`)
    }
  }
})
