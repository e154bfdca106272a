import { test } from 'tap'
import fc from 'fast-check'
import { AMOUNT_IN_WORDS_RANGE, amountInWords, readAmountInWords } from '../../../src/vocabulary/salary-words.js'

test('amounts are written in the HR form: words, Y, céntimos over 100, SOLES', async (t) => {
  t.equal(amountInWords(1500), 'MIL QUINIENTOS Y 00/100 SOLES')
  t.equal(amountInWords(21.5), 'VEINTIÚN Y 50/100 SOLES')
  t.equal(amountInWords(1130), 'MIL CIENTO TREINTA Y 00/100 SOLES')
  t.equal(amountInWords(0.01), 'CERO Y 01/100 SOLES')
  t.equal(amountInWords(0.99), 'CERO Y 99/100 SOLES')
  t.equal(amountInWords(999_999_999.99), 'NOVECIENTOS NOVENTA Y NUEVE MILLONES NOVECIENTOS NOVENTA Y NUEVE MIL NOVECIENTOS NOVENTA Y NUEVE Y 99/100 SOLES')
})

test('every irregular word of units, teens and twenties', async (t) => {
  const expected: Array<[number, string]> = [
    [1, 'UN'], [2, 'DOS'], [3, 'TRES'], [4, 'CUATRO'], [5, 'CINCO'], [6, 'SEIS'], [7, 'SIETE'], [8, 'OCHO'], [9, 'NUEVE'],
    [10, 'DIEZ'], [11, 'ONCE'], [12, 'DOCE'], [13, 'TRECE'], [14, 'CATORCE'], [15, 'QUINCE'], [16, 'DIECISÉIS'],
    [17, 'DIECISIETE'], [18, 'DIECIOCHO'], [19, 'DIECINUEVE'], [20, 'VEINTE'], [21, 'VEINTIÚN'], [22, 'VEINTIDÓS'],
    [23, 'VEINTITRÉS'], [24, 'VEINTICUATRO'], [25, 'VEINTICINCO'], [26, 'VEINTISÉIS'], [27, 'VEINTISIETE'],
    [28, 'VEINTIOCHO'], [29, 'VEINTINUEVE'], [30, 'TREINTA'], [31, 'TREINTA Y UN'], [40, 'CUARENTA'], [45, 'CUARENTA Y CINCO'],
    [50, 'CINCUENTA'], [60, 'SESENTA'], [70, 'SETENTA'], [80, 'OCHENTA'], [90, 'NOVENTA'], [99, 'NOVENTA Y NUEVE']
  ]
  for (const [n, words] of expected) t.equal(amountInWords(n), `${words} Y 00/100 SOLES`, String(n))
})

test('hundreds: cien alone, ciento before more, quinientos, setecientos, novecientos', async (t) => {
  const expected: Array<[number, string]> = [
    [100, 'CIEN'], [101, 'CIENTO UN'], [110, 'CIENTO DIEZ'], [121, 'CIENTO VEINTIÚN'], [200, 'DOSCIENTOS'], [300, 'TRESCIENTOS'],
    [400, 'CUATROCIENTOS'], [500, 'QUINIENTOS'], [555, 'QUINIENTOS CINCUENTA Y CINCO'], [600, 'SEISCIENTOS'],
    [700, 'SETECIENTOS'], [716, 'SETECIENTOS DIECISÉIS'], [800, 'OCHOCIENTOS'], [900, 'NOVECIENTOS'], [999, 'NOVECIENTOS NOVENTA Y NUEVE']
  ]
  for (const [n, words] of expected) t.equal(amountInWords(n), `${words} Y 00/100 SOLES`, String(n))
})

test('thousands and millions: mil alone, veintiún mil, un millón, millones', async (t) => {
  const expected: Array<[number, string]> = [
    [1000, 'MIL'], [1001, 'MIL UN'], [2000, 'DOS MIL'], [21_000, 'VEINTIÚN MIL'], [31_000, 'TREINTA Y UN MIL'],
    [100_000, 'CIEN MIL'], [101_000, 'CIENTO UN MIL'], [500_500, 'QUINIENTOS MIL QUINIENTOS'],
    [1_000_000, 'UN MILLÓN'], [1_000_001, 'UN MILLÓN UN'], [1_001_000, 'UN MILLÓN MIL'], [1_100_000, 'UN MILLÓN CIEN MIL'],
    [2_000_000, 'DOS MILLONES'], [21_000_000, 'VEINTIÚN MILLONES'], [100_000_000, 'CIEN MILLONES'],
    [701_021_900, 'SETECIENTOS UN MILLONES VEINTIÚN MIL NOVECIENTOS']
  ]
  for (const [n, words] of expected) t.equal(amountInWords(n), `${words} Y 00/100 SOLES`, String(n))
})

test('céntimos are rounded to the nearest, half away from zero', async (t) => {
  t.equal(amountInWords(1.005), 'UN Y 01/100 SOLES', '1.005 is stored as 1.00499…: the decimal text decides')
  t.equal(amountInWords(2.004), 'DOS Y 00/100 SOLES')
  t.equal(amountInWords(0.999), 'UN Y 00/100 SOLES')
  t.equal(amountInWords(1500.1), 'MIL QUINIENTOS Y 10/100 SOLES')
})

test('outside 0.01..999 999 999.99 is a RangeError', async (t) => {
  for (const amount of [0, 0.004, -1, 1e9, 999_999_999.996, Number.NaN, Infinity, -Infinity, 1e300]) {
    t.throws(() => amountInWords(amount), RangeError, String(amount))
  }
  t.throws(() => amountInWords('1500' as unknown as number), RangeError, 'not a number')
  t.same(AMOUNT_IN_WORDS_RANGE, { min: 0.01, max: 999_999_999.99 })
})

test('the reader is tolerant of case, accents, y/con, soles/nuevos soles and spacing', async (t) => {
  t.equal(readAmountInWords('MIL QUINIENTOS Y 00/100 SOLES'), 1500)
  t.equal(readAmountInWords('mil quinientos y 00/100 soles'), 1500)
  t.equal(readAmountInWords('Mil Quinientos con 00/100 Nuevos Soles'), 1500)
  t.equal(readAmountInWords('  MIL   QUINIENTOS  CON 50 / 100 SOLES. '), 1500.5)
  t.equal(readAmountInWords('VEINTIUN Y 50/100 SOLES'), 21.5, 'without the accent')
  t.equal(readAmountInWords('veintiuno con 50/100 soles'), 21.5)
  t.equal(readAmountInWords('UN MIL QUINIENTOS Y 00/100 SOLES'), 1500, 'un mil, as cheques write it')
  t.equal(readAmountInWords('MIL QUINIENTOS SOLES CON 50/100'), 1500.5, 'céntimos after the currency')
  t.equal(readAmountInWords('mil quinientos soles'), 1500, 'no céntimos')
  t.equal(readAmountInWords('mil quinientos'), 1500, 'no currency')
  t.equal(readAmountInWords('MIL QUINIENTOS Y 5/100 SOLES'), 1500.05)
  t.equal(readAmountInWords('(MIL QUINIENTOS Y 00/100 SOLES)'), 1500)
  t.equal(readAmountInWords('mil quinientos soles con cincuenta céntimos'), 1500.5)
  t.equal(readAmountInWords('mil quinientos nuevos soles y un centimo'), 1500.01)
  t.equal(readAmountInWords('diez y seis soles'), 16, 'old spelling')
  t.equal(readAmountInWords('veinte y uno soles'), 21, 'old spelling')
  t.equal(readAmountInWords('UN MILLON Y 00/100 SOLES'), 1_000_000)
  t.equal(readAmountInWords('dos millones quinientas mil soles'), 2_500_000, 'feminine hundreds')
  t.equal(readAmountInWords('un sol'), 1)
  t.equal(readAmountInWords('cero y 00/100 soles'), 0)
  t.equal(readAmountInWords('novecientos noventa y nueve millones novecientos noventa y nueve mil novecientos noventa y nueve con 99/100 soles'), 999_999_999.99)
})

test('the reader answers undefined for what is not an amount in words', async (t) => {
  for (const text of [
    '', '   ', 'soles', 'y 00/100 soles', '1500', 'S/ 1,500.00', '1500 soles', 'mil quinientos dolares',
    'ciento', 'ciento soles', 'ciento mil', 'mil mil', 'mil millones', 'un millon millones', 'cien uno',
    'treinta y', 'treinta y diez', 'quinientos quinientos', 'mil y quinientos', 'veinte y veinte',
    'mil quinientos y 100/100 soles', 'mil quinientos con ciento centimos', 'mil quinientos con cien centimos',
    'cero mil', 'hola mundo', 'mil quinientos soles soles'
  ]) {
    t.equal(readAmountInWords(text), undefined, JSON.stringify(text))
  }
  t.equal(readAmountInWords(42 as unknown as string), undefined, 'not a string')
})

test('every group of three digits, as units, thousands and millions, and every céntimo reads back to itself', async (t) => {
  const wrong: number[] = []
  for (let n = 1; n < 1000; n++) {
    for (const amount of [n, n * 1000, n * 1_000_000, n * 1000 + n, n * 1_001_001, n + 0.01 * (n % 100)]) {
      if (readAmountInWords(amountInWords(amount)) !== amount) wrong.push(amount)
    }
  }
  t.same(wrong, [])
})

test('round trip over the whole range (property)', async (t) => {
  fc.assert(fc.property(fc.integer({ min: 1, max: 99_999_999_999 }), (cents) => {
    const amount = cents / 100
    const words = amountInWords(amount)
    return readAmountInWords(words) === amount &&
      readAmountInWords(words.toLowerCase().replace(' Y ', ' con ')) === amount &&
      /^[A-ZÁÉÍÓÚ ]+ Y \d{2}\/100 SOLES$/.test(words) &&
      !/\bUNO\b|\bCIENTO Y\b| {2}/.test(words)
  }), { numRuns: 20_000 })
  t.pass('round trip holds')
})

test('words of different amounts differ (property)', async (t) => {
  fc.assert(fc.property(fc.integer({ min: 1, max: 99_999_999_999 }), fc.integer({ min: 1, max: 99_999_999_999 }), (a, b) => {
    return a === b || amountInWords(a / 100) !== amountInWords(b / 100)
  }), { numRuns: 5000 })
  t.pass('injective on samples')
})
