import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// In `npm run dev` the Vite dev server sits in front of the BFF; every API call is proxied to it.
const bffOrigin = process.env.BFF_ORIGIN ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: { outDir: 'dist' },
  server: {
    proxy: {
      '/api': { target: bffOrigin, changeOrigin: false },
      '/bff': { target: bffOrigin, changeOrigin: false },
    },
  },
});
