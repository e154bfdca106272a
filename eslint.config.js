import neostandard from 'neostandard'

export default [
  ...neostandard({ ts: true, ignores: ['dist/**', 'node_modules/**', '.tap/**', 'coverage/**'] }),
  { files: ['console/**/*.js'], languageOptions: { globals: { reportError: 'readonly' } } }, // the HR console runs in browsers
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
