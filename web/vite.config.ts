import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/** primeicons ships eot/ttf/svg too; every browser we support reads woff2 (woff as the fallback). */
function primeiconsWebFontsOnly(): Plugin {
  return {
    name: 'herald:primeicons-woff-only',
    enforce: 'pre',
    transform(code, id) {
      if (!/primeicons[\\/]primeicons\.css$/.test(id.split('?')[0])) return null;
      return code.replace(
        /@font-face\s*{[^}]*}/,
        `@font-face {
  font-family: 'primeicons';
  font-display: block;
  src: url('./fonts/primeicons.woff2') format('woff2'), url('./fonts/primeicons.woff') format('woff');
  font-weight: normal;
  font-style: normal;
}`,
      );
    },
  };
}

export default defineConfig({
  root: here('.'),
  base: '/portalui/',
  plugins: [primeiconsWebFontsOnly(), react()],
  build: {
    outDir: here('dist'),
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      // Schemas built at module level (`z.string()...`) are pure: a page that needs only a module's messages
      // or rules does not pull in zod.
      treeshake: { manualPureFunctions: ['z'] },
    },
  },
  server: {
    proxy: { '/service': process.env.HERALD_API ?? 'http://localhost:3000' },
  },
});
