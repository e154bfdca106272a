/**
 * The signing flow's mail (docs/signing-flow.md "Mail"; DOCUMENT-REQUIREMENTS §39): through the relay
 * at SMTP_URL (nodemailer; the relay's reply to the message is kept as proof of sending), or, without
 * one, as `.eml` files under a folder (`DATA_DIR/outbox/`, mode 0600): a demo. Plain text only: no
 * remote image, no tracking.
 */
import { chmod, mkdir, readdir, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import nodemailer, { type Transporter } from 'nodemailer'

/** One mail to send. */
export interface OutgoingMail {
  to: string
  subject: string
  text: string
  /** Files attached (the worker's signed copies). */
  attachments?: Array<{ filename: string, content: Uint8Array }>
  /** Names the .eml file of a demo (the invitation's id), so it is deleted at its expiry. */
  tag: string
}

/** ms a relay may take to connect, greet and answer. */
const RELAY_TIMEOUT_MS = 10_000

/** Sends mails: to the relay, or as files. */
export class Mailer {
  readonly #transport: Transporter
  readonly #folder: string | undefined
  readonly #from: string
  /** True without a relay: the mails are files, the signatures a demo. */
  readonly demo: boolean

  /**
   * @param smtpUrl SMTP_URL, or undefined for .eml files under `folder`
   * @param from MAIL_FROM
   */
  constructor (smtpUrl: string | undefined, from: string, folder: string) {
    this.#from = from
    this.demo = smtpUrl === undefined
    this.#folder = smtpUrl === undefined ? folder : undefined
    this.#transport = smtpUrl === undefined
      ? nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' })
      : nodemailer.createTransport(smtpUrl, {
        connectionTimeout: RELAY_TIMEOUT_MS, greetingTimeout: RELAY_TIMEOUT_MS, socketTimeout: RELAY_TIMEOUT_MS
      } as never)
  }

  /**
   * Sends one mail.
   * @returns the relay's reply (`250 …`), or the .eml file's name
   * @throws whatever the relay or the file system raises (the caller retries, or answers 503)
   */
  async send (mail: OutgoingMail): Promise<string> {
    const info = await this.#transport.sendMail({
      from: this.#from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      attachments: mail.attachments?.map((file) => ({ filename: file.filename, content: Buffer.from(file.content), contentType: 'application/pdf' }))
    }) as { response?: string, message?: Buffer, messageId?: string }
    if (this.#folder === undefined) return String(info.response ?? '')
    await mkdir(this.#folder, { recursive: true, mode: 0o700 })
    const name = `${mail.tag}-${Date.now()}-${(info.messageId ?? '').replace(/[^A-Za-z0-9]/g, '').slice(0, 16)}.eml`
    const path = join(this.#folder, name)
    await writeFile(path, info.message ?? Buffer.alloc(0), { mode: 0o600 })
    await chmod(path, 0o600)
    return `eml ${name}`
  }

  /** Deletes the .eml files of these invitations (at their expiry). @returns how many */
  async deleteFiles (tags: readonly string[]): Promise<number> {
    if (this.#folder === undefined || tags.length === 0) return 0
    const names = await readdir(this.#folder).catch(() => [] as string[])
    const gone = names.filter((name) => tags.some((tag) => name.startsWith(`${tag}-`)))
    await Promise.all(gone.map(async (name) => { await rm(join(this.#folder as string, name), { force: true }) }))
    return gone.length
  }

  close (): void {
    this.#transport.close()
  }
}
