import { test } from 'tap'
import { RecordIssueCache } from '../../../src/employees/issue-cache.js'
import { readFileSync } from 'node:fs'
import type { EmployerProfile } from '../../../schemas/employer-profile.js'
import { assetPath } from '../../../src/paths.js'
import { contractIssues, contractPolicy, minimumSalary } from '../../../src/employees/contract-rules.js'
import { sampleEmployee, sampleSubsidio } from '../../support/samples.js'

const demo = JSON.parse(readFileSync(assetPath('employer-profile.json'), 'utf8')) as EmployerProfile
const policy = contractPolicy(demo)

test('the minimum salary is the RMV, or its share of the ordinary week (48 hours) for part time, rounded up to the céntimo', async (t) => {
  t.equal(minimumSalary(false, 48, policy), 1130)
  t.equal(minimumSalary(false, 10, policy), 1130)
  t.equal(minimumSalary(true, 20, policy), 470.84)
  t.equal(minimumSalary(true, 24, policy), 565)
  t.equal(minimumSalary(true, 12, { ...policy, minimumWage: 1025 }), 256.25)
})

test('a Planilla or Subsidio under four hours a day on average takes the proportional RMV (§23)', async (t) => {
  const short = { workDays: 'lunes a sábado', workSchedule: 'de 18:00 a 21:30 horas' } // 21 h over six days
  t.same(contractIssues(sampleEmployee({ ...short, salary: 494.38, salaryInWords: undefined }), '', policy), [])
  t.same(contractIssues(sampleSubsidio({ ...short, salary: 494.37, salaryInWords: undefined }), '', policy), [{
    field: 'salary',
    message: 'El sueldo no puede ser menor a S/ 494.38, la parte proporcional de la remuneración mínima vital para 21 horas semanales'
  }])
  t.same(contractIssues(sampleEmployee({ workDays: 'lunes a sábado', workSchedule: 'de 08:00 a 12:00 horas', salary: 1000, salaryInWords: undefined }), '', policy)
    .map((issue) => issue.field), ['salary'], 'four hours a day is full RMV')
})

test('a valid record has no issues; records that are not objects are left to the schema', async (t) => {
  t.same(contractIssues(sampleEmployee(), '', policy), [])
  t.same(contractIssues(sampleSubsidio({ replacedWorkerDni: '44556677', replacedWorkerPosition: 'Cajera' }), '', policy), [])
  t.same(contractIssues(null, 'body', policy), [])
  t.same(contractIssues('x', 'body', policy), [])
  t.same(contractIssues({ not: 'an employee' }, 'body', policy), [])
  t.same(contractIssues(sampleEmployee({ salary: 'mil', weeklyHours: -1, contractType: 'Otro', signingDate: 3 }), '', policy), [], 'wrong types are the schema\'s')
})

test('issues carry the row or body path', async (t) => {
  const cache = new RecordIssueCache()
  const records = [sampleEmployee(), sampleEmployee({ salary: 1000, salaryInWords: undefined })]
  t.same(records.flatMap((record, index) =>
    cache.issues('contract', record, `body.${index}`, () => (one, prefix) => contractIssues(one, prefix, policy))),
  [{ field: 'body.1.salary', message: 'El sueldo no puede ser menor a la remuneración mínima vital (S/ 1,130.00)' }])
  t.same(contractIssues(sampleEmployee({ replacedWorkerPosition: 'Cajera' }), '', policy),
    [{ field: 'replacedWorkerPosition', message: 'El cargo del suplido solo corresponde a contratos de Subsidio' }])
})

test('a salary beyond the words the service writes needs its words given', async (t) => {
  t.same(contractIssues(sampleEmployee({ salary: 1e9, salaryInWords: undefined }), 'body', policy),
    [{ field: 'body.salaryInWords', message: 'El sueldo en letras es requerido para sueldos mayores a 999,999,999.99' }])
  t.same(contractIssues(sampleEmployee({ salary: 1e9, salaryInWords: 'MIL MILLONES DE SOLES' }), 'body', policy), [], 'given words are kept')
})
