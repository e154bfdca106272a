import { test } from 'tap'
import type { Employee } from '../../schemas/employee.js'
import { build, pdfText, sampleEmployee } from '../helper.js'

test('the pool renders a contract in a worker thread', async (t) => {
  const start = Date.now()
  const app = await build(t)
  t.comment(`app with pool ready in ${Date.now() - start} ms`)
  const bytes = await app.contractPool.contract(sampleEmployee() as Employee)
  t.match(await pdfText(bytes), 'Rosa María Quispe Mamani')
})
