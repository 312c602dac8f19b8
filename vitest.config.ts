import path from 'node:path';
import { defineConfig } from 'vitest/config';

const alias = {
  '@contracts': path.resolve(import.meta.dirname, 'contracts'),
  '@': path.resolve(import.meta.dirname, 'web/src'),
};

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          environment: 'node',
          include: ['contracts/**/*.test.ts', 'server/**/*.unit.test.ts', 'scripts/**/*.test.ts'],
        },
      },
      {
        resolve: { alias },
        test: { name: 'web', environment: 'jsdom', include: ['web/src/**/*.test.{ts,tsx}'] },
      },
      {
        resolve: { alias },
        test: {
          name: 'api',
          environment: 'node',
          include: ['server/**/*.api.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Each file starts its own server and database; two at a time fits two cores.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      {
        resolve: { alias },
        test: {
          // npm run test:reliability: servers killed, restarted and stopped as real processes.
          name: 'reliability',
          environment: 'node',
          include: ['server/reliability/**/*.reliability.test.ts'],
          testTimeout: 600_000,
          hookTimeout: 120_000,
          maxWorkers: 1,
        },
      },
    ],
  },
});
