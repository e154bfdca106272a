import { test } from 'tap'
import { Readable } from 'node:stream'
import { once } from 'node:events'
import { CoalescingStream } from '../../../src/zip/coalesce.js'

/** The chunks as pushed ('data' events; an async iterator would join what is buffered). */
async function chunksOf (input: Buffer[], target: number, passFirst = false): Promise<Buffer[]> {
  const chunks: Buffer[] = []
  const stream = Readable.from(input).pipe(new CoalescingStream(target, passFirst))
  stream.on('data', (chunk: Buffer) => chunks.push(chunk))
  await once(stream, 'end')
  return chunks
}

test('small chunks come out joined, in order, nothing lost', async (t) => {
  const input = Array.from({ length: 100 }, (_, i) => Buffer.alloc(100, i))
  const chunks = await chunksOf(input, 1000)
  t.same(chunks.map((chunk) => chunk.length), Array.from({ length: 10 }, () => 1000))
  t.same(Buffer.concat(chunks), Buffer.concat(input))
})

test('a big chunk passes alone and the tail is flushed at the end', async (t) => {
  t.same((await chunksOf([Buffer.alloc(5000), Buffer.alloc(10)], 1000)).map((chunk) => chunk.length), [5000, 10])
})

test('with passFirst the first chunk goes out alone, at once; the rest is joined as usual', async (t) => {
  const input = Array.from({ length: 21 }, (_, i) => Buffer.alloc(100, i))
  const chunks = await chunksOf(input, 1000, true)
  t.same(chunks.map((chunk) => chunk.length), [100, 1000, 1000])
  t.same(Buffer.concat(chunks), Buffer.concat(input))
})
