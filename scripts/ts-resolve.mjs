// Node's own TypeScript support for the coverage run (scripts/run-tests.mjs, Node 22.18+ and 24):
// Node strips the types itself but resolves `./x.js` only to a file of that name, while our sources
// import their neighbours as `./x.js` (what tsc emits for dist/). This resolve hook, registered in the
// thread that imports it (module.registerHooks), retries a relative `.js` import that is not there
// as the `.ts` beside it. Nothing else is changed: packages resolve as always.
import { registerHooks } from 'node:module'

registerHooks({
  resolve (specifier, context, nextResolve) {
    try {
      return nextResolve(specifier, context)
    } catch (error) {
      const relative = specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('file:')
      if (error?.code !== 'ERR_MODULE_NOT_FOUND' || !relative || !specifier.endsWith('.js')) throw error
      return nextResolve(`${specifier.slice(0, -3)}.ts`, context)
    }
  }
})
