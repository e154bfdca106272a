import neostandard from 'neostandard'

/** Product code: what runs in production (the tests, scripts and bench are tools around it). */
const PRODUCT_CODE = ['app/**/*.ts', 'src/**/*.ts', 'plugins/**/*.ts', 'routes/**/*.ts', 'schemas/**/*.ts', 'console/**/*.js']

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
  {
    // src/ is the domain: plain data, bytes and streams in and out; Fastify stays in app/, plugins/ and routes/
    files: ['src/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{ group: ['fastify', 'fastify-plugin', '@fastify/*'], message: 'src/ must not import Fastify (STYLE.md)' }]
      }]
    }
  }
]
