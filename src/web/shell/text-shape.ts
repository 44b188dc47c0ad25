/*
 * Admin-written HTML (the order home's messages, the footer) as the shell's first paint draws it
 * before React: its text and simple formatting only.
 */

/** Admin-written HTML's elements the first paint keeps (without any attribute): its text's shape. */
const KEPT = new Set(['P', 'BR', 'STRONG', 'B', 'EM', 'I', 'U', 'SUB', 'SUP', 'UL', 'OL', 'LI', 'SPAN', 'A']);

/** The links the first paint keeps as links: the web, mail and the phone (the footer's "write to"). */
const LINK = /^(https?:|mailto:|tel:)/i;

/**
 * A copy of the message's text and its simple formatting: no other element, no attribute but a
 * link's address when it is a web, mail or phone one (any other link becomes its text). Parsed
 * inert (DOMParser runs no script and loads nothing), and built anew element by element; React
 * draws the real text, sanitized by DOMPurify (SafeHtml), moments later.
 */
export function textShape(html: string): DocumentFragment {
  const source = new DOMParser().parseFromString(html, 'text/html').body;
  const copy = (from: Node, to: Node) => {
    for (const child of from.childNodes) {
      if (child.nodeType === Node.TEXT_NODE) to.appendChild(document.createTextNode(child.textContent ?? ''));
      else if (child instanceof Element) {
        if (!KEPT.has(child.tagName)) continue;
        const href = child.tagName === 'A' ? (child.getAttribute('href') ?? '').trim() : '';
        const link = LINK.test(href);
        const element = document.createElement(
          child.tagName === 'A' ? (link ? 'a' : 'span') : child.tagName.toLowerCase(),
        );
        if (link) {
          element.setAttribute('href', href);
          // As SafeHtml keeps it: a new tab, without a way back to this page.
          if (child.getAttribute('target') === '_blank') {
            element.setAttribute('target', '_blank');
            element.setAttribute('rel', 'noopener noreferrer');
          }
        }
        copy(child, element);
        to.appendChild(element);
      }
    }
  };
  const fragment = document.createDocumentFragment();
  copy(source, fragment);
  return fragment;
}
