import { availableParallelism } from 'node:os';
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      // One test file per core: Vitest's default keeps a core for itself, which on a 2-core machine runs
      // every file one after another, while its main process mostly waits.
      maxWorkers: availableParallelism(),
      // Hooks that start a server (a BFF runtime, Redis, Postgres) get the time a busy machine needs.
      hookTimeout: 30_000,
      projects: [
        {
          extends: true,
          test: {
            name: 'node',
            environment: 'node',
            // The files of a worker share their modules: importing the BFF again for each file cost more
            // than its tests (a Hono app, drizzle, PGlite's WebAssembly). Every file builds its own apps,
            // databases and servers, and the shared parts keep no state between files.
            isolate: false,
            // A BFF test builds its app and waits for the feed inside the test: on a busy 2-core machine
            // that alone can pass Vitest's default 5 s.
            testTimeout: 15_000,
            include: ['src/server/**/*.test.ts', 'src/schemas/**/*.test.ts', 'mocks/**/*.test.ts'],
            // Closes each file with a check that nothing it logged quotes a note's words.
            setupFiles: ['src/server/testing/no-private-text-logged.ts'],
          },
        },
        {
          extends: true,
          test: {
            name: 'dom',
            environment: 'jsdom',
            // The files of a worker share their modules here too: importing React, the testing library
            // and a screen's code again for each file cost three times the CPU of the tests. Each file
            // resets what it changes (spies, not module mocks); setup-dom.ts resets the shared state.
            isolate: false,
            // The first test of a file waits for its screen's lazy chunks to be transformed: on a busy
            // 2-core machine that alone can pass the default 5 s.
            testTimeout: 15_000,
            include: ['src/**/*.test.{ts,tsx}'],
            exclude: ['src/server/**', 'src/schemas/**'],
            setupFiles: ['src/testing/setup-dom.ts'],
          },
        },
      ],
    },
  }),
);
