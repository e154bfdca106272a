import neostandard from 'neostandard'

/** Product code: what runs in production (the tests, scripts and bench are tools around it). */
const PRODUCT_CODE = ['app/**/*.ts', 'src/**/*.ts', 'plugins/**/*.ts', 'routes/**/*.ts', 'schemas/**/*.ts', 'migrations/**/*.ts', 'console/**/*.js']

/** The domain folders of src/, each a layer. */
const DOMAIN = ['vocabulary', 'employer', 'employees', 'pdf', 'zip', 'documents', 'reports', 'spreadsheets', 'sessions', 'auth', 'audit', 'registry', 'issuing']

/**
 * What each folder may import of the others: the README's "imports go one way", held by lint.
 * A folder absent from its own list imports nothing of the domain but itself; src/ root modules
 * (errors, validation, worker-pool, ...) and schemas/ are open to every src/ folder.
 */
const SRC_MAY_IMPORT = {
  vocabulary: [],
  employer: ['vocabulary'],
  employees: ['vocabulary', 'employer'],
  pdf: [],
  zip: [],
  documents: ['vocabulary', 'employer', 'employees', 'pdf', 'zip'],
  reports: ['vocabulary', 'employees'],
  spreadsheets: ['vocabulary', 'employees', 'reports'],
  sessions: [],
  auth: [],
  audit: ['auth'],
  registry: ['vocabulary'],
  // what a request issues: the records the registry keeps, from the rules and documents above it
  issuing: ['vocabulary', 'employer', 'employees', 'documents', 'spreadsheets', 'registry']
}

/**
 * Names read where they are used (docs/style.md, "Naming and comments"): no one-letter import alias
 * (`CAUSE_MESSAGES as C`) and no one-letter namespace. tap's `import t from 'tap'` is a default import, not an alias.
 */
const ONE_LETTER_IMPORTS = [
  {
    selector: 'ImportSpecifier[local.name=/^[A-Za-z]$/]',
    message: 'Import by the full name (or a meaningful short one), not a one-letter alias (docs/style.md)'
  },
  {
    selector: 'ImportNamespaceSpecifier[local.name=/^[A-Za-z]$/]',
    message: 'Name an import namespace by what it holds, not one letter (docs/style.md)'
  }
]

const OUTER = [
  { regex: '(^|/)(app|plugins|routes)/', message: 'src/ and schemas/ never import app/, plugins/ or routes/ (README, Code map)' },
  { group: ['fastify', 'fastify-plugin', '@fastify/*'], message: 'src/ must not import Fastify (docs/style.md)' }
]

/** The HTTP methods a route is registered with (`app.get(path, options, handler)`). */
const ROUTE_METHODS = new Set(['get', 'head', 'post', 'put', 'patch', 'delete', 'options', 'all'])

/**
 * `contratos/route-handler-length`: a route handler is a schema plus one call (docs/style.md
 * "Routes"): its body may take at most `max` lines (default 10); the work goes to src/ or a decorator.
 */
const routeHandlerLength = {
  meta: { type: 'suggestion', schema: [{ type: 'integer', minimum: 1 }], messages: { long: 'Route handler body of {{lines}} lines (max {{max}}): move the work to src/ or a plugin decorator' } },
  create (context) {
    const max = context.options[0] ?? 10
    const check = (handler) => {
      if (handler === undefined || !/FunctionExpression$/.test(handler.type) || handler.body.type !== 'BlockStatement') return
      const lines = handler.body.loc.end.line - handler.body.loc.start.line - 1
      if (lines > max) context.report({ node: handler, messageId: 'long', data: { lines, max } })
    }
    return {
      CallExpression (node) {
        const { callee } = node
        if (callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier') return
        if (ROUTE_METHODS.has(callee.property.name) && node.arguments.length >= 2) check(node.arguments.at(-1))
        if (callee.property.name === 'route' && node.arguments[0]?.type === 'ObjectExpression') {
          const handler = node.arguments[0].properties.find((property) => property.key?.name === 'handler')
          check(handler?.value)
        }
      }
    }
  }
}

/**
 * plugins/ wire src/ to Fastify: they may import schemas/ and all of src/, never what stands around
 * the product (app/ registers them; routes/, migrations/ through the registry, the console, tools).
 */
const PLUGINS_MAY_NOT_IMPORT = [
  { regex: '(^|/)(app|routes)/', message: 'plugins/ never import routes/ or app/ (README, Code map)' },
  { regex: '(^|/)(migrations|console|test|scripts|bench)/', message: 'plugins/ import only schemas/ and src/ (README, Code map)' }
]

/**
 * What a route may import (docs/style.md "Routes": a schema plus one call): schemas/, the access
 * rules and errors, and the few domain functions a schema cannot say (a date, a code, a profile as
 * the client reads it). The work itself (documents, ZIPs, issuing, sessions, audit, the worker pool)
 * is reached through a plugin's decorator.
 */
const ROUTE_IMPORTS = ['auth', 'vocabulary', 'employer', 'employees', 'registry', 'reports', 'spreadsheets']
const ROUTES_MAY_NOT_IMPORT = [
  { regex: '(^|/)(app|plugins)/', message: 'routes/ reach plugins through their decorators, never by import (README, Code map)' },
  {
    regex: `(^|/)src/(?!(${ROUTE_IMPORTS.join('|')})/|errors\\.js$|paths\\.js$|zip/names\\.js$)`,
    message: `routes/ import schemas/, src/errors.js, src/paths.js, src/zip/names.js (a document's file name) and src/{${ROUTE_IMPORTS.join(',')}}/ only; the rest through a decorator (docs/style.md "Routes")`
  },
  { regex: '(^|/)(migrations|console|test|scripts|bench)/', message: 'routes/ import only schemas/ and src/ (README, Code map)' }
]

/** One no-restricted-imports entry for the files of `files`, forbidding the domain folders of `forbidden`. */
function layer (files, forbidden, extra = []) {
  const patterns = [...OUTER, ...extra]
  if (forbidden.length > 0) {
    patterns.push({ regex: `(^|/)(${forbidden.join('|')})/`, message: `${files} may not import src/${forbidden.join(', src/')} (README, Code map)` })
  }
  return { files: [files], rules: { 'no-restricted-imports': ['error', { patterns }] } }
}

export default [
  ...neostandard({ ts: true, ignores: ['dist/**', 'node_modules/**', '.tap/**', 'coverage/**'] }),
  { files: ['console/**/*.js'], languageOptions: { globals: { reportError: 'readonly' } } }, // the HR console runs in browsers
  {
    files: PRODUCT_CODE,
    rules: {
      // a line that is long only because of a string, a regular expression or a URL is not broken up
      '@stylistic/max-len': ['error', {
        code: 120, ignoreUrls: true, ignoreStrings: true, ignoreTemplateLiterals: true, ignoreRegExpLiterals: true
      }]
    }
  },
  // product code, tests, scripts and the bench alike
  {
    files: [...PRODUCT_CODE, 'test/**/*.{ts,js,mjs}', 'scripts/**/*.{ts,mjs}', 'bench/**/*.{ts,mjs}'],
    rules: { 'no-restricted-syntax': ['error', ...ONE_LETTER_IMPORTS] }
  },
  // src/ is the domain: plain data, bytes and streams in and out; Fastify stays in app/, plugins/ and routes/
  layer('src/*.ts', DOMAIN.filter((name) => name !== 'vocabulary')),
  ...Object.entries(SRC_MAY_IMPORT).map(([folder, allowed]) =>
    layer(`src/${folder}/**/*.ts`, DOMAIN.filter((name) => name !== folder && !allowed.includes(name)))),
  // schemas/ are the shapes everything shares: they import nothing of src/
  layer('schemas/**/*.ts', [], [{ regex: '(^|/)src/', message: 'schemas/ import nothing of src/ (README, Code map)' }]),
  {
    files: ['plugins/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: PLUGINS_MAY_NOT_IMPORT }] }
  },
  {
    files: ['routes/**/*.ts'],
    plugins: { contratos: { rules: { 'route-handler-length': routeHandlerLength } } },
    rules: { 'contratos/route-handler-length': ['error', 10] }
  },
  {
    files: ['routes/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ROUTES_MAY_NOT_IMPORT }] }
  }
]
