import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import { ROUTE_ACCESS } from '../src/auth/roles.js'
import { consoleSignIn } from '../src/auth/console-sign-in.js'
import { ConsoleSignInSchema } from '../schemas/auth-config.js'

/**
 * How the HR console signs in (docs/security.md): the one API route the page calls before it has a
 * token, so it is open; it holds no secret (the console is a public client). Additive route beyond
 * the spec (D22's rule).
 */
const authConfig: FastifyPluginAsyncTypebox = async (app) => {
  const data = consoleSignIn(app.config)
  app.get('/auth/config', {
    config: { access: ROUTE_ACCESS.open },
    schema: {
      tags: ['service'],
      summary: 'Cómo inicia sesión la consola: sin autenticación u OpenID Connect (emisor, cliente público, alcances, audiencia)',
      response: { 200: Type.Object({ success: Type.Literal(true), data: ConsoleSignInSchema }) }
    }
  }, async () => ({ success: true as const, data }))
}
export default authConfig
