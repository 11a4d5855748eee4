/**
 * Runs a callback once the page has been painted (the browser's first-contentful-paint entry). A
 * page that cannot report its paint, or will not paint soon (a hidden tab), runs it at once or after
 * a short wait instead, so the page is never left without its script.
 */
const LONGEST_WAIT_MS = 500;

export function afterFirstPaint(callback: () => void): void {
  const reportsPaint = typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes.includes('paint');
  if (!reportsPaint || document.visibilityState === 'hidden') {
    callback();
    return;
  }
  let done = false;
  const observer = new PerformanceObserver((entries) => {
    if (entries.getEntriesByName('first-contentful-paint').length > 0) run();
  });
  const timer = setTimeout(() => run(), LONGEST_WAIT_MS);
  function run() {
    if (done) return;
    done = true;
    observer.disconnect();
    clearTimeout(timer);
    callback();
  }
  observer.observe({ type: 'paint', buffered: true });
}
