/**
 * Vite plugin: compiles the catalogs' messages at build time (decision 0033). In every catalog file
 * (contract/words/en/*.ts, and each language's contract/words/xx.ts) a string that is the value of an
 * object's property is an ICU message; it becomes Lingui's compiled form (an array), so the browser
 * never parses a message and never loads the compiler: contract/words/translate.ts formats the arrays
 * as they are. A message the formatter could not say (`#`, a number format) fails the build.
 */
import type { Plugin } from 'vite';
import { compileChecked } from '../../contract/words/compile.ts';

export const CATALOG_FILE = /\/contract\/words\/(?:en\/[a-z-]+|[a-z]{2})\.ts$/;

type Node = { type: string; start: number; end: number; [key: string]: unknown };
const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && 'type' in value;

/** Every property value that is a string literal, in source order. */
function messageLiterals(node: unknown, out: Node[] = []): Node[] {
  if (Array.isArray(node)) {
    for (const child of node) messageLiterals(child, out);
  } else if (isNode(node)) {
    const value = node.value;
    if (node.type === 'Property' && isNode(value) && value.type === 'Literal' && typeof value.value === 'string') out.push(value);
    else for (const key of Object.keys(node)) if (key !== 'type') messageLiterals(node[key], out);
  }
  return out;
}

/** The code with each message literal replaced by its compiled form. */
export function compileCatalogCode(code: string, literals: readonly Node[]): string {
  let result = '';
  let at = 0;
  for (const literal of literals) {
    result += code.slice(at, literal.start) + JSON.stringify(compileChecked(literal.value as string));
    at = literal.end;
  }
  return result + code.slice(at);
}

export function compileWords(): Plugin {
  return {
    name: 'compile-words',
    enforce: 'post',
    transform(code, id) {
      if (!CATALOG_FILE.test(id.split('?')[0] ?? '')) return null;
      return { code: compileCatalogCode(code, messageLiterals(this.parse(code))), map: null };
    },
  };
}
