/** CORS for the dashboard: only the CORS_ORIGINS list is granted (spec Authentication rule 4). */
import fp from 'fastify-plugin'
import cors from '@fastify/cors'

export default fp(async (app) => {
  const allowed = new Set(app.config.corsOrigins)
  await app.register(cors, {
    // other origins get no Access-Control-Allow-Origin header, so the browser blocks them
    origin: (origin, callback) => { callback(null, origin !== undefined && allowed.has(origin)) },
    methods: ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'],
    exposedHeaders: ['Content-Disposition', 'Content-Length']
  })
}, { name: 'cors', dependencies: ['config'] })
