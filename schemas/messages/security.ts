/** Sign-in, roles and the audit trail (docs/security.md). */

/** Sign-in and roles (docs/security.md, "Roles"): 401 and 403 in the spec's envelope. */
export const AUTH_MESSAGES = {
  missing: 'Se requiere autenticación: envíe un token en el encabezado Authorization: Bearer',
  invalid: 'El token no es válido o ha expirado: inicie sesión nuevamente',
  issuerUnreachable: 'No se puede verificar el token: el proveedor de identidad no responde. Intenta nuevamente en unos segundos.',
  forbidden: (roles: readonly string[]) => `Su rol no permite esta operación (requiere el rol ${roles.join(' o ')})`
} as const

/** The audit trail (docs/security.md, "Audit trail"). */
export const AUDIT_MESSAGES = {
  /** 503 (with Retry-After) from the routes that read personal data while AUDIT_LOG cannot be written. */
  unavailable: 'El registro de auditoría no se puede escribir: no se atienden datos personales. Intenta nuevamente en unos segundos.'
} as const
