/**
 * The contract registry on a real PostgreSQL shared by two built instances behind HAProxy
 * (docs/registry.md): a contract issued through one is seen by the other, concurrent issues for one
 * worker leave exactly one current contract, a cause approved through one prints on the other after
 * its causes refresh, and a database stopped then started again gives 503s with Retry-After for
 * issuing only, then heals without a restart.
 */
import { test } from 'tap'
import { sampleEmployee } from './support/helper.js'
import { todayInLima } from '../src/vocabulary/dates.js'
import { startPostgres } from './support/postgres.js'
import { CLUSTER_ENV, ensureBuilt, send, startHaproxy, startInstance, until } from './support/cluster.js'

test('two instances on one PostgreSQL: shared records, serialised issues, an outage healed by itself', async (t) => {
  ensureBuilt(t)
  const postgres = await startPostgres(t)
  const env = { ...CLUSTER_ENV, DATABASE_URL: postgres.url, QUEUE_MAX_WAIT_MS: '0' }
  const instances = await Promise.all([1, 2].map(async (n) => await startInstance(t, { ...env, TEMP_DIR: t.testdir({ [`app${n}`]: {} }) })))
  const [a, b] = instances
  const { lb, servedBy } = await startHaproxy(t, instances)
  await servedBy(['app1', 'app2'], 60)
  const contractsOn = async (port: number, dni: string) =>
    JSON.parse((await send(port, 'GET', `/api/workers/${dni}/contracts`)).body.toString()).data.contracts as Array<{ id: string, status: string }>

  await t.test('a contract issued on one instance is listed by the other', async (t) => {
    const zip = await send(a.port, 'POST', '/api/contracts/download-zip', { json: [sampleEmployee({ dni: '41000001' })] })
    t.equal(zip.status, 200)
    t.match(await contractsOn(b.port, '41000001'), [{ status: 'issued' }])
  })

  await t.test('concurrent issues for one worker on both instances: one current contract, the other superseded', async (t) => {
    const employee = sampleEmployee({ dni: '41000002' })
    const replies = await Promise.all([a, b, a, b].map(async (instance) => await send(instance.port, 'POST', '/api/contracts/download-zip', { json: [employee] })))
    t.same(replies.map((reply) => reply.status), [200, 200, 200, 200])
    const statuses = (await contractsOn(a.port, '41000002')).map((contract) => contract.status).sort()
    t.same(statuses, ['issued', 'superseded', 'superseded', 'superseded'])
  })

  await t.test('a signed mark and a reprint at once: exactly one of them wins', async (t) => {
    const employee = sampleEmployee({ dni: '41000003' })
    t.equal((await send(a.port, 'POST', '/api/contracts/download-zip', { json: [employee] })).status, 200)
    const [current] = await contractsOn(a.port, '41000003')
    const today = todayInLima()
    // a reprint that lost is a 409 before its first byte, or cut before its central directory when
    // the mark came between its check and its record (docs/registry.md)
    const [signed, reprint] = await Promise.all([
      send(a.port, 'POST', `/api/contracts/${current.id}/signed`, { json: { signingDate: today } }),
      send(b.port, 'POST', '/api/contracts/download-zip', { json: [employee] }).then((reply) => reply.status, () => 'cut')
    ])
    const outcome = `signed ${signed.status}, reprint ${reprint}`
    t.ok(['signed 200, reprint 409', 'signed 200, reprint cut', 'signed 409, reprint 200', 'signed 404, reprint 200'].includes(outcome), `one wins: ${outcome}`)
  })

  await t.test('a cause approved on one instance prints on the other within the causes refresh; one id proposed on both at once: one 201, one 409', async (t) => {
    // at Playa Lince: the other tests' records (Playa Larcomar, no causeId) keep their one fitting cause
    const cause = {
      id: 'feria-de-invierno',
      modality: '58',
      sites: ['Playa Lince'],
      text: 'Incremento temporal e imprevisible de vehículos por la feria de invierno instalada en el parque frente a la sede',
      period: { from: '01/01/2026', to: '31/12/2032' }
    }
    const proposals = await Promise.all([a, b].map(async (instance) => await send(instance.port, 'POST', '/api/causes', { json: cause })))
    t.same(proposals.map((reply) => reply.status).sort(), [201, 409], 'the registry holds one cause per id, whichever instance is asked')
    const record = sampleEmployee({ dni: '41000005', subDivisionOrParking: 'Playa Lince', causeId: cause.id })
    t.equal((await send(b.port, 'POST', '/api/contracts/preview', { json: record })).status, 400, 'a proposal is refused on every instance')
    t.equal((await send(a.port, 'POST', `/api/causes/${cause.id}/approve`)).status, 200)
    t.equal((await send(a.port, 'POST', '/api/contracts/preview', { json: record })).status, 200, 'in force on the instance that approved it at once')
    const publishes = async () => (JSON.parse((await send(b.port, 'GET', '/api/profile')).body.toString()).data.causes as Array<{ id: string }>)
      .some((entry) => entry.id === cause.id)
    const ms = await until('the other instance publishes it', 45, publishes)
    t.comment(`the other instance had it ${ms} ms after the approval`)
    t.equal((await send(b.port, 'POST', '/api/contracts/preview', { json: record })).status, 200, 'and prints it')
  })

  await t.test('PostgreSQL stopped: issuing 503 + Retry-After, previews 200, not ready; started: issuing 200 by itself', async (t) => {
    await postgres.stop()
    const zip = await lb('POST', '/api/contracts/download-zip', { json: [sampleEmployee({ dni: '41000004' })] })
    t.equal(zip.status, 503)
    t.equal(zip.headers['retry-after'], '2')
    t.match(JSON.parse(zip.body.toString()).message, /registro de contratos/)
    t.equal((await lb('POST', '/api/contracts/preview', { json: sampleEmployee() })).status, 200)
    for (const instance of instances) {
      await until('ready 503', 30, async () => (await send(instance.port, 'GET', '/api/health/ready')).status === 503)
      t.equal(JSON.parse((await send(instance.port, 'GET', '/api/health/ready')).body.toString()).checks.registry, 'fail')
    }
    await postgres.start()
    const healedMs = await until('issuing 200 again', 60, async () =>
      (await lb('POST', '/api/contracts/download-zip', { json: [sampleEmployee({ dni: '41000004' })] })).status === 200)
    t.comment(`issuing healed ${healedMs} ms after PostgreSQL answered again`)
    for (const instance of instances) {
      await until('ready 200', 30, async () => (await send(instance.port, 'GET', '/api/health/ready')).status === 200)
    }
    t.match(await contractsOn(b.port, '41000004'), [{ status: 'issued' }])
  })
})
