import neostandard from 'neostandard'

export default [
  ...neostandard({ ts: true, ignores: ['dist/**', 'node_modules/**', '.tap/**', 'coverage/**'] }),
  { files: ['console/**/*.js'], languageOptions: { globals: { reportError: 'readonly' } } } // the HR console runs in browsers
]
