/*
 * Admin-written HTML (the order home's messages, the footer) as the shell's first paint draws it
 * before React: its text and simple formatting only.
 */

/** Admin-written HTML's elements the first paint keeps (without any attribute): its text's shape. */
const KEPT = new Set(['P', 'BR', 'STRONG', 'B', 'EM', 'I', 'U', 'SUB', 'SUP', 'UL', 'OL', 'LI', 'SPAN', 'A']);

/**
 * A copy of the message's text and its simple formatting: no attribute, no other element (a
 * link becomes its text). Parsed inert (DOMParser runs no script and loads nothing); React
 * draws the real text, sanitized by DOMPurify (SafeHtml), moments later.
 */
export function textShape(html: string): DocumentFragment {
  const source = new DOMParser().parseFromString(html, 'text/html').body;
  const copy = (from: Node, to: Node) => {
    for (const child of from.childNodes) {
      if (child.nodeType === Node.TEXT_NODE) to.appendChild(document.createTextNode(child.textContent ?? ''));
      else if (child instanceof Element) {
        if (!KEPT.has(child.tagName)) continue;
        const element = document.createElement(child.tagName === 'A' ? 'span' : child.tagName.toLowerCase());
        copy(child, element);
        to.appendChild(element);
      }
    }
  };
  const fragment = document.createDocumentFragment();
  copy(source, fragment);
  return fragment;
}
