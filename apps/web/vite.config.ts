import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const API_ORIGIN = process.env.VITE_API_ORIGIN ?? 'http://localhost:3000';

/** In development the API runs as its own process; these are the paths it serves besides the SPA. */
const proxied = ['/api', '/uploads', '/auth/verify-email', '/users/me/password'];

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    port: 5173,
    proxy: {
      ...Object.fromEntries(proxied.map((path) => [path, { target: API_ORIGIN, changeOrigin: true }])),
      '/socket.io': { target: API_ORIGIN, ws: true, changeOrigin: true },
    },
  },
  preview: { port: 4173 },
  build: { target: 'es2022', sourcemap: true },
});
