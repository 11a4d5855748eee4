/**
 * The service's Node request listener (decision 0036). A GET of a prerendered page's exact route
 * (`/`, `/status?migration_id=…`) is answered here, before the framework: the page is the same bytes
 * for every visitor, so its answer is one `writeHead` with the head made once per build (its CSP,
 * the security headers, its length; server/http/pages.ts) and only the XSRF cookie added, then one
 * `end`. Through Hono the same answer cost about twice as much CPU (docs/performance.md): its request
 * and context objects, the middleware chain and its promises, the Response and its conversion back
 * to Node's head. Everything else, and any page route the framework has a route or middleware of its
 * own for, goes to the framework's listener.
 *
 * What the framework's middlewares give every answer, a page answered here gets too: the security
 * headers (in its head), the request log line and the metrics (the same observers, with the route
 * pattern the framework's catch-all reports), and in development the Host allow-list (a Host it
 * refuses goes to the framework, which answers 403).
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { Hono } from 'hono';
import type { RequestObserver } from './observe-requests.ts';
import type { Pages } from './pages.ts';

/** The route pattern Hono reports for `app.get('*', …)`, where the framework serves the pages. */
export const PAGES_ROUTE_PATTERN = '/*';

export type PageListenerOptions = {
  pages: Pick<Pages, 'answerOnNode'>;
  /** The app whose catch-all serves the pages: a page route any other route or middleware of it matches is left to it. */
  app: Hono;
  observers: readonly RequestObserver[];
  /** In development, whether a Host header names a host the service answers (server/http/host-allow-list.ts). */
  allowsHost: ((authority: string) => boolean) | null;
};

export function pagesFirst(options: PageListenerOptions, framework: RequestListener): RequestListener {
  const { pages, app, observers, allowsHost } = options;
  /** Per page route, whether only the app's catch-all and its global middlewares (all `/*`) match it: the same handful of routes for as long as the process runs. */
  const onlyCatchAll = new Map<string, boolean>();
  const mayAnswer = (route: string) => {
    let verdict = onlyCatchAll.get(route);
    if (verdict === undefined) {
      verdict = app.router.match('GET', route)[0].every(([[, matched]]) => matched.path === PAGES_ROUTE_PATTERN);
      onlyCatchAll.set(route, verdict);
    }
    return verdict;
  };

  return (request: IncomingMessage, response: ServerResponse) => {
    const url = request.url ?? '';
    if (request.method !== 'GET' || url.charCodeAt(0) !== 47 /* / */ || (allowsHost && !allowsHost(request.headers.host ?? ''))) {
      return framework(request, response);
    }
    const started = performance.now();
    const query = url.indexOf('?');
    const path = query < 0 ? url : url.slice(0, query);
    let onNode: boolean;
    try {
      onNode = pages.answerOnNode(path, request, response, mayAnswer);
    } catch (error) {
      // The build could not be read, say. Not thrown out of the listener, which would end the process:
      // the framework answers (a 500 through its error handler, logged) unless this answer had begun.
      if (response.headersSent) return void response.destroy(error as Error);
      onNode = false;
    }
    if (!onNode) return framework(request, response);
    const ms = performance.now() - started;
    const answered = { method: 'GET', path, status: 200, route: PAGES_ROUTE_PATTERN };
    for (const observe of observers) observe(answered, ms);
  };
}
