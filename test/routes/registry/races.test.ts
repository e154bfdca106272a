/**
 * Status changes that cannot race (docs/registry.md "Routes"): two instances of the service (two
 * buildApp()s, each with its own pool) on one real PostgreSQL, 50 rounds of two marks of one contract
 * on different days at once, and 50 rounds of a mark and a corrected reprint at once. Each round
 * exactly one wins (200) and the other is a 409 that names what won: the day it was marked, the
 * signed contract in the way, or the reprint; the registry holds what the winner did and nothing of
 * the loser. And 20 rounds of a mark and a withdrawal at once: one wins, the other is a 409 naming the
 * status the winner set, and the events hold the winner's change only.
 */
import { test } from 'tap'
import { addDays, todayInLima } from '../../../src/vocabulary/dates.js'
import { REGISTRY_MESSAGES } from '../../../schemas/messages.js'
import { build, sampleEmployee } from '../../support/helper.js'
import { startPostgres } from '../../support/postgres.js'

type App = Awaited<ReturnType<typeof build>>
const ROUNDS = 50
const today = todayInLima()

const contractsOf = async (app: App, dni: string) =>
  (await app.inject({ method: 'GET', url: `/api/workers/${dni}/contracts` })).json().data.contracts as
    Array<{ id: string, status: string, entryDate: string, endDate: string, signedOn: string | null }>

test('two instances on one PostgreSQL: of two concurrent status changes of one contract exactly one wins, every round', async (t) => {
  const postgres = await startPostgres(t)
  const a = await build(t, { DATABASE_URL: postgres.url })
  t.equal((await a.inject({ method: 'GET', url: '/api/workers/43000000/contracts' })).statusCode, 200, 'migrated')
  const b = await build(t, { DATABASE_URL: postgres.url })
  const worker = (dni: string) => ({ dni, names: 'Ana', lastNameFather: 'Ríos', lastNameMother: 'Vega' })
  /** A contract recorded as issued, its document printed as signed ten days ago. */
  const issued = async (dni: string) => {
    const [{ id }] = await a.registry.run(async (registry) => await registry.recordIssued([{
      kind: 'contract',
      worker: worker(dni),
      contractType: 'Planilla',
      modality: '58',
      entryDate: addDays(today, -5),
      endDate: addDays(today, 170),
      signingDate: addDays(today, -10),
      salary: 1500,
      position: 'Operario de playa',
      record: {},
      documents: [{ kind: 'contrato', templateId: 'contrato-planilla', templateSha256: 'x' }]
    }], { requestId: 'race' }))
    return id
  }

  await t.test(`${ROUNDS} rounds of two marks of one contract on different days, one on each instance`, async (t) => {
    const outcomes: Record<string, number> = {}
    for (let round = 0; round < ROUNDS; round++) {
      const dni = String(43100000 + round)
      const id = await issued(dni)
      const days = [addDays(today, -1), addDays(today, -2)]
      const replies = await Promise.all([a, b].map(async (app, at) =>
        await app.inject({ method: 'POST', url: `/api/contracts/${id}/signed`, payload: { signingDate: days[at] } })))
      const codes = replies.map((reply) => reply.statusCode)
      const winner = codes.indexOf(200)
      t.same([...codes].sort(), [200, 409], `round ${round}: one wins (${codes.join(', ')})`)
      if (winner < 0) continue
      outcomes[winner === 0 ? 'first instance' : 'second instance'] = (outcomes[winner === 0 ? 'first instance' : 'second instance'] ?? 0) + 1
      t.equal(replies[1 - winner].json().message, REGISTRY_MESSAGES.alreadySigned(days[winner]), `round ${round}: the loser names the day recorded`)
      t.match(await contractsOf(b, dni), [{ id, status: 'signed', signedOn: days[winner] }], `round ${round}: the winner's day, never rewritten`)
    }
    t.comment(`winners: ${JSON.stringify(outcomes)}`)
  })

  await t.test(`${ROUNDS} rounds of a mark on one instance and a corrected reprint on the other`, async (t) => {
    const outcomes = { mark: 0, reprint: 0 }
    for (let round = 0; round < ROUNDS; round++) {
      const dni = String(43200000 + round)
      const employee = sampleEmployee({ dni })
      t.equal((await a.inject({ method: 'POST', url: '/api/contracts/download-zip', payload: [employee] })).statusCode, 200)
      const [first] = await contractsOf(a, dni)
      // a reprint that lost is a 409 when the mark came before its first byte, or cut before its
      // central directory when the mark came between its check and its record (docs/registry.md)
      const [mark, reprint] = await Promise.all([
        a.inject({ method: 'POST', url: `/api/contracts/${first.id}/signed`, payload: { signingDate: today } }),
        b.inject({ method: 'POST', url: '/api/contracts/download-zip', payload: [{ ...employee, salary: 1600, salaryInWords: undefined }] })
          .catch((error: { code?: string }) => { if (error.code === 'LIGHT_ECONNRESET') return 'cut' as const; throw error })
      ])
      const reprintStatus = reprint === 'cut' ? 'cut' : reprint.statusCode
      const outcome = `mark ${mark.statusCode}, reprint ${reprintStatus}`
      t.ok(['mark 200, reprint 409', 'mark 200, reprint cut', 'mark 409, reprint 200'].includes(outcome), `round ${round}: one wins (${outcome})`)
      const recorded = await contractsOf(b, dni)
      if (mark.statusCode === 200) {
        outcomes.mark++
        if (reprint !== 'cut') t.match(reprint.json().message, `del ${first.entryDate} al ${first.endDate}`, `round ${round}: the reprint names the signed contract`)
        t.match(recorded, [{ id: first.id, status: 'signed', signedOn: today }], `round ${round}: signed, and no reprint recorded`)
        t.equal(recorded.length, 1)
      } else if (reprintStatus === 200) {
        outcomes.reprint++
        t.equal(recorded.length, 2)
        const [old, current] = recorded
        t.match(old, { id: first.id, status: 'superseded', signedOn: null }, `round ${round}: the superseded contract is never signed`)
        t.match(current, { status: 'issued' })
        t.equal(mark.json().message, REGISTRY_MESSAGES.supersededByReprint(current.id, current.entryDate, current.endDate), `round ${round}: the mark names the reprint`)
      }
    }
    t.comment(`winners: ${JSON.stringify(outcomes)}`)
  })

  await t.test('20 rounds of a mark on one instance and a withdrawal on the other', async (t) => {
    const outcomes = { signed: 0, withdrawn: 0 }
    for (let round = 0; round < 20; round++) {
      const dni = String(43300000 + round)
      const id = await issued(dni)
      const [mark, withdraw] = await Promise.all([
        a.inject({ method: 'POST', url: `/api/contracts/${id}/signed`, payload: { signingDate: today } }),
        b.inject({ method: 'POST', url: `/api/contracts/${id}/withdraw`, payload: { reason: 'Nunca se presentó' } })
      ])
      t.same([mark.statusCode, withdraw.statusCode].sort(), [200, 409], `round ${round}: one wins (mark ${mark.statusCode}, withdraw ${withdraw.statusCode})`)
      const won = mark.statusCode === 200 ? 'signed' : 'withdrawn'
      outcomes[won]++
      const loser = won === 'signed' ? withdraw : mark
      t.equal(loser.json().message, REGISTRY_MESSAGES.statusForbids(won), `round ${round}: the loser names the status set`)
      t.match(await contractsOf(a, dni), [{ id, status: won }])
      const events = await b.registry.run(async (registry) => await registry.contractEvents(id))
      t.same(events?.events.map((event) => event.what), [won], `round ${round}: one event, the winner's`)
    }
    t.comment(`winners: ${JSON.stringify(outcomes)}`)
  })
})
