import { Box, type BoxProps } from '@mantine/core';
import DOMPurify from 'dompurify';
import { useMemo } from 'react';

export interface SafeHtmlProps extends BoxProps {
  /** HTML written by an admin (footer, order messages). Sanitized again here (design.md section 3). */
  html: string | null | undefined;
  /** Element to render, `div` by default. */
  component?: 'div' | 'span' | 'section';
}

/** Links that open a new tab must not get a handle on this window. */
let hooked = false;
function ensureLinkHook() {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.getAttribute('target') === '_blank') {
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
}

/**
 * The server's sanitizer, for the pages it draws (issue 34): DOMPurify needs a DOM, and the server
 * has its own, with the same rules it applies when the HTML is saved (src/server/lib/sanitize-html.ts).
 */
let serverSanitize: ((html: string) => string) | undefined;

export function setServerSanitizer(sanitize: (html: string) => string) {
  serverSanitize = sanitize;
}

function sanitize(html: string): string {
  if (typeof window === 'undefined') {
    if (!serverSanitize) throw new Error('SafeHtml on the server needs setServerSanitizer');
    return serverSanitize(html);
  }
  ensureLinkHook();
  return DOMPurify.sanitize(html, { ADD_ATTR: ['target'] });
}

/** Renders admin-written HTML after DOMPurify; the only place the web app uses `dangerouslySetInnerHTML`. */
export function SafeHtml({ html, component = 'div', ...rest }: SafeHtmlProps) {
  const clean = useMemo(() => sanitize(html ?? ''), [html]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by DOMPurify just above.
  return <Box component={component} {...rest} dangerouslySetInnerHTML={{ __html: clean }} />;
}

/** Plain text of admin-written HTML, for titles and aria labels. */
export function htmlToText(html: string | null | undefined): string {
  const doc = new DOMParser().parseFromString(DOMPurify.sanitize(html ?? ''), 'text/html');
  return doc.body.textContent?.trim() ?? '';
}
