import { test } from 'tap'
import { cellValue, parseAmount } from '../../../src/spreadsheets/cells.js'

test('salary texts as people type them are amounts (D12)', async (t) => {
  const cases: [string, number | undefined][] = [
    ['1,500.00', 1500], ['S/. 1500', 1500], ['S/.1500', 1500], ['S/ 2,300.50', 2300.5], ['PEN 1200', 1200], ['s/. 1 500', 1500],
    ['1500', 1500], ['1500.5', 1500.5], ['1500,50', 1500.5], ['1.500,00', 1500], ['1,500', 1500], ['1.500.000', 1500000],
    ['1,234,567.89', 1234567.89], ['0', 0], ['abc', undefined], ['1,5,0.0.0', undefined], ['', undefined], ['-1500', undefined], ['12 soles', undefined]
  ]
  for (const [text, amount] of cases) t.equal(parseAmount(text), amount, JSON.stringify(text))
})

test('a numeric DNI cell with fewer than 8 digits is left-padded; a DNI typed as text is kept (D12)', async (t) => {
  t.equal(cellValue({ kind: 'number', value: 1234567 }, 'dni'), '01234567')
  t.equal(cellValue({ kind: 'number', value: 12345678 }, 'dni'), '12345678')
  t.equal(cellValue({ kind: 'number', value: 123456789 }, 'dni'), '123456789', 'too long stays for the schema to refuse')
  t.equal(cellValue({ kind: 'number', value: 1234567.5 }, 'dni'), '1234567.5')
  t.equal(cellValue({ kind: 'number', value: -5 }, 'dni'), '-5')
  t.equal(cellValue({ kind: 'text', value: ' 01234567 ' }, 'dni'), '01234567')
  t.equal(cellValue({ kind: 'text', value: '1234567' }, 'dni'), '1234567', 'text is not guessed at')
})

test('salary cells: numbers as they are, amounts in text parsed, other text kept for the schema', async (t) => {
  t.equal(cellValue({ kind: 'number', value: 1500.5 }, 'salary'), 1500.5)
  t.equal(cellValue({ kind: 'text', value: ' S/. 1,500.00 ' }, 'salary'), 1500)
  t.equal(cellValue({ kind: 'text', value: 'mil soles' }, 'salary'), 'mil soles')
  t.equal(cellValue({ kind: 'date', value: '01/02/2024' }, 'salary'), '01/02/2024')
})

test('date cells arrive as DD/MM/YYYY; text dates are kept (single digits padded) for the schema to check', async (t) => {
  t.equal(cellValue({ kind: 'date', value: '01/02/2024' }, 'date'), '01/02/2024')
  t.equal(cellValue({ kind: 'text', value: ' 1/2/2024 ' }, 'date'), '01/02/2024')
  t.equal(cellValue({ kind: 'text', value: '2024-02-01' }, 'date'), '2024-02-01')
  t.equal(cellValue({ kind: 'number', value: 45323 }, 'date'), '45323', 'a bare number is not taken for a date')
})

test('text cells are trimmed; numbers in text columns become their text', async (t) => {
  t.equal(cellValue({ kind: 'text', value: '  Av. Lima 1 ' }, 'text'), 'Av. Lima 1')
  t.equal(cellValue({ kind: 'number', value: 2 }, 'text'), '2')
  t.equal(cellValue({ kind: 'date', value: '01/02/2024' }, 'text'), '01/02/2024')
})
