/**
 * The data notice's optional purposes (numeral 7 of assets/templates/source/tratamiento-datos.md):
 * the one list that both the printed notice and the worker's signing page take them from.
 * scripts/build-templates.ts prints each as a SÍ / NO line where the source says
 * `@optional-purposes` (so a change here is a change of the templates: run `npm run make:templates`),
 * and the signing flow (plugins/signing-flow.ts) asks the worker each of them by `id`.
 *
 * Purposes the employment relationship does not need: each gets its own SÍ / NO, none preselected,
 * none required, and a refusal has no consequence (DOCUMENT-REQUIREMENTS §6, §18; Ley 29733 arts.
 * 13.5 and 14; the notice's numeral 7 says so). Texts are document content, in the worker's first
 * person, WinAnsi only (the templates' embedded font).
 *
 * An `id` is kept in the evidence of every signature: never reuse one for another wording. Changing a
 * text changes the notice's bytes, so contracts issued before it cannot be invited any more
 * (docs/signing-flow.md, "The issued bytes").
 */

/** One optional purpose: its stable `id`, the letter the notice prints before it, and its wording. */
export interface OptionalPurpose {
  id: string
  /** `a`, `b`, …: printed `a)` in the notice and in the signature's stamp */
  letter: string
  /** the wording printed after the letter, in Spanish */
  text: string
}

/** The notice's optional purposes, in the order it prints them. */
export const OPTIONAL_PURPOSES: readonly OptionalPurpose[] = Object.freeze([
  {
    id: 'imagen',
    letter: 'a',
    text: 'Uso de mi imagen (fotografías y videos) en las comunicaciones internas y en las publicaciones institucionales de EL EMPLEADOR.'
  },
  {
    id: 'biometria',
    letter: 'b',
    text: 'Tratamiento de mis datos biométricos (huella dactilar o rostro) para el control de asistencia; si marco NO, EL EMPLEADOR registrará mi asistencia por otro medio.'
  },
  {
    id: 'beneficios-terceros',
    letter: 'c',
    text: 'Envío de información sobre beneficios, convenios y actividades de bienestar ofrecidos por terceros.'
  }
].map((purpose) => Object.freeze(purpose)))

/** A purpose as the notice prints it: `a) Uso de mi imagen…`. */
export function printedPurpose (purpose: OptionalPurpose): string {
  return `${purpose.letter}) ${purpose.text}`
}
