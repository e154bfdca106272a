import { test, type Test } from 'tap'
import { readFileSync } from 'node:fs'
import { deflateRawSync } from 'node:zlib'
import { checkZipArchive, ZipRejectedError } from '../../../src/spreadsheets/zip-guard.js'
import { buildZip, zip64Extra, zipBomb, type ZipEntrySpec } from '../../support/zip-tools.js'

const fixture = (name: string) => readFileSync(new URL(`../../fixtures/${name}`, import.meta.url))
const CONTENT_TYPES: ZipEntrySpec = { name: '[Content_Types].xml', content: '<Types/>' }
const small = { maxEntries: 10, maxTotalBytes: 64 * 1024 }

async function refused (t: Test, bytes: Uint8Array, reason: RegExp, limits = small): Promise<void> {
  const error = await checkZipArchive(bytes, limits).then(() => undefined, (rejection: unknown) => rejection)
  t.type(error, ZipRejectedError)
  t.match((error as Error | undefined)?.message, reason)
}

test('workbooks written by LibreOffice pass, with what the guard saw', async (t) => {
  for (const name of ['empleados.xlsx', 'adendas.xlsx', 'empleados-alias.xlsx']) {
    const summary = await checkZipArchive(fixture(name))
    t.ok(summary.entries >= 5 && summary.entries < 40, `${name}: ${summary.entries} entries`)
    t.ok(summary.inflatedBytes > fixture(name).length, 'inflates to more than the file')
    t.ok(summary.names.includes('xl/workbook.xml'))
  }
})

test('a ~1 MB zip bomb that inflates past 1 GB is refused without inflating it', async (t) => {
  const bomb = zipBomb(1024)
  t.ok(bomb.length < 1.5 * 1024 * 1024, `${bomb.length} bytes`)
  const before = process.memoryUsage().rss
  // 400 MB inflated before the refusal: kept, they would show; counted, the process grows by what its
  // collector has not yet freed of the chunks (Node 24 under coverage frees later than Node 20)
  await refused(t, bomb, /inflates past the budget/, { maxEntries: 1000, maxTotalBytes: 400 * 1024 * 1024 })
  t.ok(process.memoryUsage().rss - before < 150 * 1024 * 1024, 'inflated bytes are counted, not kept (under 150 MB of 400)')
})

test('declared sizes are checked before inflating: central directory, local header and ZIP64', async (t) => {
  const data = deflateRawSync(Buffer.from('x'))
  await refused(t, buildZip([CONTENT_TYPES, { name: 'a.xml', data, usz: 4_000_000_000 }]), /declares 4000000000/)
  await refused(t, buildZip([CONTENT_TYPES, { name: 'a.xml', data, usz: 1, localUsz: 3_000_000_000 }]), /declares 3000000000/)
  await refused(t, buildZip([CONTENT_TYPES, { name: 'a.xml', data, usz: 1, extra: zip64Extra(2 ** 40, data.length) }]), /declares 1099511627776/)
})

test('many directory records, or records sharing one local file, count against the limits', async (t) => {
  const entries = Array.from({ length: 11 }, (_, i) => ({ name: `e${i}.xml`, content: 'x' }))
  await refused(t, buildZip([CONTENT_TYPES, ...entries]), /12 entries/)
  // overlapping entries: every record points at the same 20 KB stream
  const shared = buildZip([CONTENT_TYPES, { name: 'big.xml', content: Buffer.alloc(20 * 1024, 0x41) }], [0, 1, 1, 1, 1])
  await refused(t, shared, /declares 20480 bytes/)
  const stored = Array.from({ length: 4 }, (_, i) => ({ name: `s${i}.xml`, content: Buffer.alloc(20 * 1024), method: 0 }))
  await refused(t, buildZip([CONTENT_TYPES, ...stored]), /\d+ bytes inflated/)
})

test('the actual inflated size counts even when the headers declare nothing (data descriptor)', async (t) => {
  const stream = deflateRawSync(Buffer.alloc(200 * 1024, 0x20))
  await refused(t, buildZip([CONTENT_TYPES, { name: 'a.xml', data: stream, usz: 0, flags: 0x08 }]), /inflates past the budget/)
})

test('encrypted entries, unknown methods, broken streams and truncated archives are refused', async (t) => {
  await refused(t, buildZip([CONTENT_TYPES, { name: 'a.xml', content: 'x', flags: 0x01 }]), /encrypted/)
  await refused(t, buildZip([CONTENT_TYPES, { name: 'a.xml', content: 'x', method: 12 }]), /compression method 12/)
  await refused(t, buildZip([CONTENT_TYPES, { name: 'a.xml', data: Buffer.from([0xff, 0xff, 0xff, 0xff]), usz: 4 }]), /entry 1/)
  const whole = fixture('empleados.xlsx')
  await refused(t, whole.subarray(0, Math.floor(whole.length / 2)), /no end of central directory/)
  await refused(t, whole.subarray(0, whole.length - 10), /end of central directory record past the end/)
  await refused(t, whole.subarray(200), /past the end|entry|method|encrypted/)
  const stored = buildZip([CONTENT_TYPES, { name: 'a.xml', content: 'abc', method: 0 }])
  t.equal((await checkZipArchive(stored, small)).entries, 2, 'stored entries are fine')
  await refused(t, buildZip([CONTENT_TYPES, { name: 'a.xml', data: Buffer.from('abc'), method: 0, extra: zip64Extra(3, 1_000_000) }]), /stored entry past the end/)
  const badExtra = Buffer.from([0x01, 0x00, 0x04, 0x00, 0, 0, 0, 0])
  await refused(t, buildZip([CONTENT_TYPES, { name: 'a.xml', content: 'x', extra: badExtra }]), /truncated ZIP64/)
})

test('only Office Open XML workbooks: no content types, OpenDocument, Numbers or .xlsb inside are refused', async (t) => {
  await refused(t, buildZip([{ name: 'a.xml', content: 'x' }]), /not an Office Open XML package/)
  for (const name of ['META-INF/manifest.xml', 'Index/Document.iwa', 'Index.zip', 'xl/workbook.bin', 'objectdata.xml']) {
    await refused(t, buildZip([CONTENT_TYPES, { name, content: 'x' }]), /foreign entry/)
  }
  t.ok((await checkZipArchive(buildZip([CONTENT_TYPES, { name: 'XL\\Workbook.xml', content: 'x' }]), small)).names.includes('xl/workbook.xml'), 'names normalised as SheetJS compares them')
})
