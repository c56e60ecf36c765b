/* global self, caches, __SHELL__ */
/* Pinyou service worker (generated at build by vite.config.ts from src/sw-template.js).
 * - The app shell (index.html, the entry chunks, core strings, icons) is cached at install, so the app
 *   opens offline; hashed assets are cache-first (their name changes when they do).
 * - Navigations are network-first: online, the newest index.html always wins; offline, the cached one.
 * - API calls, uploads and version.json are never cached: a stale answer must never look fresh.
 * - A new worker waits until the page asks it to take over (the "update available" prompt).
 */
const VERSION = '__VERSION__';
const SHELL = __SHELL__;
const CACHE = `pinyou-shell-${VERSION}`;

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((c) => c.addAll(SHELL)));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('pinyou-shell-') && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('message', (event) => {
  if (event.data === 'skip-waiting') self.skipWaiting();
});

const neverCache = (url) =>
  url.pathname.startsWith('/api/') ||
  url.pathname.startsWith('/uploads/') ||
  url.pathname.startsWith('/terminal') ||
  url.pathname === '/version.json';

self.addEventListener('fetch', (event) => {
  const req = event.request;
  if (req.method !== 'GET') return;
  const url = new URL(req.url);
  if (url.origin !== self.location.origin || neverCache(url)) return;
  if (req.mode === 'navigate') {
    event.respondWith(
      fetch(req)
        .then((res) => {
          const copy = res.clone();
          if (res.ok) void caches.open(CACHE).then((c) => c.put('/index.html', copy));
          return res;
        })
        .catch(() => caches.match('/index.html').then((r) => r || Response.error())),
    );
    return;
  }
  if (url.pathname.startsWith('/assets/') || SHELL.includes(url.pathname)) {
    event.respondWith(
      caches.match(req).then(
        (hit) =>
          hit ||
          fetch(req).then((res) => {
            if (res.ok && url.pathname.startsWith('/assets/')) {
              const copy = res.clone();
              void caches.open(CACHE).then((c) => c.put(req, copy));
            }
            return res;
          }),
      ),
    );
  }
});
