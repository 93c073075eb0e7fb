import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

const uiAndServer = [
  { group: ['react', 'react/*', 'react-dom', 'react-dom/*', '@mui/*', 'react-admin', 'ra-*', 'mui-tel-input', '@emotion/*', 'react-router', 'react-router-dom'], message: 'resources/ and src/shared/ are shared by server and browser: no UI code here.' },
  { group: ['fastify', 'fastify-plugin', '@fastify/*', 'pg', '@electric-sql/*', 'drizzle-orm', 'drizzle-orm/*', 'nodemailer', 'node:*'], message: 'resources/ and src/shared/ are shared by server and browser: no server code or database drivers here.' },
];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'src/server/db/migrations/**', 'coverage/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['resources/**/*.ts', 'src/shared/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: uiAndServer }] },
  },
  {
    files: ['src/web/**/*.{ts,tsx}', 'tests/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn', 'no-restricted-imports': ['error', { patterns: [{ group: ['**/server/**', 'fastify', '@fastify/*', 'pg', 'drizzle-orm', 'drizzle-orm/*', '@electric-sql/*'], message: 'The web app talks to the server over HTTP only.' }] }] },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['**/web/**', 'react', 'react-dom', '@mui/*', 'react-admin'], message: 'The server does not import browser code.' }] }] },
  },
);
