/**
 * One `close` listener per reply for everything that must know when its response ends (answered,
 * failed or abandoned by the client): `reply.whenClosed(fn)` and `reply.clientGone()`. Each plugin
 * adding its own listener put a ZIP's reply, with Fastify's and the stream's own, past Node's 10
 * listeners per emitter (a `MaxListenersExceededWarning` on every audited ZIP); here they share one.
 */
import fp from 'fastify-plugin'
import type { FastifyReply } from 'fastify'

declare module 'fastify' {
  interface FastifyReply {
    /**
     * Runs `fn` once when the response closes (sent, failed or the client gone); at once (next tick)
     * if it is closed already. Callbacks run in the order given; one that throws is logged.
     */
    whenClosed: (fn: () => void) => void
    /** An AbortSignal, the same for every call on a reply, aborted if the client leaves before the reply is sent. */
    clientGone: () => AbortSignal
  }
}

const CLOSERS = Symbol('closers')
const GONE = Symbol('clientGone')

interface ClosingReply extends FastifyReply {
  [CLOSERS]?: Array<() => void>
  [GONE]?: AbortController
}

export default fp(async (app) => {
  app.decorateReply('whenClosed', function (this: ClosingReply, fn: () => void): void {
    const raw = this.raw
    if (raw.closed) {
      process.nextTick(fn)
      return
    }
    let closers = this[CLOSERS]
    if (closers === undefined) {
      const list: Array<() => void> = []
      closers = list
      this[CLOSERS] = list
      raw.once('close', () => {
        for (const closer of list) {
          try {
            closer()
          } catch (error) {
            this.log.error({ err: error }, 'a reply close callback failed')
          }
        }
      })
    }
    closers.push(fn)
  })
  app.decorateReply('clientGone', function (this: ClosingReply): AbortSignal {
    let controller = this[GONE]
    if (controller === undefined) {
      const created = new AbortController()
      controller = created
      this[GONE] = created
      const raw = this.raw
      this.whenClosed(() => { if (!raw.writableFinished) created.abort() })
    }
    return controller.signal
  })
}, { name: 'reply-close' })
