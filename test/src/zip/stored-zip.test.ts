import { test } from 'tap'
import { crc32 } from 'node:zlib'
import yauzl from 'yauzl'
import { StoredZip } from '../../../src/zip/stored-zip.js'
import { zipEntries } from '../../support/helper.js'

interface ReadEntry {
  name: string
  method: number
  /** CRC-32 in the central directory and in the local header. */
  crc: number
  localCrc: number
  bytes: Buffer
  /** MS-DOS date and time fields as written. */
  dosDate: number
  dosTime: number
}

/** Every entry read back with yauzl, with the CRC-32 of the local header beside the central one. */
async function entries (zip: Buffer): Promise<ReadEntry[]> {
  const read = await zipEntries(zip)
  const meta = await new Promise<yauzl.Entry[]>((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: false }, (error, file) => {
      if (error !== null) return reject(error)
      const found: yauzl.Entry[] = []
      file.on('entry', (entry: yauzl.Entry) => found.push(entry))
      file.on('end', () => resolve(found))
      file.on('error', reject)
    })
  })
  return read.map((entry, index) => ({
    name: entry.name,
    method: entry.compressionMethod,
    crc: meta[index].crc32,
    localCrc: zip.readUInt32LE(meta[index].relativeOffsetOfLocalHeader + 14),
    bytes: entry.bytes,
    dosDate: meta[index].lastModFileDate,
    dosTime: meta[index].lastModFileTime
  }))
}

async function zipOf (add: (archive: StoredZip) => void, options?: ConstructorParameters<typeof StoredZip>[0]): Promise<{ zip: Buffer, chunks: Buffer[] }> {
  const archive = new StoredZip(options)
  const chunks: Buffer[] = []
  archive.on('data', (chunk: Buffer) => chunks.push(chunk))
  add(archive)
  await archive.finalize()
  return { zip: Buffer.concat(chunks), chunks }
}

test('entries are stored; a given CRC-32 is written as given, a missing one is computed', async (t) => {
  const pdf = Buffer.from('%PDF-1.7 contenido de prueba '.repeat(100))
  const other = Buffer.from('otro documento')
  const { zip } = await zipOf((archive) => {
    archive.add([pdf], 'a/contrato.pdf', crc32(pdf))
    archive.add([other], 'a/anexo.pdf')
    archive.add([Buffer.alloc(0)], 'vacio.pdf')
    archive.add([Buffer.from('errores')], 'errores.txt')
  })
  const read = await entries(zip)
  t.same(read.map(({ name }) => name), ['a/contrato.pdf', 'a/anexo.pdf', 'vacio.pdf', 'errores.txt'])
  t.ok(read.every(({ method }) => method === 0), 'all stored')
  t.ok(read[0].bytes.equals(pdf))
  t.ok(read[1].bytes.equals(other))
  t.equal(read[2].bytes.length, 0)
  t.same(read.map(({ crc }) => crc), [crc32(pdf), crc32(other), 0, crc32(Buffer.from('errores'))], 'CRCs match the bytes read back')
  t.same(read.map(({ localCrc }) => localCrc), read.map(({ crc }) => crc), 'the local headers agree with the central directory')
})

test('the CRC given is the one written: a wrong one reads back wrong (the caller must compute it over the same bytes)', async (t) => {
  const pdf = Buffer.from('%PDF-1.7 otro contenido '.repeat(50))
  const { zip } = await zipOf((archive) => { archive.add([pdf], 'x.pdf', (crc32(pdf) + 1) >>> 0) })
  t.equal((await entries(zip))[0].crc, (crc32(pdf) + 1) >>> 0)
})

test('an entry given in parts is written whole: the parts in order, one CRC-32 over all of them', async (t) => {
  const template = Buffer.from('%PDF-1.7 plantilla compartida '.repeat(80))
  const updateA = Buffer.from('\n1 0 obj actualización A\n')
  const updateB = new Uint8Array(Buffer.from('\n1 0 obj actualización B, otra\n')) // a bare Uint8Array, as a worker transfers it
  const whole = (update: Uint8Array) => Buffer.concat([template, update])
  const { zip } = await zipOf((archive) => {
    archive.add([template, updateA], 'a.pdf', crc32(updateA, crc32(template)))
    archive.add([template, updateB], 'b.pdf') // CRC computed here, over both parts
    archive.add([Buffer.alloc(0), updateA], 'solo-actualizacion.pdf')
  })
  const read = await entries(zip)
  t.same(read.map(({ name }) => name), ['a.pdf', 'b.pdf', 'solo-actualizacion.pdf'])
  t.ok(read[0].bytes.equals(whole(updateA)), 'template then update')
  t.ok(read[1].bytes.equals(whole(updateB)), 'the shared template is not consumed by the first entry')
  t.ok(read[2].bytes.equals(updateA))
  t.equal(read[0].crc, crc32(whole(updateA)), 'a CRC continued over the parts is the whole\'s')
  t.equal(read[1].crc, crc32(whole(updateB)))
  t.equal(read[2].crc, crc32(updateA))
})

test('names are UTF-8: accents, ñ and a space read back as written', async (t) => {
  const names = ['planilla/12345678-Técnico de mantenimiento.pdf', 'subsidio/Tratamiento de datos/Peña.pdf', 'adendas/87654321 (2).pdf']
  const { zip } = await zipOf((archive) => { for (const name of names) archive.add([Buffer.from(name)], name) })
  t.same((await entries(zip)).map(({ name }) => name), names)
})

test('output: the first entry at once, then chunks of at least chunkBytes, the rest at the end', async (t) => {
  const document = Buffer.alloc(3000, 7)
  const { zip, chunks } = await zipOf((archive) => {
    for (let i = 0; i < 40; i++) archive.add([document], `d${i}.pdf`)
  }, { chunkBytes: 16 * 1024 })
  t.ok(chunks[0].length < 3200, `the first chunk holds the first entry alone (${chunks[0].length} bytes)`)
  const middle = chunks.slice(1, -1)
  t.ok(middle.length >= 5, `${middle.length} chunks between the first and the last`)
  t.ok(middle.every((chunk) => chunk.length >= 16 * 1024 && chunk.length < 16 * 1024 + 3200), 'each about chunkBytes')
  t.equal((await entries(zip)).length, 40)
})

test('the entries\' time is the wall clock in America/Lima, in MS-DOS form', async (t) => {
  const year = new Date().getUTCFullYear() + 1
  // 03:00 UTC on 15 January is 22:00 on 14 January in Lima (UTC-5, no daylight saving)
  const { zip } = await zipOf((archive) => { archive.add([Buffer.from('x')], 'x.txt') }, { date: new Date(Date.UTC(year, 0, 15, 3, 0, 10)) })
  const [entry] = await entries(zip)
  t.same({ year: (entry.dosDate >> 9) + 1980, month: (entry.dosDate >> 5) & 15, day: entry.dosDate & 31 }, { year, month: 1, day: 14 })
  t.same({ hour: entry.dosTime >> 11, minute: (entry.dosTime >> 5) & 63, second: (entry.dosTime & 31) * 2 }, { hour: 22, minute: 0, second: 10 })
})

test('no ZIP64: the 65 536th entry is refused, and nothing is added after finalize()', async (t) => {
  const archive = new StoredZip()
  archive.resume()
  const empty = [Buffer.alloc(0)]
  for (let i = 0; i < 0xffff; i++) archive.add(empty, `${i}`)
  t.throws(() => archive.add(empty, 'una más'), RangeError)
  await archive.finalize()
  t.throws(() => archive.add(empty, 'tarde'), /after finalize/)
})

test('finalize() settles when the reader leaves first (the stream is destroyed)', async (t) => {
  const archive = new StoredZip()
  archive.add([Buffer.alloc(1000)], 'a.pdf')
  setImmediate(() => archive.destroy())
  await archive.finalize() // nobody reads: only the destroy ends the wait
  t.ok(archive.destroyed)
})
