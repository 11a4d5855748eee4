/**
 * `npm run dev` only: Vite's dev server, not the service, answers the page there, so it gives the page
 * the XSRF cookie the service gives its own page answers (server/http/xsrf.ts); the session client's
 * calls, forwarded to the service, then echo it as they do in production.
 */
import type { Plugin } from 'vite';
import { XSRF_COOKIE, newXsrfToken } from '../../server/http/xsrf.ts';

export function devXsrfCookie(): Plugin {
  return {
    name: 'portal-dev-xsrf-cookie',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const isPage = request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');
        if (isPage && !(request.headers.cookie ?? '').includes(`${XSRF_COOKIE}=`)) {
          response.setHeader('Set-Cookie', `${XSRF_COOKIE}=${newXsrfToken()}; Path=/; SameSite=Strict`);
        }
        next();
      });
    },
  };
}
