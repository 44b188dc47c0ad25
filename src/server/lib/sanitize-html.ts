import { createRequire } from 'node:module';
import createDOMPurify, { type DOMPurify } from 'dompurify';

// DOMPurify needs a DOM, and jsdom costs about 90 MB of memory: it is loaded at the first
// call (a staff save), not at start, so a server that only takes orders never pays for it.
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

/**
 * HTML that staff write (footer, messages) is sanitized when it is saved, and again in the
 * browser before it is shown (`SafeHtml`), design.md section 3: no scripts, event handlers,
 * javascript: URLs, SVG or forms. Customer-facing reads send what was saved.
 */
export function sanitizeHtml(html: string): string {
  return getPurify().sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'svg', 'math'],
    FORBID_ATTR: ['style'],
    ALLOW_DATA_ATTR: false,
  });
}
