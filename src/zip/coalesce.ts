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
  #passFirst: boolean

  /**
   * @param targetBytes a chunk is passed on once this many bytes are waiting
   * @param passFirst pass the very first chunk on at once (the client sees the download start)
   */
  constructor (targetBytes = 64 * 1024, passFirst = false) {
    super()
    this.#target = targetBytes
    this.#passFirst = passFirst
  }

  override _transform (chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.#chunks.push(chunk)
    this.#size += chunk.length
    if (this.#size >= this.#target || this.#passFirst) this.#pass()
    this.#passFirst = false
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
