import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'

// Filled in by its own issue; registered in src/app.ts already so that the prefix is fixed.
const routes: FastifyPluginAsyncTypebox = async () => {}
export default routes
