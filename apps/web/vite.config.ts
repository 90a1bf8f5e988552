import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

// `react-router dev` serves the pages; the browser's /api and socket.io calls go to the API process.
const apiOrigin = process.env.API_ORIGIN ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [reactRouter()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiOrigin, changeOrigin: false },
      '/socket.io': { target: apiOrigin, ws: true },
    },
  },
  ssr: {
    // The contract package is TypeScript source: let Vite compile it into the server build.
    noExternal: ['@fanstage/contract'],
  },
});
