/**
 * Reads an AcroForm template once (with pdf-lib) into plain data the fill engine needs: the
 * template's bytes, rewritten compactly (src/pdf/compact.ts: compressed streams, object streams,
 * a cross-reference stream), its trailer, each field's
 * widget rectangles, and the page and catalog dictionaries pre-serialised for the incremental
 * update that fills a document (src/pdf/fill.ts). The result is structured-cloneable, so it is
 * compiled once in the main thread and handed to every worker.
 */
import {
  PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFNumber, PDFRef, PDFString, PDFTextField,
  type PDFObject
} from 'pdf-lib'
import { updateObjectNumbers, type CompiledPage, type CompiledTemplate, type CompiledWidget } from './compiled.js'
import { compactPdf } from './compact.js'
import { winAnsiFontObjects, type WinAnsiFont } from './embedded-font.js'
import { writeUpdate } from './update.js'

/** A template that cannot be used; the message names the template (and the field). Stops start-up. */
export class TemplateError extends Error {
  /** Stable code (src/errors.ts ERROR_CODES; not imported: the engine knows nothing of the service). */
  readonly code = 'CONTRATOS_TEMPLATE'
  constructor (template: string, detail: string) {
    super(`Plantilla ${template}: ${detail}`)
    this.name = 'TemplateError'
  }
}

const ref = (value: PDFRef) => `${value.objectNumber} ${value.generationNumber} R`

/** PDF syntax of a direct object (dictionaries, arrays, refs…), on one logical unit. */
function serialize (value: PDFObject): string {
  return value.toString()
}

function entriesText (dict: PDFDict, skip: string[]): string {
  let text = ''
  for (const [key, value] of dict.entries()) {
    if (skip.includes(key.asString())) continue
    text += `${key.asString()} ${serialize(value)}\n`
  }
  return text
}

/** A resource name that none of the font dictionaries uses yet. */
function uniqueKey (dicts: (PDFDict | undefined)[], wanted: string): string {
  let key = wanted
  for (let n = 1; dicts.some((dict) => dict?.has(PDFName.of(key)) === true); n++) key = `${wanted}${n}`
  return key
}

function textOf (value: PDFObject | undefined): string | undefined {
  if (value instanceof PDFString || value instanceof PDFHexString) return value.decodeText()
  return undefined
}

/** Font size and colour of a /DA string such as `/Helv 9 Tf 0 g`. */
function parseDefaultAppearance (da: string | undefined): { fontSize: number, color: string } {
  const size = /(\d*\.?\d+)\s+Tf/.exec(da ?? '')
  const rgb = /(\d*\.?\d+)\s+(\d*\.?\d+)\s+(\d*\.?\d+)\s+rg/.exec(da ?? '')
  const gray = /(?:^|\s)(\d*\.?\d+)\s+g(?:\s|$)/.exec(da ?? '')
  const color = rgb !== null ? `${rgb[1]} ${rgb[2]} ${rgb[3]} rg` : gray !== null ? `${gray[1]} g` : '0 g'
  return { fontSize: size === null ? 0 : Number(size[1]), color }
}

async function load (name: string, bytes: Uint8Array): Promise<PDFDocument> {
  try {
    // throwOnInvalidObject: a truncated or corrupt file stops here, before pdf-lib's parser writes its
    // own warnings to the console (one line at start-up: docs/configuration.md)
    return await PDFDocument.load(bytes, { updateMetadata: false, throwOnInvalidObject: true })
  } catch (error) {
    // pdf-lib's errors are ES5 classes: `instanceof EncryptedPDFError` does not hold, its message does
    if (/is encrypted/.test((error as Error).message)) throw new TemplateError(name, 'está cifrada; guárdela sin contraseña')
    throw new TemplateError(name, `no es un PDF válido o está incompleta (${(error as Error).message}); cópiela de nuevo en TEMPLATES_DIR`)
  }
}

/** The object number of a font with this /BaseFont on any page of the document, if there is one. */
function findFont (doc: PDFDocument, baseFont: string): number | undefined {
  for (const page of doc.getPages()) {
    const fonts = page.node.Resources()?.lookupMaybe(PDFName.Font, PDFDict)
    for (const [, value] of fonts?.entries() ?? []) {
      if (!(value instanceof PDFRef)) continue
      const font = doc.context.lookupMaybe(value, PDFDict)
      if (font?.get(PDFName.of('BaseFont'))?.toString() === `/${baseFont}`) return value.objectNumber
    }
  }
  return undefined
}

/** The template rewritten once by pdf-lib, compactly (src/pdf/compact.ts), whatever tool made the file. */
async function normalise (name: string, bytes: Uint8Array): Promise<{ base: Uint8Array, doc: PDFDocument }> {
  const original = await load(name, bytes)
  // One rewrite by pdf-lib gives one cross-reference stream and compressed objects, whatever tool made the file.
  let base = await compactPdf(original)
  if (base[base.length - 1] !== 0x0a) base = Buffer.concat([base, Buffer.from('\n')])
  return { base, doc: await PDFDocument.load(base, { updateMetadata: false }) }
}

/** What the incremental update appends to: the last xref's offset, the object count and the trailer entries kept. */
function readTrailer (
  name: string, base: Uint8Array, doc: PDFDocument
): { prevXref: number, size: number, trailer: string, root: PDFRef } {
  const tail = Buffer.from(base.subarray(Math.max(0, base.length - 2048))).toString('latin1')
  const startXref = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(tail)
  // The cross-reference stream's dictionary (before its data) holds the trailer entries.
  const xrefAt = startXref === null ? base.length : Number(startXref[1])
  const xrefDict = Buffer.from(base.subarray(xrefAt, xrefAt + 65536)).toString('latin1').split('stream')[0]
  const trailerSize = /\/Size\s+(\d+)/.exec(xrefDict)
  /* c8 ignore next */
  if (startXref === null || trailerSize === null) throw new TemplateError(name, 'no tiene una tabla de referencias legible')
  const { Root, Info, ID } = doc.context.trailerInfo
  /* c8 ignore next */
  if (!(Root instanceof PDFRef)) throw new TemplateError(name, 'no tiene catálogo')
  const entries = [`/Root ${ref(Root)}`, Info instanceof PDFRef ? `/Info ${ref(Info)}` : '', ID === undefined ? '' : `/ID ${serialize(ID)}`]
  return { prevXref: Number(startXref[1]), size: Number(trailerSize[1]), trailer: entries.filter(Boolean).join(' '), root: Root }
}

/** The form's fields and widgets, with the page of each widget (an index into doc.getPages()). */
interface FormLayout {
  /** Text fields, by name. */
  fields: string[]
  /** Widgets of known text fields, to be filled; `pages[i]` is the page of `widgets[i]`. */
  widgets: Omit<CompiledWidget, 'page'>[]
  pages: number[]
  /** Every widget on a page (filled or not): flattening removes them all. */
  widgetRefs: Set<string>
  pagesWithWidgets: Set<number>
}

/** Reads every field and widget of the form; fields we cannot fill are reported in `warnings`. */
function readForm (doc: PDFDocument, known: readonly string[], warnings: string[]): FormLayout {
  const pageOfAnnotation = new Map<string, number>()
  doc.getPages().forEach((page, index) => {
    for (const annotation of page.node.Annots()?.asArray() ?? []) {
      if (annotation instanceof PDFRef) pageOfAnnotation.set(ref(annotation), index)
    }
  })
  const form = doc.getForm()
  const acroFormDa = textOf(form.acroForm.dict.lookup(PDFName.of('DA')))
  const acroFormQ = form.acroForm.dict.lookup(PDFName.of('Q'))
  const layout: FormLayout = { fields: [], widgets: [], pages: [], widgetRefs: new Set(), pagesWithWidgets: new Set() }
  for (const field of form.getFields()) {
    const fieldName = field.getName()
    const acroField = field.acroField
    const kids = acroField.Kids()
    const refs = kids === undefined
      ? [acroField.ref]
      : kids.asArray().filter((kid): kid is PDFRef => kid instanceof PDFRef)
    const isText = field instanceof PDFTextField
    if (isText) layout.fields.push(fieldName)
    else warnings.push(`el campo "${fieldName}" no es de texto: se elimina sin rellenar`)
    if (isText && !known.includes(fieldName)) warnings.push(`el campo "${fieldName}" no es un campo conocido: se elimina sin rellenar`)
    const da = textOf(acroField.getInheritableAttribute(PDFName.of('DA'))) ?? acroFormDa
    const q = acroField.getInheritableAttribute(PDFName.of('Q')) ?? acroFormQ
    for (const widgetRef of refs) {
      const page = pageOfAnnotation.get(ref(widgetRef))
      const dict = doc.context.lookupMaybe(widgetRef, PDFDict)
      if (page === undefined || dict === undefined) {
        warnings.push(`un widget del campo "${fieldName}" no está en ninguna página`)
        continue
      }
      layout.widgetRefs.add(ref(widgetRef))
      layout.pagesWithWidgets.add(page)
      if (!isText || !known.includes(fieldName)) continue
      layout.widgets.push(readWidget(doc, dict, fieldName, da, q))
      layout.pages.push(page)
    }
  }
  return layout
}

/** One widget's rectangle, font size, alignment and colour (its own /DA and /Q, else the field's). */
function readWidget (doc: PDFDocument, dict: PDFDict, field: string, da: string | undefined, q: PDFObject | undefined): Omit<CompiledWidget, 'page'> {
  const [x1, y1, x2, y2] = (dict.lookup(PDFName.of('Rect'), PDFArray).asArray() as PDFNumber[]).map((n) => n.asNumber())
  const own = parseDefaultAppearance(textOf(dict.lookup(PDFName.of('DA'))) ?? da)
  const align = (doc.context.lookupMaybe(dict.get(PDFName.of('Q')) ?? q, PDFNumber)?.asNumber() ?? 0)
  return {
    field,
    rect: { x: Math.min(x1, x2), y: Math.min(y1, y2), width: Math.abs(x2 - x1), height: Math.abs(y2 - y1) },
    fontSize: own.fontSize,
    align: (align === 1 || align === 2 ? align : 0),
    color: own.color
  }
}

/** @throws TemplateError naming every required field the template lacks */
function checkRequired (name: string, fields: readonly string[], required: readonly string[]): void {
  const missing = required.filter((field) => !fields.includes(field))
  if (missing.length > 0) {
    throw new TemplateError(name, `${missing.length === 1 ? 'falta el campo' : 'faltan los campos'} ${missing.map((field) => `"${field}"`).join(', ')}`)
  }
}

/**
 * Each page that had a widget, pre-serialised for the update: its dictionary without its widgets,
 * its font resources plus ours (`fontKeys`), and its contents wrapped by ours (a save and the values).
 */
function compilePages (
  doc: PDFDocument, rewritten: number[], size: number, textFontObject: number, layout: FormLayout, warnings: string[]
) {
  const pages = doc.getPages()
  const numbers = updateObjectNumbers({ size, pages: rewritten.map(() => undefined as unknown as CompiledPage) })
  const fontDicts = rewritten.map((pageIndex) => pages[pageIndex].node.Resources()?.lookupMaybe(PDFName.Font, PDFDict))
  const fontKeys = { text: uniqueKey(fontDicts, 'CtText'), unicode: uniqueKey(fontDicts, 'CtUni') }
  const compiled = rewritten.map((pageIndex, index): CompiledPage => {
    const page = pages[pageIndex]
    const node = page.node
    if ((node.Rotate()?.asNumber() ?? 0) % 360 !== 0) warnings.push(`la página ${pageIndex + 1} está girada: los valores se dibujan sin girar`)
    const resources = node.Resources()
    const fonts = fontDicts[index]
    const contents = node.get(PDFName.Contents)
    const resolved = contents instanceof PDFRef ? doc.context.lookup(contents) : contents
    const contentRefs = resolved instanceof PDFArray ? resolved.asArray() : contents === undefined ? [] : [contents]
    const keptAnnotations = (node.Annots()?.asArray() ?? [])
      .filter((annotation) => !(annotation instanceof PDFRef && layout.widgetRefs.has(ref(annotation))))
    const resourcesText = resources === undefined ? '' : entriesText(resources, ['/Font'])
    const fontsText = fonts === undefined ? '' : entriesText(fonts, [])
    const annotsText = keptAnnotations.length > 0 ? `/Annots [${keptAnnotations.map(serialize).join(' ')}]\n` : ''
    return {
      objectNumber: page.ref.objectNumber,
      generation: page.ref.generationNumber,
      head: `<<\n${entriesText(node, ['/Contents', '/Resources', '/Annots'])}/Resources <<\n${resourcesText}/Font <<\n${fontsText}` +
        `/${fontKeys.text} ${textFontObject} 0 R\n`,
      tail: `>>\n>>\n/Contents [${numbers.save} 0 R ${contentRefs.map(serialize).join(' ')} ${numbers.content(index)} 0 R]\n${annotsText}>>`
    }
  })
  return { pages: compiled, fontKeys }
}

/**
 * Compiles one template: normalise the file, read its trailer and form, check the required
 * fields, pre-serialise the pages the update rewrites.
 * @param name file name, used in messages
 * @param required fields the template must have (src/documents/fields.ts REQUIRED_FIELDS)
 * @param known every field name we can fill; other text fields are reported in `warnings`
 * @param textFont the embedded font values are drawn with (src/pdf/embedded-font.ts): the
 *   template's own copy when it has one (same /BaseFont, as our templates do), else appended to
 *   the base once, here, as an update of its own
 * @throws TemplateError when the file is not a usable PDF or lacks a required field
 */
export async function compileTemplate (
  name: string, bytes: Uint8Array, required: readonly string[], known: readonly string[], textFont: WinAnsiFont
): Promise<{ template: CompiledTemplate, warnings: string[] }> {
  const normalised = await normalise(name, bytes)
  const doc = normalised.doc
  let base = normalised.base
  const warnings: string[] = []
  let { prevXref, size, trailer, root } = readTrailer(name, base, doc)
  let textFontObject = findFont(doc, textFont.baseFont)
  if (textFontObject === undefined) {
    textFontObject = size
    const raw = winAnsiFontObjects(textFont, size).map((object) => ({ ...object, generation: 0 }))
    base = writeUpdate({ base, size, prevXref, trailer }, { dicts: [], streams: [], raw })
    ;({ prevXref, size, trailer, root } = readTrailer(name, base, doc))
  }
  const layout = readForm(doc, known, warnings)
  checkRequired(name, layout.fields, required)
  // Pages to rewrite: every page that had a widget (flattening removes them all).
  const rewritten = [...layout.pagesWithWidgets].sort((a, b) => a - b)
  const { pages, fontKeys } = compilePages(doc, rewritten, size, textFontObject, layout, warnings)
  return {
    template: {
      name,
      base,
      size,
      prevXref,
      trailer,
      catalog: {
        objectNumber: root.objectNumber,
        generation: root.generationNumber,
        body: `<<\n${entriesText(doc.catalog, ['/AcroForm', '/NeedsRendering'])}>>`
      },
      pages,
      widgets: layout.widgets.map((widget, index) => ({ ...widget, page: rewritten.indexOf(layout.pages[index]) })),
      fontKeys,
      fields: layout.fields
    },
    warnings
  }
}
