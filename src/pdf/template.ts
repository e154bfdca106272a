/**
 * Reads an AcroForm template once (with pdf-lib) into plain data the fill engine needs: the
 * template's bytes, normalised to a classic cross-reference table, its trailer, each field's
 * widget rectangles, and the page and catalog dictionaries pre-serialised for the incremental
 * update that fills a document (src/pdf/fill.ts). The result is structured-cloneable, so it is
 * compiled once in the main thread and handed to every worker.
 */
import {
  PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFNumber, PDFRef, PDFString, PDFTextField,
  type PDFObject
} from 'pdf-lib'
import { updateObjectNumbers, type CompiledPage, type CompiledTemplate, type CompiledWidget } from './compiled.js'
import { winAnsiFontObjects, type WinAnsiFont } from './embedded-font.js'
import { appendUpdate } from './fill.js'

/** A template that cannot be used; the message names the template (and the field). Stops start-up. */
export class TemplateError extends Error {
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

async function load (name: string, bytes: Uint8Array): Promise<PDFDocument> {
  try {
    return await PDFDocument.load(bytes, { updateMetadata: false })
  } catch (error) {
    // pdf-lib's errors are ES5 classes: `instanceof EncryptedPDFError` does not hold, its message does
    if (/is encrypted/.test((error as Error).message)) throw new TemplateError(name, 'está cifrada; guárdela sin contraseña')
    throw new TemplateError(name, `no es un PDF válido (${(error as Error).message})`)
  }
}

/**
 * Compiles one template.
 * @param name file name, used in messages
 * @param required fields the template must have (src/pdf/fields.ts REQUIRED_FIELDS)
 * @param known every field name we can fill; other text fields are reported in `warnings`
 * @param textFont the embedded font values are drawn with: the template's own copy when it has
 *   one (same /BaseFont, as our templates do), else appended to the base once, here
 * @throws TemplateError when the file is not a usable PDF or lacks a required field
 */
export async function compileTemplate (name: string, bytes: Uint8Array, required: readonly string[], known: readonly string[], textFont: WinAnsiFont): Promise<{ template: CompiledTemplate, warnings: string[] }> {
  const original = await load(name, bytes)
  // One rewrite by pdf-lib gives a classic xref table and no object streams, whatever tool made the file.
  let base = await original.save({ useObjectStreams: false, updateFieldAppearances: false, addDefaultPage: false })
  if (base[base.length - 1] !== 0x0a) base = Buffer.concat([base, Buffer.from('\n')])
  const doc = await PDFDocument.load(base, { updateMetadata: false })
  const warnings: string[] = []

  const readTail = (pdf: Uint8Array) => {
    const tail = Buffer.from(pdf.subarray(Math.max(0, pdf.length - 2048))).toString('latin1')
    const startXref = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(tail)
    const trailerSize = /\/Size\s+(\d+)/.exec(tail.slice(tail.lastIndexOf('trailer')))
    /* c8 ignore next */
    if (startXref === null || trailerSize === null) throw new TemplateError(name, 'no tiene una tabla de referencias legible')
    return { prevXref: Number(startXref[1]), size: Number(trailerSize[1]) }
  }
  let { prevXref, size } = readTail(base)
  const { Root, Info, ID } = doc.context.trailerInfo
  /* c8 ignore next */
  if (!(Root instanceof PDFRef)) throw new TemplateError(name, 'no tiene catálogo')
  const trailer = [`/Root ${ref(Root)}`, Info instanceof PDFRef ? `/Info ${ref(Info)}` : '', ID === undefined ? '' : `/ID ${serialize(ID)}`].filter(Boolean).join(' ')

  // The values' font: the template's own embedded copy, or one appended to the base (an update of its own).
  let textFontObject = findFont(doc, textFont.baseFont)
  if (textFontObject === undefined) {
    textFontObject = size
    base = appendUpdate({ base, size, prevXref, trailer }, winAnsiFontObjects(textFont, size).map((object) => ({ ...object, generation: 0 })))
    ;({ prevXref, size } = readTail(base))
  }

  // Where each annotation lives.
  const pages = doc.getPages()
  const pageOfAnnotation = new Map<string, number>()
  pages.forEach((page, index) => {
    for (const annotation of page.node.Annots()?.asArray() ?? []) if (annotation instanceof PDFRef) pageOfAnnotation.set(ref(annotation), index)
  })

  const form = doc.getForm()
  const acroFormDa = textOf(form.acroForm.dict.lookup(PDFName.of('DA')))
  const acroFormQ = form.acroForm.dict.lookup(PDFName.of('Q'))
  const widgetRefs = new Set<string>()
  const pagesWithWidgets = new Set<number>()
  const widgets: Omit<CompiledWidget, 'page'>[] = []
  const widgetPages: number[] = []
  const fields: string[] = []
  for (const field of form.getFields()) {
    const fieldName = field.getName()
    const acroField = field.acroField
    const kids = acroField.Kids()
    const refs = kids === undefined ? [acroField.ref] : kids.asArray().filter((kid): kid is PDFRef => kid instanceof PDFRef)
    const isText = field instanceof PDFTextField
    if (isText) fields.push(fieldName)
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
      widgetRefs.add(ref(widgetRef))
      pagesWithWidgets.add(page)
      if (!isText || !known.includes(fieldName)) continue
      const [x1, y1, x2, y2] = (dict.lookup(PDFName.of('Rect'), PDFArray).asArray() as PDFNumber[]).map((n) => n.asNumber())
      const own = parseDefaultAppearance(textOf(dict.lookup(PDFName.of('DA'))) ?? da)
      const align = (doc.context.lookupMaybe(dict.get(PDFName.of('Q')) ?? q, PDFNumber)?.asNumber() ?? 0)
      widgets.push({
        field: fieldName,
        rect: { x: Math.min(x1, x2), y: Math.min(y1, y2), width: Math.abs(x2 - x1), height: Math.abs(y2 - y1) },
        fontSize: own.fontSize,
        align: (align === 1 || align === 2 ? align : 0),
        color: own.color
      })
      widgetPages.push(page)
    }
  }
  const missing = required.filter((field) => !fields.includes(field))
  if (missing.length > 0) {
    throw new TemplateError(name, `${missing.length === 1 ? 'falta el campo' : 'faltan los campos'} ${missing.map((field) => `"${field}"`).join(', ')}`)
  }

  // Pages to rewrite: every page that had a widget (flattening removes them all).
  const rewritten = [...pagesWithWidgets].sort((a, b) => a - b)
  const numbers = updateObjectNumbers({ size, pages: rewritten.map(() => undefined as unknown as CompiledPage) })
  const fontDicts = rewritten.map((pageIndex) => pages[pageIndex].node.Resources()?.lookupMaybe(PDFName.Font, PDFDict))
  const fontKeys = { text: uniqueKey(fontDicts, 'CtText'), unicode: uniqueKey(fontDicts, 'CtUni') }
  const compiledPages = rewritten.map((pageIndex, index): CompiledPage => {
    const page = pages[pageIndex]
    const node = page.node
    if ((node.Rotate()?.asNumber() ?? 0) % 360 !== 0) warnings.push(`la página ${pageIndex + 1} está girada: los valores se dibujan sin girar`)
    const resources = node.Resources()
    const fonts = fontDicts[index]
    const contents = node.get(PDFName.Contents)
    const resolved = contents instanceof PDFRef ? doc.context.lookup(contents) : contents
    const contentRefs = resolved instanceof PDFArray ? resolved.asArray() : contents === undefined ? [] : [contents]
    const keptAnnotations = (node.Annots()?.asArray() ?? []).filter((annotation) => !(annotation instanceof PDFRef && widgetRefs.has(ref(annotation))))
    return {
      objectNumber: page.ref.objectNumber,
      generation: page.ref.generationNumber,
      head: `<<\n${entriesText(node, ['/Contents', '/Resources', '/Annots'])}/Resources <<\n${resources === undefined ? '' : entriesText(resources, ['/Font'])}/Font <<\n${fonts === undefined ? '' : entriesText(fonts, [])}/${fontKeys.text} ${textFontObject} 0 R\n`,
      tail: `>>\n>>\n/Contents [${numbers.save} 0 R ${contentRefs.map(serialize).join(' ')} ${numbers.content(index)} 0 R]\n${keptAnnotations.length > 0 ? `/Annots [${keptAnnotations.map(serialize).join(' ')}]\n` : ''}>>`
    }
  })

  const catalog = doc.catalog
  return {
    template: {
      name,
      base,
      size,
      prevXref,
      trailer,
      catalog: { objectNumber: Root.objectNumber, generation: Root.generationNumber, body: `<<\n${entriesText(catalog, ['/AcroForm', '/NeedsRendering'])}>>` },
      pages: compiledPages,
      widgets: widgets.map((widget, index) => ({ ...widget, page: rewritten.indexOf(widgetPages[index]) })),
      fontKeys,
      fields
    },
    warnings
  }
}
