/**
 * Browser-test helpers for the HR console: a real listening server, Debian's Chromium driven by
 * puppeteer-core (no browser download), and per page the checks every console test makes: console
 * errors (CSP violations included), requests to another origin, downloads saved to a folder, and an
 * axe-core pass. Screenshots go to a test folder, or to docs/ with CONSOLE_SCREENSHOTS=docs.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Test } from 'tap'
import type { FastifyInstance, FastifyPluginAsync } from 'fastify'
import puppeteer, { type Browser, type Page } from 'puppeteer-core'
import { buildApp } from '../../app/app.js'
import { PROJECT_ROOT } from '../../src/paths.js'

/** Chromium as Debian installs it (`.ci/run` apt-installs the `chromium` package); CHROMIUM_PATH overrides. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/** Starts the app on a loopback port; closed at teardown. */
export async function startServer (t: Test, env: Record<string, string | number> = {}, extend?: FastifyPluginAsync): Promise<{ app: FastifyInstance, origin: string }> {
  // one PDF thread: a worker starts in a few seconds under the test runner's TypeScript loader
  const app = await buildApp({ env: { NODE_ENV: 'test', TEMP_DIR: t.testdir({}), SHED_MAX_EVENT_LOOP_DELAY_MS: 0, QUEUE_MAX_WAIT_MS: 0, PDF_THREADS: 1, ...env }, extend })
  t.teardown(() => app.close())
  // under tests the registry (PGlite in memory) and the spreadsheet reader's process start at first
  // use: seconds of WebAssembly and TypeScript loading that a loaded machine stretches to tens.
  // Started here, as production starts them at start-up, so a test's waits time the console only.
  await Promise.all([app.registry.run(async () => undefined), app.spreadsheetReader.warm()])
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  if (address === null || typeof address === 'string') throw new Error('no port')
  return { app, origin: `http://127.0.0.1:${address.port}` }
}

/** One headless Chromium per test file (as root it needs --no-sandbox); closed at teardown. */
export async function launch (t: Test): Promise<Browser> {
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu', '--no-first-run', '--lang=es-PE'],
    defaultViewport: { width: 1280, height: 800 },
    // a call to a page that stopped answering (a hung or crashed renderer) fails in a minute, not
    // puppeteer's three: every call a test makes answers in seconds even on a loaded machine
    protocolTimeout: 60_000
  })
  t.teardown(async () => { await browser.close() })
  return browser
}

/** A page under watch: what went wrong in it, and its downloads. */
export interface WatchedPage {
  page: Page
  /** Console errors, uncaught exceptions and CSP reports, as text. */
  errors: string[]
  /** URLs of requests to any origin but the server's (blob: and data: are the page's own). */
  foreign: string[]
  /** Resolves with the next file the browser saves: its name and bytes. */
  nextDownload: () => Promise<{ name: string, bytes: Buffer }>
  /** Saves a screenshot of the viewport (or the whole page) as `<name>.png`. */
  screenshot: (name: string, fullPage?: boolean) => Promise<void>
}

/** Opens `/app/` in a new page and watches it. */
export async function openConsole (t: Test, browser: Browser, origin: string): Promise<WatchedPage> {
  const page = await browser.newPage()
  const errors: string[] = []
  const foreign: string[] = []
  page.on('console', (message) => {
    // Chromium logs every 4xx fetch as "Failed to load resource"; the API's 400s are expected answers the page shows
    if (message.type() === 'error' && !/^Failed to load resource: the server responded with a status of 4\d\d/.test(message.text())) errors.push(message.text())
  })
  page.on('pageerror', (error) => { errors.push(String(error)) })
  page.on('error', (error) => { errors.push(`the page crashed: ${error.message}`) }) // puppeteer's event for a renderer that died
  page.on('request', (request) => {
    const url = request.url()
    // network requests only: blob:/data: are the page's own, chrome-extension: is the built-in PDF viewer
    if (/^(https?|wss?|ftp):/i.test(url) && new URL(url).origin !== origin) foreign.push(url)
  })

  const downloads = mkdtempSync(join(tmpdir(), 'console-downloads-'))
  t.teardown(() => rmSync(downloads, { recursive: true, force: true }))
  const session = await browser.target().createCDPSession() // download events are the browser's, not the page's
  await session.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: downloads, eventsEnabled: true })
  const names = new Map<string, string>()
  const waiting: ((file: { name: string, bytes: Buffer }) => void)[] = []
  const ready: { name: string, bytes: Buffer }[] = []
  session.on('Browser.downloadWillBegin', (event) => { names.set(event.guid, event.suggestedFilename) })
  session.on('Browser.downloadProgress', (event) => {
    if (event.state !== 'completed') return
    const name = names.get(event.guid) ?? ''
    const file = { name, bytes: readFileSync(join(downloads, name)) }
    const waiter = waiting.shift()
    if (waiter !== undefined) waiter(file)
    else ready.push(file)
  })
  const nextDownload = async (): Promise<{ name: string, bytes: Buffer }> => {
    const file = ready.shift()
    if (file !== undefined) return file
    // a download that never starts (the page showed an error instead) fails the test rather than hanging it
    return await new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        page.$$eval('.status.error', (nodes) => nodes.map((node) => node.textContent).join(' / '))
          .then((shown) => reject(new Error(`no download; errors on the page: ${shown}`)), reject)
      }, 30_000)
      waiting.push((file) => { clearTimeout(timer); resolve(file) })
    })
  }

  const toDocs = process.env.CONSOLE_SCREENSHOTS === 'docs'
  const shots = toDocs ? join(PROJECT_ROOT, 'docs') : mkdtempSync(join(tmpdir(), 'console-screenshots-'))
  if (!existsSync(shots)) mkdirSync(shots)
  if (!toDocs) t.teardown(() => rmSync(shots, { recursive: true, force: true }))
  const screenshot = async (name: string, fullPage = false): Promise<void> => {
    await page.screenshot({ path: join(shots, `${name}.png`) as `${string}.png`, fullPage })
  }

  await page.goto(`${origin}/app/`, { waitUntil: 'load' })
  await page.waitForSelector('body[data-ready="true"]')
  return { page, errors, foreign, nextDownload, screenshot }
}

/**
 * What a browser test that failed at `step` should say in a CI log, where only the failure's line
 * is read: the step, the error, then the page as it is (pageState). Returns the error to throw.
 */
export async function failedAt (step: string, error: unknown, watched: WatchedPage): Promise<Error> {
  const message = error instanceof Error ? error.message : String(error)
  // the test's own line the error came through (a library's error starts in the library)
  const line = error instanceof Error ? /\btest\/[\w/.-]+\.ts:\d+/.exec(error.stack ?? '')?.[0] : undefined
  return new Error(`${step}${line === undefined ? '' : ` (${line})`}: ${message.split('\n')[0]} [${await pageState(watched)}]`, { cause: error })
}

/**
 * The page in one line: the dialogs open, the status lines shown, the errors it logged, or that it
 * did not answer within 5 s (a hung or crashed renderer).
 */
export async function pageState (watched: WatchedPage): Promise<string> {
  const read = watched.page.evaluate(() => {
    const dialogs = [...document.querySelectorAll('dialog[open]')].map((dialog) => `#${dialog.id}`)
    const statuses = [...document.querySelectorAll<HTMLElement>('.status')]
      .filter((node) => node.offsetParent !== null && (node.textContent ?? '') !== '')
      .map((node) => `${node.id === '' ? node.className : `#${node.id}`}: ${node.textContent ?? ''}`)
    return `dialogs open: ${dialogs.join(', ') || 'none'}; statuses: ${statuses.join(' | ') || 'none'}`
  })
  const late = new Promise<string>((resolve) => { setTimeout(() => { resolve('the page did not answer in 5 s') }, 5_000).unref() })
  const shown = await Promise.race([read, late]).catch((error: unknown) => `the page could not be read: ${String(error)}`)
  return `${shown}; errors: ${watched.errors.join(' | ') || 'none'}`
}

/**
 * Violations from an axe-core run on the page as it is now, of the given impacts (default: serious
 * or critical; `ALL_IMPACTS` for every rule, `region` included).
 */
export async function axeViolations (page: Page, impacts: readonly string[] = ['serious', 'critical']): Promise<string[]> {
  const { source } = (await import('axe-core')).default
  // DevTools evaluation is not subject to the page's CSP, so axe can be injected without loosening it
  await page.evaluate(source)
  const results = await page.evaluate(async () => {
    const run = (globalThis as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<{ violations: { id: string, impact: string, help: string, nodes: { target: string[] }[] }[] }> } }).axe.run
    return await run(document, { resultTypes: ['violations'], iframes: false }) // the PDF viewer's frame is the browser's, not ours
  })
  return results.violations
    .filter((violation) => impacts.includes(violation.impact))
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
}

/** Every impact axe-core reports: a page with none of them passes every rule, `region` included. */
export const ALL_IMPACTS = ['minor', 'moderate', 'serious', 'critical'] as const

/**
 * Clicks an upload form's submit button; when the page asks what to do with the work it holds (a
 * second upload), answers `replace` or `add`.
 */
export async function submitUpload (page: Page, form: '#employees-form' | '#addenda-form', answer: 'replace' | 'add' = 'replace'): Promise<void> {
  await page.click(`${form} button[type="submit"]`)
  if (await page.$('#replace[open]') === null) return
  // the dialog's close event comes as a task after the click, and the upload starts from it: wait
  // for it (and the console's own listener, registered before this one), so the upload has begun
  await page.evaluate(() => {
    (window as unknown as { replaceClosed: Promise<void> }).replaceClosed = new Promise<void>((resolve) => {
      document.querySelector('#replace')?.addEventListener('close', () => { setTimeout(resolve) }, { once: true })
    })
  })
  await page.click(`#replace-${answer}`)
  await page.evaluate(async () => { await (window as unknown as { replaceClosed: Promise<void> }).replaceClosed })
}

/** Path of a spreadsheet fixture. */
export function fixture (name: string): string {
  return join(PROJECT_ROOT, 'test', 'fixtures', name)
}

/**
 * What is out of place in a table's rows, read in the page: a cell over another, a cell that cuts
 * its content, a button outside its cell, and the page scrolling sideways. Empty when all fits.
 * @param rows the rows to check (a CSS selector, e.g. `#signatures-table tbody tr[data-contract]`)
 */
export async function rowOverlaps (page: Page, rows: string): Promise<string[]> {
  // source text, not a function: the test runner's compiler would add helpers the page does not have
  return await page.evaluate<[], () => string[]>(`(() => {
    const found = []
    const cross = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1
    for (const row of document.querySelectorAll(${JSON.stringify(rows)})) {
      const table = row.closest('table')?.id ?? ''
      const cells = [...row.cells].map((cell) => ({ name: cell.dataset.label, box: cell.getBoundingClientRect(), cell }))
      for (let i = 0; i < cells.length; i++) {
        for (let j = i + 1; j < cells.length; j++) if (cross(cells[i].box, cells[j].box)) found.push(table + ': ' + cells[i].name + ' overlaps ' + cells[j].name)
        if (cells[i].cell.scrollWidth > cells[i].cell.clientWidth + 1) found.push(table + ': ' + cells[i].name + ' cuts its content')
      }
      for (const button of row.querySelectorAll('button')) {
        const cell = button.closest('td').getBoundingClientRect()
        const box = button.getBoundingClientRect()
        if (box.left < cell.left - 1 || box.right > cell.right + 1) found.push(table + ': a button leaves its cell')
      }
    }
    if (document.documentElement.scrollWidth > document.documentElement.clientWidth + 1) found.push('the page scrolls sideways')
    return found
  })()`)
}
