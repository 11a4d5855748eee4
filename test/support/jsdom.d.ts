/** The little of jsdom's API the tests use directly (vitest's jsdom environment needs no types); jsdom ships none. */
declare module 'jsdom' {
  export class JSDOM {
    constructor(html: string, options?: { runScripts?: 'outside-only' | 'dangerously' });
    readonly window: Window & { eval(source: string): unknown; close(): void };
  }
}
