/**
 * Writes docs/statechart.md: a Mermaid stateDiagram-v2 generated from the machine definition, so the
 * diagram cannot drift from the code. `npm run docs:statechart` writes it; `--check` exits 1 when the
 * committed file is stale (test/machines/statechart.test.ts does the same check).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';
import { portalMachine } from '../machines/index.ts';

export const STATECHART_PATH = fileURLToPath(new URL('../docs/statechart.md', import.meta.url));

const mermaidId = (node: AnyStateNode): string => node.id.replace(/\./g, '_');

/** A readable guard: its name, routeIs with its path, and/or/not spelled out. */
const describeGuard = (guard: unknown): string => {
  if (!guard) return '';
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    const combinator = guard as { name?: string; guards?: unknown[] };
    const parts = (combinator.guards ?? []).map(describeGuard);
    if (combinator.name === 'not') return `not ${parts[0] ?? '?'}`;
    return parts.join(combinator.name === 'or' ? ' or ' : ' and ');
  }
  if (typeof guard === 'object' && 'type' in guard) {
    const { type, params } = guard as { type: string; params?: unknown };
    if (type === 'routeIs' && params && typeof params === 'object' && 'path' in params) return `route ${String(params.path)}`;
    return type;
  }
  return '?';
};

/** XState's internal event names made short: done/error of an actor, after a named delay. */
const describeEvent = (eventType: string): string => {
  const done = /^xstate\.done\.actor\.(.+)$/.exec(eventType);
  if (done) return `done ${done[1]}`;
  const error = /^xstate\.error\.actor\.(.+)$/.exec(eventType);
  if (error) return `error ${error[1]}`;
  const after = /^xstate\.after\.([^.]+)\./.exec(eventType);
  if (after) return `after ${after[1]}`;
  return eventType;
};

const label = (eventType: string, t: AnyTransitionDefinition): string => {
  const guard = describeGuard(t.guard);
  // Mermaid ends a label at ';' and reads '#' as an entity: neither appears in our names, but be safe.
  return `${describeEvent(eventType)}${guard ? ` [${guard}]` : ''}`.replace(/[;#]/g, ' ');
};

const edgesOf = (node: AnyStateNode, from: string): string[] => {
  const lines: string[] = [];
  const add = (eventType: string, t: AnyTransitionDefinition) => {
    const targets = t.target ?? [];
    if (targets.length === 0) lines.push(`${from} --> ${from} : ${label(eventType, t)}`);
    for (const target of targets) lines.push(`${from} --> ${mermaidId(target)} : ${label(eventType, t)}`);
  };
  for (const [eventType, definitions] of node.transitions) for (const t of definitions) add(eventType, t);
  for (const t of node.always ?? []) add('always', t);
  return lines;
};

const renderNode = (node: AnyStateNode, indent: string): string[] => {
  const id = mermaidId(node);
  const children = Object.values(node.states);
  const meta = node.meta as { route?: string; step?: number } | undefined;
  const title = meta?.route ? `${node.key} (${meta.route}, step ${meta.step ?? '?'})` : node.key;
  if (children.length === 0) return [`${indent}state "${title}" as ${id}`];
  const lines = [`${indent}state "${title}" as ${id} {`];
  const initial = node.initial?.target?.[0];
  if (initial) lines.push(`${indent}  [*] --> ${mermaidId(initial)}`);
  for (const child of children) lines.push(...renderNode(child, `${indent}  `));
  lines.push(`${indent}}`);
  return lines;
};

const allNodes = (node: AnyStateNode): AnyStateNode[] => Object.values(node.states).flatMap((child) => [child, ...allNodes(child)]);

export const renderMermaid = (machine: AnyStateMachine): string => {
  const root = machine.root;
  const lines = ['stateDiagram-v2'];
  const initial = root.initial?.target?.[0];
  if (initial) lines.push(`  [*] --> ${mermaidId(initial)}`);
  // Root transitions (ROUTE.VISITED, START_OVER) can fire from any screen.
  lines.push('  state "any screen" as anyScreen');
  for (const child of Object.values(root.states)) lines.push(...renderNode(child, '  '));
  for (const line of edgesOf(root, 'anyScreen')) lines.push(`  ${line}`);
  for (const node of allNodes(root)) for (const line of edgesOf(node, mermaidId(node))) lines.push(`  ${line}`);
  return lines.join('\n');
};

export const renderStatechartMarkdown = (): string =>
  [
    '# The portal statechart',
    '',
    'Generated from `machines/machine.ts` by `npm run docs:statechart` (scripts/statechart.ts); do not edit.',
    'A test fails when this file is stale. Screens show their route and step; `any screen` stands for',
    'the root transitions (`ROUTE.VISITED`, `START_OVER.REQUESTED`), which fire from every screen.',
    '',
    '```mermaid',
    renderMermaid(portalMachine()),
    '```',
    '',
  ].join('\n');

const isMain = process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1];
if (isMain) {
  const rendered = renderStatechartMarkdown();
  if (process.argv.includes('--check')) {
    let current = '';
    try {
      current = readFileSync(STATECHART_PATH, 'utf8');
    } catch {
      // A missing file is stale too.
    }
    if (current !== rendered) {
      console.error('docs/statechart.md is stale: run npm run docs:statechart');
      process.exit(1);
    }
  } else {
    writeFileSync(STATECHART_PATH, rendered);
    console.log(`wrote ${STATECHART_PATH}`);
  }
}
