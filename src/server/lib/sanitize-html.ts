import { createRequire } from 'node:module';
import createDOMPurify, { type DOMPurify } from 'dompurify';

// DOMPurify needs a DOM, and jsdom is large in memory (bench/notes/idle-memory.md): it is loaded at the first
// call, not at start, so a process that only takes orders and imports never pays for it.
const require = createRequire(import.meta.url);
let purify: DOMPurify | undefined;

function getPurify(): DOMPurify {
  if (purify) return purify;
  const { JSDOM } = require('jsdom') as typeof import('jsdom');
  const instance = createDOMPurify(new JSDOM('').window as unknown as Window & typeof globalThis);
  instance.addHook('afterSanitizeAttributes', (node) => {
    // Links staff write open in a new tab without handing the page to the target.
    if (node.tagName === 'A' && node.getAttribute('target') === '_blank') {
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
  purify = instance;
  return instance;
}

// The footer and messages are read on every customer screen and change rarely: each distinct
// text is sanitized once, not once per request.
const cache = new Map<string, string>();
const CACHE_MAX = 500;

/**
 * HTML that staff write (footer, messages) is sanitized when it is saved, again when the
 * server sends it, and again in the browser before it is shown (`SafeHtml`), design.md
 * section 3: no scripts, event handlers, javascript: URLs, SVG or forms.
 */
export function sanitizeHtml(html: string): string {
  if (html === '') return '';
  const hit = cache.get(html);
  if (hit !== undefined) return hit;
  const clean = getPurify().sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'svg', 'math'],
    FORBID_ATTR: ['style'],
    ALLOW_DATA_ATTR: false,
  });
  if (cache.size >= CACHE_MAX) cache.clear();
  cache.set(html, clean);
  return clean;
}
