/**
 * `reply.sendBinary(bytes, file)`: the one way a finished file is answered (the contract and adenda
 * previews, the Vida Ley, SCTR and photocheck files, the import templates): its media type, its
 * Content-Disposition and its Content-Length. The ZIPs are streamed instead (plugins/document-zips.ts).
 */
import fp from 'fastify-plugin'
import type { FastifyReply } from 'fastify'
import { contentDisposition } from '../src/zip/names.js'

export interface BinaryFile {
  /** `application/pdf`, the XLSX or CSV type. */
  mediaType: string
  /** `inline` for a preview the browser shows, `attachment` for a download. */
  disposition: 'inline' | 'attachment'
  /**
   * The file name. A name built from a record's data (`{dni}-{position}.pdf`, D18) is quoted, with
   * an RFC 5987 `filename*` when it is not ASCII; a fixed name the spec writes unquoted
   * (`Fotocheck.csv`, spec endpoints 6-8) is given with `fixedName: true` and written as the spec shows it.
   */
  fileName: string
  fixedName?: boolean
}

declare module 'fastify' {
  interface FastifyReply {
    /** Sends finished bytes as `file` (200 unless set before). A binary answer: no JSON response schema applies. */
    sendBinary: (bytes: Uint8Array, file: BinaryFile) => FastifyReply
  }
}

export default fp(async (app) => {
  app.decorateReply('sendBinary', function (this: FastifyReply, bytes: Uint8Array, file: BinaryFile): FastifyReply {
    const body = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    return this
      .type(file.mediaType)
      .header('content-disposition', file.fixedName === true
        ? `${file.disposition}; filename=${file.fileName}`
        : contentDisposition(file.disposition, file.fileName))
      .header('content-length', body.length)
      .send(body)
  })
}, { name: 'binary-replies' })
