/** Texts for the operator, not for clients: no HTTP answer carries them. */

/**
 * Start-up refusals outside the config schema: one line naming the variable and
 * the fix, then exit 1 (app/server.ts, plugins/config.ts; docs/configuration.md).
 */
export const STARTUP_MESSAGES = {
  portInUse: (port: number, host: string) =>
    `No se puede iniciar: PORT=${port} ya está en uso en ${host}. Detén el otro proceso o elige otro PORT.`,
  portDenied: (port: number) =>
    `No se puede iniciar: PORT=${port} necesita privilegios en esta máquina. Usa un PORT de 1024 o más.`,
  badHost: (host: string, code: string) =>
    `No se puede iniciar: HOST=${host} no es una dirección de esta máquina (${code}). Usa 0.0.0.0, 127.0.0.1 o una IP o nombre de esta máquina.`,
  listenFailed: (host: string, port: number, code: string) =>
    `No se puede iniciar en HOST=${host} PORT=${port} (${code}). Revisa HOST y PORT.`,
  spreadsheetProcessesConflict: (processes: number, threads: number) =>
    `SPREADSHEET_PROCESSES=${processes} y SPREADSHEET_THREADS=${threads} se contradicen: SPREADSHEET_THREADS es el nombre anterior de SPREADSHEET_PROCESSES. Deja solo SPREADSHEET_PROCESSES.`,
  tempDirNotFolder: (dir: string) =>
    `TEMP_DIR=${dir} es un archivo, no una carpeta. Indica una carpeta (se crea si no existe).`,
  corsWildcard: 'CORS_ORIGINS=* no se admite (las cabeceras CORS solo se dan a orígenes concretos). ' +
    'Indica los orígenes permitidos separados por comas, p. ej. CORS_ORIGINS=https://rrhh.empresa.pe,http://localhost:5173',
  corsOrigin: (origin: string) =>
    `CORS_ORIGINS contiene "${origin}", que no es un origen. Escribe cada origen como esquema://host[:puerto], ` +
    'p. ej. https://rrhh.empresa.pe, separados por comas',
  /** AUTH_MODE=oidc with OIDC_ISSUER: the console signs people in and needs its client id (docs/security.md). */
  oidcClientIdMissing: 'con OIDC_ISSUER falta OIDC_CLIENT_ID: el identificador del cliente público de la consola (/app/) ' +
    'registrado en el proveedor de identidad (docs/security.md)',
  oidcIssuerNotUrl: (issuer: string) => `OIDC_ISSUER=${issuer} no es una URL https:// (o http:// en localhost)`,
  /** SESSION_STORE_CA_FILE is for TLS: with a plain redis:// (or file) store it would be ignored (docs/production.md). */
  sessionStoreCaNotTls: 'SESSION_STORE_CA_FILE solo se usa con SESSION_STORE=rediss:// (Redis con TLS); quítelo o use rediss://',
  sessionStoreCaUnreadable: (path: string, code: string) =>
    `SESSION_STORE_CA_FILE=${path} no se puede leer (${code}); indique un archivo PEM con los certificados de la CA privada de Redis`,
  sessionStoreCaNotPem: (path: string) =>
    `SESSION_STORE_CA_FILE=${path} no contiene ningún certificado PEM (-----BEGIN CERTIFICATE-----)`,
  /** OIDC_ISSUER reaches the console's page (GET /api/auth/config): no user or password in it (`redacted`). */
  oidcIssuerCredentials: (redacted: string) =>
    `OIDC_ISSUER=${redacted} lleva usuario o contraseña: la URL del emisor es pública (la consola la recibe); quítelos`,
  /**
   * AUTH_MODE=none beside settings that only mean something with authentication (docs/security.md, "Modes"):
   * the operator meant oidc, and the service would serve personal data to anyone.
   */
  authNoneWithAuthSettings: (names: readonly string[], stated: boolean) =>
    `AUTH_MODE=none (sin autenticación${stated ? '' : ', el valor por defecto fuera de producción'}) ` +
    `no se combina con ${names.join(', ')}: el servicio quedaría abierto a cualquiera. Indique AUTH_MODE=oidc, o quite esas variables`,
  /**
   * AUTH_MODE=oidc: SESSION_MAX_PER_USER promises that one identity never evicts another's sessions,
   * which a smaller SESSION_MAX breaks (the global cap evicts first).
   */
  sessionMaxBelowPerUser: (max: number, perUser: number) =>
    `SESSION_MAX=${max} es menor que SESSION_MAX_PER_USER=${perUser}: ` +
    'una sola identidad podría desalojar las sesiones de todas las demás. Suba SESSION_MAX o baje SESSION_MAX_PER_USER',
  /** API_KEYS_FILE that others can read or write, or its group can write (`mode`: four octal digits). */
  apiKeysFileOpen: (path: string, mode: string) =>
    `API_KEYS_FILE=${path} tiene permisos ${mode}: otros usuarios pueden leer o cambiar las claves ` +
    '(chmod 0600, o 0640 con el grupo del servicio)',
  /** AUTH_MODE=oidc with a key file holding no key and no OIDC_ISSUER: nothing could ever authenticate. */
  apiKeysFileEmpty: (path: string) =>
    `API_KEYS_FILE=${path} no tiene ninguna clave y no hay OIDC_ISSUER: nadie podría autenticarse`,
  /** An existing AUDIT_LOG whose mode is wider than 0600 and cannot be narrowed (the service does not own it). */
  auditLogOpen: (path: string, mode: string, code: string) =>
    `AUDIT_LOG=${path} tiene permisos ${mode} y no se pueden reducir a 0600 (${code}): ` +
    'otros usuarios leerían quién consultó qué datos personales. Ejecute chmod 0600 sobre el archivo, o hágalo propiedad del usuario del servicio',
  /** DATABASE_URL checked whole at start-up (docs/registry.md): `redacted` never holds the password. */
  databaseUrlInvalid: (redacted: string, problem: string) =>
    `DATABASE_URL=${redacted} no es válido: ${problem}. Escríbalo como postgres://usuario:contraseña@host:5432/base?sslmode=verify-full ` +
    '(postgresql:// también vale; host y base de datos son obligatorios)',
  databaseUrlScheme: (scheme: string) => `el esquema "${scheme}" no es postgres:// ni postgresql://`,
  databaseUrlNoHost: 'falta el host del servidor PostgreSQL',
  databaseUrlNotUrl: 'no se puede leer como URL (falta el host, o la contraseña tiene caracteres sin codificar: @ se escribe %40, / %2F, : %3A)',
  databaseUrlNoDatabase: 'falta el nombre de la base de datos (/contratos al final de la ruta)',
  databaseUrlSslmode: (mode: string) =>
    `sslmode=${mode} no existe (disable, allow, prefer, require, verify-ca, verify-full o no-verify; con TLS use verify-full)`,
  databaseCaUnreadable: (path: string, code: string) =>
    `el certificado de la CA ${path} (sslrootcert o PGSSLROOTCERT) no se puede leer (${code}); indique un archivo PEM con la CA del servidor PostgreSQL`,
  databaseCaNotPem: (path: string) =>
    `el certificado de la CA ${path} (sslrootcert o PGSSLROOTCERT) no contiene ningún certificado PEM (-----BEGIN CERTIFICATE-----)`
} as const
