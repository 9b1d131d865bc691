import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { defineConfig } from 'vitest/config';

const testDatabaseUrl = process.env.TEST_DATABASE_URL;
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3001'}`;

export default defineConfig({
  // Issue 16: Brotli and gzip files beside every text asset over 1 KiB, served by @fastify/static's
  // preCompressed option (server/routes/spa.ts) without compressing per request.
  plugins: [react(), compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 })],
  resolve: {
    // Tests, colocated ones too, import the shared test support as @test-support/... (issue 28).
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      '@test-support': fileURLToPath(new URL('./tests/support', import.meta.url)),
    },
  },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
  },
  server: {
    proxy: {
      '/api': apiTarget,
      '/uploads': apiTarget,
    },
  },
  test: {
    // Vitest's default here is one worker (cores − 1); the API files mostly wait on PostgreSQL or on
    // child processes, so two share the 2-core machine well (7.4 min → 5.2 min for the whole run).
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'tests/model/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'api-pglite',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          env: { TEST_DATABASE_URL: '' },
        },
      },
      // The same API suite on PostgreSQL, switched on by TEST_DATABASE_URL (CI sets it).
      ...(testDatabaseUrl
        ? [
            {
              extends: true as const,
              test: {
                name: 'api-postgres',
                include: ['tests/api/**/*.test.ts'],
                environment: 'node' as const,
                env: { TEST_DATABASE_URL: testDatabaseUrl },
              },
            },
          ]
        : []),
    ],
  },
});
