import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { portalMachine } from '../../machines/index.ts';
import { renderMermaid, renderStatechartMarkdown, STATECHART_PATH } from '../../scripts/statechart.ts';

describe('docs/statechart.md', () => {
  it('is the diagram generated from the machine (run npm run docs:statechart when this fails)', () => {
    expect(readFileSync(STATECHART_PATH, 'utf8')).toBe(renderStatechartMarkdown());
  });

  it('names every screen with its route, and every guarded route decision', () => {
    const diagram = renderMermaid(portalMachine());
    for (const [key, node] of Object.entries(portalMachine().root.states)) {
      const meta = node.meta as { route: string };
      expect(diagram).toContain(`state "${key} (${meta.route},`);
    }
    expect(diagram).toContain('anyScreen --> exportPortal_loading : ROUTE.VISITED [route /loading and hasSourceToken]');
    expect(diagram).toContain('after emailDebounce');
    expect(diagram).toContain('done fetchMigrationStatus');
  });
});
