import { defineConfig } from 'vite';
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
        navigateFallbackDenylist: [/^\/api\//, /^\/files\//, /^\/healthz/, /^\/manifest\.webmanifest/],
        cleanupOutdatedCaches: true,
        clientsClaim: false,
        skipWaiting: false,
      },
    }),
  ],
  build: {
    target: 'es2022',
    sourcemap: false,
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
