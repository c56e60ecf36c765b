import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

function gzipCopies(): Plugin {
  return {
    name: 'pinyou-gzip',
    apply: 'build',
    writeBundle(options, bundle) {
      for (const name of Object.keys(bundle)) {
        if (!/\.(js|css|svg|html)$/.test(name)) continue;
        const file = path.join(options.dir!, name);
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(fs.readFileSync(file), { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), gzipCopies()],
  base: '/console/',
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 2000 },
  // The mall's staff calls live under /admin/mall (mallAdminContract), outside /api.
  server: {
    port: 5174,
    proxy: { '/api': 'http://localhost:8080', '/admin': 'http://localhost:8080', '/uploads': 'http://localhost:8080' },
  },
});
