/** Any endpoint: the HTTP layer, request validation's envelope, the service's own endpoints and the OpenAPI page. */

const REQUEST_NOT_PROCESSED = 'La solicitud no se pudo procesar'

/** Envelope messages of request validation (spec Errors rule 4). */
export const VALIDATION_MESSAGE = {
  /** Any 4xx of a route that names no message of its own, and Fastify's own 4xx (plugins/errors.ts). */
  default: REQUEST_NOT_PROCESSED,
  /** The exports (spec endpoints 6-8). */
  reports: 'Validation error'
} as const

/** Endpoints 1 and 2 (service info, health) and readiness (D22), routes/root.ts and routes/health.ts. */
export const SERVICE_MESSAGES = {
  /** Endpoint 1 */
  info: 'Servicio de Generación de Contratos Laborales',
  /** Endpoint 2: the spec gives this text in English. */
  health: 'Server is running',
  /** `GET /api/health/ready`, 503: a check fails or shutdown has begun (D22). */
  notReady: 'El servicio no está listo para recibir solicitudes'
} as const

/**
 * Any endpoint: texts of the HTTP layer (plugins/errors.ts, plugins/cors.ts, plugins/employee-bodies.ts,
 * src/validation.ts, src/errors.ts), for requests refused before or outside a route's own rules.
 */
export const HTTP_MESSAGES = {
  /** D17: the `errors` text of a 500 in production, and the message of a failed PDF render. */
  internalError: 'Error interno del servidor',
  /** 503 when the event loop lags or a worker pool's queue is full (sent with Retry-After). */
  busy: 'El servicio está ocupado. Intenta nuevamente en unos segundos.',
  /**
   * 503 (with Retry-After) from the upload and the session preview while the shared session store
   * (SESSION_STORE, Redis) does not answer.
   */
  sessionStoreUnavailable: 'El almacén de sesiones no está disponible. Intenta nuevamente en unos segundos.',
  /** HAProxy's own 502 (deploy/errors/502.http): an instance gave no usable answer, even after the retries. */
  proxyBadGateway: 'El servicio no respondió correctamente. Intenta nuevamente en unos segundos.',
  /** HAProxy's own 504 (deploy/errors/504.http): an instance took longer than `timeout server`. */
  proxyTimeout: 'El servicio tardó demasiado en responder. Intenta nuevamente en unos segundos.',
  /** A read or render dropped because its client closed the connection (never reaches anyone: logs). */
  clientGone: 'El cliente cerró la conexión antes de la respuesta',
  invalidJson: 'El cuerpo JSON no es válido',
  /** A `__proto__` or `constructor.prototype` key, named by its path (`body.0.__proto__`; docs/reliability.md). */
  forbiddenJsonKey: (path: string) => `El cuerpo JSON contiene una clave prohibida: ${path}`,
  bodyTooLarge: 'El cuerpo de la solicitud supera el tamaño máximo permitido',
  /** Also a form upload sent to a JSON route. */
  unsupportedMediaType: 'Tipo de contenido no soportado',
  invalidContentLength: 'La longitud del contenido no es válida',
  badUrl: 'La URL de la solicitud no es válida',
  urlTooLong: 'La URL de la solicitud es demasiado larga',
  /** Written on the raw socket, before there is a request. */
  requestTimeout: 'La solicitud no llegó completa a tiempo',
  headersTooLarge: 'Los encabezados de la solicitud son demasiado grandes',
  badHttp: 'La solicitud HTTP no es válida',
  /** D16 */
  routeNotFound: (method: string, path: string) => `Ruta no encontrada: ${method} ${path}`,
  /** spec Authentication rule 4: a preflight from an origin outside CORS_ORIGINS. */
  corsOrigin: (origin: string) => `Origen no permitido por CORS: ${origin}`,
  /** A field error for which the field has no message of its own. */
  invalidValue: 'Valor inválido',
  /** A type error for which the field has no message of its own; `expected` from typeWords. */
  wrongType: (expected: string) => `Tipo de dato inválido: se esperaba ${expected}`,
  /** Words for JSON types in wrongType. */
  typeWords: {
    string: 'texto',
    number: 'número',
    integer: 'número entero',
    boolean: 'verdadero o falso',
    array: 'lista',
    object: 'objeto',
    null: 'nulo'
  } as Record<string, string>
} as const

/** JSON bodies of every route: the encoding JSON requires (RFC 8259: UTF-8). */
export const BODY_MESSAGES = {
  notUtf8: 'El cuerpo debe estar codificado en UTF-8'
} as const

/** Texts of the OpenAPI document at /docs (plugins/docs.ts). */
export const OPENAPI_TEXTS = {
  service: 'Contratos y adendas PDF/ZIP, importación de hojas de cálculo y reportes (Vida Ley, SCTR, fotocheck).',
  noAuth: 'Sin autenticación (AUTH_MODE=none): solo en una red interna de confianza.',
  bearer: 'Con AUTH_MODE=oidc: cada ruta, salvo las públicas, pide `Authorization: Bearer <token>`, un token de acceso del ' +
    'proveedor de identidad o una clave de API; 401 sin credenciales válidas, 403 sin el rol que la ruta pide.',
  bearerScheme: 'Token de acceso OpenID Connect (JWT del emisor OIDC_ISSUER) o clave de API de API_KEYS_FILE.',
  signedIn: 'Acceso: cualquier identidad autenticada.',
  roles: (roles: string) => `Acceso: rol ${roles}.`
}
