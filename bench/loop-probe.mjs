// Preloaded into a server the bench starts (`node --import bench/loop-probe.mjs`): watches the
// server's own event loop with monitorEventLoopDelay at 1 ms resolution. When the file
// `${LOOP_PROBE_FILE}.ask` appears (looked for every 20 ms), it writes the delays seen since the
// last answer (max, p99 in ms, samples) to LOOP_PROBE_FILE as JSON, removes the ask and starts over.
// With the clients in another process, the longest delay while one export at a time is sent is the
// longest stretch one export kept the loop busy (plus the 1 ms timer's own granularity).
import { existsSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { monitorEventLoopDelay } from 'node:perf_hooks'

const file = process.env.LOOP_PROBE_FILE
const histogram = monitorEventLoopDelay({ resolution: 1 })
histogram.enable()
if (file !== undefined) {
  setInterval(() => {
    if (!existsSync(`${file}.ask`)) return
    // whole or absent: the bench reads it as soon as it exists
    writeFileSync(`${file}.partial`, JSON.stringify({ maxMs: histogram.max / 1e6, p99Ms: histogram.percentile(99) / 1e6, samples: histogram.count }))
    renameSync(`${file}.partial`, file)
    rmSync(`${file}.ask`, { force: true })
    histogram.reset()
  }, 20).unref()
}
