/**
 * Joins small chunks into larger ones before they reach the socket: archiver emits a ZIP as
 * thousands of sub-kilobyte chunks (about 30 per PDF), and one socket write per chunk costs more
 * main-thread time than the compression itself.
 */
import { Transform, type TransformCallback } from 'node:stream'

export class CoalescingStream extends Transform {
  readonly #target: number
  #chunks: Buffer[] = []
  #size = 0

  /** @param targetBytes a chunk is passed on once this many bytes are waiting */
  constructor (targetBytes = 64 * 1024) {
    super()
    this.#target = targetBytes
  }

  override _transform (chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.#chunks.push(chunk)
    this.#size += chunk.length
    if (this.#size >= this.#target) this.#pass()
    callback()
  }

  override _flush (callback: TransformCallback): void {
    if (this.#size > 0) this.#pass()
    callback()
  }

  #pass (): void {
    this.push(this.#chunks.length === 1 ? this.#chunks[0] : Buffer.concat(this.#chunks, this.#size))
    this.#chunks = []
    this.#size = 0
  }
}
