/**
 * Small DOM helpers shared by the flows: element building (text only, never HTML strings, so no
 * value from a file can inject markup), status lines, saving a file, and the table of a refused
 * sheet's errors beside its rows.
 */
import { columnOf } from './plain.js'
import { TEXT } from './texts.js'

/**
 * Builds an element. `attrs` values: strings become attributes, `on<event>` functions listeners,
 * `false`/`undefined` are skipped. Children are nodes or text.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Record<string, unknown>} [attrs]
 * @param {...(Node | string | number | null | undefined | false)} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function el (tag, attrs = {}, ...children) {
  const node = document.createElement(tag)
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === false) continue
    if (name.startsWith('on') && typeof value === 'function') node.addEventListener(name.slice(2), /** @type {EventListener} */ (value))
    else node.setAttribute(name, value === true ? '' : String(value))
  }
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue
    node.append(typeof child === 'number' ? String(child) : child)
  }
  return node
}

/**
 * @param {string} id
 * @returns {HTMLElement}
 */
export function byId (id) {
  const node = document.getElementById(id)
  if (node === null) throw new Error(`#${id} missing`)
  return node
}

/**
 * Runs `action` once, when the tab `#tabId` is first opened (clicked or focused), or at once when it
 * is already the selected tab: a tab whose list is read only when HR looks at it.
 * @param {string} tabId
 * @param {() => void} action
 */
export function onFirstOpen (tabId, action) {
  const tab = byId(tabId)
  let done = false
  const first = () => {
    if (done) return
    done = true
    action()
  }
  if (tab.getAttribute('aria-selected') === 'true') first()
  tab.addEventListener('click', first)
  tab.addEventListener('focus', first)
}

/**
 * Shows a one-line status (empty text hides it).
 * @param {HTMLElement} node
 * @param {string} text
 * @param {'ok' | 'error' | 'warn' | 'busy'} [kind]
 */
export function setStatus (node, text, kind = 'ok') {
  node.textContent = text
  node.className = `status ${kind}`
}

/**
 * Hands a file to the browser's downloads, as a link the user clicked would.
 * @param {Blob} blob
 * @param {string} fileName
 */
export function saveFile (blob, fileName) {
  const url = URL.createObjectURL(blob)
  const link = el('a', { href: url, download: fileName, hidden: true })
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}

/**
 * An alert box: a message, then an optional list.
 * @param {'error' | 'warn' | 'ok'} kind
 * @param {string} message
 * @param {(Node | string)[]} [items]
 */
export function alertBox (kind, message, items = []) {
  return el('div', { class: `alert ${kind}`, role: kind === 'error' ? 'alert' : undefined },
    el('p', {}, message),
    items.length > 0 ? el('ul', {}, ...items.map((item) => el('li', {}, item))) : null)
}

/**
 * The errors of a refused (or partly refused) sheet, one table row per spreadsheet row: its number,
 * what the row holds (read from the same file in the browser, when it can be), and every
 * `{field, message}` the service gave for it, as it gave them. Items without a row come first.
 * @param {import('./api.js').Issue[]} issues
 * @param {string[][] | undefined} rows the sheet's rows, `rows[0]` = spreadsheet row 1
 * @param {(row: number) => void} [fix] when given, each data row gets a "Corregir" button calling it
 * @returns {HTMLElement}
 */
export function issuesTable (issues, rows, fix) {
  /** @type {Map<number, import('./api.js').Issue[]>} */
  const byRow = new Map()
  for (const issue of issues) {
    const row = issue.row ?? 0
    byRow.set(row, [...(byRow.get(row) ?? []), issue])
  }
  const body = el('tbody')
  for (const row of [...byRow.keys()].sort((a, b) => a - b)) {
    const cells = rows?.[row - 1]
    const content = row === 0
      ? ''
      : cells === undefined ? TEXT.rowUnreadable : cells.map((cell) => String(cell).trim()).filter((cell) => cell !== '').join(' · ')
    const items = /** @type {import('./api.js').Issue[]} */ (byRow.get(row))
    body.append(el('tr', { class: 'row-error' },
      el('th', { scope: 'row', class: 'num' }, row === 0 ? '–' : row === 1 ? `1 (${TEXT.headerRow})` : row),
      el('td', { class: 'row-cells' }, content),
      el('td', { class: 'problems' }, el('ul', {}, ...items.map((item) => el('li', {}, el('code', {}, item.header ?? item.column ?? columnOf(item.field)), ': ', item.message)))),
      fix === undefined
        ? null
        : el('td', { class: 'row-actions' }, row >= 2
          ? el('button', { type: 'button', class: 'secondary small', 'aria-label': TEXT.fixRow(row), onclick: () => fix(row) }, TEXT.fix)
          : '')))
  }
  return el('div', { class: 'table-wrap' },
    el('table', { class: 'issues' },
      el('caption', { class: 'visually-hidden' }, TEXT.errorsTitle),
      el('thead', {}, el('tr', {},
        el('th', { scope: 'col', class: 'num' }, TEXT.rowColumn),
        el('th', { scope: 'col' }, TEXT.rowContentColumn),
        el('th', { scope: 'col' }, TEXT.problemsColumn),
        fix === undefined ? null : el('th', { scope: 'col' }, TEXT.actionColumn))),
      body))
}

/**
 * The cell under a table row where its form, its history or its error shows, one at a time
 * (`tr.row-detail`, spanning the row's columns), made on first use.
 * @param {HTMLTableRowElement} row
 * @returns {HTMLTableCellElement}
 */
export function rowDetail (row) {
  const next = row.nextElementSibling
  if (next?.classList.contains('row-detail') === true) return /** @type {HTMLTableRowElement} */ (next).cells[0]
  const cell = /** @type {HTMLTableCellElement} */ (el('td', { colspan: row.cells.length }))
  row.after(el('tr', { class: 'row-detail' }, cell))
  return cell
}

/**
 * Labels each cell of a table's body with its column's header (`data-label`), which the narrow
 * layout shows before the cell's content (console.css: one card per row below 600 px). A row's
 * detail (`tr.row-detail`: its form, its history) spans the columns and takes no label.
 * @param {HTMLTableSectionElement} tbody
 */
export function labelCells (tbody) {
  const headers = [...(tbody.parentElement?.querySelectorAll('thead th') ?? [])].map((th) => th.textContent?.trim() ?? '')
  for (const row of tbody.rows) {
    if (row.classList.contains('row-detail')) continue
    [...row.cells].forEach((cell, index) => { if (headers[index] !== undefined && headers[index] !== '') cell.dataset.label = headers[index] })
  }
}
