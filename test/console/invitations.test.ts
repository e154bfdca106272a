/**
 * The "Firmas" tab's electronic signatures in Chromium (docs/console.md, item 10; docs/signing-flow.md;
 * DOCUMENT-REQUIREMENTS §39): "Invitar a firmar" on a contract not yet started (or starting today) shows where the link
 * went, until when, and the demo link once; a worker whose address the service refuses (the employer's
 * domain) gets the address form, where another worker's address is refused and the worker's own one
 * invites; a recently changed address is
 * flagged; the invitations' list follows the service by itself (queued, then sent once the relay took
 * the mail, then opened once the worker confirmed the identity) without a click; "Revocar" ends an
 * invitation; a signed one offers its copies (the sealed files download as the service sent them), the
 * copy's mail again and its evidence, whose chain holds. No overlap at 390 and 1366 px, axe passes,
 * screenshots at both widths.
 */
import t, { type Test } from 'tap'
import { createHash } from 'node:crypto'
import { addDays, termEnd, todayInLima } from '../../src/vocabulary/dates.js'
import { sampleEmployee } from '../support/helper.js'
import { axeViolations, launch, openConsole, rowOverlaps, startServer } from '../support/browser.js'
import { fakeSealer, issueContract, latestCode, pageOrigin, sessionHeader } from '../support/signing-flow.js'

const { app, origin } = await startServer(t, {}, fakeSealer())
const browser = await launch(t)
const today = todayInLima()
const entryDate = addDays(today, 20)
const worker = (dni: string, name: string, email?: string) =>
  sampleEmployee({ dni, name, entryDate, endDate: termEnd(entryDate, 6), ...(email === undefined ? {} : { email }) })

// Rosa has the upload's address and HR changes it after the issue (flagged); Elena's is the sample's,
// at the employer's domain; Julia signs through the API before the page opens
const rosaId = await issueContract(app, worker('46200001', 'Rosa', 'rosa@correo.pe'))
const changed = await app.inject({ method: 'PUT', url: '/api/workers/46200001/email', payload: { email: 'rosa.q@correo.pe' } })
if (changed.statusCode !== 200) throw new Error(`address refused: ${changed.body}`)
const elenaId = await issueContract(app, worker('46200002', 'Elena'))
const juliaId = await issueContract(app, worker('46200003', 'Julia', 'julia@correo.pe'))
// Marta starts today: her contract has started, and may still be signed on its start day (§39)
const martaId = await issueContract(app, sampleEmployee({ dni: '46200004', name: 'Marta', entryDate: today, endDate: termEnd(today, 6), email: 'marta@correo.pe' }))

/** Julia signs through the worker's API (identity, the code from the outbox, the issued hashes). */
async function juliaSigns (): Promise<void> {
  const invited = await app.inject({ method: 'POST', url: '/api/signing/invitations', payload: { contractIds: [juliaId] } })
  const token = String(invited.json().data.invitations[0].link).split('/').at(-1) as string
  const post = async (step: string, payload: object, headers: Record<string, string> = {}) =>
    await app.inject({ method: 'POST', url: `/api/signing/${token}/${step}`, payload, headers: { ...pageOrigin(app), ...headers } })
  if ((await post('identity', { dni: '46200003', birthDate: '15/03/1990' })).statusCode !== 200) throw new Error('identity')
  const code = await post('code', { code: latestCode(app) })
  const headers = sessionHeader(code)
  const state = (await app.inject({ method: 'GET', url: `/api/signing/${token}`, headers })).json().data as { documents: Array<{ kind: string, sha256: string }> }
  const signed = await post('sign', { consents: [], documents: Object.fromEntries(state.documents.map((document) => [document.kind, document.sha256])) }, headers)
  if (signed.statusCode !== 200) throw new Error(`sign ${signed.statusCode}: ${signed.body}`)
}
await juliaSigns()
await app.signingMail.drain()

const watched = await openConsole(t, browser, origin)
const { page } = watched
const text = async (selector: string): Promise<string> => await page.$eval(selector, (node) => node.textContent ?? '')
const contractRow = (id: string): string => `#signatures-table tr[data-contract="${id}"]`
const invitationRows = async (): Promise<Array<{ dni: string, state: string }>> =>
  await page.$$eval('#invitations-table tbody tr[data-invitation]', (rows) => rows.map((row) => ({
    dni: (row as HTMLTableRowElement).cells[1].textContent ?? '',
    state: (row as HTMLTableRowElement).cells[0].textContent ?? ''
  })))
/** Waits until the invitations' list shows `dni` in a state matching `state`. */
async function listed (dni: string, state: string, timeout = 30_000): Promise<void> {
  await page.waitForFunction((dni, state) => [...document.querySelectorAll('#invitations-table tbody tr[data-invitation]')]
    .some((row) => (row as HTMLTableRowElement).cells[1].textContent === dni && ((row as HTMLTableRowElement).cells[0].textContent ?? '').startsWith(state)),
  { timeout }, dni, state)
}

async function layoutAt (t: Test, name: string): Promise<void> {
  for (const width of [390, 1366]) {
    await page.setViewport({ width, height: 900 })
    t.same(await rowOverlaps(page, '#invitations-table tbody tr[data-invitation], #signatures-table tbody tr[data-contract]'), [], `${width} px: nothing over another`)
    t.same(await axeViolations(page), [], `${width} px: axe`)
    await watched.screenshot(`${name}-${width}`, true)
  }
  await page.setViewport({ width: 1280, height: 800 })
}

t.test('the list: the signed invitation with its copies and evidence; a copy downloads as sealed', async (t) => {
  const list = page.waitForResponse((response) => response.url().endsWith('/api/signing/invitations'))
  await page.click('#tab-signatures')
  t.equal((await list).status(), 200)
  await listed('46200003', 'Firmada')
  t.same(await invitationRows(), [{ dni: '46200003', state: 'Firmada' + 'Demostración' }], 'only Julia, signed, a demo')
  const row = '#invitations-table tbody tr[data-invitation]'
  t.equal(await text(`${row} td.name`), 'Julia Quispe Mamani')
  t.match(await text(`${row} td.email`), /^j\*+@c\*+\.pe$/, 'the address masked')
  t.match(await text('#invitations-status'), 'Todas: 1 invitación.')

  // the copy of the contract, as the service keeps it
  const download = watched.nextDownload()
  await page.click(`${row} button[aria-label="Copia firmada: contrato: Julia Quispe Mamani"]`)
  const file = await download
  const kept = await app.inject({ method: 'GET', url: `/api/contracts/${juliaId}/signed.pdf?kind=contrato` })
  t.equal(createHash('sha256').update(file.bytes).digest('hex'), kept.headers['x-content-sha256'], 'the sealed file')

  await page.click(`${row} button[aria-label="Evidencia: Julia Quispe Mamani"]`)
  await page.waitForSelector('#invitations-table tr.row-detail ol.events li')
  const detail = await text('#invitations-table tr.row-detail')
  t.match(detail, 'La cadena de evidencia está íntegra')
  for (const step of ['Invitación creada', 'Identidad confirmada', 'Código confirmado', 'Firmado', 'Descarga']) t.match(detail, step)

  const resend = page.waitForResponse((response) => response.url().endsWith('/copy'))
  await page.click(`${row} button[aria-label="Reenviar la copia: Julia Quispe Mamani"]`)
  t.equal((await resend).status(), 202)
  await page.waitForFunction(() => (document.querySelector('#invitations-table tr.row-detail')?.textContent ?? '').includes('se enviará de nuevo'))
})

t.test('a contract on its start day: "Ya empezó", and still "Invitar a firmar" (the service accepts it that day)', async (t) => {
  t.match(await text(`${contractRow(martaId)} td.signature`), 'Ya empezó')
  t.ok(await page.$(`${contractRow(martaId)} button[aria-label="Invitar a firmar: Marta Quispe Mamani"]`), 'the button is offered')
  t.notOk(await page.$(`${contractRow(juliaId)} button[aria-label="Invitar a firmar: Julia Quispe Mamani"]`), 'not on a signed one')
})

t.test('"Invitar a firmar": where the link went, the flag on a changed address, the demo link once; the list follows by itself', async (t) => {
  await page.waitForSelector(`${contractRow(rosaId)} button[aria-label="Invitar a firmar: Rosa Quispe Mamani"]`)
  t.equal(await page.$(`${contractRow(juliaId)}`), null, 'the signed contract is not "Por firmar"')
  const invited = page.waitForResponse((response) => response.url().endsWith('/api/signing/invitations') && response.request().method() === 'POST')
  await page.click(`${contractRow(rosaId)} button[aria-label="Invitar a firmar: Rosa Quispe Mamani"]`)
  const answer = await (await invited).json()
  t.equal(answer.data.invitations[0].addressRecentlyChanged, true, 'the service flags the changed address')
  const notice = '#signatures-table tr.row-detail .invited'
  await page.waitForSelector(notice)
  t.match(await text(notice), /^Invitación enviada a r\*+@c\*+\.pe\. El enlace sirve hasta el \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}\./)
  t.match(await text(notice), 'confírmelo con el trabajador')
  const link = await page.$eval(`${notice} input.demo-link`, (input) => (input as HTMLInputElement).value)
  t.equal(link, answer.data.invitations[0].link, 'the demo link, as the service answered it')
  await listed('46200001', 'En cola')
  t.match(await text('#invitations-table tbody tr[data-invitation] td.email'), 'Correo reciente')
  await layoutAt(t, 'console-35-firmas-invitar')

  // the relay takes the mail, then the worker confirms the identity: the list follows without a click
  await app.signingMail.drain()
  await listed('46200001', 'Enviada', 15_000)
  const token = link.split('/').at(-1) as string
  const identity = await app.inject({ method: 'POST', url: `/api/signing/${token}/identity`, payload: { dni: '46200001', birthDate: '15/03/1990' }, headers: pageOrigin(app) })
  t.equal(identity.statusCode, 200, identity.body)
  await listed('46200001', 'Abierta', 15_000)

  // revoked from the list: the link no longer serves
  const revoked = page.waitForResponse((response) => response.request().method() === 'DELETE')
  await page.click('#invitations-table tbody tr[data-invitation] button[aria-label="Revocar: Rosa Quispe Mamani"]')
  t.equal((await revoked).status(), 200)
  await listed('46200001', 'Revocada')
  t.match((await app.inject({ method: 'GET', url: `/api/signing/${token}` })).json().data, { status: 'revoked' }, 'the link no longer serves')
  t.ok(await page.$('#invitations-table tbody tr[data-invitation] button[aria-label="Invitar de nuevo: Rosa Quispe Mamani"]'), 'may be invited again')
})

t.test('an address the service refuses: its message, then the form; another worker\'s address refused, the worker\'s own one invites', async (t) => {
  // the sample record's address is at example.com, the demo profile's ARCO domain: an employer's address
  await page.click(`${contractRow(elenaId)} button[aria-label="Invitar a firmar: Elena Quispe Mamani"]`)
  const detail = `${contractRow(elenaId)} + tr.row-detail`
  await page.waitForSelector(`${detail} form input[type="email"]`)
  t.match(await text(`${detail} .alert.error`), 'dominio de la empresa')
  t.equal(await page.evaluate(() => document.activeElement?.getAttribute('type')), 'email', 'the address field has the focus')
  t.same(await axeViolations(page), [], 'the refusal and its form')

  await page.type(`${detail} form input[type="email"]`, 'rosa.q@correo.pe')
  const invited = page.waitForResponse((response) => response.url().endsWith('/api/signing/invitations') && response.request().method() === 'POST')
  await page.click(`${detail} form button[type="submit"]`)
  t.equal((await invited).status(), 409)
  await page.waitForFunction((selector) => (document.querySelector(selector)?.textContent ?? '').includes('otro trabajador'), {}, `${detail} .alert.error`)

  await page.$eval(`${detail} form input[type="email"]`, (input) => { (input as HTMLInputElement).value = '' })
  await page.type(`${detail} form input[type="email"]`, 'elena.q@correo.pe')
  await page.click(`${detail} form button[type="submit"]`)
  await page.waitForSelector(`${detail} .invited`)
  t.match(await text(`${detail} .invited`), /^Invitación enviada a e\*+@c\*+\.pe/)
  await listed('46200002', 'En cola')
  await page.setViewport({ width: 390, height: 900 })
  t.same(await rowOverlaps(page, '#invitations-table tbody tr[data-invitation], #signatures-table tbody tr[data-contract]'), [], '390 px')
  await watched.screenshot('console-36-firmas-correo-390', true)
  await page.setViewport({ width: 1280, height: 800 })
  t.same(watched.errors, [], 'no error in the page')
})
