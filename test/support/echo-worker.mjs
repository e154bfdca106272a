// A piscina worker for test/src/worker-pool.test.ts: answers a task's value after `waitMs`, or throws `fail`.
export default async function echo ({ value, waitMs = 0, fail }) {
  if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs))
  if (fail !== undefined) throw new Error(fail)
  return value
}
