import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

// The page's CSP has no style-src 'unsafe-inline': sonner's stylesheet comes from its CSS file
// (imported by src/components/toaster.tsx) instead of the <style> element it would insert at run time.
const sonnerStylesFromFile: Plugin = {
  name: 'sonner-styles-from-file',
  enforce: 'pre',
  transform(code, id) {
    if (!/[\\/]node_modules[\\/]sonner[\\/]dist[\\/]index\.m?js$/.test(id)) return undefined;
    return { code: code.replace(/^__insertCSS\(/m, 'void (0, '), map: null };
  },
};

// In `npm run dev` the Vite dev server sits in front of the BFF; every API call is proxied to it.
const bffOrigin = process.env.BFF_ORIGIN ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [sonnerStylesFromFile, react(), tailwindcss()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: { outDir: 'dist' },
  server: {
    proxy: {
      '/api': { target: bffOrigin, changeOrigin: false },
      '/bff': { target: bffOrigin, changeOrigin: false },
    },
  },
});
