import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

const apiTarget = process.env.API_URL ?? 'http://localhost:8080';

/**
 * @ionic/core declares no `sideEffects`, so every component would be bundled. Its
 * component modules and @ionic/react's have none besides their CSS: telling Rolldown
 * so keeps only the components the app uses (about half the login route's JS).
 */
function ionicModuleSideEffects(id: string): boolean | undefined {
  if (id.endsWith('.css')) return true;
  if (/node_modules[\\/]@ionic[\\/](core[\\/]components|react[\\/])/.test(id)) return false;
  return undefined;
}

/**
 * Writes .br and .gz beside each text asset so the server sends them compressed without
 * compressing on every request. The service worker is left alone: it must be byte-exact
 * what the browser compares to detect an update.
 */
function precompress(): Plugin {
  let outDir = path.resolve('dist');
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        const visit = (dir: string) => {
          for (const name of readdirSync(dir)) {
            const file = path.join(dir, name);
            if (statSync(file).isDirectory()) visit(file);
            else if (/\.(js|css|html|svg|json|webmanifest)$/.test(name) && name !== 'sw.js' && statSync(file).size > 1024) {
              const content = readFileSync(file);
              writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
              writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
            }
          }
        };
        visit(outDir);
      },
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      // The server serves the manifest: its name, colour and icons depend on the deployment.
      manifest: false,
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        navigateFallback: '/index.html',
        globIgnores: ['**/*.br', '**/*.gz'],
        navigateFallbackDenylist: [/^\/api\//, /^\/files\//, /^\/healthz/, /^\/manifest\.webmanifest/, /^\/seguimiento\//],
        cleanupOutdatedCaches: true,
        // Web Push: showing a notice and opening it (public/push-sw.js).
        importScripts: ['/push-sw.js'],
        clientsClaim: false,
        skipWaiting: false,
      },
    }),
    precompress(),
  ],
  build: {
    target: 'es2022',
    // The shared shell chunk (Ionic, router, query cache) is ~640 KB raw, ~145 KB gzip;
    // bench/bundle-size.mjs tracks the real budgets.
    chunkSizeWarningLimit: 700,
    sourcemap: false,
    // The page's own chunks are preloaded from index.html; a lazy screen's are not: inserting a
    // <link rel="modulepreload"> per dependency (20–50 a screen) cost 100–160 ms of main thread
    // per screen opened (bench:lighthouse, CPU calibrated), while the service worker serves the
    // chunks its imports then ask for from the device.
    modulePreload: { polyfill: false, resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []) },
    rolldownOptions: {
      treeshake: { moduleSideEffects: ionicModuleSideEffects },
    },
  },
  server: {
    proxy: {
      '/api': apiTarget,
      '/files': apiTarget,
      '/manifest.webmanifest': apiTarget,
      '/healthz': apiTarget,
    },
  },
});
