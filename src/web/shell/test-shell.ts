import indexHtml from '../index.html?raw';

/** index.html's shell in the page, as app-shell.js shows it on a customer's `page` (tests only). */
export function openShell(page: 'order-home' | 'order-form'): HTMLElement {
  document.documentElement.dataset.shell = 'customer';
  document.documentElement.dataset.shellPage = page;
  const shell = new DOMParser().parseFromString(indexHtml, 'text/html').getElementById('app-shell');
  if (!shell) throw new Error('index.html has no shell');
  document.body.prepend(shell);
  return shell;
}
