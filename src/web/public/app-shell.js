// The app shell's variant for this address (index.html, decision 049): runs before the body is
// parsed, so the first paint is already the right one. Only the login pages and the customer's
// frame have one; any other address shows nothing until React draws it.
(() => {
  const path = location.pathname.replace(/\/+$/, '') || '/';
  const pages = [
    [/^\/user\/login$/, 'login', 'customer-login'],
    [/^\/maint\/login$/, 'login', 'admin-login'],
    [/^\/(order\/home)?$/, 'customer', 'order-home'],
    [/^\/order\/form\/[^/]+$/, 'customer', 'order-form'],
    [/^\/order\/history$/, 'customer', 'order-history'],
    [/^\/order\/history\/detail\/[^/]+$/, 'customer', 'order-detail'],
  ];
  const page = pages.find(([pattern]) => pattern.test(path));
  if (!page) return;
  document.documentElement.dataset.shell = page[1];
  document.documentElement.dataset.shellPage = page[2];
})();
