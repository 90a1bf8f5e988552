import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

// `react-router dev` serves the pages; the browser's /api and socket.io calls go to the API process.
const apiOrigin = process.env.API_ORIGIN ?? 'http://localhost:8080';

const nodeModule = (names: string) => new RegExp(`[\\\\/]node_modules[\\\\/](${names})[\\\\/]`);

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [reactRouter()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiOrigin, changeOrigin: false },
      '/socket.io': { target: apiOrigin, ws: true },
    },
  },
  build: isSsrBuild
    ? {}
    : {
        rolldownOptions: {
          output: {
            // Fewer requests for the browser (scripts/web-budgets.mjs counts them): every page loads React
            // and the router, so they come as one file; the icons come as one file too instead of a
            // chunk per icon (each is a few hundred bytes, together they compress well).
            codeSplitting: {
              groups: [
                { name: 'framework', test: nodeModule('react|react-dom|scheduler|react-router') },
                { name: 'icons', test: nodeModule('@tabler[\\\\/]icons-react') },
              ],
            },
          },
        },
      },
  ssr: {
    // The contract package is TypeScript source: let Vite compile it into the server build.
    noExternal: ['@fanstage/contract'],
  },
}));
