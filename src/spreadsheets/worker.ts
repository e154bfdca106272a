/**
 * The spreadsheet reader's child process (src/spreadsheets/reader.ts): parses uploads out of the
 * service's process, one at a time, so that nothing a file does to it (its heap cap, a native
 * abort in zlib's teardown, a deadline kill) can end the service (docs/import.md, "The reader's processes").
 *
 * Messages, parent → child: a ReadTask. Child → parent: `ready` once SheetJS is loaded, `started`
 * when a read begins (its deadline starts then), then `result` (a ReadResult) or `failed` (the
 * message of an unexpected error). The child exits when the parent goes away (IPC disconnect).
 */
import { readSpreadsheet, type ReadTask } from './read.js'

/** What the child says to the reader. */
export type ChildMessage =
  | { type: 'ready' }
  | { type: 'started' }
  | { type: 'result', result: Awaited<ReturnType<typeof readSpreadsheet>> }
  | { type: 'failed', message: string }

function say (message: ChildMessage): void {
  process.send?.(message)
}

process.on('message', (task: ReadTask) => {
  say({ type: 'started' })
  readSpreadsheet(task).then(
    (result) => { say({ type: 'result', result }) },
    (error: unknown) => { say({ type: 'failed', message: error instanceof Error ? error.message : String(error) }) }
  )
})
process.on('disconnect', () => { process.exit(0) })
say({ type: 'ready' })
