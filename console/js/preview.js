/**
 * The preview dialog: one or more PDFs of one person, each behind a button, shown in a frame from
 * a `blob:` URL the page made (the CSP allows frames from this origin and blob: only). A document is
 * fetched when its button is first pressed, then kept while the dialog stays on the same person.
 */
import { ApiError } from './api.js'
import { byId, el, setStatus } from './dom.js'
import { columnOf } from './plain.js'
import { TEXT } from './texts.js'

/** @typedef {{ label: string, load: () => Promise<Blob> }} PreviewDocument */

const dialog = /** @type {HTMLDialogElement} */ (byId('preview'))
const frame = /** @type {HTMLIFrameElement} */ (byId('preview-frame'))
const title = byId('preview-title')
const tabs = byId('preview-tabs')
const status = byId('preview-status')
const openLink = /** @type {HTMLAnchorElement} */ (byId('preview-open'))

/** @type {string[]} */
let urls = []
let generation = 0

/**
 * Lets go of the documents shown: the frame is emptied first, and their blob: URLs are revoked once
 * it has (a PDF viewer still reading a URL revoked under it may never finish, and keeps its memory).
 */
function release () {
  generation++
  const stale = urls
  urls = []
  openLink.hidden = true
  const revoke = () => { for (const url of stale) URL.revokeObjectURL(url) }
  if (!frame.hasAttribute('src') || frame.getAttribute('src') === 'about:blank') {
    revoke()
    return
  }
  frame.addEventListener('load', revoke, { once: true })
  setTimeout(revoke, 10_000) // should the frame never say it loaded (revoking twice is harmless)
  frame.src = 'about:blank'
}

byId('preview-close').addEventListener('click', () => dialog.close())
dialog.addEventListener('close', release)

/**
 * Opens the dialog on the first document.
 * @param {string} heading
 * @param {PreviewDocument[]} documents
 */
export function openPreview (heading, documents) {
  release()
  const current = generation
  title.textContent = heading
  /** @type {Map<number, Promise<string>>} */
  const loaded = new Map()
  const buttons = documents.map((document, index) => el('button', {
    type: 'button',
    class: 'secondary small',
    'aria-pressed': 'false',
    onclick: () => { show(index).catch(reportError) }
  }, document.label))
  tabs.replaceChildren(...buttons)

  /** @param {number} index */
  async function show (index) {
    buttons.forEach((button, i) => button.setAttribute('aria-pressed', String(i === index)))
    setStatus(status, TEXT.loadingDocument, 'busy')
    let pending = loaded.get(index)
    if (pending === undefined) {
      pending = documents[index].load().then((blob) => {
        const url = URL.createObjectURL(blob)
        urls.push(url)
        return url
      })
      loaded.set(index, pending)
      pending.catch(() => loaded.delete(index))
    }
    try {
      const url = await pending
      if (current !== generation) return
      frame.src = url
      openLink.href = url
      openLink.hidden = false
      setStatus(status, '')
    } catch (error) {
      if (current !== generation) return
      frame.removeAttribute('src')
      openLink.hidden = true
      const issues = error instanceof ApiError ? error.otherIssues.map((issue) => `${issue.column ?? columnOf(issue.field)}: ${issue.message}`) : []
      setStatus(status, [error instanceof Error ? error.message : String(error), ...issues].join(' · '), 'error')
    }
  }

  dialog.showModal()
  buttons[0]?.focus()
  show(0).catch(reportError)
}
