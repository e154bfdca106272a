/**
 * What the contract routes say of one record, for the tests of the lawful-contract rules: its
 * refusals on the preview and on a ZIP holding it second (the same on both), or its printed text.
 */
import type { Test } from 'tap'
import type { FastifyInstance } from 'fastify'
import { pdfText } from './helper.js'
import { sampleEmployee } from './samples.js'

/** Text with every run of whitespace one space, as a PDF's lines join. */
export const flat = (text: string): string => text.replace(/\s+/g, ' ')

/**
 * The errors of a preview of `record` and of a ZIP holding it second (after a lawful record), as
 * `[field, message]` with `body.` and the ZIP's index removed; asserts both are 400s with the same errors.
 */
export async function previewAndZipRefusals (
  t: Test, app: FastifyInstance, record: Record<string, unknown>
): Promise<Array<[string, string]>> {
  const preview = await app.inject({ method: 'POST', url: '/api/contracts/preview', payload: record })
  const zip = await app.inject({ method: 'POST', url: '/api/contracts/download-zip', payload: [sampleEmployee({ dni: '11112222' }), record] })
  t.equal(preview.statusCode, 400, 'preview refused')
  t.equal(zip.statusCode, 400, 'ZIP refused')
  const errors = (body: string, prefix: RegExp) => (JSON.parse(body).errors as Array<{ field: string, message: string }>)
    .map((issue): [string, string] => [issue.field.replace(prefix, ''), issue.message])
  const previewErrors = errors(preview.body, /^body\./)
  t.same(errors(zip.body, /^body\.1\./), previewErrors, 'the same refusals on both routes')
  return previewErrors
}

/** The contract printed for a lawful `record` by the preview, flattened; asserts it was printed. */
export async function previewedContractText (t: Test, app: FastifyInstance, record: Record<string, unknown>): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/contracts/preview', payload: record })
  t.equal(res.statusCode, 200, res.statusCode === 200 ? 'lawful: printed' : res.body)
  return flat(await pdfText(res.rawPayload))
}
