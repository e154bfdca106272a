/**
 * docs/console.md, item 3, in Chromium: the employees and adendas tables on the screens HR has. At
 * 1366 and 1920 px every column is in view with nothing over another (no sticky buttons over the
 * birth date, the modality picker whole); at 1280 px the name stays in view when the table scrolls
 * sideways; at 390 px each row is a card and the reason a contract cannot be made is shown in full.
 * The check reads the bounding boxes of each row's cells, buttons, checkboxes and pickers: no two
 * overlap, each control inside its cell, no cell's content cut. Screenshots at 390, 1366 and 1920 px.
 */
import t from 'tap'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { lawfulEmployeeFixture } from '../support/spreadsheets.js'
import { axeViolations, fixture, launch, openConsole, startServer, submitUpload } from '../support/browser.js'

const { origin } = await startServer(t)
const browser = await launch(t)
const watched = await openConsole(t, browser, origin)
const { page } = watched
const folder = mkdtempSync(join(tmpdir(), 'contratos-layout-'))
t.teardown(() => rmSync(folder, { recursive: true, force: true }))

/**
 * What overlaps in a table's shown rows, as text lines (none: the layout is right). Source text, run
 * in the page: tsx would wrap a named function of a callback in a `__name` helper the page lacks.
 */
const OVERLAPS = `(() => {
  const found = []
  const inside = (outer, inner) => inner.left >= outer.left - 1 && inner.right <= outer.right + 1 && inner.top >= outer.top - 1 && inner.bottom <= outer.bottom + 1
  const cross = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1
  for (const table of document.querySelectorAll('table.records')) {
    if (table.closest('[hidden]') !== null) continue
    for (const row of table.querySelectorAll('tbody tr:not([hidden])')) {
      const what = table.id + ' ' + (row.querySelector('td:nth-child(2)')?.textContent ?? '')
      const cells = [...row.cells].map((cell) => ({ name: cell.dataset.label ?? cell.className, box: cell.getBoundingClientRect(), cell }))
      for (let i = 0; i < cells.length; i++) {
        for (let j = i + 1; j < cells.length; j++) {
          if (cross(cells[i].box, cells[j].box)) found.push(what + ': cell ' + cells[i].name + ' overlaps ' + cells[j].name)
        }
        const { cell } = cells[i]
        if (cell.scrollWidth > cell.clientWidth + 1) found.push(what + ': cell ' + cells[i].name + ' cuts its content (' + cell.scrollWidth + ' > ' + cell.clientWidth + ')')
      }
      const controls = [...row.querySelectorAll('button, select, input, p, details')].map((node) => ({ node, box: node.getBoundingClientRect() }))
        .filter((control) => control.box.width > 0 && control.box.height > 0)
      for (let i = 0; i < controls.length; i++) {
        const cell = controls[i].node.closest('td').getBoundingClientRect()
        if (!inside(cell, controls[i].box)) found.push(what + ': ' + controls[i].node.tagName + ' ' + (controls[i].node.getAttribute('aria-label') ?? controls[i].node.textContent) + ' leaves its cell')
        for (let j = i + 1; j < controls.length; j++) {
          if (controls[i].node.contains(controls[j].node) || controls[j].node.contains(controls[i].node)) continue
          if (cross(controls[i].box, controls[j].box)) found.push(what + ': ' + controls[i].node.tagName + ' overlaps ' + controls[j].node.tagName)
        }
      }
    }
  }
  return found
})()`

async function uploadEmployees (): Promise<void> {
  const path = join(folder, 'empleados.xlsx')
  writeFileSync(path, lawfulEmployeeFixture('empleados.xlsx'))
  const input = await page.$('input#employees-file')
  await input?.uploadFile(path)
  await submitUpload(page, '#employees-form')
  await page.waitForFunction(() => document.querySelectorAll('#employees-table tbody tr').length > 0 && !document.querySelector('#employees-status')?.classList.contains('busy'))
}

/** Every cell of the table within the viewport's width, i.e. nothing to scroll to. */
async function columnsInView (table: string): Promise<{ right: number, width: number }> {
  return await page.$eval(table, (node) => ({
    right: Math.max(...[...node.querySelectorAll('thead th')].map((th) => th.getBoundingClientRect().right)),
    width: document.documentElement.clientWidth
  }))
}

t.test('the employees table at 1366 and 1920 px: every column in view, nothing over another', async (t) => {
  await uploadEmployees()
  t.ok(await page.$('#employees-table tbody tr.blocked'), 'the sheet has rows whose contract cannot be made')
  for (const width of [1366, 1920]) {
    await page.setViewport({ width, height: 900 })
    t.same(await page.evaluate(OVERLAPS), [], `${width} px: no cell, button or picker over another`)
    const view = await columnsInView('#employees-table')
    t.ok(view.right <= view.width, `${width} px: the last column ends at ${view.right} of ${view.width}`)
    const birth = await page.$eval('#employees-table thead th:nth-child(9)', (th) => th.getBoundingClientRect().right)
    t.ok(birth <= view.width, 'Nacimiento in view')
    await page.$eval('#employees-result', (node) => node.scrollIntoView())
    await watched.screenshot(`console-${width === 1366 ? 21 : 22}-tabla-${width}`)
  }
  t.same(await axeViolations(page), [])
})

t.test('at 1280 px the table fits; narrower, it scrolls sideways with the name in view', async (t) => {
  await page.setViewport({ width: 1280, height: 800 })
  t.same(await page.evaluate(OVERLAPS), [], '1280 px')
  const view = await columnsInView('#employees-table')
  t.ok(view.right <= view.width, `1280 px: every column in view (${view.right} of ${view.width})`)
  await page.setViewport({ width: 900, height: 800 })
  const sticky = await page.$eval('#employees-table', (table) => {
    const wrap = table.parentElement as HTMLElement
    wrap.scrollLeft = wrap.scrollWidth
    const name = (table.querySelector('tbody td.name') as HTMLElement).getBoundingClientRect()
    const box = wrap.getBoundingClientRect()
    return { scrolled: wrap.scrollLeft > 0, nameLeft: name.left - box.left, nameRight: name.right, wrapRight: box.right }
  })
  t.ok(sticky.scrolled, '900 px: the table scrolls sideways')
  t.ok(sticky.nameLeft >= 0 && sticky.nameLeft < 60 && sticky.nameRight < sticky.wrapRight, `the name stays at the left (${JSON.stringify(sticky)})`)
  await page.$eval('#employees-table', (table) => { (table.parentElement as HTMLElement).scrollLeft = 0 })
})

t.test('a 390 px phone: one card per row, the reason in full, nothing over another', async (t) => {
  await page.setViewport({ width: 390, height: 844 })
  t.equal(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), 0, 'no sideways scrolling of the page')
  t.equal(await page.$eval('#employees-table', (table) => (table.parentElement as HTMLElement).scrollWidth - (table.parentElement as HTMLElement).clientWidth), 0, 'nor of the table')
  t.same(await page.evaluate(OVERLAPS), [], '390 px')
  const reason = await page.$eval('#employees-table tbody tr.blocked p.blocked', (node) => {
    const box = node.getBoundingClientRect()
    return { left: box.left, right: box.right, cut: node.scrollHeight > node.clientHeight + 1 || node.scrollWidth > node.clientWidth + 1, text: node.textContent }
  })
  t.ok(reason.left >= 0 && reason.right <= 390 && !reason.cut, `the reason is on screen, whole (${JSON.stringify(reason)})`)
  t.match(await page.$eval('#employees-table tbody tr td:nth-child(9)', (cell) => getComputedStyle(cell, '::before').content), 'Nacimiento', 'each cell names its column')
  t.same(await axeViolations(page), [])
  await page.$eval('#employees-table tbody tr.blocked', (node) => node.scrollIntoView())
  await watched.screenshot('console-20-tabla-390')
})

t.test('the adendas table at 390, 1366 and 1920 px', async (t) => {
  await page.setViewport({ width: 1366, height: 900 })
  await page.click('#tab-addenda')
  const input = await page.$('input#addenda-file')
  await input?.uploadFile(fixture('adendas-mixtas.xlsx'))
  await submitUpload(page, '#addenda-form')
  await page.waitForFunction(() => document.querySelectorAll('#addenda-table tbody tr').length > 0)
  for (const width of [390, 1366, 1920]) {
    await page.setViewport({ width, height: 900 })
    t.same(await page.evaluate(OVERLAPS), [], `${width} px`)
    if (width > 600) {
      const view = await columnsInView('#addenda-table')
      t.ok(view.right <= view.width, `${width} px: every column in view`)
    }
  }
  await page.setViewport({ width: 390, height: 844 })
  await page.$eval('#addenda-result', (node) => node.scrollIntoView())
  await watched.screenshot('console-23-adendas-390')
  await page.setViewport({ width: 1280, height: 800 })
  await page.click('#tab-employees')
})

t.test('no console error, no request to another origin', async (t) => {
  t.same(watched.errors, [])
  t.same(watched.foreign, [])
})
