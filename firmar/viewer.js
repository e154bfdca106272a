// The signing page's reader (docs/signing-flow.md "The worker's page"; DOCUMENT-REQUIREMENTS §39): each
// issued document shown in the page itself, every page drawn by pdf.js (pdfjs-dist's legacy build, for
// older phones, served by this service under /firmar/static/) as a canvas that fits the screen's width,
// with its text layer over it (the text can be selected, searched and read aloud), and zoom.
// Nothing is fetched from elsewhere: the document comes from the page's API with the session's cookie.
import * as pdfjs from '/firmar/static/pdf.min.mjs'

pdfjs.GlobalWorkerOptions.workerSrc = '/firmar/static/pdf.worker.min.mjs'

/** The zoom steps, as a share of the screen's width. */
const ZOOMS = [1, 1.25, 1.5, 2, 3]
/**
 * Pixels of one page's canvas at most (as pdf.js's own viewer caps them): a phone's browser draws
 * nothing on a larger canvas (iOS Safari: 16.7 million), so the sharpness gives way, not the page.
 */
const MAX_CANVAS_PIXELS = 8_000_000

/**
 * Shows one PDF in `container`: its pages, fitted to the container's width at zoom 1.
 * @param {HTMLElement} container emptied and filled
 * @param {ArrayBuffer} bytes the PDF
 * @param {{ zoomIn: string, zoomOut: string, pageOf: string }} texts `pageOf` with `{n}` and `{total}`
 * @param {() => boolean} [current] false once another document was asked for: nothing more is drawn
 * @returns {Promise<{ pages: number, zoom: (step: -1 | 1) => Promise<number | undefined> }>} `zoom` redraws
 *   at the next step and answers the zoom drawn, or undefined when a later zoom took its place
 */
export async function showPdf (container, bytes, texts, current = () => true) {
  const pdf = await pdfjs.getDocument({ data: new Uint8Array(bytes), isEvalSupported: false }).promise
  const pages = []
  for (let n = 1; n <= pdf.numPages; n++) pages.push(await pdf.getPage(n))
  let zoom = 0
  /** The latest drawing's number: an older one (a second tap on a zoom button) stops and is dropped. */
  let drawing = 0

  const draw = async () => {
    const ticket = ++drawing
    const at = ZOOMS[zoom]
    const width = container.clientWidth
    const frames = []
    for (const [index, page] of pages.entries()) {
      if (ticket !== drawing || !current()) return false
      const scale = width / page.getViewport({ scale: 1 }).width * at
      const viewport = page.getViewport({ scale })
      const ratio = Math.min(window.devicePixelRatio || 1, Math.sqrt(MAX_CANVAS_PIXELS / (viewport.width * viewport.height)))
      const frame = document.createElement('div')
      frame.className = 'pdf-page'
      frame.setAttribute('role', 'group')
      frame.setAttribute('aria-label', texts.pageOf.replace('{n}', String(index + 1)).replace('{total}', String(pages.length)))
      frame.style.width = `${Math.floor(viewport.width)}px`
      frame.style.height = `${Math.floor(viewport.height)}px`
      frame.style.setProperty('--total-scale-factor', String(scale))
      frame.style.setProperty('--scale-round-x', '1px')
      frame.style.setProperty('--scale-round-y', '1px')
      const canvas = document.createElement('canvas')
      canvas.width = Math.floor(viewport.width * ratio)
      canvas.height = Math.floor(viewport.height * ratio)
      canvas.style.width = `${Math.floor(viewport.width)}px`
      canvas.style.height = `${Math.floor(viewport.height)}px`
      canvas.setAttribute('aria-hidden', 'true')
      const text = document.createElement('div')
      text.className = 'textLayer'
      frame.append(canvas, text)
      frames.push(frame)
      await page.render({ canvasContext: canvas.getContext('2d'), viewport, transform: ratio === 1 ? null : [ratio, 0, 0, ratio, 0, 0] }).promise
      await new pdfjs.TextLayer({ textContentSource: page.streamTextContent(), container: text, viewport }).render()
    }
    if (ticket !== drawing || !current()) return false
    // the canvases drawn before give their memory back at once, not when collected
    for (const old of container.querySelectorAll('canvas')) { old.width = 0; old.height = 0 }
    container.replaceChildren(...frames)
    return true
  }

  await draw()
  return {
    pages: pages.length,
    zoom: async (step) => {
      zoom = Math.min(ZOOMS.length - 1, Math.max(0, zoom + step))
      return await draw() ? ZOOMS[zoom] : undefined
    }
  }
}
