import { Type, type Static } from '@sinclair/typebox'
import { stringEnum } from './common.js'

/** Environment variables (spec "Configuration", D5); defaults let `npm start` run with no .env. */
export const ConfigSchema = Type.Object({
  NODE_ENV: stringEnum(['development', 'production', 'test'], { default: 'development' }),
  PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 3000 }),
  HOST: Type.String({ minLength: 1, default: 'localhost' }),
  CORS_ORIGINS: Type.String({ default: 'http://localhost:5173' }),
  MAX_FILE_SIZE: Type.Integer({ minimum: 1, default: 10485760, description: 'bytes' }),
  MAX_EMPLOYEES: Type.Integer({ minimum: 1, default: 1000 }),
  BATCH_MAX: Type.Integer({ minimum: 1, default: 50 }),
  ADDENDUM_BATCH_MAX: Type.Integer({ minimum: 1, default: 80 }),
  FILE_CLEANUP_TIMEOUT: Type.Integer({ minimum: 1000, default: 3600000, description: 'ms' }),
  TEMP_DIR: Type.String({ minLength: 1, default: './temp' }),
  SESSION_MAX: Type.Integer({ minimum: 1, default: 1000, description: 'upload sessions kept in TEMP_DIR; one more evicts the oldest' }),
  SESSION_MAX_PER_USER: Type.Integer({ minimum: 1, default: 20, description: 'AUTH_MODE=oidc: upload sessions one identity keeps; one more evicts that identity\'s oldest' }),
  GRACE_DELAY_MS: Type.Integer({ minimum: 0, default: 10000, description: 'ms in-flight requests get after SIGTERM/SIGINT' }),
  SHED_MAX_EVENT_LOOP_DELAY_MS: Type.Integer({ minimum: 0, default: 1000, description: 'ms; 0: off' }),
  SHED_MAX_RSS_BYTES: Type.Integer({ minimum: 0, default: 0, description: 'bytes; 0: off' }),
  TEMPLATES_DIR: Type.String({ minLength: 1, default: 'assets/templates', description: 'folder of the five contract templates' }),
  EMPLOYER_PROFILE: Type.String({ minLength: 1, default: 'assets/employer-profile.json', description: 'employer data printed in every document' }),
  PDF_THREADS: Type.Integer({ minimum: 0, maximum: 64, default: 0, description: 'PDF worker threads; 0 = one per CPU (cgroup quota, else cores)' }),
  REPORT_THREADS: Type.Integer({ minimum: 0, maximum: 64, default: 0, description: 'report workbook threads at most; 0 = one per CPU' }),
  SPREADSHEET_THREADS: Type.Integer({ minimum: 0, maximum: 64, default: 0, description: 'upload reader threads at most; 0 = half the CPUs, 1 to 4' }),
  UPLOAD_STALL_TIMEOUT_MS: Type.Integer({ minimum: 0, default: 15000, description: 'ms without body bytes after which an upload\'s connection is closed (logged with the request id); 0 = off' }),
  QUEUE_MAX_WAIT_MS: Type.Integer({ minimum: 0, default: 5000, description: 'ms; a request expected to wait longer for a PDF or report thread gets 503 + Retry-After before any work; 0 = off' }),
  PDF_MAX_QUEUE: Type.Integer({ minimum: 1, default: 256, description: 'tasks waiting for a PDF thread (a preview, an adenda, or up to four employees of a contracts ZIP) before new work is refused (503)' }),
  SESSION_STORE: Type.String({ minLength: 1, default: 'file', description: 'upload sessions: `file` (under TEMP_DIR) or a redis:// or rediss:// URL shared by every instance' }),
  SESSION_STORE_TIMEOUT_MS: Type.Integer({ minimum: 50, maximum: 60000, default: 2000, description: 'ms a Redis command (and the connection at start-up) may take; one timeout opens the breaker' }),
  READY_REQUIRES_SESSION_STORE: Type.Boolean({ default: true, description: 'false: readiness stays 200 while the session store fails (the failure is still reported), for pods that serve the routes needing no session' }),
  METRICS: Type.Boolean({ default: true, description: 'serve GET /metrics (Prometheus text format)' }),
  SHUTDOWN_DRAIN_MS: Type.Integer({ minimum: 0, default: 0, description: 'ms after SIGTERM/SIGINT during which /api/health/ready answers 503 while requests are still served' }),
  AUTH_MODE: Type.Optional(stringEnum(['none', 'oidc'], { description: 'none: no authentication (the spec; default outside production); oidc: bearer tokens from OIDC_ISSUER and API_KEYS_FILE. Required with NODE_ENV=production' })),
  API_KEYS_FILE: Type.Optional(Type.String({ minLength: 1, description: 'AUTH_MODE=oidc: file of API keys for machines, one per line: <sha256 hex of the key> <role> <label>' })),
  OIDC_ISSUER: Type.Optional(Type.String({ minLength: 1, description: 'AUTH_MODE=oidc: the identity provider\'s issuer URL (its discovery document and JWKS)' })),
  OIDC_AUDIENCE: Type.Optional(Type.String({ minLength: 1, description: 'AUTH_MODE=oidc: the `aud` every access token must carry' })),
  OIDC_ROLES_CLAIM: Type.String({ minLength: 1, default: 'roles', description: 'claim of the access token holding the roles (hr, exports, operator); dots reach into objects (realm_access.roles)' }),
  AUDIT_LOG: Type.Optional(Type.String({ minLength: 1, description: 'audit trail of requests with personal data: a file (JSON lines, appended) or `stdout`; unset: none' })),
  TRUST_PROXY: Type.String({ default: 'false', description: 'whose X-Forwarded-For gives the client address: false, true, a number of hops, or comma-separated addresses/CIDRs of the proxies' }),
  LOG_LEVEL: stringEnum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { default: 'info' })
})
export type Config = Static<typeof ConfigSchema>
