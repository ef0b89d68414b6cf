import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      projects: [
        {
          extends: true,
          test: {
            name: 'node',
            environment: 'node',
            include: ['src/server/**/*.test.ts', 'src/schemas/**/*.test.ts', 'mocks/**/*.test.ts'],
          },
        },
        {
          extends: true,
          test: {
            name: 'dom',
            environment: 'jsdom',
            include: ['src/**/*.test.{ts,tsx}'],
            exclude: ['src/server/**', 'src/schemas/**'],
            setupFiles: ['src/testing/setup-dom.ts'],
          },
        },
      ],
    },
  }),
);
