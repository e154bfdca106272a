/**
 * `app.signingMail`: the signing flow's mail (docs/signing-flow.md "Mail"; DOCUMENT-REQUIREMENTS §39).
 * Mails wait in the registry's outbox (`mail_outbox`, every instance sees it); a sender claims the
 * oldest due one (`for update skip locked`, then a lease), so each mail is sent by one instance
 * whichever instances run; a relay that refuses or does not answer is tried again every
 * RETRY_EVERY_MS for GIVE_UP_MS (24 h), then the mail is `failed`. An invitation is `queued` until
 * the relay accepts its mail (its reply kept: proof of sending). Without SMTP_URL each mail is an
 * `.eml` file under `DATA_DIR/outbox/` (mode 0600; TEMP_DIR/outbox with `DATA_DIR=memory://`),
 * deleted at its invitation's expiry: a demo. The sender runs every SEND_EVERY_MS outside tests
 * (tests call `drain()`).
 */
import { join } from 'node:path'
import fp from 'fastify-plugin'
import { Mailer, type OutgoingMail } from '../src/signing/flow/mail.js'
import { projectPath } from '../src/paths.js'

/** What routes see of the mail. */
export interface SigningMail {
  /** True without SMTP_URL: mails are files and signatures a demo (refused in production). */
  readonly demo: boolean
  /** The origin invitation links start with (PUBLIC_URL, else http://localhost:PORT), without a trailing slash. */
  readonly publicUrl: string
  /** MAIL_FROM, or `no-reply@localhost`. */
  readonly from: string
  /** Sends one mail now (the code's). @returns the relay's reply or the file's name @throws as the relay fails */
  send: (mail: OutgoingMail) => Promise<string>
  /** Sends every mail due, one at a time. @returns how many were sent */
  drain: () => Promise<number>
  /** Starts a drain now, in the background (not under NODE_ENV=test, whose tests call drain()). */
  kick: () => void
}

declare module 'fastify' {
  interface FastifyInstance {
    signingMail: SigningMail
  }
}

/** ms between two runs of the sender. */
const SEND_EVERY_MS = 5000
/** ms a claimed mail is held by its sender before another may take it. */
const LEASE_MS = 60_000
/** ms before a failed mail is tried again. */
const RETRY_EVERY_MS = 5 * 60_000
/** ms a mail is tried for, from its queuing. */
const GIVE_UP_MS = 24 * 3600_000

export default fp(async (app) => {
  const folder = app.config.dataDir === 'memory://' ? join(app.config.tempDir, 'outbox') : join(projectPath(app.config.dataDir), 'outbox')
  const from = app.config.MAIL_FROM ?? 'no-reply@localhost'
  const mailer = new Mailer(app.config.SMTP_URL, from, folder)
  const publicUrl = (app.config.PUBLIC_URL ?? `http://localhost:${app.config.PORT}`).replace(/\/$/, '')
  let draining: Promise<number> | undefined

  async function drainOnce (): Promise<number> {
    let sent = 0
    for (;;) {
      const mail = await app.registry.run(async (registry) => await registry.signing.claimMail(LEASE_MS))
      if (mail === undefined) break
      try {
        const attachments = mail.kind === 'copy' && mail.invitationId !== null
          ? (await app.registry.run(async (registry) => await registry.signing.signedFiles(String(mail.invitationId))))
              .map((file) => ({ filename: `${file.kind}.pdf`, content: file.bytes }))
          : undefined
        const reply = await mailer.send({ to: mail.to, subject: mail.subject, text: mail.text, attachments, tag: mail.invitationId ?? 'mail' })
        await app.registry.run(async (registry) => { await registry.signing.mailSent(mail.id, reply) })
        sent++
      } catch (error) {
        app.log.warn({ err: error, mail: mail.id, kind: mail.kind }, 'signing mail not sent: tried again later')
        await app.registry.run(async (registry) => {
          await registry.signing.mailFailed(mail.id,
            String((error as Error).message), RETRY_EVERY_MS, GIVE_UP_MS)
        })
      }
    }
    if (mailer.demo) {
      const expired = await app.registry.run(async (registry) => await registry.signing.expiredInvitationIds())
      await mailer.deleteFiles(expired)
    }
    return sent
  }

  const drain = async (): Promise<number> => {
    // one sender per instance at a time; across instances the claim decides
    draining ??= drainOnce().finally(() => { draining = undefined })
    return await draining
  }

  app.decorate('signingMail', {
    demo: mailer.demo,
    publicUrl,
    from,
    send: async (mail: OutgoingMail) => await mailer.send(mail),
    drain,
    kick: () => {
      if (app.config.NODE_ENV === 'test') return
      drain().catch((error: unknown) => { app.log.warn({ err: error }, 'signing mail: the mails wait in the outbox') })
    }
  })

  let timer: NodeJS.Timeout | undefined
  if (app.config.NODE_ENV !== 'test') {
    app.addHook('onReady', async () => {
      timer = setInterval(() => {
        drain().catch((error: unknown) => { app.log.warn({ err: error }, 'signing mail sender: the registry does not answer') })
      }, SEND_EVERY_MS)
      timer.unref()
    })
  }
  app.addHook('onClose', async () => {
    if (timer !== undefined) clearInterval(timer)
    await draining?.catch(() => {})
    mailer.close()
  })
}, { name: 'signing-mail', dependencies: ['registry'] })
