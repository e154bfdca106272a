/**
 * The adendas sheet of recorded contracts (docs/import.md, "Adendas from the registry"): a row
 * that gives the DNI and the new end takes modality, position, salary in force, schedule, cause and
 * dates from the contract the service recorded, as POST /api/addendum/from-contract builds them.
 */
import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { formPayload, sampleEmployee, sharedApp } from '../../support/helper.js'
import { csvText, workbook } from '../../support/spreadsheets.js'
import { IMPORT_MESSAGES } from '../../../schemas/messages.js'
import { addDays, termEnd } from '../../../src/vocabulary/dates.js'

const app: FastifyInstance = await sharedApp()
const CAUSE_UPDATE = 'La necesidad subsiste porque las obras del centro comercial vecino continúan este año'

async function upload (rows: unknown[][], name = 'adendas.xlsx', partial = true) {
  const bytes = name.endsWith('.csv') ? Buffer.from(csvText(rows)) : workbook([rows])
  const type = name.endsWith('.csv') ? 'text/csv' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
  const form = await formPayload([{ name, type, bytes }])
  return await app.inject({ method: 'POST', url: `/api/addendum/upload${partial ? '?partial=true' : ''}`, ...form })
}

const contractsOf = async (dni: string) =>
  (await app.inject({ method: 'GET', url: `/api/workers/${dni}/contracts` })).json().data.contracts as Array<{ id: string, kind: string, endDate: string }>

t.test('a row with only DNI, FIN ADENDA and the update takes the recorded contract\'s values; the adenda prints', async (t) => {
  const employee = sampleEmployee({ dni: '40777001' })
  const second = sampleEmployee({ dni: '40777002', salary: 1800, salaryInWords: undefined })
  t.equal((await app.inject({ method: 'POST', url: '/api/contracts/download-zip', payload: [employee, second] })).statusCode, 200)
  const [contract] = await contractsOf('40777001')
  const end = employee.endDate as string
  const newEnd = termEnd(addDays(end, 1), 3)

  const res = await upload([
    ['DNI', 'FIN ADENDA', 'ACTUALIZACIÓN DE LA CAUSA', 'SUELDO'],
    ['40777001', newEnd, CAUSE_UPDATE, null],
    ['40777002', newEnd, CAUSE_UPDATE, 1900] // a new salary: what changes
  ])
  t.equal(res.statusCode, 200, res.body)
  const body = res.json()
  t.equal(body.data.validRecords, 2, 'both rows kept')
  t.same(body.data.documentIssues, [], 'nothing blocks either adenda')
  const [first, raised] = body.data.employees
  t.match(first, {
    contractId: contract.id,
    documentNumber: '40777001',
    worker: 'Rosa María Quispe Mamani',
    division: 'Playa Larcomar',
    entryDate: employee.entryDate,
    start: employee.entryDate,
    end,
    startAddendum: addDays(end, 1),
    endAddendum: newEnd,
    salary: 1500,
    originalSalary: 1500,
    modality: '58',
    causeId: 'larcomar-remodelacion-vecino',
    position: employee.position,
    address: employee.address,
    sex: 'F',
    birthDate: employee.birthDate
  }, 'the contract\'s values, none retyped')
  t.equal(first.workSchedule, employee.workSchedule, 'the schedule in force')
  t.match(raised, { documentNumber: '40777002', salary: 1900, originalSalary: 1800 }, 'the row\'s new salary; the one in force is SUELDO ANTERIOR')

  // the adenda of the first row prints and is recorded against the contract; a second sheet follows it
  const zip = await app.inject({ method: 'POST', url: '/api/addendum/download-zip', payload: [first] })
  t.equal(zip.statusCode, 200, 'the adenda prints')
  const again = await upload([['DNI', 'FIN ADENDA', 'ACTUALIZACIÓN DE LA CAUSA'], ['40777001', termEnd(addDays(newEnd, 1), 3), CAUSE_UPDATE]], 'adendas.csv')
  t.equal(again.statusCode, 200, again.body)
  t.match(again.json().data.employees[0], { end: newEnd, startAddendum: addDays(newEnd, 1), contractId: contract.id },
    'a second adenda starts after the first one\'s end')
})

t.test('a row naming an end no recorded contract has, or a worker without one, is judged as the sheet says', async (t) => {
  const employee = sampleEmployee({ dni: '40777011' })
  t.equal((await app.inject({ method: 'POST', url: '/api/contracts/download-zip', payload: [employee] })).statusCode, 200)
  const newEnd = termEnd(addDays(employee.endDate as string, 1), 3)
  const res = await upload([
    ['DNI', 'FECHA FIN', 'FIN ADENDA'],
    ['40777011', addDays(employee.endDate as string, -1), newEnd], // names no recorded end: nothing is taken
    ['40777019', employee.endDate, newEnd], // nobody recorded
    ['40777011', employee.endDate, newEnd] // a repeated DNI stays refused
  ])
  t.equal(res.statusCode, 200, res.body)
  const errors = res.json().data.errors as Array<{ row: number, field: string, header?: string }>
  t.ok(errors.some((issue) => issue.row === 2 && issue.field === 'worker'), 'row 2 lacks TRABAJADOR')
  t.ok(errors.some((issue) => issue.row === 3 && issue.field === 'salary' && issue.header === 'salario'), 'row 3 lacks its salary, named by its column')
  t.ok(errors.some((issue) => issue.row === 4 && issue.field === 'documentNumber'), 'row 4 repeats a DNI')
  t.equal(res.json().data.validRecords, 0)

  // without any recorded contract, a file lacking the spec's columns is refused as the spec says
  const none = await upload([['DNI', 'FIN ADENDA'], ['40777029', newEnd]], 'adendas.xlsx', false)
  t.equal(none.statusCode, 400)
  t.match(none.json().message, IMPORT_MESSAGES.addenda.missingField('division, worker, entryDate, start, end, startAddendum, address, province, district, department, salary'))
  t.match(none.json().errors, [{ row: 1, field: 'division' }])
})

t.test('a cell the sheet states wins over the record (what changes); an unreadable one stays refused', async (t) => {
  const employee = sampleEmployee({ dni: '40777021' })
  t.equal((await app.inject({ method: 'POST', url: '/api/contracts/download-zip', payload: [employee] })).statusCode, 200)
  const newEnd = termEnd(addDays(employee.endDate as string, 1), 3)
  const res = await upload([
    ['DNI', 'FIN ADENDA', 'DOMICILIO', 'INICIO ADENDA'],
    ['40777021', newEnd, 'Jr. Las Begonias 455, San Isidro', 'mañana']
  ])
  t.equal(res.statusCode, 200, res.body)
  t.match(res.json().data.errors, [{ row: 2, field: 'startAddendum' }], 'the unreadable INICIO ADENDA is refused, not replaced')
  const ok = await upload([['DNI', 'FIN ADENDA', 'DOMICILIO'], ['40777021', newEnd, 'Jr. Las Begonias 455, San Isidro']])
  t.match(ok.json().data.employees, [{ address: 'Jr. Las Begonias 455, San Isidro', province: employee.province }])
})

t.test('CAUSA by its text (the template\'s list) is read as that reviewed cause', async (t) => {
  const employee = sampleEmployee({ dni: '40777031' })
  t.equal((await app.inject({ method: 'POST', url: '/api/contracts/download-zip', payload: [employee] })).statusCode, 200)
  const causes = (await app.inject({ url: '/api/profile' })).json().data.causes as Array<{ id: string, text: string }>
  const cause = causes.find((entry) => entry.id === 'larcomar-remodelacion-vecino')
  t.ok(cause)
  const newEnd = termEnd(addDays(employee.endDate as string, 1), 3)
  const res = await upload([['DNI', 'FIN ADENDA', 'CAUSA', 'ACTUALIZACIÓN DE LA CAUSA'], ['40777031', newEnd, `${cause?.text.toUpperCase() ?? ''}.`, CAUSE_UPDATE]])
  t.equal(res.statusCode, 200)
  t.match(res.json().data.employees, [{ causeId: 'larcomar-remodelacion-vecino' }], 'its id, case and closing stop aside')
  t.same(res.json().data.documentIssues, [])
})
