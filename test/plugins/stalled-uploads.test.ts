import { test } from 'tap'
import { connect } from 'node:net'
import { once } from 'node:events'
import { setTimeout as sleep } from 'node:timers/promises'
import { buildApp } from '../../app/app.js'
import { formPayload } from '../support/helper.js'
import { fixture } from '../support/spreadsheets.js'

test('an upload whose body stops arriving is closed after UPLOAD_STALL_TIMEOUT_MS, logged with its request id; others are untouched', async (t) => {
  const lines: { level: number, msg: string, reqId?: string, clientRequestId?: string }[] = []
  const app = await buildApp({
    env: { NODE_ENV: 'test', TEMP_DIR: t.testdir({}), SHED_MAX_EVENT_LOOP_DELAY_MS: 0, UPLOAD_STALL_TIMEOUT_MS: 300 },
    logger: { stream: { write: (line: string) => { lines.push(JSON.parse(line)) } } }
  })
  t.teardown(() => app.close())
  await app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = app.server.address() as { port: number }

  const socket = connect({ port, host: '127.0.0.1' })
  await once(socket, 'connect')
  socket.resume()
  socket.write('POST /api/excel/upload HTTP/1.1\r\nHost: x\r\nX-Request-Id: stalled-upload-1\r\n' +
    'Content-Type: multipart/form-data; boundary=b\r\nContent-Length: 100000\r\n\r\n--b\r\n' +
    'Content-Disposition: form-data; name="excel"; filename="a.xlsx"\r\n\r\nPK')
  const guard = new AbortController() // a bound on the wait, not a timing: before the fix the connection stayed 120 s
  const closed = once(socket, 'close').then(() => true)
  const gaveUp = sleep(20_000, false, { signal: guard.signal }).catch(() => false)
  t.equal(await Promise.race([closed, gaveUp]), true, 'the server closed the stalled connection')
  guard.abort()
  t.match(lines.find((line) => line.msg.startsWith('upload stalled')), { level: 40, reqId: /^[0-9a-f-]{36}$/, clientRequestId: 'stalled-upload-1' })

  // a whole upload, then processing with no traffic, is not cut
  const form = await formPayload([{ name: 'empleados.xlsx', bytes: fixture('empleados.xlsx') }])
  const res = await fetch(`http://127.0.0.1:${port}/api/excel/upload`, { method: 'POST', body: form.payload, headers: form.headers })
  t.equal(res.status, 200)
  await res.arrayBuffer()
})
