import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { createHash } from 'node:crypto';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { lightCatalogue } from '../../packages/contract/src/vite-light-catalogue.ts';

/** Writes dist/version.json (the version every API envelope carries) and .gz copies the server sends as-is. */
function versionAndCompress(): Plugin {
  return {
    name: 'pinyou-version-and-gzip',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir!;
      const hash = createHash('sha256');
      for (const name of Object.keys(bundle).sort()) hash.update(name);
      const version = `1.0.0+${hash.digest('hex').slice(0, 10)}`;
      fs.writeFileSync(path.join(dir, 'version.json'), JSON.stringify({ version, built_at: new Date().toISOString() }));
      for (const name of Object.keys(bundle)) {
        if (!/\.(js|css|svg|json|html)$/.test(name)) continue;
        const file = path.join(dir, name);
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(fs.readFileSync(file), { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  plugins: [lightCatalogue(), react(), versionAndCompress()],
  base: '/',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2020',
    chunkSizeWarningLimit: 600,
    manifest: true,
    rolldownOptions: {
      output: {
        // What every screen needs anyway travels as one chunk: one compression window, one request.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|i18next|react-i18next|use-sync-external-store)[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:8080', '/uploads': 'http://localhost:8080', '/terminal': 'http://localhost:8080' },
  },
});
