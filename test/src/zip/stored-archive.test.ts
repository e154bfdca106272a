import { test } from 'tap'
import { crc32 } from 'node:zlib'
import yauzl from 'yauzl'
import { StoredZipArchive } from '../../../src/zip/stored-archive.js'
import { zipEntries } from '../../support/helper.js'

/** Name, stored method, CRC-32 of the central directory and local header, and the bytes, per entry (yauzl). */
async function entries (zip: Buffer): Promise<{ name: string, method: number, crc: number, bytes: Buffer }[]> {
  const read = await zipEntries(zip)
  const crcs = await new Promise<number[]>((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: false }, (error, file) => {
      if (error !== null) return reject(error)
      const found: number[] = []
      file.on('entry', (entry: yauzl.Entry) => found.push(entry.crc32))
      file.on('end', () => resolve(found))
      file.on('error', reject)
    })
  })
  return read.map((entry, index) => ({ name: entry.name, method: entry.compressionMethod, crc: crcs[index], bytes: entry.bytes }))
}

async function zipOf (add: (archive: StoredZipArchive) => void): Promise<Buffer> {
  const archive = new StoredZipArchive()
  const chunks: Buffer[] = []
  archive.on('data', (chunk: Buffer) => chunks.push(chunk))
  add(archive)
  await archive.finalize()
  return Buffer.concat(chunks)
}

test('entries are stored; a given CRC-32 is written as given, a missing one is computed', async (t) => {
  const pdf = Buffer.from('%PDF-1.7 contenido de prueba '.repeat(100))
  const other = Buffer.from('otro documento')
  const zip = await zipOf((archive) => {
    archive.appendStored([pdf], 'a/contrato.pdf', crc32(pdf))
    archive.appendStored([other], 'a/anexo.pdf')
    archive.appendStored([Buffer.alloc(0)], 'vacio.pdf', 12345)
    archive.append(Buffer.from('errores'), { name: 'errores.txt' })
  })
  const read = await entries(zip)
  t.same(read.map(({ name }) => name), ['a/contrato.pdf', 'a/anexo.pdf', 'vacio.pdf', 'errores.txt'])
  t.ok(read.every(({ method }) => method === 0), 'all stored')
  t.ok(read[0].bytes.equals(pdf))
  t.ok(read[1].bytes.equals(other))
  t.equal(read[0].crc, crc32(pdf))
  t.equal(read[1].crc, crc32(other), 'computed when not given')
  t.equal(read[2].crc, 0, 'an empty entry: the given CRC is not used')
  t.equal(read[3].crc, crc32(Buffer.from('errores')))
})

test('the CRC given is the one written: a wrong one reads back wrong (the caller must compute it over the same bytes)', async (t) => {
  const pdf = Buffer.from('%PDF-1.7 otro contenido '.repeat(50))
  const zip = await zipOf((archive) => { archive.appendStored([pdf], 'x.pdf', (crc32(pdf) + 1) >>> 0) })
  t.equal((await entries(zip))[0].crc, (crc32(pdf) + 1) >>> 0)
})

test('an entry given in parts is written whole: the parts in order, one CRC-32 over all of them', async (t) => {
  const template = Buffer.from('%PDF-1.7 plantilla compartida '.repeat(80))
  const updateA = Buffer.from('\n1 0 obj actualización A\n')
  const updateB = Buffer.from('\n1 0 obj actualización B, otra\n')
  const whole = (update: Buffer) => Buffer.concat([template, update])
  const zip = await zipOf((archive) => {
    archive.appendStored([template, updateA], 'a.pdf', crc32(updateA, crc32(template)))
    archive.appendStored([template, updateB], 'b.pdf') // CRC computed here, over both parts
    archive.appendStored([Buffer.alloc(0), updateA], 'solo-actualizacion.pdf')
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
