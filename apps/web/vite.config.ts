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
      // The service worker with this build's version and its app shell: index.html, the entry and the
      // chunks it imports statically, the CSS, the core strings, icons and manifests.
      const shell = new Set<string>([
        '/',
        '/index.html',
        '/favicon.svg',
        '/icon-192.png',
        '/icon-512.png',
        '/manifest.webmanifest',
        '/manifest.en.webmanifest',
      ]);
      const add = (name: string) => {
        const chunk = bundle[name];
        if (!chunk || shell.has(`/${name}`)) return;
        shell.add(`/${name}`);
        if (chunk.type === 'chunk') {
          chunk.imports.forEach(add);
          for (const css of chunk.viteMetadata?.importedCss ?? []) shell.add(`/${css}`);
        }
      };
      for (const [name, chunk] of Object.entries(bundle)) if (chunk.type === 'chunk' && chunk.isEntry) add(name);
      // What the start fetches beside the first screen (the screen table, the API client) opens offline too.
      const startChunk = /src[\\/](app[\\/]screen-table|lib[\\/]session-calls)\.ts$/;
      for (const [name, chunk] of Object.entries(bundle))
        if (chunk.type === 'chunk' && chunk.facadeModuleId && startChunk.test(chunk.facadeModuleId)) add(name);
      // The core strings of both languages: their chunks are named after the language (zh_CN-<hash>.js), not
      // after the bundle, so they are found by their source file.
      for (const [name, chunk] of Object.entries(bundle))
        if (chunk.type === 'chunk' && chunk.facadeModuleId && /locales[\\/]core[\\/][^\\/]+\.json$/.test(chunk.facadeModuleId)) add(name);
      for (const name of Object.keys(bundle)) if (/\.css$/.test(name) && name.startsWith('assets/')) shell.add(`/${name}`);
      const template = fs.readFileSync(path.join(import.meta.dirname, 'src/sw-template.js'), 'utf8');
      fs.writeFileSync(
        path.join(dir, 'sw.js'),
        template
          .replace("'__VERSION__'", JSON.stringify(version))
          .replace('const SHELL = __SHELL__;', `const SHELL = ${JSON.stringify([...shell].sort())};`),
      );
      for (const name of Object.keys(bundle)) {
        if (!/\.(js|css|svg|json|html)$/.test(name)) continue;
        const file = path.join(dir, name);
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(fs.readFileSync(file), { level: 9 }));
      }
    },
  };
}

/**
 * antd-mobile's imperative Toast/Dialog/ActionSheet render through a function that defaults to the
 * ReactDOM.render React 19 removed; its guide says to call unstableSetRender at start. Doing that from
 * main.tsx put the module (and the legacy renderer with its regenerator helpers) on the home screen's
 * critical path, so the call is appended to antd-mobile's own module instead: it runs whenever, and only
 * when, a screen loads the imperative components. Used for the build and for dev's pre-bundling.
 */
function antdMobileReact19() {
  const file = /antd-mobile[\\/]es[\\/]utils[\\/]unstable-render\.js$/;
  return {
    name: 'pinyou-antd-mobile-react19',
    transform(code: string, id: string) {
      if (!file.test(id.split('?')[0])) return null;
      if (!code.includes('export function unstableSetRender')) throw new Error(`antd-mobile changed: no unstableSetRender in ${id}`);
      return `${code}
import { createRoot as pinyouCreateRoot } from 'react-dom/client';
unstableSetRender((node, container) => {
  container._pinyouRoot ??= pinyouCreateRoot(container);
  const root = container._pinyouRoot;
  root.render(node);
  return async () => {
    await new Promise((r) => setTimeout(r, 0));
    root.unmount();
  };
});
`;
    },
  };
}

/** The UI kit: antd-mobile and the libraries it brings (animation, gestures, hooks). */
const uiKit =
  /node_modules[\\/](antd-mobile|antd-mobile-icons|ahooks|lodash|@react-spring|@use-gesture|@floating-ui|classnames|rc-[^\\/]+|@babel[\\/]runtime|staged-components|react-is|dayjs|resize-observer-polyfill|runes2|tslib)[\\/]/;
const uiForms =
  /node_modules[\\/](rc-field-form|@floating-ui|antd-mobile[\\/]es[\\/]components[\\/](form|popover|error-block|picker|picker-view|cascader|cascader-view|date-picker|date-picker-view|calendar|calendar-picker|calendar-picker-view|text-area|stepper|steps|image-viewer|image-uploader|action-sheet|collapse|side-bar|check-list|virtual-input|number-keyboard|passcode-input|slider|rate|segmented|floating-panel|jumbo-tabs|capsule-tabs|index-bar|tree-select|dropdown|footer|water-mark|result-page|progress-bar|progress-circle))[\\/]/;
/** What the home screen's own chunk imports: kept out of the shared app-kit chunk, which it would pull onto home's path. */
const homePath =
  /src[\\/](lib[\\/](feedback|clipboard|contact-links|app-storage|storage|i18n|translation|pwa|antd-locale|nav|launch|config|session|precheck|version|a11y-fixes|query-client|storage-cipher)|components[\\/]contact-link)\.tsx?$|src[\\/]components[\\/]fields[\\/]fields\.css$/;

export default defineConfig({
  plugins: [lightCatalogue({ staffDomains: false }), antdMobileReact19(), react(), versionAndCompress()],
  optimizeDeps: { rolldownOptions: { plugins: [antdMobileReact19()] } },
  base: '/',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2020',
    chunkSizeWarningLimit: 600,
    manifest: true,
    // Browsers without <link rel=modulepreload> still load every chunk, only without the head start.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // What every screen needs anyway (with the app's strings lookup) travels as one chunk: one compression
        // window, one request. The query library's writes and endless lists are not needed by the first
        // screen: they load with the screens that use them.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              priority: 10,
              test: (id: string) =>
                (/node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|use-sync-external-store)[\\/]/.test(id) ||
                  /src[\\/]lib[\\/]translation\.ts$/.test(id)) &&
                !/@tanstack[\\/].*[\\/](mutationObserver|infiniteQueryObserver|useMutationState|useMutation|useInfiniteQuery)\.js$/.test(
                  id,
                ),
            },
            {
              // The antd-mobile basics the start (tab bar, navigation bar) needs stay on its path, apart from
              // the rest of the kit below.
              name: 'start-kit',
              includeDependenciesRecursively: false,
              priority: 7,
              tags: ['$initial'],
              test: uiKit,
            },
            {
              // Forms, pickers, popovers and illustrations (with the form engine and positioning they bring):
              // the lists and the checkout do not need them, so they are a chunk of their own.
              name: 'ui-forms',
              priority: 6,
              includeDependenciesRecursively: false,
              minShareCount: 3,
              test: uiForms,
            },
            {
              // Every other screen needs a dozen antd-mobile parts with their helpers (animation, gestures,
              // hooks): as one chunk they are one request instead of forty, and one preload link to add.
              name: 'ui-kit',
              includeDependenciesRecursively: false,
              priority: 5,
              minShareCount: 3,
              test: uiKit,
            },
            {
              // The same for the app's shared code (API client, contract rules and codes, lists, queries' APIs)
              // used by three screens or more; what the home screen imports stays on its own path.
              name: 'app-kit',
              includeDependenciesRecursively: false,
              priority: 4,
              minShareCount: 3,
              test: (id: string) =>
                /src[\\/](lib|components)[\\/]|packages[\\/]contract[\\/]|node_modules[\\/](zod|@noble)[\\/]|@tanstack[\\/].*[\\/](mutationObserver|infiniteQueryObserver|useMutation|useInfiniteQuery)\.js$|src[\\/]features[\\/][^\\/]+[\\/]api[\\/]/.test(
                  id,
                ) &&
                // Fields bring the form engine: they load with the screens that have forms.
                !/src[\\/]components[\\/]fields[\\/]/.test(id) &&
                !homePath.test(id) &&
                // The map (leaflet, 150 KB) only loads with the screens that draw one.
                !/src[\\/](lib[\\/](singapore-outline|location-pick)|components[\\/]drawn-map)\.tsx?$/.test(id),
            },
            {
              // antd-mobile's notice bar (later screens) and its sound icon (the home screen's notices, drawn
              // without the bar's script): left to itself it was merged with the antd-mobile basics every
              // screen needs, onto the first screen's path.
              name: 'notice-bar',
              priority: 9,
              includeDependenciesRecursively: false,
              test: /node_modules[\\/](antd-mobile[\\/]es[\\/]components[\\/]notice-bar|antd-mobile-icons[\\/]es[\\/]SoundOutline)/,
            },
            {
              // Shared by the notice bar and later screens' components: otherwise merged into the chunk of
              // antd-mobile basics the tab bar and navigation bar need, on the first screen's path.
              name: 'antd-later',
              priority: 8,
              includeDependenciesRecursively: false,
              test: /node_modules[\\/](antd-mobile-icons[\\/]es[\\/]CloseOutline|antd-mobile[\\/]es[\\/]utils[\\/]use-(mutation|resize)-effect|ahooks[\\/]es[\\/]useTimeout)/,
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
