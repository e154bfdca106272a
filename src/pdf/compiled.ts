/**
 * The shape of a compiled template (src/pdf/template.ts builds it, src/pdf/fill.ts uses it):
 * plain data, structured-cloneable into worker threads.
 */
import type { Alignment, Rect } from './layout.js'

/** One place where a field's value is drawn. */
export interface CompiledWidget {
  field: string
  /** Index into CompiledTemplate.pages. */
  page: number
  rect: Rect
  /** From the field's /DA; 0 = auto. */
  fontSize: number
  align: Alignment
  /** Fill colour operator from /DA (`0 g`, `0 0 0.5 rg`). */
  color: string
}

/** A page the update rewrites: its dictionary minus widgets, with our content stream appended. */
export interface CompiledPage {
  objectNumber: number
  generation: number
  /** Dictionary text up to (and including) our text font entry in /Font; extra font entries follow. */
  head: string
  /** The rest: closes /Font and /Resources, then /Contents and the remaining /Annots. */
  tail: string
}

export interface CompiledTemplate {
  /** File name, for messages. */
  name: string
  /** Normalised template bytes, ending with a line feed. */
  base: Uint8Array
  /** First free object number (trailer /Size). */
  size: number
  /** Offset of the base's cross-reference table (the update's /Prev). */
  prevXref: number
  /** `/Root … /Info … /ID […]` for the update's trailer. */
  trailer: string
  catalog: { objectNumber: number, generation: number, body: string }
  pages: CompiledPage[]
  widgets: CompiledWidget[]
  /** Resource names of our fonts on every rewritten page: the embedded text font and the Unicode fallback. */
  fontKeys: { text: string, unicode: string }
  /** Text fields present in the template. */
  fields: string[]
}

/**
 * Object numbers of the update, fixed per template: the `q` stream that saves the graphics state
 * before the template's content, one content stream per rewritten page, then (only when a value
 * needs it) the Unicode font's objects. The text font is already in the base (src/pdf/template.ts).
 */
export function updateObjectNumbers (template: Pick<CompiledTemplate, 'size' | 'pages'>) {
  return {
    save: template.size,
    content: (page: number) => template.size + 1 + page,
    unicodeFont: template.size + 1 + template.pages.length
  }
}
