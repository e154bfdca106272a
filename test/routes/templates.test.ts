import t from 'tap'
import * as XLSX from 'xlsx'
import { strFromU8, unzipSync } from 'fflate'
import type { FastifyInstance } from 'fastify'
import { build, formPayload, sampleEmployee } from '../support/helper.js'
import { ADDENDUM_HEADERS, EMPLOYEE_HEADERS, employeeCells, numberedEmployee } from '../support/spreadsheets.js'

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
const app: FastifyInstance = await build(t)

async function download (path: string) {
  const res = await app.inject({ url: `/api/templates/${path}` })
  return { res, bytes: res.rawPayload }
}

/** The parts of the .xlsx as text, by path. */
const parts = (bytes: Buffer) => Object.fromEntries(Object.entries(unzipSync(new Uint8Array(bytes))).map(([name, data]) => [name, strFromU8(data)]))

t.test('employees.xlsx: headers in order, a note per column, lists for the closed values, instructions second', async (t) => {
  const { res, bytes } = await download('employees.xlsx')
  t.equal(res.statusCode, 200)
  t.equal(res.headers['content-type'], XLSX_TYPE)
  t.equal(res.headers['content-disposition'], 'attachment; filename=plantilla-empleados.xlsx')
  const book = XLSX.read(bytes)
  t.same(book.SheetNames, ['Empleados', 'Instrucciones', 'HISTORIAL', 'Listas'])
  t.same(book.Workbook?.Sheets?.map((sheet) => sheet.Hidden ?? 0), [0, 0, 0, 1], 'the lists sheet is hidden; HISTORIAL is visible')
  t.same(XLSX.utils.sheet_to_json(book.Sheets.Empleados, { header: 1 })[0], EMPLOYEE_HEADERS, 'the accepted headers, in the table\'s order')
  const instructions = XLSX.utils.sheet_to_json<string[]>(book.Sheets.Instrucciones, { header: 1 }).map((row) => row.join(' | ')).join('\n')
  t.match(instructions, 'El servicio lee solo la primera hoja')
  t.match(instructions, 'DNI | Obligatoria | DNI de 8 dígitos')
  t.match(instructions, 'TIPO DE CONTRATO | Obligatoria | Planilla, Part Time o Subsidio. | Planilla, Part Time, Subsidio')
  const xml = parts(bytes)['xl/worksheets/sheet1.xml']
  const validations = [...xml.matchAll(/<dataValidation [^>]*>(.*?)<\/dataValidation>/g)]
  t.equal(validations.length, EMPLOYEE_HEADERS.length, 'one note per column')
  t.ok(validations.every(([item]) => /showInputMessage="1"[^>]*prompt="[^"]+"/.test(item)), 'each with its input message')
  const list = (column: string) => validations.find(([item]) => item.includes(`sqref="${column}2:${column}1001"`))?.[0] ?? ''
  const column = (header: string) => XLSX.utils.encode_col(EMPLOYEE_HEADERS.indexOf(header))
  t.match(list(column('TIPO DE CONTRATO')), /type="list"[^>]*><formula1>Listas!\$[A-Z]+\$2:\$[A-Z]+\$4<\/formula1>/)
  t.match(list(column('GENERO')), /type="list"/)
  t.match(list(column('MODALIDAD')), /type="list"/)
  t.match(list(column('CARGO')), /type="list" errorStyle="warning"/, 'a position outside the catalogue only warns')
  t.notMatch(list(column('NOMBRE')), /type="list"/)
  const lists = XLSX.utils.sheet_to_json<Record<string, string>>(book.Sheets.Listas)
  t.same(lists.slice(0, 3).map((row) => row['TIPO DE CONTRATO']), ['Planilla', 'Part Time', 'Subsidio'])
  t.ok(lists.some((row) => row.CARGO !== undefined), 'the profile\'s catalogue of positions')
  const profile = (await app.inject({ url: '/api/profile' })).json().data as { causes: { text: string }[], substitutionGrounds: { code: string, name: string }[] }
  t.notMatch(list(column('CAUSA')), /type="list"/, 'no list of ids: a cause is chosen by its text')
  t.match(list(column('CAUSA OBJETIVA')), /type="list"[^>]*><formula1>Listas!/, 'the reviewed causes, by their text (§21)')
  t.same(lists.map((row) => row['CAUSA OBJETIVA']).filter(Boolean), [...new Set(profile.causes.map((cause) => cause.text))])
  t.same(lists.map((row) => row['CAUSAL DE SUSPENSIÓN']).filter(Boolean), profile.substitutionGrounds.map((ground) => ground.name), 'the grounds by name')
  for (const header of ['GENERO', 'FECHA DE NACIMIENTO']) {
    t.match(instructions, `${header} | Obligatoria para generar el contrato o la adenda |`, `${header}: optional for the upload, needed by the contract`)
  }
  const styled = XLSX.read(bytes, { cellStyles: true }).Sheets.Empleados
  const fill = (header: string): unknown => styled[XLSX.utils.encode_cell({ r: 0, c: EMPLOYEE_HEADERS.indexOf(header) })]?.s?.fgColor?.rgb
  t.same(['NOMBRE', 'GENERO', 'FECHA DE NACIMIENTO', 'HORARIO'].map(fill), ['FFF2CC', 'FFF2CC', 'FFF2CC', 'D9E1F2'],
    'GENERO and FECHA DE NACIMIENTO filled as the required columns; an optional one is not')
  t.match(xml, new RegExp(`<col min="${EMPLOYEE_HEADERS.indexOf('DNI') + 1}" [^>]*style="\\d+"`), 'the DNI column is styled (text)')
  t.match(list(column('CAUSAL DE SUSPENSIÓN')), /type="list"[^>]*><formula1>Listas!/, 'the suplencia\'s grounds (§25)')
  t.match(list(column('MOTIVO DEL PERIODO DE PRUEBA')), /type="list"[^>]*><formula1>Listas!/, 'the probation reasons (§24)')
  t.same(lists.map((row) => row['MOTIVO DEL PERIODO DE PRUEBA']).filter(Boolean), ['calificado', 'confianza', 'direccion'])
  for (const header of ['CAUSAL DE SUSPENSIÓN', 'DOCUMENTO DE SUSTENTO', 'INICIO DE AUSENCIA', 'FIN DE AUSENCIA', 'MOTIVO DEL PERIODO DE PRUEBA', 'DÍAS DE TRABAJO', 'HORARIO', 'CAUSA']) {
    t.ok(EMPLOYEE_HEADERS.includes(header), `${header} is a column of the template`)
  }
})

t.test('the template filled by SheetJS uploads back into the same employees', async (t) => {
  const { bytes } = await download('employees.xlsx')
  const book = XLSX.read(bytes)
  const { data: { causes } } = (await app.inject({ url: '/api/profile' })).json() as { data: { causes: { id: string, text: string, sites: string[], modality: string }[] } }
  const larcomar = causes.find((cause) => cause.sites.includes('Playa Larcomar') && cause.modality === '58') as { id: string, text: string }
  // the cause picked from the list by its text, the ground by its name
  const records = [{ ...numberedEmployee(1), objectiveCause: larcomar.text }, { ...numberedEmployee(2), dni: '01234567' }]
  XLSX.utils.sheet_add_aoa(book.Sheets.Empleados, records.map((record) => employeeCells(record)), { origin: 'A2' })
  const filled = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer
  const form = await formPayload([{ name: 'plantilla-empleados.xlsx', bytes: filled }])
  const res = await app.inject({ method: 'POST', url: '/api/excel/upload', ...form })
  t.equal(res.statusCode, 200, res.body)
  t.same(res.json().data.employees.map((e: { dni: string }) => e.dni), ['10000001', '01234567'])
  t.equal(res.json().data.employees[0].name, sampleEmployee().name)
  t.same(res.json().data.contractIssues, [], 'the cause named by its text makes the contract')
})

t.test('addenda.xlsx: the addendum headers, and it uploads back', async (t) => {
  const { res, bytes } = await download('addenda.xlsx')
  t.equal(res.headers['content-disposition'], 'attachment; filename=plantilla-adendas.xlsx')
  const book = XLSX.read(bytes)
  t.same(book.SheetNames, ['Adendas', 'Instrucciones', 'Listas'])
  t.same(XLSX.utils.sheet_to_json(book.Sheets.Adendas, { header: 1 })[0], ADDENDUM_HEADERS)
  for (const header of ['CAUSA', 'ACTUALIZACIÓN DE LA CAUSA', 'SUELDO ANTERIOR', 'REDUCCIÓN ACORDADA', 'FECHA DE FIRMA DE LA ADENDA', 'GENERO', 'FECHA DE NACIMIENTO']) {
    t.ok(ADDENDUM_HEADERS.includes(header), `${header} is a column of the template`)
  }
  const xml = parts(bytes)['xl/worksheets/sheet1.xml']
  const list = (header: string) => {
    const column = XLSX.utils.encode_col(ADDENDUM_HEADERS.indexOf(header))
    return [...xml.matchAll(/<dataValidation [^>]*>(.*?)<\/dataValidation>/g)].find(([item]) => item.includes(`sqref="${column}2:${column}1001"`))?.[0] ?? ''
  }
  t.match(list('CAUSA'), /type="list"/, 'the reviewed causes (§21)')
  t.match(list('REDUCCIÓN ACORDADA'), /type="list"/, 'SÍ or NO (§28)')
  const listed = XLSX.utils.sheet_to_json<Record<string, string>>(book.Sheets.Listas)
  t.same(listed.map((row) => row['REDUCCIÓN ACORDADA']).filter(Boolean), ['SÍ', 'NO'])
  const profile = (await app.inject({ url: '/api/profile' })).json().data as { causes: { id: string, text: string }[] }
  t.same(listed.map((row) => row.CAUSA).filter(Boolean), [...new Set(profile.causes.map((cause) => cause.text))], 'the causes by their text, not their ids')
  t.notOk(listed.some((row) => profile.causes.some((cause) => cause.id === row.CAUSA)), 'no id in the list')
  // what the registry fills is not asked of HR when the service issued the contract
  const instructions = XLSX.utils.sheet_to_json<string[]>(book.Sheets.Instrucciones, { header: 1 })
  const mark = (header: string) => instructions.find((line) => line[0] === header)?.[1]
  t.equal(mark('TRABAJADOR'), 'Obligatoria solo si este servicio no emitió el contrato (si lo emitió, se toma del registro)')
  t.equal(mark('FIN ADENDA'), 'Obligatoria')
  t.equal(mark('Numero Documento'), 'Obligatoria')
  const form = await formPayload([{ name: 'plantilla-adendas.xlsx', bytes }])
  const empty = await app.inject({ method: 'POST', url: '/api/addendum/upload', ...form })
  t.equal(empty.json().message, 'El archivo no contiene datos: agrega al menos una fila debajo de los encabezados.', 'the empty template: headers recognised, no data')
})

t.test('a workbook whose first sheet is instructions: the error says only the first sheet is read, and which has the headers', async (t) => {
  const book = XLSX.utils.book_new()
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['Cómo llenar'], ['1. Una fila por persona']]), 'Instrucciones')
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([EMPLOYEE_HEADERS, employeeCells(numberedEmployee(1))]), 'Empleados')
  const form = await formPayload([{ name: 'empleados.xlsx', bytes: XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer }])
  const res = await app.inject({ method: 'POST', url: '/api/excel/upload', ...form })
  t.equal(res.statusCode, 400)
  const body = res.json()
  t.equal(body.message, 'La estructura del archivo es incorrecta. Faltan columnas obligatorias.', 'the spec\'s message')
  t.equal(body.data.hint, 'Solo se lee la primera hoja del archivo ("Instrucciones") y no tiene los encabezados; están en la hoja ' +
    '"Empleados". Mueve esa hoja al primer lugar o copia sus datos a la primera hoja.')
  t.equal(body.data.validationErrors.length, 15, 'the missing headers, as before')
  const addenda = XLSX.utils.book_new()
  XLSX.utils.book_append_sheet(addenda, XLSX.utils.aoa_to_sheet([['Notas']]), 'Notas')
  XLSX.utils.book_append_sheet(addenda, XLSX.utils.aoa_to_sheet([ADDENDUM_HEADERS]), 'Datos')
  const form2 = await formPayload([{ name: 'adendas.xlsx', bytes: XLSX.write(addenda, { type: 'buffer', bookType: 'xlsx' }) as Buffer }])
  const res2 = await app.inject({ method: 'POST', url: '/api/addendum/upload', ...form2 })
  t.match(res2.json().data.hint, /primera hoja del archivo \("Notas"\).*hoja "Datos"/)
  const plain = XLSX.utils.book_new()
  XLSX.utils.book_append_sheet(plain, XLSX.utils.aoa_to_sheet([['Otra cosa']]), 'Hoja1')
  const form3 = await formPayload([{ name: 'otra.xlsx', bytes: XLSX.write(plain, { type: 'buffer', bookType: 'xlsx' }) as Buffer }])
  t.equal((await app.inject({ method: 'POST', url: '/api/excel/upload', ...form3 })).json().data.hint, undefined, 'no other sheet: no hint')
})
