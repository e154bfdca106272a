import { test } from 'tap'
import { readdirSync, readFileSync } from 'node:fs'
import { WORKER_NICE, lowerThreadPriority, nameThread } from '../../src/workers.js'
import { build, sampleEmployee } from '../support/helper.js'

/** The nice value of each thread of this process, from /proc (field 19 of a stat line). */
function threadNices (): number[] {
  return readdirSync('/proc/self/task').map((tid) => {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8')
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16])
  })
}

const linuxOnly = process.platform !== 'linux' && 'thread priorities are read from /proc'

test('the main thread (the event loop) never lowers its priority', { skip: linuxOnly }, async (t) => {
  t.equal(lowerThreadPriority(), false)
  const stat = readFileSync('/proc/thread-self/stat', 'utf8')
  t.equal(Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]), 0)
})

test('the PDF threads run below the event loop, and only they', { skip: linuxOnly }, async (t) => {
  const before = threadNices().filter((nice) => nice === WORKER_NICE).length
  const app = await build(t, { PDF_THREADS: 2 })
  const res = await app.inject({ method: 'POST', url: '/api/contracts/preview', payload: sampleEmployee() })
  t.equal(res.statusCode, 200)
  const lowered = () => threadNices().filter((nice) => nice === WORKER_NICE).length - before
  // a thread lowers itself when its worker module loads; the second may still be loading (up to 10 s)
  for (let i = 0; i < 200 && lowered() < 2; i++) await new Promise((resolve) => setTimeout(resolve, 50))
  t.equal(lowered(), 2, 'both PDF threads')
  const stat = readFileSync('/proc/thread-self/stat', 'utf8')
  t.equal(Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]), 0, 'the event loop keeps its priority')
})

/** How many threads of this process bear `name` (/proc's comm). */
function threadsNamed (name: string): number {
  return readdirSync('/proc/self/task').filter((tid) => {
    try {
      return readFileSync(`/proc/self/task/${tid}/comm`, 'utf8').trim() === name
    } catch {
      return false // a thread that ended meanwhile
    }
  }).length
}

test('the registry and PDF threads bear their names; the main thread keeps its own', { skip: linuxOnly }, async (t) => {
  const main = readFileSync('/proc/thread-self/comm', 'utf8')
  t.equal(nameThread('registry'), false, 'the main thread is never renamed')
  t.equal(readFileSync('/proc/thread-self/comm', 'utf8'), main)
  const before = { pdf: threadsNamed('pdf'), registry: threadsNamed('registry') }
  const app = await build(t, { PDF_THREADS: 2 })
  const res = await app.inject({ method: 'POST', url: '/api/contracts/download-zip', payload: [sampleEmployee({ dni: '40888001' })] })
  t.equal(res.statusCode, 200)
  // a thread names itself when its worker module loads
  const named = () => ({ pdf: threadsNamed('pdf') - before.pdf, registry: threadsNamed('registry') - before.registry })
  for (let i = 0; i < 200 && named().pdf < 2; i++) await new Promise((resolve) => setTimeout(resolve, 50))
  t.same(named(), { pdf: 2, registry: 1 }, 'two PDF threads and PGlite\'s thread, told apart (top -H, bench:profile-zip)')
})
