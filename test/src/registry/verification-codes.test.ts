/**
 * The verification codes (src/registry/verification-codes.ts; docs/registry.md "Verification
 * codes"): their form, how a typed code is read back, and what the public check shows of a worker.
 */
import { test } from 'tap'
import { initialsOf, maskDni, parseVerificationCode, verificationCode } from '../../../src/registry/verification-codes.js'

test('a code is XXXX-XXXX in Crockford base32, and 300 drawn in a row (past one pool of 256) are all different', async (t) => {
  const codes = Array.from({ length: 300 }, () => verificationCode())
  for (const code of codes) t.match(code, /^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/)
  t.equal(new Set(codes).size, 300)
  t.equal(parseVerificationCode(codes[299]), codes[299], 'a code reads back as itself')
})

test('a typed code is read in any case, with or without its dash, with O, I and L as 0, 1 and 1', async (t) => {
  t.equal(parseVerificationCode('abcd-efgh'), 'ABCD-EFGH')
  t.equal(parseVerificationCode('abcdefgh'), 'ABCD-EFGH')
  t.equal(parseVerificationCode(' ab cd - ef gh '), 'ABCD-EFGH')
  t.equal(parseVerificationCode('oil0-1234'), '0110-1234')
  t.equal(parseVerificationCode('ABCD-EFGU'), undefined, 'U is not Crockford base32')
  t.equal(parseVerificationCode('ABCD-EFG'), undefined, 'seven characters')
  t.equal(parseVerificationCode('ABCD-EFGHJ'), undefined, 'nine characters')
  t.equal(parseVerificationCode('ABCD_EFGH'), undefined, 'punctuation other than the dash')
  t.equal(parseVerificationCode(`ABCD${' '.repeat(17)}EFGH`), undefined, 'longer than 20 characters as typed')
})

test('the public check hides all of the DNI but its last four characters, and shows initials only', async (t) => {
  t.equal(maskDni('12345678'), '****5678')
  t.equal(maskDni('001234567'), '*****4567', 'a carné de extranjería is longer')
  t.equal(maskDni('123'), '123', 'nothing to hide under four characters')
  t.equal(initialsOf('Rosa María', 'Quispe', 'Mamani'), 'R. M. Q. M.')
  t.equal(initialsOf('ángel', "d'Ávila", ''), 'Á. D.', 'the first letter of each word, upper case; an empty surname adds none')
})
