/**
 * The tuning constants of the document ZIPs, together: how work is cut and paced between the
 * request, the PDF pool and the socket. Each was chosen by measurement (`npm run bench`,
 * `npm run bench:profile-zip`; docs/documents.md "The ZIP stream"); none changes what a ZIP holds.
 */
export const ZIP_TUNING = {
  /**
   * Employees per PDF pool task in the contracts ZIP, after the first task (which has one, so the
   * first entry goes out at once): fewer messages between threads, less idle time in the workers.
   */
  employeesPerTask: 4,
  /** Render calls under way per ZIP, per PDF worker thread: enough to keep every thread busy. */
  inFlightPerThread: 2,
  /** Unread ZIP output above which no more is rendered (backpressure), bytes. */
  maxBufferedBytes: 512 * 1024,
  /** How often a backpressured ZIP looks whether the client has read, ms. */
  backpressurePollMs: 5,
  /** Output is handed to the socket in chunks of about this many bytes (the first entry at once). */
  chunkBytes: 64 * 1024,
  /** A ZIP under way retries a full PDF queue this many times, this far apart (ms; about 2 s), before errores.txt. */
  busyRetries: 200,
  busyRetryDelayMs: 10
} as const
