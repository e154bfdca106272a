/** zip-stream (archiver's ZIP engine) ships no types: the part src/zip/stored-archive.ts uses. */
declare module 'zip-stream' {
  import { Transform } from 'node:stream'

  export interface ZipStreamOptions {
    /** Sets the compression method of every entry to STORE. */
    store?: boolean
  }

  export default class ZipStream extends Transform {
    constructor (options?: ZipStreamOptions)
    /** Appends an entry; `callback` is called once it is written. */
    entry (source: Buffer, data: object, callback: (error: Error | null, entry?: unknown) => void): this
    finalize (): void
  }
}
