/**
 * The worker's signing page in Chromium at 390 px (docs/signing-flow.md "The worker's page";
 * DOCUMENT-REQUIREMENTS §39): paper offered first, identity, the code from the outbox, the documents,
 * the notice's optional purposes (none preselected), signing and the copies; no horizontal scroll, nothing from another origin, no console error (CSP
 * included), no serious axe violation.
 */
import { test } from 'tap'
import { join } from 'node:path'
import { PROJECT_ROOT } from '../../src/paths.js'
import { createServer } from 'node:net'
import { addDays, termEnd, todayInLima } from '../../src/vocabulary/dates.js'
import { buildApp } from '../../app/app.js'
import { pdfPages, sampleEmployee } from '../support/helper.js'
import { axeViolations, launch } from '../support/browser.js'
import { fakeSealer, issueContract, latestCode } from '../support/signing-flow.js'
import { OPTIONAL_PURPOSES, printedPurpose } from '../../src/documents/optional-purposes.js'

/** A free loopback port: the page's origin (PUBLIC_URL) is known before the app starts. */
async function freePort (): Promise<number> {
  return await new Promise((resolve, reject) => {
    const server = createServer()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as { port: number }).port
      server.close(() => resolve(port))
    })
  })
}

test('a worker signs on a 390 px phone: paper first, identity, code, documents, sign, copies', async (t) => {
  const port = await freePort()
  const origin = `http://localhost:${port}`
  const app = await buildApp({
    env: { NODE_ENV: 'test', TEMP_DIR: t.testdir({}), DATA_DIR: 'memory://', SHED_MAX_EVENT_LOOP_DELAY_MS: 0, QUEUE_MAX_WAIT_MS: 0, PDF_THREADS: 1, PUBLIC_URL: origin, PORT: port },
    extend: fakeSealer()
  })
  t.teardown(() => app.close())
  await app.listen({ port, host: '127.0.0.1' })
  const entryDate = addDays(todayInLima(), 20)
  const contractId = await issueContract(app, sampleEmployee({ dni: '46100001', email: 'rosa@correo.pe', entryDate, endDate: termEnd(entryDate, 6) }))
  const invited = await app.inject({ method: 'POST', url: '/api/signing/invitations', payload: { contractIds: [contractId] } })
  const link = String(invited.json().data.invitations[0].link)
  t.match(link, `${origin}/firmar/`)

  const browser = await launch(t)
  const page = await browser.newPage()
  await page.setViewport({ width: 390, height: 844, isMobile: true, hasTouch: true })
  const errors: string[] = []
  const foreign: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' && !/status of 4\d\d/.test(message.text())) errors.push(message.text())
  })
  page.on('pageerror', (error) => { errors.push(String(error)) })
  page.on('request', (request) => {
    const url = request.url()
    if (/^https?:/.test(url) && new URL(url).origin !== origin) foreign.push(url)
  })
  await page.goto(link, { waitUntil: 'load' })
  await page.waitForSelector('#identity:not([hidden])')
  t.match(await page.$eval('#paper-text', (node) => node.textContent), 'Puede firmar en papel')
  t.ok(await page.$eval('#paper', (node) => !(node as HTMLElement).hidden), 'paper offered')
  t.ok(await page.$eval('#demo', (node) => !(node as HTMLElement).hidden), 'a demo says so')
  const fits = async () => await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)
  t.ok(await fits(), 'no horizontal scroll at 390 px')
  t.same(await axeViolations(page), [], 'axe: no serious violation')

  await page.type('#dni', '46100001')
  await page.type('#birth', '15/03/1990')
  await page.click('#identity-button')
  await page.waitForSelector('#code:not([hidden])')
  t.match(await page.$eval('#code-sent', (node) => node.textContent), 'r***@c*****.pe')
  await page.type('#code-input', latestCode(app))
  await page.click('#code-button')
  await page.waitForSelector('#documents:not([hidden])')
  t.equal(await page.$$eval('#document-list li', (items) => items.length), 3, 'three documents to read')
  t.ok(await fits(), 'no horizontal scroll with the documents')
  t.same(await axeViolations(page), [], 'axe, the documents')

  // the reader: every page of the contract drawn by pdf.js (served here) with its text layer, fitted to
  // the phone's width; zoomed in, the pages scroll sideways inside the reader, never the page
  const cookie = (await page.cookies()).find((item) => item.name === '__Host-firma')
  t.ok(cookie, 'the session cookie')
  const issued = await app.inject({ method: 'GET', url: `/api/signing/${link.split('/').at(-1) as string}/documents/contrato`, headers: { cookie: `__Host-firma=${cookie?.value ?? ''}` } })
  const printed = await pdfPages(issued.rawPayload)
  await page.click('#document-list li:first-child button')
  await page.waitForFunction((count) => document.querySelectorAll('#viewer-pages .pdf-page canvas').length === count &&
    document.querySelector('#viewer-status')?.textContent === '', { timeout: 30_000 }, printed.length)
  t.equal(await page.$eval('#viewer-title', (node) => node.textContent), 'Contrato')
  const layerText = await page.$$eval('#viewer-pages .textLayer', (layers) => layers.map((layer) => (layer.textContent ?? '').replace(/\s+/g, '')))
  t.same(layerText, printed.map((text) => text.replace(/\s+/g, '')), 'each page\'s text layer holds the text pdf.js reads from the issued PDF')
  t.match(layerText[0], '46100001', 'the worker\'s DNI, selectable')
  const inked = await page.$eval('#viewer-pages canvas', (canvas) => {
    const { data } = (canvas as HTMLCanvasElement).getContext('2d')?.getImageData(0, 0, (canvas as HTMLCanvasElement).width, (canvas as HTMLCanvasElement).height) ?? { data: [] }
    let dark = 0
    for (let i = 0; i < data.length; i += 4) if (data[i] < 128 && data[i + 3] > 0) dark++
    return dark
  })
  t.ok(inked > 2000, `the first page drawn (${inked} dark pixels)`)
  const widths = async () => await page.evaluate(() => ({
    page: document.querySelector('#viewer-pages .pdf-page')?.getBoundingClientRect().width ?? 0,
    reader: document.querySelector('#viewer-pages')?.clientWidth ?? 0
  }))
  const fitted = await widths()
  t.ok(fitted.page <= fitted.reader && fitted.page > fitted.reader - 4, `the page fits the reader (${fitted.page} of ${fitted.reader} px)`)
  t.ok(await fits(), 'no horizontal scroll with the reader open')
  t.same(await axeViolations(page), [], 'axe, the reader open')
  if (process.env.CONSOLE_SCREENSHOTS === 'docs') await page.screenshot({ path: join(PROJECT_ROOT, 'docs', 'firmar-lector-390.png') })
  await page.click('#zoom-in')
  await page.click('#zoom-in')
  await page.waitForFunction(() => document.querySelector('#zoom-level')?.textContent === '150 %')
  const zoomed = await widths()
  t.ok(zoomed.page > fitted.page * 1.4, `zoomed in: ${zoomed.page} px`)
  t.ok(await page.$eval('#viewer-pages', (node) => node.scrollWidth > node.clientWidth), 'the reader scrolls sideways')
  t.ok(await fits(), 'the page itself does not')
  await page.click('#close-document')
  t.ok(await page.$eval('#viewer', (node) => (node as HTMLElement).hidden), 'closed')
  // the notice's optional purposes: each its own SÍ / NO, none preselected (DOCUMENT-REQUIREMENTS §6)
  t.same(await page.$$eval('#consent-list .consent p', (items) => items.map((item) => item.textContent)),
    OPTIONAL_PURPOSES.map(printedPurpose), 'the purposes the notice prints, word for word')
  t.equal(await page.$$eval('#consent-list input[type=radio]', (inputs) => inputs.length), 6, 'SÍ and NO for each')
  t.equal(await page.$$eval('#consent-list input:checked', (inputs) => inputs.length), 0, 'none preselected')
  await page.click(`input[name="consent-${OPTIONAL_PURPOSES[0].id}"][value="yes"]`)
  await page.click(`input[name="consent-${OPTIONAL_PURPOSES[1].id}"][value="no"]`)
  await page.click('#sign')
  await page.waitForSelector('#done:not([hidden])')
  t.match(await page.$eval('#done-text', (node) => node.textContent), 'quedaron firmados')
  t.equal(await page.$$eval('#signed-list a', (links) => links.length), 3, 'the three copies offered')
  const contract = (await app.inject({ method: 'GET', url: '/api/workers/46100001/contracts' })).json().data.contracts[0]
  t.match(contract, { status: 'signed', signedVia: 'electronic' })
  const evidence = (await app.inject({ method: 'GET', url: `/api/contracts/${contractId}/evidence` })).json().data
  const signed = evidence.events.find((event: { what: string }) => event.what === 'signed')
  t.match(signed.details.consents, [
    { purpose: OPTIONAL_PURPOSES[0].id, answered: true, accepted: true },
    { purpose: OPTIONAL_PURPOSES[1].id, answered: true, accepted: false },
    { purpose: OPTIONAL_PURPOSES[2].id, answered: false, accepted: false }
  ], 'the answers given, the third left unanswered')
  t.same(errors, [], 'no console error, no CSP report')
  t.same(foreign, [], 'nothing from another origin')
})
