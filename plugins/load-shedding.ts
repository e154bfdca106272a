/**
 * Load shedding: when the event loop lags past SHED_MAX_EVENT_LOOP_DELAY_MS or memory passes
 * SHED_MAX_RSS_BYTES, new requests get a 503 with `Retry-After` instead of queueing without bound.
 * `GET /api/health` is never shed, so it keeps telling operators the process is alive.
 *
 * Memory is watched by @fastify/under-pressure. The event-loop lag is measured here instead:
 * under-pressure 9 reads the mean of a `monitorEventLoopDelay` histogram that it resets every
 * sample, Node's reset also forgets the previous tick, so the first tick after a reset records
 * nothing, and an empty histogram (mean NaN) is taken for an infinite delay. A loop that turns
 * once every 100-200 ms, which a burst of exports causes while staying far below a 1 s threshold,
 * leaves a 200 ms window with fewer than two ticks: every request was then shed with a delay of
 * Infinity (logged as `null`). The monitor below cannot read an empty window as a stall, and starts
 * when start-up ends (onReady), so the loop held by start-up never sheds the first requests.
 */
import fp from 'fastify-plugin'
import underPressure from '@fastify/under-pressure'
import { performance } from 'node:perf_hooks'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { ServiceBusyError } from '../src/errors.js'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route's own pressure handler (under-pressure's convention): returning nothing lets the request through. */
    pressureHandler?: (request: FastifyRequest, reply: FastifyReply, type: string, value: number | undefined) => unknown
  }
}

/** How often the lag monitor's timer is due (ms). */
export const LAG_SAMPLE_INTERVAL_MS = 100

export interface EventLoopLagMonitor {
  /** The lag now (ms): the last sample's, or the stall under way if longer. */
  lag: () => number
  stop: () => void
}

/**
 * Event-loop lag as a timer sees it: a timer due every `intervalMs` fires late by the time the
 * loop was busy. `lag()` is the larger of the last tick's lateness and how overdue the next tick
 * is now, so requests read right after a long stall see that stall before any timer has run.
 */
export function monitorEventLoopLag (intervalMs = LAG_SAMPLE_INTERVAL_MS): EventLoopLagMonitor {
  let due = performance.now() + intervalMs
  let lastLag = 0
  const timer = setTimeout(function tick () {
    const now = performance.now()
    lastLag = Math.max(0, now - due)
    due = now + intervalMs
    timer.refresh()
  }, intervalMs)
  timer.unref()
  return {
    lag: () => Math.max(lastLag, performance.now() - due),
    stop: () => clearTimeout(timer)
  }
}

export default fp(async (app) => {
  const { SHED_MAX_EVENT_LOOP_DELAY_MS, SHED_MAX_RSS_BYTES } = app.config
  const shed = async (request: FastifyRequest, _reply: FastifyReply, type: string, value: number | undefined) => {
    request.log.warn({ type, value }, 'shedding load')
    throw new ServiceBusyError()
  }
  await app.register(underPressure, {
    maxEventLoopDelay: 0, // measured below
    maxRssBytes: SHED_MAX_RSS_BYTES, // 0: off
    sampleInterval: 200,
    pressureHandler: shed
  })
  if (SHED_MAX_EVENT_LOOP_DELAY_MS === 0) return
  // Measured from the end of start-up: compiling templates and schemas and loading modules hold the
  // loop for a second or more on a busy machine, which is no overload; counted, it shed the first
  // requests after a start. Before onReady no request is served.
  let monitor: EventLoopLagMonitor | undefined
  app.addHook('onReady', async () => { monitor = monitorEventLoopLag() })
  app.addHook('onClose', async () => { monitor?.stop() })
  app.addHook('onRequest', async (request, reply) => {
    const lag = monitor?.lag() ?? 0
    if (lag <= SHED_MAX_EVENT_LOOP_DELAY_MS) return
    await (request.routeOptions.config.pressureHandler ?? shed)(request, reply, 'eventLoopDelay', Math.round(lag))
  })
}, { name: 'load-shedding', dependencies: ['config', 'errors'] })
