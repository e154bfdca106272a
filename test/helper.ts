/**
 * Test helpers: a fresh app per test (closed by teardown), with TEMP_DIR in a tap testdir.
 */
import type { Test } from 'tap'
import type { FastifyInstance, FastifyPluginAsync } from 'fastify'
import { buildApp } from '../src/app.js'

/**
 * Builds an app on test defaults, with `env` overriding single variables and `extend` adding
 * test-only routes (fault injection, probes); closed at teardown.
 */
export async function build (t: Test, env: Record<string, string | number> = {}, extend?: FastifyPluginAsync): Promise<FastifyInstance> {
  const dir = t.testdir({})
  // shedding off: inject loops run on microtasks and starve timers, which reads as event-loop lag
  const app = await buildApp({ env: { NODE_ENV: 'test', TEMP_DIR: dir, SHED_MAX_EVENT_LOOP_DELAY_MS: 0, ...env }, extend })
  t.teardown(() => app.close())
  return app
}

/** A valid Planilla employee (spec Employee record), with optional overrides. */
export function sampleEmployee (overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Rosa María',
    lastNameFather: 'Quispe',
    lastNameMother: 'Mamani',
    birthDate: '15/03/1990',
    sex: 'F',
    dni: '12345678',
    email: 'rosa.quispe@example.com',
    address: 'Av. Los Álamos 123, Urb. San Ignacio',
    province: 'Lima',
    district: 'Miraflores',
    department: 'Lima',
    salary: 1500,
    salaryInWords: 'MIL QUINIENTOS CON 00/100 SOLES',
    position: 'Operario de playa',
    entryDate: '01/12/2026',
    endDate: '31/05/2027',
    subDivisionOrParking: 'Playa Larcomar',
    contractType: 'Planilla',
    ...overrides
  }
}

/** A valid Subsidio employee with every replacement field. */
export function sampleSubsidio (overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return sampleEmployee({
    dni: '87654321',
    contractType: 'Subsidio',
    replacementFor: 'Juan Pérez Gómez',
    reasonForSubstitution: 'Descanso médico',
    timeForCompany: '2 años',
    workingCondition: 'Tiempo completo',
    probationaryPeriod: '3 meses',
    ...overrides
  })
}

/** A file part of a multipart form. */
export interface FormFile { field?: string, name: string, type?: string, bytes: Uint8Array | string }

/** Encodes a multipart/form-data body as browsers do (undici FormData), ready for `inject`. */
export async function formPayload (files: FormFile[], fields: Record<string, string> = {}): Promise<{ payload: Buffer, headers: Record<string, string> }> {
  const form = new FormData()
  for (const [key, value] of Object.entries(fields)) form.append(key, value)
  for (const file of files) {
    form.append(file.field ?? 'excel', new Blob([file.bytes], { type: file.type ?? 'application/octet-stream' }), file.name)
  }
  const response = new Response(form)
  return { payload: Buffer.from(await response.arrayBuffer()), headers: { 'content-type': response.headers.get('content-type') ?? '' } }
}
