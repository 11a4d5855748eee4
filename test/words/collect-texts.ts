/**
 * Collects the texts people read from our source, by parsing it with the TypeScript compiler (not
 * by rendering): every screen state, mail outcome and dev page would need its own fixture to be
 * rendered, while the parser sees every literal whether or not a test reaches it. What counts:
 *
 * - JSX: the text of an element with its inline children (`<strong>`, `{value}`) read as one
 *   sentence, and the attributes people read (aria-label, title, placeholder, alt, label…);
 * - string and template literals (html`…` included, split at its block tags), except those code
 *   reads: module names, CSS and SQL templates, logger and `new Error(…)` messages, class names.
 *
 * A `${value}` or `{value}` is read as one short word ("name"). Only texts of MIN_WORDS words or more
 * count: shorter ones are labels and names, where a grade level says nothing.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { readMessage } from './read-message.ts';

export const MIN_WORDS = 5;
const PLACEHOLDER = 'name';

export type CollectedText = { file: string; line: number; text: string };

/** JSX attributes whose value a person reads or hears. */
const READ_ATTRIBUTES = new Set(['aria-label', 'title', 'placeholder', 'alt', 'label', 'lead', 'hint', 'description', 'closeLabel']);
/** Template tags whose body is code, not words. */
const CODE_TAGS = new Set(['css', 'sql', 'keyframes', 'injectGlobal']);
/** Calls whose string arguments only developers read. */
const CODE_CALLEES = /^(?:console|log|logger|this\.log|assert)\b|\.(?:debug|trace|info|warn|error|fatal)$|^(?:require|import)$/;
/** Inline HTML tags: their text belongs to the sentence around them. */
const INLINE_TAG = /<\/?(?:strong|em|b|i|a|span|code|abbr|small)\b[^>]*>/gi;

const words = (text: string) => text.split(/\s+/).filter((t) => /[A-Za-z]/.test(t)).length;
/**
 * Prose has the small words of English; CSS selectors, font lists and policies (also strings of
 * several words) have none of them.
 */
const FUNCTION_WORDS = /\b(?:the|a|an|to|you|your|we|our|is|are|was|be|and|or|of|in|on|for|it|this|that|can|not|no|with|from|as|at|by)\b/i;
/** Selectors and lists of names are mostly tokens no sentence has (`a[href],`, `'Segoe`). */
const mostlyWords = (text: string) => {
  const tokens = text.split(/\s+/).filter(Boolean);
  return tokens.filter((t) => /^[("“‘]?[A-Za-z0-9][\w'’@./-]*[,.;:!?)"”’…]*$/.test(t)).length > tokens.length * 0.6;
};
const isProse = (text: string) => words(text) >= MIN_WORDS && FUNCTION_WORDS.test(text) && mostlyWords(text);
const tidy = (text: string) =>
  text
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/[ \t]+/g, ' ')
    .replace(/\s*\n\s*/g, '\n')
    .trim();

/** Splits a text that may hold HTML at its block tags; inline tags are dropped in place. */
function htmlChunks(text: string): string[] {
  if (!/<[a-z/!][^>]*>/i.test(text)) return [tidy(text)];
  return text
    .replace(INLINE_TAG, '')
    .split(/<[^>]*>/)
    .map(tidy);
}

/** The text of a literal, with each substitution read as a placeholder word. */
function literalText(node: ts.StringLiteral | ts.NoSubstitutionTemplateLiteral | ts.TemplateExpression): string {
  // A catalog's message (contract/words/): its `{value}` placeholders read as a word too.
  if (!ts.isTemplateExpression(node))
    return /\{\w+, *(?:select|plural),/.test(node.text)
      ? readMessage(node.text, PLACEHOLDER)
      : node.text.replace(/\{[A-Za-z]\w*\}/g, PLACEHOLDER);
  // After a full stop the value starts a sentence of its own; elsewhere it is a word in a sentence.
  let text = node.head.text;
  for (const span of node.templateSpans) text += `${/[.!?]$/.test(text) ? ' ' : ''}${PLACEHOLDER}${span.literal.text}`;
  return text;
}

/** Whether a literal is read by code rather than people, from where it stands. */
function isCode(node: ts.Node): boolean {
  const parent = node.parent;
  if (ts.isImportDeclaration(parent) || ts.isExportDeclaration(parent) || ts.isExternalModuleReference(parent)) return true;
  if (ts.isLiteralTypeNode(parent)) return true;
  if (ts.isPropertyAssignment(parent) && parent.name === node) return true;
  if (ts.isElementAccessExpression(parent)) return true;
  if (ts.isTaggedTemplateExpression(parent)) return CODE_TAGS.has(parent.tag.getText());
  if (ts.isNewExpression(parent) && /Error$/.test(parent.expression.getText())) return true;
  if (ts.isCallExpression(parent) && parent.expression !== node && CODE_CALLEES.test(parent.expression.getText())) return true;
  if (ts.isJsxAttribute(parent) || (ts.isJsxExpression(parent) && ts.isJsxAttribute(parent.parent))) {
    const attribute = ts.isJsxAttribute(parent) ? parent : (parent.parent as ts.JsxAttribute);
    return !READ_ATTRIBUTES.has(attribute.name.getText());
  }
  return false;
}

/** The text of a JSX element as it reads: its text, inline children and `{…}` values in order. */
function jsxText(element: ts.JsxElement | ts.JsxFragment): string {
  return element.children
    .map((child) => {
      if (ts.isJsxText(child)) return child.text;
      if (ts.isJsxExpression(child)) {
        if (!child.expression) return '';
        if (ts.isStringLiteral(child.expression)) return child.expression.text;
        return ` ${PLACEHOLDER} `;
      }
      if (ts.isJsxElement(child) || ts.isJsxFragment(child)) return jsxText(child);
      return '';
    })
    .join('');
}

const hasOwnText = (element: ts.JsxElement | ts.JsxFragment) =>
  element.children.some((child) => ts.isJsxText(child) && /[A-Za-z]/.test(child.text));

/** The texts of one source file. */
export function collectFromSource(file: string, source: string): CollectedText[] {
  const sourceFile = ts.createSourceFile(
    file,
    source,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const out: CollectedText[] = [];
  const add = (node: ts.Node, text: string) => {
    for (const chunk of htmlChunks(text)) {
      if (isProse(chunk)) out.push({ file, line: sourceFile.getLineAndCharacterOfPosition(node.getStart()).line + 1, text: chunk });
    }
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxElement(node) || ts.isJsxFragment(node)) {
      // An element with words of its own is read as one text, inline children included; the
      // element around it (if it has no words of its own) is only a container.
      if (hasOwnText(node)) {
        add(node, jsxText(node));
        return;
      }
    } else if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node)) {
      if (!isCode(node)) add(node, literalText(node));
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return out;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The texts of every source file under the given folders (paths in the answer are relative to root). */
export function collectTexts(root: string, folders: readonly string[]): CollectedText[] {
  return folders.flatMap((folder) =>
    sourceFiles(join(root, folder)).flatMap((path) => collectFromSource(relative(root, path), readFileSync(path, 'utf8'))),
  );
}
