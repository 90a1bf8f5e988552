import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [reactRouter()],
  server: { port: 5173 },
  ssr: {
    // The contract package is TypeScript source: let Vite compile it into the server build.
    noExternal: ['@fanstage/contract'],
  },
});
