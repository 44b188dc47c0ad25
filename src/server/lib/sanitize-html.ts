import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';

// DOMPurify needs a DOM; on the server one jsdom window serves every call.
const purify = createDOMPurify(new JSDOM('').window);

purify.addHook('afterSanitizeAttributes', (node) => {
  // Links admins write open in a new tab without handing the page to the target.
  if (node.tagName === 'A' && node.getAttribute('target') === '_blank') {
    node.setAttribute('rel', 'noopener noreferrer');
  }
});

/**
 * HTML that staff write (footer, messages) is sanitized on save and again before it is
 * shown (design.md section 3): no scripts, event handlers, javascript: URLs, SVG or forms.
 */
export function sanitizeHtml(html: string): string {
  return purify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'svg', 'math'],
    FORBID_ATTR: ['style'],
    ALLOW_DATA_ATTR: false,
  });
}
