import { test } from 'tap'
import { cleanText, dateInWords, formatSoles, fullName } from '../../../src/vocabulary/format.js'

test('dates print in words the way a contract writes them', async (t) => {
  t.equal(dateInWords('01/12/2026'), '1 de diciembre de 2026')
  t.equal(dateInWords('31/05/2027'), '31 de mayo de 2027')
  t.equal(dateInWords('15/09/2025'), '15 de septiembre de 2025')
  t.equal(dateInWords('31/02/2025'), '31/02/2025', 'not a real date: left as it came')
})

test('salary prints as S/ with thousands separators and two decimals', async (t) => {
  t.equal(formatSoles(1500), 'S/ 1,500.00')
  t.equal(formatSoles(1234567.5), 'S/ 1,234,567.50')
  t.equal(formatSoles(930.456), 'S/ 930.46')
  t.equal(formatSoles(0.5), 'S/ 0.50')
  t.equal(formatSoles(-20), '-S/ 20.00')
})

test('full name is name, father surname, mother surname', async (t) => {
  t.equal(fullName({ name: 'Rosa  María', lastNameFather: 'Quispe', lastNameMother: 'Mamani' }), 'Rosa María Quispe Mamani')
})

test('line breaks, tabs and control characters become single spaces', async (t) => {
  t.equal(cleanText(' Jefe\nde\r\nturno\t\u0007 A\u2028B '), 'Jefe de turno A B')
  t.equal(cleanText('Jose\u0301'), 'José', 'NFC')
  t.equal(cleanText('Ála\u00admos\u200b 123\u2060'), 'Álamos 123', 'invisible characters (a soft hyphen would print as -) removed')
})
