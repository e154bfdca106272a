/**
 * `app.registry`: the contract registry (src/registry/, docs/registry.md) on PostgreSQL at
 * DATABASE_URL, or PGlite in DATA_DIR. The database is opened, and its migrations applied, at
 * start-up outside tests (in the background: a database that is down keeps the service up, with
 * readiness failing `registry`) and otherwise at first use. Every failure of the database becomes
 * a 503 with Retry-After (RegistryUnavailableError); a failed open is tried again at the next use,
 * no sooner than RETRY_OPEN_MS after the last try, so the service recovers by itself. A task at open
 * and every 24 h deletes what ended more than REGISTRY_RETENTION_YEARS ago (Ley 29733 art. 8).
 *
 * The causes counsel reviews (docs/registry.md "Causes"; DOCUMENT-REQUIREMENTS §21): at open, the
 * employer profile's causes seed the registry (each id once; never over a cause counsel changed)
 * and its catalogue is loaded into `app.causeCatalogue`, which every rule and document reads without
 * a query; `refreshCauses()` loads it again after a change through the API, and every
 * CAUSES_REFRESH_MS one `max(revision)` says whether another instance changed a cause.
 */
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import fp from 'fastify-plugin'
import type { FastifyBaseLogger } from 'fastify'
import { openDatabase, type DatabaseLocation, type RegistryDatabase } from '../src/registry/database.js'
import { RegistryTimeoutError, withDeadline, withoutDeadline } from '../src/registry/deadline.js'
import { Registry, RegistryRefusal } from '../src/registry/registry.js'
import type { IssueState } from '../src/registry/issue-state.js'
import type { ExtendableContract } from '../src/registry/contract-rules.js'
import { AppError, RegistryUnavailableError } from '../src/errors.js'
import { CauseRefusal } from '../src/registry/cause-reviews.js'
import { TEMPLATE_IDS, type TemplateId } from '../src/documents/fields.js'
import { projectPath } from '../src/paths.js'
import type { HistoryOutcome } from '../src/registry/history-rules.js'
import { historyQuery, historyOutcomes, type RecordKind } from '../src/issuing/history-check.js'
import { addMonths, todayInLima } from '../src/vocabulary/dates.js'

/** What routes and readiness see of the registry. */
export interface RegistryAccess {
  /** `postgres` or `pglite`. */
  readonly location: DatabaseLocation['kind']
  /**
   * Runs `work` on the registry, opening the database first if needed.
   * @throws RegistryUnavailableError (503) when the database cannot be opened or fails;
   *   RegistryRefusal, CauseRefusal or an AppError as `work` raises it
   */
  run: <T>(work: (registry: Registry) => Promise<T>) => Promise<T>
  /** Readiness: the database is open (waited for up to OPEN_TIMEOUT_MS) and answers a query within PING_TIMEOUT_MS. */
  check: () => Promise<boolean>
  /** SHA-256 (hex) of each template file, as issued documents record it. */
  templateSha256: Readonly<Record<TemplateId, string>>
  /**
   * The history rules (src/registry/history-rules.ts; LPCL art. 74, Reglamento art. 16) over records
   * that passed every other rule: per record, in order, its refusals and whether a probation was
   * already served; an adenda that names its contract (`contractId`) also checked against that
   * recorded contract (linkedContractIssues). One statement for the whole batch (Registry.issueState),
   * whose `issueState` a ZIP's overlap check then reads instead of the registry (Registry.checkIssue):
   * one read before its first byte. A registry that does not answer checks nothing (logged; no
   * `issueState`): previews keep working, and a ZIP is refused when it cannot be recorded. With
   * `startedUnsigned` (the employees upload), one more query names each worker's contract started
   * without its signature recorded (DOCUMENT-REQUIREMENTS §39).
   */
  checkHistory: (
    records: readonly object[], kind: RecordKind, options?: { startedUnsigned?: boolean }
  ) => Promise<{ outcomes: HistoryOutcome[], issueState?: IssueState }>
  /**
   * Loads the registry's causes into `app.causeCatalogue` when its revision changed (opening the
   * database if needed). Called after every change of a cause, and every CAUSES_REFRESH_MS.
   * @throws RegistryUnavailableError when the database does not answer (the catalogue in force stays)
   */
  refreshCauses: () => Promise<void>
  /**
   * The recorded contracts these workers' adendas may extend, each with what an adenda repeats of it
   * (Registry.extendableContractsWithFacts), for the adendas upload; none when the registry does not
   * answer within PING_TIMEOUT_MS (logged): the sheet
   * is then judged as it is, as without a registry.
   */
  extendableContracts: (dnis: readonly string[]) => Promise<Map<string, ExtendableContract[]>>
}

declare module 'fastify' {
  interface FastifyInstance {
    registry: RegistryAccess
  }
}

/** ms before a failed open is tried again. */
const RETRY_OPEN_MS = 1000
/** ms between two runs of the retention task. */
const PURGE_EVERY_MS = 24 * 3600_000
/** ms readiness waits for a database being opened (PGlite's first start, migrations). */
const OPEN_TIMEOUT_MS = 15_000
/** ms readiness waits for the database's answer. */
const PING_TIMEOUT_MS = 2000
/** ms between two looks at the causes' revision: how soon another instance's change is in force here. */
export const CAUSES_REFRESH_MS = 30_000
/** ms a PostgreSQL connection may take at most (less when REGISTRY_QUERY_TIMEOUT_MS is shorter). */
const CONNECT_TIMEOUT_MS = 5000
/** ms between two pings of a registry that passed a deadline, until one answers. */
export const STALL_PROBE_MS = 1000
/** ms between two log lines of a fault that repeats (each use tries again); the lines between are counted. */
export const FAULT_LOG_EVERY_MS = 60_000

export default fp(async (app) => {
  const url = app.config.DATABASE_URL
  const location: DatabaseLocation = url === undefined
    ? { kind: 'pglite', dataDir: app.config.dataDir === 'memory://' ? 'memory://' : projectPath(app.config.dataDir) }
    : { kind: 'postgres', url }
  let opening: Promise<RegistryDatabase> | undefined
  /** The database `opening` gave, once open. */
  let current: RegistryDatabase | undefined
  let lastFailure = 0
  let closed = false
  /** Set once PGlite's folder was removed or replaced under this instance: nothing is opened again until a restart. */
  let folderLost: 'missing' | 'replaced' | undefined
  /** Settles once a database whose thread ended has let go of its folder (its lock): the next open waits for it. */
  let released: Promise<void> = Promise.resolve()
  const faults = faultLog(app.log, location.kind)
  // a pooled connection that dies fails no request by itself (the pool replaces it at the next use):
  // a warning at most once per FAULT_LOG_EVERY_MS, its own pace kept across recoveries, so the idle
  // connections a server restart ends one by one, some after the registry answers again, never read
  // as a second outage at `error`
  const droppedConnections = faultLog(app.log, location.kind, 'warn')
  /** Aborted when the app closes: an open still under way (a slow first start) is cut short rather than awaited. */
  const closing = new AbortController()

  async function database (): Promise<RegistryDatabase> {
    // once the app closes, nothing opens the database again (a late write would keep the process alive)
    if (closed || folderLost !== undefined) throw new RegistryUnavailableError()
    // PGlite's folder removed or replaced: its records are not where the thread writes them. Logged
    // once; the thread is stopped without writing more; issuing answers 503 until a restart
    const lost = current?.folderLost()
    if (current !== undefined && lost !== undefined) {
      folderLost = lost
      app.log.error({ registry: location.kind, dataDir: location.kind === 'pglite' ? location.dataDir : undefined, folder: lost },
        'contract registry: DATA_DIR was removed or replaced under the running instance; issuing answers 503 until it is restored and the service restarted')
      const abandoned = current
      current = undefined
      opening = undefined
      await abandoned.abandon().catch(() => {})
      throw new RegistryUnavailableError()
    }
    // PGlite's thread ended (crashed, out of memory): that database answers nothing more, open it again
    if (current !== undefined && !current.alive()) {
      app.log.error({ registry: location.kind }, 'contract registry database thread ended: opening it again')
      // its folder's lock released (the thread is gone) before the next open takes it again
      released = current.abandon().catch(() => {})
      current = undefined
      opening = undefined
    }
    if (opening === undefined) {
      if (Date.now() - lastFailure < RETRY_OPEN_MS) throw new RegistryUnavailableError()
      // shared by every request that waits for it: no one request's deadline
      const attempt = released.then(async () => await withoutDeadline(() => openDatabase(location, {
        connectTimeoutMs: Math.min(app.config.REGISTRY_QUERY_TIMEOUT_MS, CONNECT_TIMEOUT_MS),
        threadHeapMb: app.config.REGISTRY_THREAD_HEAP_MB,
        queryTimeoutMs: app.config.REGISTRY_QUERY_TIMEOUT_MS,
        onConnectionError: (error) => {
          droppedConnections.report(error, 'contract registry connection failed (PostgreSQL closed it or went away): it is replaced at the next use')
        },
        onLockLost: (error) => { app.log.error({ err: error }, 'contract registry: the lock on DATA_DIR was lost; another process may open it') },
        signal: closing.signal
      }))).then(async (open) => {
        try {
          await prepareCauses(new Registry(open.db))
        } catch (error) {
          await open.close().catch(() => {})
          throw error
        }
        return open
      })
      opening = attempt
      attempt.then((open) => {
        if (opening === attempt) current = open
        app.log.info({ registry: location.kind }, 'contract registry open')
      }, (error: unknown) => {
        if (opening === attempt) opening = undefined
        lastFailure = Date.now()
        if (closed) return // cut short by the app closing: not a fault
        faults.report(error, 'contract registry cannot be opened: issuing answers 503 until it can')
      })
    }
    try {
      return await opening
    } catch (error) {
      throw new RegistryUnavailableError(error)
    }
  }

  /** Seeds the profile's causes (each id once) and loads the catalogue: on every open. */
  async function prepareCauses (registry: Registry): Promise<void> {
    const seed = app.causeCatalogue.seed
    const differing = await registry.causes.seed(seed.causes ?? [])
    if (differing.length > 0) {
      app.log.warn({ causes: differing }, 'employer profile causes differ from the registry\'s (edited or retired there): the registry\'s are in force')
    }
    await loadCauses(registry)
  }

  /** Loads the registry's causes into the catalogue when its revision changed. */
  async function loadCauses (registry: Registry): Promise<void> {
    const version = await registry.causes.revision()
    if (version === app.causeCatalogue.version) return
    const entries = await registry.causes.list()
    const { changed, leftOut } = app.causeCatalogue.load(version, entries)
    if (leftOut.length > 0) {
      const causes = leftOut.map(({ id, findings }) => ({ id, fields: findings.map((finding) => finding.field) }))
      app.log.warn({ causes },
        'approved causes the employer profile cannot print (a site or modality it no longer has): not printed')
    }
    if (changed) app.log.info({ revision: version, approved: entries.filter((entry) => entry.status === 'approved').length }, 'causes catalogue loaded')
  }

  /** The last load of the catalogue asked for (refreshCauses), settled or not. */
  let causesLoading: Promise<void> = Promise.resolve()

  const templateSha256 = Object.fromEntries(TEMPLATE_IDS.map((id) => [
    id, createHash('sha256').update(readFileSync(join(projectPath(app.config.TEMPLATES_DIR), `${id}.pdf`))).digest('hex')
  ])) as Record<TemplateId, string>

  const access: RegistryAccess = {
    location: location.kind,
    templateSha256,
    checkHistory: async (records, kind, options = {}) => {
      const profile = app.employerProfile
      const query = historyQuery(records, kind, profile)
      const today = todayInLima()
      try {
        const found = await access.run(async (registry) => {
          const issueState = await registry.issueState(query.dnis, query.contractIds, today)
          const startedUnsigned = options.startedUnsigned === true
            ? await registry.startedUnsigned(query.dnis, today)
            : undefined
          return { issueState, startedUnsigned }
        })
        const { issueState } = found
        const { terms, linked } = issueState
        const { startedUnsigned } = found
        const outcomes = historyOutcomes(records, query, { terms, linked, startedUnsigned }, profile)
        return { outcomes, issueState }
      } catch (error) {
        if (!(error instanceof RegistryUnavailableError)) throw error
        app.log.warn('contract registry unavailable: the history rules were not applied')
        return { outcomes: query.needs.map(() => ({ issues: [] })) }
      }
    },
    run: async (work) => {
      // a database that let a deadline pass is not asked again until a ping answers (stall below):
      // the requests meanwhile answer 503 at once, not each after its own deadline
      if (stalledSince !== undefined) throw new RegistryUnavailableError()
      let result
      const started = performance.now()
      try {
        // a database being opened (PGlite's first start takes seconds) is waited for up to OPEN_TIMEOUT_MS
        // (or REGISTRY_QUERY_TIMEOUT_MS when longer)
        // (a PostgreSQL that does not answer fails its connection within REGISTRY_QUERY_TIMEOUT_MS);
        // then one deadline for the whole of the work: its connection and every statement
        const { db } = await bounded(database(), Math.max(OPEN_TIMEOUT_MS, app.config.REGISTRY_QUERY_TIMEOUT_MS))
        result = await withDeadline(app.config.REGISTRY_QUERY_TIMEOUT_MS, async () => await work(new Registry(db)))
      } catch (error) {
        // the registry's refusals and the checks `work` makes are answered as they are (404, 409, 400)
        if (error instanceof RegistryRefusal || error instanceof CauseRefusal || error instanceof AppError) throw error
        faults.report(error, 'contract registry query failed')
        if (error instanceof RegistryTimeoutError) stall()
        throw new RegistryUnavailableError(error)
      } finally {
        app.metrics.registrySeconds.observe((performance.now() - started) / 1000)
      }
      faults.answered()
      return result
    },
    extendableContracts: async (dnis) => {
      if (dnis.length === 0) return new Map()
      try {
        const work = access.run(async (registry) => await registry.extendableContractsWithFacts(dnis))
        return await bounded(work, PING_TIMEOUT_MS)
      } catch (error) {
        app.log.warn({ err: error }, 'contract registry unavailable: the adendas sheet is judged without the recorded contracts')
        return new Map()
      }
    },
    refreshCauses: async () => {
      // one load at a time: a slower load of an older revision never replaces a newer one
      const load = async () => { await access.run(async (registry) => { await loadCauses(registry) }) }
      const next = causesLoading.then(load)
      causesLoading = next.catch(() => {})
      await next
    },
    check: async () => {
      if (closed) return false
      try {
        // a database still being opened (PGlite's first start takes a few seconds) is waited for, up to
        // OPEN_TIMEOUT_MS; then one query bounded to PING_TIMEOUT_MS
        await bounded(database(), OPEN_TIMEOUT_MS)
        await bounded(access.run(async (registry) => { await registry.ping() }), PING_TIMEOUT_MS)
        return true
      } catch {
        return false
      }
    }
  }
  /** When a deadline passed (RegistryTimeoutError) while no ping has answered since; undefined otherwise. */
  let stalledSince: number | undefined
  let stallProbe: NodeJS.Timeout | undefined
  /**
   * A deadline passed: the database is stalled (a frozen server, a network path that drops, a busy
   * thread). Until a ping answers within the deadline, tried every STALL_PROBE_MS, every use answers
   * 503 at once.
   */
  function stall (): void {
    if (stalledSince !== undefined || closed) return
    stalledSince = Date.now()
    let probing = false
    stallProbe = setInterval(() => {
      if (probing) return
      probing = true
      const ping = async () => {
        const { db } = await bounded(database(), OPEN_TIMEOUT_MS)
        await withDeadline(app.config.REGISTRY_QUERY_TIMEOUT_MS, async () => { await new Registry(db).ping() })
      }
      ping().then(() => {
        app.log.info({ registry: location.kind, stalledMs: Date.now() - (stalledSince ?? Date.now()) }, 'contract registry answers again')
        endStall()
      }, () => {}).finally(() => { probing = false })
    }, STALL_PROBE_MS)
    stallProbe.unref()
  }
  function endStall (): void {
    clearInterval(stallProbe)
    stallProbe = undefined
    stalledSince = undefined
  }
  // retention (Ley 29733 art. 8): at open and every 24 h, what ended more than REGISTRY_RETENTION_YEARS ago goes
  const purge = async (): Promise<void> => {
    const before = addMonths(todayInLima(), -12 * app.config.REGISTRY_RETENTION_YEARS)
    try {
      const deleted = await access.run(async (registry) => await registry.purgeEndedBefore(before))
      if (deleted.contracts + deleted.history > 0) app.log.info({ ...deleted, before }, 'contract registry: records past retention deleted')
    } catch (error) {
      if (closed) return // the app closed while it ran: nothing to report
      app.log.warn({ err: error }, 'contract registry: retention task failed; tried again in 24 h')
    }
  }
  const daily = setInterval(() => { purge().catch(() => {}) }, PURGE_EVERY_MS)
  daily.unref()
  // another instance's change of a cause: in force here within CAUSES_REFRESH_MS (only once the database is open)
  let refreshing = false
  const causesTimer = setInterval(() => {
    if (opening === undefined || refreshing || closed) return
    refreshing = true
    access.refreshCauses().catch((error: unknown) => {
      app.log.warn({ err: error }, 'contract registry: the causes catalogue could not be refreshed; the one in force stays')
    }).finally(() => { refreshing = false })
  }, CAUSES_REFRESH_MS)
  causesTimer.unref()
  app.decorate('registry', access)
  // outside tests the database opens at start-up, in the background (readiness waits for it)
  if (app.config.NODE_ENV !== 'test') app.addHook('onReady', async () => { database().then(purge, () => {}) })
  app.addHook('onClose', async () => {
    endStall()
    clearInterval(daily)
    clearInterval(causesTimer)
    closed = true
    closing.abort()
    const last = opening
    opening = undefined
    current = undefined
    if (last !== undefined) await last.then(async (open) => { await open.close() }, () => {})
  })
}, { name: 'registry', dependencies: ['config', 'employer-profile', 'metrics'] })

/**
 * A fault that repeats while the database is away (each use tries again): logged at `level` (`error`
 * unless said) the first time, then at most once per FAULT_LOG_EVERY_MS with the count of those not
 * logged since (`repeated`); `answered()` logs once at `info` when the registry answers again after one.
 */
function faultLog (log: FastifyBaseLogger, registry: DatabaseLocation['kind'], level: 'error' | 'warn' = 'error') {
  let lastLogged = Number.NEGATIVE_INFINITY
  let repeated = 0
  let failing = false
  return {
    report: (error: unknown, message: string): void => {
      failing = true
      if (Date.now() - lastLogged < FAULT_LOG_EVERY_MS) {
        repeated++
        return
      }
      lastLogged = Date.now()
      log[level]({ err: error, registry, repeated }, message)
      repeated = 0
    },
    answered: (): void => {
      if (!failing) return
      failing = false
      lastLogged = Number.NEGATIVE_INFINITY
      log.info({ registry, repeated }, 'contract registry answers again')
      repeated = 0
    }
  }
}

/** `promise`, or a rejection after `ms`. */
async function bounded<T> (promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  try {
    return await Promise.race([promise, new Promise<never>((_resolve, reject) => { timer = setTimeout(() => { reject(new Error('timeout')) }, ms) })])
  } finally {
    clearTimeout(timer)
  }
}
